"""A builtin exception the change only raises or catches (Python's `ValueError`, Java's `IllegalArgumentException`)
is a language's everyday name: any file raises or catches one, so a page's passage saying it raises one says nothing
of this change and is not quoted for it (passage_weights.everyday; issue 36, session 10: a PEP's "raises
``SyntaxError``" sections quoted beside a change catching `SyntaxError`). An exception the change defines
(`class CardDeclinedError(ValueError)`) is its own name, and a passage raising it is quoted. The same page in
markdown and reStructuredText, the change in Python and in Java."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.language import builtin_exception
from doc_context.summary.quotes import weigh_pages
from doc_context.text.wikimd import wiki_to_markdown

TITLE = "Gift card holds"
HOLDS = [
    "A checkout places a `card_hold` on the gift card for the order's total.",
    "The `card_hold` is released after `hold_timeout` seconds without a payment.",
]
RAISES = "A card number that is not sixteen digits raises `ValueError` (`IllegalArgumentException` in the Java client)."
DECLINED = "A card the issuer declines raises `CardDeclinedError`."


def _diff(path: str, lines: list[str]) -> str:
    added = "".join(f"+{line}\n" for line in lines)
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,{len(lines)} @@\n{added}"


PYTHON = _diff(
    "shop/holds.py",
    [
        "def place_card_hold(card, total, hold_timeout=900):",
        "    try:",
        "        card_hold = card.hold(total)",
        "    except ValueError:",
        "        return None",
        "    release_after(card_hold, hold_timeout)",
    ],
)
JAVA = _diff(
    "src/main/java/shop/Holds.java",
    [
        "public CardHold placeCardHold(Card card, long total, int holdTimeout) {",
        '    if (card == null) throw new IllegalArgumentException("card");',
        "    CardHold cardHold = card.hold(total);",
        "    releaseAfter(cardHold, holdTimeout);",
        "}",
    ],
)
DEFINES = _diff(
    "shop/declines.py",
    [
        "class CardDeclinedError(ValueError):",
        '    """The issuer declined the card."""',
        "def check_card(card):",
        "    if card.declined:",
        "        raise CardDeclinedError(card.last_digits)",
    ],
)


def markdown() -> str:
    return (
        f"# {TITLE}\n\n## Abstract\n\nThis page says how a shop holds a gift card's balance during checkout.\n\n"
        f"## Specification\n\n### Holds\n\n{HOLDS[0]}\n\n{HOLDS[1]}\n\n### Card numbers\n\n{RAISES}\n\n"
        f"### Declines\n\n{DECLINED}\n\n## Rationale\n\nCustomers leave a checkout open while they look for a coupon.\n"
    )


def rst() -> str:
    def title(text: str, mark: str) -> str:
        return f"{text}\n{mark * len(text)}\n"

    def code(text: str) -> str:
        return text.replace("`", "``")

    return (
        f"PEP: 9998\nTitle: {TITLE}\nStatus: Draft\n\n{title('Abstract', '=')}\n"
        "This page says how a shop holds a gift card's balance during checkout.\n\n"
        f"{title('Specification', '=')}\n{title('Holds', '-')}\n{code(HOLDS[0])}\n\n{code(HOLDS[1])}\n\n"
        f"{title('Card numbers', '-')}\n{code(RAISES)}\n\n{title('Declines', '-')}\n{code(DECLINED)}\n\n"
        f"{title('Rationale', '=')}\nCustomers leave a checkout open while they look for a coupon.\n"
    )


READERS: list[Callable[[], str]] = [lambda: wiki_to_markdown(markdown()).text, lambda: wiki_to_markdown(rst()).text]
IDS = ["markdown", "restructuredtext-pep"]


def shown(page: str, diff: str) -> list[str]:
    terms = change_terms(Change(parse_diff(diff)), within=[page])
    return [p.plain.replace("``", "`") for p in weigh_pages([(page, TITLE)], terms)[0].matched]


@pytest.mark.parametrize("diff", [PYTHON, JAVA], ids=["python", "java"])
@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_a_builtin_exception_the_change_raises_or_catches_quotes_nothing(read: Callable[[], str], diff: str) -> None:
    quoted = shown(read(), diff)
    assert RAISES not in quoted  # failing before: quoted for the `ValueError` caught, the exception thrown
    assert quoted == HOLDS


@pytest.mark.parametrize("read", READERS, ids=IDS)
def test_an_exception_the_change_defines_is_its_own_name(read: Callable[[], str]) -> None:
    assert shown(read(), DEFINES) == [DECLINED]  # `ValueError`, its base, still weighs nothing


POLYFILL = _diff(
    "src/holds.ts",
    [
        "export class AggregateError extends Error {",
        "  constructor(readonly errors: Error[]) { super('holds failed'); }",
        "}",
        "export function placeCardHolds(cards: Card[], holdTimeout: number): void {",
        "  const failures = cards.map((card) => card.hold(holdTimeout)).filter(isError);",
        "  if (failures.length) throw new AggregateError(failures);",
        "}",
    ],
)
SEVERAL = "A checkout whose holds fail together raises one `AggregateError` holding each failure."


def test_a_builtin_exception_the_change_defines_anew_is_its_own_name() -> None:
    page = f"# {TITLE}\n\n## Specification\n\n### Holds\n\n{HOLDS[1]}\n\n### Several holds\n\n{SEVERAL}\n"
    assert SEVERAL in shown(wiki_to_markdown(page).text, POLYFILL)  # a polyfill's `class AggregateError`


@pytest.mark.parametrize(
    ("name", "builtin"),
    [
        ("SyntaxError", True),
        ("builtins.ValueError", True),
        ("IllegalArgumentException", True),
        ("System.ArgumentNullException", True),
        ("RangeError", True),
        ("ArgumentError", True),
        ("CardDeclinedError", False),
        ("TargetScopeError", False),
        ("DeprecationWarning", False),
    ],
)
def test_builtin_exceptions_are_each_languages_own(name: str, builtin: bool) -> None:
    assert builtin_exception(name) is builtin
