"""Pure: markdown (from our converters) -> blocks: paragraphs, lists, tables, quotes, code, headings.

What htmltext.py and storage.py emit is read: ATX or bold-line headings, `-`/`1.` lists with indented
continuation, pipe tables, `>` quotes, fenced or indented code; and the underlined headings people write in a
wiki's markdown (setext) or a reStructuredText document (a specification read as it is written). Anything else
is a paragraph. What one line opens is mdlines.py's; which lines are an underlined title, mdtitles.py's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from doc_context.text.mdlines import FENCE, HEADING, LIST_MARKER, QUOTE, closes_fence, item_fence, starts_block
from doc_context.text.mdtitles import SETEXT, UNDERLINE, rst_titled, stray_adornment, underlined

Kind = Literal["para", "list", "table", "quote", "code", "heading"]

_BOLD_LINE = re.compile(r"^\*\*([^*\n]{1,120}?)\*\*:?$")


@dataclass(frozen=True)
class Block:
    kind: Kind
    lines: tuple[str, ...]  # for a quote: its lines without the "> "; for a heading: its text alone
    ordered: bool = False  # a list numbered 1. 2. 3.
    start: int = 0  # its first line in the text
    end: int = 0  # the line after its last
    level: int = 0  # an underlined heading's level (1 for ===, 2 for ---, 3... for other underlines); 0: read its line

    @property
    def items(self) -> list[str]:
        """A list's items, each one line: continuation lines joined with a space, nested items with "; "."""
        return [text for _, text in self.numbered_items()]

    def numbered_items(self) -> list[tuple[int, str]]:
        """(number, item) of a list, the number as a renderer shows it: the first item's own number, then one
        more per item (a list written 3. 4. 5. says 3, 4, 5); 0 for a bulleted list's items. An item's fenced code
        is no text of it (an example is code, as a paragraph's is)."""
        items: list[str] = []
        fence = ""  # the run of the fence an item's code is in: its lines are code, no text of the item
        for line in self.lines:
            nested = bool(LIST_MARKER.match(line)) and line[:1] in " \t"
            if fence and not (LIST_MARKER.match(line) and not nested):  # to its fence, or the next item
                fence = "" if closes_fence(line.strip(), fence) else fence
                continue
            if opened := item_fence(line):  # `1. ```` opens the item with its code: no text yet
                fence, items = opened.group(1), [*items, ""] if LIST_MARKER.match(line) and not nested else items
                continue
            fence, text = "", LIST_MARKER.sub("", line).strip()
            if not items or (LIST_MARKER.match(line) and not nested):
                items.append(text)
            elif text:
                glue = ("; " if "\u2014" in items[-1] else " \u2014 ") if nested else " "
                items[-1] = f"{items[-1]}{glue}{text}" if items[-1] else text
        marker = LIST_MARKER.match(self.lines[0]) if self.lines else None
        first = int(marker.group(1)[:-1]) if self.ordered and marker and marker.group(1)[0].isdigit() else 0
        numbered = [(first + n if self.ordered else 0, item) for n, item in enumerate(items)]
        return [(n, item) for n, item in numbered if item]


def heading_text(line: str) -> str | None:
    """The text of a heading line: `## Rules` or a whole bold line such as `**Rules**`."""
    stripped = line.strip()
    match = HEADING.match(stripped) or _BOLD_LINE.match(stripped)
    return match.group(1).strip(" *#:") if match else None


def parse_blocks(markdown: str, rst: bool | None = None) -> list[Block]:
    """The blocks of a markdown text, in order; blank lines are separators only. `rst`: the text is
    reStructuredText's (None: its titles tell, rst_titled), where a `~~~~` run may adorn a title or be a transition."""
    lines = markdown.replace("\r\n", "\n").split("\n")
    rst = rst_titled(lines) if rst is None else rst
    blocks: list[Block] = []
    styles: list[str] = [] if rst else list(SETEXT)  # as first seen: rst's levels, an overlined style its own
    i = 0
    in_item = False  # the last blocks read are a list's, or what is indented under its last item
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        heading = underlined(lines, i, rst=rst)
        if heading is not None:
            title, style, end = heading
            styles += [] if style in styles else [style]
            level = styles.index(style) + 1
            blocks.append(Block("heading", (title,), start=i, end=end, level=level))
            i, in_item = end, False
            continue
        if in_item and lines[i].startswith(("    ", "\t")):  # a list item's own paragraphs or nested list
            end = _run(lines, i, lambda s: s.startswith(("    ", "\t")) or not s.strip())
            end = next(j for j in range(end, i, -1) if lines[j - 1].strip())
            blocks += [replace(b, start=b.start + i, end=b.end + i) for b in parse_blocks(_dedent(lines[i:end]), rst)]
            i = end
            continue
        if rst and stray_adornment(lines, i):
            i += 1  # reStructuredText's transition (or a stray adornment): no block
            continue
        block, end = _read_block(lines, i)
        blocks.append(replace(block, start=i, end=end))
        i, in_item = end, block.kind == "list"
    return blocks


