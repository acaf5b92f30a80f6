"""Pure: each acceptance criterion's evidence in the pull request: the changed files whose added or changed
lines carry its specific terms, with their line numbers. It points; it never says a criterion is met.

    finder = EvidenceFinder(parse_diff(gathered.diff), gathered.changed_files)   # diff None: no checkout
    evidence = finder.find("Orders over 500.00 get the loyalty discount", work_item=other_sentences)
    evidence.files[0].path, evidence.files[0].lines                          # "/src/loyalty.py", (12, 40)

A file is evidence when the terms its lines carry (criterion_terms) weigh at least ENOUGH: one strong term
(an identifier, a quoted string, a value with its unit, a phrase of two uncommon words, a file named) or
two weak ones (rare words, a bare two-digit number). A word or phrase in most of the pull request's files
is its topic, not this criterion's: it weighs half (TOPIC). A file whose name carries one of the
criterion's phrases (confirmation_email.py for "the confirmation e-mail") gains NAME_BONUS. When the
criterion names code (`FraudScreen`, payments.retry.max_attempts) only files showing that code count, and
none when the diff shows it nowhere: the criterion is about code this pull request does not change.

Only the diff's added lines count, never its unchanged context, never a file outside it; deleted lines
count only for a criterion about removing something; a documentation line repeating one of the work item's
own sentences (its criteria pasted into a changelog or a checklist) is no evidence. A struck-through
criterion gets none. Without a checkout (diff None) the evidence is the changed files' names alone (basis
"file names"): say NAMES_ONLY once where it is shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.changes import Basis, Diff, DiffFile, Evidence, FileEvidence
from doc_context.models import ChangedFile
from doc_context.summary.criterion_terms import COMMON, WEAK, CriterionTerms, Term, criterion_terms, number, parts
from doc_context.summary.diffindex import DiffIndex, FileWords, Side
from doc_context.summary.evidence_topics import Shared, Topics, is_config, is_doc
from doc_context.summary.related import related_files
from doc_context.summary.tokens import path_tokens

__all__ = ["NAMES_ONLY", "Evidence", "EvidenceFinder", "FileEvidence"]

ENOUGH = 2.0
TOPIC = 0.5  # what a word or phrase in most of the changed files weighs, of its weight
NAME_BONUS = 1.5
NEAR = 1  # lines apart at most, weak terms that count together: one line and the next
ECHO_SHARE, ECHO_MIN_WORDS = 0.9, 4  # of a work item sentence's words, in its order, on one documentation line
NAMES_ONLY = "Evidence is by file name only: this build had no checkout of the pull request to read its diff from."


class EvidenceFinder:
    """Evidence for any number of criteria against one pull request; the diff is indexed once."""

    def __init__(self, diff: Diff | None, changed: Sequence[ChangedFile] = ()) -> None:
        self.basis: Basis = "diff" if diff is not None else "file names"
        self.index = DiffIndex(diff) if diff is not None else None
        self.changed = tuple(changed)
        self._topics = Topics(self.index) if self.index is not None else None

    def find(
        self, criterion: str, *, struck: bool = False, work_item: Sequence[str] = (), elsewhere: Sequence[str] = ()
    ) -> Evidence:
        """The evidence for one criterion's text (markdown); none for a struck-through one. `work_item`: the
        work item's other sentences (its other criteria, its description), which pasted text is told by.
        `elsewhere`: what the pull request's other work items say; a phrase one of them says too is the
        change's topic, not this criterion's (it weighs TOPIC, as one in most of the changed files does)."""
        terms = criterion_terms(criterion)
        if struck or not terms.specific:
            return Evidence((), self.basis)
        if self.index is None:
            return Evidence(_by_name(terms, criterion, self.changed), "file names")
        own = [w for w in (_plain(s) for s in (criterion, *work_item)) if len(w) >= ECHO_MIN_WORDS]
        assert self._topics is not None
        topic = Shared(self._topics, elsewhere)
        scored = [_in_file(self.index, n, terms, own, topic) for n in self._candidates(terms)]
        found = [s for s in scored if s is not None]
        named = [t for t in terms.terms if t.named and t.kind == "ident"]
        if named:  # the code it names must show: all of it, where some file shows all
            shown = [len(_shown(named, s[1], self.index)) for s in found]
            found = [s for s, n in zip(found, shown, strict=True) if n and n == max(shown)]
        ranked = sorted(found, key=lambda s: (-s[0], s[1].path))
        return Evidence(tuple(f for _, f in ranked), "diff")

    def _most(self, term: Term, file_no: int, terms: CriterionTerms) -> float:
        """The most a term can weigh in a file: a value weighs as a bare number where its unit cannot be."""
        assert self.index is not None
        if term.kind != "value" or not term.unit:
            return term.weight
        if any(self.index.unit_in(side, file_no, term.parts[0], term.unit) for side in _sides(terms)):
            return term.weight
        return _bare(term.parts[0])

    def _candidates(self, terms: CriterionTerms) -> list[int]:
        """The files worth reading line by line: those whose words could weigh ENOUGH (each term counted at its
        full weight wherever the file uses its words), showing the code the criterion names, if it names any."""
        assert self.index is not None
        bound: dict[int, float] = {}
        named: set[int] | None = None
        for term in terms.terms:
            files: set[int] = set()
            for side in _sides(terms):
                for needed in _lookups(term):
                    files.update(self.index.candidates(side, needed))
            if term.kind == "path":
                files.update(n for n, f in enumerate(self.index.diff.files) if _names(f.path, term.parts[0]))
            for n in files:
                bound[n] = bound.get(n, 0.0) + self._most(term, n, terms)
            if term.named and term.kind == "ident":
                named = files if named is None else named | files
        phrases = [t for t in terms.terms if t.kind == "phrase"]
        for n in bound:
            if bound[n] < ENOUGH and _name_carries(self.index.diff.files[n].path, phrases):
                bound[n] += NAME_BONUS
        return sorted(n for n, most in bound.items() if most >= ENOUGH and (named is None or n in named))


def _shown(named: Sequence[Term], found: FileEvidence, index: DiffIndex) -> set[str]:
    """The named code a file shows: on its lines (found.terms), or as the definition its changes sit in (the
    change is inside `round_money`: it shows round_money, though no changed line spells it)."""
    scopes = [tuple(parts(scope)) for scope in _file(index, found.path).scopes]
    inside = {t.label for t in named if any(_has_run(words, t.parts) for words in scopes)}
    return {t.label for t in named if t.label in found.terms} | inside


def _has_run(words: Sequence[str], run: Sequence[str]) -> bool:
    joined = "".join(run)
    return joined in words or any(tuple(words[i : i + len(run)]) == tuple(run) for i in range(len(words)))


def _file(index: DiffIndex, path: str) -> DiffFile:
    found = index.diff.file(path)
    assert found is not None
    return found


def _sides(terms: CriterionTerms) -> tuple[Side, ...]:
    return ("added", "deleted") if terms.removal else ("added",)


def _lookups(term: Term) -> list[tuple[str, ...]]:
    """Word sets, any one of which a file must use all of to be worth reading for the term."""
    if term.kind in ("ident", "phrase", "word"):
        runs = [term.parts, *term.also]
        return [*runs, *(("".join(run),) for run in runs if len(run) > 1)]
    if term.kind == "value":  # 3.335: the tokens 3 and 335
        return [tuple(f"#{number(part)}" for part in term.parts[0].split("."))]
    if term.kind == "quoted":
        return [tuple(parts(term.parts[0]))]  # no word to look up ("OK"): every file
    return []  # a path: by name (EvidenceFinder._candidates)


def _in_file(
    index: DiffIndex, file_no: int, terms: CriterionTerms, own: Sequence[Sequence[str]], topic: Shared
) -> tuple[float, FileEvidence] | None:
    """(score, evidence) for one file, or None when its lines do not carry enough of the terms."""
    f = index.diff.files[file_no]
    sides = [index.file_words(side, file_no) for side in _sides(terms)]
    pasted = [_pasted(lines, own) if is_doc(f.path) else set() for lines in sides]
    score, labels, telling = 0.0, [], False
    strong: list[set[int]] = [set(), set()]  # line indexes, added and deleted, of terms enough alone
    weak: list[set[int]] = [set(), set()]
    near: list[tuple[float, set[tuple[int, int]]]] = []  # each weak term's weight and where it is (side, line)
    said: set[str] = set()  # the words of the phrases and identifiers found: their words alone add nothing
    for term in terms.terms:
        weight, where = 0.0, set()
        if term.kind == "word" and term.parts[0] in said:
            continue
        for n, lines in enumerate(sides):
            hit, hit_weight = _lines_for(term, lines, f.path)
            hit -= pasted[n]
            if hit and hit_weight:
                common = topic(term)
                telling = telling or not common
                hit_weight *= TOPIC if common else 1.0
                weight = max(weight, hit_weight)
                (strong if hit_weight >= ENOUGH else weak)[n].update(hit)
                where |= {(n, lines.numbers[i]) for i in hit}
        if weight and term.kind in ("phrase", "ident"):
            said.update(term.parts)
        if weight >= ENOUGH:
            score += weight
        elif weight:
            near.append((weight, where))
        if weight:
            labels.append(term.label)
    score += _together(near)
    if labels and _name_carries(f.path, [t for t in terms.terms if t.kind == "phrase" and not topic(t)]):
        score, telling = score + NAME_BONUS, True
    if score < ENOUGH or not telling:  # what the whole change is about tells nothing of this criterion
        return None
    chosen = strong if strong[0] or strong[1] else weak
    removed = sides[1] if len(sides) > 1 else None
    return score, FileEvidence(
        f.path,
        tuple(sorted(sides[0].numbers[i] for i in chosen[0])),
        tuple(sorted(removed.numbers[i] for i in chosen[1])) if removed is not None else (),
        tuple(labels),
    )


def _together(near: Sequence[tuple[float, set[tuple[int, int]]]]) -> float:
    """What weak terms weigh together: the most that sit within NEAR lines of one another (of one line's
    surroundings), each counted once: words scattered over a file describe no one thing."""
    best = 0.0
    for side, line in {at for _, where in near for at in where}:
        close = sum(w for w, where in near if any(s == side and abs(n - line) <= NEAR for s, n in where))
        best = max(best, close)
    return best


def _lines_for(term: Term, lines: FileWords, path: str) -> tuple[set[int], float]:
    """The line indexes carrying the term, and what the term weighs there."""
    if term.kind == "ident":
        found = lines.run(term.parts)
        if found or not term.also:
            return found, term.weight
        last = set().union(*(lines.run(run) for run in term.also))  # a key's last part alone: as a config file
        return last, term.weight if is_config(path) else WEAK  # nests it; in code, it is any name
    if term.kind == "phrase":
        return lines.run(term.parts, either_order=True), term.weight
    if term.kind == "word":
        return lines.word(term.parts[0]), term.weight
    if term.kind == "quoted":
        found = lines.literal(term.parts[0])
        said = parts(term.parts[0])
        if len(said) >= 4:  # a message with a placeholder: "Try again in {minutes} minutes."
            found |= {i for i, line in enumerate(lines.words) if _in_order(said, line) >= 0.75 * len(said)}
        return found, term.weight
    if term.kind == "value":
        with_unit, bare = lines.value(term.parts[0], term.unit)
        if with_unit:
            return with_unit, term.weight
        written = {i for i in bare if term.label in lines.texts[i]} if not term.unit else set()
        if written:  # a decimal as the criterion writes it ("10.00"), not merely its number (10_000, "10 items")
            return written, term.weight
        return bare, _bare(term.parts[0])
    if term.kind == "path" and _names(path, term.parts[0]):
        return set(lines.hunk_starts()), term.weight
    return set(), 0.0


def _bare(value: str) -> float:
    """What a number weighs without its unit: a decimal or three digits 2, two digits 1, one digit nothing."""
    digits = len(value.replace(".", ""))
    return 2.0 if "." in value or digits >= 3 else 1.0 if digits == 2 else 0.0


def _name_carries(path: str, phrases: Sequence[Term]) -> bool:
    """Whether the file's name holds one of the phrases: confirmation_email.py, ledger/export.py."""
    name = tuple(parts(path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path))
    return any(any(name[i : i + 2] in (t.parts, t.parts[::-1]) for i in range(len(name) - 1)) for t in phrases)


