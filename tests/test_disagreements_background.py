"""A cited page the change does not speak to is background (summary/speaks.py): where it differs from another page
alone, it states its own rules, not a disagreement with it. A specification and its predecessor or rival differ by
design (a version 2 against its version 1, a proposal against the one it replaces); the comment says where a
page, a criterion, a comment and the diff differ about what the change does, and a background page still takes
part beside a criterion or the diff. Made-up pages, one in markdown, one in reStructuredText, read as the wiki
source reads a page."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile, Gathered, Page, PageRef, PullRequest, PullRequestRef, WorkItem
from doc_context.relevance.diff_values import settings
from doc_context.relevance.disagreements import Sentence, find
from doc_context.relevance.statements import statement
from doc_context.summary.summarize import summarize_all
from doc_context.text.wikimd import wiki_to_markdown

ORG = "https://dev.azure.com/fabrikam"

V2 = """# Webhook delivery v2

Webhooks are signed and retried by the delivery worker.

## Signing

Every delivery carries the `X-Signature` header, the payload's HMAC with the endpoint's secret.

## Retries

A delivery gets 5 attempts before the endpoint is disabled.

A receiver must answer a delivery within 10 seconds.
"""
V1_RST = """Webhook delivery v1
===================

Webhooks are posted once by the ordering service.

Retries
-------

A delivery gets 3 attempts before the endpoint is disabled.

A receiver should answer a delivery within 30 seconds.
"""
SIGNING = """--- a/webhooks/sign.py
+++ b/webhooks/sign.py
@@ -1,2 +1,6 @@
 import hmac
+SIGNATURE_HEADER = "X-Signature"
+
+
+def signature(secret, payload):
+    return hmac.new(secret, payload, "sha256").hexdigest()
"""
RETRIES = """--- a/webhooks/retry.py
+++ b/webhooks/retry.py
@@ -1,1 +1,2 @@
 import time
