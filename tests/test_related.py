"""related_files: which changed files a text speaks to, by distinctive path tokens weighted by rarity."""

from __future__ import annotations

import pytest

from doc_context.models import ChangedFile
from doc_context.relevance import file_kinds
from doc_context.summary.related import is_test, related_files, touches

CHANGED = tuple(
    ChangedFile(p, "edit")
    for p in (
        "/src/checkout/totals.py",
        "/src/checkout/rounding.py",
        "/src/checkout/legacy_round.py",
        "/tests/checkout/test_totals.py",
        "/src/payments/giftcard.py",
        "/src/payments/split_tender.py",
        "/tests/payments/test_split_tender.py",
        "/docs/payments/gift-cards.md",
    )
)

CASES = [
    ("a common word of a stem is not enough", "Go to checkout and choose Pay by card.", set()),
    ("generic directories never count", "Update the docs and the tests in src and lib.", set()),
    ("a directory alone is not enough", "The payments team owns this.", set()),
    (
        "a two-word stem as a phrase",
        "Explain gift cards to support.",
        {"/docs/payments/gift-cards.md", "/src/payments/giftcard.py"},
    ),
    ("a one-word stem spelled apart", "The giftcard hold is released.", {"/src/payments/giftcard.py"}),
    ("half of a two-word stem", "Split the bill.", set()),
    ("an inflected stem", "Each line is rounded before summing.", {"/src/checkout/rounding.py"}),
    (
        "the file named",
        "See `payments/split_tender.py`.",
        {"/src/payments/split_tender.py", "/tests/payments/test_split_tender.py"},
    ),
    ("a dotted module path", "Call checkout.legacy_round.apply().", {"/src/checkout/legacy_round.py"}),
    ("empty text", "", set()),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_related_files(text: str, expected: set[str]) -> None:
    assert set(related_files(CHANGED, text)) == expected


def test_a_passing_mention_is_dropped_beside_the_subject() -> None:
    text = (
        "Split a payment between a gift card and a card. The gift card is charged first; "
        "the gift card hold is released. The order total is rounded once."
    )
    assert related_files(CHANGED, text) == ("/docs/payments/gift-cards.md", "/src/payments/giftcard.py")


def test_the_named_file_comes_first() -> None:
    text = "Rounding rules for gift cards live in checkout/rounding.py. Gift cards, gift cards, gift cards."
    assert related_files(CHANGED, text)[0] == "/src/checkout/rounding.py"


def test_a_package_file_is_named_by_its_folder() -> None:
    changed = (ChangedFile("/src/ledger_export/__init__.py", "edit"), ChangedFile("/src/app/index.ts", "edit"))
    assert related_files(changed, "The ledger export rounds per line.") == ("/src/ledger_export/__init__.py",)


def test_rarity_across_the_changed_files() -> None:
    changed = tuple(ChangedFile(f"/src/handlers/{n}_handler.py", "edit") for n in ("order", "refund", "user"))
    assert related_files(changed, "The refund handler retries; every handler logs.") == (
        "/src/handlers/refund_handler.py",
    )


def test_deterministic() -> None:
    text = "gift card totals rounding split tender " * 3
    assert related_files(CHANGED, text) == related_files(tuple(reversed(CHANGED)), text)


@pytest.mark.parametrize(
    ("path", "test"),
    [
        ("/tests/checkout/test_totals.py", True),
        ("/src/a/__tests__/cart.ts", True),
        ("/lib/foo_test.go", True),
        ("/src/Cart.Tests/CartTests.cs", True),
        ("/web/cart.spec.ts", True),
        ("/src/checkout/totals.py", False),
        ("/src/contest.py", False),
        ("/src/latest.py", False),
        ("/src/attestation.py", False),
        ("/src/Moq.Tests/ActionObserverFixture.cs", True),  # .NET test projects beside the code (review 16 F3)
        ("/src/AngleSharp.Core.Tests/Css/CssSheet.cs", True),
        ("/src/Polly.Specs/Retry/RetrySpecs.cs", True),
        ("/src/Acme.Billing.IntegrationTests/Fixture.cs", True),
        ("/src/Acme.Tests.Common/Builders.cs", True),
        ("/packages/core-tests/src/fixture.ts", True),
        ("/src/my-latest/index.ts", False),
        ("/src/Acme.Testing/Clock.cs", False),  # a library for tests to use, shipped: no test
        ("/src/contest/Rules.cs", False),
        ("/crates/workspace-spec/src/lib.rs", False),  # a specification's code, kebab-cased (review 16 F10)
        ("/packages/openapi-spec/src/index.ts", False),
        ("/src/Reqnroll.Assist.Dynamic.Specs/StepsSpec.cs", True),
    ],
)
def test_a_test_file_is_known_by_its_folder_or_name(path: str, test: bool) -> None:
    assert is_test(path) is test
    assert file_kinds.is_test(path.lstrip("/")) is test or "testing" in path.lower()  # the evidence reads it so


def test_touches_names_what_it_singles_out_and_never_a_test() -> None:
    # the bug speaks to two of the six code files: telling; the test that goes with them is left out
    assert set(touches(CHANGED, "Round `checkout.totals` once; rounding.py holds round_once.")) == {
        "/src/checkout/totals.py",
        "/src/checkout/rounding.py",
    }
    # a page about everything in the change singles nothing out
    everything = "totals rounding legacy_round giftcard split_tender gift cards"
    assert related_files(CHANGED, everything) and touches(CHANGED, everything) == ()
    assert touches(CHANGED, "Nothing related.") == ()
