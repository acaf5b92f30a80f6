"""The comment's ceiling is a limit, not a target: far under it nothing that matches the change is dropped;
over it, parts yield in the order comment/yields.py writes down (a page's weaker quotes first; its best
quote after the parents and the evidence files; system info and criteria last)."""

from __future__ import annotations

import pytest

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.comment.render import COUNTED
from doc_context.models import ChangedFile, Gathered, PageRef, PullRequest, PullRequestRef, Relation, WorkItem
from doc_context.summary.quotes import MAX_QUOTES
from doc_context.summary.summarize import summarize_all
from doc_context.text.visible import visible_size

from .pagerefs import confluence_page

ORG = "https://dev.azure.com/fabrikam"
REF = PullRequestRef(ORG, "Shop", "shop", 7)
CHANGED = (ChangedFile("/src/checkout/totals.py", "edit"), ChangedFile("/src/checkout/rounding.py", "add"))
DIFF = """\
--- a/src/checkout/rounding.py
+++ b/src/checkout/rounding.py
@@ -1,0 +1,4 @@
+from decimal import ROUND_HALF_EVEN, Decimal
+def round_once(amount: Decimal, currency: str) -> Decimal:
+    \"\"\"The unrounded subtotal, discounted, then rounded once to the currency's minor unit.\"\"\"
+    return amount.quantize(MINOR[currency], rounding=ROUND_HALF_EVEN)
"""
RULES = [
    "Round once, on the order total, to the currency's minor unit.",
    "Use ROUND_HALF_EVEN for every amount, the order total included.",
    "Percentage discounts apply to the unrounded subtotal.",
    "Every currency's minor unit comes from the currency table, never from a constant.",
    "A refund is rounded once, like the order total it refunds.",
    "The ledger export writes the order total as rounded once, in the currency's minor unit.",
    "Gift card redemptions are amounts in the minor unit, rounded once with ROUND_HALF_EVEN.",
    "Tests state the amount as a Decimal and the currency, never as a float.",
]
POLICY = (
    "# Rounding policy\n\nThis policy applies to every amount shown to a shopper or sent to the ledger.\n\n"
    "## Rules\n\n" + "\n".join(f"{n}. {rule}" for n, rule in enumerate(RULES, 1)) + "\n\n"
    "## Office\n\nThe office plants are watered on Mondays. Bring your badge on Fridays.\n"
)
CRITERIA = [f"Criterion {n}: the order total of a basket with {n} lines is rounded once." for n in range(1, 11)]


def gathered() -> Gathered:
    story = WorkItem(
        4198,
        3,
        "User Story",
        "Round the order total once",
        "Active",
        fields={
            "System.Description": "<div>As a shopper I want the total I see to be the total I pay.</div>"
            "<div>Finance reconciles the ledger export monthly. The export rounds each order total once.</div>"
            '<div>Design: <a href="https://x.example/design">rounding once</a></div>',
            "Microsoft.VSTS.Common.AcceptanceCriteria": "<ul>" + "".join(f"<li>{c}</li>" for c in CRITERIA) + "</ul>",
        },
        relations=(Relation("System.LinkTypes.Hierarchy-Reverse", f"{ORG}/_apis/wit/workItems/3907"),),
        web_url=f"{ORG}/Shop/_workitems/edit/4198",
    )
    bug = WorkItem(
        4211,
        7,
        "Bug",
        "Checkout total is off by one cent",
        "Active",
        fields={
            "Microsoft.VSTS.TCM.ReproSteps": "<ol>"
            + "".join(f"<li>Step {n}: add line {n} to the basket.</li>" for n in range(1, 7))
            + "</ol><div>Expected: €10.00</div><div>Actual: €10.02</div>",
            "Microsoft.VSTS.TCM.SystemInfo": "Firefox 131 on Ubuntu 24.04 kiosk build 7.3.1",
        },
        web_url=f"{ORG}/Shop/_workitems/edit/4211",
    )
    feature = WorkItem(3907, 2, "Feature", "Totals that reconcile", "Active", fields={"System.Description": "Goal."})
    page = confluence_page(
        PageRef(page_id=42), 42, "Rounding policy", "PAY", 3, "https://x.atlassian.net/wiki/pages/42", POLICY
    )
    pr = PullRequest(REF, "Round once", "")
    return Gathered(
        pr,
        (story, bug),
        CHANGED,
        ((page, (4198,)),),
        (),
        (),
        parents=(feature,),
        diff_text=DIFF,
        diff_lines=parse_diff(DIFF),
    )


def comment(budget: int) -> str:
    found = gathered()
    return compose(found, *summarize_all(found), Options("test", budget=budget, summary_url="https://x/summary"))


