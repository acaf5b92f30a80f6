"""Pure: the change's distinctive terms, what a page's passage must share to be about the change.

Distinctive terms are identifiers (`round_once`, `ROUND_HALF_EVEN`, `payments.giftcard.hold-timeout`: their
words in order, so prose that says "round once" meets them), values with their units (`RELEASE_WITHIN_SECONDS
= 30` is 30 s and meets "30 seconds", never "30 days"), and quoted strings (`"ledger-mismatch"`, a docstring's
"unrounded subtotal"). They come from the diff's added lines, which weigh most, and from what the linked work
items ask: their acceptance criteria, a Bug's repro steps and title. A single word is never a term: words that
are everywhere in the change (in most changed files) and common words match nothing on their own.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from doc_context.summary.tokens import PATH_NOISE, line_sentences, stem
from doc_context.summary.tokens import words as _stems

DIFF = 1.0  # a term of the diff's added lines
ASKED = 0.75  # a term of a work item's criteria, repro steps or a Bug's title
PROSE = 0.35  # two words side by side in a quoted string, a comment or prose: weaker than an identifier
BARE = 0.5  # a value without a unit
RUN = 4  # words in a row that a passage shares with the change's prose: as telling as a quoted string
EVERYWHERE = 0.5  # a word in this share of the changed files (three or more) is everywhere in the change

_UNITS = {
    "%": "%", "percent": "%", "pct": "%", "‰": "‰",
    "ms": "ms", "millis": "ms", "millisecond": "ms", "milliseconds": "ms",
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d", "week": "w", "weeks": "w", "month": "mo", "months": "mo",
    "year": "y", "years": "y",
    "b": "B", "byte": "B", "bytes": "B", "kb": "KB", "kib": "KB", "mb": "MB", "mib": "MB", "gb": "GB", "gib": "GB",
    "€": "EUR", "eur": "EUR", "$": "USD", "usd": "USD", "£": "GBP", "gbp": "GBP", "chf": "CHF",
    "cent": "ct", "cents": "ct", "px": "px", "x": "x", "×": "x", "times": "x",
    "retry": "tries", "retries": "tries", "attempt": "tries", "attempts": "tries", "tries": "tries",
    "item": "items", "items": "items", "line": "lines", "lines": "lines", "row": "rows", "rows": "rows",
    "request": "req", "requests": "req", "rps": "req/s", "char": "chars", "chars": "chars", "characters": "chars",
    "digit": "digits", "digits": "digits", "page": "pages", "pages": "pages", "user": "users", "users": "users",
}  # fmt: skip
_NUMBER = r"\d{1,2}:\d{2}(?!\d)|\d+(?:[_,]\d{3})*(?:\.\d+)?"  # 14:00, 10_000, 3.335
_VALUE = re.compile(
    rf"(?<![\w.])([€$£])?\s?({_NUMBER})(?:\s?(%|‰|€|[A-Za-z]+\b))?(?![\w.]\d)",
)
_RANGE = re.compile(r"(?<![\w.])(\d+)\s*(?:to|-|–|and)\s*(\d+)\s+(?:business\s+|working\s+|calendar\s+)?([A-Za-z%]+)")
_ASSIGNED = re.compile(rf"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*[:=]\s*\(?({_NUMBER})\b")  # TIMEOUT_SECONDS = 30
_STRING = re.compile(r"\"((?:[^\"\\\n]|\\.){3,})\"|'((?:[^'\\\n]|\\.){3,})'|`([^`\n]{3,})`")
_COMMENT = re.compile(r"(?:^|\s)(?:#|//|--|/\*|\*)\s+(.*)$")
_IDENT = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*(?:[.\-/:][A-Za-z_][A-Za-z0-9_]*)*")
_CODE = re.compile(r"[=(){};\[\]<>]")
_CLAUSE = re.compile(r"[,;:.!?()\[\]]+(?:\s|$)|\s[-–—]\s")
_DIGIT = re.compile(r"\d")
_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_PROSE_FILES = (".md", ".txt", ".rst", ".adoc", ".feature")


Key = tuple[str, tuple[str, ...]]  # ("ident" | "phrase", stems), ("value", (number, unit)), ("string", (text,))


@dataclass(frozen=True)
class Terms:
    """What a text holds that can tell a passage apart: phrases (stems in order), values and quoted strings."""

    phrases: frozenset[tuple[str, ...]] = frozenset()
    values: frozenset[tuple[str, str]] = frozenset()  # (number as written without separators, unit or "")
    strings: frozenset[str] = frozenset()  # casefolded
    words: frozenset[str] = frozenset()  # its words, stemmed
    sequence: tuple[str, ...] = ()  # and in their order


@dataclass(frozen=True)
class Index:
    """The change's terms by lookup: phrases by their words, values by their number, strings by their first word."""

    phrases: dict[tuple[str, ...], list[Key]]
    lengths: frozenset[int]
    values: dict[str, list[Key]]
    strings: dict[str, list[Key]]

    @classmethod
    def of(cls, weights: dict[Key, float]) -> Index:
        phrases: dict[tuple[str, ...], list[Key]] = {}
        values: dict[str, list[Key]] = {}
        strings: dict[str, list[Key]] = {}
        for key in weights:
            kind, term = key
            if kind == "value":
                values.setdefault(term[0], []).append(key)
            elif kind == "string":
                first = re.findall(r"\w+", term[0])
                strings.setdefault(first[0] if first else "", []).append(key)
            else:
                phrases.setdefault(term, []).append(key)
        return cls(phrases, frozenset(len(p) for p in phrases), values, strings)


