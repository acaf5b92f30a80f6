"""Benchmark: reading a changed line's sentences grows linearly with the line, whatever its quotes.

Run: python benchmarks/prose_scale.py [repeats]
A diff's author controls its lines: a generated fixture or a multi-line string may hold escaped JSON with no closing
quote on the line. For each shape, the CPU of summary/evidence_prose.sentences (and the other readers of a
line's literals: relevance/line_terms.collect, evidence_claims.logical's _bare) on a line of `repeats` pieces and on
ten times as many: the ratio is about 10 when the work is linear, 100 when quadratic (review 8's finding 8: every
escaped quote rescanned the rest of the line, 63 s for a 60 KB line). Goal: every ratio under 15.
"""

from __future__ import annotations

import sys

from scale import Shapes, linear

from doc_context.relevance.line_terms import collect
from doc_context.relevance.terms import DIFF, ChangeTerms
from doc_context.summary import evidence_claims
from doc_context.summary.evidence_match import in_string
from doc_context.summary.evidence_prose import sentences

SHAPES: Shapes = {
    'unterminated "a\\ (double quotes)': lambda n: "x = " + '"a\\' * n,
    "unterminated 'a\\ (single quotes)": lambda n: "x = " + "'a\\" * n,
    "opening quotes ' a": lambda n: " 'a" * n,
    "closed strings": lambda n: 'x = "a b", ' * n,
}


def read(text: str) -> None:
    """Every reader of a changed line's literals, on the line."""
    sentences(text, "src/a.ts")
    in_string(text, ("never", "said"))
    collect(ChangeTerms(), text, DIFF, lambda word: False, prose=False)  # the terms a changed line gives (line_terms)
    evidence_claims._bare(text)  # the line without its literals, as evidence_claims.logical reads each line


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, read, 20_000, 10, 15)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
