"""What the comment quotes of each cited page: the passages the change speaks to, a page that matches nothing by
its lead sentence and then its title (counted in the last line), a passage a work item already shows only once,
and the same comment whatever the length of the organization's address."""

from __future__ import annotations

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile, Gathered, PageRef, PullRequest, PullRequestRef, WorkItem
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.summarize import summarize_all
from doc_context.text.visible import visible_size

from .pagerefs import confluence_page

DIFF = """\
--- a/src/checkout/totals.py
+++ b/src/checkout/totals.py
@@ -1,0 +1,3 @@
+from .rounding import round_once
+    # percentage discounts apply to the unrounded subtotal, never to rounded line totals
+    return round_once(discounted, currency="EUR")
"""
POLICY = """This policy applies to every amount shown to a shopper or sent to the ledger.

## Rules

1. Compute with integer cents.
2. Round once with `round_once`, on the order total.
3. Percentage discounts apply to the unrounded subtotal, never to rounded line totals.

> **Warning: Rounding**
>
> Totals are rounded at order level. Checkout showed €10.02 because each line was rounded before summing.
"""
OFFICE = """The office moves to the third floor in spring, and the kitchen gets a new coffee machine.

## Parking

Bring your badge to open the garage. Bicycles go in the yard behind the building.
"""


def gathered(org: str = "https://dev.azure.com/fabrikam") -> Gathered:
    bug = WorkItem(
        4211,
        7,
        "Bug",
        "Checkout total is off by one cent",
        "Active",
        fields={
            "Microsoft.VSTS.TCM.ReproSteps": "<ol><li>Add 3 totes.</li></ol>"
            "<div>Expected: checkout shows €10.00.</div>"
            "<div>Actual: checkout shows €10.02 because each line was rounded before summing.</div>",
        },
        web_url=f"{org}/Shop/_workitems/edit/4211",
    )
    policy = confluence_page(PageRef(page_id=42), 42, "Rounding policy", "PAY", 3, f"{org}/wiki/42", POLICY)
    office = confluence_page(PageRef(page_id=43), 43, "Office notes", "HR", 1, f"{org}/wiki/43", OFFICE)
    return Gathered(
        PullRequest(PullRequestRef(org, "Shop", "shop", 7), "Round once", ""),
        (bug,),
        (ChangedFile("/src/checkout/totals.py", "edit"),),
        ((policy, (4211,)), (office, (4211,))),
        (),
        (),
        diff_text=DIFF,
        diff_lines=parse_diff(DIFF),
    )


def comment(budget: int = 3_000, org: str = "https://dev.azure.com/fabrikam") -> str:
    found = gathered(org)
    return compose(found, *summarize_all(found), Options("test", budget=budget))


def test_each_page_the_change_speaks_to_shows_its_best_passages_as_quotes() -> None:
    out = comment()
    rule = (
        "> _Excerpt, Rules:_ 3\\. Percentage discounts apply to the unrounded subtotal, never to rounded line totals."
    )
    assert rule in out and "> _Excerpt, Rules:_ 2\\. Round once with `round_once`, on the order total." in out
    assert out.index("#### [Rounding policy](") < out.index(rule)  # its title and link above its quotes
    assert "Compute with integer cents" not in out  # a rule the change does not speak to


def test_a_page_that_matches_nothing_shows_its_lead_then_only_its_title_counted_in_the_last_line() -> None:
    roomy = comment()
    assert (
        "> _Excerpt:_ The office moves to the third floor in spring" in roomy
    )  # its lead sentence, while there is room
    assert "Bicycles" not in roomy and "title only" not in roomy
    tight = next(out for b in range(3_000, 0, -10) if "The office moves" not in (out := comment(b)))
    assert "#### [Office notes](" in tight and "Percentage discounts apply" in tight  # the title stays, and the rule
    last = tight.rstrip().rsplit("\n\n", 1)[1]
    assert last.startswith("_Trimmed to fit ") and last.endswith("; 1 page title only._"), last


def test_a_passage_a_work_item_already_shows_is_shown_once() -> None:
    out = comment()
    assert out.count("because each line was rounded before summing") == 1  # in the bug's Actual outcome only
    assert "Checkout showed €10.02" not in out  # the callout's sentence that repeats it is not quoted
    actual = "Actual: checkout shows €10.02 because each line was rounded before summing."
    unsaid = weigh_pages([(POLICY, "Rounding policy")], change_terms(Change(parse_diff(DIFF)), [actual]))[0].text
    assert "Checkout showed €10.02 because each line" in unsaid  # the control: it matches, were it not said


def test_the_organizations_address_takes_no_room_from_the_text() -> None:
    """A long collection URL and a short one give the same comment, but for the addresses: the ceiling counts
    what a reader sees, and link targets are not seen."""
    short, long = "https://dev.azure.com/f", "https://tfs.fabrikam-internal.example:44300/tfs/DefaultCollection"
    for budget in (600, 900, 1_400, 3_000):
        a, b = comment(budget, short), comment(budget, long)
        assert a.replace(short, long) == b, budget
        assert visible_size(a) == visible_size(b) <= budget
