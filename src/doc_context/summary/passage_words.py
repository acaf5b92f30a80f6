"""Pure: the words of the change's code that a passage says and few passages of the cited pages say.

A specification states a rule in prose; the code implementing it writes names. Two rules of a long page may hold the
same names of the change (a header both name), and the one the change implements says words its code says too ("the
bound on the wait doubles", `backoff_bound`). Words alone match any passage of a long page by chance, so they never
make a passage match nor a page speak; but among the passages that match, words of the change's code
(ChangeTerms.words: the words of the names its code writes, `backoff_bound`'s "bound", never a keyword or a type
every function writes, `return`, `int`, nor a comment's words; not its docs, which copy the page's guide, nor its
tests) that are rare among the passages of the cited pages (passage_weights.rare_word, as a criterion's word must
be) are something the passage says of the change when it says TOGETHER of them (one alone is chance: "the next
delivery" and `next_wait`, as a criterion's weak words count only together): a long page's novelty (speaks.novel),
which quotes only a passage holding a term no better one holds, counts them as terms of their own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from doc_context.relevance.terms import Key
from doc_context.summary.passage_weights import rare_word

TOGETHER = 2  # rare words of the change's names a passage must say together: one alone is chance ("next", `next_wait`)


def rare_words(sequences: Sequence[Sequence[str]], words: Mapping[str, int]) -> list[set[Key]]:
    """Each passage's words of the change's code (`words`) rare among the passages (`sequences`: each one's words),
    as terms ("word", (w,))."""
    held = [set(seq) & words.keys() for seq in sequences]
    df = Counter(w for found in held for w in found)
    n = max(len(sequences), 1)
    rare: list[set[Key]] = [{("word", (w,)) for w in found if rare_word(df[w], n)} for found in held]
    return [found if len(found) >= TOGETHER else set() for found in rare]
