"""Pure: the code in untrusted markdown that a CommonMark renderer certainly reads as we do, kept as written.

`neutralize` escapes everything else; code it keeps must be code for every renderer, or raw text would
reach the comment. So a fence or a span counts only where our reading cannot differ from the renderer's
(CommonMark 0.31, section 4.5 "Fenced code blocks" and 6.1 "Code spans"; GFM tables):

- A fence opens on a line of 0-3 spaces, n >= 3 backticks and a plain info string (it interrupts a
  paragraph), where nothing before it can make it a table row or a link definition's destination: no
  line since the last blank one holds a `|` (markdown-it-py ends a table at a fence, as GFM says; older
  renderers took the line as a row) and the line before does not end in `]:`. It closes at the first
  later line of >= n backticks and spaces or tabs indented at most 3 columns more than the opener (a
  superset of what a renderer in any list item may take as the closer); it counts only if that line is
  indented exactly as the opener and every line between is blank or indented at least as much (a less
  indented line would end a list item holding the fence, and the fence with it).
- A span pairs a run of n backticks with the next run of exactly n on the same line. That is the
  renderer's pairing when no earlier line of the paragraph (since the last blank line) left a backtick
  it could pair across lines, the line has no backslash before a backtick and no run of three or more
  (escaped, so no longer runs), and no span holds a `|` (a GFM table splits cells before code spans).
- Neither holds `@<`: whether Azure DevOps resolves a mention inside code is not documented.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_OPENER = re.compile(r"( {0,3})(`{3,})([A-Za-z0-9_+#.\- ]*)")  # a plain info string: a language's name
_CLOSER = re.compile(r"([ \t]*)(`{3,})[ \t]*")
_RUN = re.compile(r"`+")
MENTION = "@<"


def blank(line: str) -> bool:
    """A blank line as CommonMark says: spaces and tabs only (a no-break space is text)."""
    return not line.strip(" \t")


def fence_end(lines: Sequence[str], start: int) -> int | None:
    """The index of the line that closes the fence opened at lines[start], when the fence is kept as written."""
    opener = _OPENER.fullmatch(lines[start])
    if opener is None or MENTION in lines[start]:
        return None
    indent, ticks = len(opener.group(1)), len(opener.group(2))
    for end in range(start + 1, len(lines)):
        line = lines[end]
        closer = _CLOSER.fullmatch(line)
        if closer and len(closer.group(2)) >= ticks and columns(closer.group(1)) <= indent + 3:
            return end if closer.group(1) == opener.group(1) else None
        if MENTION in line or (not blank(line) and columns(line[: len(line) - len(line.lstrip(" \t"))]) < indent):
            return None
    return None


def may_open_after(line: str) -> bool:
    """Whether a fence may open on a line after this one (and after the lines since the last blank one)."""
    return "|" not in line and not line.rstrip(" \t").endswith("]:")


def fence_open_at_end(text: str) -> int | None:
    """Where the line that opens a fence left unclosed at the text's end starts (after a cut), or None."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    i = 0
    while i < len(lines):
        if _OPENER.fullmatch(lines[i]):  # outside kept fences neutralize escaped every other run of three
            end = _first_closer(lines, i)
            if end is None:
                return starts[i]
            i = end
        i += 1
    return None


def _first_closer(lines: Sequence[str], start: int) -> int | None:
    opener = _OPENER.fullmatch(lines[start])
    ticks = len(opener.group(2)) if opener else 3
    for end in range(start + 1, len(lines)):
        closer = _CLOSER.fullmatch(lines[end])
        if closer and len(closer.group(2)) >= ticks and columns(closer.group(1)) <= 3:
            return end
    return None


def code_spans(line: str) -> tuple[list[tuple[int, int]], bool]:
    """The spans (start, end) of a line kept as written, and whether the line is clean: every backtick in a
    span both we and the renderer pair, so the paragraph's next line can be read on its own."""
    runs = [m.span() for m in _RUN.finditer(line)]
    if not runs:
        return [], True
    if "\\`" in line or any(end - start >= 3 for start, end in runs):
        return [], False
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        match = next((j for j in range(i + 1, len(runs)) if runs[j][1] - runs[j][0] == end - start), None)
        if match is None:
            return [], False
        spans.append((start, runs[match][1]))
        i = match + 1
    if any("|" in line[start:end] for start, end in spans):
        return [], False
    return [(s, e) for s, e in spans if MENTION not in line[max(0, s - 1) : s] + line[s:e].strip("` ")], True


def columns(indent: str) -> int:
    """The width of leading spaces and tabs, a tab reaching the next multiple of 4."""
    width = 0
    for char in indent:
        width = width + 4 - width % 4 if char == "\t" else width + 1
    return width
