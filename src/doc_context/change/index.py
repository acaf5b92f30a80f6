"""Pure: a parsed diff's added and deleted lines, indexed once by their words, to look criteria terms up in.

    index = DiffIndex(parse_diff(text))
    files = index.candidates("added", ("loyalty", "discount"))   # file numbers holding every word
    lines = index.file_words("added", files[0]).run(("loyalty", "discount"))   # line indexes

Two levels, each built once and kept: each file's tokens and the diff's distinct tokens (the first time a side
is asked about; a word is looked up among those, never in the diff's text; change/tokens.py reads them as words),
and which files hold each token; and, for a file a term could be in, word -> (line, position) over its lines (the
first time the file is a candidate). No criterion scans the diff again; a file no term names is never read into
lines. Words are the ones relevance/words.py reads a criterion into (words.parts), numbers as "#500"; only the added
and deleted lines are indexed, never the unchanged context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Literal

from doc_context.change.rewrites import Rewrites, rewrites
from doc_context.change.tokens import held, holding, in_row, token_words
from doc_context.change.unified import Diff, Lines
from doc_context.relevance.attributes import marked, wrapped
from doc_context.relevance.bridges import MAX_WINDOW, bridges, joins
from doc_context.relevance.criterion_terms import COMMON
from doc_context.relevance.language import is_import
from doc_context.relevance.names import spelled
from doc_context.relevance.units import said_by, values, written_after
from doc_context.relevance.words import fold, number, parts

Side = Literal["added", "deleted"]
# tokens apart by spaces: ASCII letters and digits, and UTF-8's bytes beyond ASCII (Rückerstattung: words.py's letters)
_SPLIT = bytes(c if (chr(c).isascii() and chr(c).isalnum()) or c >= 0x80 else 32 for c in range(256))
_NUMBER = re.compile(r"(?:(?<=\bv)|(?<![\w.]))\d+(?:[.,]\d+)*(?![.,]?\d)")  # v1.41.0: a version
_IDENTIFIER = re.compile(r"[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*")  # kebab-case is one too: case-insensitive
_COMMENT_LINE = re.compile(r"\s*(?:#|//|/\*|\*|<!--|--\s|'''|\"\"\")")
PASS = 800  # words past which one pass over a diff's tokens costs less than a scan of them a word (5 MB: 0.36 s)
SCANS = 40  # asks of a side answered by a scan of its files, before its postings are built (a page asks hundreds)
MIN_START = 3  # letters a bridge's first word shares with the criterion's run


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

    @cached_property
    def imports(self) -> frozenset[int]:
        """Indexes of the lines that only import (relevance/language.is_import): no evidence of what a change does."""
        return frozenset(i for i, text in enumerate(self.texts) if is_import(text))

    @cached_property
    def comments(self) -> frozenset[int]:
        """Indexes of the lines that are a comment's text only (#, //, /*, *, <!--, --)."""
        return frozenset(i for i, text in enumerate(self.texts) if _COMMENT_LINE.match(text))

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

    def bridged(self, run: Sequence[str]) -> set[int]:
        """Lines meeting the run through a bridge (relevance/bridges.py): its words joined or split there ("server
        hostname": server_host_name, "time stamp": timestamp), never word for word (run() finds those)."""
        key, found = "".join(run), set()
        for word, places in self._at.items():
            if not (key.startswith(word[:MIN_START]) and (key.startswith(word) or word.startswith(run[0]))):
                continue
            for i, at in places:
                line = self.words[i]
                if i not in found and any(
                    bridges(run, line[at:end], COMMON) for end in range(at + 1, min(at + MAX_WINDOW, len(line)) + 1)
                ):
                    found.add(i)
        return found

    def in_identifier(self, i: int, run: Sequence[str]) -> bool:
        """Whether line i spells the run within one identifier: server_hostname, serverHostName, SERVERHOSTNAME."""
        for token in _IDENTIFIER.findall(self.texts[i]):
            found = parts(token)
            if len(found) > 1 or len(run) > 1:
                for at in range(len(found)):
                    if any(joins(run, found[at:end]) for end in range(at + 1, min(at + MAX_WINDOW, len(found)) + 1)):
                        return True
        return False

    def spells(self, i: int, name: str, *, cased: bool = False, path: str = "") -> bool:
        """Whether line i writes the name whole, as its language does (relevance/names.spelled; `cased`: in code);
        an attribute named with its arguments, with the lines they wrap onto (relevance/attributes.wrapped)."""
        mark = marked(name)
        text = wrapped(self.texts, i, self.numbers) if mark is not None and mark.arguments else self.texts[i]
        return spelled(text, name, cased=cased, path=path)

    def value(self, value: str, unit: str = "") -> tuple[set[int], set[int]]:
        """(lines with the number and its unit, lines with the number alone)."""
        lines = set(self._values.get(value, ()))
        if not unit:
            return set(), lines
        near, said = written_after(value, unit), said_by(unit)
        with_unit = {
            i
            for i in lines
            if not said.isdisjoint(self.words[i])
            or (near is not None and near.search(self.texts[i].lower()) is not None)
            or (value, unit) in values(self.texts[i])  # TIMEOUT_MS = 200, HoldSeconds = 30: the name says the unit
        }
        return with_unit, lines - with_unit

    def literal(self, text: str) -> set[int]:
        """Lines holding the text as written, case aside, its words apart by anything ("out of stock": OUT_OF_STOCK);
        a text of one token (`with_scheme`) apart by its joints only, never by a space ("with scheme, host")."""
        joint = r"[\W_]+" if re.search(r"\s", text.strip()) else r"(?:[^\w\s]|_)+"
        pattern = joint.join(re.escape(w) for w in re.split(r"[\W_]+", text) if w)
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
        self._tokens: dict[Side, tuple[list[frozenset[bytes]], bytes, bytes]] = {}
        self._postings: dict[Side, dict[bytes, list[int]]] = {}  # a token -> the files holding it
        self._asked: dict[Side, int] = {}  # how many times a side was asked which files hold some tokens
        self._files: dict[tuple[Side, str], frozenset[int]] = {}
        self._words: dict[bytes, tuple[str, ...]] = {}
        self._lines: dict[tuple[Side, int], FileWords] = {}
        self._fresh: dict[int, Rewrites] = {}
        self._deleted: frozenset[str] | None = None

    def candidates(self, side: Side, words_needed: Iterable[str]) -> list[int]:
        """Numbers of the files whose lines on that side use every one of the words (all files for none)."""
        found: frozenset[int] | None = None
        for word in words_needed:
            files = self.files_with(side, word)
            found = files if found is None else found & files
            if not found:
                return []
        return sorted(found) if found is not None else list(range(len(self.diff.files)))

    def files_with(self, side: Side, word: str) -> frozenset[int]:
        """The files whose lines on that side use the word ("loyalty", "#500" for the number), looked up in
        the words of the whole diff (the tokens holding it, then the files holding those tokens)."""
        if (side, word) not in self._files:
            self._files[(side, word)] = self.files_with_any(side, (word,))
        return self._files[(side, word)]

    def files_with_any(self, side: Side, words: Iterable[str]) -> frozenset[int]:
        """The files whose lines on that side use any of the words (a page's, at once: change_terms.py)."""
        _, vocabulary, lowered = self._vocabulary(side)
        wanted = frozenset(words)  # past PASS (a long page's): one pass over the distinct tokens, not a scan a word
        tokens = holding(vocabulary, lowered, wanted) if len(wanted) <= PASS else vocabulary.split()
        found = {t for t in tokens if any(held(t, w) for w in wanted.intersection(self._token_words(t)))}
        return self._files_of(side, found)

    def files_joining(self, side: Side, run: Sequence[str]) -> frozenset[int]:
        """The files whose lines on that side may write the words in a row as one identifier: a token holding them
        (`heartBeat`, `HEARTBEAT`), or the words joined by `_` or `-` (`heart_beat`), for ("heart", "beat"). A bound,
        read once a criterion's word (evidence.py): what joins them is for the file's lines to say."""
        _, vocabulary, lowered = self._vocabulary(side)
        n = len(run)
        tokens = {t for t in holding(vocabulary, lowered, run[:1]) if in_row(self._token_words(t), run, n)}
        joined = self._files_of(side, tokens)
        spelled = re.compile("[A-Za-z0-9]*[_-]".join(re.escape(w) for w in run), re.I)  # a stem, then its ending
        both = self.candidates(side, run)
        lines = [(k, self.diff.files[k].added if side == "added" else self.diff.files[k].deleted) for k in both]
        return frozenset(joined | {k for k, text in lines if spelled.search(text.text)})

    def unit_in(self, side: Side, file_no: int, value: str, unit: str) -> bool:
        """Whether a file's lines on that side could give a value its unit: they use the unit's word, or write
        it after the number (14d, 15%), or name a constant by it (TIMEOUT_MS = 200)."""
        if any(file_no in self.files_with(side, word) for word in said_by(unit)):
            return True
        f = self.diff.files[file_no]
        text = (f.added if side == "added" else f.deleted).text
        near = written_after(value, unit)
        if near is not None and near.search(text.lower()) is not None:
            return True
        return file_no in self.files_with(side, f"#{value}") and (value, unit) in values(text)

    def fresh(self, file_no: int) -> list[frozenset[str] | None]:
        """For each added line of a file, the words and numbers ("#14") it adds to the deleted line it rewrites, or
        None if none (change/rewrites.py: `limit=100` on a line gaining `server_hostname=None` is not new)."""
        return self._rewrites(file_no)[0]

    def rewritten(self, file_no: int) -> frozenset[int]:
        """The indexes of a file's deleted lines an added line stands for: replaced in place (change/rewrites.py)."""
        return self._rewrites(file_no)[1]

    def _rewrites(self, file_no: int) -> Rewrites:
        if file_no not in self._fresh:
            added, deleted = self.file_words("added", file_no), self.file_words("deleted", file_no)
            self._fresh[file_no] = rewrites(
                (added.numbers, added.words, added.texts),
                (deleted.numbers, deleted.words, deleted.texts),
                self._moved(),
            )
        return self._fresh[file_no]

    def _moved(self) -> frozenset[str]:
        """Every deleted line of the diff, its spaces folded (the lines of one word or less aside)."""
        if self._deleted is None:
            lines = (" ".join(line.split()) for f in self.diff.files for line in f.deleted.split())
            self._deleted = frozenset(line for line in lines if " " in line)
        return self._deleted

    def file_words(self, side: Side, file_no: int) -> FileWords:
        key = (side, file_no)
        if key not in self._lines:
            f = self.diff.files[file_no]
            self._lines[key] = FileWords(f.added if side == "added" else f.deleted)
        return self._lines[key]

    def _vocabulary(self, side: Side) -> tuple[list[frozenset[bytes]], bytes, bytes]:
        """Each file's tokens (runs of letters and digits: _SPLIT), and every distinct token, one a line (as written,
        and lower case): read once per side, in C (translate, split, set), not token by token."""
        if side not in self._tokens:
            texts = ((f.added if side == "added" else f.deleted).text for f in self.diff.files)
            per_file = [frozenset(text.encode("utf-8", "replace").translate(_SPLIT).split()) for text in texts]
            vocabulary = b"\n" + b"\n".join(frozenset().union(*per_file)) + b"\n"
            self._tokens[side] = per_file, vocabulary, vocabulary.lower()
        return self._tokens[side]

    def _files_of(self, side: Side, tokens: set[bytes]) -> frozenset[int]:
        """The files whose lines on that side write any of the tokens: a scan of every file's tokens for the first
        SCANS asks of a side, then the tokens' postings, built once (a scan a word, for the hundreds of words a long
        page asks, grew with the diff twice over: review 15 F3; a criterion's few words scan)."""
        per_file = self._vocabulary(side)[0]
        if not tokens:
            return frozenset()
        self._asked[side] = self._asked.get(side, 0) + 1
        if self._asked[side] <= SCANS:
            return frozenset(k for k, held_by in enumerate(per_file) if not held_by.isdisjoint(tokens))
        if side not in self._postings:
            postings: dict[bytes, list[int]] = {}
            for k, held_by in enumerate(per_file):
                for token in held_by:
                    postings.setdefault(token, []).append(k)
            self._postings[side] = postings
        return frozenset(k for token in tokens for k in self._postings[side].get(token, ()))

    def _token_words(self, token: bytes) -> tuple[str, ...]:
        found = self._words.get(token)
        if found is None:
            found = self._words[token] = token_words(token.decode("utf-8", "replace"))
        return found
