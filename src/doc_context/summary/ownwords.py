"""Pure: a work item's own words before the lines that only carry a link.

A description often ends in pointers: "Design: [Split payments](…)", "Provider docs: [API v3](…)". The comment
shows the item's own sentences first (its lead, then what matches the change) and its link-only lines after
them, together: never an elision mark standing between two of them, and they yield before the sentences do
(models.Yields.LINKS). A sentence that carries a link ("Apply loyalty discounts the way the [rounding
policy](…) says") is a sentence, not a citation; a screenshot (text/images.py) is the item's own, too.
A line that only cites a page the comment shows anyway is said once, by that page's section.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from doc_context.text.mdblocks import parse_blocks
from doc_context.text.mdlines import LIST_MARKER
from doc_context.text.urls import find_urls

LABEL_WORDS = 8  # a link-only line's label ("Rounding rules we must follow:") has at most this many words
MAX_LINKS = 8  # link-only lines the comment shows; the build summary has the rest
_LINK = re.compile(r"\[(?:[^\[\]\n]|\\[\[\]])*\]\((?:[^()\s]|\([^()\s]*\))*\)|https?://[^\s<>()]+")
_PARENTHESES = re.compile(r"\([^()]*\)")
_EMPHASIS = re.compile(r"[*_~]+")
_SEPARATORS = re.compile(r"(?i)[\s,;.·|/&+\-–—]+|\b(?:and|or)\b")
_LABEL_END = re.compile(r"[:\-–—]\s*$")
_IMAGE = re.compile(r"\(image: \[")
HOLE = "\x00"


@dataclass(frozen=True)
class OwnWords:
    own: str  # the text without its link-only lines
    links: tuple[str, ...]  # the link-only lines, in their order (those citing shown pages left out)
    more_links: int = 0  # link-only lines beyond MAX_LINKS


def link_only(line: str) -> bool:
    """Whether a line only carries links: nothing but a short label ending in ":" before them, and nothing
    after them but separators and remarks in parentheses. A screenshot line is no link-only line."""
    text = _EMPHASIS.sub("", LIST_MARKER.sub("", line.strip(), count=1))
    if not find_urls(text, markdown=True) or _IMAGE.search(text):
        return False
    holed = _PARENTHESES.sub(" ", _LINK.sub(HOLE, text))
    while True:  # a remark in parentheses may hold one
        inner = _PARENTHESES.sub(" ", holed)
        if inner == holed:
            break
        holed = inner
    label, hole, rest = holed.partition(HOLE)
    if not hole:
        return not re.search(r"\w", holed)  # the links were all inside remarks
    label = label.strip()
    said = _SEPARATORS.sub("", rest.replace(HOLE, ""))
    return (not label or (bool(_LABEL_END.search(label)) and len(label.split()) <= LABEL_WORDS)) and not said


def own_words(markdown: str, cites_shown: Callable[[str], bool]) -> OwnWords:
    """A description split into its own text and its link-only lines (those of paragraphs and list items;
    code and tables are left as they are); a line for which `cites_shown` holds is left out altogether."""
    lines = markdown.split("\n")
    links: list[str] = []
    keep = [True] * len(lines)
    for block in parse_blocks(markdown):
        if block.kind not in ("para", "list"):
            continue
        for n in range(block.start, block.end):
            if link_only(lines[n]):
                keep[n] = False
                if not cites_shown(lines[n]):
                    links.append(lines[n].strip())
    own = "\n".join(line for line, kept in zip(lines, keep, strict=True) if kept)
    return OwnWords(own, tuple(links[:MAX_LINKS]), max(0, len(links) - MAX_LINKS))
