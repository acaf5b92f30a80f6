"""A section aside from the specification (rationale, a questionnaire, rejected ideas) stays aside below it unless a
nearer heading states what is built by its start (`Specification`, `Design Details`): a word inside a heading
("Monitoring Requirements", "Rules of thumb") says nothing (review 5). The same page in markdown and as
reStructuredText (issue 36)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_kinds import aside
from doc_context.summary.passages import passages
from doc_context.summary.quotes import weigh_pages
from doc_context.text.wikimd import wiki_to_markdown


@pytest.mark.parametrize(
    ("headings", "expected"),
    [
        (["Rationale"], True),
        (["Production Readiness Review Questionnaire", "Monitoring Requirements"], True),  # a KEP's
        (["Rejected Ideas", "Rules of thumb we considered"], True),
        (["Motivation", "Requirements"], True),
        (["Rationale", "Specification"], False),  # a nearer heading that specifies, by its start
        (["Alternatives", "Proposed change"], False),
        (["Design Details", "Test Plan"], True),
        (["Design Details"], False),
        (["Rules"], False),  # no aside on the path
        ([], False),
    ],
)
def test_which_sections_are_aside(headings: list[str], expected: bool) -> None:
    assert aside([(n + 1, h) for n, h in enumerate(headings)]) is expected


DESIGN = "The `hold_seconds_total` metric counts the seconds each payment is held."
MONITORING = "Operators watch `hold_seconds_total` beside `hold_alerts_total` on the payments dashboard."
SECTIONS = [
    ("Payment holds", 1, ""),
    ("Design Details", 2, DESIGN),
    ("Production Readiness Review Questionnaire", 2, "Answer each question below."),
    ("Monitoring Requirements", 3, MONITORING),
]


def _page(restructured: bool) -> str:
    if not restructured:
        return "".join(f"{'#' * level} {title}\n\n{text}\n\n" for title, level, text in SECTIONS)
    marks = {1: "=", 2: "-", 3: "~"}
    return "".join(
        f"{title}\n{marks[level] * len(title)}\n\n{text.replace('`', '``')}\n\n" for title, level, text in SECTIONS
    )


@pytest.mark.parametrize("restructured", [False, True], ids=["markdown", "restructuredtext"])
def test_a_questionnaires_requirements_rank_below_the_design_they_ask_about(restructured: bool) -> None:
    diff = (
        "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1,0 +1,2 @@\n"
        "+hold_seconds_total = Counter()\n+hold_alerts_total = Counter()\n"
    )
    text = wiki_to_markdown(_page(restructured)).text
    terms = change_terms(Change(parse_diff(diff)), within=[text])
    shown = [p.section for p in weigh_pages([(text, "Payment holds")], terms)[0].matched]
    assert shown[0] == "Design Details"  # failing before: "Monitoring Requirements" (a word inside it specified)


def _overlined(title: str, mark: str) -> str:
    return f"{mark * len(title)}\n{title}\n{mark * len(title)}\n\n"


def test_an_overlined_proposals_subsections_stay_in_their_section() -> None:
    """PEP 751's shape: sections overlined with =, their subsections overlined with -, a key underlined with =:
    each adornment is a level of its own, in the order it first appears (reStructuredText's rule), so a rejected
    idea's subsection is aside and a key of the specification specifies."""
    page = (
        "PEP: 9999\nTitle: Refund receipts\n\n"
        + _overlined("Specification", "=")
        + _overlined("File Format", "-")
        + "``refund_id``\n=============\n\nEach receipt MUST carry the ``refund_id``.\n\n"
        + _overlined("Rejected Ideas", "=")
        + _overlined("Recording every refund line", "-")
        + "A previous version recorded each ``refund_line`` of the receipt.\n"
    )
    found = {p.plain.split()[0]: p for p in passages(wiki_to_markdown(page).text, "Refund receipts")}
    assert found["Each"].specifies and not found["Each"].aside  # failing before: every title read as level 1
    assert found["A"].aside and not found["A"].specifies
