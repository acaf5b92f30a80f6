"""Issue 32's names read whole, in every language, and a name the story's other criteria share: a one-piece name is
its letters (`Reference` is not "References"), a qualified name is one token (`python3.exe` is not "python3, exe"),
a code span's one token is no prose (`with_scheme` is not "with scheme"), a call names its function, and a Go
method's receiver is its type's name, pointer or not (`(*Server).Shutdown`). Each case is one changed file and one
criterion, read as a run reads them; each failed before its rule (a name the story shares:
test_evidence_names_shared.py)."""

from __future__ import annotations

import pytest

from doc_context.relevance.name_files import names_file
from tests.evidence_paths import evidence_in

ONE_PIECE = [  # (language, criterion, path, a line writing another form of the name, a line writing it)
    (
        "Python",
        "The `origin` is cached.",
        "yarl/_url.py",
        "    origins = self._cache.get(key)",
        "    return self.origin",
    ),
    (
        "C#",
        "Cops carry a `Reference` attribute.",
        "src/Cops/CopConfig.cs",
        "    public IList<string> References { get; }",
        "    public string Reference { get; init; }",
    ),
    (
        "TypeScript",
        "`Operation` keys stay stable.",
        "src/client.ts",
        "const operations = new Map();",
        "type Operation = {",
    ),
    (
        "Java",
        "`Formatter` is thread-safe.",
        "src/main/java/Fmt.java",
        "    private final Formatters formatters;",
        "    private final Formatter formatter;",
    ),
    (
        "Go",
        "The `Cluster` is read from metadata.",
        "internal/ecs.go",
        "\tclusters := meta.Clusters",
        "\tc := meta.Cluster",
    ),
    (
        "Ruby",
        "Cops carry a `Reference` attribute.",
        "lib/cops/config.rb",
        "      references = urls.map(&:to_s)",
        "      Reference = Struct.new(:url)",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "other", "same"), ONE_PIECE, ids=[c[0] for c in ONE_PIECE])
def test_a_one_piece_name_is_its_letters(language, criterion, path, other, same) -> None:
    assert evidence_in(criterion, path, other) == [], language
    assert evidence_in(criterion, path, same) == [f"/{path}"], language


QUALIFIED = [  # (language, criterion, path, a line with the parts apart, a line with the name written whole)
    (
        "Python",
        "Ensure `python3.exe` exists on Windows.",
        "tests/test_discovery.py",
        "        # e.g. spec: python3, exe: /bin/python3.12",
        '    assert (bin_dir / "python3.exe").exists()',
    ),
    (
        "C#",
        "`Options.Timeout` applies to retries.",
        "src/Client.cs",
        "    // options, timeout and retries are read once",
        "        var wait = Options.Timeout;",
    ),
    (
        "TypeScript",
        "`client.query` resolves once.",
        "src/urql.ts",
        "  // the client, query and mutation share a cache",
        "  const result = await client.query(doc).toPromise();",
    ),
    (
        "Java",
        "`Builder.build` validates names.",
        "src/main/java/Pipeline.java",
        "    // the Builder, build() and run() in order",
        "        Pipeline p = Builder.build(steps);",
    ),
    (
        "Go",
        "`plugin.Serve` stops cleanly.",
        "internal/server.go",
        "\t// the plugin, serve and stop calls",
        "\terr := plugin.Serve(opts)",
    ),
    (
        "Ruby",
        "`Config.load` reads the file once.",
        "lib/app/boot.rb",
        "    # config, load and run in order",
        "    settings = Config.load(path)",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "apart", "whole"), QUALIFIED, ids=[c[0] for c in QUALIFIED])
def test_a_qualified_name_is_one_token(language, criterion, path, apart, whole) -> None:
    assert evidence_in(criterion, path, apart) == [], language
    assert evidence_in(criterion, path, whole) == [f"/{path}"], language


ONE_TOKEN = [  # (language, criterion, path, a line saying its words as prose, a line writing it)
    (
        "Python",
        "Improved performance of `with_scheme`.",
        "yarl/_url.py",
        '        """Return an URL with scheme, host and port parts only.',
        "    def with_scheme(self, scheme):",
    ),
    (
        "C#",
        "`on_error` handlers run once.",
        "src/Pipeline.cs",
        "        // on error, retry the step once",
        '        events.Subscribe("on_error", handler);',
    ),
    (
        "TypeScript",
        "`on_change` fires once.",
        "src/store.ts",
        "  // on change, fire the listener once",
        "  emitter.on('on_change', listener);",
    ),
    (
        "Java",
        "`as_list` keeps the order.",
        "src/main/java/Seq.java",
        "    // return it as list, in order",
        '    static final String MODE = "as_list";',
    ),
    (
        "Go",
        "`by_name` sorting is stable.",
        "internal/sort.go",
        "\t// sort by name, then by id",
        '\tcase "by_name":',
    ),
    (
        "Ruby",
        "`in_batches` is used for large tables.",
        "lib/app/export.rb",
        "    # process in batches of 100",
        "    Order.in_batches(of: 100) do |batch|",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "prose", "code"), ONE_TOKEN, ids=[c[0] for c in ONE_TOKEN])
