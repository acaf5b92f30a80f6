"""comment/criteria: after each evidence file, in italics, the term that sets the criterion apart there, so the
reviewer can judge a weak match at a glance: `refund.py:13-14` (*captured amount*)."""

from __future__ import annotations

from dataclasses import replace

from doc_context.change.model import Evidence, FileEvidence
from doc_context.comment.criteria_list import TERM_CHARS, criteria_markdown, criterion_item
from doc_context.comment.sections import item_parts, page_parts
from doc_context.comment.yields import steps
from doc_context.models import Criterion, PageRef, PullRequestRef, WorkItem
from doc_context.summary.summarize import page_summary, work_item_summary
from tests.rendering import tokens, visible_text

from .pagerefs import confluence_page

PR = PullRequestRef("https://dev.azure.com/fabrikam", "Fabrikam Fiber", "storefront", 1842)
FILES = "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_git/storefront/pullrequest/1842?_a=files&path="
WIKI = "https://fabrikam.atlassian.net/wiki/spaces/PAY/pages"
GUARD = "A partial refund never exceeds the captured amount."
FOUND = Evidence(
    (
        FileEvidence("/src/refunds/refund.py", (13, 14), (), ("captured amount", "RefundTooLarge")),
        FileEvidence("/tests/refunds/test_refund.py", (8,), (), ("RefundTooLarge",)),
    )
)


def story(criterion: str) -> WorkItem:
    fields = {
        "System.Description": "<div>As a shopper I want partial refunds.</div>",
        "Microsoft.VSTS.Common.AcceptanceCriteria": f"<ul><li>{criterion}</li></ul>",
    }
    return WorkItem(5120, 3, "User Story", "Partial refunds", "Active", fields=fields)


def test_each_file_names_its_most_telling_term() -> None:
    item = criteria_markdown((Criterion(GUARD, evidence=FOUND),), pr=PR).splitlines()[-1]
    assert item == (
        f"- {GUARD} — [`refund.py:13-14`]({FILES}/src/refunds/refund.py) (*captured amount*), "
        f"[`test_refund.py:8`]({FILES}/tests/refunds/test_refund.py) (*RefundTooLarge*)"
    )


def test_the_build_summary_names_every_term() -> None:
    full = criteria_markdown((Criterion(GUARD, evidence=FOUND),), pr=PR, full=True)
    assert "(*captured amount, RefundTooLarge*)" in full


def test_the_terms_outlast_the_further_evidence_files_and_then_yield() -> None:
    fewer = criteria_markdown((Criterion(GUARD, evidence=FOUND),), pr=PR, files=1)
    assert fewer.endswith(f"[`refund.py:13-14`]({FILES}/src/refunds/refund.py) (*captured amount*) and 1 more file")
    bare = criteria_markdown((Criterion(GUARD, evidence=FOUND),), pr=PR, files=1, terms=False)
    assert bare.endswith(f"[`refund.py:13-14`]({FILES}/src/refunds/refund.py) and 1 more file")


def test_a_file_without_terms_shows_none() -> None:
    item = criterion_item(Criterion(GUARD, evidence=Evidence((FileEvidence("/src/a.py", (1,)),))))
    assert item == f"- {GUARD} — `src/a.py:1`"


def test_a_hostile_term_reads_as_written_inside_its_italics() -> None:
    """A term is the criterion's own text: emphasis marks, a link, a tag, a mention or a strike stay literal."""
    for term in ("a*b", "_x_", "~~gone~~", "[x](javascript:alert(1))", "<b>bold</b>", "@<me>", "`code`", "x\\*y"):
        evidence = Evidence((FileEvidence("/src/a.py", (1,), (), (term,)),))
        item = criterion_item(Criterion("A", evidence=evidence), pr=PR)
        assert [t.type for t in tokens(item) if t.type in ("em_open", "link_open", "s_open")] == [
            "link_open",
            "em_open",
        ], item
        assert visible_text(item).replace("( ", "(").replace(" )", ")").endswith(f"({term})"), item


def test_a_long_term_is_clipped() -> None:
    long = "supervisor approval for refunds older than fourteen days after delivery"
    item = criterion_item(Criterion("A", evidence=Evidence((FileEvidence("/src/a.py", (1,), (), (long,)),))))
    shown = item.split("(*", 1)[1].removesuffix("*)")
    assert len(shown) <= TERM_CHARS + 1 and shown.endswith("…")


def test_the_terms_yield_after_the_further_files_and_before_any_text() -> None:
    """Over the ceiling, the files beyond the first go (models.Yields.EVIDENCE), the first keeps its term; the
    terms go (models.Yields.TERMS) once the pages' text has gone, before a work item's own words would."""
    summary = replace(work_item_summary(story(GUARD), ()), criteria=(Criterion(GUARD, evidence=FOUND),))
    lead = "Partial refunds never exceed what the payment provider captured for the order, whoever asks."
    page = page_summary(confluence_page(PageRef(page_id=42), 42, "Refunds", "PAY", 3, f"{WIKI}/42", lead), (), (1,))
    (item,), pages = item_parts([summary], pr=PR), page_parts([page])
    assert "(*captured amount*), " in item.body and "(*RefundTooLarge*)" in item.body
    seen = []
    for _ in steps([item], pages):
        seen.append((item.body, pages[0].body if pages else ""))
    firsts = [i for i, (body, _) in enumerate(seen) if "(*captured amount*) and 1 more file" in body]
    bare = [i for i, (body, _) in enumerate(seen) if "(*" not in body and "refund.py) and 1 more file" in body]
    assert firsts and bare and firsts[0] < bare[0]
    body, page_body = seen[bare[0]]
    # a page that matches nothing (no diff here) gives up its lead sentence first (Yields.PAGE_MIDDLE)
    assert seen[0][1] == "" and not page_body and "As a shopper I want partial refunds." in body
