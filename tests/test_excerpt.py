"""Excerpts of markdown that keep its structure: quotes, tables whole or not at all, lists numbered from 1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doc_context.summary.excerpt import balance, excerpt, shorten, units
from doc_context.summary.tokens import words
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


def test_an_ordered_list_never_starts_at_its_second_item() -> None:
    out = excerpt(POLICY, focus("round once order total banker"), 160, lead=0, skip_heading="Checkout rounding policy")
    assert "**Rules**\n1. Round **once**" in out
    assert "\n2. Use **ROUND_HALF_EVEN**" in out
    assert "Compute" not in out


def test_a_quote_keeps_its_marks_and_title() -> None:
    out = excerpt(POLICY, focus("ledger drifted"), 90, lead=0)
    assert out == "**Examples**\n> **Note: Why half-even**\n>\n> The ledger drifted by €1,340."


def test_a_table_is_whole_or_left_out() -> None:
    table = "| Lines | Discount | Wrong | Right |\n| --- | --- | --- | --- |\n| 3 × 3.335 | none | 10.02 | 10.00 |"
    assert table in excerpt(POLICY, focus("discount wrong right lines"), 400, lead=0)
    small = excerpt(POLICY, focus("discount wrong right lines"), 60, lead=0)
    assert "|" not in small


def test_code_and_the_page_title_are_never_picked() -> None:
    out = excerpt(POLICY, focus("round"), 2_000, skip_heading="Checkout rounding policy")
    assert "round(x)" not in out and "**Checkout rounding policy**" not in out


def test_units_carry_their_section() -> None:
    found = units(POLICY, skip_heading="Checkout rounding policy")
    assert {u.section for u in found} == {"", "Rules", "Examples"}
    assert [u.kind for u in found if u.section == "Rules"] == ["ordered"] * 3


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
def test_never_a_broken_table(markdown: str, budget: int) -> None:
    tables = {b.lines for b in parse_blocks(markdown) if b.kind == "table"}
    for out in (excerpt(markdown, focus("item first second quoted para a b"), budget), shorten(markdown, budget)):
        assert all(b.lines in tables for b in parse_blocks(out) if b.kind == "table")


def test_separate_blocks_puts_a_gap_before_lists_and_after_labels():
    from doc_context.text.mdblocks import separate_blocks

    text = "**Repro steps**\n1. a\n2. b\nafter\n- x\n  - y\n- z\n> quote\n> more\n    code\n    - not a list"
    assert separate_blocks(text) == (
        "**Repro steps**\n\n1. a\n2. b\nafter\n\n- x\n  - y\n- z\n\n> quote\n> more\n    code\n    - not a list"
    )
    assert separate_blocks(separate_blocks(text)) == separate_blocks(text)