@dataclass
class ChangeTerms:
    """Each distinctive term of the change and its weight (the diff's outweigh the work items')."""

    weights: dict[Key, float] = field(default_factory=dict)
    asked: list[frozenset[str]] = field(default_factory=list)  # each sentence a work item asks, as its words
    _index: Index | None = None

    def index(self) -> Index:
        """The terms by what finds them in a passage (built once, on first use)."""
        if self._index is None:
            self._index = Index.of(self.weights)
        return self._index

    def add(self, kind: str, term: tuple[str, ...], weight: float) -> None:
        key = (kind, term)
        self.weights[key] = max(self.weights.get(key, 0.0), weight)


def change_terms(diff: str, asked: Iterable[str] = ()) -> ChangeTerms:
    """The distinctive terms of the diff's added lines, then of what the work items ask (`asked`: criteria,
    repro steps, a Bug's title), without phrases of words everywhere in the change."""
    files = _added_by_file(diff)
    everywhere = _everywhere(files)
    out = ChangeTerms()
    for path, lines in files.items():
        prose_file = path.lower().endswith(_PROSE_FILES)
        for line in lines:
            _collect(out, line, DIFF, everywhere, prose=prose_file or _is_prose(line))
    for text in asked:
        for line in text.splitlines():
            _collect(out, line, ASKED, everywhere, prose=True)
            out.asked += [frozenset(words(s)) - everywhere for s in line_sentences(line.strip())]
    united = {term[0] for (kind, term) in out.weights if kind == "value" and term[1]}
    for number in united:  # "15" said with its unit somewhere: the bare "15" adds nothing
        out.weights.pop(("value", (number, "")), None)
    return out


def clauses(text: str) -> tuple[str, ...]:
    """The text's words in order, a "|" where punctuation ends a clause: no phrase runs across a comma."""
    out: list[str] = []
    for clause in _CLAUSE.split(text):
        found = words(clause)
        out += [*found, "|"] if found else []
    return tuple(out[:-1])


def text_terms(text: str) -> Terms:
    """A passage's terms: every run of its words as phrases (bigrams; longer runs are matched in order),
    its identifiers, its values with their units, and its text casefolded for quoted strings."""
    seq = clauses(text)
    phrases = {seq[i : i + 2] for i in range(len(seq) - 1) if "|" not in seq[i : i + 2]}
    phrases |= {tuple(p) for p in _ident_parts(text)}
    folded = frozenset([" ".join(text.casefold().split())])
    return Terms(frozenset(phrases), frozenset(values(text)), folded, frozenset(seq) - {"|"}, seq)


