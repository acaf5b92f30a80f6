"""Pure: a test's doubles and tools (for summary/evidence.py). A test fakes or stubs the code around what it tests:
a fake storage's `setItem: vi.fn(...)`, a `FakeStorage` class's `def set_item(self, key, value):`, Go's
`func (f *fakeStorage) SetItem(...)`; and it checks what it tests with its framework's assertions and matchers
(`assert_offense(...)`, `Assert.Equal(...)`, `expect(x).toThrowError(...)`). Code a criterion names is what the change
is about when the change's own code (its files that are neither tests nor documentation) writes it, on an added or
deleted line, or is it (the file the name is, a definition its changes sit in); where it never does, a line of a
test file defining that name defines the test's double, and one calling it as its assertion or matcher uses the
test's tool: neither is evidence for it. In the tool's own test (named for it) the tool is what the test is about; a
line calling the code otherwise is left as it is (a test exercising the code).

    doubled(index, terms, files)             # the labels of the named code the change's own code never writes
    tooled(line, label, path, scopes)        # a test's line defining it, or asserting with it (not in its own test)

A line defining it is relevance/definitions.defines, one asserting with it relevance/assertions.asserts. Code named
is an identifier the criterion names, or one it quotes as code of two pieces or more (`assertThat`, `have_received`:
their words are common, so they are quoted terms).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import DiffIndex
from doc_context.relevance.assertions import asserts, tests_of
from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.definitions import defined, defines, in_definition
from doc_context.relevance.file_kinds import is_doc, is_test
from doc_context.relevance.name_files import member_of_file, names_file
from doc_context.relevance.words import parts, pieces
from doc_context.summary.evidence_match import lines_for

_CODE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")  # a name as code writes it, qualified or not


def doubled(index: DiffIndex, terms: CriterionTerms, files: Sequence[set[int]]) -> frozenset[str]:
    """The labels of the code the criterion names (identifiers) that no code file of the change touches, given each
    term's candidate files (EvidenceFinder._files); none when the change has no code file beside its tests."""
    named = [(t, found) for t, found in zip(terms.terms, files, strict=True) if _named(t)]
    paths = [f.path for f in index.diff.files] if named else []
    if not any(_code(path) for path in paths):
        return frozenset()
    return frozenset(
        term.label for term, found in named if not any(_touches(index, n, term) for n in found if _code(paths[n]))
    )


def tooled(line: str, label: str, path: str, scopes: Sequence[str]) -> bool:
    """Whether a test's line defines the named code (the test's double) or asserts with it (the test's tool), in a
    test that is not its own (named for it: its file, a definition its changes sit in)."""
    if defines(line, label):
        return True
    return asserts(line, label) and not tests_of(label, path) and not any(tests_of(label, s) for s in _names(scopes))


def _names(scopes: Sequence[str]) -> list[str]:
    """The names the definitions a file's changes sit in define (a test's class, a `describe` block's function)."""
    return [name for scope in scopes if (name := defined(scope)) is not None]


def _named(term: Term) -> bool:
    """Whether the term is code the criterion names: an identifier, or a quoted identifier of two pieces or more."""
    if term.kind == "ident":
        return term.named
    return term.kind == "quoted" and _CODE.fullmatch(term.label) is not None and len(pieces(term.label)) > 1


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
