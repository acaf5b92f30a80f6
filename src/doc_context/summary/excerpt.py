"""Pure: the most relevant parts of a markdown text within a budget, faithful to the source.

The units picked are sentences of paragraphs and quotes, list items and table rows; code is never
picked. A page's lead paragraph (`keep_lead`) is always kept, however long the page; the rest is
picked by relevance, the most relevant first: the units sharing the change's rarest terms (its
identifiers and values, what its bugs say). Budgets count what a reader reads: a link's address is
not counted, its text is (mdcut.visible_len). assemble.py puts the picked units back, faithfully:
source numbers, table headers, headings once, every omission marked.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from doc_context.relevance.words import line_sentences
from doc_context.summary.assemble import Unit, assemble
from doc_context.summary.mdcut import clip_markdown, visible_len
from doc_context.summary.tokens import terms
from doc_context.text.mdblocks import Block, heading_text, parse_blocks

UNIT_CHARS = 300  # a longer sentence or list item is clipped before picking
LEAD_CHARS = 420  # a lead paragraph is kept up to this much (whole sentences), unless told otherwise
LEAD_WORDS = 6  # a lead paragraph has at least this many words
LEAD_SEARCH = 6  # the lead is the first paragraph or quote ending a sentence among this many blocks
RELEVANT = 0.5  # the second best part is kept beside the best when it scores this share of it or more
MATCH = 0.25  # a unit matches the change when it scores this share of the best part or more, and its own
MATCH_TERMS = 2  # text shares this many of the change's terms, or one identifier or value (not just "total")
SPECIFIC = 2  # a value or an identifier shared with the change weighs this many words
_SENTENCE_END = re.compile(r"[.!?:…]['\")\]*_\u201d\u2019\u00bb]*$")
_SPECIFIC = re.compile(r"[_\d]")  # values and compound identifiers among the terms
_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}")


def units(markdown: str, *, skip_heading: str = "") -> list[Unit]:
    """The pickable units of a text; a heading equal to skip_heading (the page title) is none."""
    return list(_units(markdown, skip_heading))


@lru_cache(maxsize=8)  # a page is excerpted three times in a row: for the comment, shorter, the build summary
def _units(markdown: str, skip_heading: str) -> tuple[Unit, ...]:
    out: list[Unit] = []
    section = ""
    blocks = parse_blocks(markdown)
    lead = _lead(blocks)
    seq = section_seq = 0
    for b, block in enumerate(blocks):
        if block.kind == "heading":
            text = block.lines[0]
            section = "" if text.casefold() == skip_heading.strip().casefold() else text
            section_seq = seq
            continue
        found = [
            replace(u, seq=seq + n, lead=b == lead, section_seq=section_seq)
            for n, u in enumerate(_block_units(block, b, section))
        ]
        out.extend(found)
        seq += max(len(found), 1)  # a code block (or an empty one) is one omission when left out
    return tuple(out)


def _lead(blocks: list[Block]) -> int | None:
    """The lead paragraph: the first paragraph or quote near the top that ends a sentence and says
    something (LEAD_WORDS or more: not "Timebox: 2 days.", not a status line), else the first one."""
    prose = [(b, block) for b, block in enumerate(blocks[:LEAD_SEARCH]) if block.kind in ("para", "quote")]
    for b, block in prose:
        text = " ".join(block.lines).strip()
        if _SENTENCE_END.search(text) and len(text.split()) >= LEAD_WORDS:
            return b
    return prose[0][0] if prose else None


def _block_units(block: Block, b: int, section: str) -> list[Unit]:
    if block.kind == "table":
        head = tuple(block.lines[:2]) if len(block.lines) > 1 and _SEPARATOR.match(block.lines[1]) else ()
        rows = block.lines[len(head) :]
        return [Unit(section, b, n, row, "row", "\n".join(head)) for n, row in enumerate(rows)] if head else []
    if block.kind == "list":
        kind = "ordered" if block.ordered else "item"
        return [
            Unit(section, b, n, clip_markdown(item, UNIT_CHARS), kind, number=number)
            for n, (number, item) in enumerate(block.numbered_items())
        ]
    if block.kind not in ("para", "quote"):
        return []
    lines = list(block.lines)
    title = ""
    if block.kind == "quote" and lines and heading_text(lines[0]):
        title = lines.pop(0).strip()
    return [
        Unit(section, b, n, clip_markdown(s, UNIT_CHARS), block.kind, title)
        for n, line in enumerate(lines)
        for s in line_sentences(line.strip())
    ]


def _rank(found: list[Unit], focus: frozenset[str], boost: frozenset[str]) -> tuple[list[float], list[bool]]:
    """How well each unit matches the change: the focus terms it shares (its own text twice, its heading and
    title once), each weighted by its rarity among the units: a value or an identifier that one table row
    holds counts for more than "total", which every rule of a rounding policy says; and a value or a compound
    identifier (`round_half_even`, 10.02), or a term in `boost` (what the PR's bugs say), counts SPECIFIC
    times a word. And whether its own text says enough of the change to match it: MATCH_TERMS of its terms,
    or one of its identifiers or values."""
    shared = [(focus & terms(u.text), focus & terms(f"{u.section}\n{u.title}")) for u in found]
    df = Counter(t for own, around in shared for t in own | around)
    strong = {t for t in df if t in boost or _SPECIFIC.search(t)}
    weight = {t: math.log(1 + len(found) / n) * (SPECIFIC if t in strong else 1) for t, n in df.items()}
    scores = [2 * sum(weight[t] for t in own) + sum(weight[t] for t in around) for own, around in shared]
    return scores, [len(own) >= MATCH_TERMS or bool(own & strong) for own, _ in shared]


def _labels(unit: Unit) -> list[str]:
    """What a unit brings along the first time: its heading, its quote title or table header."""
    return [x for x in (unit.section and f"s:{unit.section}", unit.title and f"{unit.block}:{unit.title}") if x]


@dataclass(frozen=True)
class Keep:
    """What an excerpt keeps besides the parts that match the change best, within its budget.

    lead: the lead paragraph (its first sentence, then its most relevant ones, up to this many characters)
    comes first, whatever it costs, then the best parts (_best_parts) when they fit. matches_only: only the
    parts that match the change join (see MATCH; without it, less relevant parts fill the room left).
    first: extra points for the text's first part (a description's first sentence says what it is about).
    boost: terms that weigh as much as an identifier (what the PR's bugs say). title: a heading equal to it
    (the page's own title) is no part. always: parts always picked (a work item's screenshots)."""

    lead: int = 0
    matches_only: bool = False
    first: int = 0
    boost: frozenset[str] = frozenset()
    title: str = ""
    always: Callable[[str], bool] | None = None


@dataclass(frozen=True)
class Picked:
    """The units an excerpt kept, and the order in which those beyond its lead and best parts yield."""

    found: tuple[Unit, ...]
    kept: tuple[int, ...]  # indexes into found, in text order
    weakest: tuple[int, ...] = ()  # the kept units that are neither the lead nor a best part, weakest first
    lead: tuple[int, ...] = ()  # the kept units of the lead paragraph
    matched: bool = False  # some unit shares a term with the change

    def text(self, without: int = 0) -> str:
        """The excerpt, without its `without` weakest units; omissions marked."""
        gone = set(self.weakest[:without])
        return assemble([self.found[i] for i in self.kept if i not in gone], list(self.found))

    def lead_text(self, *, or_first: bool = False) -> str:
        """The lead paragraph alone ("" when the text has none, or with `or_first` its first kept unit)."""
        kept = self.lead or (self.kept[:1] if or_first else ())
        return assemble([self.found[i] for i in kept], list(self.found)) if kept else ""


def pick(found: list[Unit], focus: frozenset[str], budget: int, keep: Keep = Keep()) -> Picked:
    """The most relevant units that fit, in text order (see Keep for what else is kept), and which of them
    yield first when the excerpt must be shorter."""
    ranked, says = _rank(found, focus, keep.boost)
    scores = [score + (keep.first if i == 0 else 0) for i, score in enumerate(ranked)]
    lead = _lead_indexes(found, scores, keep.lead) if keep.lead else []
    forced = list(lead)
    if keep.always is not None:
        forced += [i for i, u in enumerate(found) if i not in forced and keep.always(u.text)]
    rest = [i for i in range(len(found)) if not (keep.lead and found[i].lead)]
    best = max(rest, key=lambda i: (scores[i], -i), default=None)
    top = scores[best] if best is not None else 0.0
    first = _best_parts(found, scores, best) if forced and best is not None and scores[best] > 0 else []
    chosen: list[int] = []
    labels: set[str] = set()
    used = 0
    for i in forced + first + sorted(range(len(found)), key=lambda i: (-scores[i], i)):
        unit = found[i]
        matches = (says[i] and scores[i] >= MATCH * top) or top <= 0  # nothing matching: the text in its order
        skip = keep.matches_only and not matches and i not in forced and (forced or chosen)  # the best, at least
        if i in chosen or skip:
            continue
        extra = [x for x in _labels(unit) if x not in labels]
        cost = visible_len(unit.text) + 2 + sum(len(x) + 4 for x in extra)
        if used + cost <= budget or i in forced or not chosen:
            chosen.append(i)
            labels.update(extra)
            used += cost
    units = list(found)
    only = found[chosen[0]] if len(chosen) == 1 else None
    if only is not None and visible_len(only.text) > budget and not forced and only.kind != "row":
        units[chosen[0]] = replace(only, text=clip_markdown(only.text, max(budget, 1)))  # one long part: clipped
    firm = {*forced, *first, *([best] if best is not None else [])}
    weakest = sorted((i for i in chosen if i not in firm), key=lambda i: (scores[i], -i))
    return Picked(tuple(units), tuple(sorted(chosen)), tuple(weakest), tuple(lead), matched=top > 0)


def _best_parts(found: list[Unit], scores: list[float], best: int) -> list[int]:
    """The part that matches the change best and, from another block, the next best when it scores RELEVANT
    of it or more: a policy's most relevant rule and its table row holding the bug's own case."""
    others = [i for i, u in enumerate(found) if u.block != found[best].block and not u.lead]
    second = max(others, key=lambda i: (scores[i], -i), default=None)
    return [best] + ([second] if second is not None and scores[second] >= RELEVANT * scores[best] else [])


def _lead_indexes(found: list[Unit], scores: list[float], room: int) -> list[int]:
    """The lead paragraph's units within `room`: its first sentence, then its others, most relevant first,
    as whole sentences (the first at least)."""
    lead = [i for i, unit in enumerate(found) if unit.lead]
    out: list[int] = []
    used = 0
    for i in lead[:1] + sorted(lead[1:], key=lambda i: (-scores[i], i)):
        cost = visible_len(found[i].text) + 1
        if out and used + cost > room:
            continue
        out.append(i)
        used += cost
    return sorted(out)


def excerpt(markdown: str, focus: frozenset[str], budget: int, keep: Keep = Keep()) -> str:
    """The most relevant parts of a text, in their order, within the budget, omissions marked."""
    return picked(markdown, focus, budget, keep).text()


def picked(markdown: str, focus: frozenset[str], budget: int, keep: Keep = Keep()) -> Picked:
    """excerpt, as the parts it kept: its text without its weakest parts, or its lead alone, on demand."""
    return pick(units(markdown, skip_heading=keep.title), focus, budget, keep)
