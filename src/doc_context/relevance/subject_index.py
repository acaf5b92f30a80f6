"""Pure: statements indexed by their subjects' words, so that only the pairs that could speak of one thing and
state something to compare are compared (statements.same_subject), never every pair.

Two words meet (statements.shared) when they are equal or one starts with the other of four letters or more, so
words that meet share their first four letters (a shorter word: the word): that key is the index's. A pair is a
candidate when it could differ (a dimension both state, named values on both sides, a negation, two modals) and
the words of its shorter statement whose key the other holds are enough for same_subject's share; the cost is
that of the postings walked, not of the pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

from doc_context.relevance.statements import SAME_SUBJECT, Statement


def key(word: str) -> str:
    """The index key of a word: its first four letters; any word it meets has the same."""
    return word[:4]


def keys(words: Iterable[str]) -> Counter[str]:
    """The keys of some words, each with how many of the words have it."""
    return Counter(key(w) for w in words)


def dimensions(st: Statement) -> frozenset[str]:
    """The kinds of value a statement states, a bare number's none ("" claims nothing)."""
    return frozenset(v.dimension for v in st.values) - {""}


def _could_differ(a: Statement, b: Statement, dims_a: frozenset[str], dims_b: frozenset[str]) -> bool:
    """Whether two statements state something the other could state otherwise (statements.differences' kinds
    that disagreements.py keeps): one dimension both state, named values on both sides, a negation on either, or
    two modals."""
    return (
        bool(dims_a & dims_b)
        or (bool(a.named) and bool(b.named))
        or bool(a.negates or b.negates)
        or (bool(a.modal) and bool(b.modal) and a.modal != b.modal)
    )


def candidate_pairs(statements: Sequence[Statement], documents: Sequence[Hashable]) -> list[tuple[int, int]]:
    """The pairs (i < j, of different documents) that could disagree and may share enough words to speak of
    one thing (same_subject still decides), in order."""
    counted = [keys(st.subject) for st in statements]
    dims = [dimensions(st) for st in statements]
    index: dict[str, dict[Hashable, list[int]]] = {}  # key -> document -> its statements holding the key
    for i, found in enumerate(counted):
        for k in found:
            index.setdefault(k, {}).setdefault(documents[i], []).append(i)
    claims = [i for i, st in enumerate(statements) if dims[i] or st.named or st.negates or st.modal]
    pairs: set[tuple[int, int]] = set()
    for i in claims:
        mine: Counter[int] = Counter()  # i's words whose key j holds
        theirs: Counter[int] = Counter()  # j's words whose key i holds
        for k, n in counted[i].items():
            for document, holding in index[k].items():
                if document == documents[i]:
                    continue  # sentences of one document are never compared
                for j in holding:
                    mine[j] += n
                    theirs[j] += counted[j][k]
        for j, n in mine.items():
            a, b = statements[i], statements[j]
            small = min(len(a.subject), len(b.subject))
            size_a, size_b = len(a.subject), len(b.subject)  # same_subject counts the shorter one's words
            bound = n if size_a < size_b else theirs[j] if size_a > size_b else max(n, theirs[j])
            if bound >= 2 and bound >= SAME_SUBJECT * small and _could_differ(a, b, dims[i], dims[j]):
                pairs.add((min(i, j), max(i, j)))
    return sorted(pairs)


def claims(
    statements: Sequence[Statement], documents: Sequence[str]
) -> tuple[list[int], list[list[int]], list[Hashable]]:
    """Statements that claim the same (the same words, values, stance and named values: a paragraph many pages
    repeat, a table's rows of one value) as one: each statement's claim, each claim's statements, and what keeps
    two claims from being compared (the one document of its statements, else nothing)."""
    index: dict[Hashable, int] = {}
    of: list[int] = []
    members: list[list[int]] = []
    held: list[set[str]] = []
    for n, (st, document) in enumerate(zip(statements, documents, strict=True)):
        named = tuple((x.family, x.value) for x in st.named)
        claim = (st.subject, tuple((v.amount, v.unit) for v in st.values), st.negated, st.modal, st.negates, named)
        c = index.setdefault(claim, len(members))
        if c == len(members):
            members.append([])
            held.append(set())
        of.append(c)
        members[c].append(n)
        held[c].add(document)
    together: list[Hashable] = [next(iter(d)) if len(d) == 1 else ("claim", c) for c, d in enumerate(held)]
    return of, members, together
