"""Wiki pages end to end, in process: the real SDK's wiki client against the sandbox, through gather, summarize
and render (app.run, a dry run). Each URL form, the work item's "Wiki page" link, dedupe, the audience, and a
page the build identity may not read. The CLI runs, the PR's description and bad input: test_wiki_end_to_end.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

import pytest

from doc_context.app import Options, run
from doc_context.defaults import MAX_PAGES
from doc_context.gather import Sources
from doc_context.models import Notice, Outcome, PullRequestRef
from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_access import request_token
from doc_context.sandbox.ado_state import Project
from doc_context.sandbox.ado_wiki import Wiki
from doc_context.sandbox.ado_workitems import relation, work_item
from doc_context.sources import ado
from doc_context.sources.ado_transport import token_auth
from doc_context.sources.wiki.pages import WikiPages, connect_client
from doc_context.summary.audience import Audience

PAGE = "Split tender"
TEXT = "A split payment charges the gift card first, then the card for the rest."
STORY = 7101


@dataclass
class Org:
    sandbox: Sandbox
    project: Project
    wiki: Wiki
    code_wiki: Wiki
    page_id: int

    def wiki_requests(self) -> list[str]:
        return [r.target for r in self.sandbox.ado.requests(path_regex=r"/_apis/wiki/")]

    def cite(self, *links: str, artifact: str = "") -> None:
        """A User Story linked to the PR, citing the links in its description (and the artifact link)."""
        html = "".join(f'<div>Design: <a href="{u}">{u}</a></div>' for u in links)
        relations = [relation("ArtifactLink", artifact, name="Wiki Page")] if artifact else []
        self.sandbox.ado.add_work_item(
            work_item(STORY, "User Story", "Split tender", fields={"System.Description": html}, relations=relations)
        )
        self.sandbox.ado.link_work_items(self.sandbox.info.pr_id, STORY)

    def run(self, org_url: str = "", audience: Audience | None = None, max_pages: int = MAX_PAGES) -> Outcome:
        """A dry run; `org_url`: the organization the links are matched against (the SDK still asks the sandbox)."""
        info = self.sandbox.info
        gateway = ado.connect(info.org_url, token_auth(info.token), timeout=10, user_agent="test")
        wiki = WikiPages(lambda: connect_client(gateway.connection, timeout=10), org_url or info.org_url)
        audience = audience or Audience()
        named = audience.named_projects  # as gateways.wire does: their ids are asked in the first wave
        known = (lambda: gateway.project_ids(named)) if named else None
        sources = Sources(gateway, (wiki,), max_pages, audience=audience, read_threads=False, project_ids=known)
        pr = PullRequestRef(info.org_url, info.project_name, info.repo_name, info.pr_id)
        return run(sources, None, pr, Options("wiki", dry_run=True))


@pytest.fixture
def org(sandbox: Sandbox) -> Org:
    project = Project(sandbox.info.project_id, sandbox.info.project_name)
    wiki = next(w for w in sandbox.ado.wikis._wikis.values() if w.project == project)
    code = sandbox.ado.wikis.add_wiki(project, "storefront-docs", code=True, versions=("main", "release"))
    page_id = sandbox.ado.wikis.add_page(wiki, f"/Payments/{PAGE}", f"{TEXT}\n\n## Steps\n\n1. Hold.", page_id=412)
    sandbox.ado.wikis.add_page(code, "/README", "The storefront's docs, on main.", page_id=500, version="main")
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    pr.description, pr.work_item_ids[:] = "No links.", []  # each test links what it cites
    return Org(sandbox, project, wiki, code, page_id)


W = "{org}/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki"
SERVICES = "https://dev.azure.com/fabrikam"
FORMS = {
    # (the organization as the run knows it, the link) -> the request the sandbox must see
    "server collection path, id": ("", W + "/412/Split-tender", "/pages/412?"),
    "id, no slug": ("", W + "/412", "/pages/412?"),
    "pagePath": ("", W + "?pagePath=/Payments/Split%20tender", "path=%2FPayments%2FSplit%20tender"),
    "pagePath encoded": ("", W + "?pagePath=%2FPayments%2FSplit%20tender", "path=%2FPayments%2FSplit%20tender"),
    "pagePath and pageId": ("", W + "?pagePath=/Payments/Split%20tender&pageId=412", "/pages/412?"),
    "wikiVersion": (
        "",
        W + "?wikiVersion=GBwikiMaster&pagePath=/Payments/Split%20tender",
        "versionDescriptor.version=wikiMaster",
    ),
    "dev.azure.com": (
        SERVICES,
        SERVICES + "/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/Split-tender",
        "/pages/412?",
    ),
    "visualstudio.com": (
        SERVICES,
        "https://fabrikam.visualstudio.com/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/X",
        "/pages/412?",
    ),
    "visualstudio.com DefaultCollection": (
        SERVICES,
        "https://fabrikam.visualstudio.com/DefaultCollection/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki?pagePath=/Payments/Split%20tender",
        "path=%2FPayments%2FSplit%20tender",
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_each_url_form_reads_the_page_once_at_the_collection_with_the_ado_credential(org: Org, form: str) -> None:
    org_url, link, request = FORMS[form]
    org.cite(link.format(org=org.sandbox.info.org_url))

    outcome = org.run(org_url)

    assert "### Wiki pages" in outcome.markdown and f"[{PAGE}](" in outcome.markdown and TEXT in outcome.markdown
    [read] = org.wiki_requests()
    assert request in read and "includeContent=true" in read
    [sent] = org.sandbox.ado.requests(path_regex=r"/_apis/wiki/")
    assert request_token(sent) == org.sandbox.info.token
    assert f"wiki page {org.page_id} (version " in "\n".join(outcome.sources)


def test_a_code_wiki_page_is_read_on_the_branch_the_link_names(org: Org) -> None:
    org.cite(
        f"{org.sandbox.info.org_url}/Fabrikam%20Fiber/_wiki/wikis/storefront-docs?wikiVersion=GBmain&pagePath=/README"
    )
    outcome = org.run()
    assert "The storefront's docs, on main." in outcome.markdown
    [read] = org.wiki_requests()
    assert "versionDescriptor.version=main" in read and "versionDescriptor.versionType=branch" in read


def test_the_published_remote_url_form_by_project_and_wiki_ids(org: Org) -> None:
    org.cite(
        f"{org.sandbox.info.org_url}/{org.project.id}/_wiki/wikis/{org.wiki.id}?pagePath=%2FPayments%2FSplit%20tender"
    )
    assert TEXT in org.run().markdown


def test_the_work_items_wiki_page_artifact_link_is_read(org: Org) -> None:
    artifact = "vstfs:///Wiki/WikiPage/" + quote(f"{org.project.id}/{org.wiki.id}/Payments/{PAGE}", safe="")
    org.cite(artifact=artifact)
    outcome = org.run()
    assert TEXT in outcome.markdown
    assert [r for r in org.wiki_requests() if "path=%2FPayments%2FSplit%20tender" in r]


def test_one_page_cited_by_id_by_path_and_by_artifact_link_is_one_read(org: Org) -> None:
    base = W.format(org=org.sandbox.info.org_url)
    artifact = "vstfs:///Wiki/WikiPage/" + quote(f"{org.project.id}/{org.wiki.id}/Payments/{PAGE}", safe="")
    org.cite(f"{base}/412/Split-tender", f"{base}?pagePath=/Payments/Split%20tender", f"{base}/412", artifact=artifact)

    outcome = org.run()

    assert org.wiki_requests() == [
        f"/{org.sandbox.ado.org}/Fabrikam%20Fiber/_apis/wiki/wikis/Fabrikam-Fiber.wiki/pages/412?includeContent=true"
    ]
    assert outcome.markdown.count(f"[{PAGE}](") == 1 and outcome.pages == 1


def test_a_path_link_is_matched_only_against_the_pages_gather_reads(org: Org) -> None:
    """The page cap is gather's: under DOC_CONTEXT_MAX_PAGES=1 only the path link (cited first) is read, by its
    path, and the id link left out is said once; under 2 the path is the page read by id, one request."""
    base = W.format(org=org.sandbox.info.org_url)
    org.cite(f"{base}?pagePath=/Payments/Split%20tender", f"{base}/412/Split-tender")

    capped = org.run(max_pages=1)

    [read] = org.wiki_requests()
    assert "path=%2FPayments%2FSplit%20tender" in read and TEXT in capped.markdown
    said = [n for n in capped.notices if "more pages were not read" in n.message]
    assert said == [
        Notice(
            "wiki", "1 more pages were not read (DOC_CONTEXT_MAX_PAGES=1): " + "wiki page 412 in Fabrikam-Fiber.wiki"
        )
    ]
    org.sandbox.ado.clear()
    org.run(max_pages=2)
    assert [r for r in org.wiki_requests() if "/pages/412?" in r] == org.wiki_requests() != []


def test_the_wiki_knows_no_cap_of_its_own(org: Org) -> None:
    """31 links under DOC_CONTEXT_MAX_PAGES=31, 30 by id (more than the default 25) and a path link to the last:
    it is that page, read once by id (a wiki cutting the by-id pages to a cap of its own would read it by path)."""
    base = W.format(org=org.sandbox.info.org_url)
    ids = [
        org.sandbox.ado.wikis.add_page(org.wiki, f"/Many/Page {n}", f"Page {n}.", page_id=600 + n) for n in range(30)
    ]
    org.cite(*(f"{base}/{i}" for i in ids), f"{base}?pagePath=/Many/Page%2029")

    outcome = org.run(max_pages=31)

    assert len(org.wiki_requests()) == 30 and not [r for r in org.wiki_requests() if "path=" in r]
    assert not [n for n in outcome.notices if "more pages were not read" in n.message]


def test_a_wiki_in_another_project_is_shown_by_title_only(org: Org) -> None:
    contoso = org.sandbox.ado.add_project("Contoso")
    partner = org.sandbox.ado.wikis.add_wiki(contoso, "Contoso.wiki")
    org.sandbox.ado.wikis.add_page(partner, "/Partner rates", "SECRET-PARTNER-RATE-0042: 1.5 %", page_id=77)
    org.cite(f"{org.sandbox.info.org_url}/Contoso/_wiki/wikis/Contoso.wiki/77/Partner-rates")

    hidden, shown = org.run(), org.run(audience=Audience(other_projects=("Contoso",)))

    assert "[Partner rates](" in hidden.markdown and "_Title only: it belongs to another project._" in hidden.markdown
    assert "SECRET-PARTNER-RATE-0042" not in hidden.markdown + hidden.summary
    assert "wiki page 77: Partner rates: project Contoso (DOC_CONTEXT_OTHER_PROJECTS)" in hidden.title_only
    assert "SECRET-PARTNER-RATE-0042" in shown.markdown  # the control: the text is there to withhold


def test_a_wiki_link_naming_its_project_by_id_is_shown_when_other_projects_names_the_project(org: Org) -> None:
    """A work item's Wiki page link names the project by its id; otherProjects names it: one project either way."""
    contoso = org.sandbox.ado.add_project("Contoso")
    partner = org.sandbox.ado.wikis.add_wiki(contoso, "Contoso.wiki")
    org.sandbox.ado.wikis.add_page(partner, "/Partner rates", "SECRET-PARTNER-RATE-0042: 1.5 %", page_id=77)
    org.cite(artifact="vstfs:///Wiki/WikiPage/" + quote(f"{contoso.id}/{partner.id}/Partner rates", safe=""))

    hidden = org.run()
    assert not org.sandbox.ado.requests(path_regex=r"/_apis/projects/"), "no otherProjects: nothing to ask"
    shown = org.run(audience=Audience(other_projects=("Contoso",)))

    assert "_Title only: it belongs to another project._" in hidden.markdown
    assert "SECRET-PARTNER-RATE-0042" not in hidden.markdown + hidden.summary
    assert "SECRET-PARTNER-RATE-0042" in shown.markdown and "another project" not in shown.markdown
    [asked] = org.sandbox.ado.requests(path_regex=r"/_apis/projects/")
    assert asked.path == f"/{org.sandbox.ado.org}/_apis/projects/Contoso", "its id, asked once by its name"
    other = org.run(audience=Audience(other_projects=("Northwind",)))  # another project named: still title only
    assert "SECRET-PARTNER-RATE-0042" not in other.markdown + other.summary
    assert any(
        n.source == "otherProjects" and "could not learn the id of project Northwind" in n.message
        for n in other.notices
    )


