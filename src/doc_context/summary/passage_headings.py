"""Pure: what a section's heading lends the passages under it.

A reference specification repeats itself under different headings: each key of a configuration has its section
saying "Specifies the minimum timespan...", each aggregation its table with a `RecordMinMax` row. The passage does not
name what it is about, its heading does. A passage the change matches gains HEADING of what its heading holds of the
change's terms and it does not hold itself (each weighed as the passage's own terms are: by its source and its
rarity, nothing when its page's topic: passage_weights.weigh_lent), and counts them as its own for a long page's
novelty (speaks.novel): the row under the heading the change names is no repeat of the row under another. A heading
makes no passage match: a passage matching nothing gains nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.relevance.terms import ChangeTerms, Key, text_terms
from doc_context.summary.passage_kinds import without_addresses
from doc_context.summary.passage_weights import held_with_tokens, own_terms, weigh_lent
from doc_context.summary.passages import Passage

HEADING = 0.25  # what a heading's terms weigh in a passage under it that does not hold them: a quarter of its own


def heading_terms(flat: Sequence[Passage], change: ChangeTerms, own: Sequence[set[Key]]) -> list[set[Key]]:
    """Each passage's heading's terms of the change (as own_terms reads a passage's) that the passage (`own`: its
    terms) does not hold: each heading read once."""
    headings = list(dict.fromkeys(p.section for p in flat))
    texts = [without_addresses(text) for text in headings]
    found = own_terms(held_with_tokens([text_terms(t) for t in texts], texts, change), change)
    read = dict(zip(headings, found, strict=True))
    return [read[p.section] - keys for p, keys in zip(flat, own, strict=True)]


def with_headings(
    weighed: Sequence[float],
    lent: Sequence[set[Key]],
    own: Sequence[set[Key]],
    change: ChangeTerms,
    where: Sequence[tuple[int, str]],
    introduces: Sequence[bool],
) -> list[float]:
    """Each passage's match, one the change matches (above 0) gaining HEADING of what its heading lends it (`lent`:
    heading_terms'), weighed among the passages' own terms (`own`; `where`, `introduces`: as passage_weights.weigh
    takes them)."""
    if not any(lent):
        return list(weighed)
    extra = weigh_lent(lent, own, change, where, introduces)
    return [s + HEADING * e if s > 0 else s for s, e in zip(weighed, extra, strict=True)]
