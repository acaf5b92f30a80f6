"""relevance/criterion_terms: the specific terms of a criterion; common words never count alone."""

from __future__ import annotations

import pytest

from doc_context.relevance.criterion_terms import COMMON, criterion_terms, number
from doc_context.relevance.words import stem

CASES = [
    # (name, criterion, terms as (kind, parts, weight, unit) that must be among those found)
    ("a code span", "`apply_loyalty_discount` is called", {("ident", ("apply", "loyalty", "discount"), 2, "")}),
    ("CamelCase in prose", "LoyaltyDiscount shows", {("ident", ("loyalty", "discount"), 2, "")}),
    ("SCREAMING_SNAKE in prose", "uses ROUND_HALF_EVEN", {("ident", ("round", "half", "even"), 2, "")}),
    (
        "an acronym is weak",
        "Supports SEPA transfers",
        {("ident", ("sepa",), 1, ""), ("phrase", ("sepa", "transfer"), 2, "")},
    ),
    ("words spelled apart", "the loyalty discount", {("phrase", ("loyalty", "discount"), 2, "")}),
    ("a decimal value", "orders over 500.00", {("value", ("500",), 2, "")}),
    ("a value and its unit", "kept for 14 days", {("value", ("14",), 2, "d")}),
    ("a single digit with its unit", "at most 3 attempts", {("value", ("3",), 2, "tries")}),
    ("a percentage", "save 5% more", {("value", ("5",), 2, "%")}),
    ("a bare two-digit number is weak", "page 12 of the report", {("value", ("12",), 1, "")}),
    ("a quoted string", 'shows "Out of stock"', {("quoted", ("out of stock",), 2, "")}),
    ("typographic quotes", "shows \u201cOut of stock\u201d", {("quoted", ("out of stock",), 2, "")}),
    ("a path", "see `checkout/totals.py`", {("path", ("checkout/totals.py",), 2, "")}),
    ("a file name in prose", "edit totals.py first", {("path", ("totals.py",), 2, "")}),
    ("a rare word", "the ledger balances", {("word", ("ledger",), 1, ""), ("phrase", ("ledger", "balanc"), 2, "")}),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_terms(text: str, expected: set[tuple[str, tuple[str, ...], int, str]]) -> None:
    found = {(t.kind, t.parts, t.weight, t.unit) for t in criterion_terms(text).terms}
    assert expected <= found


def test_a_dotted_key_counts_by_its_last_part_too() -> None:
    (term,) = [t for t in criterion_terms("set `payments.retry.max_attempts`").terms if t.kind == "ident"]
    assert term.parts == ("payment", "retry", "maximum", "attempt") and term.also == (("maximum", "attempt"),)
    assert term.named


@pytest.mark.parametrize(
    "text",
    [
        "Documentation is updated.",
        "The code is reviewed.",
        "Unit tests are added and pass.",
        "The user should see an error message.",
        "Update the API documentation and the UI.",
        "",
        "**Done** when _all_ tests pass",
    ],
)
def test_generic_criteria_have_no_terms(text: str) -> None:
    assert not criterion_terms(text).specific


@pytest.mark.parametrize(
    ("text", "removal"),
    [
        ("The legacy export is removed.", True),
        ("Drop the XML export.", True),
        ("Lines are no longer rounded.", True),
        ("The export is added.", False),
    ],
)
def test_removal(text: str, removal: bool) -> None:
    assert criterion_terms(text).removal is removal


def test_common_words_include_the_usual_suspects() -> None:
    assert {stem(w) for w in ("code", "test", "update", "user", "should", "documentation")} <= COMMON


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("500.00", "500"),
        ("1,000", "1000"),
        ("1,000.50", "1000.5"),
        ("0.50", "0.5"),
        ("2,5", "2.5"),
        ("007", "7"),
        ("0", "0"),
    ],
)
def test_numbers_compare_as_values(raw: str, expected: str) -> None:
    assert number(raw) == expected