def quotes() -> tuple[str, str]:
    """The page's best quote and its weakest, as the comment shows them (the page's rungs say which yields first)."""
    _, pages = summarize_all(gathered())
    (page,) = pages
    rungs = [text for _, text in page.shorter or ()]
    best = rungs[-2] if len(rungs) > 1 else page.text  # the last rung before the page is title only
    weakest = next(q for q in page.text.split("\n\n") if q not in rungs[0].split("\n\n"))
    return best, weakest


def test_far_under_the_ceiling_every_criterion_and_the_best_rules_stay() -> None:
    out = comment(12_000)
    assert visible_size(out) < 3_000 and "_Trimmed" not in out  # far under the ceiling: nothing yields
    quoted = [rule for rule in RULES if rule in out]
    assert 2 <= len(quoted) <= MAX_QUOTES and RULES[1] in quoted  # the rules that match, each a short quote
    assert out.count("> _Excerpt, Rules:_ ") == len(quoted)
    for criterion in CRITERIA:
        assert f"\n- {criterion}" in out
    assert "**System info:** Firefox 131 on Ubuntu 24.04 kiosk build 7.3.1" in out
    assert "office plants" not in out  # what does not match the change is not filler


def marks() -> dict[str, tuple[int, str]]:
    """What each tier of the yield order takes: (tier, the text that goes with it)."""
    best, weakest = quotes()
    return {
        "page middle": (1, weakest),  # the weakest quote of the page
        "link-only line": (2, "Design: [rounding once](https://x.example/design)"),
        "description beyond its lead": (3, "The export rounds each order total once."),
        "repro steps beyond the first three": (3, "6. add line 6 to the basket."),
        "parent": (4, "Part of Feature 3907: Totals that reconcile"),
        "page's best passage": (6, best),
        "system info": (7, "**System info:** Firefox 131"),
        "criterion": (7, CRITERIA[9]),
    }


@pytest.mark.parametrize("budget", range(400, 2_400, 50))
def test_parts_yield_in_the_written_order(budget: int) -> None:
    out, tiers = comment(budget), marks()
    assert visible_size(out) <= budget
    gone = {name: tier for name, (tier, mark) in tiers.items() if mark not in out}
    if gone:
        assert f"\n\n_Trimmed to fit {budget:,} {COUNTED}: " in out
    for name, tier in gone.items():
        earlier = [other for other, (t, _) in tiers.items() if t < tier]
        assert all(other in gone for other in earlier), f"{name} went before {earlier}"


def test_the_yield_order_step_by_step() -> None:
    """Each step of yields.steps, in turn: the page's weaker quotes, the link-only line, the description beyond its
    lead and the steps beyond three, the parents, the page's best quote (the page stays, by its title), then the
    work items' texts, then whole pages and work items."""
    from doc_context.comment import yields
    from doc_context.comment.sections import item_parts, page_parts

    items, pages = summarize_all(gathered())
    taken = [(what, how) for what, how, _ in yields.steps(item_parts(items, pr=REF), page_parts(pages))]
    middles = len(pages[0].shorter or ()) - 1
    assert taken[:middles] == [("page excerpt", "shortened")] * middles
    assert taken[middles:] == [
        ("work item text", "shortened"),  # the story's link-only line
        ("work item text", "shortened"),  # the bug's steps beyond three
        ("work item text", "shortened"),  # the story's description beyond its lead
        ("parent line", "left out"),
        ("page excerpt", "left out"),  # the best quote: the page is its title and link now
        ("work item text", "left out"),  # each work item's text: criteria, system info
        ("work item text", "left out"),
        ("page", "left out"),
        ("work item", "left out"),
        ("work item", "left out"),
    ]


def test_a_page_middle_goes_before_its_best_match() -> None:
    best, weakest = quotes()
    out = next(out for b in range(3_000, 0, -25) if weakest not in (out := comment(b)))
    assert best in out and f" {COUNTED}: 1 page excerpt shortened" in out  # the weakest quote went, the best stayed


def test_the_size_the_ceiling_is_held_to_is_the_length_of_the_text_at_every_step() -> None:
    """render_comment measures the layout after each yield without joining it: the measure is the text's length,
    the note and the link included, from the whole comment down to its titles."""
    from doc_context.comment import yields
    from doc_context.comment.render import Layout
    from doc_context.comment.sections import item_parts, page_parts

    items, pages = summarize_all(gathered())
    layout = Layout(["## Business context", "Two work items."], item_parts(items, pr=REF), page_parts(pages))
    layout.link = "_In full: [build summary](https://x/summary)_"
    steps, taken = yields.steps(layout.items, layout.pages), 0
    while True:
        for note in ("", "_Trimmed to fit._"):
            assert layout.size(note) == len(layout.text(note))
            assert layout.visible(note) == visible_size(layout.text(note))
        if next(steps, None) is None:
            break
        taken += 1
    assert taken > 10 and not layout.pages and not layout.items  # every step was measured, to the last
