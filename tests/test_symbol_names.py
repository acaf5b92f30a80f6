"""A keyword or an operator a specification writes with symbols (`except*`, `:=`, `**`) is named in a grammar's code
by its keyword and its symbols' names (relevance/symbols.py): Python's `Feature.EXCEPT_STAR` and `token.COLONEQUAL`,
TypeScript's `SyntaxKind.AsteriskAsteriskToken`, Rust's `ExceptStar`. Such code names the page's one-word feature
(relevance/code_tokens.py), so the page it specifies speaks rather than a related page sharing the domain's words
(issue 36, session 11: black writes `EXCEPT_STAR` and `COLONEQUAL`, never the string `"except*"` or `":="`); and a
criterion saying the token in its prose ("try statements with except* clauses") finds the line naming it. The pages in
markdown, reStructuredText and Confluence storage (tests/test_one_word_features.py's), the change in Python,
TypeScript and Rust."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.code_tokens import key
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.relevance.symbols import spellings, spells
from doc_context.summary.evidence import EvidenceFinder

from .diffs import changed
from .test_one_word_features import DEFAULTS, FEATURES, STYLES, page, quotes

NAMED = {
    "except*": [
        ("if leaf.type == token.STAR and node.type == syms.except_clause:", "    features.add(Feature.EXCEPT_STAR)"),
        ("case SyntaxKind.ExceptStarClause:", "  return formatExceptStar(node);"),
        ("Token::ExceptStar => self.except_star_clause(),",),
    ],
    ":=": [
        ("elif n.type == token.COLONEQUAL:", "    features.add(Feature.ASSIGNMENT_EXPRESSIONS)"),
        ("case SyntaxKind.ColonEqualsToken:", "  return wrapInParentheses(node);"),
        ("Token::ColonEq => self.named_expression(),",),
    ],
}
SHARED = "field = Field(default_factory=factory)"  # the related page's name, passed along once


@pytest.mark.parametrize(
    ("feature", "lines"), [(f, lines) for f, every in NAMED.items() for lines in every], ids=lambda v: str(v)[:30]
)
@pytest.mark.parametrize("style", STYLES)
def test_code_naming_the_symbols_speaks_for_the_page(style: str, feature: str, lines: tuple[str, ...]) -> None:
    """Failing before: the code never writes the token as a string, so it had no term, and the related page spoke on
    `default_factory`."""
    implemented, related = quotes(style, feature, (*lines, SHARED))
    assert implemented.startswith("Specification")
    assert "as this page says" in related and "default_factory" not in related


@pytest.mark.parametrize(
    "line",
    [
        "if leaf.type == token.STAR:",  # a symbol's name alone: any star
        "    clause = syms.except_clause",  # the keyword alone
        "if keyword == 'except':",
        "# the except* clause is handled below",  # a comment
    ],
)
def test_a_symbol_or_a_keyword_alone_names_no_feature(line: str) -> None:
    pages = [page("markdown", *FEATURES["except*"][0]), page("markdown", *DEFAULTS)]
    terms = change_terms(Change(parse_diff(changed("grammar/parse.py", line, SHARED))), within=[t for t, _ in pages])
    assert key("except*") not in terms.tokens


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("except*", ("except", "star")),
        (":=", ("colon", "equal")),
        ("**", ("doubl", "star")),
        ("->", ("rarrow",)),
        ("yield*", ("yield", "star")),
    ],
)
def test_spellings(token: str, expected: tuple[str, ...]) -> None:
    assert expected in spellings(token)


@pytest.mark.parametrize("token", ["*", "closed", "closed=", "foo()", "`x`", "authorized?", "Attr*"])
def test_no_spelling(token: str) -> None:
    assert spellings(token) == ()


@pytest.mark.parametrize(
    ("line", "token", "expected"),
    [
        ("features.add(Feature.EXCEPT_STAR)", "except*", True),
        ("if n.type == token.COLONEQUAL:", ":=", True),
        ("case SyntaxKind.AsteriskAsteriskToken:", "**", True),
        ("if n.type == token.STAR:", "except*", False),
        ("x = node.except_clause", "except*", False),
    ],
)
def test_spells(line: str, token: str, expected: bool) -> None:
    assert spells(line, token) is expected


@pytest.mark.parametrize(
    ("criterion", "path", "line"),
    [
        ("try statements with except* clauses are formatted.", "black/mode.py", "    EXCEPT_STAR = 14"),
        ("A file using the := operator needs Python 3.8.", "black/__init__.py", "elif n.type == token.COLONEQUAL:"),
        ("Generators delegating with yield* are compiled.", "src/compiler.ts", "case SyntaxKind.YieldStarExpression:"),
    ],
)
def test_a_criterion_saying_the_token_finds_the_line_naming_it(criterion: str, path: str, line: str) -> None:
    """Failing before: `except*` read as the word "except", `:=` as nothing."""
    assert any(t.kind == "ident" and t.label.strip("`") in criterion for t in criterion_terms(criterion).terms)
    diff = changed(path, "def unrelated_helper(values):", "    return sorted(values)", line)
    evidence = EvidenceFinder(parse_diff(diff)).find(criterion)
    assert [f.path for f in evidence.files] == [f"/{path}"]
