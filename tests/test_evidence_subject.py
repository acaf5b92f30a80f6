"""Issue 32's wrong pointers, sixth session, in every language: what sets a criterion apart is more than the story's
subject, and a comment's capitals are emphasis. Each case is one changed file and a story's criteria, read as a run
reads them; each failed before its rule (summary/evidence.py, relevance/everywhere.py, summary/evidence_match.py)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import patch


def evidence(criterion: str, siblings: list[str], path: str, *lines: str) -> list[str]:
    """The paths the criterion's evidence points at, beside its story's other criteria."""
    finder = EvidenceFinder(parse_diff(diff(path, *lines)))
    return [f.path for f in finder.find(criterion, work_item=siblings, siblings=siblings).files]


SETTING = "Add a global `enableQueryCacheWarmup` setting to warm the caches at start-up."
REVERT = "Revert the query cache warmup change for hosted agents."
SUBJECT = [  # (language, the file the change adds the setting to, its lines)
    ("C#", "src/Data/Settings.cs", ("    public static bool EnableQueryCacheWarmup { get; set; } = true;",
                                    "    if (Settings.EnableQueryCacheWarmup) Warm(caches);")),
    ("Java", "src/main/java/org/acme/data/Settings.java", ("    public static boolean enableQueryCacheWarmup = true;",
                                                            "    if (Settings.enableQueryCacheWarmup) warm(caches);")),
    ("TypeScript", "src/data/settings.ts", ("export let enableQueryCacheWarmup = true;",
                                            "if (settings.enableQueryCacheWarmup) warm(caches);")),
    ("Go", "internal/data/settings.go", ("var EnableQueryCacheWarmup = true",
                                         "\tif settings.EnableQueryCacheWarmup {")),
    ("Python", "src/data/settings.py", ("ENABLE_QUERY_CACHE_WARMUP = True", "if settings.ENABLE_QUERY_CACHE_WARMUP:")),
    ("Ruby", "lib/data/settings.rb", ("  mattr_accessor :enable_query_cache_warmup, default: true",
                                      "  warm(caches) if Settings.enable_query_cache_warmup")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "lines"), SUBJECT, ids=[c[0] for c in SUBJECT])
def test_a_part_of_the_code_a_neighbour_names_never_sets_a_criterion_apart(language, path, lines) -> None:
    """Dapper's decoy (issue 32): "revert `$` addition for legacy parameter tokens" beside its neighbour "add global
    `SupportLegacyParameterTokens` setting": the change adds that setting; the neighbour names it, and the decoy's
    prose names a part of it ("query cache warmup" of `enableQueryCacheWarmup`), the story's subject, which is no
    evidence alone. The criterion naming the code keeps its evidence."""
    assert evidence(REVERT, [SETTING], path, *lines) == [], language
    assert evidence(SETTING, [REVERT], path, *lines) == [f"/{path}"], language


OPTION = "Add a `MaxRetryAttempts` option to the HTTP client."
LOGGED = ("Retry attempts are logged.", "Log every retry attempt.")
LOG_LINE = [  # (language, path, the criterion's own log line, which never writes `MaxRetryAttempts`)
    ("C#", "src/Http/RetryHandler.cs",
     '            _logger.LogWarning("Retry attempt {Attempt} in {Delay} ms", attempt, delay);'),
    ("Go", "http/retry.go", '\tlog.Printf("retry attempt %d in %s", attempt, delay)'),
    ("TypeScript", "src/http/retry.ts", "    logger.warn(`retry attempt ${attempt} in ${delay} ms`);"),
    ("Python", "acme/http/retry.py", '        log.warning("retry attempt %d in %s", attempt, delay)'),
    ("Java", "src/main/java/org/acme/http/Retry.java", '        log.warn("retry attempt {} in {}", attempt, delay);'),
    ("Ruby", "lib/acme/http/retry.rb", '      logger.warn("retry attempt #{attempt} in #{delay}")'),
]  # fmt: skip


@pytest.mark.parametrize("criterion", LOGGED)
@pytest.mark.parametrize(("language", "path", "line"), LOG_LINE, ids=[c[0] for c in LOG_LINE])
def test_a_part_of_a_neighbours_name_is_its_subject_only_on_its_lines(language, path, line, criterion) -> None:
    """Review 5 (finding 6): prose naming a part of the code a neighbour names ("retry attempt" of
    `MaxRetryAttempts`) is the story's subject on the lines writing that name, and only there: the criterion's own
    log line, which writes no `MaxRetryAttempts`, stays its evidence."""
    assert evidence(criterion, [OPTION], path, line) == [f"/{path}"], language


DOCUMENTED = [  # (language, path, the setting's doc comment, naming the story's subject, and the setting)
    ("C#", "src/Data/Settings.cs", "    /// <summary>Whether the query cache warmup runs at start-up.</summary>",
     "    public static bool EnableQueryCacheWarmup { get; set; } = true;"),
    ("Java", "src/main/java/org/acme/data/Settings.java", "    /** Whether the query cache warmup runs at start-up. */",
     "    public static boolean enableQueryCacheWarmup = true;"),
    ("TypeScript", "src/data/settings.ts", "/** Whether the query cache warmup runs at start-up. */",
     "export let enableQueryCacheWarmup = true;"),
    ("Go", "internal/data/settings.go", "// Whether the query cache warmup runs at start-up.",
     "var EnableQueryCacheWarmup = true"),
    ("Python", "src/data/settings.py", "# Whether the query cache warmup runs at start-up.",
     "ENABLE_QUERY_CACHE_WARMUP = True"),
    ("Ruby", "lib/data/settings.rb", "  # Whether the query cache warmup runs at start-up.",
     "  mattr_accessor :enable_query_cache_warmup, default: true"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "doc", "setting"), DOCUMENTED, ids=[c[0] for c in DOCUMENTED])
def test_a_part_of_a_neighbours_name_is_its_subject_on_the_lines_added_with_it(language, path, doc, setting) -> None:
    """Dapper's decoy as the change wrote it: the setting's doc comment and its test's `bool legacyParameterToken`
    name a part of `SupportLegacyParameterTokens` without writing it whole; added with the setting, in one run of
    changed lines, they are the neighbour's code still, no evidence for the decoy."""
    assert evidence(REVERT, [SETTING], path, doc, setting) == [], language


