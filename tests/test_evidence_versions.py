"""Issue 32's versions and tools, in every language: a version the criterion writes as code (`4.40`, `v1.41.0`) is
what it is about, so a file that shows none of its versions is not its evidence (the tool's file, changed for
another reason); and a tool's one-piece name meets the file whose name it begins over two pieces or more
(`ktlint`: KtLintStep.java, where the version is set), never that file's test. Each case failed before its rule."""

from __future__ import annotations

import pytest

from tests.evidence_paths import evidence_in

VERSIONS = [  # (language, criterion, the tool's own file, a line changed for another reason, a line setting it)
    (
        "Python",
        "Upgrade embedded `setuptools` to `60.7.1`.",
        "src/seed/setuptools.py",
        "    return Path(__file__).parent / 'wheels'",
        'SETUPTOOLS_VERSION = "60.7.1"',
    ),
    (
        "C#",
        "Updated to `v1.41.0` of `Newtonsoft`.",
        "src/Json/Newtonsoft.cs",
        "    internal static readonly JsonSerializer Default = Create();",
        '    public const string Version = "1.41.0";',
    ),
    (
        "TypeScript",
        "Bump `esbuild` to `0.19.2`.",
        "packages/build/src/esbuild.ts",
        "export const target = resolveTarget(options);",
        "export const ESBUILD_VERSION = '0.19.2';",
    ),
    (
        "Java",
        "Bump default `greclipse` version to latest `4.39` -> `4.40`.",
        "plugin-maven/src/main/java/com/diffplug/spotless/maven/groovy/GrEclipse.java",
        "\tprivate File cacheDirectory;",
        '\tprivate String version = "4.40";',
    ),
    (
        "Go",
        "Update `golangci` to `v1.55.2`.",
        "internal/golangci.go",
        "\treturn cmd.Run()",
        '\tconst pinned = "1.55.2"',
    ),
    (
        "Ruby",
        "Bump `rubocop` to `1.57.0`.",
        "lib/rubocop.rb",
        "  autoload :Cop, 'rubocop/cop'",
        "  VERSION = '1.57.0'",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "other", "sets"), VERSIONS, ids=[v[0] for v in VERSIONS])
def test_a_version_written_as_code_must_show(language, criterion, path, other, sets) -> None:
    assert evidence_in(criterion, path, other) == [], language
    assert evidence_in(criterion, path, sets) == [f"/{path}"], language


STATED = [  # (language, criterion saying a version in prose, the tool's own file, a line naming it, a line setting it)
    (
        "Python",
        "Update the `setuptools` version to 60.7.1.",
        "src/seed/setuptools.py",
        '    log.info("setuptools wheel found")',
        'SETUPTOOLS_VERSION = "60.7.1"',
    ),
    (
        "C#",
        "Update `Newtonsoft` Worker Version to 13.0.3",
        "src/Json/Newtonsoft.cs",
        '        logger.LogInformation("Newtonsoft worker started");',
        '    public const string Version = "13.0.3";',
    ),
    (
        "TypeScript",
        "Update the `esbuild` version to 0.19.2.",
        "packages/build/src/esbuild.ts",
        "  console.log('esbuild starting');",
        "export const ESBUILD_VERSION = '0.19.2';",
    ),
    (
        "Java",
        "Update the `greclipse` version to 4.40.1.",
        "plugin-maven/src/main/java/org/acme/groovy/GrEclipse.java",
        '		log.info("greclipse formatter ready");',
        '	private String version = "4.40.1";',
    ),
    (
        "Go",
        "Update the `golangci` versions to 1.55.2.",
        "internal/golangci.go",
        '	log.Println("golangci ready")',
        '	const pinned = "1.55.2"',
    ),
    (
        "Ruby",
        "Update the `rubocop` version to the latest 1.57.0.",
        "lib/rubocop.rb",
        "  warn 'rubocop loaded'",
        "  VERSION = '1.57.0'",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "other", "sets"), STATED, ids=[v[0] for v in STATED])
def test_a_version_the_prose_says_a_thing_is_at_must_show(language, criterion, path, other, sets) -> None:
    """A version the prose says a thing is at ("Update ... version to 3.8.1", after "version", as a changelog writes
    it bare) is what it is about, as one written as code is; a line naming the thing and not the version (a log
    message, a sample) is about something else. A version said in passing ("since 8.0.0") is context, and stays
    one term among the others."""
    assert evidence_in(criterion, path, other) == [], language
    assert evidence_in(criterion, path, sets) == [f"/{path}"], language


