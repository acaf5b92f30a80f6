"""Issue 32's decoys out of sample, sixteenth session: a criterion whose subject the change writes nowhere. The
criterion's first named code is a type's (`LedgerCache.evict(key)`) and the change writes that type nowhere it shows
(no changed line, no file's name, no unchanged line the diff keeps): what it shares with the change are names everyone
writes (the platform's `oldValue`, `newValue`, its exceptions), and they are no evidence of it
(summary/evidence_unwritten.py). commons-collections' "`ConcurrentReferenceHashMap.remove(key)`, ... `replace(key,
oldValue, newValue)` throw `NullPointerException` inconsistently" on its neighbours' changes, ta4j's "`StopGainRule`
and `StopLossRule` now accept any price `Indicator` instead of only `ClosePriceIndicator`" on a test writing
`ClosePriceIndicator`. Each case of the first test failed before its rule."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import in_definition, patch

SUBJECT = "LedgerCache.evict(key), replace(key, value) and replace(key, {old}, {new}) throw {error} inconsistently."
SHARED = [  # (language, another type's file, its line writing the platform's names, old, new, error)
    ("Java", "src/main/java/org/acme/map/ExpiringMap.java",
     "    public V replace(final K key, final V oldValue, final V newValue) {", "oldValue", "newValue",
     "NullPointerException"),
    ("C#", "src/Acme.Collections/ExpiringMap.cs",
     "        public bool Replace(TKey key, TValue oldValue, TValue newValue)", "oldValue", "newValue",
     "ArgumentNullException"),
    ("TypeScript", "src/collections/expiringMap.ts", "  replace(key: K, oldValue: V, newValue: V): boolean {",
     "oldValue", "newValue", "TypeError"),
    ("Go", "collections/expiring_map.go",
     "func (m *ExpiringMap) Replace(key string, oldValue, newValue any) bool {", "oldValue", "newValue",
     "ErrNilKey"),
    ("Ruby", "lib/acme/expiring_map.rb", "    def replace(key, old_value, new_value)", "old_value", "new_value",
     "KeyError"),
    ("Python", "src/acme/expiring_map.py", "    def replace(self, key, old_value, new_value):", "old_value",
     "new_value", "KeyError"),
]  # fmt: skip


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


def criterion(old: str, new: str, error: str) -> str:
    return SUBJECT.format(old=old, new=new, error=error)


@pytest.mark.parametrize(("language", "path", "line", "old", "new", "error"), SHARED, ids=[s[0] for s in SHARED])
def test_a_type_the_change_never_writes_gets_no_evidence_from_the_names_it_shares(
    language, path, line, old, new, error
) -> None:
    """The change writes another type's `replace(key, oldValue, newValue)`: the names any map writes."""
    assert evidence(criterion(old, new, error), diff(path, line)) == [], language


HEADERS = [  # (language, the type's file named otherwise, the definition git's hunk header shows)
    ("Java", "src/main/java/org/acme/map/Caches.java", "public class LedgerCache<K, V> {"),
    ("C#", "src/Acme.Collections/Caches.cs", "public sealed class LedgerCache<TKey, TValue>"),
    ("TypeScript", "src/collections/caches.ts", "export class LedgerCache<K, V> {"),
    ("Go", "collections/caches.go", "func (c *LedgerCache) Replace(key string, oldValue, newValue any) bool {"),
    ("Ruby", "lib/acme/caches.rb", "class LedgerCache"),
    ("Python", "src/acme/caches.py", "class LedgerCache:"),
]


@pytest.mark.parametrize(("language", "path", "header"), HEADERS, ids=[h[0] for h in HEADERS])
def test_the_type_in_a_hunks_header_is_written(language, path, header) -> None:
    """The change sits in the type's definition, as git's hunk header shows it (an unchanged line the diff keeps)."""
    line, old, new, error = next((s[2], s[3], s[4], s[5]) for s in SHARED if s[0] == language)
    assert evidence(criterion(old, new, error), in_definition(path, header, line)) == [f"/{path}"], language


