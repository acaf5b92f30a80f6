"""Issue 32, review 14 F3: an attribute, annotation or decorator a criterion names as the code writes it where it
applies, its sigil included (C# `[JsonIgnore]`, Java `@Deprecated`, Python `@cache`, TypeScript `@HostListener()`,
Rust `#[non_exhaustive]`), meets the lines applying it and the line declaring it, in each language; never a line
writing its name for another purpose (a `cache` variable, a `deprecated` field): read as its bare name it met those,
and cost five decoys. Without its sigil the name is read as any name is."""

from __future__ import annotations

import pytest

from doc_context.relevance.attributes import Mark, marked
from doc_context.relevance.token_terms import code_term
from tests.diffs import changed as diff
from tests.test_evidence_languages import evidence

APPLIED = [  # (language, path, the line applying it, the line under it, as the criterion writes it)
    ("C#", "src/Acme/Report.cs", "    [JsonIgnore]", "    public string Secret { get; set; }", "[JsonIgnore]"),
    (
        "C# list",
        "src/Acme/Report.cs",
        "    [DataMember, JsonIgnore]",
        "    public string Secret { get; }",
        "[JsonIgnore]",
    ),
    ("C# target", "src/Acme/Report.cs", "    [property: JsonIgnore]", "    string Secret,", "[JsonIgnore]"),
    (
        "C# argued",
        "src/Acme/Streams.cs",
        '    [Obsolete("Use Put.")]',
        "    public void Send(string p) { }",
        "[Obsolete]",
    ),
    (
        "C# arguments named",
        "src/Acme/Streams.cs",
        '    [Obsolete("Use Put.")]',
        "    public void Send(string p) { }",
        '[Obsolete("Use Put.")]',
    ),
    (
        "Java",
        "src/main/java/org/acme/Streams.java",
        '    @Deprecated(since = "2.0")',
        "    void put() {}",
        "@Deprecated",
    ),
    ("Python", "src/acme/lookups.py", "@cache", "def lookup(key):", "@cache"),
    ("Python qualified", "src/acme/lookups.py", "@functools.cache", "def lookup(key):", "@functools.cache"),
    (
        "TypeScript",
        "src/app/card.component.ts",
        "  @HostListener('window:resize')",
        "  onResize() {}",
        "@HostListener()",
    ),
    ("Rust", "src/error.rs", "#[non_exhaustive]", "pub enum FetchError {", "#[non_exhaustive]"),
]


@pytest.mark.parametrize(("language", "path", "mark", "under", "name"), APPLIED, ids=[a[0] for a in APPLIED])
@pytest.mark.parametrize("sigil", [True, False], ids=["with its sigil", "bare"])
def test_an_attribute_meets_the_line_applying_it(language, path, mark, under, name, sigil) -> None:
    bare = marked(name)
    assert bare is not None
    written = name if sigil else bare.name
    criterion = f"The old members are marked `{written}` now."
    other = diff("src/unrelated_helpers.txt", "nothing here")
    assert evidence(criterion, diff(path, mark, under), other) == [f"/{path}"], language


DECLARED = [  # (language, path, the line declaring it, as the criterion writes it)
    ("Python", "src/click/decorators.py", "def command(", "@command"),
    ("C#", "src/Acme/JsonIgnoreAttribute.cs", "public sealed class JsonIgnoreAttribute : Attribute", "[JsonIgnore]"),
    ("Java", "src/main/java/org/acme/Retried.java", "public @interface Retried {", "@Retried"),
    ("TypeScript", "src/core/decorators.ts", "export function HostListener(event: string) {", "@HostListener()"),
]


@pytest.mark.parametrize(("language", "path", "line", "name"), DECLARED, ids=[d[0] for d in DECLARED])
def test_an_attribute_meets_the_line_declaring_it(language, path, line, name) -> None:
    """click's `@command` entry: its change is the decorator's own definition (`def command(` overloads)."""
    criterion = f"The `{name}` decorator is annotated with the type it returns."
    assert evidence(criterion, diff(path, line, "    ...")) == [f"/{path}"], language


