"""Summaries of work items and pages, ranked against the changed files and diff; the tokens behind them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.comment.criteria_list import criteria_markdown
from doc_context.models import ChangedFile, Criterion, Gathered, PageRef, Relation, WorkItem, Yields
from doc_context.relevance.words import path_tokens, stem, words
from doc_context.summary import worktypes
from doc_context.summary.acceptance_criteria import parse_criteria
from doc_context.summary.repro import Repro, parse_repro
from doc_context.summary.summarize import page_summary, summarize_all, work_item_summary
from doc_context.summary.tokens import clip, diff_tokens, identifiers, pick, split_sentences

from .pagerefs import confluence_page

DATA = Path(__file__).parent / "data" / "workitems"
DESCRIPTION = worktypes.DESCRIPTION.name
REPRO_STEPS = worktypes.REPRO_STEPS.name
CHANGED = (
    ChangedFile("/src/checkout/cart_totals.py", "edit"),
    ChangedFile("/src/checkout/TaxRate.cs", "add"),
    ChangedFile("/src/auth/login_form.py", "edit"),
)
DIFF = """\
--- a/src/checkout/cart_totals.py
+++ b/src/checkout/cart_totals.py
@@ -1,3 +1,4 @@
-def cart_total(items):
+def cart_total(items, shipping_country):
+    rate = tax_rate_for(shipping_country)
"""


def load(name: str) -> WorkItem:
    return WorkItem(**yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8")))


def item(type_: str, **fields: str) -> WorkItem:
    return WorkItem(id=7, rev=1, type=type_, title="A title", state="New", fields=fields)


# ---- tokens -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("calculateCartTotal", ["calculate", "cart", "total"]),
        ("tax_rate_for", ["tax", "rate"]),
        ("HTTPServerError", ["http", "server", "error"]),
        ("The totals, the entries!", ["total", "entry"]),
        ("a an of to 42 x1", []),
        ("class status bus", ["class", "status", "bus"]),
    ],
)
def test_words(text: str, expected: list[str]) -> None:
    assert words(text) == [stem(w) for w in expected]


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("totals", "total"),
        ("entries", "entry"),
        ("class", "class"),
        ("status", "status"),
        ("tax", "tax"),
        ("rounding", "round"),
        ("rounded", "round"),
        ("shipped", "ship"),
        ("passed", "pass"),
        ("called", "call"),
        ("added", "add"),
        ("thing", "thing"),
        ("free", "free"),
    ],
)
def test_stem(word: str, expected: str) -> None:
    assert stem(word) == expected


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("charge", "charged"),
        ("fix", "fixes"),
        ("fixed", "fix"),
        ("class", "classes"),
        ("price", "pricing"),
    ],
)
def test_stem_meets_inflections(one: str, other: str) -> None:
    assert stem(one) == stem(other)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("orderTotal", ["order_total"]),
        ("ORDER_TOTALS and order_total", ["order_total", "order_total"]),
        ("checkout.totals.order_total()", ["order_total"]),
        ("plain words only", []),
        ("HTTP2Server", ["http_2_server"]),
    ],
)
def test_identifiers(text: str, expected: list[str]) -> None:
    assert identifiers(text) == expected


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/src/checkout/totals.py", {"checkout", "total"}),
        ("/src/checkout/TaxRate.cs", {"checkout", "tax", "rate"}),
        ("/tests/utils/index.ts", set()),
        ("/src/Shop.Web/Pages/Cart.cshtml", {"shop", "web", "page", "cart", "cshtml"}),
    ],
)
def test_path_tokens(path: str, expected: set[str]) -> None:
    assert path_tokens(path) == {stem(w) for w in expected}


def test_diff_tokens_take_changed_lines_only() -> None:
    diff = "--- a/old_name.py\n+++ b/new_name.py\n@@\n context_line\n-def removed_thing(self):\n+return addedValue\n"
    expected = {"removed", "thing", "added", "value", "removed_thing", "added_value"}
    assert diff_tokens(diff) == {"_".join(stem(p) for p in w.split("_")) for w in expected}


def test_diff_tokens_skip_keywords_and_cap_long_lines() -> None:
    diff = "+return None if self else True\n+" + "x" * 5_000 + " tail_word\n"
    assert diff_tokens(diff) == frozenset()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One. Two! Three? Four", ["One.", "Two!", "Three?", "Four"]),
        ("line one\nline two", ["line one", "line two"]),
        ("1. Open the cart. Then pay.", ["1. Open the cart.", "Then pay."]),
        ("Costs 1.50 EUR. Paid.", ["Costs 1.50 EUR.", "Paid."]),
        ("Use a tool, e.g. make. Done.", ["Use a tool, e.g. make.", "Done."]),
        ("- item\n\n- other", ["- item", "- other"]),
        ("", []),
    ],
)
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("short", 10, "short"),
        ("the quick brown fox", 12, "the quick…"),
        ("the quick brown fox", 19, "the quick brown fox"),
        ("abcdefghij", 5, "abcd…"),
        ("one, two, three", 10, "one, two…"),
        ("abc", 1, "…"),
    ],
)
def test_clip_never_cuts_a_word(text: str, limit: int, expected: str) -> None:
    assert clip(text, limit) == expected
    assert len(clip(text, limit)) <= limit


def test_pick_keeps_relevant_sentences_in_order() -> None:
    sentences = ["Intro.", "Nothing here at all.", "The cart total is wrong.", "Weather is nice.", "Tax too."]
    assert pick(sentences, frozenset({"cart", "total", "tax"}), 40) == [0, 2, 4]


# ---- type branching ------------------------------------------------------------------------


def test_bug_never_uses_its_description() -> None:
    bug = load("bug-101")
    assert "LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR" in bug.fields[DESCRIPTION]
    summary = work_item_summary(bug, CHANGED, DIFF)
    assert "LEGACY" not in summary.text + summary.more
    # the comment: the steps first, unlabelled under the Bug's heading; what should and did happen are criteria
    assert summary.text.startswith("1. Sign in as a customer whose shipping country is *Germany*.")
    expected, actual = summary.criteria
    assert (expected.label, expected.text) == ("Expected", "the total includes 19% VAT (23.80 EUR).")
    assert (actual.label, actual.text) == ("Actual", "the total is 20.00 EUR; the tax line shows 0.00.")
    assert "Expected" not in summary.text + summary.more
    # the build summary: the steps labelled, and the system info too
    assert "**Repro steps**\n1. Sign in as a customer whose shipping country is *Germany*." in summary.more
    assert "**System info:** Browser: Edge 120; OS: Windows 11; Environment: staging" in summary.more
    assert summary.text.endswith("\n\n**System info:** Browser: Edge 120; OS: Windows 11; Environment: staging")


def test_bug_with_only_a_description_says_so() -> None:
    summary = work_item_summary(item("Bug", **{DESCRIPTION: "<div>LEGACY-DESCRIPTION</div>"}), CHANGED)
    assert summary.text == "_No repro steps or system info._"


def test_custom_type_uses_the_description() -> None:
    summary = work_item_summary(load("risk-103"), CHANGED, DIFF)
    assert summary.text.startswith("Auditors require that every cart total")
    assert "REPRO-STEPS" not in summary.text
    assert summary.heading == "Compliance Risk 103: Tax amounts must be auditable"
    assert (summary.kind, summary.meta) == ("Compliance Risk", "Under review")


def test_story_lists_withdrawn_criteria_apart() -> None:
    summary = work_item_summary(load("story-102"), CHANGED, DIFF)
    live, _, withdrawn = criteria_markdown(summary.criteria).partition("**Withdrawn criteria**")
    assert "- The tax rate follows the shipping country, not the billing country." in live
    assert "emailed" not in live
    assert "- ~~The breakdown is also emailed to the customer.~~" in withdrawn


@pytest.mark.parametrize(
    ("markdown", "live", "withdrawn"),
    [
        ("- a\n- ~~b~~\n- c", ["a", "c"], ["b"]),
        ("1. **~~gone~~**\n2. keep ~~old~~ new", ["keep ~~old~~ new"], ["gone"]),
        ("Acceptance criteria:\n~~x~~ ~~y~~", [], ["x y"]),
        ("", [], []),
    ],
)
def test_parse_criteria(markdown: str, live: list[str], withdrawn: list[str]) -> None:
    criteria = parse_criteria(markdown)
    assert [c.text for c in criteria if not c.struck] == live
    assert [c.text for c in criteria if c.struck] == withdrawn
    assert all(isinstance(c, Criterion) for c in criteria)


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("1. open\n2. pay\n\nExpected: paid\n\nActual: error", Repro(("open", "pay"), "paid", "error")),
        ("Steps to reproduce:\n- Step 1: open\n- Step 2: pay", Repro(("open", "pay"))),
        ("1. open\n2. Expected result - shows total", Repro(("open",), "shows total")),
        ("open\n**Actual behaviour**\nit crashes\nevery time", Repro(("open",), actual="it crashes every time")),
        ("Actually it works", Repro(("Actually it works",))),
        ("Found while testing.\n\n1. open\n2. pay", Repro(("open", "pay"), context=("Found while testing.",))),
        (
            "Step 1: open\nStep 2: pay\nNote: only on Mondays",
            Repro(("open", "pay"), context=("Note: only on Mondays",)),
        ),
        ("1. add items\n   1. use quick-add\n2. pay", Repro(("add items — use quick-add", "pay"))),
    ],
)
def test_parse_repro(markdown: str, expected: Repro) -> None:
    assert parse_repro(markdown) == expected


def test_an_introduction_is_context_not_step_one() -> None:
    html = (
        "<div>Found while reconciling the October ledger export.</div><div><br></div>"
        "<ol><li>Add 3 totes.</li><li>Apply the voucher.</li></ol><div><b>Expected:</b> €10.00</div>"
    )
    summary = work_item_summary(item("Bug", **{REPRO_STEPS: html}), CHANGED)
    text = summary.more
    assert text.startswith("Found while reconciling the October ledger export.\n\n**Repro steps**\n1. Add 3 totes.")
    assert "2. Apply the voucher." in text and "3." not in text
    assert summary.text.startswith("1. Add 3 totes.")  # the comment leaves the background to the build summary


def test_many_repro_steps_are_capped() -> None:
    steps = "".join(f"<li>step number {i}</li>" for i in range(40))
    summary = work_item_summary(item("Bug", **{REPRO_STEPS: f"<ol>{steps}</ol>"}), CHANGED)
    assert "15. step number 14" in summary.text
    assert "16." not in summary.text
    assert summary.text.endswith("…and 25 more steps")


def test_markdown_field_taken_as_is() -> None:
    story = WorkItem(
        id=8,
        rev=1,
        type="Task",
        title="t",
        state="New",
        fields={DESCRIPTION: "Keep **this** & <that>"},
        markdown_fields=frozenset({DESCRIPTION}),
    )
    assert work_item_summary(story, ()).text == "Keep **this** & <that>"


def test_description_keeps_relevant_sentences_within_budget() -> None:
    filler = " ".join(f"Unrelated remark number {i} about the office coffee machine." for i in range(30))
    html = f"<div>Customers pay the wrong price. {filler} The cart total must use the tax rate.</div>"
    summary = work_item_summary(item("Task", **{DESCRIPTION: html}), CHANGED, DIFF)
    assert summary.text.startswith("Customers pay the wrong price.")
    assert summary.text.endswith("The cart total must use the tax rate.")
    assert len(summary.text) <= 600


def test_related_files_and_relevance() -> None:
    summary = work_item_summary(load("bug-101"), CHANGED, DIFF)
    assert summary.related_files == ()  # it speaks to both code files of three: naming them tells nothing
    more = work_item_summary(load("bug-101"), (*CHANGED, *MORE), DIFF).related_files
    assert set(more) == {"/src/checkout/TaxRate.cs", "/src/checkout/cart_totals.py"}
    assert summary.relevance > work_item_summary(item("Task"), CHANGED, DIFF).relevance
    assert summary.source_id == "work item 101"
    assert summary.url == "https://dev.azure.com/fabrikam/Shop/_workitems/edit/101"


MORE = tuple(ChangedFile(f"/src/shipping/zone_{n}.py", "edit") for n in range(3))
PAGE_TEXT = """\
# Tax rules
This page describes how the shop works.