NAMED_FILES = [  # (language, the type's own file)
    ("Java", "src/main/java/org/acme/map/LedgerCache.java"),
    ("C#", "src/Acme.Collections/LedgerCache.cs"),
    ("TypeScript", "src/collections/LedgerCache.ts"),
    ("Go", "collections/ledger_cache.go"),
    ("Ruby", "lib/acme/ledger_cache.rb"),
    ("Python", "src/acme/ledger_cache.py"),
]


@pytest.mark.parametrize(("language", "path"), NAMED_FILES, ids=[n[0] for n in NAMED_FILES])
def test_the_types_own_file_writes_it(language, path) -> None:
    """A `LedgerCache.java`, `ledger_cache.rb` the change touches writes the type: its lines are about it."""
    line, old, new, error = next((s[2], s[3], s[4], s[5]) for s in SHARED if s[0] == language)
    assert evidence(criterion(old, new, error), diff(path, line)) == [f"/{path}"], language


def test_the_type_written_in_the_unchanged_line_a_change_sits_in() -> None:
    """The line a run of changes sits in (unified.enclosing: the block it opens) is a line the diff keeps."""
    found = patch(
        "src/main/java/org/acme/map/Caches.java",
        "     static final class Holder {",
        "         private final LedgerCache<String, Long> cache = new LedgerCache<>(",
        "+                oldValue -> newValue,",
        "                 16);",
        start=40,
    )
    text = criterion("oldValue", "newValue", "NullPointerException")
    assert evidence(text, found) == ["/src/main/java/org/acme/map/Caches.java"]


def test_a_type_the_change_writes_keeps_its_evidence() -> None:
    """An own entry: the change writes the type it names (a changed line), in a file named otherwise."""
    line = "        LedgerCache<K, V> cache = LedgerCache.of(oldValue, newValue);"
    found = diff("src/main/java/org/acme/map/Caches.java", line)
    assert evidence(criterion("oldValue", "newValue", "NullPointerException"), found) == [
        "/src/main/java/org/acme/map/Caches.java"
    ]


def test_a_type_named_as_the_place_stands_for_the_subject() -> None:
    """commons-text's own entry: "Fix PMD UnnecessaryFullyQualifiedName in AlphabetConverter." names a rule the
    change satisfies (written nowhere) in the type it changes: the place is written, the criterion keeps its file."""
    path = "src/main/java/org/apache/commons/text/AlphabetConverter.java"
    line = "        final Map<Integer, String> originalToEncoded = new HashMap<>();"
    before = "        final Map<Integer, String> originalToEncoded = new java.util.HashMap<>();"
    found = diff(path, line, deleted=(before,))
    assert evidence("Fix PMD UnnecessaryFullyQualifiedName in AlphabetConverter.", found) == [f"/{path}"]


def test_a_member_first_is_no_type_subject() -> None:
    """log4j2's own entry: "Fix the `createOnDemand` behavior of `RollingFileAppender` ..." is about a member the
    change writes (in the appender's manager): its subject is the member, not the type it belongs to."""
    path = "log4j-core/src/main/java/org/apache/logging/log4j/core/appender/rolling/RollingFileManager.java"
    line = "        if (createOnDemand && !directoryCreated) {"
    text = "Fix the `createOnDemand` behavior of `RollingFileAppender` to defer the file's creation."
    assert evidence(text, diff(path, line)) == [f"/{path}"]