def _dedent(lines: list[str]) -> str:
    lines = [line.expandtabs(4) for line in lines]
    width = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return "\n".join(line[width:] for line in lines)


def _read_block(lines: list[str], i: int) -> tuple[Block, int]:
    line = lines[i]
    stripped = line.strip()
    if fence := FENCE.match(line):
        end = next((j for j in range(i + 1, len(lines)) if closes_fence(lines[j], fence.group(1))), len(lines))
        return Block("code", tuple(lines[i : end + 1])), min(end + 1, len(lines))
    if match := HEADING.match(line):
        return Block("heading", (match.group(1).strip(),)), i + 1
    if stripped.startswith("|"):
        end = _run(lines, i, lambda s: s.strip().startswith("|"))
        return Block("table", tuple(s.strip() for s in lines[i:end])), end
    if QUOTE.match(line):
        end = _run(lines, i, lambda s: bool(QUOTE.match(s)))
        return Block("quote", tuple(QUOTE.sub("", s).rstrip() for s in lines[i:end])), end
    if LIST_MARKER.match(line):
        end = _list_end(lines, i)
        return Block("list", tuple(lines[i:end]), stripped[0].isdigit()), end
    if line.startswith(("    ", "\t")):
        end = _run(lines, i, lambda s: s.startswith(("    ", "\t")) or not s.strip())
        return Block("code", tuple(lines[i:end])), end
    if _BOLD_LINE.match(stripped):
        return Block("heading", (heading_text(stripped) or stripped,)), i + 1
    end = _run(lines, i + 1, lambda s: bool(s.strip()) and not starts_block(s))
    return Block("para", tuple(s.strip() for s in lines[i:end])), end


def _list_end(lines: list[str], start: int) -> int:
    """The index of the line after a list whose first item is at `start`: its items and the lines indented under
    them, up to a blank line; but code fenced inside an item runs to its closing fence among the item's own lines,
    blank lines and all (a Confluence page's list item holding a code sample: its blank lines are the code's, not the
    list's end). A fence the item leaves open is code to the item's end: no fence opens under it. A line of text
    right after an item's text goes on in the item, indented or not (CommonMark's lazy continuation: a sentence
    wrapped at the margin is the item's), unless it starts a block or is an underlined title."""
    end, unfenced, coded = start, start, False  # coded: the item's fence is left open (no text goes on in code)
    while (
        end < len(lines)
        and lines[end].strip()
        and (LIST_MARKER.match(lines[end]) or lines[end][:1] in " \t" or (not coded and _lazy(lines, end)))
    ):
        coded = coded and not LIST_MARKER.match(lines[end])
        fence = item_fence(lines[end]) if end >= unfenced else None
        if fence:
            closing, unfenced = _item_fence_end(lines, end, fence.group(1))
            end, coded = (closing, coded) if closing is not None else (end, True)
        end += 1
    return end


def _lazy(lines: list[str], i: int) -> bool:
    """Whether line i, written at the margin, goes on with the list item's text on the line above: that line is
    text (no fence), and line i starts no block, is no bold heading, and no underline nor an underlined title."""
    above = lines[i - 1].strip()
    if not above or FENCE.match(above) or starts_block(lines[i]) or _BOLD_LINE.match(lines[i].strip()):
        return False
    below = lines[i + 1] if i + 1 < len(lines) else ""
    return not UNDERLINE.match(lines[i].strip()) and not (below.strip() and UNDERLINE.match(below.strip()))


def _item_fence_end(lines: list[str], i: int, run: str) -> tuple[int | None, int]:
    """The index of the line closing the fence opened at i among its item's own lines (blank, or indented under it),
    None when none does; and the index of the first line that is neither (the item's end)."""
    for j in range(i + 1, len(lines)):
        if lines[j].strip() and lines[j][:1] not in " \t":
            return None, j
        if closes_fence(lines[j], run):
            return j, j + 1
    return None, len(lines)


def _run(lines: list[str], start: int, keep: Callable[[str], bool]) -> int:
    """The index of the first line from start that keep() refuses."""
    end = start
    while end < len(lines) and keep(lines[end]):
        end += 1
    return end