OTHER_USES = [  # (language, path, a line writing the name for another purpose, as the criterion writes it)
    ("C#", "src/Acme/Settings.cs", "        settings.JsonIgnore = true;", "[JsonIgnore]"),
    ("Java", "src/main/java/org/acme/Api.java", "    private final boolean deprecated;", "@Deprecated"),
    ("Python", "src/acme/lookups.py", "    cache = {}", "@cache"),
    ("Python call", "src/cli/core.py", "    return command(name, cls=cls)(f)", "@command"),
    ("TypeScript", "src/app/card.component.ts", "  const hostListener = listeners.get(name);", "@HostListener()"),
    ("Rust", "src/error.rs", "    let non_exhaustive = true;", "#[non_exhaustive]"),
    # review 15 F2: the same attribute applied with other arguments than the span writes
    (
        "Java route",
        "src/main/java/org/acme/OrderController.java",
        '    @GetMapping("/orders/{id}")',
        '@GetMapping("/users/{id}")',
    ),
    (
        "Java property",
        "src/main/java/org/acme/Invoice.java",
        '    @JsonProperty("order_id")',
        '@JsonProperty("user_id")',
    ),
    (
        "C# converter",
        "src/Acme/Order.cs",
        "    [JsonConverter(typeof(IsoDateConverter))]",
        "[JsonConverter(typeof(DateOnlyConverter))]",
    ),
    ("Python route", "src/acme/views.py", '@app.route("/logout")', '@app.route("/login")'),
]


@pytest.mark.parametrize(("language", "path", "line", "name"), OTHER_USES, ids=[o[0] for o in OTHER_USES])
def test_an_attribute_never_meets_its_name_written_for_another_purpose(language, path, line, name) -> None:
    criterion = f"The old members are marked `{name}` now."
    assert evidence(criterion, diff(path, line)) == [], language


@pytest.mark.parametrize(
    ("path", "line", "name"),
    [
        (
            "src/main/java/org/acme/UserController.java",
            '    @GetMapping(value = "/users/{id}")',
            '@GetMapping("/users/{id}")',
        ),
        ("src/acme/views.py", "@app.route( '/login' , methods=['POST'])", '@app.route("/login")'),
        (
            "src/Acme/Order.cs",
            "    [JsonConverter( typeof(DateOnlyConverter) )]",
            "[JsonConverter(typeof(DateOnlyConverter))]",
        ),
    ],
)
def test_an_attribute_named_with_its_arguments_meets_them_however_spaced_or_quoted(path, line, name) -> None:
    criterion = f"The members are marked `{name}` now."
    assert evidence(criterion, diff(path, line)) == [f"/{path}"]


WRAPPED = [  # (language, path, the lines applying it, its arguments on the lines after its name, the name)
    (
        "Java",
        "src/main/java/org/acme/UserController.java",
        (
            "    @GetMapping(",
            '        value = "{route}",',
            '        produces = "application/json")',
            "    User get() {",
        ),
        '@GetMapping("/users/{id}")',
    ),
    (
        "Python",
        "src/acme/views.py",
        ("@app.route(", '    "{route}",', '    methods=["POST"],', ")", "def login():"),
        '@app.route("/login")',
    ),
    (
        "C#",
        "src/Acme/UsersController.cs",
        (
            "    [HttpGet(",
            '        "{route}",',
            '        Name = "GetUser")]',
            "    public User Get(int id) => Find(id);",
        ),
        '[HttpGet("/users/{id}")]',
    ),
    (
        "TypeScript",
        "src/app/users.controller.ts",
        ("  @Patch(", "    '{route}',", "  )", "  update(@Param('id') id: string) {}"),
        '@Patch("/users/:id")',  # (NestJS; `@Get` is a common word's, weak alone)
    ),
]


def _routes(name: str) -> tuple[str, str]:
    """The route the name writes, and another."""
    route = name.split('"')[1]
    return route, route.replace("users", "orders").replace("login", "logout")


@pytest.mark.parametrize(("language", "path", "lines", "name"), WRAPPED, ids=[w[0] for w in WRAPPED])
def test_an_attribute_named_with_its_arguments_meets_them_on_the_lines_after_it(language, path, lines, name) -> None:
    """An annotation's arguments a formatter wraps onto the lines after its name (`@GetMapping(` then `value =
    "/users/{id}",`) are its arguments still (failing before: the line naming it wrote none of them)."""
    route, _ = _routes(name)
    criterion = f"The members are marked `{name}` now."
    assert evidence(criterion, diff(path, *(line.replace("{route}", route) for line in lines))) == [f"/{path}"]


