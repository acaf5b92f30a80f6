"""`doc-context demo`: the comment it posts is one a reviewer reads in half a minute (docs/comment.md says its size)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from doc_context.demo import demo
from doc_context.summary.ownwords import link_only
from doc_context.text.visible import visible_size

pytestmark = pytest.mark.e2e  # the whole demo, end to end: the sandbox servers and two runs

DEMO_COMMENT_LIMIT = 3_000
COMMENT_DOC = Path(__file__).parent.parent / "docs" / "comment.md"


def run_demo() -> tuple[str, list[str]]:
    lines: list[str] = []
    assert demo(lines.append) == 0
    text = "\n".join(lines)
    comment = text.split("=== the comment posted on pull request 1842 ===\n", 1)[1].split("\n\n(the comment: ", 1)[0]
    return comment, lines


def test_the_demo_comment_is_short_and_links_to_the_build_summary() -> None:
    comment, lines = run_demo()
    assert visible_size(comment) <= DEMO_COMMENT_LIMIT, f"the demo's comment reads {visible_size(comment):,} characters"
    assert comment.startswith("## Business context\n\n") and "_In full: [build summary](http" in comment
    assert "/_build/results?buildId=20418&view=ms.vss-build-web.run-extensions-tab)_" in comment
    assert [c for c in comment if unicodedata.category(c) == "Cf"] == []
    sizes = next(line for line in lines if "(the comment: " in line)
    summary = int(re.search(r"in a pipeline: ([\d,]+) characters", sizes).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert summary > 1.5 * len(comment)  # the fuller text is one click away


def test_the_demo_comment_says_what_the_issue_asked_for() -> None:
    comment, _ = run_demo()
    assert comment.count("Feature 3907: Gift card payments at checkout") == 1  # the shared parent, said once
    assert comment.count("Let shoppers use **gift cards**") <= 1  # its goal: parents yield before page leads
    assert "Spike 4230: banker's rounding" in comment and "Spike: " not in comment
    assert "As a shopper whose gift card does not cover the whole order" in comment  # the story's own words
    for page in ("Gift card split payments - design", "Checkout rounding policy", "Ledger reconciliation"):
        assert f"#### [{page}" in comment  # a page whose text yielded keeps its title and link
    assert comment.count("**Touches:**") == 3  # under each work item, its own files; none under the Jira issue:
    # its criteria yielded, nothing of it is shown (the title only), so no file it touches is named


def test_the_demo_cites_one_jira_issue() -> None:
    """Issue 35: the pull request's description names PAY-481 by its bare key (JIRA_PROJECTS=PAY); under the ceiling
    the comment keeps its key and summary, linked, its type and status (a page's criteria yield with its best
    passage, before any work item's); its criteria and subtasks: tests/golden (a 12,000-character comment)."""
    comment, _ = run_demo()
    section = comment.split("### Jira issues\n\n", 1)[1]
    assert section.startswith("#### [PAY-481: Show yen totals without decimals](http://127.0.0.1:")
    assert "/browse/PAY-481)\nStory · In Progress · **Cited by** the pull request" in section
    assert "PAY-490" not in comment and "SHA-256" not in comment


CRITERIA = {  # the story's criteria and the bug's expected outcome: the file its evidence names first, or none
    "The gift card is charged first, up to its balance; the remainder goes to the chosen card or PayPal.": (
        "split_tender.py:10",  # the code that allocates, before the docs naming PayPal
        "/src/payments/split_tender.py",
    ),
    "If the second payment fails, the gift card hold is released within 30 seconds and the order stays unpaid.": (
        "split_tender.py:6",
        "/src/payments/split_tender.py",
    ),
    "The order total is rounded once (ROUND_HALF_EVEN) before it is split.": (
        "rounding.py:1, 9",
        "/src/checkout/rounding.py",
    ),
    "The confirmation e-mail and the ledger export list both payments.": None,
    "**Expected:** checkout shows €10.00, the same total as the ledger export.": (
        "test_totals.py:7",
        "/tests/checkout/test_totals.py",
    ),
}


def test_the_demo_shows_every_criterion_with_its_evidence_from_the_diff() -> None:
    """Issue 22: the demo runs on a real checkout; each criterion is one list item, its evidence in the same
    item, linking into the pull request's Files view at the file, or the exact words 'no evidence in the diff'."""
    comment, lines = run_demo()
    assert any("checkout /" in line and "HEAD^1..HEAD" in line for line in lines)
    for criterion, evidence in CRITERIA.items():
        (item,) = [line for line in comment.splitlines() if line.startswith(f"- {criterion} — ")]
        if evidence is None:
            assert item.endswith(" — _no evidence in the diff_")
            continue
        label, path = evidence
        link = re.escape(f"/fabrikam/Fabrikam%20Fiber/_git/storefront/pullrequest/1842?_a=files&path={path})")
        assert re.search(rf" — \[`{re.escape(label)}`\]\(http://127\.0\.0\.1:\d+{link}", item), item
    assert "Evidence is by file name only" not in comment
    verdicts = "\n".join(line for line in comment.splitlines() if not line.startswith("**Tasks:**"))  # tasks: done
    assert not re.search(r"\b(met|done|passed|satisfied)\b", verdicts)


def test_the_demo_comment_never_drops_what_a_reviewer_cannot_do_without() -> None:
    """Issue 18 under the 3,000-visible-character ceiling: system info, the screenshot, every criterion, the story's own
    words, the rule for the bug; what yielded, the comment says."""
    comment, _ = run_demo()
    assert (
        "\n\n**System info:** Web checkout, release 2025.10.3 (storefront@4f2a9c1); Chrome 129 on Windows 11" in comment
    )
    assert re.search(
        r"\(image: \[checkout-total\.png\]\(http://127\.0\.0\.1:\d+/fabrikam/[^)]*/_apis/wit/attachments/", comment
    )
    for criterion in (
        "The gift card is charged first",
        "If the second payment fails",
        "The order total is rounded once",
        "The confirmation e-mail and the ledger export list both payments.",
    ):
        assert f"\n- {criterion}" in comment
    assert "\n\n_Trimmed to fit 3,000 visible characters: " in comment
    blocks = comment.split("\n\n")
    for before, block, after in zip(blocks, blocks[1:], blocks[2:], strict=False):
        assert not (block == "…" and link_only(before) and link_only(after))


def test_the_docs_state_the_demo_comments_size() -> None:
    comment, _ = run_demo()
    stated = re.search(r"demo's comment reads ([\d,]+) visible characters", COMMENT_DOC.read_text(encoding="utf-8"))
    assert stated, "docs/comment.md says how long the demo's comment is"
    size, shown = int(stated.group(1).replace(",", "")), visible_size(comment)
    assert size <= DEMO_COMMENT_LIMIT and abs(size - shown) <= 150, f"the demo's comment reads {shown:,}"


def test_the_demo_quotes_each_of_its_three_pages() -> None:
    """Issue 27: every cited page the change speaks to says its piece, under the 3,000-visible-character ceiling:
    the design's allocation order, rule 4 of the rounding policy, the runbook's known cause (its sentence that
    repeats the bug's actual outcome left out), each a short quote under its title, every criterion kept."""
    comment, _ = run_demo()
    quotes = [block for block in comment.split("\n\n") if block.startswith("> _Excerpt")]
    assert len(quotes) == 3 and all(visible_size(q) <= 330 for q in quotes), quotes
    rule = "4\\. Percentage discounts are applied to the unrounded subtotal, never to rounded line totals."
    rule = f"> _Excerpt, Rules:_ {rule}"
    assert rule in comment
    assert "> _Excerpt, Allocation order:_ The split is computed in `src/payments/split_tender.py`" in comment
    assert "> _Excerpt, Known causes:_ Checkout now rounds the order total once" in comment
    assert comment.count("each line") == 1  # said once, in the bug's Actual outcome
    for page in ("Gift card split payments - design", "Checkout rounding policy", "Ledger reconciliation"):
        assert f"#### [{page}](" in comment
    assert "**System info:**" in comment and "(image: [checkout-total.png](" in comment
