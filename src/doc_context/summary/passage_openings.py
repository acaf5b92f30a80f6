"""Pure: a specifying section's opening paragraph, weighed beside its details.

A section that states what is built (a specification, a design, a proposal) says it in its opening paragraph, then
details it: when the change names more than one thing in the section, that paragraph weighs a share of the best
match in it (with_openings), so quotes.py quotes it too, below the passage the change names; an opening naming
nothing of the change and matching little on its own is the section's background (openings_background): not quoted.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.relevance.statements import requires
from doc_context.relevance.terms import ASKED, Key
from doc_context.summary.passage_weights import MATCH
from doc_context.summary.passages import Passage

OWN = MATCH / 2  # a lifted opening naming nothing of the change shows when it matches this on its own, the story's too
OPENS = ASKED  # what a specifying section's opening weighs of the best match in it: what is asked, of what is written


def with_openings(weighed: Sequence[float], flat: Sequence[Passage], where: Sequence[tuple[int, str]]) -> list[float]:
    """Each passage's match, the opening paragraph of a section that states what is built (a specification's, a
    design's, a proposal's: Passage.specifies) weighing at least OPENS of the best match in its section: a section
    says first what it specifies ("We propose adding a new analysis..."), then its details, and a change writes the
    details' names (`--remap-path-scope`, `pylock.toml`) more than the opening's words. The opening asks in words
    what the details write, as a work item's criterion asks what the diff writes: it weighs what an asked term weighs
    of a written one (OPENS = ASKED of DIFF), strictly below the passage whose names the change writes, and it shows
    (MATCH) only when that passage matches more than one name (one name finds one rule, not what the section is
    about). A section opening with a list, or with the list's lead-in ("The following rules apply:"), has no such
    paragraph: its first item is one rule of many. The opening is then a passage the change speaks to (its match
    above 0), so on a long page the story weighs it as any (weigh_pages calls with_story after this)."""
    out = list(weighed)
    best: dict[tuple[int, int], float] = {}
    for p, s, (page, _) in zip(flat, weighed, where, strict=True):
        if p.specifies and s >= MATCH:
            best[(page, p.head)] = max(best.get((page, p.head), 0.0), s)
    for i, (p, (page, _)) in enumerate(zip(flat, where, strict=True)):
        if p.opens and p.kind == "para" and (page, p.head) in best and not _leads_in(flat, i):
            out[i] = max(out[i], OPENS * best[(page, p.head)])
    return out


def openings_background(
    own: Sequence[float],
    lifted: Sequence[float],
    storied: Sequence[float],
    held: Sequence[set[Key]],
    plain: Sequence[str],
) -> list[bool]:
    """Whether each passage is an opening with_openings lifted (`lifted` above `own`, its match before) that says
    nothing of the change: no name, value or copied words of it, only prose pairs (`held`), and under OWN matched on
    its own, the story's share (`storied`, with_story's) included. An opening stating a requirement ("Every refund
    MUST send a receipt", "shall", "should": relevance/statements.requires) is its section's rule, never background."""
    return [
        up > mine and mine + story - up < OWN and all(kind == "phrase" for kind, _ in keys) and not requires(text)
        for mine, up, story, keys, text in zip(own, lifted, storied, held, plain, strict=True)
    ]


def _leads_in(flat: Sequence[Passage], i: int) -> bool:
    """Whether the paragraph introduces the list right after it: it ends in ":", a list's item follows it."""
    after = flat[i + 1] if i + 1 < len(flat) else None
    if after is None or after.index != flat[i].index + 1 or after.head != flat[i].head:  # another section's, page's
        return False
    return flat[i].plain.rstrip().endswith(":") and after.kind in ("item", "rule")
