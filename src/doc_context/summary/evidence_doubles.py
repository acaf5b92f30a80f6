"""Pure: a test's doubles (for summary/evidence.py). A test fakes or stubs the code around what it tests: a fake
storage's `setItem: vi.fn(...)`, a `FakeStorage` class's `def set_item(self, key, value):`, Go's
`func (f *fakeStorage) SetItem(...)`. Code a criterion names is what the change is about when the change's own code
(its files that are neither tests nor documentation) writes it, on an added or deleted line, or is it (the file the
name is, a definition its changes sit in); where it never does, a line of a test file defining that name defines
the test's double, and is no evidence for it. A line calling it is left as it is (a test exercising the code).

    doubled(index, terms, files)             # the labels of the named code the change's own code never writes

A line defining it is relevance/definitions.defines.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.change.index import DiffIndex
from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.definitions import in_definition
from doc_context.relevance.file_kinds import is_doc, is_test
from doc_context.relevance.names import member_of_file, names_file
from doc_context.relevance.words import parts
from doc_context.summary.evidence_match import lines_for


def doubled(index: DiffIndex, terms: CriterionTerms, files: Sequence[set[int]]) -> frozenset[str]:
    """The labels of the code the criterion names (identifiers) that no code file of the change touches, given each
    term's candidate files (EvidenceFinder._files); none when the change has no code file beside its tests."""
    named = [(t, found) for t, found in zip(terms.terms, files, strict=True) if t.kind == "ident" and t.named]
    paths = [f.path for f in index.diff.files] if named else []
    if not any(_code(path) for path in paths):
        return frozenset()
    return frozenset(
        term.label for term, found in named if not any(_touches(index, n, term) for n in found if _code(paths[n]))
    )


def _code(path: str) -> bool:
    """Whether a file is the change's own code: neither a test nor documentation."""
    return not is_test(path) and not is_doc(path)


def _touches(index: DiffIndex, file_no: int, term: Term) -> bool:
    """Whether a code file writes the name on a changed line, or is it (its file, a definition its changes sit in)."""
    f = index.diff.files[file_no]
    if names_file(term.label, f.path) or member_of_file(term.label, f.path):
        return True
    if any(in_definition(tuple(parts(scope)), term) for scope in f.scopes):
        return True
    return any(lines_for(term, index.file_words(side, file_no), f.path)[0] for side in ("added", "deleted"))
