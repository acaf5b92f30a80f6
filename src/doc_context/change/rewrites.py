"""Pure: which deleted line each added line of a file rewrites (for change/index.py): the most alike, measured on the
old side (change/alignment.py), so a criterion's term on a line that only rewrites one holding it is no news, and
code a change replaces is shown where it stood.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence

from doc_context.change.alignment import on_old_side
from doc_context.relevance.language import language_word
from doc_context.relevance.words import number

_NUMBER = re.compile(r"(?:(?<=\bv)|(?<![\w.]))\d+(?:[.,]\d+)*(?![.,]?\d)")  # v1.41.0: a version
_NAME = re.compile(r"[A-Za-z_]\w*")
Side = tuple[Sequence[int], Sequence[Sequence[str]], Sequence[str]]  # a file's lines on one side: numbers, words, texts
Rewrites = tuple[list[frozenset[str] | None], frozenset[int]]


def rewrites(added: Side, deleted: Side, moved: Collection[str] = frozenset()) -> Rewrites:
    """For each added line, the words and numbers ("#14") it adds to the deleted line it rewrites (the most alike,
    sharing half its words or more; of equals, the nearest on the old side), or None if none: `limit=100` on a line
    that gained `server_hostname=None` is not new; one that only gained a comma, or moved as it was from a line the
    diff deletes anywhere (`moved`: every deleted line, its spaces folded), adds nothing; `>` become `>=` is new
    (None). And the deleted lines an added line stands for (the most alike, sharing a name at least that is no
    language's keyword, stop words kept: `now`): replaced in place, not deleted whole beside the lines added."""
    places = on_old_side(added[0], deleted[0])  # the added lines' places among the deleted
    old = [_tokens(words, text) for words, text in zip(deleted[1], deleted[2], strict=True)]
    holding: dict[str, list[int]] = {}
    for j, tokens in enumerate(old):
        for token in tokens:
            holding.setdefault(token, []).append(j)
    found: list[frozenset[str] | None] = []
    rewritten: set[int] = set()
    for at, words, text in zip(places, added[1], added[2], strict=True):
        if " ".join(text.split()) in moved:
            found.append(frozenset())
            continue
        new = _tokens(words, text)
        shared = Counter(j for token in new for j in holding.get(token, ()))
        best = max(shared.values(), default=0)
        alike = (j for j, n in shared.items() if n == best)  # of those, the nearest: never a set's order
        j = min(alike, key=lambda j: (abs(deleted[0][j] - at), j), default=-1)
        if best and _names(text) & _names(deleted[2][j]):  # the deleted line it stands for (a replacement's), alike
            rewritten.add(j)  # in a name that is no keyword: never `return` alone (review 10, finding 8)
        added_words = new - old[j] if best and 2 * best >= len(new) else None
        if added_words == frozenset() and _bare_line(text) != _bare_line(deleted[2][j]):
            added_words = None  # `>` became `>=`: a change of the line as a whole, not of its words
        found.append(added_words)
    return found, frozenset(rewritten)


def _names(text: str) -> set[str]:
    """A line's names as written, lower case, less a language's keywords and everyday names (`return`, `var`)."""
    return {name.lower() for name in _NAME.findall(text) if not language_word(name)}


def _bare_line(text: str) -> str:
    """A line as compared for a trivial change: its spaces folded, a trailing comma or semicolon aside."""
    return " ".join(text.split()).rstrip(",;")


def _tokens(words: Sequence[str], text: str) -> frozenset[str]:
    """A line's words and its numbers ("#14")."""
    return frozenset(words).union(f"#{number(raw)}" for raw in _NUMBER.findall(text))
