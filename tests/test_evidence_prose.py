"""Issue 32's prose in code, in every language: a string literal is prose, so a criterion's phrase said word for
word in a message or a test's name counts as said (a comment saying it in passing does not); a code span quoting a
string (`"android"`) is that string; and a comment or annotation added above an unchanged declaration speaks to the
declaration (`// Deprecated:` above `func OldClient`). Each case failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def above(path: str, comment: str, declaration: str) -> str:
    """A comment added above a declaration the change leaves as it is."""
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,1 +1,2 @@\n+{comment}\n {declaration}\n"


def evidence(criterion: str, text: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff(text)).find(criterion).files]


MESSAGES = [  # (language, criterion, path, a string saying it, a comment saying it in passing)
    (
        "Python",
        "Show a message when the lockfile is invalid.",
        "src/lock.py",
        '        raise ValueError(f"The lockfile is invalid: {path}")',
        "    # when the lockfile is invalid we read it again",
    ),
    (
        "C#",
        "Log when the buffer is full.",
        "src/Exporter/Batch.cs",
        '            logger.LogWarning("The buffer is full; dropping {Count} items", n);',
        "            // the buffer is full here, so we return",
    ),
    (
        "TypeScript",
        "Add an error message when workspaces are configured.",
        "packages/cli/src/commands/add/index.ts",
        "    error(`You might have workspaces configured but no packages yet`);",
        "  // workspaces configured by the user come first",
    ),
    (
        "Java",
        "Report when the classpath is empty.",
        "src/main/java/com/acme/Runner.java",
        '        throw new IllegalStateException("The classpath is empty for " + task);',
        "        // the classpath is empty until resolve() runs",
    ),
    (
        "Go",
        "Warn when the schema version differs.",
        "internal/schema.go",
        '\treturn fmt.Errorf("schema version %d is unknown", v)',
        "\t// schema version comes from the state",
    ),
    (
        "Ruby",
        "Fix false negatives with multiple strings.",
        "spec/rubocop/cop/performance/string_identifier_argument_spec.rb",
        "  it 'registers an offense when using multiple string arguments' do",
        "    # multiple string arguments are joined below",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "said", "passing"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_a_string_literal_is_prose(language, criterion, path, said, passing) -> None:
    assert evidence(criterion, diff(path, said)) == [f"/{path}"], language
    assert evidence(criterion, diff(path, passing)) == [], language


CONTRACTIONS = [  # (language, criterion, path, a comment whose contractions are no quotes)
    (
        "Python",
        "Show a message when the lockfile is invalid.",
        "src/lock.py",
        "    # don't retry when the lockfile is invalid; it's rebuilt below",
    ),
    (
        "Ruby",
        "Fix false negatives with multiple strings.",
        "lib/cop.rb",
        "    # don't join multiple strings; it's slow",
    ),
    (
        "TypeScript",
        "Add an error message when workspaces are configured.",
        "src/add.ts",
        "  // don't fail if workspaces configured; it's fine",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), CONTRACTIONS, ids=[c[0] for c in CONTRACTIONS])
def test_a_contraction_is_no_string_literal(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [], language


STRINGS = [  # (language, criterion, path, a line holding the string)
    (
        "Python",
        'Start supporting the new `"android"` platform.',
        "src/trio/_run.py",
        '    or sys.platform == "android"',
    ),
    ("C#", 'Treat the `"Development"` environment as local.', "src/Hosting.cs", '        if (env == "Development")'),
    ("TypeScript", "Emit `'esm'` output by default.", "src/build.ts", "  format: 'esm',"),
    ("Java", 'Parse in `"strict"` mode.', "src/main/java/Parser.java", '        mode = "strict";'),
    ("Go", 'Encode as `"msgpack"` when asked.', "internal/codec.go", '\tcase "msgpack":'),
    ("Ruby", 'Accept the `"legacy"` style.', "lib/cop/style.rb", '      when "legacy"'),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), STRINGS, ids=[s[0] for s in STRINGS])
def test_a_code_span_quoting_a_string_is_that_string(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


DOCUMENTED = [  # (language, criterion, path, the comment added, the declaration below it, unchanged)
    (
        "Go",
        "`OldClient` is deprecated without replacement.",
        "client.go",
        "// Deprecated: no replacement.",
        "func OldClient() {",
    ),
    (
        "Python",
        "`old_client` is deprecated without replacement.",
        "src/client.py",
        "# Deprecated: no replacement.",
        "def old_client():",
    ),
    (
        "C#",
        "`OldClient` is deprecated without replacement.",
        "src/Api.cs",
        "    /// <remarks>Deprecated: no replacement.</remarks>",
        "    public class OldClient",
    ),
    (
        "TypeScript",
        "`oldClient` is deprecated without replacement.",
        "src/client.ts",
        "/** @deprecated no replacement */",
        "export function oldClient() {",
    ),
    (
        "Java",
        "`OldClient` is deprecated without replacement.",
        "src/main/java/Api.java",
        "@Deprecated // no replacement",
        "public class OldClient {",
    ),
    (
        "Ruby",
        "`old_client` is deprecated without replacement.",
        "lib/client.rb",
        "  # Deprecated: no replacement.",
        "  def old_client",
    ),
]


@pytest.mark.parametrize(
    ("language", "criterion", "path", "comment", "declaration"), DOCUMENTED, ids=[d[0] for d in DOCUMENTED]
)
def test_a_comment_added_above_a_declaration_speaks_to_it(language, criterion, path, comment, declaration) -> None:
    assert evidence(criterion, above(path, comment, declaration)) == [f"/{path}"], language


def test_a_docstring_is_the_codes_comment_not_a_message() -> None:
    line = '    """Raised when the lockfile is invalid: read it again."""'
    assert evidence("Show a message when the lockfile is invalid.", diff("src/lock.py", line)) == []
