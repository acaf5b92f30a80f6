"""The comment's visible size: what a reader sees of its markdown, held equal to a CommonMark renderer's text."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from doc_context.comment.render import render_comment
from doc_context.models import PULL_REQUEST, PullRequest, PullRequestRef, Summary
from doc_context.text.visible import visible_size, visible_text

from .rendering import read_text

REF = PullRequestRef("https://dev.azure.com/fabrikam", "Shop", "shop", 42)
PIECES = st.sampled_from(
    [
        "total",
        "ROUND_HALF_EVEN",
        "order_total",
        "to_cents()",
        "€10.02",
        "15 %",
        "3 × 3.335",
        " ",
        " ",
        "\n",
        "\n\n",
        "`code`",
        "``a`b``",
        "`",
        "**bold**",
        "*it*",
        "_it_",
        "__x__",
        "~~gone~~",
        "~",
        "*",
        "_",
        "**",
        "[a link](https://x.example/a_b?c=1)",
        "[",
        "]",
        "(",
        ")",
        "<b>",
        "&amp;",
        "&lt;",
        "&copy;",
        "&",
        "\\",
        "\\*",
        "|",
        "# ",
        "## Rules",
        "- item",
        "1. step",
        "4. rule",
        "> quote",
        "> **Note**",
        "---",
        "***",
        "| a | b |\n| --- | --- |\n| 1 | 2 |",
        "```\ncode\n```",
        "~~~",
        "@<GUID>",
        "##vso[task]",
        "https://x.example/p",
        "<https://x.example/q>",
        "![img](https://x.example/i.png)",
        "a*b*c",
        "snake_case_name",
        "**a\nb**",
        "'",
        '"',
    ]
)
TEXT = st.one_of(st.lists(PIECES, max_size=30).map("".join), st.text(max_size=200))


def comment(texts: list[str], titles: list[str], budget: int) -> str:
    items = [
        Summary(
            f"work item {n}",
            heading=f"Bug {n}: {title}",
            text=text,
            kind="Bug",
            meta="Active",
            url=f"https://dev.azure.com/x/_workitems/edit/{n}",
            relevance=n % 3,
        )
        for n, (text, title) in enumerate(zip(texts, titles, strict=False))
    ]
    pages = [
        Summary(f"page {n}", title, text, kind="page", url=f"https://x.example/wiki/p/{n}", cited_by=(PULL_REQUEST,))
        for n, (text, title) in enumerate(zip(texts[:3], titles[::-1], strict=False))
    ]
    return render_comment(PullRequest(REF, "".join(titles)[:80], ""), items, pages, budget=budget)


@pytest.mark.e2e  # slow (over a second): the full suite runs it, the fast tier leaves it out
@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(TEXT, max_size=6),
    titles=st.lists(TEXT.map(lambda t: t[:60]), min_size=1, max_size=6),
    budget=st.integers(min_value=0, max_value=4_000),
)
# a table under a list item's text, not indented as its text is: the paragraph's lazy continuation, pipes and all
@example(texts=["- item\n| a | b |\n| --- | --- |\n| 1 | 2 |"], titles=[""], budget=119)
# a list item's line over a separator row: markdown-it reads it as a table's head, its mark a cell's text
@example(texts=["- item\\| a | b |\n| --- | --- |\n| 1 | 2 |"], titles=[""], budget=161)
@example(texts=["\t<"], titles=[""], budget=97)  # an indented code block shows its text as written
def test_visible_size_is_what_a_renderer_shows(texts: list[str], titles: list[str], budget: int) -> None:
    out = comment(texts, titles, budget)
    assert visible_text(out) == read_text(out)
    assert visible_size(out) == len(read_text(out)) <= budget


@pytest.mark.parametrize(
    "text",
    [
        "a~~~~b~~~~c~~",  # markdown-it: the first run's two pairs close on the second run's, the last ~~ is text
        "a~~~~b~~~~~c~~",
        "__x__~~~~`total~~~~~gone~~",  # a work item's title hypothesis found
        "a~~b~~~~~c~~",
        "a~~~~b~~~c~~",
    ],
)
def test_strikethrough_runs_pair_as_markdown_it_pairs_them(text: str) -> None:
    """A closer's search for its opener begins below its own run (two pairs of one `~~~~` never pair together),
    and a failed search does not hide the openers below its own run from later closers."""
    assert visible_text(text) == read_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "- item\\| a | b |\n| --- | --- |\n| 1 | 2 |",
        "> a | b\n| - | - |\n| 1 | 2 |",
        "- a | b\n  | - | - |\n  | 1 | 2 |",
        "text\n- a | b\n| - | - |\n| 1 | 2 |",
        "1. a | b\n--- | ---\nc | d",
        # what markdown-it's table rule refuses as a separator row: a code line (4 spaces in), a list's `- `
        "> |\n    :-:",
        "- \\|\n- \n*\\|> ",
        "a> \n> |    \n    | - ",
        "- :-:  |\n- |\n  + b c",
    ],
)
def test_a_marked_line_over_a_separator_row_heads_a_table(text: str) -> None:
    """markdown-it tries a table before a quote or a list: a line with a list or quote mark, over a separator row
    of as many cells, is a table's head row (the mark its first cell's text), unless a list is open above it."""
    assert visible_text(text) == read_text(text)
    assert visible_text(out := comment([text], [""], 4_000)) == read_text(out)


def test_what_does_not_count() -> None:
    """Link targets, emphasis and code-span marks, heading and list marks, table pipes and rule rows."""
    assert visible_size("[Checkout rounding policy](https://fabrikam.atlassian.net/wiki/spaces/PAY/pages/1)") == 24
    assert visible_size("#### **Rules**\n\n1. Use `Decimal`.\n- *once*") == len("Rules Use Decimal. once")
    table = "| Lines | Discount |\n| --- | --- |\n| 3 × 3.335 | none |"
    assert visible_size(table) == len("Lines Discount 3 × 3.335 none")
    assert visible_size("a\n\n---\n\nb") == 3
    assert visible_size("a &lt; b") == 5


def test_a_table_under_a_list_items_text_is_that_text_unless_indented_as_it_is() -> None:
    """markdown-it reads table rows less indented than a list item's or a quote's text as its lazy lines."""
    rows = "| a | b |\n| --- | --- |\n| 1 | 2 |"
    assert visible_text(f"- item\n{rows}") == "item | a | b | | --- | --- | | 1 | 2 |" == read_text(f"- item\n{rows}")
    assert visible_text(f"- item\n\n{rows}") == "item a b 1 2" == read_text(f"- item\n\n{rows}")
    assert visible_text(f"text\n{rows}") == "text a b 1 2" == read_text(f"text\n{rows}")
    quoted = f"> quote\n{rows}"
    assert visible_text(quoted) == "quote | a | b | | --- | --- | | 1 | 2 |" == read_text(quoted)
