"""summary/evidence: each criterion's evidence is the changed files whose added lines carry its specific terms.

One pull request, written as its diff, and a table of criteria: what each should point at, and each decoy
(terms only in unchanged context lines, only in files outside the diff, only in the work item's own text;
struck through; generic) pointing at nothing.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile
from doc_context.summary.evidence import NAMES_ONLY, EvidenceFinder
from tests.diffs import added, deleted, patch

DIFF = "".join(
    [
        added(
            "src/checkout/loyalty.py",
            '"""Loyalty discount for Gold and Platinum members."""',
            "",
            'BONUS_THRESHOLD = Decimal("500.00")',
            "LOYALTY_WINDOW = timedelta(days=14)",
            "",
            "def apply_loyalty_discount(subtotal, tier):",
            '    raise OutOfStock("Out of stock")',
        ),
        patch(
            "src/checkout/pricing.py",
            " def price_order(order, customer):",
            "     # Guest checkout: no account is needed",
            "+    subtotal, saved = apply_loyalty_discount(subtotal, customer.tier)",
            "-    subtotal = legacy_coupon_total(subtotal)",
            "     tax = tax_for(subtotal)",
            start=10,
        ),
        added(
            "tests/checkout/test_loyalty.py",
            "def test_gold_saves_five_percent():",
            "    assert apply_loyalty_discount(Decimal('100'), 'gold')[1] == Decimal('5.00')",
            "    assert BONUS_THRESHOLD == Decimal('500.00')",
        ),
        added("CHANGELOG.md", "- Members see their lifetime savings on the account page."),
        deleted("src/checkout/legacy_coupons.py", "def legacy_coupon_total(subtotal):", "    return subtotal"),
        patch(
            "config/checkout.yaml",
            " checkout:",
            "+  loyalty:",
            "+    max_discount_percent: 15",
        ),
    ]
)
FINDER = EvidenceFinder(parse_diff(DIFF))
WORK_ITEM = ("Members see their lifetime savings on the account page.",)

CASES = [
    # (name, criterion, struck, expected {path: lines})
    (
        "an identifier spelled in words, in two files",
        "Orders above the bonus threshold earn more.",
        False,
        {"/src/checkout/loyalty.py": (3,), "/tests/checkout/test_loyalty.py": (3,)},
    ),
    (
        "a phrase in most of the files, but not in most of the lines, sets the criterion apart",
        "The loyalty discount is applied to the subtotal.",
        False,
        {
            "/src/checkout/loyalty.py": (1, 6),  # LOYALTY_WINDOW: a word alone
            "/src/checkout/pricing.py": (12,),
            "/tests/checkout/test_loyalty.py": (2,),
            "/config/checkout.yaml": (2, 3),  # loyalty:, max_discount_percent: on the next line
        },
    ),
    (
        "an identifier in a code span",
        "`apply_loyalty_discount` takes the member's tier.",
        False,
        {"/src/checkout/loyalty.py": (6,), "/src/checkout/pricing.py": (12,), "/tests/checkout/test_loyalty.py": (2,)},
    ),
    (
        "an identifier in CamelCase",
        "Raises OutOfStock when nothing is left.",
        False,
        {"/src/checkout/loyalty.py": (7,)},
    ),
    (
        "a value",
        "Orders over 500.00 get a bonus.",
        False,
        {"/src/checkout/loyalty.py": (3,), "/tests/checkout/test_loyalty.py": (3,)},
    ),
    ("a value and its unit", "The window is 14 days long.", False, {"/src/checkout/loyalty.py": (4,)}),
    ("a quoted string", 'The page says "Out of stock".', False, {"/src/checkout/loyalty.py": (7,)}),
    (
        "a configuration key, by its last part in a YAML file",
        "The cap is configurable as `checkout.loyalty.max_discount_percent`.",
        False,
        {"/config/checkout.yaml": (3,)},
    ),
    ("a file named", "See `checkout/loyalty.py`.", False, {"/src/checkout/loyalty.py": (1,)}),
    ("decoy: terms only in unchanged context lines", "Guest checkout needs no account.", False, {}),
    ("decoy: code only in files outside the diff", "`LoyaltyTierService` decides the tier.", False, {}),
    (
        "decoy: terms only in the work item's own text",
        "Members see their lifetime savings on the account page.",
        False,
        {},
    ),
    ("decoy: struck through, though its terms are in the diff", "The loyalty discount is applied.", True, {}),
    ("decoy: generic", "Documentation is updated.", False, {}),
    ("decoy: generic, with common words the diff has", "The code is reviewed and tests pass.", False, {}),
    ("deleted lines do not count for a criterion that adds", "The legacy coupon total is kept.", False, {}),
]


@pytest.mark.parametrize(("criterion", "struck", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_evidence(criterion: str, struck: bool, expected: dict[str, tuple[int, ...]]) -> None:
    found = FINDER.find(criterion, struck=struck, work_item=WORK_ITEM)
    assert {f.path: f.lines for f in found.files} == expected
    assert found.basis == "diff"


def test_deleted_lines_count_for_a_criterion_about_removing() -> None:
    found = FINDER.find("The legacy coupon total is removed.")
    assert {f.path: (f.lines, f.removed) for f in found.files} == {
        "/src/checkout/legacy_coupons.py": ((), (1,)),
        "/src/checkout/pricing.py": ((), (12,)),
    }


def test_the_evidence_names_the_terms_that_set_it_apart_the_most_telling_first() -> None:
    found = FINDER.find("Orders over 500.00 get the loyalty discount.")
    assert found.files[0].path == "/src/checkout/loyalty.py"
    assert found.files[0].terms == ("500.00", "loyalty discount")
    siblings = ["Each loyalty discount shows on the receipt.", "The loyalty discount is capped at 15%."]
    topic = FINDER.find("Orders over 500.00 get the loyalty discount.", siblings=siblings, title="Loyalty discount")
    assert topic.files[0].terms == ("500.00",)  # the work item's topic sets no criterion apart


def test_a_word_in_every_changed_file_tells_nothing() -> None:
    """In a pull request about loyalty, "loyalty" and "tier" alone point at no file in particular."""
    diff = "".join(added(f"src/loyalty/{name}.py", "loyalty_tier = customer.tier") for name in "abcd")
    assert not EvidenceFinder(parse_diff(diff)).find("Each loyalty tier is shown.").found


def test_a_file_named_after_the_criterion_counts_its_lines_more() -> None:
    diff = added("src/orders/confirmation_email.py", "for payment in order.payments:") + "".join(
        added(f"src/payments/{n}.py", "payment = charge(order)") for n in "abc"
    )
    found = EvidenceFinder(parse_diff(diff)).find("The confirmation e-mail lists every payment.")
    assert [f.path for f in found.files] == ["/src/orders/confirmation_email.py"]


def test_without_a_checkout_the_evidence_is_file_names_only() -> None:
    changed = [ChangedFile("/src/checkout/loyalty_discount.py", "add"), ChangedFile("/src/user.py", "edit")]
    finder = EvidenceFinder(None, changed)
    found = finder.find("The loyalty discount is shown to the user.")
    assert found.basis == "file names" and [f.path for f in found.files] == ["/src/checkout/loyalty_discount.py"]
    assert found.files[0].lines == ()
    assert not finder.find("The user can log in.").found  # a common word in a file name is no evidence
    assert not finder.find("The loyalty discount is shown.", struck=True).found
    assert "file name only" in NAMES_ONLY


def test_the_diff_is_read_into_lines_once() -> None:
    """Files are read into words once, for the first criterion that could be in them; never again."""
    finder = EvidenceFinder(parse_diff(DIFF))
    finder.find("The loyalty discount is applied.")
    seen = dict(finder.index._lines) if finder.index else {}
    finder.find("`apply_loyalty_discount` is called once.")
    assert finder.index is not None
    assert all(finder.index._lines[key] is words for key, words in seen.items())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.booleans())
def test_any_criterion_text(criterion: str, struck: bool) -> None:
    found = FINDER.find(criterion, struck=struck, work_item=(criterion[:50],))
    assert all(f.path.startswith("/") for f in found.files)
    assert not (struck and found.files)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2_000))
def test_any_diff(data: bytes) -> None:
    finder = EvidenceFinder(parse_diff(DIFF.encode() + data))
    for criterion in (
        "The loyalty discount is removed.",
        'Orders over 500.00 show "Out of stock".',
        "`a_b` in 14 days",
    ):
        finder.find(criterion)


# ---- what issue 22's integration added -----------------------------------------------------------------------


def test_a_change_inside_the_named_function_shows_it() -> None:
    """`round_money` uses `ROUND_HALF_EVEN`: the file whose change sits in `def round_money` shows both (the
    definition is a context line: it shows the code, it is no evidence line), a file that only calls it shows one.
    Named alone, `round_money` meets the change inside it (session 11) and the call, never the definition's line."""
    diff = patch(
        "src/checkout/rounding.py",
        " def round_money(amount):",
        "-    return amount.quantize(CENT, rounding=ROUND_HALF_UP)",
        "+    return amount.quantize(CENT, rounding=ROUND_HALF_EVEN)",
        start=8,
    ) + patch("src/checkout/totals.py", " def order_total(lines):", "+    return round_money(total)", start=6)
    found = EvidenceFinder(parse_diff(diff)).find("`round_money` uses `ROUND_HALF_EVEN` everywhere.")
    assert {f.path: f.lines for f in found.files} == {"/src/checkout/rounding.py": (9,)}
    context_only = EvidenceFinder(parse_diff(diff)).find("`round_money` keeps its name.")
    assert {f.path: f.lines for f in context_only.files} == {
        "/src/checkout/rounding.py": (9,),
        "/src/checkout/totals.py": (7,),
    }


def test_weak_words_count_together_only_on_one_line_and_the_next() -> None:
    near = added("src/a.py", "def ship(parcel, courier):", "    return courier.label(parcel)")
    apart = added("src/b.py", "def ship(parcel):", "    pass", "    pass", "    return courier")
    finder = EvidenceFinder(parse_diff(near + apart))
    assert [f.path for f in finder.find("The courier prints a label for each parcel.").files] == ["/src/a.py"]


def test_a_phrase_another_work_item_says_is_the_changes_topic() -> None:
    diff = added("tests/test_totals.py", "def test_matches_the_ledger_export():", "    assert total == 10")
    finder = EvidenceFinder(parse_diff(diff))
    criterion = "The confirmation e-mail and the ledger export list both payments."
    assert finder.find(criterion).found
    assert not finder.find(criterion, elsewhere=["Spike: banker's rounding in the ledger export"]).found


def test_a_decimal_weighs_as_written_not_as_any_number_of_its_digits() -> None:
    finder = EvidenceFinder(parse_diff(added("tests/a.py", 'assert t == Decimal("10.00")', "allocate(10_000)")))
    (found,) = finder.find("Checkout shows 10.00.").files
    assert found.lines == (1,)  # 10_000 holds the number 10, not the price
