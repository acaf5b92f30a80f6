"""The demo's project wiki: the ops runbook the User Story links as a "Wiki page" artifact link and the pull
request's description cites by its address; written as wiki pages are ([[_TOC_]], a Mermaid diagram, an
attachment)."""

from __future__ import annotations

from urllib.parse import quote

from .ado import FakeAzureDevOps
from .ado_state import Project, stable_guid

WIKI_NAME = "Fabrikam-Fiber.wiki"
RUNBOOK_ID = 7
RUNBOOK_PATH = "/Runbooks/Ledger reconciliation"
RUNBOOK = """[[_TOC_]]

When the alert `ledger-mismatch` fires: the day's redemptions in the ledger export differ from the \
provider's settlement by more than €5.

## Steps

1. Export the day's redemptions from the provider portal.
2. Compare each order's redeemed amount with its ledger line: both match to the cent.
3. Post the difference to account 4790 and open a Bug linked to the alert.

## Known causes

- A one-cent difference on a discounted order: checkout rounded each line before summing. Checkout now rounds \
the order total once with `round_once` (ROUND_HALF_EVEN), as the ledger export does.
- A split payment listed once: the export lists the gift card and the second tender as two lines of the order.

::: mermaid
graph LR
  Provider-->Ledger
  Ledger-->Finance
:::

![Reconciliation sheet](/.attachments/reconciliation-sheet-3f2a.png)
"""


def wiki_id(project: Project) -> str:
    return stable_guid("wiki", project.id, WIKI_NAME)


def runbook_url(base_url: str, project: Project) -> str:
    """The runbook's address in the web UI, as a person copies it."""
    return f"{base_url}/{quote(project.name)}/_wiki/wikis/{WIKI_NAME}/{RUNBOOK_ID}/Ledger-reconciliation"


def runbook_artifact(project: Project) -> str:
    """The work item's "Wiki page" link to it: vstfs:///Wiki/WikiPage/{projectId}%2F{wikiId}%2F{path}."""
    return "vstfs:///Wiki/WikiPage/" + "%2F".join(
        quote(part, safe="") for part in (project.id, wiki_id(project), *RUNBOOK_PATH.strip("/").split("/"))
    )


def seed_wiki(ado: FakeAzureDevOps, project: Project) -> None:
    wiki = ado.wikis.add_wiki(project, WIKI_NAME, id=wiki_id(project))
    ado.wikis.add_page(wiki, RUNBOOK_PATH, RUNBOOK, page_id=RUNBOOK_ID)
