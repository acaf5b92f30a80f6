"""Pure: the change's distinctive terms, what a page's passage must share to be about the change.

Distinctive terms are identifiers (`round_once`, `ROUND_HALF_EVEN`, `payments.giftcard.hold-timeout`: their
words in order, so prose that says "round once" meets them), values with their units (`RELEASE_WITHIN_SECONDS
= 30` is 30 s and meets "30 seconds", never "30 days"), and quoted strings (`"ledger-mismatch"`, a docstring's
"unrounded subtotal"). They come from the diff's added lines, which weigh most, and from what the linked work
items ask: their acceptance criteria, a Bug's repro steps and title. An import line names a module the change
uses, a test the examples it checks: their terms alone (ChangeTerms.borrowed) weigh as any, but never show a
page is spoken to (summary/speaks.py: a page listing `k8s.io/client-go/...` is not about every change importing
it, nor a page whose example a test reuses about every change testing with it). A name only an export or import
list's lines give (relevance/listings.py) weighs as prose (LISTED) and is borrowed too; a re-wrapped list gives
only the names it adds.
An address (`https://github.com/mona/LinkedList`, an example response's link) is where a comment points, no term, as it
is none in a page's passage; a string literal's (`"http://localhost:4318/v1/traces"`) is the code's subject and stays.
A single word is never a term: words that
are everywhere in the change (relevance/everywhere.py's one rule) match nothing on their own. Values' units are
relevance/units.py's, identifiers split as relevance/words.py splits them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from doc_context.relevance.change import Change
from doc_context.relevance.everywhere import is_generated, is_test
from doc_context.relevance.language import is_import
from doc_context.relevance.listings import in_lists, own, rewrapped, without_addresses
from doc_context.relevance.units import values
from doc_context.relevance.words import ident_parts, line_sentences, parts

Everywhere = Callable[[str], bool]

DIFF = 1.0  # a term of the diff's added lines
ASKED = 0.75  # a term of a work item's criteria, repro steps or a Bug's title
PROSE = 0.35  # two words side by side in a quoted string, a comment or prose: weaker than an identifier
BARE = 0.5  # a value without a unit
RUN = 4  # words in a row that a passage shares with the change's prose: as telling as a quoted string


_STRING = re.compile(r"\"((?:[^\"\\\n]|\\.){3,})\"|'((?:[^'\\\n]|\\.){3,})'|`([^`\n]{3,})`")
_COMMENT = re.compile(r"(?:^|\s)(?:#|//|--|/\*|\*)\s+(.*)$")
_CODE = re.compile(r"[=(){};\[\]<>]")
_CLAUSE = re.compile(r"[,;:.!?()\[\]]+(?:\s|$)|\s[-–—]\s")
_DIGIT = re.compile(r"\d")
_DIGITS = re.compile(r"\d+(?:[.,_]\d+)*")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")
LISTED = PROSE  # what a name weighs that only such lines give: one of the many names of a module, no more
_PROSE_FILES = (".md", ".txt", ".rst", ".adoc", ".feature")
# Another project's code, by the vendoring conventions as written (case and place): _vendor/ (pip's), vendored/,
# node_modules/, third_party/ anywhere; a lower-case vendor/ holding a vendoring layout (Ruby's vendor/bundle/,
# Rails' vendor/assets/, Go's vendor/<host.tld>/) anywhere; the project's root vendor/; a monorepo subproject's
# vendor/ (one folder deep) holding packages in folders of their own (Composer's backend/vendor/symfony/console/).
# Never a project's own Vendor/, nor a deeper vendor/ or a source file right inside one (marketplace/vendor/
# payouts.py, app/models/vendor/, src/features/vendor/, a Java package .../procurement/vendor/): a domain's.
_VENDORED = re.compile(
    r"(?:^|/)(?:_vendor|vendored|third[_-]party|node_modules)/|(?:^|/)vendor/(?:bundle|assets|[^/]+\.[a-z]+)/"
)
_ROOT_VENDOR = re.compile(r"^/?vendor/|^/?(?!(?:src|lib|app|internal|pkg)/)[^/]+/vendor/[^/]+/[^/]+/")
_LISTING = re.compile(r"(?:^|/)(?:schema\.json|publicapi\.\w+\.txt)$")  # often hand-written: no generated file


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


def change_terms(change: Change, asked: Iterable[str] = (), within: Iterable[str] | None = None) -> ChangeTerms:
    """The distinctive terms of the change's added lines (the whole diff, read once: relevance/change.py), then
    of what the work items ask (`asked`: criteria, repro steps, a Bug's title), without phrases of words
    everywhere in the change (Change.everywhere); only those the texts `within` could hold (the pages weighed)."""
    everywhere = change.everywhere
    out = ChangeTerms(within=Vocabulary.of(within) if within is not None else None)
    vocabulary = out.within
    near = None  # the files a word of the texts is in, found in the change's index (not line by line)
    if vocabulary is not None and change.index is not None:
        near = change.index.files_with_any("added", vocabulary.words)
    borrowed: list[tuple[str, bool]] = []  # a test's lines, then import lines
    documents: list[str] = []  # the lines of the change's documentation files
    listed: list[str] = []  # lines that only list names: an export list's, an import list's
    for n, f in enumerate(change.diff.files if change.diff is not None else ()):
        if _foreign(f.path):  # another project's code, or a tool's output
            continue
        prose_file = f.path.lower().endswith(_PROSE_FILES)
        lines = list(zip(f.added.split(), rewrapped(f.added, f.deleted), strict=True))  # names re-wrapped, not new
        in_list = in_lists(f.added)  # the lines inside an export or import list's brackets
        if vocabulary is not None:  # a file none of the texts' words is in can touch them by a number only
            worded = near is None or n in near
            touches = vocabulary.touches if worded else vocabulary.touches_number
            lines = [(line, m) for line, m in lines if touches(line)] if worded or vocabulary.numbers else []
        tested = is_test(f.path)
        for line, moved in lines:
            line = without_addresses(line, prose=prose_file) if "://" in line else line
            line, listed_line = own(line, in_list, moved)  # a re-wrapped list's line: the names it adds
            if not line:
                continue
            prose = prose_file or _is_prose(line)
            if tested or is_import(line):
                borrowed.append((line, prose))
            elif prose_file:
                documents.append(line)
            elif listed_line:
                listed.append(line)
            else:
                _collect(out, line, DIFF, everywhere, prose=prose)
    known = set(out.weights)
    for line in listed:
        _collect(out, line, LISTED, everywhere, prose=False)
    listing = set(out.weights) - known  # what only lists of names give
    coded = set(out.weights)
    for line in documents:
        _collect(out, line, DIFF, everywhere, prose=True)
    if listing:  # a listed name the change's documentation gives too is no mere listing: read the docs alone
        docs = ChangeTerms(within=out.within)
        for line in documents:
            _collect(docs, line, DIFF, everywhere, prose=True)
        listing -= set(docs.weights)
    known = set(out.weights)
    for line, prose in borrowed:
        _collect(out, line, DIFF, everywhere, prose=prose)
    out.borrowed = frozenset(out.weights) - known | listing
    for text in asked:
        for line in text.splitlines():
            _collect(out, line, ASKED, everywhere, prose=True)
            out.asked += [frozenset(w for w in parts(s) if not everywhere(w)) for s in line_sentences(line.strip())]
    told = ChangeTerms()
    for text in asked:
        for line in text.splitlines():
            _collect(told, line, ASKED, everywhere, prose=True)
    if coded:  # only beside terms the change's code gives: a docs-only or test-only change has nothing louder
        out.documented = frozenset(out.weights) - coded - set(told.weights)
    united = {term[0] for (kind, term) in out.weights if kind == "value" and term[1]}
    for number in united:  # "15" said with its unit somewhere: the bare "15" adds nothing
        out.weights.pop(("value", (number, "")), None)
    return out


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


def _collect(out: ChangeTerms, line: str, weight: float, everywhere: Everywhere, *, prose: bool) -> None:
    for found in ident_parts(line):  # an identifier counts whole, even of words everywhere (sent_key)
        out.add("ident", tuple(found), weight)
        for i in range(len(found) - 2):  # a long identifier's runs of two: release_hold_within_seconds
            if not all(map(everywhere, found[i : i + 2])):
                out.add("phrase", tuple(found[i : i + 2]), weight * PROSE)
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
            if first != second and "|" not in (first, second) and not (everywhere(first) and everywhere(second)):
                out.add("phrase", (first, second), weight * PROSE)
        for i in range(len(seq) - RUN + 1) if weight == DIFF else ():  # the change's text quotes the passage
            if "|" not in seq[i : i + RUN] and not all(map(everywhere, seq[i : i + RUN])):
                out.add("run", tuple(seq[i : i + RUN]), weight)


def vendored(path: str) -> bool:
    """Another project's code, copied in (_VENDORED, _ROOT_VENDOR): no term of the change, no Touches line."""
    return bool(_VENDORED.search(path) or _ROOT_VENDOR.match(path))


def _foreign(path: str) -> bool:
    """Another project's code (vendored) or a generator's output (everywhere.is_generated, a schema or an API
    listing aside: those are often written by hand, `context/schema.json`)."""
    return vendored(path) or (is_generated(path) and not _LISTING.search(path.lower()))


def _is_prose(line: str) -> bool:
    """A line of words (a docstring's, a comment block's): four words or more and no code punctuation."""
    return not _CODE.search(line) and len(line.split()) >= 4
