"""Pure: a criterion whose subject the change writes nowhere (for summary/evidence.py: no evidence but where a file
reads that subject itself).

    unwritten_subject(index, "LedgerCache.evict(key) ... throw NullPointerException", terms)  # {"LedgerCache.evict"}

A criterion's subject is the first code it names, in its text's order (an exception aside: the bug's symptom,
relevance/language.symptom). When that code is a type's (a name of two pieces or more beginning upper case:
`LedgerCache`, the head of `LedgerCache.evict`, `Audit::LedgerVerifier`'s parts) and the change writes none of its
types anywhere it shows (an added or deleted line, a file's name or path, an unchanged line the diff keeps: a hunk's
definition, the line a run of changes sits in, a YAML key), the criterion is about code this change does not touch:
what else it shares with the change are the names everyone writes (the platform's `NullPointerException`, `Map.Entry`,
`oldValue`; a test's tools; the domain's nodes) and no evidence of it. Its subject may be a list (`StopGainRule` and
`StopLossRule`): one of them written is enough. A type it names as the place of the change ("in `AlphabetConverter`",
"to `DurableTaskGrpcClient`") stands for it when the change writes that one: "Fix PMD UnnecessaryFullyQualifiedName in
AlphabetConverter" names a rule the change satisfies, in the file it changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import DiffIndex
from doc_context.change.model import DiffFile
from doc_context.relevance.criterion_terms import CriterionTerms
from doc_context.relevance.language import symptom
from doc_context.relevance.name_files import member_of_file, names_file
from doc_context.relevance.names import qualified
from doc_context.relevance.words import parts, pieces

MIN_PIECES = 2  # a type's name: `LedgerCache`, never one word (`Hash`, `Context`, `Rails`: a word as much as a type)
_TYPE = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")  # upper case first, a lower-case letter in it
_PLACE = re.compile(r"\b(?:in|of|for|on|to|inside|within|from)\s+(?:the\s+|an?\s+)?[`*]*$", re.IGNORECASE)
_CONTRAST = re.compile(
    r"\b(?:instead\s+of|rather\s+than|than|not|unlike|except|but)\s+(?:only\s+)?(?:the\s+|an?\s+)?[`*]*$"
)
_LISTED = re.compile(r"(?:\([^()]*\))?[`*]*\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or|&)\s+)[`*]*")  # A, B and C
_BEFORE = 24  # characters before a name read for the preposition naming it as a place


def unwritten_subject(index: DiffIndex, criterion: str, terms: CriterionTerms) -> frozenset[str]:
    """The names that stand for the criterion's subject (its names, the other members of their types it names, the
    types it names as its place) when it is a type's code the change writes nowhere, nor any of those places: a file
    whose terms hold none of them (as the finder reads code: an instance's call of the member too,
    relevance/members.py) is no evidence of it. Empty when the subject is no type's, or the change writes it or
    another type the criterion names but sets against it ("instead of only `ClosePriceIndicator`"): a place of it,
    or the type a library's first-named one acts on ("Make `ObjectMapper` write `LedgerEntry` ...", review 16 F7)."""
    named = _named(criterion, terms)
    if not named or not types(named[0][1]):
        return frozenset()
    subject = _subject(criterion, named)
    if any(types(label) and _written(index, label) for label in subject):
        return frozenset()
    later = [(label, criterion[max(0, at - _BEFORE) : at]) for at, label in named[len(subject) :]]
    if any(types(label) and not _CONTRAST.search(before) and _written(index, label) for label, before in later):
        return frozenset()  # a place it names, or the type a library's acts on: "Make `ObjectMapper` write `Entry`"
    places = [label for label, before in later if _PLACE.search(before) and types(label)]
    its = {t for label in subject for t in types(label)}
    return frozenset((*(label for _, label in named if its.intersection(types(label))), *subject, *places))


def _subject(criterion: str, named: Sequence[tuple[int, str]]) -> list[str]:
    """The criterion's subject: its first named code and those listed with it ("`PurgeInstancesMetadataAsync` and
    `PurgeInstancesAsync`", "`StopGainRule` and `StopLossRule`", "A.remove(key), remove(key, value), and ...")."""
    subject = [named[0][1]]
    end = named[0][0] + len(named[0][1])
    for at, label in named[1:]:
        if not _LISTED.fullmatch(criterion[end:at]):
            break
        subject.append(label)
        end = at + len(label)
    return subject


def types(label: str) -> list[str]:
    """The types a name's parts are: `LedgerCache.evict` -> LedgerCache; `Audit::LedgerVerifier` -> LedgerVerifier
    (Audit is one word); none for an exception's (a symptom) nor a member's (`evict`, `createOnDemand`)."""
    return [
        part
        for part in qualified(label)
        if _TYPE.fullmatch(part) and len(pieces(part)) >= MIN_PIECES and not symptom(part)
    ]


def _named(criterion: str, terms: CriterionTerms) -> list[tuple[int, str]]:
    """The code the criterion names (its named identifiers, exceptions aside), where its text writes each, in order."""
    found = []
    for term in terms.terms:
        if term.kind == "ident" and term.named and not symptom(term.label):
            at = criterion.find(term.label)
            found.append((at if at >= 0 else len(criterion), term.label))
    return sorted(found)


def _written(index: DiffIndex, label: str) -> bool:
    """Whether the change writes one of the name's types anywhere it shows: a changed line, a file's path (its old one
    too), an unchanged line the diff keeps; in one identifier or apart, in any case (`LedgerCache`, ledger_cache,
    "ledger cache", LEDGERCACHE), or inside a longer one (`LedgerCacheTest`): whatever could be it counts."""
    found = types(label)
    for name in found:  # the quick way first: its words in a row on a changed line (most subjects)
        words = tuple(parts(name))
        for side in ("added", "deleted"):
            if words and any(index.file_words(side, n).run(words) for n in index.candidates(side, words)):
                return True
    paths = [path for f in index.diff.files for path in (f.path, f.old_path) if path]
    if any(names_file(label, path) or member_of_file(label, path) for path in paths):
        return True  # its file, or its type's or module's (`structlog.stdlib.LoggerFactory`: structlog/stdlib.py)
    for name in found:
        letters = re.compile("[_-]?".join(re.escape(c) for c in re.sub(r"[\W_]", "", name)), re.IGNORECASE)
        if any(letters.search(text) for f in index.diff.files for text in _shown(f)):
            return True
    return False


def _shown(f: DiffFile) -> list[str]:
    """What a file of the diff shows: its paths, its changed lines, the unchanged lines the diff keeps of it."""
    kept = [*f.scopes, *(s for *_, s in f.spans), *(lead for *_, lead in f.leads)]
    return [f.path, f.old_path, f.added.text, f.deleted.text, f.context.text, *kept]
