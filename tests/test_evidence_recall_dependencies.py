"""Issue 32's recall, seventh session: what a changelog says of a dependency ("updated `zod`", "support React 18",
"widen the peer range to v9, v10, v11 and v12") meets the manifest line declaring it, in each ecosystem's manifest
(relevance/dependencies.py); a version alone is no dependency's."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.dependencies import declared, holds_release, majors, manifest, names_dependency, releases
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


# (ecosystem, manifest, the dependency's line before, after)
MANIFESTS = [
    ("npm", "packages/mcp/package.json", '    "acme-client": "^1.17.3",', '    "acme-client": "^18.2.0",'),
    ("npm scoped", "package.json", '    "@types/acme-client": "~1.17.3",', '    "@types/acme-client": "~18.2.0",'),
    ("Python", "pyproject.toml", '    "acme-client>=1.17",', '    "acme-client>=18.2",'),
    ("Rust", "crates/shop/Cargo.toml", 'acme-client = "1.17"', 'acme-client = "18.2"'),
    ("Go", "go.mod", "\tgithub.com/acme/acme-client v1.17.3", "\tgithub.com/acme/acme-client/v18 v18.2.0"),  # Go: /vN
    (
        "Ruby",
        "acme.gemspec",
        '  spec.add_dependency "acme-client", ">= 1.17"',
        '  spec.add_dependency "acme-client", ">= 18.2"',
    ),
    (
        "Java Gradle",
        "build.gradle.kts",
        '    implementation("org.acme:acme-client:1.17.3")',
        '    implementation("org.acme:acme-client:18.2.0")',
    ),
    ("Java version catalog", "gradle/libs.versions.toml", 'acme-client = "1.17.3"', 'acme-client = "18.2.0"'),
    (
        "C#",
        "src/Shop/Shop.csproj",
        '    <PackageReference Include="Acme.Client" Version="1.17.3" />',
        '    <PackageReference Include="Acme.Client" Version="18.2.0" />',
    ),
]
IDS = [m[0] for m in MANIFESTS]


@pytest.mark.parametrize(("ecosystem", "path", "before", "after"), MANIFESTS, ids=IDS)
def test_a_named_package_meets_its_rewritten_line(ecosystem, path, before, after) -> None:
    """The line keeps the package and changes its range: that is what "updated `acme-client`" says (it was dropped as
    a line rewritten around the name)."""
    name = "Acme.Client" if ecosystem == "C#" else "acme-client"
    found = diff(path, after, deleted=(before,))
    assert evidence(f"Updated `{name}` to the latest release.", found) == [f"/{path}"], ecosystem


@pytest.mark.parametrize(("ecosystem", "path", "before", "after"), MANIFESTS, ids=IDS)
def test_a_product_and_its_major_version_meet_the_range_holding_it(ecosystem, path, before, after) -> None:
    """ "Acme 18" is a release of the package named acme (or @types/acme, github.com/org/acme): 18.2.0 holds it."""
    before, after = (line.replace("acme-client", "acme").replace("Acme.Client", "Acme") for line in (before, after))
    found = diff(path, after, deleted=(before,))
    assert evidence("Internal types support Acme 18.", found) == [f"/{path}"], ecosystem
    assert evidence("Internal types support Acme 19.", found) == [], ecosystem  # another release


def test_a_common_word_in_a_code_span_names_the_package_a_manifest_declares() -> None:
    """`accounts` is a common word; as code, in a manifest, the package of that name."""
    found = diff("packages/core/package.json", '    "accounts": "~0.6.7",', deleted=('    "accounts": "catalog:",',))
    assert evidence("Updated `accounts` peer dependency range.", found) == ["/packages/core/package.json"]
    assert evidence("Treat the `accounts` response as an error.", diff("src/a.ts", "  accounts: Account[];")) == []


def test_an_npm_scope_names_its_packages() -> None:
    """`@angular/core` is Angular's; DefinitelyTyped's `@types/node` is node's, never a package named types."""
    found = diff("package.json", '    "@angular/core": "^17.0.0",', deleted=('    "@angular/core": "^16.2.0",',))
    assert evidence("Upgrade to Angular 17.", found) == ["/package.json"]
    typed = diff("package.json", '    "@types/node": "^20.1.0",', deleted=('    "@types/node": "^18.1.0",',))
    assert evidence("Exported `types` are bundled.", typed) == []
    assert evidence("Run on Node 20.", typed) == ["/package.json"]


