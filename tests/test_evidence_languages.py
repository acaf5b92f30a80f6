"""Issue 32's rules, each in every language a change is written in: a name with and without backticks, a
namespaced name against its path, a prefix that must not match, a language word that is never evidence alone, and
a value whose unit is missing. Each case is one changed file and one criterion, read as a run reads them."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.criterion_terms import criterion_terms
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    """The paths the criterion's evidence points at."""
    found = EvidenceFinder(parse_diff("".join(files))).find(criterion)
    return [f.path for f in found.files]


NAMES = [  # (language, path, added line, the name as the criterion writes it)
    ("Python", "shop/rounding.py", "def round_half_even(amount):", "round_half_even"),
    ("C#", "src/Billing/InvoiceMailer.cs", "public sealed class InvoiceMailer : IMailer", "InvoiceMailer"),
    (
        "TypeScript",
        "src/exchange.ts",
        "export const persistedFetchExchange = makeExchange();",
        "persistedFetchExchange",
    ),
    ("Java", "src/main/java/Dunning.java", "    private final DunningScheduler scheduler;", "DunningScheduler"),
    ("Go", "internal/values.go", "func NewFloat64Value(v float64) Float64Value {", "Float64Value"),
    ("Ruby", "lib/cart/coupon.rb", "  def apply_coupon_code(code)", "apply_coupon_code"),
    ("YAML", "config/cart.yaml", "coupon-stacking-limit: 2", "coupon-stacking-limit"),
]


@pytest.mark.parametrize(("language", "path", "line", "name"), NAMES, ids=[n[0] for n in NAMES])
@pytest.mark.parametrize("written", ["`{}`", "{}"], ids=["code span", "plain prose"])
def test_a_name_with_or_without_backticks_is_read_whole(language, path, line, name, written) -> None:
    criterion = f"The checkout calls {written.format(name)} now."
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


PATHS = [  # (language, the name the criterion writes, the file that is it, a changed line that does not spell it)
    ("Ruby", "Style/InverseMethods", "lib/rubocop/cop/style/inverse_methods.rb", "        MSG = 'Use `%<inverse>s`.'"),
    ("C#", "Contoso.Billing.Invoice", "src/Billing/Invoice.cs", "    public decimal Total => Lines.Sum(l => l.Net);"),
    ("C#", "Acme.Billing.InvoiceMailer", "src/Acme.Billing/InvoiceMailer.cs", "        await Send(invoice);"),
    ("VB.NET", "Acme.Billing.InvoiceMailer", "src/Acme.Billing/InvoiceMailer.vb", "        Await Send(invoice)"),
    ("Java", "com.acme.billing.Invoice", "src/main/java/com/acme/billing/Invoice.java", "    return lines.size();"),
    ("Go", "Float64Value", "types/float64_value.go", "\treturn v.state == attr.ValueStateNull"),
    ("TypeScript", "persistedFetchExchange", "exchanges/src/persistedFetchExchange.ts", "  return forward(ops$);"),
    ("Python", "payments.refund_policy", "src/payments/refund_policy.py", "    return max(days, 14)"),
]


@pytest.mark.parametrize(("language", "name", "path", "line"), PATHS, ids=[p[0] for p in PATHS])
def test_a_namespaced_name_meets_its_path(language, name, path, line) -> None:
    criterion = f"Fix a false positive in `{name}`."
    other = diff("src/unrelated_helpers.txt", "nothing here")
    assert evidence(criterion, diff(path, line), other) == [f"/{path}"], language


PREFIXES = [  # (language, criterion, path, a line holding a longer or shorter name)
    ("TypeScript", "Revert the `ActorRefFrom` change.", "src/actors.test.ts", "const actorRef = from(machine);"),
    ("TypeScript", "Do not `emit` twice.", "src/events.ts", "type Listener<TEmitted> = (e: TEmitted) => void;"),
    (
        "C#",
        "The `Cluster` field returns a cluster name.",
        "src/K8sAttributes.cs",
        'public const string ClusterIp = "x";',
    ),
    ("Java", "The `Parser` skips blank lines.", "src/main/java/Reader.java", "ParserFactory factory = create();"),
    ("Go", "`IsFullyNull` reads nested values.", "tftypes/walk.go", "\tif v.IsFully() && isNullable {"),
    ("Python", "The `retry` decorator logs each attempt.", "app/jobs.py", "    retry_count = settings.retry_count"),
    ("Ruby", "`bang` methods raise.", "lib/rails/save.rb", "      def save_bang_method?(node)"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), PREFIXES, ids=[p[0] for p in PREFIXES])
