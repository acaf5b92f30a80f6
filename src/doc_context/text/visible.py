"""Pure: how long a comment reads: the characters a reader sees once Azure DevOps renders its markdown.

Each run of white space is one character. Link targets, emphasis and code-span markers, heading, list and quote
marks, table pipes and rule rows do not count; link text, code and an entity's one character (`&lt;`) do.
commentBudget counts so; the service's limit (150,000) is on the raw markdown. tests/test_visible.py holds this
equal to markdown-it-py's text (CommonMark, tables, strikethrough, as Azure DevOps renders) of any comment.
The blocks are read here; each paragraph's, heading's and cell's inline markdown in visible_inline.py.
"""

from __future__ import annotations

import re
from functools import lru_cache

from doc_context.text.visible_inline import inline

_FENCE = re.compile(r"^ {0,3}(`{3,}(?!.*`)|~{3,})")  # no backtick in a backtick fence's info string (mdlines.FENCE)
_CONTAINER = re.compile(r"^ {0,3}>[ \t]?|^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_HEADING = re.compile(r"^ {0,3}#{1,6}(?:[ \t]+|$)")
_CLOSING_HASHES = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")
_RULE = re.compile(r"^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_SEPARATOR = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_ENDS_TABLE = re.compile(
    r"^(?: {0,3}(?:>|#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|<[A-Za-z/!?])| {4,}|\t)|^ {0,3}(?:[-*_][ \t]*){3,}$"
)
_SPACE = re.compile(r"\s+")


def visible_size(markdown: str) -> int:
    """How many characters a reader sees of the markdown (see the module's docstring)."""
    return _size(markdown) if len(markdown) <= 20_000 else len(visible_text(markdown))


@lru_cache(maxsize=4_096)  # a comment's parts are measured again at every step of yielding
def _size(markdown: str) -> int:
    return len(visible_text(markdown))


def visible_text(markdown: str) -> str:
    """The text a reader sees, white space folded to single spaces."""
    out: list[str] = []
    para: list[str] = []  # the lines of the paragraph being read: its inline markdown is read as one
    listing = False  # a list is open: its items' lines are no table's head at the margin
    in_list, indent = False, 0  # the paragraph is a list item's; where its text starts, past its quote or list marks
    fence = ""
    lines = markdown.split("\n")
    table = separator = 0  # columns of the table the lines are in (0: none), the line of its separator row
    prefix = ""  # the table's quote marks
    for n, raw in enumerate(lines):
        if fence:
            if re.match(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", _containers(raw)[0]):
                fence = ""
            else:
                out.append(raw)
            continue
        line, listed = _containers(raw, in_para=bool(para) and not in_list)
        margin = not listing  # no list open above: the line is read at the margin first
        if listed or (raw.strip() and raw[:1] not in " \t" and not para):
            listing = listed  # an item opens a list; a block starting at the margin after it closes it
        if para and (listed or not line.strip() or _FENCE.match(line) or _RULE.match(line) or _HEADING.match(line)):
            out.append(inline("\n".join(para)))
            para = []
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group(1)
            continue
        ends = not line.strip() or _ENDS_TABLE.match(line) or _RULE.match(line)
        if table and (ends or raw[: len(raw) - len(line)] != prefix):
            table = 0
        lazy = bool(para) and len(raw) - len(line.lstrip(" ")) < indent  # no table starts here
        if not table and not lazy and "|" in line and n + 1 < len(lines):
            head = _table_head(line, lines[n + 1], raw if margin and line != raw else None)
            if head is not None:
                table, separator, prefix, line = len(_row(head)), n + 1, raw[: len(raw) - len(head)], head
                if para:
                    out.append(inline("\n".join(para)))
                    para = []
        if table:
            if n != separator:
                out.extend(inline(cell) for cell in _row(line)[:table])
            continue
        if _RULE.match(line):
            continue
        heading = _HEADING.match(line)
        if heading:
            out.append(inline(_CLOSING_HASHES.sub("", line[heading.end() :])))
        elif line.strip():
            if not para:
                in_list, indent = listed, len(raw) - len(line)
            para.append(line)
    if para:
        out.append(inline("\n".join(para)))
    return _SPACE.sub(" ", " ".join(out)).strip()


def _containers(line: str, *, in_para: bool = False) -> tuple[str, bool]:
    """The line without its quote marks and list markers, and whether it starts a list item (an ordered one
    other than 1, or an empty one, does not interrupt a paragraph: it is the paragraph's text)."""
    listed = False
    while (mark := _CONTAINER.match(line)) and not _RULE.match(line):
        marker = mark.group().strip()
        if marker != ">":
            rest = line[mark.end() :]
            if in_para and (not rest.strip() or (marker[:-1].isdigit() and marker[:-1] != "1")):
                break
            listed = True
        line = line[mark.end() :]
    return line, listed


def _table_head(line: str, following: str, raw: str | None) -> str | None:
    """The row a table starts with, over a separator row of as many cells. markdown-it tries a table before a quote
    or a list: at the margin (`raw`, no list open above) a quote's or an item's line heads one, its marks and all."""
    heads = ([(raw, following)] if raw is not None else []) + [(line, _containers(following)[0])]
    for head, under in heads:
        if _separates(under) and _indent(head) < 4 and len(_row(under)) == len(_row(head)):
            return head
    return None


def _separates(row: str) -> bool:
    """A separator row as markdown-it's table rule reads one: under 4 spaces in (more is a code line), `|`, `-` or
    `:` first and one of them or a space second, but never a list's `- `; cells of dashes, colons at the ends."""
    text = row.lstrip(" ")
    lead = text[:2]
    return (
        _indent(row) < 4
        and len(lead) == 2
        and lead[0] in "|-:"
        and lead[1] in "|-: \t"
        and lead[0] + lead[1].strip() != "-"
        and "-" in text
        and bool(_SEPARATOR.match(text))
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _row(line: str) -> list[str]:
    """A table row's cells: split on the pipes no backslash escapes, the outer pipes dropped."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    if cells and not cells[0].strip():
        cells = cells[1:]
    if cells and not cells[-1].strip() and line.strip().endswith("|"):
        cells = cells[:-1]
    return [c.replace("\\|", "|") for c in cells]
