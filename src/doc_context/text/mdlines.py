"""Pure: what one markdown line opens, for reading markdown back as blocks (mdblocks.py) and titles (mdtitles.py):
a list item (LIST_MARKER, CommonMark's), a fence (FENCE; closes_fence, item_fence), an ATX heading (HEADING), a
quote (QUOTE); starts_block: any of those, or a table's row.
"""

from __future__ import annotations

import re

LIST_MARKER = re.compile(r"^\s{0,3}([-*+]|\d{1,9}[.)])\s+")  # a list item's marker (CommonMark)
# a fence's opening line, group 1 its run; a backtick fence's info string holds no backtick (CommonMark): a line
# opening with ```send()``` is a code span's
FENCE = re.compile(r"^\s{0,3}(`{3,}(?!.*`)|~{3,})")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
QUOTE = re.compile(r"^\s{0,3}>\s?")


def item_fence(line: str) -> re.Match[str] | None:
    """The fence a list's line opens: after its item's marker (`1. ````, a `<li>` opening with its code) or alone."""
    return FENCE.match(LIST_MARKER.sub("", line.lstrip(), count=1))


def closes_fence(line: str, run: str) -> bool:
    """Whether the line closes a fence opened by `run`: as long a run of the same character, alone on it."""
    stripped = line.strip()
    return stripped.startswith(run) and not stripped.strip(run[0])


def starts_block(line: str) -> bool:
    """Whether a line opens a block, not a paragraph's text: a fence, a heading, a table's row, a quote, an item."""
    stripped = line.strip()
    return bool(
        FENCE.match(line)
        or HEADING.match(line)
        or stripped.startswith("|")
        or QUOTE.match(line)
        or LIST_MARKER.match(line)
    )
