"""Pure: identifiers and values of paths, diffs and prose (their words: relevance/words.py), sentence splitting,
relevance-ranked picking."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from doc_context.models import ChangedFile
from doc_context.relevance.words import line_sentences, path_tokens, pieces, stem, words

ELLIPSIS = "…"
MAX_DIFF_LINES = 20_000
MAX_DIFF_LINE = 1_000  # characters of one diff line read: minified files do not dominate
_CODE_NOISE_WORDS = (
    "async await bool break case catch class const continue def default elif else except false final"
    " finally func function import int let lambda new none null pass private protected public raise"
    " return self static str string super switch this throw true try type var void yield"
)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VALUE = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)+(?![\w])|(?<![\w.,])\d{2,}(?![\w.,]?\w)")


_CODE_NOISE = frozenset(stem(w) for w in _CODE_NOISE_WORDS.split())


def _parts(identifier: str) -> list[str]:
    return [stem(p.lower()) for p in pieces(identifier)]


def identifiers(text: str) -> list[str]:
    """Compound identifiers, normalized: `orderTotal`, order_total and ORDER_TOTALS -> "order_total"."""
    return [c for c in map(_compound, _IDENTIFIER.findall(text)) if c]


@lru_cache(maxsize=16_384)
def _compound(ident: str) -> str:
    parts = [p for p in _parts(ident) if p]
    return "_".join(parts) if len(parts) >= 2 and any(c.isalpha() for c in ident) else ""


def values(text: str) -> list[str]:
    """Numbers a text states, as written: "€10.02" -> "10.02", "3 × 3.335" -> "3.335", "15 %" -> "15".

    A single digit is no value (it counts steps and items, not amounts); neither are digits inside a word
    ("AUTUMN15")."""
    return _VALUE.findall(text)


def terms(text: str) -> frozenset[str]:
    """Words, compound identifiers and values of a text: what relevance is measured on."""
    return _remembered_terms(text) if len(text) <= 2_000 else _terms(text)


@lru_cache(maxsize=8_192)  # a page's parts are ranked more than once a run (the comment, the build summary)
def _remembered_terms(text: str) -> frozenset[str]:
    return _terms(text)


def _terms(text: str) -> frozenset[str]:
    return frozenset(words(text)).union(identifiers(text), values(text))


def diff_tokens(diff: str) -> frozenset[str]:
    """Words and identifiers of the added and removed lines of a unified diff, without language keywords."""
    found: set[str] = set()
    for line in diff.splitlines()[:MAX_DIFF_LINES]:
        if line[:1] in ("+", "-") and not line.startswith(("+++", "---")):
            body = line[1:MAX_DIFF_LINE]
            found.update(w for w in words(body) if w not in _CODE_NOISE)
            found.update(identifiers(body))
            found.update(values(body))
    return frozenset(found)


def focus_tokens(changed: Iterable[ChangedFile], diff: str = "") -> frozenset[str]:
    """What the pull request is about, as words: its changed paths and its diff."""
    found: set[str] = set(diff_tokens(diff))
    for changed_file in changed:
        found.update(path_tokens(changed_file.path))
    return frozenset(found)


def relevance(text: str, focus: frozenset[str]) -> int:
    """How many of the focus words and identifiers the text uses."""
    return len(focus.intersection(terms(text))) if focus else 0


def split_sentences(text: str) -> list[str]:
    """Sentences of a text: each line (a list item, a table row) and each . ! ? inside it."""
    out: list[str] = []
    for line in text.splitlines():
        out.extend(line_sentences(line.strip()))
    return out


def clip(text: str, limit: int) -> str:
    """The text within limit characters, cut at a word boundary and marked with an ellipsis."""
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[: max(limit, 0)]
    cut = text[: limit - len(ELLIPSIS) + 1]
    space = cut.rfind(" ")
    cut = cut[:space] if space > 0 else cut[:-1]
    return cut.rstrip(" ,;:.-") + ELLIPSIS


def pick(sentences: Sequence[str], focus: frozenset[str], budget: int, *, lead: int = 1) -> list[int]:
    """Indexes, in order, of the most relevant sentences that fit the budget (one space between).

    The first sentence gets `lead` extra points: it usually says what the text is about.
    Ties go to the earlier sentence; a first choice longer than the budget is kept, to be clipped.
    """
    scores = [relevance(s, focus) + (lead if i == 0 else 0) for i, s in enumerate(sentences)]
    chosen: list[int] = []
    used = 0
    for i in sorted(range(len(sentences)), key=lambda i: (-scores[i], i)):
        cost = len(sentences[i]) + (1 if chosen else 0)
        if used + cost <= budget or not chosen:
            chosen.append(i)
            used += cost
    return sorted(chosen)
