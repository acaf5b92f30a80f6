"""Issue 32's recall, eleventh session: named code written on an unchanged line that a run of changes sits in. A fix
guarded by a check of the named code (`if (page.loadInitialState) {` above the lines it adds), a feature gate's stage
changed beside the argument naming it (`"billing.strictRounding",` above `featuregate.StageBeta,`): the diff shows the
name only in its context, and the change is in what that line opens (change/unified.enclosing). Only the lines the run
sits in count, read by their indent: the nearest line indented less that opens a block, a call or a list (a brace on a
line of its own: the line above it), and an argument beside it ending with a comma; never a statement beside it, nor a
line above the opener."""

from __future__ import annotations

import pytest

from doc_context.change.unified import enclosing, parse_diff
from tests.diffs import patch
from tests.evidence_paths import evidence

SIBLINGS = ("Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS.")

INSIDE = [  # (language, criterion naming code, file, the hunk's lines: context " ", added "+", deleted "-")
    ("TypeScript", "`loadInitialState` ends the request early when the response is sent.", "src/pages/wrap.ts",
     ("   if (page.loadInitialState) {", "     state = await page.loadInitialState(ctx);",
      "+    if (ctx.res.writableEnded) {", "+      return state;", "+    }", "   }")),
    ("Go", "Promote the `billing.strictRounding` feature gate to beta.", "internal/gates/gates.go",
     (" \tStrictRounding = featuregate.GlobalRegistry().MustRegister(", ' \t\t"billing.strictRounding",',
      "-\t\tfeaturegate.StageAlpha,", "+\t\tfeaturegate.StageBeta,", ' \t\tfeaturegate.WithRegisterDescription("x"),')),
    ("Python", "`retry_on_conflict` counts every attempt.", "acme/sessions.py",
     ("     if settings.retry_on_conflict:", "+        attempts += 1", "         self.flush()")),
    ("C#", "`UseLegacyRounding` keeps two decimals.", "src/Acme.Billing/Totals.cs",
     ("             if (options.UseLegacyRounding)", "             {", "+                scale = 2;",
      "             }")),
    ("Java", "`isStrictRounding` rounds to two places.", "src/main/java/org/acme/billing/Totals.java",
     ("         if (config.isStrictRounding()) {", "+            scale = 2;", "         }")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), INSIDE, ids=[i[0] for i in INSIDE])
def test_named_code_on_a_line_the_change_sits_in_shows_it(language, criterion, path, lines) -> None:
    assert evidence(criterion, patch(path, *lines), siblings=SIBLINGS) == [f"/{path}"], language


NOT_INSIDE = [  # (criterion, file, lines): the name on an unchanged line the run does not sit in
    ("`loadInitialState` ends the request early.", "src/pages/wrap.ts",  # a statement beside it
     ("   const legacy = page.loadInitialState;", "+  if (ctx.res.writableEnded) return;")),
    ("`loadInitialState` ends the request early.", "src/pages/wrap.ts",  # above the block's opener
     ("   const legacy = page.loadInitialState;", "   if (ready) {", "+    finish();", "   }")),
    ("Promote the `billing.strictRounding` feature gate to beta.", "requirements.in",  # a list's line, no comma
     ("billing.strictRounding; python_version > '3.8'", "-cryptography>=36", "+cryptography>=41")),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "lines"), NOT_INSIDE, ids=["beside", "above", "listed"])
def test_named_code_on_a_line_the_change_does_not_sit_in_is_no_evidence(criterion, path, lines) -> None:
    assert evidence(criterion, patch(path, *lines), siblings=SIBLINGS) == []


def test_the_reader_keeps_the_lines_each_run_sits_in() -> None:
    lines = ("   if (page.loadInitialState) {", "     state = 1;", "+    done();", "   }")
    (found,) = parse_diff(patch("src/a.ts", *lines, start=10)).files
    assert found.leads == ((12, 12, "  if (page.loadInitialState) {"),)


def test_enclosing_reads_the_lines_by_their_indent() -> None:
    assert enclosing(["f(", "  b;"], "  c;") == ["f("]  # a statement beside it is none, the block's opener is
    assert enclosing(["f(", '  "a",'], "  c,") == ['  "a",', "f("]
    assert enclosing(["x = {", "  'a' => A,"], "  'b' => B,") == ["x = {"]  # a list's element beside: its own
    assert enclosing(["  'a' => A,", "  'b' => B,"], "  'c' => C,") == []  # the opener out of sight
    assert enclosing(["x = 1", "if y:"], "    z") == ["if y:"]
    assert enclosing(["if (x)", "{"], "    y;") == ["if (x)"]
