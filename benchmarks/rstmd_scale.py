"""Benchmark: reading a reStructuredText page grows linearly with one list item's paragraphs.

Run: python benchmarks/rstmd_scale.py [paragraphs]
An indented paragraph after a blank line on a reStructuredText page is a block quote unless it goes on with a list
item (text/rstmd._in_item: the nearest line above it that is less indented is an item's); a literal block under an
item's later paragraph keeps the item's margin. That line was looked for by walking every line above it, once a
paragraph: quadratic in one item's paragraphs, about 4 s of CPU at MAX_CHARS (200,000 characters) on one item. For
each shape (an item of paragraphs; an auto-numbered item of paragraphs each over a literal block; paragraphs under a
section's title, in no item), the CPU of text/wikimd.wiki_to_markdown on a page of `paragraphs` paragraphs and on ten
times as many. Goal: every ratio under 20 (linear: about 10; quadratic: about 100).
"""

from __future__ import annotations

import sys

from scale import Shapes, linear

from doc_context.text.wikimd import wiki_to_markdown

SHAPES: Shapes = {
    "one item of paragraphs": lambda n: (
        "- The item.\n\n" + "".join(f"  Paragraph {k} of the item.\n\n" for k in range(n))
    ),
    "one #. item of literal blocks": lambda n: (
        "#. The item.\n\n" + "".join(f"   Paragraph {k}::\n\n       code({k})\n\n" for k in range(n))
    ),
    "quotes under a title": lambda n: "Title\n~~~~~\n\n" + "".join(f"  Quote {k}.\n\n" for k in range(n)),
}


def read(page: str) -> object:
    return wiki_to_markdown(page, limit=len(page) + 1, rst=True)


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, read, 1_000, 10, 20)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
