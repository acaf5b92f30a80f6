"""Benchmark: reading a page's blocks grows linearly with a list item's fence lines, closed or not.

Run: python benchmarks/blocks_scale.py [lines]
A page's author controls its lines: a list item may hold fences that never close (or close with a shorter run).
For each shape, the CPU of text/mdblocks.parse_blocks on `lines` and on four times as many: the ratio is about 4
when the work is linear, 16 when quadratic (review 9's finding 4: every indented fence line looked for its closing
fence to the page's end, 22.5 s for 8,000 lines). Goal: every ratio under 6.
"""

from __future__ import annotations

import sys

from scale import Shapes, linear

from doc_context.text.mdblocks import parse_blocks

SHAPES: Shapes = {
    "an item's fences never closed": lambda n: "- item\n" + "  ````sample\n" * n + "\nAfter the list.\n",
    "an item's fences closed by shorter runs": lambda n: "- item\n" + "  ````\n  ```\n" * (n // 2) + "\nAfter.\n",
    "items each holding a closed fence": lambda n: "- item\n  ```\n  x = 1\n\n  ```\n" * (n // 5) + "\nAfter.\n",
}


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, parse_blocks, 2_000, 4, 6)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