def values(text: str) -> list[tuple[str, str]]:
    """The values a text states with their units: "30 seconds" -> ("30", "s"), "€10.02" -> ("10.02", "EUR"),
    "15 %" -> ("15", "%"); a lone digit without a unit is no value."""
    out: list[tuple[str, str]] = []
    if not _DIGIT.search(text):
        return out
    for m in _RANGE.finditer(text):  # "2 to 4 business days": both ends in days
        unit = _UNITS.get(m.group(3).casefold(), "")
        out += [(m.group(1), unit), (m.group(2), unit)] if unit else []
    for m in _VALUE.finditer(text):
        before, number, after = m.group(1), m.group(2).replace("_", "").replace(",", ""), m.group(3) or ""
        unit = _UNITS.get(before or "", "") or _UNITS.get(after.casefold(), "")
        if unit or len(number) >= 2:
            out.append((number, unit))
    for m in _ASSIGNED.finditer(text):
        parts = [p for p in re.split(r"_|(?<=[a-z])(?=[A-Z])", m.group(1)) if p]
        unit = _UNITS.get(parts[-1].casefold(), "") if len(parts) > 1 else ""
        if unit:
            out.append((m.group(2).replace("_", "").replace(",", ""), unit))
    return out


def _collect(out: ChangeTerms, line: str, weight: float, everywhere: frozenset[str], *, prose: bool) -> None:
    for parts in _ident_parts(line):  # an identifier counts whole, even of words everywhere (sent_key)
        out.add("ident", tuple(parts), weight)
        for i in range(len(parts) - 2):  # a long identifier's runs of two: release_hold_within_seconds
            if not set(parts[i : i + 2]) <= everywhere:
                out.add("phrase", tuple(parts[i : i + 2]), weight * PROSE)
    for number, unit in values(line):
        out.add("value", (number, unit), weight * (1.0 if unit else BARE))
    quoted = [next(g for g in m.groups() if g is not None) for m in _STRING.finditer(line)]
    spans = {m.group(3) for m in _STRING.finditer(line) if m.group(3)} if weight == ASKED else set()
    for string in quoted:
        one = string in spans and re.fullmatch(r"[A-Za-z]\w{2,}", string)  # a work item's `lxml`: code, no word
        if re.search(r"[A-Za-z]", string) and (one or re.search(r"\w\W+\w", string.strip())):
            out.add("string", (" ".join(string.casefold().split()),), weight)
    comment = _COMMENT.search(line)
    texts = [*quoted, *([comment.group(1)] if comment else []), *([line] if prose else [])]
    for text in texts:
        seq = clauses(text)
        for first, second in itertools.pairwise(seq):
            if not {first, second} <= everywhere and first != second and "|" not in (first, second):
                out.add("phrase", (first, second), weight * PROSE)
        for i in range(len(seq) - RUN + 1) if weight == DIFF else ():  # the change's text quotes the passage
            if not set(seq[i : i + RUN]) <= everywhere and "|" not in seq[i : i + RUN]:
                out.add("run", tuple(seq[i : i + RUN]), weight)


def words(text: str) -> list[str]:
    """tokens.words, "retried" and "retry" folded together (its stems end "retri" and "retry")."""
    return [w[:-1] + "y" if len(w) > 3 and w.endswith("i") else w for w in _stems(text)]


def _ident_parts(text: str) -> list[list[str]]:
    """Compound identifiers and keys (snake, camel, kebab, dotted) as their stemmed parts, two or more
    (`to_cents` is ("to", "cent"): a short part counts in an identifier)."""
    out = []
    for m in _IDENT.finditer(text):
        token = m.group()
        if not re.search(r"[_.\-/:]|[a-z][A-Z]", token.strip("_.-/:")):
            continue  # one plain word
        parts = [stem(p.lower()) for p in _PARTS.findall(token) if not p.isdigit()]
        if len(parts) >= 2 and len("".join(parts)) >= 5:
            out.append(parts)
    return out


def _is_prose(line: str) -> bool:
    """A line of words (a docstring's, a comment block's): four words or more and no code punctuation."""
    return not _CODE.search(line) and len(line.split()) >= 4


def _added_by_file(diff: str) -> dict[str, list[str]]:
    files: dict[str, list[str]] = {}
    path = ""
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[4:].strip().removeprefix("b/")
            files.setdefault(path, [])
        elif line.startswith("+") and not line.startswith("+++"):
            files.setdefault(path, []).append(line[1:])
    return files


def _everywhere(files: dict[str, list[str]]) -> frozenset[str]:
    """Words in EVERYWHERE of the changed files or more (when three or more changed), their paths included."""
    if len(files) < 3:
        return frozenset(PATH_NOISE)
    counts: Counter[str] = Counter()
    for path, lines in files.items():
        counts.update(set(words(path)) | {w for line in lines for w in words(line)})
    return frozenset({w for w, n in counts.items() if n >= EVERYWHERE * len(files)} | PATH_NOISE)
