"""Issue 32's recall, eighteenth session: a terse criterion (four plain words at most: "add underscore handling with
constructors", "Trim name in Argument objects.") has few words for a sentence of the change to share, and an echo
needed three (summary/evidence_prose.py). A test's sentence (its name, its description) saying two of them, one
uncommon, now echoes it: a test states what it checks. A comment or a message of the code saying two is a word in
passing (tests/test_evidence_prose.py), documentation mentions everything, and a longer criterion still needs three."""

from __future__ import annotations

import pytest

from tests.evidence_paths import evidence
from tests.test_evidence_recall_prose import NEIGHBOURS, diff

TERSE = [  # (language, criterion, a test's path, its line saying two of the criterion's words)
    ("TypeScript", "Start SSE stream with a ping", "packages/server/src/plugins/sse.spec.ts",
     "  it('starts with a ping', async () => {"),
    ("Ruby", "Implement flash messages for the Web UI", "spec/web/action_spec.rb",
     '  it "shows the message kept in flash" do'),
    ("C#", "add underscore handling with constructors", "tests/Acme.Tests/MiscTests.cs",
     "    public void TestConstructorParametersWithUnderscoredColumns()"),
    ("Java", "Trim name in Argument objects.", "src/test/java/org/acme/config/TestArgumentsPanel.java",
     "    public void testArgumentNames() throws Exception {"),
    ("Go", "Close idle connections on shutdown", "internal/pool/pool_test.go",
     "func TestClosesIdle(t *testing.T) {"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), TERSE, ids=[t[0] for t in TERSE])
def test_a_tests_sentence_saying_two_of_a_terse_criterions_words_echoes_it(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == [f"/{path}"], language


def test_a_comment_of_the_code_saying_two_is_in_passing() -> None:
    line = "  // always start with a ping because some browsers do not accept a header flush"
    assert evidence("Start SSE stream with a ping", diff("src/plugins/sse.ts", line), siblings=NEIGHBOURS) == []


def test_documentation_still_needs_three() -> None:
    path = "docs/guide/streaming.md"
    diff_text = f"diff --git a/{path} b/{path}\n--- /dev/null\n+++ b/{path}\n@@ -0,0 +1,3 @@\n"
    diff_text += "+# Streaming\n+\n+Connections start with a ping.\n"
    assert evidence("Start SSE stream with a ping", diff_text, siblings=NEIGHBOURS) == []


def test_a_longer_criterion_still_needs_three() -> None:
    """Five plain words and more: two of them in one test's name are a coincidence as often as not."""
    line = "  it('starts with a ping', async () => {"
    criterion = "Start the SSE event stream with a ping"
    assert evidence(criterion, diff("packages/server/src/plugins/sse.spec.ts", line), siblings=NEIGHBOURS) == []


@pytest.mark.parametrize(
    ("criterion", "line"),
    [
        ("Start SSE stream with a ping", "  it('starts the server first', async () => {"),  # common words only
        ("Stop the stream on shutdown", "  it('flushes the stream header', async () => {"),  # one word said
    ],
    ids=["common words", "one word"],
)
def test_what_echoes_no_terse_criterion(criterion, line) -> None:
    assert evidence(criterion, diff("packages/server/src/plugins/sse.spec.ts", line), siblings=NEIGHBOURS) == []


@pytest.mark.parametrize(
    ("criterion", "path", "line"),
    [
        ("Show a message when the lockfile is invalid.", "tests/test_lock.py",
         "    # when the lockfile is invalid we read it again"),
        ("Log when the buffer is full.", "tests/Exporter.Tests/BatchTests.cs",
         "            // the buffer is full here, so we return"),
        ("Report when the classpath is empty.", "src/test/java/com/acme/RunnerTest.java",
         "        // the classpath is empty until resolve() runs"),
        ("Warn when the schema version differs.", "internal/schema_test.go",
         "\t// schema version comes from the state"),
        ("Paginate audit events", "spec/models/audit_event_spec.rb",
         '    # audit events stay in insertion order here'),
    ],
    ids=["Python", "C#", "Java", "Go", "Ruby"],
)  # fmt: skip
def test_a_test_files_comment_or_literal_saying_two_is_in_passing(criterion, path, line) -> None:
    """Review 18, F3: a test file's comments, fixtures and assertion messages are no statement of what it checks; two
    of a terse criterion's words there are in passing, as in a comment of the code (tests/test_evidence_prose.py)."""
    assert evidence(criterion, diff(path, line), siblings=NEIGHBOURS) == []
