"""Pure: each acceptance criterion's evidence in the pull request: the changed files whose added or changed
lines carry its specific terms, with their line numbers. It points; it never says a criterion is met.

    finder = EvidenceFinder(gathered.diff_lines, gathered.changed_files)   # diff_lines None: the change unread
    evidence = finder.find("Orders over 500.00 get the loyalty discount", work_item=other_sentences)
    evidence.files[0].path, evidence.files[0].lines                          # "/src/loyalty.py", (12, 40)

A file is evidence when the terms its lines carry (criterion_terms) weigh at least ENOUGH: one strong term
(an identifier, a quoted string, a value with its unit, a phrase of two uncommon words, a file named) or
two weak ones (rare words, a bare two-digit number). A word or phrase in most of the pull request's files
is its topic, not this criterion's: it weighs half (TOPIC). A file whose name carries one of the
criterion's phrases (confirmation_email.py for "the confirmation e-mail") gains NAME_BONUS. When the
criterion names code (`FraudScreen`, payments.retry.max_attempts) only files showing that code count, and
none when the diff shows it nowhere: the criterion is about code this pull request does not change; a name only
documentation says (PayPal, in a page of the docs) is a word there, and holds no file to it. A criterion whose first
named code is a type the change writes nowhere (no line, path or kept unchanged line) is about other code: the names
it shares with the change (`oldValue`, the platform's exceptions) are no evidence (evidence_unwritten.py).
Documentation ranks after code (DOC): it mentions everything.

Only the diff's added lines count, never its unchanged context, never a file outside it; deleted lines
count only for a criterion about removing something; a documentation line repeating one of the work item's
own sentences (its criteria pasted into a changelog or a checklist) is no evidence. A struck-through
criterion gets none. When the change could not be read (diff None: no merge commit, no permission to read the
repository) the evidence is the changed files' names alone (basis "file names"): say NAMES_ONLY once where it
is shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import NamedTuple

from doc_context.change.model import Basis, Diff, Evidence, FileEvidence
from doc_context.models import ChangedFile
from doc_context.relevance.change import Change
from doc_context.relevance.components import component_file
from doc_context.relevance.criterion_terms import STRONG, CriterionTerms, Term, criterion_terms
from doc_context.relevance.definitions import in_definition
from doc_context.relevance.dependencies import manifest
from doc_context.relevance.everywhere import APART, Everywhere, item_topic
from doc_context.relevance.file_kinds import is_doc, is_test
from doc_context.relevance.folders import no_alternatives
from doc_context.relevance.language import symptom
from doc_context.relevance.name_files import command_file, member_of_file, names_file
from doc_context.relevance.packages import in_package
from doc_context.relevance.words import parts
from doc_context.summary.evidence_doubles import doubled
from doc_context.summary.evidence_file import ENOUGH, NAME_BONUS, Scored, in_file, read_sides
from doc_context.summary.evidence_lookups import halves, lookups
from doc_context.summary.evidence_named import begins, showing_most, symptoms_unwritten
from doc_context.summary.evidence_prose import may_echo, setting_apart
from doc_context.summary.evidence_story import yields_to_siblings
from doc_context.summary.evidence_unsaid import unsaid
from doc_context.summary.evidence_unwritten import unwritten_subject
from doc_context.summary.evidence_weights import ECHO_MIN_WORDS, labels_another_file, name_carries, names, plain
from doc_context.summary.evidence_within import alone, opened_by, written_above
from doc_context.summary.related import by_name

__all__ = ["NAMES_ONLY", "Evidence", "EvidenceFinder", "FileEvidence"]

DOC = 0.5  # what a documentation file's terms weigh in its rank, beside code: the docs mention everything
NAMES_ONLY = "Evidence is by file name only: the pull request's change could not be read (the run's log says why)."


class Reading(NamedTuple):
    """One criterion as find reads it: its text, struck or not, and its story's other sentences (the work item's, the
    pull request's other work items', its siblings: the work item's other criteria) and the work item's title."""

    criterion: str
    struck: bool
    work_item: Sequence[str]
    elsewhere: Sequence[str]
    siblings: Sequence[str]
    title: str

    @property
    def key(self) -> tuple[object, ...]:
        """What the reading depends on, its story's sentences as sets: a sibling read for evidence_story is the
        reading its own find makes."""
        return (
            self.criterion,
            self.struck,
            frozenset(self.work_item),
            tuple(self.elsewhere),
            frozenset(self.siblings),
            self.title,
        )

    def of_sibling(self, sibling: str) -> Reading:
        """A sibling's own reading: this criterion among its siblings, and among its work item's sentences."""
        others = [t for t in (self.criterion, *self.siblings) if t != sibling]
        item = [self.criterion, *(w for w in self.work_item if w != sibling)]
        return Reading(sibling, False, item, self.elsewhere, others, self.title)


class EvidenceFinder:
    """Evidence for any number of criteria against one pull request; the diff is indexed once. `names`: the
    repository's and the project's, words everywhere in its code that tell no criterion apart."""

    def __init__(
        self,
        diff: Diff | None,
        changed: Sequence[ChangedFile] = (),
        names: Sequence[str] = (),
        *,
        change: Change | None = None,
    ) -> None:
        change = change if change is not None else Change(diff, names)  # the run's one Change, when it has one
        self.basis: Basis = "diff" if change.diff is not None else "file names"
        self.index = change.index
        self.changed = tuple(changed)
        self._change = change.wide
        self._read: dict[tuple[object, ...], Evidence | tuple[list[Scored], CriterionTerms]] = {}  # a story's readings

    def find(
        self,
        criterion: str,
        *,
        struck: bool = False,
        work_item: Sequence[str] = (),
        elsewhere: Sequence[str] = (),
        siblings: Sequence[str] = (),
        title: str = "",
    ) -> Evidence:
        """The evidence for one criterion's text (markdown); none for a struck-through one. `work_item`: the
        work item's other sentences (its other criteria, its description), which pasted text is told by.
        `siblings` (the work item's other criteria) and its `title` say its topic, `elsewhere` what the pull
        request's other work items say: a term everywhere (relevance/everywhere.py) counts only beside one that sets
        this criterion apart, and the files are ranked by what sets it apart. A criterion resting only on a plain
        phrase in files a sibling says twice as much of has none (summary/evidence_story.py)."""
        reading = Reading(criterion, struck, work_item, elsewhere, siblings, title)
        found = self._read[reading.key] = self._found(reading)
        if isinstance(found, Evidence):
            return found
        ranked, terms = found

        if siblings and yields_to_siblings(ranked, terms, self._texts, lambda: self._siblings_found(reading)):
            return Evidence((), "diff")
        if self.index is not None and unsaid(criterion, terms, ranked, self.index):  # of other code (evidence_unsaid)
            return Evidence((), "diff")
        return Evidence(tuple(s.evidence for s in ranked), "diff")

    def _texts(self, scored: Scored) -> list[str]:
        """The added lines a file's evidence points at, as written."""
        assert self.index is not None
        n = next(i for i, f in enumerate(self.index.diff.files) if f.path == scored.evidence.path)
        words = self.index.file_words("added", n)
        at = {number: i for i, number in enumerate(words.numbers)}
        return [words.texts[at[k]] for k in scored.evidence.lines if k in at]

    def _siblings_found(self, reading: Reading) -> Iterator[list[Scored]]:
        """Each sibling's files, as find reads them (the criterion among its siblings), before evidence_story; one
        sibling at a time, read only while evidence_story asks."""
        for sibling in reading.siblings:
            theirs = reading.of_sibling(sibling)
            if theirs.key not in self._read:  # each criterion read once a story, not once for each of its siblings
                self._read[theirs.key] = self._found(theirs)
            found = self._read[theirs.key]
            if not isinstance(found, Evidence):
                yield found[0]

    def _found(self, reading: Reading) -> Evidence | tuple[list[Scored], CriterionTerms]:
        """find's files for one criterion, ranked, with its terms; an Evidence when it is decided without them."""
        criterion, struck, work_item, elsewhere, siblings, title = reading
        terms = no_alternatives(criterion_terms(criterion), self.index)  # "old/unsupported": no code named
        if struck or not terms.specific or (self.index and labels_another_file(criterion, self.index.diff.files)):
            return Evidence((), self.basis)
        if self.index is None:
            return Evidence(by_name(terms, criterion, self.changed), "file names")
        own = [w for w in (plain(s) for s in (criterion, *work_item)) if len(w) >= ECHO_MIN_WORDS]
        assert self._change is not None
        topic = item_topic([criterion, *siblings], title)
        everywhere = Everywhere(self._change, topic, elsewhere, siblings, title, criterion=criterion)
        terms = setting_apart(terms, lambda word: everywhere(word) == APART)  # an echo's telling words (evidence_prose)
        files = [self._files(term, terms) for term in terms.terms]
        files = symptoms_unwritten(self.index, terms.terms, files)  # `NullPointerException` when ...: no code
        doubles = doubled(self.index, terms, files)  # named code the change's code never writes (evidence_doubles)
        scored = [in_file(self.index, n, terms, own, everywhere, doubles) for n in self._candidates(terms, files)]
        found = [s for s in scored if s is not None]
        subject = unwritten_subject(self.index, criterion, terms)  # its subject's type, written nowhere: only where a
        found = [s for s in found if subject.intersection(s.labels)] if subject else found  # file reads it as code
        named = [t for t, f in zip(terms.terms, files, strict=True) if self._names_code(t, f)]
        if named:  # the code it names must show: all of it, where some file shows all (evidence_named.py)
            kept = showing_most(
                named, [(s.evidence, s.labels) for s in found], self.index, [not s.by_words for s in found]
            )
            found = [s for s, keep in zip(found, kept, strict=True) if keep]
        versions = [t.label for t in terms.terms if t.named and t.kind == "value"]
        if versions:  # `4.39` -> `4.40`: a version the criterion writes as code is what it is about; a file shows one
            found = [s for s in found if set(versions) & set(s.labels)]
        if terms.tests:  # "Unit tests cover each tier": what the tests say, not the code they test
            found = [s for s in found if is_test(s.evidence.path)]
        elif all(s.by_words for s in found):  # tests say many things in passing: with what else a change says
            found = []
        ranked = sorted(
            found, key=lambda s: (-s.apart * (DOC if is_doc(s.evidence.path) else 1), -s.score, s.evidence.path)
        )
        return ranked, terms

    @cached_property
    def _scopes(self) -> dict[int, list[tuple[str, ...]]]:
        """The words of the definitions each file's changes sit in or document, for files that have any."""
        assert self.index is not None
        files = self.index.diff.files
        return {n: [tuple(parts(scope)) for scope in f.scopes] for n, f in enumerate(files) if f.scopes}

    @cached_property
    def _paths(self) -> list[tuple[int, str]]:
        """Each changed file's number and path."""
        assert self.index is not None
        return list(enumerate(f.path for f in self.index.diff.files))

    def _files(self, term: Term, terms: CriterionTerms) -> set[int]:
        """The files whose words could carry the term, and those a name is (its type's, a definition it changes)."""
        assert self.index is not None
        files: set[int] = set()
        for side in read_sides(terms, term):
            for needed in lookups(term):
                files.update(self.index.candidates(side, needed))
        if term.kind == "prose":  # a sentence of the change saying it (evidence_prose.py)
            return set().union(*(may_echo(self.index, side, term) for side in read_sides(terms, term)))
        paths = self._paths
        if term.kind == "path":
            files.update(n for n, path in paths if names(path, term.parts[0]))
        if term.kind in ("quoted", "command"):  # `changeset tag`, "the tag command": commands/tag/
            files.update(n for n, path in paths if command_file(term.label, path))
        if term.kind == "component":  # "the savehar addon": addons/savehar.py
            files.update(n for n, path in paths if component_file(term.parts[0], term.parts[1], path))
        if term.kind == "ident" and term.named:  # the file the name is, or its type's
            files.update(n for n, path in paths if names_file(term.label, path))
            files.update(n for n, path in paths if member_of_file(term.label, path))
            files.update(n for n, path in paths if begins(term.label, path))
            files.update(n for n, scopes in self._scopes.items() if any(in_definition(w, term) for w in scopes))
            files.update(n for n, path in paths if in_package(term.label, path))  # shown there, weighing nothing
            if alone(term.label):  # a run right under its signature (evidence_within.inside)
                files.update(n for n, f in enumerate(self.index.diff.files) if opened_by(f, term.label))
            if len(term.parts) > 1:  # a run sitting in an unchanged line writing it (evidence_within.sits_in)
                files.update(n for n, f in enumerate(self.index.diff.files) if written_above(f, term.label))
        return files

    def _names_code(self, term: Term, files: set[int]) -> bool:
        """Whether the term is code the evidence must show: a name, but not one only documentation says (PayPal in a
        guide: a word there), nor an exception named as the bug and written nowhere (relevance/language.symptom)."""
        assert self.index is not None
        docs_only = bool(files) and all(is_doc(self.index.diff.files[n].path) for n in files)
        return term.named and term.kind == "ident" and not docs_only and bool(files or not symptom(term.label))

    def _joining(self, term: Term, terms: CriterionTerms) -> frozenset[int]:
        """The files writing a word run together as an identifier joining its halves ("heartbeat": `heartBeat`), read
        once a term, not once a file (review 10: both halves anywhere, a sorted list a file, was quadratic)."""
        assert self.index is not None
        return frozenset(
            n for side in read_sides(terms, term) for half in halves(term) for n in self.index.files_joining(side, half)
        )

    def _most(self, term: Term, file_no: int, terms: CriterionTerms, joining: frozenset[int]) -> float:
        """The most a term can weigh in a file: a value nothing where its unit cannot be; a word run together a
        name's weight where the file uses its halves (`joining`)."""
        assert self.index is not None
        if term.kind == "ident" and manifest(self.index.diff.files[file_no].path):
            return max(term.weight, STRONG)  # the package a manifest's line declares (evidence_match.lines_for)
        if term.kind == "platform":  # a fault's release: strong on the line declaring it (evidence_match.lines_for)
            return max(term.weight, STRONG)
        if file_no in joining:  # a word run together: a name, where an identifier joins its halves
            return max(term.weight, STRONG)
        if term.kind != "value" or not term.unit:
            return term.weight
        if any(self.index.unit_in(side, file_no, term.parts[0], term.unit) for side in read_sides(terms, term)):
            return term.weight
        return 0.0  # a value with a unit needs its unit

    def _candidates(self, terms: CriterionTerms, term_files: Sequence[set[int]]) -> list[int]:
        """The files worth reading line by line: those whose words could weigh ENOUGH (each term counted at its
        full weight wherever the file uses its words), showing the code the criterion names, if it names any."""
        assert self.index is not None
        bound: dict[int, float] = {}
        named: set[int] | None = None
        for term, files in zip(terms.terms, term_files, strict=True):
            joining = self._joining(term, terms) if term.kind == "word" else frozenset()
            for n in files:
                bound[n] = bound.get(n, 0.0) + self._most(term, n, terms, joining)
            if self._names_code(term, files):
                named = files if named is None else named | files
        phrases = [t for t in terms.terms if t.kind == "phrase"]
        for n in bound:
            if bound[n] < ENOUGH and name_carries(self.index.diff.files[n].path, phrases):
                bound[n] += NAME_BONUS
        return sorted(n for n, most in bound.items() if most >= ENOUGH and (named is None or n in named))