BOUNDED = {  # the line that bounds the attempts by the option, in the file that logs each attempt
    "C#": "            if (attempt > _options.MaxRetryAttempts) throw;",
    "Go": "\tif attempt > opts.MaxRetryAttempts {",
    "TypeScript": "    if (attempt > options.maxRetryAttempts) throw error;",
    "Python": "        if attempt > self.options.max_retry_attempts:",
    "Java": "        if (attempt > options.maxRetryAttempts) throw e;",
    "Ruby": "      raise error if attempt > options.max_retry_attempts",
}


@pytest.mark.parametrize(("language", "path", "line"), LOG_LINE, ids=[c[0] for c in LOG_LINE])
def test_the_neighbours_name_elsewhere_in_the_file_leaves_a_line_its_own(language, path, line) -> None:
    """The file that logs each retry attempt also reads `MaxRetryAttempts`, in another run of changed lines (an
    unchanged line between): the log line stays the criterion's evidence."""
    change = patch(path, f"+{BOUNDED[language]}", "         delay = Backoff(attempt);", f"+{line}")
    found = EvidenceFinder(parse_diff(change)).find(LOGGED[0], work_item=[OPTION], siblings=[OPTION])
    assert [f.path for f in found.files] == [f"/{path}"], language


OUTCOMES = "Added BETA support for listing `PolicySetOutcomes`."
AGENTS = "Fix BETA support for arm64 agents, which is EXPERIMENTAL, SUBJECT TO CHANGE, and may not be available."
NOTE = "This method is still in BETA and subject to change."
BOILERPLATE = [  # (language, path, the note as a comment above a method, the method's line)
    ("Go", "policy_set_outcome.go", f"// **Note: {NOTE}**",
     "func (s *policySetOutcomes) List(ctx context.Context, id string) (*PolicySetOutcomeList, error) {"),
    ("C#", "src/Policies/PolicySetOutcomes.cs", f"    /// <remarks>{NOTE}</remarks>",
     "    public Task<PolicySetOutcomeList> ListAsync(string id)"),
    ("Java", "src/main/java/org/acme/PolicySetOutcomes.java", f"     * {NOTE}",
     "    public PolicySetOutcomeList list(String id) {"),
    ("TypeScript", "src/policySetOutcomes.ts", f"  // {NOTE}", "  list(id: string): Promise<PolicySetOutcomeList> {"),
    ("Python", "src/policies/policy_set_outcomes.py", f"    # {NOTE}",
     "    def list(self, id: str) -> PolicySetOutcomeList:"),
    ("Ruby", "lib/policies/policy_set_outcomes.rb", f"  # {NOTE}", "  def list(id)"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "note", "method"), BOILERPLATE, ids=[c[0] for c in BOILERPLATE])
