"""Issue 32's recall, thirteenth session: the files that are never evidence alone do not set how much of the named code
a file must show. A criterion naming several pieces of code keeps the files showing the most of it
(summary/evidence_named.showing_most); an API listing (api-extractor's *.api.md, a PublicAPI.*.txt), a sample or a
generated file writes every name the change's API has, the types the code infers or imports included, so it showed
the most, the code defining the feature was dropped for showing less, and the listing, never evidence alone, was
dropped after it: no evidence at all. "The most" is now the most a file that may be evidence alone shows; a listing
showing as much or more stands beside it."""

from __future__ import annotations

import pytest

from tests.diffs import patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

LISTED = [  # (language, criterion naming three pieces of code, the files: the code, a type it returns, the listing)
    ("TypeScript", "Add `refundLines` to `InvoiceTotals`, returning `CreditNote` entries.",
     ("src/billing/totals.ts", " export class InvoiceTotals {", "   constructor(private lines: Line[]) {}",
      "+  refundLines() {", "+    return this.lines.filter((line) => line.refunded).map(toNote);", "+  }", " }"),
     ("src/billing/notes.ts", "+export interface CreditNote {", "+  amount: number;", "+}"),
     ("etc/billing.api.md", " export class InvoiceTotals {", "     constructor(lines: Line[]);",
      "+    refundLines(): CreditNote[];", " }")),
    ("C#", "Added `RefundLines` on `InvoiceTotals` returning `CreditNote` items.",
     ("src/Billing/InvoiceTotals.cs", " public sealed class InvoiceTotals", " {",
      "+    public IEnumerable<Note> RefundLines() => lines.Where(l => l.Refunded).Select(Note.For);", " }"),
     ("src/Billing/CreditNote.cs", "+public sealed record CreditNote(decimal Amount) : Note(Amount);"),
     ("src/Billing/PublicAPI.Unshipped.txt",
      "+Billing.InvoiceTotals.RefundLines() -> System.Collections.Generic.IEnumerable<Billing.CreditNote!>!")),
    ("Python", "Add `refund_lines` to `InvoiceTotals`, yielding `CreditNote` items.",
     ("src/billing/totals.py", "+class InvoiceTotals:", "+    def __init__(self, lines):",
      "+        self.lines = lines", "+", "+    def refund_lines(self):",
      "+        return [to_note(line) for line in self.lines if line.refunded]"),
     ("src/billing/notes.py", "+class CreditNote(Note):", "+    pass"),
     ("examples/refunds.py", "+from billing import InvoiceTotals, CreditNote",
      "+refunds: list[CreditNote] = InvoiceTotals(lines).refund_lines()")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "code", "other", "listing"), LISTED, ids=[c[0] for c in LISTED])
def test_a_listing_showing_more_named_code_stands_beside_the_code(language, criterion, code, other, listing) -> None:
    found = evidence(criterion, patch(*code), patch(*other), patch(*listing), siblings=SIBLINGS)
    assert set(found) == {f"/{code[0]}", f"/{listing[0]}"}, language  # the listing beside the code, never alone


def test_a_code_file_showing_less_than_another_code_file_is_still_dropped() -> None:
    criterion = "Add `refundLines` to `InvoiceTotals`, returning `CreditNote` entries."
    full = patch("src/billing/totals.ts", " export class InvoiceTotals {", "+  refundLines(): CreditNote[] {", "+  }")
    part = patch("src/billing/report.ts", "+  const lines = totals.refundLines();")
    assert evidence(criterion, full, part, siblings=SIBLINGS) == ["/src/billing/totals.ts"]


def test_a_listing_alone_is_still_no_evidence() -> None:
    criterion = "Add `refundLines` to `InvoiceTotals`, returning `CreditNote` entries."
    listing = patch("etc/billing.api.md", " export class InvoiceTotals {", "+    refundLines(): CreditNote[];", " }")
    assert evidence(criterion, listing, siblings=SIBLINGS) == []
