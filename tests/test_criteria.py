"""Acceptance criteria: every one shown (up to 12 an item in the comment, all in the build summary), each one
list item, clipped at about 200 characters, never dropped for length; withdrawn ones apart, struck through."""

from __future__ import annotations

import re
from dataclasses import replace

from doc_context.change.model import Evidence, FileEvidence
from doc_context.change.unified import parse_diff
from doc_context.comment.criteria_list import (
    CRITERION_CHARS,
    NAMES_ONLY,
    NO_EVIDENCE,
    criteria_markdown,
    criterion_item,
)
from doc_context.comment.render import render_comment
from doc_context.models import ChangedFile, Criterion, PageRef, PullRequest, PullRequestRef, WorkItem
from doc_context.summary.acceptance_criteria import parse_criteria, with_evidence
from doc_context.summary.evidence import EvidenceFinder
from doc_context.summary.summarize import page_summary, work_item_summary
from doc_context.text.visible import visible_size
from tests.diffs import added
from tests.rendering import tokens

from .pagerefs import confluence_page

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


# ---- evidence (issue 22) -------------------------------------------------------------------------

PR = PullRequestRef("https://dev.azure.com/fabrikam", "Fabrikam Fiber", "storefront", 1842)
FILES = "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_git/storefront/pullrequest/1842?_a=files&path="
WIKI = "https://fabrikam.atlassian.net/wiki/spaces/PAY/pages"
DIFF = parse_diff(
    added("src/payments/split_tender.py", "RELEASE_WITHIN_SECONDS = 30", "def release_hold(held):", "    pass")
    + added("tests/payments/test_split_tender.py", "def test_the_hold_is_released_within_30_seconds():")
    + added("docs/payments/gift-cards.md", "The hold on a gift card is released within 30 seconds.")
    + added(
        "src/ledger/export.py",
        "def ledger_rows(order):",
        *[f"    row_{n} = {n}" for n in range(12)],
        "    return ROUND_HALF_EVEN",
    )
)
HOLD = "If the second payment fails, the gift card hold is released within 30 seconds."


def evidence(*files: FileEvidence, basis: str = "diff") -> Evidence:
    return Evidence(files, basis)  # type: ignore[arg-type]


def test_each_criterion_is_one_list_item_its_text_then_its_evidence_linking_into_the_files_view() -> None:
    found = Evidence((FileEvidence("/src/payments/split_tender.py", (1, 2, 3, 7, 9, 12)),))
    item = criterion_item(Criterion(HOLD, evidence=found), pr=PR)
    assert item == f"- {HOLD} — [`src/payments/split_tender.py:1-3, 7 +2 more`]({FILES}/src/payments/split_tender.py)"
    assert "\n" not in item


def test_no_evidence_is_said_in_the_exact_words() -> None:
    assert criterion_item(Criterion(HOLD, evidence=Evidence()), pr=PR) == f"- {HOLD} — _no evidence in the diff_"
    named = criterion_item(Criterion(HOLD, evidence=evidence(basis="file names")), pr=PR)
    assert named == f"- {HOLD} — _no evidence in the diff's file names_"
    assert criterion_item(Criterion(HOLD), pr=PR) == f"- {HOLD}"  # evidence not looked for: nothing said


MANY = Evidence(
    (
        FileEvidence("/src/payments/split_tender.py", (1, 3, 5, 7)),
        FileEvidence("/src/payments/giftcard.py", (15,)),
        FileEvidence("/docs/payments/gift-cards.md", (8,)),
        FileEvidence("/tests/payments/test_split_tender.py", (4,)),
    )
)
FIRST = f"[`split_tender.py:1, 3 +2 more`]({FILES}/src/payments/split_tender.py)"
THREE = (
    f"— {FIRST}, [`giftcard.py:15`]({FILES}/src/payments/giftcard.py), "
    f"[`gift-cards.md:8`]({FILES}/docs/payments/gift-cards.md) and 1 more file"
)


def test_the_comment_names_the_most_telling_files_and_the_build_summary_every_file_and_line() -> None:
    criteria = (Criterion(HOLD, evidence=MANY),)
    comment = criteria_markdown(criteria, pr=PR)
    assert comment.endswith(THREE)
    assert criteria_markdown(criteria, pr=PR, files=1).endswith(f"— {FIRST} and 3 more files")
    full = criteria_markdown(criteria, pr=PR, full=True)
    assert f"— [`src/payments/split_tender.py:1, 3, 5, 7`]({FILES}/src/payments/split_tender.py), " in full
    assert f"[`src/payments/giftcard.py:15`]({FILES}/src/payments/giftcard.py), " in full
    assert full.endswith(f"[`tests/payments/test_split_tender.py:4`]({FILES}/tests/payments/test_split_tender.py)")