def test_a_comments_capitals_are_emphasis_not_a_name(language, path, note, method) -> None:
    """go-tfe's decoys (issue 32): a note every new beta method carries ("still in BETA and subject to change") is
    no evidence for another entry shouting the same words (BETA, SUBJECT TO CHANGE): a word the prose writes in
    capitals, met only in a comment, is emphasis, not an acronym the code spells. The entry naming the method's
    type keeps its evidence."""
    assert evidence(AGENTS, [OUTCOMES], path, note, method) == [], language
    assert evidence(OUTCOMES, [AGENTS], path, note, method) == [f"/{path}"], language


HOOKS = 'Startup hooks no longer always contain "{name}".'
QUOTED = [  # (language, path, the quoted name, lines using its siblings and children, a line writing it as a value)
    ("C#", "src/Worker/StartupHooks.cs", "Contoso.Billing.Payments.Worker.Core",
     ("using Contoso.Billing.Payments.Worker.Sdk;", "using Contoso.Billing.Payments.Worker.Core.Metadata;"),
     '        hooks.Remove("Contoso.Billing.Payments.Worker.Core");'),
    ("Java", "src/main/java/com/contoso/worker/StartupHooks.java", "com.contoso.payments.worker.core",
     ("import com.contoso.payments.worker.sdk.Generators;", "import com.contoso.payments.worker.core.metadata.Reader;"),
     '        hooks.remove("com.contoso.payments.worker.core");'),
    ("Python", "src/worker/startup_hooks.py", "contoso.billing.payments.worker.core",
     ("from contoso.billing.payments.worker.sdk import generators",
      "from contoso.billing.payments.worker.core.metadata import Reader"),
     '    hooks.remove("contoso.billing.payments.worker.core")'),
    ("Go", "internal/worker/startup_hooks.go", "contoso.dev/billing/payments/worker/core",
     ('\t"contoso.dev/billing/payments/worker/sdk"', '\t"contoso.dev/billing/payments/worker/core/metadata"'),
     '\tdelete(hooks, "contoso.dev/billing/payments/worker/core")'),
    ("TypeScript", "src/worker/startupHooks.ts", "contoso/billing/payments/worker/core",
     ('import { generators } from "contoso/billing/payments/worker/sdk";',
      'import { Reader } from "contoso/billing/payments/worker/core/metadata";'),
     '  hooks.delete("contoso/billing/payments/worker/core");'),
    ("Ruby", "lib/worker/startup_hooks.rb", "contoso/billing/payments/worker/core",
     ('require "contoso/billing/payments/worker/sdk"', 'require "contoso/billing/payments/worker/core/metadata"'),
     '  hooks.delete("contoso/billing/payments/worker/core")'),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "name", "others", "value"), QUOTED, ids=[c[0] for c in QUOTED])
def test_a_quoted_name_is_read_whole_and_an_import_names_a_module(language, path, name, others, value) -> None:
    """azure-functions-dotnet-worker's decoy (issue 32): a quoted name of one token (a namespace, a module's path) is
    a name, read whole as a code span is: four of its five words in order (`...Worker.Sdk`) are another name, not a
    message with a placeholder, and an import line of it, or of a module below it, names a module, not what the
    change does. A line writing it as a value is its evidence."""
    criterion = HOOKS.format(name=name)
    for line in others:
        assert evidence(criterion, [], path, line) == [], (language, line)
    assert evidence(criterion, [], path, value) == [f"/{path}"], language


