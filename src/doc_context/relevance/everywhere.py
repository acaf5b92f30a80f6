"""Pure: the one rule for what is everywhere in a change, so carries no weight on its own (summary/evidence.py needs a
term that sets the criterion apart): what the whole change is about, what the work item is about, and names.

- The change's words: a word in most of its changed lines (ChangeWide.LINE_SHARE), or in most of its code files
  (Topics); a phrase another of the pull request's work items says too.
- Its own names: the repository's and project's, the package its paths sit in (src/<pkg>/, the first directory
  that is not src, tests, lib, ...), the names most of its lines qualify others with (`attr.ib`, `Contoso.Billing`).
- The work item's topic: its title's words, and the words most of its criteria share (item_topic).

Which files are tests, documentation or configuration: relevance/file_kinds.py.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import NamedTuple

from doc_context.change.index import DiffIndex
from doc_context.relevance.criterion_terms import COMMON, WEAK, Term, criterion_terms
from doc_context.relevance.file_kinds import is_config, is_doc, is_test, shows_api
from doc_context.relevance.names import qualified
from doc_context.relevance.words import PATH_NOISE, parts

TOPIC_SHARE, TOPIC_FILES = 0.5, 3  # "most": half of the code files with added lines, and at least three
LINE_SHARE, MIN_LINES, MAX_LINES = 0.5, 3, 5_000  # more than half of the lines with words; beyond MAX_LINES
# changed lines, most of the code files stands for most of the lines
PREFIX_SHARE = 0.4  # a name qualifying others (name.x) on this share of the lines is the change's own
ITEM_SHARE, MIN_CRITERIA = 0.5, 3  # words that half of a work item's criteria (three or more) say: its topic


class Level(NamedTuple):
    """What a term weighs of its weight towards ENOUGH, and whether it can set the criterion apart."""

    share: float
    apart: bool


APART = Level(1.0, True)
SHARED = Level(0.5, True)  # another criterion of the work item has it too: it sets this one apart from the rest
TOPIC = Level(0.5, False)
EVERYWHERE = Level(0.0, False)
_NOT_PACKAGES = PATH_NOISE | frozenset("com org net io dev resourc kotlin scala test tests spec specs".split())
_CONTAINERS = frozenset("packag plugin servic crat".split())  # a monorepo's packages/: its packages are below
_QUALIFIER = re.compile(r"(?<![\w.])([A-Za-z_][A-Za-z0-9_]*)\.(?=[A-Za-z_])")
_IMPORT = re.compile(r"\s*(?:from|import|using|package|namespace)\s+(?:static\s+)?([A-Za-z_][\w.]*)")
_JOINTS = re.compile(r"[A-Za-z0-9][_-][A-Za-z0-9]")  # snake_case, kebab-case: a name spelled as code
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

    def everywhere(self, word: str) -> bool:
        """The one rule for a word alone: everywhere (word), or in most of the change's code files (TOPIC_SHARE of
        them, TOPIC_FILES at least), as the pages' passages read the change."""
        if self.word(word):
            return True
        n = self._files[word]
        return n >= TOPIC_FILES and n >= TOPIC_SHARE * len(self.topics.code)

    @cached_property
    def shows_api(self) -> bool:
        """Whether every code file of the change (not its tests, docs or settings) shows the API (file_kinds.shows_api):
        an example's change, its changelog entry beside it."""
        code = [f.path for f in self.index.diff.files if f.added and not (is_test(f.path) or is_doc(f.path))]
        shown = [shows_api(path) for path in code if not is_config(path)]
        return bool(shown) and all(shown)

    @cached_property
    def _files(self) -> Counter[str]:
        """In how many code files with added lines each word is (read from the index's tokens, not line by line)."""
        return Counter(w for n in self.topics.code for w in self.index.file_vocabulary("added", n))


