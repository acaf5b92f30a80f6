"""Sentences of a markdown file and their lengths in words: `python tests/prose.py README.md` prints the longest.

Code blocks, indented code, tables, headings and pictures are not prose. A sentence ends at `.`, `!` or `?`
before white space, at a blank line, or where a list item starts; words are the white-space-separated tokens
that hold a letter or a digit, so a URL counts as one word.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

FENCE = re.compile(r"^\s*```")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
END = re.compile(r"(?<=[.!?])\s+")


def paragraphs(text: str) -> list[str]:
    """The prose of a markdown text as paragraphs and list items, each one string."""
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            line = ""
        prose = not fenced and bool(line.strip()) and not line.startswith(("    ", "#", "|", "!["))
        if not prose or ITEM.match(line):
            out.append(" ".join(current))
            current = []
        if prose:
            current.append(ITEM.sub("", line).strip())
    out.append(" ".join(current))
    return [p for p in out if p]


def sentences(text: str) -> list[str]:
    return [s for p in paragraphs(text) for s in END.split(p) if s]


def words(sentence: str) -> int:
    return sum(1 for token in sentence.split() if re.search(r"\w", token))


def longest(text: str, count: int = 5) -> list[tuple[int, str]]:
    return sorted(((words(s), s) for s in sentences(text)), reverse=True)[:count]


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {len(Path(name).read_text(encoding='utf-8').splitlines())} lines")
        for n, sentence in longest(Path(name).read_text(encoding="utf-8")):
            print(f"  {n:3} words: {sentence[:100]}")