def test_a_version_said_in_passing_is_no_subject() -> None:
    criterion = "Fix zero coverage of `InstrumenterCache` since 8.0.0 on every run."
    assert evidence_in(criterion, "src/Instrumenter.cs", "        var cached = InstrumenterCache.Get(module);") == [
        "/src/Instrumenter.cs"
    ]


TOOLS = [  # (language, criterion, the file the tool's name begins, the line setting its version)
    ("Python", "Bump default `pyflakes` to `3.1.0`.", "src/checks/py_flakes_plugin.py", 'DEFAULT = "3.1.0"'),
    ("C#", "Bump default `xunit` to `2.6.1`.", "src/Runners/XUnitRunner.cs", '    const string Default = "2.6.1";'),
    ("TypeScript", "Bump `esbuild` to `0.19.2`.", "src/esBuildPlugin.ts", "const DEFAULT = '0.19.2';"),
    (
        "Java",
        "Bump default `ktlint` version to latest `1.3.0` -> `1.4.0`.",
        "lib/src/main/java/com/diffplug/spotless/kotlin/KtLintStep.java",
        '    private static final String DEFAULT_VERSION = "1.4.0";',
    ),
    ("Go", "Bump `golangci` to `1.55.2`.", "internal/lint/golang_ci_lint.go", '\tconst defaultVersion = "1.55.2"'),
    ("Ruby", "Bump `graphql` to `2.1.6`.", "lib/api/graph_ql_schema.rb", "    DEFAULT = '2.1.6'"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), TOOLS, ids=[t[0] for t in TOOLS])
def test_a_tools_name_meets_the_file_it_begins(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language
    base, extension = path.rsplit(".", 1)
    test = f"{base}_test.{extension}" if "_" in base.rsplit("/", 1)[-1] else f"{base}Test.{extension}"
    assert evidence_in(criterion, test, line) == [], language  # its test is not the tool's file


PREFIXED = [  # (language, criterion, path, a line writing the version with its v)
    (
        "Go",
        "Bumped `github.com/hashicorp/terraform-plugin-go` to `v0.19.0`.",
        "go.mod",
        "\tgithub.com/hashicorp/terraform-plugin-go v0.19.0",
    ),
    ("TypeScript", "Pin `esbuild` to `0.19.2`.", "packages/build/src/esbuild.ts", "const ESBUILD_TAG = 'v0.19.2';"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), PREFIXED, ids=[p[0] for p in PREFIXED])
def test_a_version_written_with_its_v_is_the_version(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language  # go.mod writes every version so


DECIMALS = [  # (language, criterion, path, a line with the value in another unit): a decimal is no version
    ("Python", "The request timeout is `2.5` seconds.", "src/client.py", "REQUEST_TIMEOUT_MS = 2500"),
    ("Go", "The request timeout is `2.5` seconds.", "internal/client.go", "\tconst requestTimeoutMs = 2500"),
    ("C#", "The connect timeout is `1.5` seconds.", "src/Client.cs", "    const int ConnectTimeoutMs = 1500;"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), DECIMALS, ids=[d[0] for d in DECIMALS])
def test_a_decimal_written_as_code_is_no_version(language, criterion, path, line) -> None:
    assert evidence_in(criterion, path, line) == [f"/{path}"], language


DOTTED = [  # (criterion, path, a line with another version its number equals, a line with the same version)
    ("Update `golangci` to `v1.10`.", "internal/golangci.go", '\tconst pinned = "1.1"', '\tconst pinned = "1.10.0"'),
    ("Bump `esbuild` to `v1.40.0`.", "src/esbuild.ts", "const PINNED = '1.4';", "const PINNED = '1.40';"),
    ("Bump `rubocop` to `1.20.0`.", "lib/rubocop.rb", "  VERSION = '1.2.0'", "  VERSION = 'v1.20'"),
]


@pytest.mark.parametrize(("criterion", "path", "other", "same"), DOTTED, ids=["v1.10", "v1.40.0", "1.20.0"])
def test_versions_compare_as_dotted_strings(criterion, path, other, same) -> None:
    assert evidence_in(criterion, path, other) == []  # 1.10 is not 1.1
    assert evidence_in(criterion, path, same) == [f"/{path}"]  # its v and trailing .0 aside
