"""Pure: the diff's tokens (change/index.py's vocabulary: runs of letters and digits) as words: which tokens hold a
word, what words a token reads as, and whether a token writes words in a row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doc_context.relevance.words import ABBREVIATIONS, expand, fold, number, words


def in_row(words: Sequence[str], run: Sequence[str], n: int) -> bool:
    return any(tuple(words[i : i + n]) == tuple(run) for i in range(len(words) - n + 1))


def _needles(word: str) -> set[bytes]:
    """What every token holding the word (or an abbreviation of it) holds, lower case: the stem, less a folded y
    ("appl": applied, apply)."""
    found = (w.removeprefix("#") for w in (word, *ABBREVIATIONS.get(word, ())))
    return {(w[:-1] if len(w) > 3 and w.endswith("y") else w).encode("utf-8", "replace") for w in found} - {b""}


def held(token: bytes, word: str) -> bool:
    return any(n in token.lower() for n in _needles(word))


def holding(vocabulary: bytes, lowered: bytes, words: Iterable[str]) -> set[bytes]:
    """The tokens of the vocabulary (one a line; `lowered`, the same in lower case) holding a word's needle."""
    found: set[bytes] = set()
    for needle in {n for w in words for n in _needles(w)}:
        at = lowered.find(needle)
        while at >= 0:
            start = lowered.rfind(b"\n", 0, at) + 1
            end = lowered.find(b"\n", at)
            found.add(vocabulary[start:end])
            at = lowered.find(needle, end)
    return found


def token_words(token: str) -> tuple[str, ...]:
    """A token's words (camelCase split, stemmed, folded) and, for digits, the number ("#500")."""
    found = tuple(expand(fold(w)) for w in words(token))
    if token.isdigit():
        return (*found, f"#{number(token)}")
    if len(found) < 2:
        return found
    # PayPal: also "paypal", as run() looks it up; serverHostName: also "hostnam", as a bridge does
    return (*found, fold(token.lower()), *("".join(found[i : i + 2]) for i in range(len(found) - 1)))
