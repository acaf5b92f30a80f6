"""Pure: each source's text for the comment, and what it becomes, tier by tier, as the comment yields.

A `Shown` is a text and its rungs: (tier, the text once that tier has yielded), in the order of
models.Yields. A page's middles go first, its weakest match first, down to its lead and best match;
a description's link-only lines go at LINKS, its words beyond its lead at DESCRIPTION, where repro steps
keep their first three. A Bug's outcome and system info, the criteria, a description's lead and a page's
lead and best match have no rung: they go only with the whole text (LAST, which comment/yields.py
applies to every text)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doc_context.models import Yields
from doc_context.summary.excerpt import Picked
from doc_context.summary.ownwords import OwnWords
from doc_context.summary.repro import environment_text, parse_repro, repro_text
from doc_context.summary.worktypes import How

Rungs = tuple[tuple[Yields, str], ...]
Shown = tuple[str, Rungs]
STEPS_KEPT = 3  # repro steps a Bug keeps past DESCRIPTION


def description_shown(found: Picked, words: OwnWords) -> Shown:
    """A description's own words, then its link-only lines; past LINKS, its own words alone; past DESCRIPTION,
    its lead (or its first part when it has none)."""
    own = found.text()
    more = f"_…and {words.more_links} more links in the build summary_" if words.more_links else ""
    links = _join([*words.links, more])
    return _distinct(_join([own, links]), [(Yields.LINKS, own), (Yields.DESCRIPTION, found.lead_text(or_first=True))])


def field_shown(how: How, text: str) -> Shown:
    """A Bug's repro steps (their first three past DESCRIPTION) or system info (one line); criteria are
    Summary.criteria, shown by comment/criteria_list.py."""
    if how == "steps":
        steps = repro_text(text, context=False)
        many = len(parse_repro(text).steps) > STEPS_KEPT + 1  # "…and 1 more steps" would save nothing
        return _distinct(
            steps, [(Yields.DESCRIPTION, repro_text(text, context=False, steps=STEPS_KEPT))] if many else []
        )
    if how == "environment":
        return environment_text(text), ()
    return "", ()


def joined(parts: Sequence[Shown]) -> Shown:
    """The fields of one work item as one text, and its rungs: at each tier, every field as it stands then."""
    tiers = sorted({tier for _, rungs in parts for tier, _ in rungs})
    text = _join(text for text, _ in parts)
    return _distinct(text, [(tier, _join(_at(part, tier) for part in parts)) for tier in tiers])


def _at(part: Shown, tier: Yields) -> str:
    text, rungs = part
    for rung_tier, rung in rungs:
        if rung_tier <= tier:
            text = rung
    return text


def _join(texts: Iterable[str]) -> str:
    return "\n\n".join(t for t in texts if t)


def _distinct(text: str, rungs: Iterable[tuple[Yields, str]]) -> Shown:
    """The rungs that change the text, each shorter than the one before."""
    out: list[tuple[Yields, str]] = []
    for tier, rung in rungs:
        if rung != (out[-1][1] if out else text):
            out.append((tier, rung))
    return text, tuple(out)
