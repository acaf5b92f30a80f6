"""A dotted name is read whole, its pieces' digits included: `money.Decimal128` is not `money.Decimal64`, as
`np.float64` is not `np.float32` (issue 36, session 11: NEP 51's passages each name one scalar type, `np.float64`,
`np.longdouble`..., and every `np.floatNN` read as `np`, `float`, the change's `np.float64` matched them all alike).
A piece's digits written right after its letters are part of it (float64, Decimal128, sha256, PY311); a number
standing apart (`x_86`, `level_2`) is not a word. The same page in markdown, reStructuredText and Confluence storage;
the change in Python, Go and TypeScript."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.words import ident_parts
from doc_context.summary.quotes import weigh_pages
from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

from .diffs import changed

TITLE = "Money types"
LEAD = "This page says which type holds each kind of amount."
PRICES = "Prices are `money.Decimal128` values, rounded half to even."
RATES = "Tax rates are `money.Decimal64` values with four places."
SECTIONS = (("Prices", PRICES), ("Tax rates", RATES), ("History", "Amounts were floats until the ledger moved."))


def page(style: str) -> str:
    if style == "storage":
        body = "".join(f"<h2>{h}</h2><p>{t.replace('`money', '<code>money').replace('` ', '</code> ')}</p>"
                       for h, t in SECTIONS)  # fmt: skip
        return storage_to_markdown(f"<p>{LEAD}</p>{body}").text
    if style == "rst":
        body = "".join(f"{h}\n{'-' * len(h)}\n\n{t.replace('`', '``')}\n\n" for h, t in SECTIONS)
        return wiki_to_markdown(f"{TITLE}\n{'=' * len(TITLE)}\n\n{LEAD}\n\n{body}").text
    return wiki_to_markdown(f"# {TITLE}\n\n{LEAD}\n\n" + "".join(f"## {h}\n\n{t}\n\n" for h, t in SECTIONS)).text


CHANGES = {
    "python": changed(
        "ledger/prices.py", "def price_of(amount):", "    return money.Decimal128(amount).quantize(CENT)"
    ),
    "go": changed(
        "ledger/prices.go", "func PriceOf(amount string) money.Decimal128 {", "\treturn money.Decimal128(amount)"
    ),
    "typescript": changed("src/prices.ts", "export const priceOf = (amount: string) => new money.Decimal128(amount);"),
}


@pytest.mark.parametrize("language", list(CHANGES))
@pytest.mark.parametrize("style", ["markdown", "rst", "storage"])
def test_a_dotted_name_with_digits_meets_itself_only(style: str, language: str) -> None:
    text = page(style)
    terms = change_terms(Change(parse_diff(CHANGES[language])), within=[text])
    quoted = [p.plain.replace("``", "`") for p in weigh_pages([(text, TITLE)], terms)[0].matched]
    assert quoted == [PRICES]  # failing before: `money.Decimal64` read as money, decimal too


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("np.float64(3.0)", [["np", "float64"]]),
        ("TargetVersion.PY311", [["target", "version", "py311"]]),
        ("hashlib.sha256", [["hashlib", "sha256"]]),
        ("level_2_cache", [["level", "cach"]]),  # a number standing apart is no word
        ("api_v2", [["api", "v2"]]),
    ],
)
def test_ident_parts_keep_a_pieces_digits(text: str, expected: list[list[str]]) -> None:
    assert ident_parts(text) == expected
