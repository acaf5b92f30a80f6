"""Acceptance criteria: every one shown (up to 12 an item in the comment, all in the build summary), each one
list item, clipped at about 200 characters, never dropped for length; withdrawn ones apart, struck through."""

from __future__ import annotations

from doc_context.comment.criteria import CRITERION_CHARS, criteria_markdown, criterion_item
from doc_context.comment.render import render_comment
from doc_context.models import Criterion, WorkItem
from doc_context.summary.criteria import parse_criteria
from doc_context.summary.summarize import work_item_summary

CRITERIA = "Microsoft.VSTS.Common.AcceptanceCriteria"


def story(*criteria: str, description: str = "<div>As a shopper I want to pay by gift card.</div>") -> WorkItem:
    items = "".join(f"<li>{c}</li>" for c in criteria)
    fields = {"System.Description": description, CRITERIA: f"<ul>{items}</ul>"}
    return WorkItem(4198, 3, "User Story", "Split a payment", "Active", fields=fields)


def hundred(n: int) -> str:
    """A criterion of about 100 characters (125)."""
    said = "when the second payment fails, the gift card hold is released within 30 seconds; the order stays unpaid."
    return f"Criterion {n}: {said}"


def test_six_criteria_of_a_hundred_characters_are_all_shown() -> None:
    """Issue 22: a story with six ~100-character criteria showed three and "…and 3 more" in a 1,760-character
    comment."""
    summary = work_item_summary(story(*(hundred(n) for n in range(1, 7))), ())
    out = render_comment(None, [summary], [], budget=3_500)
    assert len(out) < 1_500
    for n in range(1, 7):
        assert f"\n- {hundred(n)}" in out
    assert "more" not in out


def test_beyond_twelve_the_comment_says_how_many_more_and_the_build_summary_has_them_all() -> None:
    summary = work_item_summary(story(*(hundred(n) for n in range(1, 15))), ())
    out = render_comment(None, [summary], [])
    assert f"- {hundred(12)}" in out and hundred(13) not in out
    assert "_…and 2 more in the build summary_" in out
    full = render_comment(None, [summary], [], full=True)
    assert all(f"- {hundred(n)}" in full for n in range(1, 15)) and "more in the build summary" not in full


def test_a_long_criterion_is_clipped_at_about_two_hundred_characters_as_one_item() -> None:
    long = "The order total is rounded once" + " and the ledger export agrees to the cent" * 10
    item = criterion_item(Criterion(long))
    assert item.startswith("- The order total is rounded once") and item.endswith("…")
    assert CRITERION_CHARS - 20 <= len(item) - 2 <= CRITERION_CHARS and "\n" not in item
    assert criterion_item(Criterion(long), full=True) == f"- {long}"


def test_withdrawn_criteria_stay_apart_struck_through() -> None:
    criteria = parse_criteria("- Live one\n- ~~Gone one~~\n- <del>not converted</del> kept as written")
    assert criteria == (Criterion("Live one"), Criterion("Gone one", struck=True), Criterion(criteria[2].text))
    out = criteria_markdown(criteria)
    live, _, withdrawn = out.partition("**Withdrawn criteria** (struck through)")
    assert "- Live one" in live and "Gone one" not in live
    assert withdrawn.strip() == "- ~~Gone one~~"


def test_struck_html_tags_are_withdrawn() -> None:
    for tag in ("s", "strike", "del"):
        summary = work_item_summary(story("Live", f"<{tag}>Withdrawn by the PO</{tag}>"), ())
        assert summary.criteria == (Criterion("Live"), Criterion("Withdrawn by the PO", struck=True))
