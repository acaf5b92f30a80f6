"""Pure: the files showing the most of the code a criterion names (summary/evidence.py keeps only them).

    showing_most(named, [(file_evidence, labels), ...], index)   # [True, False, ...]: each file kept or not

A file shows named code on its lines (the terms found there), as the definition its changes sit in (the change is
inside `round_money`: it shows round_money, though no changed line spells it), or as the file the name begins
(`ktlint`: KtLintStep.java; not its test), or as the folder of a package it names (`helper/schema:`,
relevance/packages.py). A package the change has files in counts for none in "the most": a changelog's package
prefix is every entry's of that package, so a file outside its folder that shows the other named code is never
dropped for it (nor for writing it); the folder admits a file that shows none of the other named code only where
no file shows more, and with PACKAGE_TERMS of the criterion's other terms. "The most" is what a file that may be
evidence alone shows: an API listing, a sample or a generated file (never evidence alone) lists every name, the types
the code infers or imports included; it stands beside the code showing the most, it never raises the bar for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.change.index import DiffIndex
from doc_context.change.model import DiffFile, FileEvidence
from doc_context.relevance.criterion_terms import Term
from doc_context.relevance.definitions import in_definition
from doc_context.relevance.file_kinds import is_test
from doc_context.relevance.language import symptom
from doc_context.relevance.name_files import begins_file
from doc_context.relevance.names import spelled
from doc_context.relevance.packages import PACKAGE_TERMS, by_folder, in_package
from doc_context.relevance.words import parts


def showing_most(
    named: Sequence[Term],
    found: Sequence[tuple[FileEvidence, Sequence[str]]],
    index: DiffIndex,
    alone: Sequence[bool] = (),
) -> list[bool]:
    """Whether each file (its evidence, every term found in it) shows the most of the named code; `alone`: whether
    each may be evidence alone, the files that set "the most" when any may (an API listing, a generated file, never
    evidence alone, shows all it lists: it stands beside the code that shows the most, never raises the bar for it)."""
    labels = [t.label for t in named]
    packages = {code for code in labels if any(in_package(code, f.path) for f in index.diff.files)}
    shown = [_shown(named, evidence, written, index) for evidence, written in found]
    standing = [n for n, may in zip(shown, alone or [True] * len(shown), strict=True) if may] or shown
    most = max((len(n - packages) for n in standing), default=0)
    return [
        bool(n)
        and len(n - packages) >= most
        and (len(evidence.terms) >= PACKAGE_TERMS or not by_folder(labels, written, evidence.path))
        for (evidence, written), n in zip(found, shown, strict=True)
    ]


def _shown(named: Sequence[Term], found: FileEvidence, labels: Sequence[str], index: DiffIndex) -> set[str]:
    """The named code a file shows."""
    scopes = [tuple(parts(scope)) for scope in (index.diff.file(found.path) or DiffFile(found.path)).scopes]
    inside = {t.label for t in named if any(in_definition(words, t) for words in scopes)}
    inside |= {t.label for t in named if begins(t.label, found.path) or in_package(t.label, found.path)}
    return {t.label for t in named if t.label in labels} | inside


def begins(name: str, path: str) -> bool:
    """Whether the file is the one the name begins (`ktlint`: KtLintStep.java), not its test."""
    return begins_file(name, path) and not is_test(path)


def symptoms_unwritten(index: DiffIndex, terms: Sequence[Term], files: Sequence[set[int]]) -> list[set[int]]:
    """Each term's files, none for an exception type named as the bug a change fixes (relevance/language.symptom)
    that no changed line of them writes: it is no code the change shows, nor code the evidence must show."""
    return [
        set() if symptom(t.label) and not _written(index, t.label, f) else f for t, f in zip(terms, files, strict=True)
    ]


def _written(index: DiffIndex, name: str, files: set[int]) -> bool:
    lines = [index.file_words(side, n) for n in files for side in ("added", "deleted")]
    return any(spelled(text, name) for found in lines for text in found.texts)
