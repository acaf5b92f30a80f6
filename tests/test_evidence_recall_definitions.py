"""Issue 32's recall, eleventh session: a function or method the criterion names alone (`StringInSlice`,
`load_settings`, `SendReminderAsync`) meets the change inside its definition, though no changed line writes its name:
git's funcname (or a definition line above the change) says where the change sits, as it does for a member named
with its type (tests/test_evidence_members.py). A fix inside a function seldom writes the function's name; the
hunk's header does. A one-piece name (`stop`, `run`) is every type's, and the hunks of other definitions are not
its."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import in_definition
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

DEFINITIONS = [  # (language, criterion naming a function alone, its file, its definition, a changed line inside it)
    ("Go", "`ParsePortRange` rejects a reversed range.", "netx/ports.go",
     "func ParsePortRange(spec string) (Range, error) {", "\tif lo > hi {"),
    ("Python", "`load_settings` reads the fallback file last.", "acme/settings.py",
     "def load_settings(paths: list[str]) -> Settings:", "    paths = [*paths, FALLBACK]"),
    ("TypeScript", "`formatInvoiceTotal` rounds half to even.", "src/billing/format.ts",
     "export function formatInvoiceTotal(invoice: Invoice): string {", "  const rounded = bankers(invoice.total, 2);"),
    ("C#", "`SendReminderAsync` skips archived accounts.", "src/Acme.Billing/Reminders.cs",
     "        public async Task SendReminderAsync(Account account, CancellationToken token)",
     "            if (account.IsArchived) return;"),
    ("Java", "`parseHeaderLine` keeps the trailing spaces of a value.", "src/main/java/org/acme/http/Headers.java",
     "    static Header parseHeaderLine(final String line) {",
     "        final String value = line.substring(colon + 1);"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "criterion", "path", "definition", "line"), DEFINITIONS, ids=[d[0] for d in DEFINITIONS]
)
def test_a_function_named_alone_meets_the_change_inside_its_definition(
    language, criterion, path, definition, line
) -> None:
    assert evidence(criterion, in_definition(path, definition, line), siblings=SIBLINGS) == [f"/{path}"], language


def test_only_the_hunk_inside_the_definition_is_its_evidence() -> None:
    path = "netx/ports.go"
    diff = in_definition(path, "func ParsePortRange(spec string) (Range, error) {", "\tif lo > hi {")
    other = "func ParseHostPort(spec string) (string, int, error) {"
    diff += f"@@ -80,0 +82,1 @@ {other}\n+\tport = strings.TrimSpace(port)\n"
    found = EvidenceFinder(parse_diff(diff)).find("`ParsePortRange` rejects a reversed range.", siblings=SIBLINGS)
    assert [(f.path, f.lines) for f in found.files] == [(f"/{path}", (11,))]


def test_a_one_piece_name_is_every_types() -> None:
    """`stop` is any type's method: a hunk inside some `stop` is no evidence for it."""
    diff = in_definition("monitor/monitor.go", "func (m *Monitor) stop() {", "\tclose(m.done)")
    assert evidence("`stop` waits for the last tick.", diff, siblings=SIBLINGS) == []


def test_another_definition_shows_no_name() -> None:
    diff = in_definition("netx/ports.go", "func ParseHostPort(spec string) (string, int, error) {", "\tif lo > hi {")
    assert evidence("`ParsePortRange` rejects a reversed range.", diff, siblings=SIBLINGS) == []
