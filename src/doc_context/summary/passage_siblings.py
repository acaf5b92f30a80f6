"""Pure: the rules beside a page's quote, in the section it is from, that the change matches a little less.

A specification's section on one feature states its rules one by one, each naming the feature ("If a field is marked
as ``Dynamic``...", "Backends MUST NOT mark a field as ``Dynamic``...", "The fields ``Name`` and ``Version`` MUST NOT
be marked as ``Dynamic``"). A feature named in many passages weighs by its rarity (passage_weights.rarity), so a rule
naming it and little else stays under MATCH, though the section it stands in is the one the change matches. A
passage of a section holding a passage that shows, itself matching SIBLING of a match or more and holding a term of
the change more than RARE passages of its page hold (spread_out: the page's feature), is that quote's sibling:
quotes.py ranks it after every passage that shows, so it is quoted only while the page's MAX_QUOTES leave room, and
on a long page only when it holds a term no quote above it holds (speaks.novel). A passage arguing about the rule (a
rejected idea, passage_kinds.argues) is no sibling: it says why the rule is not so; nor is one whose text is a link
in full (a reference list's item: "[gh-21403: remove some names from the main namespace](...)"), which says where
something is, not what is built.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence, Set

from doc_context.relevance.terms import Key
from doc_context.summary.passage_weights import MATCH, RARE
from doc_context.summary.passages import Passage

SIBLING = 0.65 * MATCH  # what a passage beside a quote, in its section, must match to be quoted after the page's
_LINK = re.compile(r"^\W*\[[^\]]*\]\([^)\s]*\)\W*$")  # a link in full, and nothing else


def spread_out(held: Sequence[set[Key]], where: Sequence[tuple[int, str]]) -> list[bool]:
    """Whether each passage (`held`: the change's terms each passage of the cited pages holds; `where`: its page and
    section) holds a term more than RARE passages of its own page hold: the page's feature, its rarity weighs down."""
    count = Counter((page, key) for keys, (page, _) in zip(held, where, strict=True) for key in keys)
    return [any(count[(page, key)] > RARE for key in keys) for keys, (page, _) in zip(held, where, strict=True)]


def siblings(
    scored: Sequence[tuple[Passage, float]], shows: Callable[[Passage, float], bool], spread: Set[int]
) -> list[tuple[Passage, float]]:
    """The passages (`scored`: a page's, with their match) that do not show (`shows`) but match SIBLING or more in
    a section (Passage.head) holding one that shows, and hold a term many passages hold (`spread`: by index)."""
    heads = {p.head for p, s in scored if p.head >= 0 and shows(p, s)}
    return [
        (p, s)
        for p, s in scored
        if p.index in spread
        and p.head in heads
        and s >= SIBLING
        and not p.argues
        and not _LINK.match(p.plain)
        and not shows(p, s)
    ]
