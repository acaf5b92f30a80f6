"""Pure: what is everywhere in one pull request's change, so carries no weight on its own (relevance/everywhere.py
weighs a criterion's terms with it): its words and its own names.

- Its words: a word in most of its changed lines (LINE_SHARE), or in most of its code files (Topics); a term's words
  that one name it defines holds are its subject instead (`SortPluginPaths`, `pendingWriteRequests`: subject).
- Its own names: the repository's and project's, the package its paths sit in (src/<pkg>/, the first directory
  that is not src, tests, lib, ...), the names most of its lines qualify others with (`attr.ib`, `Contoso.Billing`).

Which files are tests, documentation or configuration: relevance/file_kinds.py.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import cached_property

from doc_context.change.index import DiffIndex
from doc_context.relevance.criterion_terms import WEAK, Term
from doc_context.relevance.definitions import declared, defined
from doc_context.relevance.file_kinds import is_config, is_doc, is_test, shows_api
from doc_context.relevance.words import PATH_NOISE, parts

TOPIC_SHARE, TOPIC_FILES = 0.5, 3  # "most": half of the code files with added lines, and at least three
LINE_SHARE, MIN_LINES, MAX_LINES = 0.5, 3, 5_000  # more than half of the lines with words; beyond MAX_LINES
# changed lines, most of the code files stands for most of the lines
DEFINING = 200  # the most characters of a line read for the name it defines (longer: minified, data, prose)
PREFIX_SHARE = 0.4  # a name qualifying others (name.x) on this share of the lines is the change's own
_NOT_PACKAGES = PATH_NOISE | frozenset("com org net io dev resourc kotlin scala test tests spec specs".split())
_CONTAINERS = frozenset("packag plugin servic crat".split())  # a monorepo's packages/: its packages are below
_QUALIFIER = re.compile(r"(?<![\w.])([A-Za-z_][A-Za-z0-9_]*)\.(?=[A-Za-z_])")
_IMPORT = re.compile(r"\s*(?:from|import|using|package|namespace)\s+(?:static\s+)?([A-Za-z_][\w.]*)")
_NOISE = frozenset("self this cls super def return els import from class new var let const public private".split())


class Topics:
    """Whether a word or phrase is in most of the code files with added lines: what the whole change is about.
    (Documentation is left out of the count: it mentions everything the change does, and pasted criteria.)"""

    def __init__(self, index: DiffIndex) -> None:
        self.index = index
        self.code = frozenset(n for n, f in enumerate(index.diff.files) if len(f.added) and not is_doc(f.path))
        self._known: dict[tuple[str, ...], bool] = {}

    def __call__(self, term: Term) -> bool:
        if term.kind not in ("word", "phrase"):
            return False
        words = term.parts
        if words not in self._known:
            if len(words) > 1 and all(self(Term("word", (w,), WEAK, w)) for w in words):
                self._known[words] = True  # "retry in the payments", where every file retries payments
            else:
                used = len(self.code.intersection(self.index.candidates("added", words)))
                self._known[words] = used >= TOPIC_FILES and used >= TOPIC_SHARE * len(self.code)
        return self._known[words]


class ChangeWide:
    """The words everywhere in one pull request's change: in most of its changed lines or code files, or its own
    names (`names`: the repository's and the project's, as the run knows them)."""

    def __init__(self, index: DiffIndex, names: Iterable[str] = ()) -> None:
        self.index = index
        self.topics = Topics(index)
        self.names = frozenset(w for name in names for w in parts(name))  # and the names most lines qualify with
        self.spelled = frozenset(squashed(name) for name in names)  # as written: equalsverifier's `EqualsVerifier`
        small = self.small = sum(len(f.added) for f in index.diff.files) <= MAX_LINES
        lines = [
            frozenset(words) - _NOISE
            for n, f in enumerate(index.diff.files)
            if small and len(f.added)
            for words in index.file_words("added", n).words
        ]
        lines = [w for w in lines if w]
        self._lines = Counter(w for words in lines for w in words) if len(lines) >= MIN_LINES else Counter()
        self._worded = len(lines)
        qualifiers = _qualifiers(index) if len(lines) >= MIN_LINES else Counter()
        self.names |= {w for w, n in qualifiers.items() if n >= PREFIX_SHARE * len(lines)}
        self.own = self.names | package_names((f.path for f in index.diff.files), qualifiers)

    def word(self, word: str) -> bool:
        """Whether a word is everywhere in the change: its own name, or in most of its lines (counted in a
        change of up to MAX_LINES added lines)."""
        if word in self.own:
            return True
        return self._lines[word] > LINE_SHARE * self._worded > 0

    def subject(self, words: Iterable[str], topic: frozenset[str] = frozenset()) -> frozenset[str]:
        """Of one criterion's words, those in most of the change's lines when one name the change defines holds all
        its words that are everywhere (the work item's `topic` too; its own names, everywhere in any change of the
        project, aside): a change of one purpose writes its subject on most lines ("runtime plugins" in a change
        defining `SortPluginPaths`; "pending write requests" beside `pendingWriteRequests: promauto.With(`), which
        is no everyday word of it. Words the change only uses, or that no one name it defines holds together ("dark
        theme" beside `useDarkMode` and `ThemeToggle`), stay everywhere: empty."""
        wide = frozenset(w for w in words if (w in topic or self.word(w)) and w not in self.own)
        found = wide - topic
        if not found or not any(wide <= name for name in self.defined):
            return frozenset()
        return found

    @cached_property
    def defined(self) -> frozenset[frozenset[str]]:
        """The words of each name the change's added lines define (relevance/definitions.defined: a function, a type,
        a property, an object's or a hash's member; definitions.declared: a local variable; a one-letter name aside),
        documentation aside; read once, when a word in most of the lines is asked."""
        return frozenset(
            frozenset(parts(name))
            for f in self.index.diff.files
            if len(f.added) and not is_doc(f.path)
            for line in f.added.split()
            if len(line) <= DEFINING and len(name := defined(line) or declared(line) or "") > 1
        )

    def everywhere(self, word: str) -> bool:
        """The one rule for a word alone: everywhere (word), or in most of the change's code files (Topics: TOPIC_SHARE
        of them, TOPIC_FILES at least, looked up in the index's words), as the pages' passages read the change."""
        return self.word(word) or self.topics(Term("word", (word,), WEAK, word))

    @cached_property
    def writes_code(self) -> bool:
        """Whether the change writes code beside its tests: a file neither a test, documentation nor settings, with a
        line added or deleted (a change of tests only is about what its tests say)."""
        files = self.index.diff.files
        return any(
            (f.added or f.deleted) and not (is_test(f.path) or is_doc(f.path) or is_config(f.path)) for f in files
        )

    @cached_property
    def only_shows_api(self) -> bool:
        """Whether the change only shows the API: every code file of it (not its tests, docs or settings) is a file
        showing it (file_kinds.shows_api, one path's reading): an example's change, its changelog entry beside it."""
        code = [f.path for f in self.index.diff.files if f.added and not (is_test(f.path) or is_doc(f.path))]
        shown = [shows_api(path) for path in code if not is_config(path)]
        return bool(shown) and all(shown)


def squashed(name: str) -> str:
    """A name as its letters and digits, casefolded: `EqualsVerifier`, equalsverifier and equals-verifier alike (their
    words read "equal" and "verifier": a plural's stem, where the repository's name is one word)."""
    return re.sub(r"[\W_]", "", name).casefold()


def package_names(paths: Iterable[str], qualifiers: Counter[str] | None = None) -> frozenset[str]:
    """The package most of the changed code files sit in: the first directory of each path that is not src,
    tests, lib, com, ... (src/refunds/policy.py, tests/refunds/test_policy.py: "refund"), shared by at least half
    of them (documentation and configuration sit beside the code: CHANGES/, docs/, config/); two of them, or one
    whose name the changed lines import or qualify others with twice or more (attr/_make.py: `import attr`,
    `attr.ib`), else a feature's folder is no package."""
    firsts = []
    for path in paths:
        if is_doc(path) or is_config(path):
            continue
        dirs = [d for d in path.strip("/").split("/")[:-1] if not set(parts(d)) <= _NOT_PACKAGES]
        firsts.append(dirs[0] if dirs else "")
        if len(dirs) > 1 and set(parts(dirs[0])) <= _CONTAINERS:  # packages/get-github-info/: that one too
            firsts.append(dirs[1])
    counts = Counter(d for first in firsts for d in _namespaces(first))
    said = qualifiers or Counter()
    found = set()
    for folder, n in counts.items():
        words = [w for w in parts(folder) if w not in _NOT_PACKAGES]
        if n >= 0.5 * len(firsts) and (n >= 2 or any(said[w] >= 2 for w in words)):
            found.update(words)
    return frozenset(found)


def _namespaces(folder: str) -> list[str]:
    """A folder named as a namespace (C#'s src/Acme.Billing/, test/Acme.Billing.Tests/; Java's org.acme.core/) is its
    namespace and each namespace it sits in: Acme, Acme.Billing, Acme.Billing.Tests."""
    names = folder.split(".") if folder else []
    return [".".join(names[:n]) for n in range(1, len(names) + 1)]


def _qualifiers(index: DiffIndex) -> Counter[str]:
    """On how many changed lines each name qualifies others (`attr.ib`, `Contoso.Billing`) or is imported
    (`import attr`, `from paydesk.refunds import`, `using Contoso.Billing`, `package com.orbit.shipping`)."""
    counts: Counter[str] = Counter()
    for f in index.diff.files:
        for line in f.added.split():
            named = [*_QUALIFIER.findall(line), *_imported(line)]
            counts.update({w for name in named for w in parts(name)} - _NOISE)
    return counts


def _imported(line: str) -> list[str]:
    """The first name of a module an import line names, past com, org, ...: "orbit" of `import com.orbit.x`."""
    found = _IMPORT.match(line)
    if found is None:
        return []
    return [next((p for p in found.group(1).split(".") if p.lower() not in _NOT_PACKAGES), "")]
