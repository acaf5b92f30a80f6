"""Pure: a work item's acceptance criteria field (markdown) -> one Criterion per line, struck-through ones marked."""

from __future__ import annotations

import re

from doc_context.models import Criterion
from doc_context.text.mdblocks import LIST_MARKER

_HEADER = re.compile(r"(?i)^\W*acceptance criteria\W*$")
_STRUCK = re.compile(r"~~.*?~~")


def parse_criteria(markdown: str) -> tuple[Criterion, ...]:
    """Acceptance criteria, one a line, in their order; a wholly struck-through one is withdrawn (`struck`)."""
    found: list[Criterion] = []
    for line in markdown.splitlines():
        text = LIST_MARKER.sub("", line.strip()).strip()
        if not text or _HEADER.match(text):
            continue
        if "~~" in text and not re.search(r"\w", _STRUCK.sub("", text)):
            found.append(Criterion(text.replace("~~", "").strip(" *_"), struck=True))
        else:
            found.append(Criterion(text))
    return tuple(found)


def criteria_lines(criteria: tuple[Criterion, ...]) -> str:
    """The criteria as a plain list, the withdrawn ones struck through (for a language model's input)."""
    return "\n".join(f"- ~~{c.text}~~" if c.struck else f"- {c.text}" for c in criteria)
