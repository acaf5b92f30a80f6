"""Benchmark: a page's names written as code (summary/speaks.page_names) grow linearly with its sections.

Run: python benchmarks/page_names_scale.py [sections]
Each prose compound of a page ("the aaa-mode applies") is one lookup among the runs of the page's code names, not a
scan of all of them (review 9, finding 3: a reference page of 1,000 and 4,000 sections, each writing an option as code
and its mode in prose, took 8.8 s and 88.6 s when every compound was compared with every name). The CPU of
page_names on a page of `sections` sections and on four times as many. Goal: every ratio under 8 (linear: about 4;
quadratic: about 16). The answer on such a page is tests/test_prose_compounds.py's (its test asserted the CPU before
session 16).
"""

from __future__ import annotations

import itertools
import string
import sys

from scale import Shapes, linear

from doc_context.summary.speaks import page_names

_WORDS = ["".join(p) for p in itertools.product(string.ascii_lowercase, repeat=3)]
_SECTION = "Set `opt_{w}_value` when the {w}-mode applies, not the {w}-value."
SHAPES: Shapes = {"sections of an option and its mode": lambda n: "\n".join(_SECTION.format(w=w) for w in _WORDS[:n])}


def names(page: str) -> object:
    texts = page.split("\n")
    return page_names(texts, [(0, "Options reference")] * len(texts))


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, names, 1_000, 4, 8)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
