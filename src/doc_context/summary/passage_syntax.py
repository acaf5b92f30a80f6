"""Pure: what a passage weighs for the syntax it writes that the change's code holds in its strings.

A passage writing, as code, syntax a string of the change's code holds (relevance/syntax.py: a block's marker
``# ///``, an operator ``~=``; ChangeTerms.syntax) gains what a term of the diff would: DIFF times how rare the
syntax is among the passages of the cited pages (passage_weights.rarity: a marker every passage of the page writes
tells none apart), each syntax once; its key counts for a long page's novelty (speaks.novel) as a term does. Only
a passage the change matches already gains it, as the story lifts only those (quotes.with_story): a span of symbols
alone never makes a passage match nor a page speak (`///` is a C# documentation comment's too).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence, Set

from doc_context.relevance.syntax import spans
from doc_context.relevance.terms import DIFF, Key
from doc_context.summary.passage_weights import rarity


def syntax_held(plain: Sequence[str], syntax: Set[str]) -> list[set[Key]]:
    """The change's syntax (`syntax`) each passage writes as code, as terms ("syntax", (span,))."""
    if not syntax:
        return [set() for _ in plain]
    return [{("syntax", (s,)) for s in spans(text) & syntax} for text in plain]


def with_syntax(weighed: Sequence[float], held: Sequence[set[Key]]) -> list[float]:
    """Each passage's match, one the change matches (above 0) gaining DIFF times each syntax's rarity it writes."""
    df = Counter(key for keys in held for key in keys)
    n = max(len(held), 1)
    return [
        s + DIFF * sum(rarity(df[k], n) for k in keys) if s > 0 else s for s, keys in zip(weighed, held, strict=True)
    ]