def test_releases_a_range_widened_to_meet_the_line_holding_them_all() -> None:
    line = '    "typia": "^7.0.0 || ^8.0.0 || ^9.0.0 || ^10.0.0 || ^11.0.0 || ^12.0.0"'
    found = diff("packages/validator/package.json", line, deleted=('    "typia": "^7.0.0 || ^8.0.0"',))
    bumped = diff("package.json", '    "typia": "^12.1.1",', deleted=('    "typia": "^7.1.1",',))
    criterion = "Widen peer dependency support to include v9, v10, v11, and v12"
    assert evidence(criterion, found, bumped) == ["/packages/validator/package.json"]


@pytest.mark.parametrize(
    ("criterion", "path", "line"),
    [
        (
            "Fix support for distributed tracing v2.",
            "src/Shop/Shop.csproj",
            '<PackageReference Include="Acme.Core" Version="2.15.*" />',
        ),
        ("Fix support for distributed tracing v2.", "package.json", '    "acme-core": "^2.1.0",'),
        ("Internal types support React 18.", "package.json", '    "react-dom": "^18.2.0",'),  # another package
        (
            "Internal types support React 18.",
            "src/version.ts",
            'export const REACT = { react: "^18.2.0" };',
        ),  # no manifest
        ("The endpoint serves both v1 and v2 of the API.", "pyproject.toml", '    "urllib3>=1.26,<2",'),  # no name
        ("The endpoint serves both v1 and v2 of the API.", "package.json", '    "lodash": "1.2 - 2.4",'),
        ("Support Django 5.", "pyproject.toml", '    "django>=4.2,<5",'),  # <5 holds no 5
        ("Support Rails 8.", "Gemfile", '  gem "rails", "< 8.0"'),
        (
            "Treat the `default` export as the entry.",
            "package.json",
            '      "default": "./src/conditions/is-browser.ts",',
        ),
    ],
)
def test_no_dependency_is_named(criterion, path, line) -> None:
    """A version alone ("tracing v2") is no dependency's; a release names its own package; a value is no range; an
    exclusive upper bound (`<5`) holds no release 5; bare releases ("v1 and v2": an API's) meet only a range that
    is an alternation of releases (`^7 || ^12`), never any range spanning two majors."""
    assert evidence(criterion, diff(path, line)) == []


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('    "@types/react": "^18.2.7",', ("@types/react", "^18.2.7")),
        ('httpx = { version = ">=0.27", optional = true }', ("httpx", ">=0.27")),
        ('    "httpx[http2]>=0.27,<1",', ("httpx", ">=0.27,<1")),
        ("require github.com/stretchr/testify v1.9.0 // indirect", ("github.com/stretchr/testify", "v1.9.0")),
        ('  gem "rails", "~> 7.1"', ("rails", "~> 7.1")),
        ('<PackageVersion Include="Polly" Version="[8.4.1]" />', ("Polly", "8.4.1")),
        ("    api 'com.google.guava:guava:33.0-jre'", ("com.google.guava:guava", "33.0-jre")),
        ('    "version": "1.2.3",', None),  # the package's own
        ('  "main": "dist/index.js",', None),
        ('timeout = "30"', None),
        ("x = 3", None),
    ],
)
def test_declared(line, expected) -> None:
    assert declared(line) == expected


def test_names_majors_and_releases() -> None:
    assert names_dependency('"@types/react": "^18.2.7",', "React")
    assert names_dependency('<PackageReference Include="Newtonsoft.Json" Version="13.0.3" />', "newtonsoft-json")
    assert not names_dependency('"react-dom": "^18.2.0",', "React")
    assert names_dependency("\tgithub.com/jackc/pgx/v5 v5.5.1", "pgx")  # Go's major version suffix is no name
    assert not names_dependency("\tgithub.com/jackc/pgx/v5 v5.5.1", "v5")
    assert majors(">=7.0.0 || ^12.0.0") == ("7", "12")
    assert majors(">=1.26,<2") == ("1",)  # an exclusive upper bound holds no release of its own
    assert majors(">=4.2, < 5.0.0") == ("4",)
    assert majors(">=4.2,<=5") == ("4", "5")
    assert majors(">=4.2,<5.1") == ("4", "5")
    assert not holds_release('"lodash": "1.2 - 2.4",', "", "1", "2")  # bare releases: a name, or an alternation
    assert holds_release('"typia": "^7.0.0 || ^12.0.0"', "", "7", "12")
    assert not holds_release('"typia": "^7.0.0 || ^12.0.0"', "", "9", "12")
    assert releases("Support React 18 and Java 11+; widen to v9 and v10") == [
        ("React", "18"),
        ("Java", "11"),
        ("", "9", "10"),
    ]
    assert releases("Fix tracing v2") == []
    assert manifest("/src/Shop/Shop.csproj") and manifest("/Gemfile") and not manifest("/tsconfig.json")
