"""One recognizer of a comment, relevance/language.comment_at, as the language of the line's file writes one: C#'s
`#region` is a preprocessor's directive, Python's `a // b` floor division, SQL's `--` and VB's `'` open comments. The
readers of a changed line (line_terms, carried, evidence_claims, evidence_prose, code_tokens) ask it alone."""

from __future__ import annotations

import pytest

from doc_context.change.index import FileWords
from doc_context.change.unified import parse_diff
from doc_context.relevance.language import comment, comment_at, comment_text
from doc_context.relevance.line_terms import collect
from doc_context.relevance.terms import DIFF, ChangeTerms
from doc_context.relevance.words import parts
from doc_context.summary.evidence_claims import logical
from doc_context.summary.evidence_prose import sentences
from tests.diffs import changed

COMMENTS = [  # (language, path, line, where its comment begins)
    ("C#", "src/Billing/Refunds.cs", "#region Refund helpers", None),  # a directive
    ("C#", "src/Billing/Refunds.cs", "#if NET8_0_OR_GREATER", None),
    ("C#", "src/Billing/Refunds.cs", "var days = 14; // the policy's", 15),
    ("C#", "src/Billing/Refunds.cs", "/// <summary>Refunds an order.</summary>", 0),
    ("C", "src/refunds.c", "#include <stdio.h>", None),
    ("Python", "billing/refunds.py", "pages = total // page_size", None),  # floor division
    ("Python", "billing/refunds.py", "pages = total // page_size  # rounded down", 28),
    ("Python", "billing/refunds.py", "    * factor", None),  # a continued product, no block comment's line
    ("Ruby", "lib/billing/refunds.rb", 'puts "#{days} days"  # the policy', 21),
    ("SQL", "db/refunds.sql", "SELECT id FROM refunds -- issued late", 23),
    ("SQL", "db/refunds.sql", "-- refunds issued late", 0),
    ("VB", "src/Billing/Refunds.vb", "Dim days = 14 ' the policy's", 14),
    ("VB", "src/Billing/Refunds.vb", "' Refunds an order.", 0),
    ("TypeScript", "src/refunds.ts", "this.#count = 1;", None),  # a private field
    ("TypeScript", "src/refunds.ts", " * @returns the refund", 0),
    ("Go", "refunds.go", "days := 14 // the policy's", 11),
    ("Rust", "src/refunds.rs", "#[test]", None),
    ("(no path)", "", "#region Refund helpers", 0),  # every marker, as before a file's language was asked
    ("(no path)", "", "total = a // b", 10),
]


@pytest.mark.parametrize(("language", "path", "line", "at"), COMMENTS, ids=[f"{c[0]}: {c[2]}" for c in COMMENTS])
def test_a_comment_as_its_language_writes_one(language: str, path: str, line: str, at: int | None) -> None:
    assert comment_at(line, path) == at, language
    assert (comment(line, path) is None) == (at is None), language
    assert (comment_text(line, path) is not None) == (at == 0), language


def test_a_directive_is_no_comment() -> None:
    """C#'s `#region` is a directive, its name the line's words, not "region" and them (summary/evidence_prose;
    failing before: read as a comment saying "region Refund helpers ...")."""
    words = tuple(parts("Refund helpers for overdue invoices"))
    assert sentences("#region Refund helpers for overdue invoices", "src/Billing/Refunds.cs") == [words]
    assert sentences("# Refund helpers for overdue invoices", "billing/refunds.py") == [words]


def test_floor_division_leaves_no_bracket_open() -> None:
    """Python's `//` is no comment: the line closes its bracket, the next line is one of its own
    (evidence_claims.logical; failing before: `//` cut the line, its `(` left open)."""
    lines = ["pages = (total // page_size)", "rest = total % page_size"]
    added = parse_diff(changed("billing/refunds.py", *lines)).files[0].added
    assert logical(FileWords(added), "billing/refunds.py") == [0, 1]
    wrapped = ["total = count // (size", "rest = count % size)"]
    python = parse_diff(changed("billing/refunds.py", *wrapped)).files[0].added
    assert logical(FileWords(python), "billing/refunds.py") == [0, 0]  # its `(` open: the next line continues it
    go = parse_diff(changed("refunds.go", *wrapped)).files[0].added
    assert logical(FileWords(go), "refunds.go") == [0, 1]  # Go's `//` is a comment: its `(` is in it


def test_a_comment_gives_its_phrases_in_every_language() -> None:
    """relevance/line_terms reads a comment's words as phrases, VB's `'` included (failing before)."""
    for path, line in [
        ("src/Billing/Refunds.vb", "Dim days = 14 ' refunds issued late"),
        ("db/refunds.sql", "SELECT id FROM ledger -- refunds issued late"),
        ("billing/refunds.py", "days = 14  # refunds issued late"),
    ]:
        out = ChangeTerms()
        collect(out, line, DIFF, lambda word: False, prose=False, path=path)
        assert ("phrase", ("refund", "issu")) in out.weights, path