def _pasted(lines: FileWords, own: Sequence[Sequence[str]]) -> set[int]:
    """Lines repeating nearly all of one of the work item's sentences, word for word: its own text, pasted
    (a paraphrase, as documentation writes one, keeps its own words)."""
    found = set()
    for i, text in enumerate(lines.texts):
        line = _plain(text)
        if any(_in_order(sentence, line) >= ECHO_SHARE * len(sentence) for sentence in own):
            found.add(i)
    return found


def _plain(text: str) -> tuple[str, ...]:
    """Every word of a text, lower case, in order."""
    return tuple(re.findall(r"[a-z0-9]+", text.lower()))


def _in_order(sentence: Sequence[str], line: Sequence[str]) -> int:
    """How many of the sentence's words the line has in the same order (greedily)."""
    count, at = 0, 0
    for word in line:
        if word in sentence[at:]:
            at = sentence.index(word, at) + 1
            count += 1
    return count


def _names(path: str, named: str) -> bool:
    """Whether a criterion's `checkout/totals.py` names this file ("/src/checkout/totals.py")."""
    lowered = path.lower()
    return lowered.endswith("/" + named) or lowered == "/" + named


def _by_name(terms: CriterionTerms, criterion: str, changed: Sequence[ChangedFile]) -> tuple[FileEvidence, ...]:
    """Without the diff: the changed files the criterion names, or whose names carry its uncommon words."""
    specific = {w for t in terms.terms if t.kind != "value" for w in t.parts} - COMMON
    named = {c.path for c in changed for t in terms.terms if t.kind == "path" and _names(c.path, t.parts[0])}
    related = {p for p in related_files(changed, criterion) if path_tokens(p) & specific}
    return tuple(FileEvidence(p) for p in sorted(named | related))