def test_further_evidence_files_yield_after_the_parents_and_before_any_work_item_text() -> None:
    """Three files a criterion while the comment has room; over the ceiling, the files beyond the first go
    (models.Yields.EVIDENCE) before a work item's text would, and every criterion stays."""
    summary = replace(
        work_item_summary(story(HOLD, "The ledger export lists both payments."), ()),
        criteria=(Criterion(HOLD, evidence=MANY), Criterion("The ledger export lists both payments.")),
        parents=(("Feature 3907: Gift card payments", "Let shoppers pay with gift cards.", f"{WIKI}/3907"),),
    )
    lead = "Split tender lets the gift card pay what it can and a card pay the rest of the order."
    page = page_summary(
        confluence_page(PageRef(page_id=42), 42, "Split tender", "PAY", 3, f"{WIKI}/42", lead), (), (4198,)
    )
    pr = PullRequest(PR, "Split a payment", "")
    roomy = render_comment(pr, [summary], [page], budget=3_500)
    assert f"- {HOLD} {THREE}\n" in roomy and "Trimmed" not in roomy and lead in roomy
    assert "Part of [Feature 3907: Gift card payments]" in roomy
    shorter = (render_comment(pr, [summary], [page], budget=b) for b in range(visible_size(roomy), 0, -5))
    parentless = next(out for out in shorter if "Part of" not in out)  # the most that fits without it
    assert "Part of" not in parentless and f"- {HOLD} {THREE}\n" in parentless  # the parent line goes first
    tighter = (render_comment(pr, [summary], [page], budget=b) for b in range(visible_size(parentless) - 1, 0, -5))
    tight = next(out for out in tighter if f"- {HOLD} {THREE}\n" not in out)  # the most that fits without them
    assert f"- {HOLD} — {FIRST} and 3 more files\n" in tight
    assert "- The ledger export lists both payments." in tight and "As a shopper I want to pay by gift card." in tight
    assert lead not in parentless  # a page that matches nothing: its lead sentence went first (Yields.PAGE_MIDDLE)
    assert "_Trimmed to fit " in tight and visible_size(tight) < visible_size(parentless)


def test_two_files_of_one_name_are_shown_by_their_paths() -> None:
    criteria = (
        Criterion("A", evidence=Evidence((FileEvidence("/src/a/config.py", (1,)),))),
        Criterion("B", evidence=Evidence((FileEvidence("/src/b/config.py", (2,)),))),
    )
    out = criteria_markdown(criteria)
    assert "— `src/a/config.py:1`" in out and "— `src/b/config.py:2`" in out  # no pull request: no link


def test_a_hostile_path_stays_inside_its_code_span() -> None:
    for path in ("/src/a`b.py", "/src/`x`.py", "/src/@<me>.py", "/src/a](javascript:x).py"):
        item = criterion_item(Criterion("A", evidence=Evidence((FileEvidence(path, (3,)),))), pr=PR)
        spans = [t for t in tokens(item) if t.type == "code_inline"]
        assert len(spans) == 1 and spans[0].content.endswith(":3"), item
        links = [t for t in tokens(item) if t.type == "link_open"]
        assert len(links) == 1 and links[0].attrs["href"].startswith(FILES), item
        assert "@<" not in item


def test_withdrawn_criteria_never_get_evidence() -> None:
    finder = EvidenceFinder(DIFF)
    criteria = with_evidence(parse_criteria(f"- {HOLD}\n- ~~{HOLD}~~"), finder)
    live, struck = criteria
    assert live.evidence is not None and live.evidence.found
    assert struck.struck and struck.evidence is None
    assert criteria_markdown(criteria, pr=PR).endswith(f"- ~~{HOLD}~~")


def test_a_bugs_expected_outcome_is_a_criterion_for_the_fix() -> None:
    bug = WorkItem(
        4211,
        7,
        "Bug",
        "The hold stays on the gift card",
        "Active",
        fields={
            "Microsoft.VSTS.TCM.ReproSteps": "<ol><li>Pay with a gift card and a declined card.</li></ol>"
            f"<div>Expected: {HOLD}</div><div>Actual: the hold stays for a day.</div>"
        },
    )
    summary = work_item_summary(bug, (), finder=EvidenceFinder(DIFF))
    expected, actual = summary.criteria
    assert expected.label == "Expected" and expected.evidence is not None
    assert "/src/payments/split_tender.py" in [f.path for f in expected.evidence.files]
    assert actual.label == "Actual" and actual.evidence is None
    out = render_comment(PullRequest(PR, "t", ""), [summary], [])
    assert re.search(rf"\n- \*\*Expected:\*\* {re.escape(HOLD)} — \[`[\w.-]+:\d+`\]\({re.escape(FILES)}/", out)
    assert "\n- **Actual:** the hold stays for a day.\n" in out + "\n"


def test_without_a_checkout_the_comment_says_so_once() -> None:
    finder = EvidenceFinder(None, (ChangedFile("/src/payments/split_tender.py", "add"),))
    items = [
        work_item_summary(story(HOLD, "The split tender is logged."), (), finder=finder),
        work_item_summary(replace(story("The split tender is retried."), id=4199), (), finder=finder),
    ]
    out = render_comment(PullRequest(PR, "t", ""), items, [])
    assert out.count(NAMES_ONLY) == 1
    assert f"— [`split_tender.py`]({FILES}/src/payments/split_tender.py)" in out
    with_diff = [work_item_summary(story(HOLD), (), finder=EvidenceFinder(DIFF))]
    assert NAMES_ONLY not in render_comment(PullRequest(PR, "t", ""), with_diff, [])


VERDICTS = re.compile(r"\b(met|done|passed|satisfied|fulfil+ed|complete[sd]?|implemented)\b", re.I)


def test_the_comment_never_says_a_criterion_is_met() -> None:
    """It points; the reviewer judges. What doc-context adds to a criterion holds no verdict, whatever the
    evidence, the basis or the model's checked word."""
    cases = [Evidence(), Evidence(basis="file names"), Evidence((FileEvidence("/src/a.py", (1, 2)),))]
    for found in cases:
        for word in ("", "addressed", "partly", "not visible"):
            item = criterion_item(Criterion("X", evidence=found, word=word), pr=PR)
            assert not VERDICTS.search(item.removeprefix("- X")), item
    assert not VERDICTS.search(NAMES_ONLY + NO_EVIDENCE)