def test_a_code_span_of_one_token_is_not_its_words_as_prose(language, criterion, path, prose, code) -> None:
    assert evidence_in(criterion, path, prose) == [], language
    assert evidence_in(criterion, path, code) == [f"/{path}"], language


PRIVATE = [  # (language, criterion, path, a line writing the name as a private one)
    ("Python", "The `origin` is cached.", "yarl/_url.py", "        return self._origin"),
    ("C#", "Cops carry a `Reference` attribute.", "src/Cops/CopConfig.cs", "    private readonly string _reference;"),
    ("TypeScript", "`Operation` keys stay stable.", "src/client.ts", "    this._operation = op;"),
    ("Java", "`Formatter` is thread-safe.", "src/main/java/Fmt.java", "        this._formatter = build();"),
    ("Go", "The `Cluster` is read from metadata.", "internal/ecs.go", "\t_cluster := load()"),
    ("Ruby", "Cops carry a `Reference` attribute.", "lib/cops/config.rb", "      _reference = url"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), PRIVATE, ids=[p[0] for p in PRIVATE])
def test_a_one_piece_name_written_private_is_the_name(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


CALLS = [  # (language, criterion, a test using the type, a line there, the type's file, its method's line)
    (
        "Python",
        "RetryPolicy.backoff(attempt) caps the delay.",
        "tests/test_client.py",
        "    policy = RetryPolicy(max_attempts=3)",
        "src/retry_policy.py",
        "    def backoff(self, attempt):",
    ),
    (
        "C#",
        "ActivitySource.StartActivity(name) keeps the parent.",
        "test/Tracing.Tests/SamplerTests.cs",
        '        using var source = new ActivitySource("test");',
        "src/Tracing/ActivitySource.cs",
        "    public Activity? StartActivity(string name)",
    ),
    (
        "TypeScript",
        "QueryClient.invalidate(key) clears stale pages.",
        "src/app.test.ts",
        "const client = new QueryClient();",
        "src/queryClient.ts",
        "  invalidate(key: string) {",
    ),
    (
        "Java",
        "JsonFactory.setStreamReadConstraints(StreamReadConstraints) fails to update the limits.",
        "src/test/java/com/fasterxml/jackson/core/sym/TestSymbols.java",
        "        JsonFactory f = new JsonFactory();",
        "src/main/java/com/fasterxml/jackson/core/JsonFactory.java",
        "        _streamReadConstraints = src;  // setStreamReadConstraints",
    ),
    (
        "Go",
        "RetryPolicy.Backoff(attempt) caps the delay.",
        "internal/client_test.go",
        "\tpolicy := RetryPolicy{Max: 3}",
        "internal/retry_policy.go",
        "func (p RetryPolicy) Backoff(attempt int) time.Duration {",
    ),
    (
        "Ruby",
        "RetryPolicy.backoff(attempt) caps the delay.",
        "spec/client_spec.rb",
        "    policy = RetryPolicy.new(max: 3)",
        "lib/retry_policy.rb",
        "  def backoff(attempt)",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "test", "uses", "path", "line"), CALLS, ids=[c[0] for c in CALLS])
def test_a_call_in_prose_names_its_function(language, criterion, test, uses, path, line) -> None:
    assert evidence_in(criterion, test, uses) == [], language  # the type in use, not the function the criterion names
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


RECEIVERS = [  # (criterion, path, the method's definition)
    (
        "`(*Server).Shutdown` waits for open connections.",
        "server.go",
        "func (srv *Server) Shutdown(ctx Context) error {",
    ),
    (
        "`(*http.Server).Shutdown` waits for open connections.",
        "net/http/server.go",
        "func (srv *Server) Shutdown(ctx context.Context) error {",
    ),
]


@pytest.mark.parametrize(("criterion", "path", "line"), RECEIVERS, ids=["pointer", "package"])
def test_a_go_receiver_names_its_type_pointer_or_not(criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"]


SOURCES = [  # (language, criterion naming a module with its package, its file below the package's src/, another's)
    (
        "TypeScript",
        "Fix `@emotion/css/create-instance` types in module resolution modes.",
        "packages/css/src/create-instance.d.ts",
        "packages/react/src/create-instance.d.ts",
    ),
    (
        "TypeScript unscoped",
        "Fix `shop-cart/checkout` totals when the basket is empty.",
        "packages/shop-cart/src/checkout.ts",
        "packages/shop-admin/src/checkout.ts",
    ),
    ("Rust", "`tokio::process` reaps children in blocking tasks.", "tokio/src/process.rs", "tokio-util/src/process.rs"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "other"), SOURCES, ids=[s[0] for s in SOURCES])
def test_a_module_named_with_its_package_meets_its_file_below_src(language, criterion, path, other) -> None:
    """A package's sources sit in its src/ folder: `@scope/pkg/module` is packages/pkg/src/module.ts, `crate::module`
    crate/src/module.rs, even where no changed line spells it (an import path rewritten)."""
    line = "export * from '../types/index'" if language != "Rust" else "pub use crate::io::blocking;"
    assert evidence_in(criterion, path, line) == [f"/{path}"], language
    assert evidence_in(criterion, other, line) == [], language  # the module of another package


def test_a_decorator_is_no_scoped_package() -> None:
    """Only an npm scope's @ is set aside (`@emotion/css`): a decorator or an annotation names no file by it."""
    assert names_file("@emotion/css/create-instance", "/packages/css/src/create-instance.ts")
    assert not names_file("@command", "/src/click/command.py")
    assert not names_file("@JsonIgnore", "/src/main/java/com/fasterxml/jackson/annotation/JsonIgnore.java")


FILE_LETTERS = [  # (language, criterion naming a one-piece name, a file named another form of its word, the name's)
    ("Python", "`shipped` is set once the parcel leaves.", "src/acme/ship.py", "src/acme/shipped.py"),
    ("C#", "`Shipping` keeps the parcel order.", "src/Orders/Ship.cs", "src/Orders/Shipping.cs"),
    ("TypeScript", "`planning` waits for the quota.", "src/jobs/plan.ts", "src/jobs/planning.ts"),
    ("Java", "`Stopped` survives a restart.", "src/main/java/acme/Stop.java", "src/main/java/acme/Stopped.java"),
    ("Go", "`scanning` stops on a closed context.", "internal/scan.go", "internal/scanning.go"),
    ("Ruby", "`indexed` is set after the import.", "lib/acme/index.rb", "lib/acme/indexed.rb"),
]


@pytest.mark.parametrize(("language", "criterion", "other", "path"), FILE_LETTERS, ids=[c[0] for c in FILE_LETTERS])
def test_a_one_piece_name_meets_its_file_by_its_letters(language, criterion, other, path) -> None:
    """A one-piece name is its letters on a line (`Reference` is not "References"), and so in a file's name: `shipped`
    is not ship.py, whose name is another word of the same stem. A line changed there that writes no `shipped` is no
    evidence of it; the file named `shipped` is."""
    line = "    retries = 3"
    assert evidence_in(criterion, other, line) == [], language
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


def test_a_one_piece_name_meets_its_plural_file() -> None:
    """A kind's page or folder is named in the plural (docs/api/bridges.md for `bridge`): the plural's s aside, the
    letters are the name's."""
    assert names_file("bridge", "/docs/api/bridges.md")
    assert names_file("Settings", "/src/acme/setting.py")
    assert not names_file("packaging", "/src/acme/package.py")


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("Category", "/src/acme/categories.py"),
        ("Policy", "/lib/acme/policies.rb"),
        ("Entity", "/src/model/entities.ts"),
        ("Address", "/src/Billing/Addresses.cs"),
        ("categories", "/src/acme/category.py"),
    ],
)
def test_a_one_piece_name_meets_its_file_in_an_es_or_ies_plural(name: str, path: str) -> None:
    """Review 10, finding 5: English plurals in -es and -ies are the name's too, as -s is."""
    assert names_file(name, path)


