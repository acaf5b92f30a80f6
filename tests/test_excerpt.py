"""Faithful excerpts: source numbering, table rows under their header, no orphan heading, omissions marked,
the most relevant row or rule first, the lead paragraph kept."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from doc_context.relevance.words import words
from doc_context.sources.confluence.links import Site
from doc_context.summary.cited_pages import ShownPages, cites_only, is_reference
from doc_context.summary.excerpt import LEAD_CHARS, Keep, excerpt, units
from doc_context.summary.mdcut import balance, clip_markdown, shorten, visible_len
from doc_context.summary.tokens import terms, values
from doc_context.text.mdblocks import Block, parse_blocks

POLICY = """\
# Checkout rounding policy

This policy applies to every amount shown to a shopper.

## Rules

1. Compute with `Decimal` or integer cents. Floats are not allowed for money.
2. Round **once**, on the order total, to the currency's minor unit.
3. Use **ROUND_HALF_EVEN** (banker's rounding).

## Examples

| Lines | Discount | Wrong | Right |
| --- | --- | --- | --- |
| 3 × 3.335 | none | 10.02 | 10.00 |

> **Note: Why half-even**
>
> Half-up rounding biases totals upwards. The ledger drifted by €1,340.

```python
round(x)
```
"""


def focus(*text: str) -> frozenset[str]:
    return frozenset(w for t in text for w in words(t))


def test_blocks() -> None:
    kinds = [(b.kind, b.ordered) for b in parse_blocks(POLICY)]
    assert kinds == [
        ("heading", False),
        ("para", False),
        ("heading", False),
        ("list", True),
        ("heading", False),
        ("table", False),
        ("quote", False),
        ("code", False),
    ]


@pytest.mark.parametrize(
    ("lines", "items"),
    [
        (("- a", "- b"), ["a", "b"]),
        (("1. a", "   1. x", "   2. y", "2. b"), ["a — x; y", "b"]),
        (("- a", "  continued"), ["a continued"]),
    ],
)
def test_list_items(lines: tuple[str, ...], items: list[str]) -> None:
    assert Block("list", lines).items == items


@pytest.mark.parametrize(
    ("markdown", "kind"),
    [
        ("**Rules**", "heading"),
        ("**Design:** see the page", "para"),
        ("    code", "code"),
        ("> q", "quote"),
        ("| a |", "table"),
        ("~~~\nx\n~~~", "code"),
        ("+ item", "list"),
    ],
)
def test_block_kinds(markdown: str, kind: str) -> None:
    assert parse_blocks(markdown)[0].kind == kind


def test_an_ordered_list_keeps_its_source_numbers() -> None:
    out = excerpt(POLICY, focus("round once order total banker"), 160, Keep(title="Checkout rounding policy"))
    assert "**Rules**\n\n…\n\n2. Round **once**" in out  # starts mid-list: says so
    assert "\n3. Use **ROUND_HALF_EVEN**" in out
    assert "Compute" not in out and "1. " not in out


def test_a_gap_inside_a_list_splits_it_so_numbers_stay_right() -> None:
    text = "## Rules\n\n1. Alpha one.\n2. Beta two.\n3. Gamma three.\n4. Delta discount."
    out = excerpt(text, focus("alpha one, delta discount"), 60, Keep(matches_only=True))
    assert out == "**Rules**\n\n1. Alpha one.\n\n…\n\n4. Delta discount."


def test_a_list_that_starts_at_three_says_three() -> None:
    text = "Intro.\n\n3. Third step.\n4. Fourth step, the rounding one."
    out = excerpt(text, focus("the fourth, rounding"), 60, Keep(matches_only=True))
    assert out == "…\n\n4. Fourth step, the rounding one."


def test_a_quote_keeps_its_marks_and_title_and_marks_what_it_skips() -> None:
    out = excerpt(POLICY, focus("ledger drifted"), 90)
    assert out.endswith("> **Note: Why half-even**\n>\n> … The ledger drifted by €1,340.")


def test_a_heading_never_stands_without_its_content() -> None:
    # the Examples table and the note's first sentence are left out: one gap, one mark, where the text resumes
    out = excerpt(POLICY, focus("ledger drifted"), 90)
    assert out.endswith("**Examples**\n\n> **Note: Why half-even**\n>\n> … The ledger drifted by €1,340.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a paragraph's end and the blocks after it: one gap, marked where it starts
            "Alpha rounding once. Beta filler.\n\nGamma filler.\n\n- Delta rounding once",
            "Alpha rounding once. …\n\n- Delta rounding once",
        ),
        (  # a paragraph's end, then a table from its middle: the table says it in its own rows
            "Alpha rounding once. Beta filler.\n\n| A | B |\n| --- | --- |\n| x | y |\n| rounding | once |",
            "Alpha rounding once.\n\n| A | B |\n| --- | --- |\n| … |  |\n| rounding | once |",
        ),
        (  # list items apart: one line between them
            "- Alpha rounding once\n- Beta filler\n- Gamma filler\n- Delta rounding once",
            "- Alpha rounding once\n\n…\n\n- Delta rounding once",
        ),
    ],
)
def test_one_mark_per_gap(text: str, expected: str) -> None:
    assert excerpt(text, focus("rounding once"), 200, Keep(matches_only=True)) == expected


def test_the_table_row_with_the_bugs_own_values_survives() -> None:
    table = (
        "## Examples\n\n| Lines | Discount | Wrong | Right |\n| --- | --- | --- | --- |\n"
        "| 19.99 + 5.01 | none | 25.01 | 25.00 |\n| 3 × 3.335 | none | 10.02 | 10.00 |\n| 7.10 | 10 % | 6.40 | 6.39 |"
    )
    bug = frozenset(terms("Checkout shows €10.02, the ledger €10.00 (3 × €3.335)"))
    out = excerpt(table, bug, 120)
    assert out == (
        "**Examples**\n\n| Lines | Discount | Wrong | Right |\n| --- | --- | --- | --- |\n"
        "| … |  |  |  |\n| 3 × 3.335 | none | 10.02 | 10.00 |\n| … |  |  |  |"
    )


def test_the_most_relevant_rule_survives_trimming() -> None:
    wanted = focus("discount") | {"round_half_even"}
    found = excerpt(POLICY, wanted, 60, Keep(title="Checkout rounding policy"))
    assert "3. Use **ROUND_HALF_EVEN**" in found and "Compute" not in found


def test_a_long_pages_lead_is_kept() -> None:
    def section(n: int) -> str:
        rule = "Totals use `round_half_even`, once per order." if n == 1_234 else "Keep the code reviewed."
        return f"## {n}. Section {n}\n\nThe team owns section {n} of the rounding handbook. {rule}"

    handbook = "# Handbook\n\nThis handbook says how payments engineering works. Read it first.\n\n"
    handbook += "\n\n".join(section(n) for n in range(2_000))
    assert len(handbook) > 150_000
    wanted = frozenset({"round_half_even", "total"})
    out = excerpt(handbook, wanted, 150, Keep(lead=LEAD_CHARS, title="Handbook"))
    assert out == (
        "This handbook says how payments engineering works. Read it first.\n\n…\n\n**1234. Section 1234**\n\n"
        "… Totals use `round_half_even`, once per order."
    )


def test_a_long_lead_keeps_whole_sentences_up_to_its_length_then_the_best_match() -> None:
    lead = " ".join(f"Sentence {n} of a very long opening paragraph, which goes on." for n in range(20))
    text = f"{lead}\n\n## Rules\n\n- rounding"
    out = excerpt(text, focus("rounding"), 500, Keep(lead=LEAD_CHARS))
    assert out.startswith("Sentence 0 of") and len(out) < 600
    assert out.endswith("Sentence 6 of a very long opening paragraph, which goes on. …\n\n**Rules**\n\n- rounding")
    tight = excerpt(text, focus("rounding"), 100, Keep(lead=LEAD_CHARS))  # the lead is kept whatever it costs
    assert tight.startswith("Sentence 0 of") and "rounding" not in tight


def test_omitted_sentences_are_marked_inline() -> None:
    text = "Alpha checkout. Beta unrelated. Gamma checkout."
    assert excerpt(text, focus("checkout"), 40) == "Alpha checkout. … Gamma checkout."


def test_link_addresses_are_not_counted() -> None:
    text = "Intro.\n\nProvider docs: [redemption API v3](https://docs.example/" + "x" * 300 + ")"
    out = excerpt(text, focus("provider docs redemption"), 60)
    assert out.endswith("Provider docs: [redemption API v3](https://docs.example/" + "x" * 300 + ")")
    assert visible_len(out.split("\n")[-1]) == len("Provider docs: redemption API v3")


def test_a_clip_never_cuts_a_link() -> None:
    text = "word " * 30 + "[a link text](https://example.com/a/long/path) and more words after it"
    out = clip_markdown(text, 160)
    assert "](" not in out or out.count("(") == out.count(")")
    assert out.endswith("…")


def test_code_and_the_page_title_are_never_picked() -> None:
    out = excerpt(POLICY, focus("round"), 2_000, Keep(first=1, title="Checkout rounding policy"))
    assert "round(x)" not in out and "**Checkout rounding policy**" not in out


def test_units_carry_their_section_and_number() -> None:
    found = units(POLICY, skip_heading="Checkout rounding policy")
    assert {u.section for u in found} == {"", "Rules", "Examples"}
    assert [(u.kind, u.number) for u in found if u.section == "Rules"] == [("ordered", n) for n in (1, 2, 3)]
    assert [u.kind for u in found if u.section == "Examples"] == ["row", "quote", "quote"]
    assert [u.lead for u in found] == [True] + [False] * (len(found) - 1)


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("one\n\ntwo", 100, "one\n\ntwo"),
        ("one\n\n| a | b |\n| --- | --- |\n| 1 | 2 |", 20, "one"),
        ("**Repro steps**\n1. open the cart page and look\n2. pay", 25, ""),
        (
            "intro\n\n**Repro steps**\n1. open the cart page and look at the total amount shown",
            70,
            "intro\n\n**Repro steps**\n1. open the cart page and look at the…",
        ),
        (
            "a `code span that is long enough to be cut somewhere in the middle` end",
            50,
            "a `code span that is long enough to be cut…`",
        ),
        ("intro\n\n````\n```\nx\n````\n\nafter", 25, "intro\n\n````\n```\nx\n````"),  # a fence whole: its
        ("intro\n\n````\n```\nx\n````\n\nafter", 20, "intro"),  # closer is as long a run, alone on its line
    ],
)
def test_shorten(text: str, limit: int, expected: str) -> None:
    assert shorten(text, limit) == expected
    assert len(shorten(text, limit)) <= limit


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**bold", "**bold**"),
        ("`code", "`code`"),
        ("~~gone", "~~gone~~"),
        ("fine **x**", "fine **x**"),
    ],
)
def test_balance(text: str, expected: str) -> None:
    assert balance(text) == expected


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "# Head",
                "para one. Two.",
                "- item",
                "1. first",
                "2. second",
                "| a | b |",
                "| --- | --- |",
                "| 1 | 2 |",
                "> **Note**",
                ">",
                "> quoted text",
                "```",
                "code()",
                "",
                "**Bold**",
            ]
        ),
        max_size=25,
    ).map("\n".join),
    st.integers(min_value=0, max_value=400),
)
@example("| --- | --- |\n| --- | --- |\n# Head\n| --- | --- |\n| --- | --- |\n| a | b |", 0)  # two tables, one header
def test_never_a_broken_table(markdown: str, budget: int) -> None:
    tables = [b.lines for b in parse_blocks(markdown) if b.kind == "table"]
    assert all(b.lines in tables for b in parse_blocks(shorten(markdown, budget)) if b.kind == "table")
    for block in parse_blocks(excerpt(markdown, focus("item first second quoted para a b"), budget, Keep(first=1))):
        if block.kind == "table":  # a header and its separator, then rows of that table or an omission
            sources = [t for t in tables if t[:2] == block.lines[:2]]  # tables may share a header
            assert any(all(row in t[2:] or row.startswith("| … |") for row in block.lines[2:]) for t in sources)


def test_separate_blocks_puts_a_gap_before_lists_and_after_labels():
    from doc_context.text.mdwrite import separate_blocks

    text = "**Repro steps**\n1. a\n2. b\nafter\n- x\n  - y\n- z\n> quote\n> more\n    code\n    - not a list"
    assert separate_blocks(text) == (
        "**Repro steps**\n\n1. a\n2. b\nafter\n\n- x\n  - y\n- z\n\n> quote\n> more\n    code\n    - not a list"
    )
    assert separate_blocks(separate_blocks(text)) == separate_blocks(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("checkout shows €10.02, the ledger €10.00", ["10.02", "10.00"]),
        ("3 × 3.335 with the 15 % promo", ["3.335", "15"]),
        ("voucher AUTUMN15, step 2.", []),
        ("release 2025.10.3, ended 2024.", ["2025.10.3", "2024"]),
    ],
)
def test_values_are_the_numbers_a_text_states(text: str, found: list[str]) -> None:
    assert values(text) == found


WIKI = "https://acme.atlassian.net/wiki"
SHOWN_42 = ShownPages((Site.from_url(WIKI),), frozenset({("confluence", ("id", 42))}))  # page 42 is shown


@pytest.mark.parametrize(
    ("line", "reference", "cites_shown"),
    [
        (f"**Design:** [Split payments]({WIKI}/spaces/PAY/pages/42/Split) (short link: {WIKI}/x/Kg)", True, True),
        (f"Rounding rules we must follow: {WIKI}/pages/viewpage.action?pageId=42&spaceKey=PAY", True, True),
        ("Provider docs: [redemption API v3](https://docs.example/api/v3)", True, False),
        (f"Support FAQ (draft): [Gift card FAQ]({WIKI}/spaces/PAY/pages/99/FAQ)", True, False),
        (
            f"See [the policy]({WIKI}/spaces/PAY/pages/42) as every total is rounded once per order, not per line.",
            False,
            False,
        ),
        ("No link at all.", False, False),
    ],
)
def test_a_line_citing_a_page_the_comment_shows_is_said_once(line: str, reference: bool, cites_shown: bool) -> None:
    assert is_reference(line) is reference
    assert cites_only(line, SHOWN_42) is cites_shown
