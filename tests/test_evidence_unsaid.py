"""Issue 32's decoys out of sample (session 18): an entry of another change sharing one name with this one, which
the change writes in passing away from what it is about, while the rest of what the entry says is nowhere in the
diff (summary/evidence_unsaid.py). Each case is a change whose most changed file is its subject, and a second file
writing the name once; each failed before the rule. The entry of the change itself keeps its evidence."""

from __future__ import annotations

import pytest

from tests.diffs import changed
from tests.evidence_paths import evidence

OTHER = (
    "Fixed a race where `RetryPolicy` backoff timers kept firing after disposal, leaking sockets under heavy "
    "reconnect storms."
)
SHORT = "Expose `RetryPolicy` on the exporter options."
CHANGES = [  # (language, the subject: its path and lines, a file writing RetryPolicy in passing: its path and line)
    ("C#", "src/Export/BatchExporter.cs", [
        "    private readonly Queue<Span> pending = new();",
        "    public void Enqueue(Span span) => pending.Enqueue(span);",
        "    public int FlushBatch(int maxBatchSize)",
        "    {",
        "        var batch = pending.Take(maxBatchSize).ToList();",
        "        exporter.Export(batch);",
        "        return batch.Count;",
        "    }",
     ], "src/Export/ExporterOptions.cs", "    public RetryPolicy Retry { get; set; } = RetryPolicy.Default;"),
    ("TypeScript", "src/export/batchExporter.ts", [
        "  private pending: Span[] = [];",
        "  enqueue(span: Span): void { this.pending.push(span); }",
        "  flushBatch(maxBatchSize: number): number {",
        "    const batch = this.pending.splice(0, maxBatchSize);",
        "    this.exporter.export(batch);",
        "    return batch.length;",
        "  }",
     ], "src/export/options.ts", "  retry?: RetryPolicy;"),
    ("Java", "src/main/java/org/acme/export/BatchExporter.java", [
        "    private final Deque<Span> pending = new ArrayDeque<>();",
        "    public void enqueue(Span span) { pending.add(span); }",
        "    public int flushBatch(int maxBatchSize) {",
        "        List<Span> batch = drain(pending, maxBatchSize);",
        "        exporter.export(batch);",
        "        return batch.size();",
        "    }",
     ], "src/main/java/org/acme/export/ExporterOptions.java", "    private RetryPolicy retry = RetryPolicy.DEFAULT;"),
    ("Go", "export/batch_exporter.go", [
        "func (b *BatchExporter) Enqueue(s Span) {",
        "\tb.pending = append(b.pending, s)",
        "}",
        "func (b *BatchExporter) FlushBatch(maxBatchSize int) int {",
        "\tbatch := b.pending[:min(maxBatchSize, len(b.pending))]",
        "\tb.exporter.Export(batch)",
        "\treturn len(batch)",
        "}",
     ], "export/options.go", "\tRetry RetryPolicy"),
    ("Ruby", "lib/acme/export/batch_exporter.rb", [
        "      def enqueue(span)",
        "        @pending << span",
        "      end",
        "      def flush_batch(max_batch_size)",
        "        batch = @pending.shift(max_batch_size)",
        "        @exporter.export(batch)",
        "        batch.size",
        "      end",
     ], "lib/acme/export/options.rb", "      attr_accessor :retry_policy # RetryPolicy"),
    ("Python", "src/acme/export/batch_exporter.py", [
        "    def enqueue(self, span: Span) -> None:",
        "        self._pending.append(span)",
        "",
        "    def flush_batch(self, max_batch_size: int) -> int:",
        "        batch = self._pending[:max_batch_size]",
        "        self._exporter.export(batch)",
        "        return len(batch)",
     ], "src/acme/export/options.py", "    retry: RetryPolicy = RetryPolicy.default()"),
]  # fmt: skip
IDS = [c[0] for c in CHANGES]


@pytest.mark.parametrize(("language", "subject", "lines", "path", "line"), CHANGES, ids=IDS)
def test_an_entry_saying_much_the_change_never_writes_has_no_evidence(language, subject, lines, path, line) -> None:
    """anyio's, doorkeeper's and protobuf-net's decoys (the sixth and fifth batches): the entry's one name is on a
    line of a file beside the change's subject; its backoff timers, its disposal, its sockets are written nowhere."""
    assert evidence(OTHER, changed(subject, *lines), changed(path, line)) == [], language


@pytest.mark.parametrize(("language", "subject", "lines", "path", "line"), CHANGES, ids=IDS)
def test_the_entry_of_the_change_keeps_its_evidence(language, subject, lines, path, line) -> None:
    """What must stay: a short entry naming the same code on the same line, and the long entry where the change's
    subject is the file writing it (the file it changes most)."""
    assert evidence(SHORT, changed(subject, *lines), changed(path, line)) == [f"/{path}"], language
    own = changed(path, *lines[:2], line)
    assert evidence(OTHER, changed(subject, *lines[:1]), own) == [f"/{path}"], language


def test_an_entry_the_change_writes_more_of_keeps_its_evidence() -> None:
    """What must stay: the long entry where the change writes more than a fifth of its phrases and named code
    (`RetryPolicy`, the backoff timers, the sockets), though outside its most changed file."""
    subject, lines, path, line = CHANGES[0][1:]
    more = changed(path, line, "    private Timer backoffTimer;", "    private readonly Socket[] leakingSockets;")
    assert evidence(OTHER, changed(subject, *lines), more) == [f"/{path}"]


GROWN = {  # a file that grows with any change, larger than the change's own file: not its subject (review 18, F1)
    "C#": "test/Baselines/Expected/Analyze.sarif",
    "TypeScript": "package-lock.json",
    "Java": "src/test/resources/expected/spans.csv",
    "Go": "go.sum",
    "Ruby": "Gemfile.lock",
    "Python": "poetry.lock",
}


@pytest.mark.parametrize(("language", "subject", "lines", "path", "line"), CHANGES, ids=IDS)
def test_a_lock_file_or_fixture_the_change_grows_is_not_its_subject(language, subject, lines, path, line) -> None:
    """What must stay: the long entry of the change itself, written in the file it changes, when a lock file, go.sum
    or an expected output the change regenerates has more changed lines than that file (review 18, F1)."""
    own = changed(path, *lines[:2], line)
    grown = changed(GROWN[language], *(f'  "entry-{n}": "1.{n}.0",' for n in range(40)))
    assert evidence(OTHER, own, grown) == [f"/{path}"], language
