"""The comment markdown: layout, size budget, and neutralization of untrusted text."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from doc_context.comment.overview import LLM_NOTE
from doc_context.comment.render import COUNTED, HARD_CAP, TITLE, render_comment
from doc_context.models import ChangedFile, PageRef, PullRequest, PullRequestRef, Summary, WorkItem
from doc_context.sources.confluence.links import page_url
from doc_context.summary.summarize import page_summary, work_item_summary
from doc_context.text.visible import visible_size

from .golden import assert_golden
from .pagerefs import confluence_page
from .rendering import raw_html, visible_text

DATA = Path(__file__).parent / "data" / "workitems"
REF = PullRequestRef("https://dev.azure.com/fabrikam", "Shop", "shop", 42)
PR = PullRequest(REF, "Use the shipping country's tax rate in cart totals", "")
CHANGED = (
    ChangedFile("/src/checkout/cart_totals.py", "edit"),
    ChangedFile("/src/checkout/TaxRate.cs", "add"),
    ChangedFile("/docs/README.md", "edit"),
)


def load(name: str) -> WorkItem:
    return WorkItem(**yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8")))


def example() -> str:
    diff = (DATA / "pr.diff").read_text(encoding="utf-8")
    items = [work_item_summary(load(n), CHANGED, diff) for n in ("bug-101", "story-102", "risk-103")]
    text = (DATA / "page-tax-rules.md").read_text(encoding="utf-8")
    url = page_url("https://fabrikam.atlassian.net/wiki/spaces/SHOP/pages/123456/Tax+rules")  # as the client gives it
    page = confluence_page(PageRef(page_id=123456), 123456, "Tax rules", "SHOP", 7, url, text)
    pages = [page_summary(page, CHANGED, [102, 101], diff)]
    return render_comment(PR, items, pages, changed_count=len(CHANGED))


def summary(n: int, text: str = "", **kw: object) -> Summary:
    fields: dict[str, object] = {
        "heading": f"Bug {n}: Title {n}",
        "kind": "Bug",
        "meta": "Active",
        "url": f"https://dev.azure.com/x/_workitems/edit/{n}",
    }
    fields.update(kw)
    return Summary(f"work item {n}", text=text, **fields)  # type: ignore[arg-type]


# ---- the comment -----------------------------------------------------------------------------


def test_example_comment() -> None:
    assert_golden("render-example.md", example() + "\n")


def test_deterministic() -> None:
    assert example().encode() == example().encode()


def test_bug_description_never_reaches_the_comment() -> None:
    assert "LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR" not in example()
    assert "REPRO-STEPS-OF-A-NON-BUG" not in example()


def test_starts_with_the_title() -> None:
    assert example().startswith(TITLE + "\n\n")


@pytest.mark.parametrize("pr", [PR, None])
def test_no_work_items_is_one_line(pr: PullRequest | None) -> None:
    lines = render_comment(pr, [], []).split("\n")
    assert lines[0] == TITLE and len([line for line in lines if line]) == 2
    assert "has no linked work items" in lines[2]


def test_overview_says_what_the_pr_is_for() -> None:
    items = [
        summary(1),
        summary(2, kind="User Story", heading="User Story 2: Pay by gift card"),
        summary(3, kind="Bug"),
        summary(4, kind="Risk", heading="Risk 4: Audit"),
        summary(5, kind="Bug"),
    ]
    pages = [
        Summary("page 9", "Low", "", kind="page", relevance=1),
        Summary("page 8", "Tax rules", "", kind="page", relevance=3, url="https://wiki.example/8"),
    ]
    out = render_comment(PR, items, pages, changed_count=1)
    assert out.split("\n\n")[1] == (
        "This pull request fixes Bug 1, Bug 3 and Bug 5, implements User Story 2 and relates to Risk 4."
    )  # the titles head the sections right below; the PR's own is right above the comment
    many = [summary(n) for n in range(1, 8)]
    assert render_comment(PR, many, []).split("\n\n")[1] == (
        "This pull request fixes Bug 1, Bug 2, Bug 3, Bug 4 and 3 more."
    )


def test_llm_overview_replaces_the_overview_only() -> None:
    items = [summary(1, "Steps here.")]
    plain = render_comment(PR, items, [])
    out = render_comment(PR, items, [], llm_overview="It fixes\n\n## rounding @alice <b>now</b>.")
    assert out.split("\n\n")[1] == "It fixes ## rounding @alice &lt;b&gt;now&lt;/b&gt;."
    assert out.split("\n\n")[2] == LLM_NOTE
    assert out.split("\n\n")[3:] == plain.split("\n\n")[2:]
    assert render_comment(PR, items, [], llm_overview="  ") == plain


def test_work_item_section_layout() -> None:
    item = summary(
        4211,
        "**Repro steps**\n1. open",
        heading="Bug 4211: Off by one cent",
        meta="Active",
        extra=(("Severity", "2 - High"), ("Tags", "checkout; @ledger")),
        parents=(("Feature 3907: Gift cards", "Let shoppers use gift cards.", "https://x.example/3907"),),
        related_files=("/src/checkout/totals.py",),
        version="7",
        fields_used=("Microsoft.VSTS.TCM.ReproSteps", "Microsoft.VSTS.TCM.SystemInfo"),
    )
    section = render_comment(None, [item], []).split("\n\n", 2)[2]
    assert section == (
        "### [Bug 4211: Off by one cent](https://dev.azure.com/x/_workitems/edit/4211)\n"
        "Active · **Severity:** 2 - High · **Tags:** checkout; @ledger · **Touches:** `totals.py`\n\n"
        "Part of [Feature 3907: Gift cards](https://x.example/3907) — Let shoppers use gift cards.\n\n"
        "**Repro steps**\n\n1. open"
    )
    full = render_comment(None, [item], [], full=True).split("\n\n", 2)[2]
    assert full == section.replace("`totals.py`", "`/src/checkout/totals.py`") + (
        "\n\n_From work item 4211: Repro steps, System info · revision 7_"
    )


def test_items_sharing_a_parent_are_grouped_under_it_once() -> None:
    feature = ("Feature 3907: Gift cards", "Let shoppers use gift cards.", "https://x.example/3907")
    epic = ("Epic 3001: Payments", "", "https://x.example/3001")
    items = [
        summary(1, "one", parents=(feature, epic)),
        summary(2, "two"),
        summary(3, "three", parents=(feature, epic)),
        summary(4, "four", parents=(("Feature 9: Other", "", "https://x.example/9"),)),
    ]
    out = render_comment(None, items, [])
    assert out.count("Gift cards") == 1 and out.count("Let shoppers") == 1
    assert out.split("\n\n", 2)[2] == (
        "### [Feature 3907: Gift cards](https://x.example/3907)\n"
        "Let shoppers use gift cards. (in [Epic 3001: Payments](https://x.example/3001))\n\n"
        "#### [Bug 1: Title 1](https://dev.azure.com/x/_workitems/edit/1)\nActive\n\none\n\n"
        "#### [Bug 3: Title 3](https://dev.azure.com/x/_workitems/edit/3)\nActive\n\nthree\n\n"
        "### Other work items\n\n"
        "#### [Bug 2: Title 2](https://dev.azure.com/x/_workitems/edit/2)\nActive\n\ntwo\n\n"
        "#### [Bug 4: Title 4](https://dev.azure.com/x/_workitems/edit/4)\nActive\n\n"
        "Part of [Feature 9: Other](https://x.example/9)\n\nfour"
    )


def test_the_comment_links_to_the_build_summary_which_has_everything() -> None:
    item = summary(1, "short", more="short, and the rest", version="2", fields_used=("System.Description",))
    url = "https://dev.azure.com/x/P/_build/results?buildId=7&view=ms.vss-build-web.run-extensions-tab"
    out = render_comment(PR, [item], [], summary_url=url)
    assert out.endswith(f"\n\n_In full: [build summary]({url})_")
    assert "short, and the rest" not in out and "From work item" not in out
    full = render_comment(PR, [item], [], summary_url=url, full=True)
    assert "short, and the rest" in full and "_From work item 1: Description · revision 2_" in full
    assert "build summary" not in full  # no link to itself


def test_quotes_survive_and_tags_do_not() -> None:
    page = Summary("page 1", "P", "> **Info: Scope**\n>\n> One card <b>only</b>.", kind="page")
    out = render_comment(None, [summary(1)], [page])
    assert "\n> **Info: Scope**\n>\n> One card &lt;b&gt;only&lt;/b&gt;." in out


def test_shortening_never_breaks_a_table() -> None:
    table = "| A | B |\n| --- | --- |\n" + "\n".join(f"| row {i} | value {i} |" for i in range(30))
    items = [summary(1, "Intro line.\n\n" + table, relevance=0), summary(2, "x " * 2_000, relevance=9)]
    out = render_comment(None, items, [], budget=4_500)
    assert "Intro line." in out and "| A | B |" not in out and "| row" not in out


@pytest.mark.parametrize("budget", [12_000, 5_000, 2_000, 600])
def test_budget_on_fifty_long_work_items(budget: int) -> None:
    long = " ".join(f"Sentence {i} about the checkout flow and its totals." for i in range(60))
    items = [summary(n, long, related_files=(f"/src/m{n}.py",), relevance=n % 7) for n in range(50)]
    pages = [Summary(f"page {n}", f"Page {n}", long, cited_by=(n,), kind="page") for n in range(10)]
    out = render_comment(PR, items, pages, budget=budget)
    assert visible_size(out) <= budget
    assert out.rpartition("\n\n")[2].startswith("_Trimmed to fit ")


def test_least_relevant_work_item_text_goes_first() -> None:
    long = "word " * 400
    items = [summary(1, "RELEVANT " + long, relevance=5), summary(2, "IRRELEVANT " + long, relevance=0)]
    out = render_comment(None, items, [], budget=3_000)
    relevant, _, irrelevant = out.partition("IRRELEVANT")
    assert relevant.count("word") == 400
    assert irrelevant.count("word") < 100
    assert out.endswith(f"_Trimmed to fit 3,000 {COUNTED}: 1 work item text shortened._")


@pytest.mark.e2e  # slow (over a second): the full suite runs it, the fast tier leaves it out
def test_hard_cap() -> None:
    huge = "x " * 100_000
    items = [summary(n, huge, relevance=1) for n in range(20)]
    assert len(render_comment(PR, items, [], budget=10**9)) <= HARD_CAP


@pytest.mark.parametrize("limit", range(0, 60, 3))
def test_the_last_resort_cut_leaves_no_fence_open(limit: int) -> None:
    from doc_context.comment.render import _cut

    text = "## Title\n\nRun:\n\n```bash\necho <x>\n```\n\nthen\n\n```\nmore\n```"
    out = _cut(text, limit)
    assert visible_size(out) <= limit and out.count("```") % 2 == 0
    assert text.startswith(out)


@pytest.mark.parametrize("budget", [0, 10, 60, 200])
def test_tiny_budgets(budget: int) -> None:
    out = render_comment(PR, [summary(1, "text " * 100)], [], budget=budget)
    assert visible_size(out) <= budget


def test_untrusted_text_is_neutralized_everywhere() -> None:
    pr = PullRequest(REF, "Fix ##vso[task.setvariable variable=token]stolen", "")
    item = summary(
        1,
        "## Injected heading\n<script>alert(1)</script>\nping @<6A3E-11> and @alice\n```\nunclosed fence",
        heading="Bug 1: <img src=x onerror=alert(1)> ##[error]",
        meta="@<7B4F-22>",
        related_files=("/src/`evil`<b>.py",),
    )
    page = Summary(
        "page 2",
        "Page @<8C5A-33> ##vso[x]",
        "![p](https://evil.example/t.png)\n---",
        kind="page",
        url="javascript:alert(1)",
        cited_by=(1,),
    )
    out = render_comment(pr, [item], [page])
    assert "##vso[" not in out and "##[" not in out
    assert not raw_html(out) and "`'evil'<b>.py`" in out  # a path is code, as written
    assert "@<" not in out and "@alice" in out  # `@<GUID>` mentions; plain `@name` does not, and reads as written
    assert "\n## Injected" not in out and "\n---" not in out
    assert "```" not in out and "![" not in out and "javascript:" not in out


@settings(max_examples=150, deadline=None)
@given(
    texts=st.lists(st.text(max_size=300), min_size=0, max_size=8),
    budget=st.integers(min_value=0, max_value=4_000),
)
def test_any_summaries_fit_and_are_defused(texts: list[str], budget: int) -> None:
    items = [summary(n, t, heading=t[:40], relevance=len(t) % 3) for n, t in enumerate(texts)]
    pages = [Summary(f"page {n}", t[:30], t, kind="page") for n, t in enumerate(texts[:3])]
    out = render_comment(PullRequest(REF, "".join(texts)[:80], ""), items, pages, budget=budget)
    assert visible_size(out) <= budget
    assert "##vso[" not in out.lower() and not raw_html(out)


def test_titles_read_as_written() -> None:
    """Titles are plain text: an entity or a tag in one is shown as typed, not rendered."""
    title = "Fix &amp; escape <b>bold</b> in `List<T>`"
    item = summary(7, "text", heading=f"Bug 7: {title}", meta="Active &amp; <i>")
    page = Summary("page 2", f"Page {title}", "body", kind="page", url="https://x.example/wiki/p/2")
    pr = PullRequest(REF, title, "")
    for out in (render_comment(pr, [item], [page]), render_comment(pr, [], [])):
        shown = visible_text(out)
        assert shown.count(title) == (2 if "Bug 7" in out else 1), shown
        assert not raw_html(out)
    assert "Active &amp; <i>" in visible_text(render_comment(pr, [item], [page]))