class Everywhere:
    """How far one criterion's term is everywhere: EVERYWHERE when all its uncommon words are the change's or the
    work item's (`topic`; code it names of several words, only when half the item's criteria name it, else SHARED);
    TOPIC when it is in most of the code files (Topics) or, a phrase, said by another work item (`elsewhere`): it
    weighs half and never alone; else APART, a term that can set the criterion apart."""

    def __init__(
        self,
        change: ChangeWide,
        topic: frozenset[str],
        elsewhere: Sequence[str],
        siblings: Sequence[str] = (),
        title: str = "",
    ) -> None:
        self.change, self.topic = change, topic
        self.elsewhere = [tuple(parts(text)) for text in elsewhere]
        terms = [t for text in siblings for t in criterion_terms(text).terms]
        self.siblings = frozenset((t.kind, t.parts) for t in terms)
        self.sibling_names = [q for t in terms if t.kind == "ident" and t.named and (q := _qualified(t.label))]
        self.sibling_labels = tuple(dict.fromkeys(t.label for t in terms if t.kind == "ident" and t.named))
        self.sibling_runs = {t.parts: t.label for t in terms if t.kind == "ident" and t.named and len(t.parts) > 1}
        self._sayings = [*siblings, title] if title else list(siblings)  # the item's others, as item_topic reads it

    def __call__(self, term: Term, *, off_names: bool = False) -> Level:
        """The term's level; `off_names`: on lines that write none of the neighbours' names it is a part of."""
        said = parts(term.parts[0]) if term.kind == "quoted" else []
        if said and all(w in self.change.own for w in said):
            return EVERYWHERE  # `attr.s`, where the package is attr
        if term.kind not in ("word", "phrase", "ident"):
            return SHARED if (term.kind, term.parts) in self.siblings else APART
        uncommon = [w for w in term.parts if w not in COMMON] or list(term.parts)
        if term.kind == "ident":  # code the criterion writes is everywhere only when it is names and topic
            named = list(term.parts) if _spelled_as_code(term, self.change.own) else uncommon  # `required_providers`
            if all(w in self.change.own for w in named) or "".join(term.parts) in self.change.own:
                return EVERYWHERE  # GitHub, where the package is get-github-info
            if all(w in self.topic or w in self.change.own for w in named):
                return EVERYWHERE if self._item_names(term.parts) else SHARED  # `ArrayHelpers`, named by half
            return SHARED if (term.kind, term.parts) in self.siblings or self._named_by_a_sibling(term) else APART
        if all(w in self.topic or self.change.word(w) for w in uncommon):
            return EVERYWHERE
        if term.kind == "phrase" and len([w for w in uncommon if w not in self.change.names]) < len(uncommon) <= 2:
            return EVERYWHERE  # "Orbit shipments": OrbitShipment, where every name starts with Orbit, is a shipment
        if not self.change.small and self.change.topics(term):  # too many lines to count: most code files
            return TOPIC
        if not off_names and self.in_siblings_names(term):
            return TOPIC  # "legacy parameter tokens" beside `SupportLegacyParameterTokens`: the story's subject
        if self._said_by_a_sibling(term):
            return SHARED
        n = len(term.parts)
        if term.kind == "phrase" and any(
            words[i : i + n] in (term.parts, term.parts[::-1]) for words in self.elsewhere for i in range(len(words))
        ):
            return TOPIC
        return APART

    def _item_names(self, run: tuple[str, ...]) -> bool:
        """Whether half the item's sayings (its criteria and its title, three or more, this criterion among them, as
        item_topic counts them) name the code, its words in a row: a name of several words is the item's topic only
        so, never for its words said apart (`getConnectorClient` in a story whose every criterion speaks of
        connectors and clients)."""
        if len(run) < 2:
            return True
        said = 1 + sum(_within(run, words) for words in self._said)
        return 1 + len(self._said) >= MIN_CRITERIA and said >= ITEM_SHARE * (1 + len(self._said))

    @cached_property
    def _said(self) -> list[tuple[str, ...]]:
        """What the item's other criteria and its title say, word by word (read only for a name of the topic's
        words)."""
        return [tuple(parts(text)) for text in self._sayings]

    def _said_by_a_sibling(self, term: Term) -> bool:
        """Whether another criterion of the work item has the term too: it sets neither apart."""
        return any((kind, run) in self.siblings for kind in ("word", "phrase", "ident") for run in _runs(term))

    def in_siblings_names(self, term: Term) -> tuple[str, ...]:
        """The code other criteria name of which a phrase or a word of the prose names a part, less than all of it
        ("legacy parameter tokens" beside `SupportLegacyParameterTokens`): that code is the other one's, and the
        story's subject: on a line writing it, the term never sets this criterion apart; elsewhere ("retry attempt"
        in a log line, beside `MaxRetryAttempts`) it is the term it is (summary/evidence_claims.off_names)."""
        if term.kind not in ("word", "phrase"):
            return ()
        return tuple(
            label
            for name, label in self.sibling_runs.items()
            if any(len(run) < len(name) and _within(run, name) for run in _runs(term))
        )

    def _named_by_a_sibling(self, term: Term) -> bool:
        """Whether another criterion names the same code, whole or as a part of its qualified name (`NavigationManager`
        beside `NavigationManager.NavigateTo`): the story's topic, not this criterion's."""
        mine = _qualified(term.label)
        return bool(mine) and term.named and any(_within(mine, n) for n in self.sibling_names)

    def partly(self, term: Term) -> bool:
        """Whether some of a phrase's words are everywhere: "captured amount" where every line has an amount
        counts as one identifier only (captured_amount), as a phrase with a common word does."""
        return any(w in self.topic or self.change.word(w) for w in term.parts if w not in COMMON)


def _spelled_as_code(term: Term, own: frozenset[str]) -> bool:
    """Whether named code is spelled as code only (`_` or `-` joints: `required_providers`, `max-sessions`), never as a
    product's name in prose (GitHub, ApplicationInsights), and none of its words the project's own: its common words are
    part of the name too, so it is the topic only when all its words are."""
    return term.named and len(term.parts) > 1 and _JOINTS.search(term.label) is not None and own.isdisjoint(term.parts)


def _within(part: tuple[str, ...], name: tuple[str, ...]) -> bool:
    return any(name[i : i + len(part)] == part for i in range(len(name) - len(part) + 1))


def _qualified(label: str) -> tuple[str, ...]:
    return tuple(p.lower() for p in qualified(label))


def _runs(term: Term) -> list[tuple[str, ...]]:
    return [term.parts, term.parts[::-1]] if term.kind == "phrase" else [term.parts]


def item_topic(criteria: Sequence[str], title: str = "") -> frozenset[str]:
    """What a work item is about: the words that half or more of its criteria and its title say (three or more
    of them): "refund" in a story's title "Partial refunds follow the refund policy" and its criteria."""
    said = [frozenset(parts(c)) for c in criteria] + ([frozenset(parts(title))] if title else [])
    counts = Counter(w for words in said for w in words)
    return frozenset(w for w, n in counts.items() if len(said) >= MIN_CRITERIA and n >= ITEM_SHARE * len(said))


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
