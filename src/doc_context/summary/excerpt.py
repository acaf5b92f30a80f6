"""Pure: the most relevant parts of a markdown text within a budget, its structure kept intact.

The units picked are sentences of paragraphs and quotes, whole list items and whole tables; code
is never picked. A table is kept whole or left out. A picked list item keeps its list (an ordered
list is renumbered from 1, so it never seems to start at its second item); a quote keeps its "> "
and its title; the heading above a unit comes with it, once. `shorten` cuts a finished text to a
length the same way: whole blocks, never half a table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from doc_context.summary.tokens import clip, line_sentences, relevance
from doc_context.text.mdblocks import Block, heading_text, parse_blocks

UNIT_CHARS = 300  # a longer sentence or list item is clipped before picking
MIN_CLIP = 40  # shorten() ends with a clipped line only when this much room is left


@dataclass(frozen=True)
class Unit:
    section: str  # the heading above it ("" at the top)
    block: int
    line: int  # line of a paragraph or quote, item of a list
    text: str
    kind: str  # "para", "item", "ordered", "table", "quote"
    title: str = ""  # a quote's own title (its first, bold line)


def units(markdown: str, *, skip_heading: str = "") -> list[Unit]:
    """The pickable units of a text; a heading equal to skip_heading (the page title) is none."""
    out: list[Unit] = []
    section = ""
    for b, block in enumerate(parse_blocks(markdown)):
        if block.kind == "heading":
            text = block.lines[0]
            section = "" if text.casefold() == skip_heading.strip().casefold() else text
        elif block.kind != "code":
            out.extend(_block_units(block, b, section))
    return out


def _block_units(block: Block, b: int, section: str) -> list[Unit]:
    if block.kind == "table":
        return [Unit(section, b, 0, "\n".join(block.lines), "table")] if len(block.lines) > 1 else []
    if block.kind == "list":
        kind = "ordered" if block.ordered else "item"
        return [Unit(section, b, n, clip(item, UNIT_CHARS), kind) for n, item in enumerate(block.items)]
    lines = list(block.lines)
    title = ""
    if block.kind == "quote" and lines and heading_text(lines[0]):
        title = lines.pop(0).strip()
    return [
        Unit(section, b, n, clip(s, UNIT_CHARS), block.kind, title)
        for n, line in enumerate(lines)
        for s in line_sentences(line.strip())
    ]


def _score(unit: Unit, focus: frozenset[str]) -> int:
    rows = unit.text.split("\n")
    own = (
        max((relevance(row, focus) for row in rows[:1] + rows[2:]), default=0)
        if unit.kind == "table"
        else relevance(unit.text, focus)
    )
    return 2 * own + relevance(unit.section, focus) + relevance(unit.title, focus)


def pick_units(found: list[Unit], focus: frozenset[str], budget: int, *, lead: int = 0) -> list[Unit]:
    """The most relevant units that fit, in text order; the first gets `lead` extra points."""
    scores = [_score(u, focus) + (lead if i == 0 else 0) for i, u in enumerate(found)]
    chosen: list[int] = []
    labels: set[str] = set()
    used = 0
    for i in sorted(range(len(found)), key=lambda i: (-scores[i], i)):
        unit = found[i]
        extra = [x for x in (unit.section, unit.title and f"{unit.block}:{unit.title}") if x and x not in labels]
        cost = len(unit.text) + 2 + sum(len(x) + 6 for x in extra)
        if used + cost <= budget or (not chosen and unit.kind != "table"):
            chosen.append(i)
            labels.update(extra)
            used += cost
    picked = [found[i] for i in sorted(chosen)]
    if picked and len(picked) == 1 and len(picked[0].text) > budget:
        picked = [replace(picked[0], text=clip(picked[0].text, max(budget, 1)))]
    return picked


def assemble(picked: list[Unit]) -> str:
    """Units back into markdown: sections in bold, blocks apart, lists numbered, quotes marked."""
    out: list[str] = []
    prev: Unit | None = None
    number = 0
    for unit in picked:
        new_section = bool(unit.section) and (prev is None or prev.section != unit.section)
        same_block = prev is not None and prev.block == unit.block and not new_section
        if new_section:
            out.append(f"\n\n**{unit.section}**" + ("\n\n" if unit.kind == "table" else "\n"))
        elif same_block and prev is not None:
            out.append(_joint(prev, unit))
        elif prev is not None:
            out.append("\n\n")
        if not same_block and unit.title:
            out.append(f"> {unit.title}\n>\n")
        number = number + 1 if same_block else 1
        continues = same_block and prev is not None and prev.line == unit.line
        out.append(_render(unit, number, continues=continues))
        prev = unit
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip()


def _joint(prev: Unit, unit: Unit) -> str:
    if prev.line == unit.line and unit.kind in ("para", "quote"):
        return " "
    return "\n>\n" if unit.kind == "quote" else "\n"


def _render(unit: Unit, number: int, *, continues: bool) -> str:
    if continues:
        return unit.text
    if unit.kind == "ordered":
        return f"{number}. {unit.text}"
    if unit.kind == "item":
        return f"- {unit.text}"
    return f"> {unit.text}" if unit.kind == "quote" else unit.text


def excerpt(markdown: str, focus: frozenset[str], budget: int, *, lead: int = 1, skip_heading: str = "") -> str:
    """The most relevant parts of a text, in their order, within the budget."""
    return assemble(pick_units(units(markdown, skip_heading=skip_heading), focus, budget, lead=lead))


def shorten(markdown: str, limit: int) -> str:
    """The text cut to the limit at a block or line: a table or code fits whole or goes; a last line may be clipped."""
    if len(markdown) <= limit:
        return markdown
    lines = markdown.split("\n")
    ends = [0]  # ends[i]: the length of the first i lines joined
    for line in lines:
        ends.append(ends[-1] + len(line) + (1 if len(ends) > 1 else 0))
    keep, clipped = 0, ""
    for block in parse_blocks(markdown):
        if ends[block.end] <= limit:
            keep = block.end
            continue
        if block.kind in ("para", "list", "quote"):
            keep = max([j for j in range(block.start, block.end) if ends[j] <= limit], default=keep)
            room = limit - ends[keep] - 1
            if room >= MIN_CLIP and heading_text(lines[keep]) is None:
                clipped = balance(clip(lines[keep], room - 5))
        break
    kept = lines[:keep]
    while not clipped and kept and (not kept[-1].strip() or heading_text(kept[-1]) is not None):
        kept.pop()  # no heading left without its text
    return "\n".join(kept + ([clipped] if clipped else [])).strip("\n")


def balance(text: str) -> str:
    """Close what a cut left open: `code`, **bold**, ~~strike~~ (so the rest of the comment is unaffected)."""
    closing = ""
    for mark in ("`", "**", "~~"):
        if text.count(mark) % 2:
            closing = mark + closing
    return text + closing