+MAX_DELIVERY_ATTEMPTS = 4
"""


def page(n: int, title: str, source: str) -> Page:
    url = f"{ORG}/Shop/_wiki/wikis/Specs.wiki/{n}/{title.replace(' ', '-')}"
    said = {"source": "wiki", "scope": "Specs.wiki", "section": "Wiki pages", "restriction": "none"}
    return Page(PageRef(page_id=n), n, title, "", "abc", url, wiki_to_markdown(source).text, **said)  # type: ignore[arg-type]


def lines(diff: str, criteria: list[str], v1: str = V1_RST) -> list[tuple[str, ...]]:
    """Each disagreement the run finds, as the names of its sources."""
    story = WorkItem(
        4100,
        1,
        "User Story",
        "Sign webhook deliveries",
        "Active",
        {"Microsoft.VSTS.Common.AcceptanceCriteria": "".join(f"<li>{c}</li>" for c in criteria)},
        web_url=f"{ORG}/Shop/_workitems/edit/4100",
    )
    pages = (page(1, "Webhook delivery v2", V2), page(2, "Webhook delivery v1", v1))
    gathered = Gathered(
        PullRequest(PullRequestRef(ORG, "Shop", "shop", 7), "Sign webhook deliveries", ""),
        (story,),
        tuple(ChangedFile(p, "edit") for p in ("/webhooks/sign.py", "/webhooks/retry.py") if p[1:] in diff),
        tuple((p, (story.id,)) for p in pages),
        (),
        (),
        diff_text=diff,
        diff_lines=parse_diff(diff.encode()),
    )
    items, summaries = summarize_all(gathered)
    return [tuple(s.name for s in d.stated) for x in (*items, *summaries) for d in x.disagreements]


V1, V2_ = "Webhook delivery v1", "Webhook delivery v2"
SIGNED = "Every delivery carries the X-Signature header."


def test_a_page_the_change_does_not_speak_to_differs_from_the_one_it_implements_by_design() -> None:
    """The change signs deliveries (version 2's section): version 1's attempts and answer time differ from version
    2's, by design; no line. Beside the diff that sets version 2's attempts to 4, version 1 takes part."""
    assert lines(SIGNING, [SIGNED]) == []
    assert lines(SIGNING + RETRIES, [SIGNED]) == [(V1, V2_, "`MAX_DELIVERY_ATTEMPTS = 4`")]


def test_two_pages_the_change_speaks_to_still_disagree() -> None:
    """When the change speaks to both pages (each names the header it writes), both are its rules: their
    difference is the reviewer's."""
    both = V1_RST.replace("posted once by the ordering service.", "signed with the ``X-Signature`` header.")
    assert lines(SIGNING, [SIGNED], both) == [(V1, V2_), (V1, V2_)]


PAGE = "A delivery gets 5 attempts before the endpoint is disabled."
OLD = "A delivery gets 3 attempts before the endpoint is disabled."
# (the background page's sentence, the other page's or "", a criterion's or "", the diff or ""): the sources of
# the disagreement found; a background page never against another page alone, beside a criterion or the diff always
KINDS = [
    (OLD, PAGE, "", "", []),
    ("A receiver should answer within 10 seconds.", "A receiver must answer within 10 seconds.", "", "", []),
    (OLD, PAGE, "A delivery gets 4 attempts before the endpoint is disabled.", "", [("old", "spec", "criterion 1")]),
    (OLD, "", "A delivery gets 5 attempts before the endpoint is disabled.", "", [("old", "criterion 1")]),
    (OLD, PAGE, "", "MAX_DELIVERY_ATTEMPTS = 4", [("old", "spec", "`MAX_DELIVERY_ATTEMPTS = 4`")]),
    (OLD, "", "", "MAX_DELIVERY_ATTEMPTS = 5", [("old", "`MAX_DELIVERY_ATTEMPTS = 5`")]),
    (OLD, PAGE, OLD, "", [("old", "spec", "criterion 1")]),  # the criterion sides with the background page
]


def test_a_page_never_disagrees_with_itself_through_a_background_page() -> None:
    """Two sentences of one page are never compared; one that met the other only through the background page
    (3 attempts there and here, 5 attempts here) is no disagreement of the page with itself."""
    said = [
        Sentence("page", "spec", "", "page 1", "page 1", statement(PAGE)),
        Sentence("page", "spec", "", "page 1", "page 1", statement(OLD.replace("disabled", "disabled by the worker"))),
        Sentence("page", "old", "", "page 2", "page 2", statement(OLD), background=True),
    ]
    assert find(said, []) == []


@pytest.mark.parametrize(("old", "spec", "criterion", "diff", "found"), KINDS)
def test_a_background_page_takes_part_beside_a_criterion_or_the_diff(
    old: str, spec: str, criterion: str, diff: str, found: list[tuple[str, ...]]
) -> None:
    said = [Sentence("page", "old", "", "page 2", "page 2", statement(old), background=True)]
    said += [Sentence("page", "spec", "", "page 1", "page 1", statement(spec))] if spec else []
    said += [Sentence("criterion", "criterion 1", "", "work item 1", "work item 1", statement(criterion))] * bool(
        criterion
    )
    patch = f"--- a/webhooks/retry.py\n+++ b/webhooks/retry.py\n@@ -1,0 +1,1 @@\n+{diff}\n" if diff else ""
    got = find(said, settings(patch) if patch else [])
    assert [tuple(s.name for s in d.stated) for _, d in got] == found


def test_pages_the_change_speaks_to_none_of_still_disagree() -> None:
    """A story's two policy pages beside a change too small to speak to either: neither is the rival of a page the
    change implements, and their difference is what the reviewer needs to see (review 7)."""
    said = [
        Sentence("page", name, "", key, key, statement(text), background=True)
        for name, key, text in (
            ("Refund policy", "page 1", "Refunds are issued within 14 days."),
            ("Support FAQ", "page 2", "Refunds are issued within 30 days."),
        )
    ]
    assert [tuple(s.name for s in d.stated) for _, d in find(said, [])] == [("Refund policy", "Support FAQ")]
    spoken = [
        said[0],
        Sentence("page", "Refund policy v2", "", "page 3", "page 3", statement("Refunds are issued within 7 days.")),
    ]
    assert [tuple(s.name for s in d.stated) for _, d in find(spoken, [])] == []