STORY = ["Document the release process for maintainers.", "Bump the minimum supported runtime to the next LTS."]
QUOTED_OWN = [  # (language, criterion quoting one token, path, lines deleted, lines added): the change's own lines
    ("Java", 'Read "retry.max.backoff.seconds" from the config.', "src/main/java/acme/Config.java", (),
     ("        int cap = props.retryMaxBackoffSeconds();",)),  # all its words in order, in the code's case
    ("Ruby", 'Route "/api/orders/{orderId}/items" to the items controller.', "config/routes.rb", (),
     ('  get "/api/orders/:order_id/items", to: "items#index"',)),  # a placeholder stands for any word
    ("Python", 'Drop the "six.moves" imports now that Python 2 is gone.', "src/acme/compat.py",
     ("from six.moves import urllib",), ("import urllib",)),  # the import of the quoted module itself
    ("C#", 'Remove the "Newtonsoft.Json" dependency from the worker.', "src/Worker/Serializer.cs",
     ("using Newtonsoft.Json;",), ("using System.Text.Json;",)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("language", "criterion", "path", "deleted", "added"), QUOTED_OWN, ids=[c[0] for c in QUOTED_OWN]
)
def test_a_quoted_name_meets_its_own_spelling_and_import(language, criterion, path, deleted, added) -> None:
    """Review 6 (findings 5, 6 of 7a40d97): a one-token quoted name keeps the in-order reading when all its words
    sit in order inside one token of the line (`retryMaxBackoffSeconds`; a `{placeholder}` is any word), and only an
    import of another module (a child, a sibling) is dropped: the line importing the quoted module itself is the
    change a dependency's removal makes."""
    finder = EvidenceFinder(parse_diff(diff(path, *added, deleted=deleted)))
    assert [f.path for f in finder.find(criterion, work_item=STORY, siblings=STORY).files] == [f"/{path}"], language


RESTORE = "Reconnect restores the last `status` on start-up."
STORAGE = "Default storage handles `{name}` errors."
DOUBLES = [  # (language, the code's file and line, the test's file, its fake's lines, the name the decoy writes)
    ("TypeScript", ("src/reconnect.ts", "  if (state.status) restore(state.status);"), "src/reconnect.test.ts",
     ("const storage = {", "  setItem: vi.fn((key, value) => {", '    throw new Error("denied");'), "setItem"),
    ("Python", ("src/app/reconnect.py", "    if state.status: restore(state.status)"), "tests/test_reconnect.py",
     ("class FakeStorage:", "    def set_item(self, key, value):", '        raise OSError("denied")'), "set_item"),
    ("Go", ("reconnect.go", "\t\trestore(state.Status)"), "reconnect_test.go",
     ("func (f *fakeStorage) SetItem(key, value string) error {", '\treturn errors.New("denied")'), "SetItem"),
    ("C#", ("src/App/Reconnect.cs", "        if (state.Status is not null) Restore(state.Status);"),
     "tests/App.Tests/ReconnectTests.cs",
     ("        public void SetItem(string key, string value)", '            => throw new IOException("denied");'),
     "SetItem"),
    ("Java", ("src/main/java/org/acme/Reconnect.java", "        if (state.status != null) restore(state.status);"),
     "src/test/java/org/acme/ReconnectTest.java",
     ("        public void setItem(String key, String value) {",
      '            throw new IllegalStateException("denied");'),
     "setItem"),
    ("Ruby", ("lib/app/reconnect.rb", "    restore(state.status) if state.status"), "spec/reconnect_spec.rb",
     ("    def set_item(key, value)", '      raise IOError, "denied"'), "set_item"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "code", "test", "fake", "name"), DOUBLES, ids=[c[0] for c in DOUBLES])
def test_a_tests_double_of_a_name_is_not_its_change(language, code, test, fake, name) -> None:
    """wagmi's decoy (issue 32): "Added handling to default storage for `setItem` errors" pointed at a test's fake
    storage (`setItem: vi.fn(...)`) in a change about reconnecting: where the change's own code never writes the
    name, a test file defining it defines the test's double, no evidence for it. Where the change's code writes it
    too, the test's definition is evidence again."""
    change = parse_diff(diff(code[0], code[1]) + diff(test, *fake))
    story = [RESTORE, STORAGE.format(name=name)]

    def found(criterion: str, finder: EvidenceFinder) -> list[str]:
        siblings = [s for s in story if s != criterion]
        return [f.path for f in finder.find(criterion, work_item=siblings, siblings=siblings).files]

    finder = EvidenceFinder(change)
    assert found(story[1], finder) == [], language
    assert found(story[0], finder) == [f"/{code[0]}"], language
    writing = parse_diff(diff(code[0], code[1], f"    storage.{name}(key, value)") + diff(test, *fake))
    assert f"/{test}" in found(story[1], EvidenceFinder(writing)), language
