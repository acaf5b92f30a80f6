"""Pure: picked units of a text (excerpt.py) back into markdown, faithful to the source.

Sections in bold, blocks apart; an ordered item keeps the number the source shows; a table row comes
under its table's header; a quote keeps its "> " and its title; and every omission is marked with an
ellipsis where it happened, once per gap: inside a sentence run, between list items (the list is split
there, so the numbering stays right), as a table row, or as a line of its own between blocks, before a
section's heading when the section before lost its end, after it when the section's own start is left out.
A gap that runs from the end of one block into the next has one mark: at its end when the block it
ends in starts mid-way (a sentence run, a quote, a table's own elided row), else where it starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doc_context.summary.tokens import ELLIPSIS


@dataclass(frozen=True)
class Unit:
    section: str  # the heading above it ("" at the top)
    block: int
    line: int  # line of a paragraph or quote, item of a list, body row of a table
    text: str
    kind: str  # "para", "item", "ordered", "row", "quote"
    title: str = ""  # a quote's own title (its first, bold line); a table row's header lines
    seq: int = 0  # its place among everything the text holds (code included): a gap is an omission
    number: int = 0  # an ordered item's number as the source shows it
    lead: bool = False  # part of the lead paragraph
    section_seq: int = 0  # the seq where its section begins


def assemble(picked: list[Unit], found: list[Unit] | None = None) -> str:
    """Units back into markdown: sections in bold, blocks apart, source numbers, omissions marked.

    found: every unit of the text, to know what was left out (without it, only gaps among picked)."""
    found = picked if found is None else found
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for u in found:
        first.setdefault(u.block, u.seq)
        last[u.block] = u.seq
    start = next((u.seq for u in found if u.lead), found[0].seq if found else 0)
    opening = next((u.section for u in found if u.lead), None)  # the lead's heading ("Context") says nothing
    out: list[str] = []
    prev: Unit | None = None
    for unit in picked:
        new_section = unit.section not in ("", opening) and (prev is None or prev.section != unit.section)
        if prev is not None and prev.block == unit.block and not new_section:
            out.append(_joint(prev, unit, gap=unit.seq > prev.seq + 1))
            out.append(_render(unit, continues=prev.line == unit.line))
            prev = unit
            continue
        done = start if prev is None else last[prev.block] + 1  # what comes before this is accounted for
        mid = unit.seq > first[unit.block]
        inline = mid and unit.kind in ("para", "quote", "row")  # the block starts with a mark of its own
        tail = _tail(prev, last) if prev is not None else ""
        if new_section:  # two gaps: before the heading and after it, one mark each
            before = unit.section_seq > done
            out.append(tail + "\n\n" if prev is not None else "")
            out.append(f"{ELLIPSIS}\n\n" if before and not tail else "")
            out.append(f"**{unit.section}**\n\n")
            done, tail = max(done, unit.section_seq), ""
        elif inline:
            tail = ""  # one gap, one mark: a block that starts mid-way says so itself
        line = (first[unit.block] > done or mid) and not inline
        out.append(tail + "\n\n" if prev is not None and not new_section else "")
        out.append(f"{ELLIPSIS}\n\n" if line and not tail else "")
        out.append(_opening(unit, gap=inline))
        out.append(_render(unit, continues=False))
        prev = unit
    if prev is not None:
        out.append(_tail(prev, last))
    return re.sub(r"\n{3,}", "\n\n", "".join(out)).strip()


def _opening(unit: Unit, *, gap: bool) -> str:
    """What comes before a block's first kept unit: a quote's title, a table's header, an inline omission."""
    if unit.kind == "row":
        return unit.title + "\n" + (_elided_row(unit) + "\n" if gap else "")
    title = f"> {unit.title}\n>\n" if unit.title else ""
    mark = f"{ELLIPSIS} " if gap else ""
    return title + ("> " + mark if unit.kind == "quote" else mark)


def _tail(unit: Unit, last: dict[int, int]) -> str:
    """The mark after a block left before its end ("" when it ended, or for a paragraph's tail)."""
    if unit.seq >= last.get(unit.block, unit.seq):
        return ""
    if unit.kind == "row":
        return "\n" + _elided_row(unit)
    if unit.kind in ("item", "ordered"):
        return f"\n\n{ELLIPSIS}"
    return f" {ELLIPSIS}"


def _elided_row(unit: Unit) -> str:
    cells = max(unit.title.split("\n")[0].count("|") - 1, 1)
    return "| " + ELLIPSIS + " |" + "  |" * (cells - 1)


def _joint(prev: Unit, unit: Unit, *, gap: bool) -> str:
    if unit.kind in ("para", "quote"):
        if prev.line == unit.line:
            return f" {ELLIPSIS} " if gap else " "
        mark = f"{ELLIPSIS} " if gap else ""
        return ("\n>\n> " if unit.kind == "quote" else "\n") + mark
    if unit.kind == "row":
        return "\n" + (_elided_row(unit) + "\n" if gap else "")
    return f"\n\n{ELLIPSIS}\n\n" if gap else "\n"


def _render(unit: Unit, *, continues: bool) -> str:
    if continues or unit.kind in ("para", "quote", "row"):
        return unit.text
    return f"{unit.number}. {unit.text}" if unit.kind == "ordered" else f"- {unit.text}"
