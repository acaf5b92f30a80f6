"""Pure: one changed file's evidence for one criterion (for summary/evidence.py): what the terms that set the
criterion apart weigh on the file's lines (summary/evidence_match.py finds the lines of each), ENOUGH at least, the
terms everywhere in the change adding TOPIC of their weight to its rank only; weak terms count together only on one
line; a file name holding one of its phrases adds NAME_BONUS, never standing alone. Its lines: those of the strong
terms, else those of the weak ones. A test writing its one telling term on one line that asserts nothing (an import,
a setup's argument, a fixture's constant), in a change writing code beside its tests, uses it in passing: never
evidence alone, as a test's weak words on one line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from doc_context.change.index import DiffIndex, FileWords, Side
from doc_context.change.model import FileEvidence
from doc_context.relevance.assertions import tests_of
from doc_context.relevance.criterion_terms import COMMON, CriterionTerms, Term
from doc_context.relevance.everywhere import EVERYWHERE, Everywhere
from doc_context.relevance.file_kinds import is_doc, is_generated, is_test, shows_api, the_sample_said
from doc_context.relevance.language import is_import, language_word
from doc_context.relevance.units import said_by
from doc_context.relevance.words import parts
from doc_context.summary.evidence_claims import claimed, neighbours, off_names
from doc_context.summary.evidence_doubles import tooled
from doc_context.summary.evidence_match import lines_for
from doc_context.summary.evidence_prose import echo_label
from doc_context.summary.evidence_stale import stale
from doc_context.summary.evidence_weights import carried, pasted, shortest, together

ENOUGH = 2.0
TOPIC = 0.5  # what a term that is everywhere weighs, of its weight, in a file's rank (never towards ENOUGH)
NAME_BONUS = 1.5
_ASSIGNED = re.compile(  # `got, err :=`, `var parsed =`, `Duration parsed =`: words apart by single runs of space
    r"^\s*+([\w,<>\[\]?.]++(?:\s++[\w,<>\[\]?.]++)*+)\s*+:?=(?!=)"
)  # possessive: a line with no `=` fails in linear time (review 16 F1: three overlapping spaces were cubic)
_BRANCHES = re.compile(r"\s*(?:if|unless)\b")  # Go's check: `if got != want {`
ACT_REACH = 3  # lines after an act that may check its result
_CHECKS = re.compile(  # a test's line checking, or naming a test (`def test_...`, `it("...`): what it tests
    r"(?i)\b(?:assert|expect|should|require\.|verify\b|must\b|it\s*\(|describe\s*\()"
    # a test defined or called (`def test_x`, `func TestX(`, `test("...`, `@Test`, `[TestMethod]`), never a word
    # in a path or a name (`org.acme.testing`, `testLedger`: review 16 F2)
    r"|\bdef\s+test|(?<![\w./:-])test\w*\s*[(\"']|[@\[]test\w*"
)


def _word(word: str) -> Term:
    return Term("word", (word,), 1, word)


def _about(terms: CriterionTerms) -> frozenset[str]:
    """The words of a criterion's terms that are no language's syntax: what a span of keywords (`import static`, a
    Term.syntax) is about ("Use `import static` for Assertions"); a line writing the syntax without them writes it
    for other code. None when it names no syntax."""
    if not any(t.syntax for t in terms.terms):
        return frozenset()
    return frozenset(
        w
        for t in terms.terms
        if not t.syntax
        for w in (parts(t.parts[0]) if t.kind == "quoted" else t.parts)
        if not language_word(w)
    )


def read_sides(terms: CriterionTerms, term: Term | None = None) -> tuple[Side, ...]:
    """The sides a criterion's terms (or one term of it) are read on: the deleted lines too when it removes something,
    or moves or replaces the code the term names ("Moved `SessionStore`", "Replace `React.SFC`": where it was; never
    "a card can be moved": a feature's verb). Replaced code counts on the deleted lines rewritten in place (in_file)."""
    deleted = terms.removal or ((terms.moving or terms.replacing) and (term is None or term.named))
    return ("added", "deleted") if deleted else ("added",)


@dataclass(frozen=True)
class Scored:
    apart: float  # what the terms that set the criterion apart weigh in the file (ENOUGH at least)
    score: float  # with the terms everywhere, at TOPIC
    evidence: FileEvidence  # its terms: those that set it apart, strongest first
    labels: tuple[str, ...]  # every term found
    by_words: bool = False  # never evidence alone: a generated file, one showing the API (a sample), or a test
    # that is evidence only through weak words on one line


def in_file(
    index: DiffIndex,
    file_no: int,
    terms: CriterionTerms,
    own: Sequence[Sequence[str]],
    everywhere: Everywhere,
    doubles: frozenset[str] = frozenset(),
) -> Scored | None:
    """A file's evidence, or None when the terms that set the criterion apart do not weigh ENOUGH on its lines
    (a file name holding one of its phrases helps them, it never stands for them)."""
    f = index.diff.files[file_no]
    sides = [index.file_words(side, file_no) for side in read_sides(terms)]
    copied = [pasted(lines, own) if is_doc(f.path) else set() for lines in sides]
    apart, rest, labels = 0.0, 0.0, list[str]()
    telling: list[tuple[float, str, frozenset[str]]] = []  # what sets it apart: weight, label, its own words
    strong: list[set[int]] = [set(), set()]  # line indexes, added and deleted, of telling terms enough alone
    weak: list[set[int]] = [set(), set()]
    near: list[tuple[float, set[tuple[int, int]]]] = []  # each weak telling term's weight and where it is
    said = {w for t in terms.terms if t.kind == "value" and t.unit for w in said_by(t.unit)}  # the words of the
    # phrases and identifiers found add nothing alone, nor a value's unit's ("30 seconds": not `within_seconds`)
    others = neighbours(everywhere.sibling_labels, terms)  # code the story's other criteria name: their lines
    about = _about(terms)  # the words of what the criterion names beside a language's syntax (`import static`)
    for term in terms.terms:
        if (term.kind == "word" and term.parts[0] in said) or (term.kind == "prose" and apart >= ENOUGH):
            continue  # a found phrase's word adds nothing alone; an echo, nothing to a file already evidence
        weight, where = 0.0, set()
        hits: list[set[int]] = [set(), set()]
        level = everywhere(term)
        looked = replace(term, joined=True) if term.kind == "phrase" and everywhere.partly(term) else term
        weights = [0.0, 0.0]
        for n, lines in enumerate(sides[: len(read_sides(terms, term))]):
            spans = [(new if n == 0 else old, scope) for old, new, scope in f.spans]  # this side's numbers
            leads = [(new if n == 0 else old, lead) for old, new, lead in f.leads]
            hit, weights[n] = lines_for(looked, lines, f.path, spans, leads)
            hits[n] = hit - copied[n] - stale(index, file_no, term, hit, "added" if n == 0 else "deleted")
            hits[n] -= claimed(lines, hits[n], others, term, f.path)
            if n == 1 and terms.replacing and not (terms.removal or terms.moving):  # replaced where it stood
                hits[n] &= index.rewritten(file_no)
            if term.label in doubles and is_test(f.path):  # a test's fake of it or its tool (an assertion, a
                hits[n] -= {i for i in hits[n] if tooled(lines.texts[i], term.label, f.path, f.scopes)}  # matcher)
            if term.syntax:  # `import static` for Assertions: on the line writing what it is about
                hits[n] = {i for i in hits[n] if about.intersection(lines.words[i])}
        inside = everywhere.in_siblings_names(term)  # a part of a neighbour's code: its subject on its lines only
        if inside and (off := off_names(sides, hits, inside)):
            hits, level = off, everywhere(term, off_names=True)
        for n, lines in enumerate(sides):
            if hits[n] and weights[n]:
                weight = max(weight, weights[n])
                where |= {(n, lines.numbers[i]) for i in hits[n]}
        if not weight:
            continue
        term = replace(term, label=echo_label(sides[0], hits[0], term, f.path)) if term.kind == "prose" else term
        labels.append(term.label)
        if level == EVERYWHERE:
            rest += TOPIC * weight
            continue
        if term.kind in ("phrase", "ident"):
            said.update(term.parts)
        weight *= level.share
        if level.apart:
            own_words = frozenset(w for w in term.parts if w not in COMMON and not everywhere.partly(_word(w)))
            own_words |= said_by(term.unit) if term.unit else set()  # "30 seconds" says "second"
            telling.append((weight - (TOPIC if own_words != set(term.parts) else 0), term.label, own_words))
        for n, lines_hit in enumerate(hits):
            (strong if weight >= ENOUGH else weak)[n].update(lines_hit)
        if weight >= ENOUGH:
            apart += weight
        else:
            near.append((weight, where))
    apart += (words := together(near, f.path))
    phrases = [t for t in terms.terms if t.kind == "phrase" and everywhere(t).apart] + list(terms.common_pairs)
    phrases = [t for t in phrases if not set(t.parts) <= everywhere.change.own]  # src/doc_context/: every file
    named = carried(f.path, phrases) if labels else None
    if named is not None:  # confirmation_email.py, changing the lines of the payments it lists
        apart += NAME_BONUS + rest
        telling.append((NAME_BONUS, named.label, frozenset(w for w in named.parts if w not in COMMON)))
    if apart < ENOUGH or not telling:  # what the whole change or work item is about tells nothing of it
        return None
    chosen = strong if strong[0] or strong[1] else weak
    removed = sides[1] if len(sides) > 1 else None
    evidence = FileEvidence(
        f.path,
        tuple(sorted(sides[0].numbers[i] for i in chosen[0])),
        tuple(sorted(removed.numbers[i] for i in chosen[1])) if removed is not None else (),
        shortest(telling),
    )
    passing = is_test(f.path) and not shows_api(f.path) and everywhere.change.writes_code  # a test beside code: a
    passing = passing and _in_passing(sides, chosen, telling, f.path)  # name on one line checking nothing: in passing
    by_words = (  # generated, or showing the API (a sample, an API report) beside code that does not: never alone
        is_generated(f.path)
        or (shows_api(f.path) and not everywhere.change.only_shows_api and not the_sample_said(f.path, terms.samples))
        or (is_test(f.path) and apart - words < ENOUGH)
        or passing
    )
    return Scored(apart, apart + rest, evidence, tuple(labels), by_words)


def _in_passing(
    sides: Sequence[FileWords], chosen: Sequence[set[int]], telling: Sequence[tuple[float, str, object]], path: str
) -> bool:
    """Whether a test's evidence is one telling term on one line that checks nothing (no assertion, expectation or
    verification on it) and names no test: a name the test uses in passing (`import ...EqualsVerifier;`,
    `CHECKER_CLASS = FormatChecker`)."""
    at = [(sides[n].texts, i) for n, found in enumerate(chosen[: len(sides)]) for i in found]
    if len(telling) != 1 or len(at) != 1:
        return False
    if any(tests_of(piece, path) for piece in re.findall(r"\w+", telling[0][1])):  # a test named for it is about it
        return False
    texts, i = at[0]
    return is_import(texts[i]) or (not _CHECKS.search(texts[i]) and not _acts(texts, i))  # an import checks nothing


def _acts(texts: Sequence[str], i: int) -> bool:
    """Whether the line is a test's act (Arrange-Act-Assert): it keeps a result the next lines check (`got, err :=
    ParseDuration("3d")`, then `if got != want {`; `parsed = Duration.parse('3d')`, then `expect(parsed)`): the
    code it calls is what the test tests (review 15 F4), never named in passing."""
    kept = _ASSIGNED.match(texts[i])
    if kept is None:
        return False
    names = set(re.findall(r"\w+", kept.group(1)))
    return any(
        (_CHECKS.search(line) or _BRANCHES.match(line)) and names & set(re.findall(r"\w+", line))
        for line in texts[i + 1 : i + 1 + ACT_REACH]
    )
