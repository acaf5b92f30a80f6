"""Benchmark: neutralize on long runs of blank, whitespace-only and indented lines grows linearly.

Run: python benchmarks/neutralize_scale.py [lines]
A wiki page, a work item's field or a discussion comment may end in thousands of blank or whitespace-only lines
(htmltext and storage fold runs of empty lines, not lines of spaces). For each shape, the CPU of neutralize on
`lines` and on four times as many: the ratio is about 4 when the work is linear, 16 when quadratic (review 7's
finding 1: every blank line scanned the rest of the run, 25 s for 8,000 lines). Goal: every ratio under 6.
"""

from __future__ import annotations

import sys

from scale import Shapes, linear

from doc_context.text.neutralize import neutralize

SHAPES: Shapes = {
    "blank lines": lambda n: "a\n" + "\n" * n + "b",
    "whitespace-only lines": lambda n: "a\n" + "    \n" * n + "b",
    "indented blocks between blank lines": lambda n: "\n".join(["", "    x < y"] * n),
    "indented lines holding a mention": lambda n: "a\n\n" + "    @<6A3E-11>\n\n" * n,
}


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, neutralize, 4_000, 4, 6)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