def test_a_page_the_build_identity_may_not_read_is_a_warning_naming_the_permission(org: Org) -> None:
    org.sandbox.ado.wikis.deny(org.wiki, org.sandbox.info.token)
    org.cite(f"{org.sandbox.info.org_url}/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/Split-tender")

    outcome = org.run()

    [notice] = [n for n in outcome.notices if n.source.startswith("wiki page")]
    assert notice.source == "wiki page 412 in Fabrikam-Fiber.wiki"
    assert "skipped: it does not exist, or the build identity may not read it (TF401019" in notice.message
    assert "Grant 'Read' on the wiki to '<Project> Build Service (<org>)'" in notice.message
    assert "### Wiki pages" not in outcome.markdown and outcome.action == "dry-run"


def test_a_missing_page_is_a_warning_and_the_rest_is_read(org: Org) -> None:
    base = W.format(org=org.sandbox.info.org_url)
    org.cite(f"{base}/999/Gone", f"{base}/412/Split-tender")

    outcome = org.run()

    assert TEXT in outcome.markdown
    assert Notice(
        "wiki page 999 in Fabrikam-Fiber.wiki",
        "skipped: it does not exist, or the build identity may not read it (Wiki page '999' could not be found",
    ).message in "\n".join(n.message for n in outcome.notices)