def test_a_one_word_type_is_no_subject_the_rule_reads() -> None:
    """click's own entry names `Context.invoked_subcommand` first: `Context` is a word as much as a type (one piece:
    `Hash`, `Rails`, `Lint` alike), so its test writing `AliasedGroup` stays evidence."""
    text = (
        "Resolving commands returns the canonical command name instead of the matched name. This makes behavior such"
        " as help text and `Context.invoked_subcommand` consistent when using patterns like `AliasedGroup`."
    )
    before = "        return cmd_name, cmd, args[1:]"
    code = diff("src/click/core.py", "        return cmd.name, cmd, args[1:]", deleted=(before,))
    test = diff(
        "tests/test_commands.py",
        "def test_aliased_command_canonical_name(runner):",
        "    class AliasedGroup(click.Group):",
        "        def get_command(self, ctx, cmd_name):",
        "    cli = AliasedGroup()",
        "    result = runner.invoke(cli, ['pu', '--help'])",
        "    assert result.output.startswith('Usage: root push [OPTIONS]')",
    )
    assert evidence(text, code, test) == ["/tests/test_commands.py"]


def test_a_subject_listed_with_one_the_change_writes_keeps_its_evidence() -> None:
    """durabletask-dotnet's own entry lists its subject: "`PurgeInstancesMetadataAsync` and `PurgeInstancesAsync`";
    the first is written nowhere (a C# method, read as a type by its case), the second is the change's: enough."""
    path = "src/DurableTask/DurableTaskClientExtensions.cs"
    line = "    public static Task<PurgeResult> PurgeInstancesAsync("
    text = "Adds `PurgeInstancesMetadataAsync` and `PurgeInstancesAsync` support."
    assert evidence(text, diff(path, line)) == [f"/{path}"]


def test_a_type_named_as_where_it_goes_stands_for_the_subject() -> None:
    """ "... support to `DurableTaskGrpcClient`": the type the support goes to is a place; its file is the change's."""
    path = "src/DurableTask/Grpc/DurableTaskGrpcClient.cs"
    line = "        P.PurgeInstancesRequest request = new() { InstanceId = instanceId };"
    text = "Adds `PurgeInstancesMetadataAsync` support to `DurableTaskGrpcClient`."
    assert evidence(text, diff(path, line)) == [f"/{path}"]


LIBRARY_FIRST = [  # (language, a criterion naming a library's type first, then the type the change writes; the file)
    ("Java", "Make `ObjectMapper` write `LedgerEntry` records as arrays",
     ("src/main/java/org/acme/ledger/LedgerEntry.java", "@JsonFormat(shape = JsonFormat.Shape.ARRAY)",
      "public record LedgerEntry(String account, BigDecimal amount) {")),
    ("C#", "Let `JsonSerializer` write `LedgerEntry` amounts as strings",
     ("src/Acme.Ledger/LedgerEntry.cs", "public sealed record LedgerEntry(string Account,",
      "    [property: JsonNumberHandling(JsonNumberHandling.WriteAsString)] decimal Amount);")),
    ("TypeScript", "Let `QueryClient` cache `LedgerEntry` lookups for a minute",
     ("src/ledger/ledgerEntry.ts", "export const ledgerEntryQuery = (id: string): LedgerEntry => ({",
      "  staleTime: 60_000,")),
    ("Go", "Let `RoundTripper` retry `LedgerClient` requests once",
     ("ledger/client.go", "func (c *LedgerClient) Do(req *http.Request) (*http.Response, error) {",
      "\treturn retryOnce(c.transport, req)")),
    ("Ruby", "`ActiveRecord::Base` saves `LedgerEntry` amounts as decimals",
     ("app/models/ledger_entry.rb", "class LedgerEntry < ApplicationRecord", "  attribute :amount, :decimal")),
    ("Python", "`JSONEncoder` writes `LedgerEntry` amounts as strings",
     ("acme/ledger/entry.py", "class LedgerEntry(BaseModel):", "    amount: Decimal = Field(frozen=True)")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "text", "change"), LIBRARY_FIRST, ids=[c[0] for c in LIBRARY_FIRST])
def test_a_library_type_named_first_leaves_the_type_the_change_writes_its_evidence(language, text, change) -> None:
    """Review 16 F7: the first named code is a library's type the change never writes (`ObjectMapper`); the type it
    acts on, named after it, is the change's own: a criterion naming a type the change writes is about this change."""
    assert evidence(text, diff(*change)) == [f"/{change[0]}"], language
