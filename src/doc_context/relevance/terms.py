"""Pure: the terms a text holds that tell a passage apart, and the change's terms by weight (relevance/change_terms.py
finds them, relevance/line_terms.py reads them from one line).

A text's terms are phrases (its words in order, stemmed, two by two, and its identifiers' words), values with their
units and its text casefolded for quoted strings (Terms, text_terms). The change's terms (ChangeTerms) weigh by
where they come from: the diff's added lines (DIFF) outweigh what the work items ask (ASKED); a phrase of prose
weighs PROSE of an identifier, a value without its unit BARE. Only the terms the texts to be weighed could hold are
kept (Vocabulary), and they are looked up by what finds them in a passage (Index).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from doc_context.relevance.units import values
from doc_context.relevance.words import ident_parts, parts

DIFF = 1.0  # a term of the diff's added lines
ASKED = 0.75  # a term of a work item's criteria, repro steps or a Bug's title
PROSE = 0.35  # two words side by side in a quoted string, a comment or prose: weaker than an identifier
BARE = 0.5  # a value without a unit
RUN = 4  # words in a row that a passage shares with the change's prose: as telling as a quoted string
LISTED = PROSE  # what a name weighs that only such lines give: one of the many names of a module, no more

_CLAUSE = re.compile(r"[,;:.!?()\[\]]+(?:\s|$)|\s[-–—]\s")
_DIGIT = re.compile(r"\d")
_DIGITS = re.compile(r"\d+(?:[.,_]\d+)*")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")


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
    within: Vocabulary | None = None  # the words and numbers of the texts weighed (None: any): no other term counts
    borrowed: frozenset[Key] = frozenset()  # the terms only tests or import lines give: examples, modules used
    documented: frozenset[Key] = frozenset()  # the diff's terms its code does not give, when its code gives some
    carried: frozenset[Key] = frozenset()  # the terms its deleted lines hold as often: not written (carried.py)
    words: dict[str, int] = field(default_factory=dict)  # each word of the names its code writes: on how many lines
    tokens: frozenset[Key] = frozenset()  # one-word features a page writes alone as code (code_tokens.py)
    lines: dict[Key, int] = field(default_factory=dict)  # on how many distinct lines of its code (none: once at most)
    defines: frozenset[tuple[str, ...]] = frozenset()  # the builtin exceptions its code defines anew, as their words
    cites: frozenset[tuple[str, str]] = frozenset()  # the pages' numbers its code or docs cite (citations.py)
    paths: frozenset[str] = frozenset()  # the words of its code files' paths: what it is (`installer/`, `checker.py`)
    syntax: frozenset[str] = frozenset()  # the pages' syntax (`# ///`, `~=`) its code's strings hold (syntax.py)
    raises: bool = False  # whether its code raises, throws or returns an error, or warns (language.raises)
    counting: bool = True  # whether a line now read counts in `lines` (a code file's line, not yet read in that file)
    _index: Index | None = None

    def index(self) -> Index:
        """The terms by what finds them in a passage (built once, on first use)."""
        if self._index is None:
            self._index = Index.of(self.weights)
        return self._index

    def add(self, kind: str, term: tuple[str, ...], weight: float) -> None:
        key = (kind, term)
        if self.within is None or self.within.holds(key):
            self.weights[key] = max(self.weights.get(key, 0.0), weight)
            if self.counting:
                self.lines[key] = self.lines.get(key, 0) + 1


@dataclass(frozen=True)
class Vocabulary:
    """What the texts to be weighed (the cited pages) hold: a term of the change none of them can hold is not kept
    (a 20 MB change has hundreds of thousands of terms; the pages hold a few hundred of them)."""

    words: frozenset[str]  # as phrases and identifiers hold them
    raw: frozenset[str]  # casefolded, as a quoted string starts
    numbers: frozenset[str]

    @classmethod
    def of(cls, texts: Iterable[str]) -> Vocabulary:
        words: set[str] = set()
        raw: set[str] = set()
        numbers: set[str] = set()
        for text in texts:
            words.update(parts(text), (w for found in ident_parts(text) for w in found))
            raw.update(re.findall(r"\w+", text.casefold()))
            numbers.update(n for n, _ in values(text))
        return cls(frozenset(words), frozenset(raw), frozenset(numbers))

    def touches(self, line: str) -> bool:
        """Whether a line shares a word or a number with the texts (else no term of it can count)."""
        return not self.words.isdisjoint(parts(line)) or self.touches_number(line)

    def may_touch_number(self, text: str) -> bool:
        """Whether a text (a file's lines) may share a number with the texts: it writes one's digits, a `,` or `_`
        between any two (one search over it, not a line's numbers at a time), for touches_number to tell."""
        return self._number_forms is not None and self._number_forms.search(text) is not None

    @cached_property
    def _number_forms(self) -> re.Pattern[str] | None:
        forms = (re.escape(n) if ":" in n else "[,_]?".join(map(re.escape, n)) for n in sorted(self.numbers))
        return re.compile("|".join(forms)) if self.numbers else None

    def touches_number(self, line: str) -> bool:
        """Whether a line shares a number with the texts."""
        if not self.numbers or _DIGIT.search(line) is None:
            return False
        found = {n.replace("_", "").replace(",", "") for n in _DIGITS.findall(line)}
        return not self.numbers.isdisjoint(found | set(_CLOCK.findall(line)))

    def holds(self, key: Key) -> bool:
        kind, term = key
        if kind == "value":
            return term[0] in self.numbers
        if kind == "string":
            first = re.findall(r"\w+", term[0])
            return not first or first[0] in self.raw
        return all(w in self.words for w in term)


def clauses(text: str) -> tuple[str, ...]:
    """The text's words in order, a "|" where punctuation ends a clause: no phrase runs across a comma."""
    out: list[str] = []
    for clause in _CLAUSE.split(text):
        found = parts(clause)
        out += [*found, "|"] if found else []
    return tuple(out[:-1])


def text_terms(text: str) -> Terms:
    """A passage's terms: every run of its words as phrases (bigrams; longer runs are matched in order),
    its identifiers, its values with their units, and its text casefolded for quoted strings."""
    seq = clauses(text)
    phrases = {seq[i : i + 2] for i in range(len(seq) - 1) if "|" not in seq[i : i + 2]}
    phrases |= {tuple(p) for p in ident_parts(text)}
    folded = frozenset([" ".join(text.casefold().split())])
    return Terms(frozenset(phrases), frozenset(values(text)), folded, frozenset(seq) - {"|"}, seq)