def test_a_wiki_link_to_another_organization_is_a_warning_and_never_requested(org: Org) -> None:
    org.cite(
        "https://dev.azure.com/contoso/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/Split-tender",
        "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/Split-tender",
    )

    outcome = org.run(SERVICES)

    assert (
        Notice(
            "wiki",
            "1 cited wiki links are in https://dev.azure.com/contoso, not this run's organization "
            "(https://dev.azure.com/fabrikam), so they are not read: its Azure DevOps credential is for its own. "
            "First: https://dev.azure.com/contoso/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/Split-tender",
        )
        in outcome.notices
    )
    assert len(org.wiki_requests()) == 1 and TEXT in outcome.markdown
    assert any("another organization's wiki, https://dev.azure.com/contoso" in line for line in outcome.sources)


def test_the_context_document_lists_the_wiki_page_and_who_cites_it(org: Org) -> None:
    from doc_context.context.document import context_document

    link = W.format(org=org.sandbox.info.org_url) + "/412/Split-tender"
    org.sandbox.ado.pull_request(org.sandbox.info.pr_id).description = f"Design: [split tender]({link})"
    org.cite(link)

    document = context_document(org.run(), version="test")

    [page] = document["pages"]
    assert (page["source"], page["id"], page["title"], page["kind"]) == ("wiki", 412, PAGE, "page")
    assert page["citedBy"] == [STORY] and page["citedByPullRequest"] is True
    assert TEXT in page["fullText"]
