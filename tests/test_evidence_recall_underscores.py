"""Issue 32's recall, thirteenth session: an underscore that begins a private name written in prose is the name's,
not markdown. A changelog names a module's or a member's private name without backticks (`distutils._msvccompiler`,
`options._cache`, `self.__lock`); markdown shows a lone underscore as itself (emphasis needs its closer: `_new_`,
`__new__`), but the criterion's reading dropped every underscore beside a letter as emphasis, so the name lost it
(`distutils.msvccompiler`) and met no line writing it. Now an underscore is emphasis only with its closer."""

from __future__ import annotations

import pytest

from doc_context.relevance.criterion_terms import criterion_terms
from tests.diffs import patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

PRIVATE = [  # (language, criterion naming a private name in prose, file, the hunk's lines)
    ("Python", "Removed the shim patching billing._roundings.", "src/billing/shims.py",
     (" import sys", "-    rounding = functools.partial(patch, 'billing._roundings')", "-    apply(rounding)")),
    ("TypeScript", "Clear invoices._pending when a draft is discarded.", "src/invoices/drafts.ts",
     ("   discard(draft: Draft) {", "+    invoices._pending.delete(draft.id);", "   }")),
    ("Ruby", "Reset Billing::Ledger.__entries between runs.", "lib/billing/ledger.rb",
     ("   def reset!", "+    Billing::Ledger.__entries.clear", "   end")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), PRIVATE, ids=[p[0] for p in PRIVATE])
def test_a_private_name_in_prose_keeps_its_underscore(language, criterion, path, lines) -> None:
    assert evidence(criterion, patch(path, *lines), siblings=SIBLINGS) == [f"/{path}"], language


def test_the_name_is_read_as_written() -> None:
    assert "billing._roundings" in [t.label for t in criterion_terms("Removed billing._roundings.").terms]


def test_emphasis_with_its_closer_is_still_markup() -> None:
    labels = [t.label for t in criterion_terms("The _reconciliation_ report lists __overdue__ invoices.").terms]
    assert "reconciliation" in labels and "overdue" in labels
    assert not any("_" in label for label in labels)
