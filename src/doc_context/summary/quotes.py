"""Pure: what the comment quotes of each cited page, and what that becomes as the comment yields.

Every page's passages (passages.py) are weighed together against the change's terms (relevance/change_terms.py): a term
that most passages of the cited pages hold is their topic and weighs nothing. A page the change speaks to
shows its matching passages as quotes, its best first to stay: the others yield with the page middles
(models.Yields.PAGE_MIDDLE, the weakest first), the best at Yields.PAGE_BEST, the page with the weakest match
first. A page that matches nothing shows its lead sentence while there is room (it yields with the page
middles), then its title only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doc_context.models import Yields
from doc_context.relevance.change_terms import ChangeTerms, text_terms
from doc_context.relevance.words import line_sentences
from doc_context.summary.passages import MATCH, Passage, Said, passages, quote, short, unrepeated, weigh

MAX_QUOTES = 4  # a page's matching passages the comment quotes, at most (the build summary has the page)
Rungs = tuple[tuple[Yields, str], ...]


@dataclass(frozen=True)
class Quoted:
    """A page's quotes: the text, its rungs, how well its best passage matches (0: nothing matches)."""

    text: str
    rungs: Rungs
    score: float
    matched: tuple[Passage, ...] = ()


def weigh_pages(texts: Sequence[tuple[str, str]], change: ChangeTerms, said: Said = ()) -> list[Quoted]:
    """Each page's quotes ((markdown, title) a page), its passages weighed among every page's."""
    found = [[q for p in passages(text, title) if (q := unrepeated(p, said)) is not None] for text, title in texts]
    flat = [p for page in found for p in page]
    scores = iter(weigh([text_terms(p.plain) for p in flat], change))
    return [quoted([(p, next(scores)) for p in page], change) for page in found]


def quoted(scored: list[tuple[Passage, float]], change: ChangeTerms) -> Quoted:
    """A page's quotes: its matching passages, the best first to stay, or its lead sentence."""
    matched = [(p, s) for p, s in scored if s >= MATCH]
    if not matched:
        lead = next((p for p in scored if p[0].lead), None) or next((p for p in scored if p[0].kind == "para"), None)
        if lead is None:
            return Quoted("", (), 0.0)
        first = line_sentences(lead[0].text)[:1] or [lead[0].text]
        text = quote(lead[0], short(Passage(lead[0].section, "para", first[0], first[0], 0, 0), change))
        return Quoted(text, ((Yields.PAGE_MIDDLE, ""),), 0.0)
    ranked = sorted(matched, key=lambda ps: (-ps[1], ps[0].index))[:MAX_QUOTES]
    best = ranked[0]
    weakest_first = [p for p, _ in reversed(ranked[1:])]
    kept = [p for p, _ in ranked]
    rungs: list[tuple[Yields, str]] = []
    for n in range(1, len(weakest_first) + 1):
        rungs.append((Yields.PAGE_MIDDLE, _text([p for p in kept if p not in weakest_first[:n]], change)))
    rungs.append((Yields.PAGE_BEST, ""))
    return Quoted(_text(kept, change), tuple(rungs), best[1], tuple(kept))


def _text(kept: list[Passage], change: ChangeTerms) -> str:
    """The quotes in the page's order; rows of one table under one header."""
    out: list[str] = []
    ordered = sorted(kept, key=lambda p: p.index)
    done: set[int] = set()
    for p in ordered:
        if p.index in done:
            continue
        if p.kind == "row":
            rows = [q for q in ordered if q.kind == "row" and q.block == p.block]
            done.update(q.index for q in rows)
            head = p.text.split("\n")[:2]
            out.append(quote(p, "\n".join([*head, *(q.plain for q in rows)])))
        else:
            out.append(quote(p, short(p, change)))
    return "\n\n".join(out)
