"""Pure: a parsed diff's added and deleted lines, indexed once by their words, to look criteria terms up in.

    index = DiffIndex(parse_diff(text))
    files = index.candidates("added", ("loyalty", "discount"))   # file numbers holding every word
    lines = index.file_words("added", files[0]).run(("loyalty", "discount"))   # line indexes

Two levels, each built once and kept: word -> files for a side of the diff (the first time that side is
asked about), and, for a file a term could be in, word -> (line, position) over its lines (the first time
the file is a candidate). No criterion scans the diff again; a file no term names is never read into lines.
Words are the ones summary/criterion_terms reads a criterion into (criterion_terms.parts), numbers as
"#500"; only the added and deleted lines are indexed, never the unchanged context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from doc_context.summary.criterion_terms import fold, number, parts
from doc_context.summary.tokens import words
from doc_context.text.unidiff import Diff, Lines

Side = Literal["added", "deleted"]
_IDENT = re.compile(r"[A-Za-z0-9]+")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![.,]?\d)")
_ALIASES = {"day": "d|days?", "hour": "h|hrs?", "minut": "m|min|mins", "second": "s|secs?", "millisecond": "ms"}


class FileWords:
    """One side of one file read into words: where each word and number is, line by line."""

    def __init__(self, lines: Lines) -> None:
        self.numbers = lines.numbers
        self.texts = lines.split()
        self.words: list[tuple[str, ...]] = []
        self._at: dict[str, list[tuple[int, int]]] = {}
        self._values: dict[str, list[int]] = {}
        for i, text in enumerate(self.texts):
            found = tuple(parts(text))
            self.words.append(found)
            for position, word in enumerate(found):
                self._at.setdefault(word, []).append((i, position))
            for raw in _NUMBER.findall(text):
                self._values.setdefault(number(raw), []).append(i)

    def word(self, word: str) -> set[int]:
        """Indexes of the lines using the word."""
        return {i for i, _ in self._at.get(word, ())}

    def run(self, run: Sequence[str], *, either_order: bool = False) -> set[int]:
        """Lines holding the words as one run (apply_loyalty_discount, "loyalty discount"), or run together
        as one word (PayPal: paypal_client)."""
        found = {i for i, _ in self._at.get(fold("".join(run)), ())} if len(run) > 1 else set()
        orders = [tuple(run), tuple(reversed(run))] if either_order and len(run) == 2 else [tuple(run)]
        for words_in_order in orders:
            later = [set(self._at.get(w, ())) for w in words_in_order[1:]]
            for i, position in self._at.get(words_in_order[0], ()):
                if all((i, position + k + 1) in seen for k, seen in enumerate(later)):
                    found.add(i)
        return found

    def value(self, value: str, unit: str = "") -> tuple[set[int], set[int]]:
        """(lines with the number and its unit, lines with the number alone)."""
        lines = set(self._values.get(value, ()))
        if not unit:
            return set(), lines
        alias = _ALIASES.get(unit)
        near = re.compile(rf"(?<![\d.]){re.escape(value)}(?:\.0+)?\s*(?:{alias})\b") if alias else None
        with_unit = {
            i
            for i in lines
            if unit in self.words[i]
            or (unit == "percent" and "%" in self.texts[i])
            or (near is not None and near.search(self.texts[i].lower()) is not None)
        }
        return with_unit, lines - with_unit

    def literal(self, text: str) -> set[int]:
        """Lines holding the text as written, case aside, its words apart by anything (OUT_OF_STOCK)."""
        pattern = r"[\W_]+".join(re.escape(w) for w in re.split(r"[\W_]+", text) if w)
        if not pattern:
            return set()
        found = re.compile(rf"(?<![a-z0-9]){pattern}(?![a-z0-9])")
        return {i for i, line in enumerate(self.texts) if found.search(line.lower())}

    def hunk_starts(self) -> list[int]:
        """Indexes of the first line of each run of consecutive line numbers."""
        n = self.numbers
        return [i for i in range(len(n)) if i == 0 or n[i] != n[i - 1] + 1]


class DiffIndex:
    """A diff's changed lines by word, for looking many criteria up without reading the diff again."""

    def __init__(self, diff: Diff) -> None:
        self.diff = diff
        self._files: dict[Side, dict[str, list[int]]] = {}
        self._lines: dict[tuple[Side, int], FileWords] = {}
        self._counts: dict[Side, int] = {}

    def candidates(self, side: Side, words_needed: Iterable[str]) -> list[int]:
        """Numbers of the files whose lines on that side use every one of the words (all files for none)."""
        postings = self._postings(side)
        sets = [set(postings.get(w, ())) for w in words_needed]
        if not sets:
            return list(range(len(self.diff.files)))
        return sorted(sets[0].intersection(*sets[1:]))

    def files_with_lines(self, side: Side) -> int:
        """How many files have lines on that side."""
        key: Side = side
        if key not in self._counts:
            self._counts[key] = sum(1 for f in self.diff.files if len(f.added if side == "added" else f.deleted))
        return self._counts[key]

    def file_words(self, side: Side, file_no: int) -> FileWords:
        key = (side, file_no)
        if key not in self._lines:
            f = self.diff.files[file_no]
            self._lines[key] = FileWords(f.added if side == "added" else f.deleted)
        return self._lines[key]

    def _postings(self, side: Side) -> dict[str, list[int]]:
        if side not in self._files:
            postings: dict[str, list[int]] = {}
            cache: dict[str, tuple[str, ...]] = {}
            for file_no, f in enumerate(self.diff.files):
                lines = f.added if side == "added" else f.deleted
                found: set[str] = set()
                for token in set(_IDENT.findall(lines.text)):
                    got = cache.get(token)
                    if got is None:
                        got = cache[token] = _token_words(token)
                    found.update(got)
                for word in found:
                    postings.setdefault(word, []).append(file_no)
            self._files[side] = postings
        return self._files[side]


def _token_words(token: str) -> tuple[str, ...]:
    """A token's words (camelCase split, stemmed, folded) and, for digits, the number ("#500")."""
    found = tuple(fold(w) for w in words(token))
    if token.isdigit():
        return (*found, f"#{number(token)}")
    joined = fold(token.lower()) if len(found) > 1 else ""  # PayPal: also "paypal", as run() looks it up
    return (*found, joined) if joined else found