@pytest.mark.parametrize(("name", "path"), [("Policy", "/lib/acme/police.rb"), ("Entity", "/src/model/entitled.ts")])
def test_another_word_is_no_plural(name: str, path: str) -> None:
    assert not names_file(name, path)


KEBAB = [  # (language, criterion, path, a longer kebab-case name holding the name's words, the name in kebab case)
    (
        "Java",
        "`SessionStore` evicts idle sessions.",
        "build.gradle",
        "    implementation 'com.acme:acme-session-store-redis:1.0.0'",
        "    implementation 'com.acme:session-store:1.0.0'",
    ),
    (
        "C#",
        "`SessionStore` evicts idle sessions.",
        "src/Web/Headers.cs",
        '        request.Headers.Add("x-session-store-id", id);',
        '        request.Headers.Add("session-store", id);',
    ),
    (
        "TypeScript",
        "`SessionStore` evicts idle sessions.",
        "src/server.ts",
        "import redis from 'connect-session-store-redis';",
        "import store from 'session-store';",
    ),
    (
        "Go",
        "`SessionStore` evicts idle sessions.",
        "internal/web/server.go",
        '\t_ "github.com/acme/go-session-store-redis"',
        '\t_ "github.com/acme/session-store"',
    ),
    (
        "Python",
        "`SessionStore` evicts idle sessions.",
        "src/acme/cli.py",
        '    parser.add_argument("--session-store-path")',
        '    parser.add_argument("--session-store")',
    ),
    (
        "Ruby",
        "`SessionStore` evicts idle sessions.",
        "Gemfile",
        'gem "rack-session-store-redis"',
        'gem "session-store"',
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "longer", "same"), KEBAB, ids=[c[0] for c in KEBAB])
def test_a_camel_case_name_is_no_part_of_a_kebab_case_one(language, criterion, path, longer, same) -> None:
    """Kebab case is how packages, artifacts, headers and options are named; a type's name in camel case written in it
    whole is the type's package or option (`session-store`), but inside a longer one (`acme-session-store-redis`,
    `x-session-store-id`) it is another thing's name."""
    assert evidence_in(criterion, path, longer) == [], language
    assert evidence_in(criterion, path, same) == [f"/{path}"], language