## Office
The office moves in May. Bring your badge.

## Shipping country
The tax rate is the rate of the shipping country.

```python
rate = 0.19
```
"""


def test_page_summary() -> None:
    page = confluence_page(PageRef(page_id=5), 5, "Tax rules", "SHOP", 7, "https://wiki.example/pages/5", PAGE_TEXT)
    summary = page_summary(page, CHANGED, [12, 3, 12], DIFF)
    assert summary.cited_by == (3, 12)
    assert (summary.source_id, summary.heading, summary.kind) == ("page 5", "Tax rules", "page")
    assert (summary.url, summary.version, summary.meta) == ("https://wiki.example/pages/5", "7", "space SHOP")
    assert summary.text == "> _Excerpt, Shipping country:_ The tax rate is the rate of the shipping country."
    assert summary.shorter == ((Yields.PAGE_BEST, ""),)  # its one quote is its best: it yields at PAGE_BEST
    assert summary.more == (
        "This page describes how the shop works.\n\n**Office**\n\nThe office moves in May. Bring your badge.\n\n"
        "**Shipping country**\n\nThe tax rate is the rate of the shipping country."
    )
    assert "**Tax rules**" not in summary.text and "rate = 0.19" not in summary.text
    assert summary.related_files == ("/src/checkout/TaxRate.cs",)


def test_long_page_keeps_the_relevant_part() -> None:
    filler = "\n".join(f"The office plant number {i} needs water on Mondays." for i in range(60))
    text = f"# Intro\nWelcome.\n{filler}\n## Totals\nThe cart total includes the tax rate.\n"
    page = confluence_page(PageRef(page_id=6), 6, "Handbook", "", 1, "", text)
    summary = page_summary(page, CHANGED, [], DIFF)
    assert summary.text == "> _Excerpt, Totals:_ The cart total includes the tax rate."  # not the lead, not filler
    assert len(summary.text) <= 800


def test_summaries_are_deterministic() -> None:
    one = [work_item_summary(load(n), CHANGED, DIFF) for n in ("bug-101", "story-102", "risk-103")]
    two = [work_item_summary(load(n), CHANGED, DIFF) for n in ("bug-101", "story-102", "risk-103")]
    assert one == two


# ---- all sources, as a run composes them ----------------------------------------------------


def gathered(*items: WorkItem, pages: tuple = (), parents: tuple[WorkItem, ...] = ()) -> Gathered:
    return Gathered(None, items, CHANGED, pages, (), (), parents=parents, diff_text=DIFF, diff_lines=parse_diff(DIFF))


def test_summarize_all_ranks_by_relevance() -> None:
    items, _ = summarize_all(gathered(item("Task"), load("bug-101"), load("risk-103")))
    assert next(s.source_id for s in items) == "work item 101"
    assert items[-1].source_id == "work item 7"


def test_a_page_lists_the_items_citing_it_once_in_order() -> None:
    page = confluence_page(PageRef(page_id=5), 5, "Tax rules", "SHOP", 7, "", "The tax rate of the shipping country.")
    _, pages = summarize_all(gathered(pages=((page, (102, 101, 102)),)))
    assert pages[0].cited_by == (101, 102)


def test_compose_uses_the_diff_the_parents_and_the_extra_fields() -> None:
    bug = replace(
        load("bug-101"),
        fields={**load("bug-101").fields, "Microsoft.VSTS.Common.Severity": "2 - High"},
        relations=(Relation("System.LinkTypes.Hierarchy-Reverse", "https://x/_apis/wit/workItems/9"),),
    )
    feature = WorkItem(
        9,
        1,
        "Feature",
        "Tax everywhere",
        "Active",
        fields={"System.Description": "<p>Charge the right tax. Always.</p>"},
    )
    options = Options("t", extra={"bug": ("Microsoft.VSTS.Common.Severity",)})
    both = gathered(bug, parents=(feature,))
    out = compose(both, *summarize_all(both, extra=options.extra), options)
    assert "\nActive · **Severity:** 2 - High" in out
    assert "\n\nPart of Feature 9: Tax everywhere — Charge the right tax.\n\n" in out
    assert out == compose(both, *summarize_all(both, extra=options.extra), options)


def test_a_file_every_work_item_names_is_named_under_none() -> None:
    items = [item("Task", **{DESCRIPTION: f"<p>Item {n} changes the cart totals.</p>"}) for n in range(3)]
    items = [replace(it, id=100 + n) for n, it in enumerate(items)]
    more = replace(gathered(*items), changed_files=(*CHANGED, *MORE))
    summaries, _ = summarize_all(more)
    assert all(s.related_files == () for s in summaries)  # "Touches: cart_totals.py" three times says nothing
    two, _ = summarize_all(replace(more, work_items=tuple(items[:2])))
    assert all(s.related_files == ("/src/checkout/cart_totals.py",) for s in two)


def test_two_wikis_page_5_are_two_summaries_each_keyed_by_its_page() -> None:
    """One key per page, (source, scope, id): each summary carries its page's key, never "wiki page 5" alone."""
    from doc_context.models import Page
    from doc_context.sources.wiki.links import WikiRef

    def wiki_page(wiki: str, text: str) -> Page:
        ref = WikiRef("Fabrikam", wiki, page_id=5)
        url = f"https://dev.azure.com/fabrikam/Fabrikam/_wiki/wikis/{wiki}/5"
        kept = {"source": "wiki", "scope": wiki.casefold(), "section": "Wiki pages", "restriction": "none"}
        return Page(ref, 5, wiki, "", "e1f4013", url, text, noun="wiki page", place=f"wiki {wiki}", **kept)

    alerts, payroll = wiki_page("Alerts.wiki", "Page the on-call."), wiki_page("Payroll.wiki", "Pay on Fridays.")
    _, pages = summarize_all(gathered(pages=((alerts, (0,)), (payroll, (0,)))))

    by_key = {s.page: s for s in pages}
    assert set(by_key) == {("wiki", "alerts.wiki", 5), ("wiki", "payroll.wiki", 5)}
    assert by_key[alerts.key].url.endswith("/Alerts.wiki/5") and "on-call" in by_key[alerts.key].text
    assert by_key[payroll.key].url.endswith("/Payroll.wiki/5") and "Fridays" in by_key[payroll.key].text
    assert len({s.source_id for s in pages}) == 2  # what the model is told names each apart too