def test_a_part_of_a_name_is_not_the_name(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [], language


LANGUAGE_WORDS = [  # (language, criterion, path, lines full of the word)
    ("Go", "Return `nil` for an empty slice.", "slice.go", "\tif s == nil {", "\t\treturn nil", "\t}"),
    (
        "Go",
        "Pass `context.Context` through.",
        "store.go",
        "func Get(ctx context.Context) error {",
        "func Put(ctx context.Context) {",
    ),
    (
        "C#",
        "Accept `null` values.",
        "tests/ParserTests.cs",
        "[InlineData(null, null, null)]",
        "public void Parses() {}",
    ),
    ("C#", "Methods return `Task`.", "src/Client.cs", "public async Task SendAsync() {", "public Task StopAsync() {"),
    ("Java", "Methods are `public`.", "src/test/java/AppTest.java", "public class AppTest {", "  public void runs() {"),
    (
        "Java",
        "Report the exceptions.",
        "src/main/java/Loader.java",
        "} catch (ClassNotFoundException e) {",
        "  log(e);",
    ),
    ("TypeScript", "Handle `undefined` input.", "src/read.ts", "if (x === undefined) {", "  return undefined;"),
    ("TypeScript", "Make it `async`.", "src/run.ts", "export async function run() {", "  await step();"),
    ("Python", "Use `self` consistently.", "app/models.py", "    def save(self):", "        self.saved = True"),
    ("Ruby", "Handle `nil` receivers.", "lib/cop.rb", "        return if node.nil?", "        nil"),
    # the ninth session: each language's modifiers and everyday types the table missed
    ("TypeScript", "Loaders return a `Promise`.", "src/load.ts", "export function load(): Promise<Page> {",
     "  return Promise.resolve(page);"),
    ("Java", "Fields are `final`.", "src/main/java/Order.java", "  private final long total;",
     "  private final int id;"),
    ("C#", "Members are `internal`.", "src/Billing.cs", "internal static class Billing",
     "    internal static int Two => 2;"),
    ("Python", "Prefer a `lambda`.", "app/report.py", "    rows.sort(key=lambda row: row.total)",
     "    return rows"),
    ("Go", "Runes are read as a `rune`.", "text/scan.go", "func next(s string) rune {", "\tvar r rune"),
]  # fmt: skip


@pytest.mark.parametrize("case", LANGUAGE_WORDS, ids=[f"{c[0]}-{c[1]}" for c in LANGUAGE_WORDS])
def test_a_language_word_is_never_evidence_alone(case: tuple[str, ...]) -> None:
    language, criterion, path, *lines = case
    assert evidence(criterion, diff(path, *lines)) == [], language


VALUES = [  # a code span spelled like a keyword names a value or a key where the change quotes it (review 9)
    ("TypeScript", "Setting `retry` to `never` disables retries.", "src/retry.ts", '  if (policy === "never") {',
     "    return { attempts: 1 };"),
    ("Ruby", "An invoice marked `final` can no longer be edited.", "app/models/invoice.rb", "  def editable?",
     "    status != 'final'"),
    ("Go", "`lambda` settings are read from the deploy file.", "deploy/settings.go",
     '\tLambda LambdaSettings `yaml:"lambda"`'),
]  # fmt: skip


@pytest.mark.parametrize("case", VALUES, ids=[f"{c[0]}-{c[1]}" for c in VALUES])
def test_a_keyword_the_change_quotes_is_a_value_and_evidence(case: tuple[str, ...]) -> None:
    language, criterion, path, *lines = case
    assert evidence(criterion, diff(path, *lines)) == ["/" + path], language


UNITS = [  # (language, criterion, path, line, evidence expected)
    ("Python", "Catalogue pages load in under 200 ms.", "catalogue/views.py", "LIMIT = 200", False),
    ("Python", "Catalogue pages load in under 200 ms.", "catalogue/views.py", "TIMEOUT_MS = 200", True),
    ("C#", "The hold is released within 30 seconds.", "src/Hold.cs", "public const int HoldSeconds = 30;", True),
    ("C#", "The hold is released within 30 minutes.", "src/Hold.cs", "public const int HoldSeconds = 30;", False),
    ("TypeScript", "Retry after 15 minutes.", "src/retry.ts", "const RETRY_AFTER = 15;", False),
    ("Java", "Sessions expire after 45 minutes.", "src/main/java/Session.java", "int ttlMinutes = 45;", True),
    ("Go", "Uploads are capped at 512 MB.", "upload.go", "const maxParts = 512", False),
    ("Ruby", "Tokens live 90 days.", "lib/token.rb", "TTL_DAYS = 90", True),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line", "found"), UNITS)
def test_a_value_needs_its_unit(language, criterion, path, line, found) -> None:
    assert bool(evidence(criterion, diff(path, line))) is found, language


def test_a_number_in_a_file_name_is_no_value() -> None:
    files = [diff(f"gen/mod_{n}.py", *(f"x_{i} = load({n})" for i in range(40))) for n in range(198, 203)]
    assert evidence("Catalogue pages load in under 200 ms.", *files) == []


REWRITTEN = [  # (language, criterion, path, deleted line, added line: the name kept, what surrounds it changed)
    ("Java", "Report `RV_RETURN_VALUE_IGNORED_NO_SIDE_EFFECT` once.", "src/test/java/Issue.java",
     '    assertBugTypeCount("RV_RETURN_VALUE_IGNORED_NO_SIDE_EFFECT", 18);',
     '    assertBugTypeCount("RV_RETURN_VALUE_IGNORED_NO_SIDE_EFFECT", 19);'),
    ("C#", "`NavigationManager` is registered as a singleton.", "src/Services.cs",
     "services.AddScoped<NavigationManager, FakeNavigationManager>();",
     "services.AddSingleton<NavigationManager, FakeNavigationManager>();"),
    ("Java", "`effortViewer` lists every effort.", "src/main/java/Ui.java",
     "effortViewer.add(Effort.values());", "effortViewer.add((Object[]) Effort.values());"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "old", "new"), REWRITTEN, ids=[r[0] for r in REWRITTEN])
def test_a_rewritten_line_keeping_a_named_identifier_speaks_to_it(language, criterion, path, old, new) -> None:
    assert evidence(criterion, diff(path, new, deleted=(old,))) == [f"/{path}"], language


MORE = [  # (language, criterion, files as (path, added lines, deleted lines), the evidence expected)
    ("Go", "dry-run option to batch command", [("cmd/batch.go", ["\tdryRun bool"], [])], ["/cmd/batch.go"]),
    ("Go", "Adds `AdditionalCLIOptions.PlanOptions.NoRefresh`.",
     [("additional_cli_options.go", ["\tNoRefresh bool"], [])], ["/additional_cli_options.go"]),
    ("Python", "Upgrade embedded pip to `21.2.3`.",
     [("embed/__init__.py", ['"pip": "pip-21.2.3-py3-none-any.whl",'], ['"pip": "pip-21.2.2-py3-none-any.whl",'])],
     ["/embed/__init__.py"]),
    ("Go", "New command can create a fragment with custom choices.",
     [("docs/schema.json", ['"description": "custom choices for a fragment kind"'], [])], []),
    ("TypeScript", "Errors from the `GitHub` API are raised.",
     [("packages/get-github-info/src/index.ts", ["throw new GitHubError(res);"], []),
      ("packages/get-github-info/src/index.test.ts", ["expect(GitHubError).toBeDefined();"], [])], []),
    ("Python", "Support Android's `sys.platform`.", [("src/trio/_repl.py", ['if sys.platform == "win32":'], [])], []),
    ("TypeScript", "`changeset tag` skips tags on the remote.",
     [("packages/cli/src/commands/tag/index.ts", ["  const untagged = await getUntagged(cwd);"], []),
      ("packages/cli/src/utils/tags.ts", ["export const x = 1;"], [])], ["/packages/cli/src/commands/tag/index.ts"]),
    ("Go", "`changie batch` prints the version.", [("cmd/batch.go", ["	fmt.Println(version)"], []),
     ("core/batch_test.go", ["	t.Parallel()"], [])], ["/cmd/batch.go"]),
]  # fmt: skip


@pytest.mark.parametrize("case", MORE, ids=[f"{c[0]}-{c[1][:30]}" for c in MORE])
def test_kebab_names_members_versions_generated_files_and_own_names(case) -> None:
    language, criterion, files, expected = case
    found = evidence(criterion, *(diff(p, *added, deleted=tuple(gone)) for p, added, gone in files))
    assert found == expected, language


@pytest.mark.parametrize(
    ("criterion", "about_tests"),
    [
        ("Unit tests cover each tier.", True),
        ("The test suite runs on Windows.", True),
        ("Adds `NoRefresh` to test `terraform plan -refresh=false`.", False),  # to test: a verb
    ],
)
def test_a_criterion_about_tests_is_told_from_one_that_tests_something(criterion: str, about_tests: bool) -> None:
    assert criterion_terms(criterion).tests is about_tests


OPTIONS = [  # (language, path, the line registering the option, as its library writes it)
    (
        "Go pflag",
        "internal/flags/flags.go",
        '\tpflag.BoolVar(&Failfast, "failfast", false, "Stop at the first failure.")',
    ),
    ("Python argparse", "src/runner/cli.py", '    parser.add_argument("--failfast", action="store_true")'),
    ("C# System.CommandLine", "src/Runner/Cli.cs", '        var failfast = new Option<bool>("--failfast");'),
    ("Java picocli", "src/main/java/org/acme/Cli.java", '    @Option(names = {"--failfast"}) boolean stop;'),
    ("TypeScript commander", "src/cli.ts", "  .option('--failfast', 'stop at the first failure')"),
]


@pytest.mark.parametrize(("language", "path", "line"), OPTIONS, ids=[o[0] for o in OPTIONS])
def test_a_command_line_option_meets_the_line_registering_it(language, path, line) -> None:
    """`--failfast` as a changelog writes a one-word option: the line registering it by its name, with its dashes
    (argparse, System.CommandLine, picocli, commander) or without (Go's flag packages), is its evidence; failing
    before for every language: the dashes were read as part of the one-piece name (a two-word `--dry-run` met)."""
    other = diff("src/unrelated_helpers.txt", "nothing here")
    assert evidence("Add a `--failfast` option to stop at the first failure.", diff(path, line), other) == [
        f"/{path}"
    ], language


COMPLETIONS = [  # a shell completion script, listing every option of the command (its line for --failfast)
    ("completion/fish/task.fish", "complete -c task -l failfast -d 'Stop at the first failure'"),
    ("completions/_acme", "  '--failfast[stop at the first failure]' \\"),
    ("contrib/acme-completion.bash", '    opts="--dry-run --failfast --parallel"'),
    ("completion/nu/task-completions.nu", "    --failfast # Stop at the first failure"),
    ("src/Acme.Cli/completions.ps1", "    [CompletionResult]::new('--failfast', 'failfast', 'ParameterName', 'Stop')"),
]


@pytest.mark.parametrize(("path", "line"), COMPLETIONS, ids=[c[0] for c in COMPLETIONS])
def test_a_completion_script_lists_every_option_and_is_no_evidence_alone(path, line) -> None:
    """A shell completion script (bash, zsh, fish, Nushell, PowerShell) writes every option of its command, whatever
    the change is about, as an API report lists every name: evidence beside the code registering the option, never
    alone (relevance/file_kinds.shows_api; failing before: a nearby entry's `--interactive` met Task's Nushell
    completions)."""
    criterion = "Add a `--failfast` option to stop at the first failure."
    code = "".join(diff(f"internal/part{k}.go", f"\tledger{k} := openLedger({k})") for k in range(3))
    assert evidence(criterion, diff(path, line), code) == [], path
    flags = diff("internal/flags/flags.go", '\tpflag.BoolVar(&Failfast, "failfast", false, "Stop.")')
    assert sorted(evidence(criterion, diff(path, line), flags, code)) == sorted(
        ["/internal/flags/flags.go", f"/{path}"]
    ), path


OPTION_WORDS = [  # (language, a neighbour's entry naming an everyday one-word option, a change writing the word)
    ("Go", "`--force` overwrites an existing lock file.", "internal/git/push.go",
     ("func Push(ctx context.Context, remote string, force bool) error {", "\tif force {", "\t}")),
    ("TypeScript", "`--watch` rebuilds when a source file changes.", "src/server/reload.ts",
     ("export function reload(watch: boolean): void {", "  if (watch) scheduler.start();", "}")),
    ("Python", "`--quiet` prints nothing but errors.", "src/acme/logging_setup.py",
     ("def configure(quiet: bool = False) -> None:", "    level = logging.ERROR if quiet else logging.INFO")),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "lines"), OPTION_WORDS, ids=[o[0] for o in OPTION_WORDS])
def test_an_option_is_no_identifier_of_its_word(language, criterion, path, lines) -> None:
    """A one-word option meets the line writing it with its dashes or as a string of its own (`"failfast"`), never
    an identifier of its word: a `force` parameter is no `--force` (review 14 F5, failing before: 3 of 3)."""
    assert evidence(criterion, diff(path, *lines)) == [], language


@pytest.mark.parametrize(
    "path",
    ["gopls/internal/golang/completion/deep_completion.go", "src/completion/rank.ts", "Src/Completions/Ranker.cs"],
)
def test_a_code_completion_package_is_no_completion_script(path) -> None:
    """An editor's or a language server's code completion is product code, not a shell's completion script (review
    14 F6, failing before): its file keeps its evidence."""
    criterion = "Completion offers `deepCandidates` first."
    code = "".join(diff(f"src/part{k}.go", f"\tledger{k} := openLedger({k})") for k in range(3))
    assert evidence(criterion, diff(path, "\tdeepCandidates := rank(items)"), code) == [f"/{path}"], path
