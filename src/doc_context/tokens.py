"""Pure: words of paths, diffs and prose, sentence splitting, and relevance-ranked picking."""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .models import ChangedFile

ELLIPSIS = "…"
MAX_DIFF_LINES = 20_000

_STOP = frozenset(
    "about after all also and any are been being but can could did does done for from had has have"
    " how into its may might more most must not now only other our out over per same should some such"
    " than that the their them then there these this those too under use used using via was were what"
    " when where which while who why will with would you your".split()
)
_CODE_NOISE = frozenset(
    "async await bool break case catch class const continue def default elif else except false final"
    " finally func function import int let lambda new none null pass private protected public raise"
    " return self static str string super switch this throw true try type var void yield".split()
)
_PATH_NOISE = frozenset(
    "app apps cfg cmd common component components config core css go helper helpers html index init"
    " ini internal java json jsx lib libs main md module modules pkg py rb scss shared spec specs src"
    " test tests toml ts tsx txt util utils xml yaml yml".split()
)
_IDENT = re.compile(r"[A-Za-z0-9]+")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_SENTENCE_END = re.compile(r"(?<=[^\d\s][.!?])\s+(?=\S)")
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "approx.")


def stem(word: str) -> str:
    """A light plural fold, so "totals" meets "total" and "entries" meets "entry"."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-cased, stemmed words of prose or code: camelCase and snake_case are split."""
    out: list[str] = []
    for ident in _IDENT.findall(text):
        for part in _PARTS.findall(ident):
            word = part.lower()
            if len(word) >= 3 and not word.isdigit() and word not in _STOP:
                out.append(stem(word))
    return out


def path_tokens(path: str) -> frozenset[str]:
    """Words of a file path, without the ones every path has: /src/checkout/totals.py -> checkout, total."""
    return frozenset(w for w in words(path) if w not in _PATH_NOISE)


def diff_tokens(diff: str) -> frozenset[str]:
    """Words of the added and removed lines of a unified diff, without language keywords."""
    found: set[str] = set()
    for line in diff.splitlines()[:MAX_DIFF_LINES]:
        if line[:1] in ("+", "-") and not line.startswith(("+++", "---")):
            found.update(w for w in words(line[1:]) if w not in _CODE_NOISE)
    return frozenset(found)


def focus_tokens(changed: Iterable[ChangedFile], diff: str = "") -> frozenset[str]:
    """What the pull request is about, as words: its changed paths and its diff."""
    found: set[str] = set(diff_tokens(diff))
    for changed_file in changed:
        found.update(path_tokens(changed_file.path))
    return frozenset(found)


def related_files(changed: Iterable[ChangedFile], text: str) -> tuple[str, ...]:
    """The changed paths, sorted, that share a word with the text."""
    vocabulary = set(words(text))
    return tuple(sorted({c.path for c in changed if path_tokens(c.path) & vocabulary}))


def relevance(text: str, focus: frozenset[str]) -> int:
    """How many of the focus words the text uses."""
    return len(focus.intersection(words(text)))


def split_sentences(text: str) -> list[str]:
    """Sentences of a text: each line (a list item, a table row) and each . ! ? inside it."""
    out: list[str] = []
    for line in text.splitlines():
        out.extend(line_sentences(line.strip()))
    return out


def line_sentences(line: str) -> list[str]:
    """The sentences of one line; "e.g." and the like do not end one."""
    pieces: list[str] = []
    for piece in _SENTENCE_END.split(line) if line else []:
        if pieces and pieces[-1].lower().endswith(_ABBREVIATIONS):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    return pieces


def clip(text: str, limit: int) -> str:
    """The text within limit characters, cut at a word boundary and marked with an ellipsis."""
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[:max(limit, 0)]
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