@pytest.mark.parametrize(("language", "path", "lines", "name"), WRAPPED, ids=[w[0] for w in WRAPPED])
def test_an_attribute_wrapped_with_other_arguments_meets_nothing(language, path, lines, name) -> None:
    _, other = _routes(name)
    criterion = f"The members are marked `{name}` now."
    assert evidence(criterion, diff(path, *(line.replace("{route}", other) for line in lines))) == []


def test_arguments_are_read_on_the_lines_in_a_row_after_the_name_only() -> None:
    """The next line of the diff's added ones is no argument when unchanged lines stand between them."""
    path = "src/main/java/org/acme/UserController.java"
    hunks = (
        f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n"
        '@@ -10,0 +11,1 @@\n+    @GetMapping(\n@@ -40,0 +41,1 @@\n+        "/users/{id}")\n'
    )
    assert evidence('The members are marked `@GetMapping("/users/{id}")` now.', hunks) == []


@pytest.mark.parametrize(
    ("span", "mark"),
    [
        ("[JsonIgnore]", Mark("[", "JsonIgnore")),
        ('[Obsolete("Use Put.")]', Mark("[", "Obsolete", '"Use Put."')),
        ("[System.Obsolete]", Mark("[", "System.Obsolete")),
        ("@Deprecated", Mark("@", "Deprecated")),
        ("@functools.cache", Mark("@", "functools.cache")),
        ("@Input()", Mark("@", "Input")),
        ("#[non_exhaustive]", Mark("#[", "non_exhaustive")),
        ("#[derive(Debug)]", Mark("#[", "derive", "Debug")),
        ("@types/node", None),  # an npm package's scope
        ("@parcel/watcher", None),
        ("[ ]", None),  # a checkbox, an index, a list, a TOML table
        ("[x]", None),
        ("[0]", None),
        ("[items]", None),
        ("[tool.acme]", None),
        ("@", None),
        ("@@", None),
        ("user@example.com", None),
    ],
)
def test_what_is_an_attribute(span, mark) -> None:
    assert marked(span) == mark


@pytest.mark.parametrize("span", ["@types/node", "[x]", "[ ]", "[items]"])
def test_a_package_a_checkbox_or_an_index_is_read_as_before(span) -> None:
    term = code_term(span)
    assert term is None or term.kind != "ident" or term.label == span.lstrip("@")


@pytest.mark.parametrize(
    ("span", "strong"),
    [
        ("[JsonIgnore]", True),
        ("@Deprecated", True),
        ("@HostListener()", True),
        ("@Input()", False),
        ("@Override", False),
    ],
)
def test_an_attribute_is_named_code_as_strong_as_its_name(span, strong) -> None:
    """`@Input()` is a common word's, `@Override` every Java method's: named (read only where applied or declared),
    weak alone."""
    term = code_term(span)
    assert term is not None and term.named and term.kind == "ident" and (term.weight == 2) is strong


FIXTURES = [  # (language, the test's path, the line applying it to the test's fixture, the line under it, the name)
    (
        "Java",
        "src/test/java/org/acme/PolymorphicDeductionTest.java",
        "        @JsonIgnore",
        "        boolean isObject();",
        "@JsonIgnore",
    ),
    (
        "C#",
        "tests/Acme.Tests/ReportTests.cs",
        "        [JsonIgnore]",
        "        public string Secret { get; set; }",
        "[JsonIgnore]",
    ),
    ("Python", "tests/test_lookups.py", "    @cache", "    def fake_lookup(key):", "@cache"),
    ("TypeScript", "src/app/card.component.spec.ts", "  @HostListener('click')", "  onClick() {}", "@HostListener()"),
]


@pytest.mark.parametrize(("language", "path", "mark", "under", "name"), FIXTURES, ids=[f[0] for f in FIXTURES])
def test_a_test_applying_an_attribute_to_its_fixture_is_no_evidence_alone(language, path, mark, under, name) -> None:
    """A test applies the project's attributes to the types it declares to set up what it tests (jackson-databind's
    tests, `@JsonIgnore` on a fixture's interface, beside an entry about `@JsonIgnore` on records): the attribute
    weighs there as a test's word does, and the change's code applying it is the evidence."""
    criterion = f"A record's property marked `{name}` is ignored for deserialization."
    assert evidence(criterion, diff(path, mark, under)) == [], language
    code = {"Java": "src/main/java/org/acme/Record.java", "C#": "src/Acme/Record.cs"}.get(
        language, "src/acme/record.py"
    )
    assert evidence(criterion, diff(path, mark, under), diff(code, mark, under)) == [f"/{code}"], language
