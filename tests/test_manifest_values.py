"""Issue 32's known false positives of a manifest's dependency lines (relevance/dependencies.py), in each ecosystem's
manifest: a version is the package's, no value of a criterion's prose ("Retry 3 times" is no release of `retry`, nor
3 tries on its line) unless the criterion names the package; a gemspec's every range is read; Maven's pom.xml is a
manifest as the others are."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.dependencies import declarations, declared, holds_release, manifest, releases
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.evidence_paths import evidence

# (ecosystem, manifest, a dependency's line whose package is a word of the criterion, counted)
COUNTED = [
    ("npm", "package.json", '    "retry": "^3.0.0",'),
    ("Python", "pyproject.toml", '    "retry>=3.0",'),
    ("Poetry", "pyproject.toml", 'retry = "^3.0"'),
    ("Rust", "Cargo.toml", 'retry = "3.0"'),
    ("Ruby", "Gemfile", '  gem "retry", "~> 3.0"'),
    ("C#", "src/Shop/Shop.csproj", '    <PackageReference Include="Retry" Version="3.0.0" />'),
    ("Gradle", "build.gradle", "    implementation 'org.acme:retry:3.0.0'"),
    ("Maven", "pom.xml", "    <retry.version>3.0</retry.version>"),
]


@pytest.mark.parametrize(("ecosystem", "path", "line"), COUNTED, ids=[c[0] for c in COUNTED])
@pytest.mark.parametrize(
    "criterion",
    [
        "Retry 3 times before giving up on a request.",
        "Retry 3 attempts before giving up on a request.",
        "Timeout 3 seconds before giving up on a request.",
    ],
)
def test_a_count_in_prose_is_no_version_of_the_package_its_word_names(ecosystem, path, line, criterion) -> None:
    """The criterion counts (3 times, 3 attempts, 3 seconds); the manifest's 3 is the version of a package whose
    name is a word of the sentence: neither a release of it nor a value."""
    named = line.replace("retry", "timeout").replace("Retry", "Timeout") if criterion.startswith("Timeout") else line
    assert evidence(criterion, diff(path, named)) == [], ecosystem


@pytest.mark.parametrize(("ecosystem", "path", "line"), COUNTED, ids=[c[0] for c in COUNTED])
def test_the_package_named_still_meets_its_version(ecosystem, path, line) -> None:
    """Named as code, or as a product with its major release, the package meets the line declaring it."""
    assert evidence("Upgrade `retry` to 3.0 for the new backoff.", diff(path, line)) == [f"/{path}"], ecosystem
    assert evidence("Support Retry 3 in the client.", diff(path, line)) == [f"/{path}"], ecosystem


@pytest.mark.parametrize(
    ("path", "line"),
    [
        ("acme.gemspec", "  spec.add_dependency 'rubocop', '~> 1.61'"),
        ("package.json", '    "rubocop": "^1.61.0",'),
        ("pyproject.toml", '    "rubocop>=1.61",'),
    ],
)
def test_a_version_as_the_criterion_writes_it_meets_its_line(path, line) -> None:
    """A version is no value with a unit, but the number a criterion writes is still the line's version, where the
    package is the project's own name (everywhere in the change, it weighs nothing: rubocop-factory_bot's)."""
    finder = EvidenceFinder(parse_diff(diff(path, line)), names=["rubocop"])
    assert [f.path for f in finder.find("Bump RuboCop requirement to +1.61.").files] == [f"/{path}"]


def test_a_number_counted_in_a_unit_is_no_release() -> None:
    assert releases("Retry 3 times, wait 30 seconds, keep Logs 14 days") == []
    assert releases("Support React 18 and Java 11+ on Node 20") == [("React", "18"), ("Java", "11"), ("Node", "20")]


# (form, manifest, a line declaring a range of two requirements, the range read)
GEMS = [
    ("gemspec", "acme.gemspec", '  spec.add_dependency "faraday", ">= 1.10", "< 3.1"'),
    ("gemspec call", "acme.gemspec", '  s.add_runtime_dependency("faraday", ">= 1.10", "< 3.1")'),
    ("Gemfile", "Gemfile", "  gem 'faraday', '>= 1.10', '< 3.1', require: false"),
]


@pytest.mark.parametrize(("form", "path", "line"), GEMS, ids=[g[0] for g in GEMS])
def test_every_requirement_of_a_gem_is_its_range(form, path, line) -> None:
    """Ruby writes a range as requirements one after another: `">= 1.10", "< 3.1"` holds 1 and 3, no 4."""
    assert declared(line.strip()) == ("faraday", ">= 1.10, < 3.1"), form
    assert holds_release(line, "Faraday", "3"), form
    assert evidence("Support Faraday 3 in the HTTP adapter.", diff(path, line)) == [f"/{path}"], form
    assert evidence("Support Faraday 4 in the HTTP adapter.", diff(path, line)) == [], form
    capped = line.replace("< 3.1", "< 3")
    assert evidence("Support Faraday 3 in the HTTP adapter.", diff(path, capped)) == [], form  # `< 3` holds no 3


# (form, pom.xml's added lines declaring guava 33.0-jre)
POMS = [
    (
        "dependency block",
        [
            "    <dependency>",
            "      <groupId>com.google.guava</groupId>",
            "      <artifactId>guava</artifactId>",
            "      <version>33.0-jre</version>",
            "    </dependency>",
        ],
    ),
    ("one line", ["<dependency><artifactId>guava</artifactId><version>33.0-jre</version></dependency>"]),
    ("version range", ["      <artifactId>guava</artifactId>", "      <version>[33.0,34)</version>"]),
    ("property", ["    <guava.version>33.0-jre</guava.version>"]),
]


@pytest.mark.parametrize(("form", "lines"), POMS, ids=[p[0] for p in POMS])
def test_a_maven_dependency_is_read_as_the_other_manifests(form, lines) -> None:
    """pom.xml declares a dependency over lines of its `<dependency>` block (its artifactId, then its version), or a
    version in a property named after it: the package named and its major release meet it, another release does
    not."""
    assert manifest("/service/pom.xml"), form
    found = diff("service/pom.xml", *lines)
    assert evidence("Updated `guava` to the latest release.", found) == ["/service/pom.xml"], form
    assert evidence("Caching supports Guava 33.", found) == ["/service/pom.xml"], form
    assert evidence("Caching supports Guava 34.", found) == [], form


def test_a_maven_block_without_its_version_declares_no_release() -> None:
    """A version from elsewhere (`${guava.version}`, the parent's): the block declares no release of it."""
    lines = ["      <artifactId>guava</artifactId>", "      <version>${guava.version}</version>"]
    assert evidence("Caching supports Guava 33.", diff("service/pom.xml", *lines)) == []


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('  spec.add_dependency "faraday", ">= 1.0", "< 3"', ("faraday", ">= 1.0, < 3")),
        (
            "<dependency><artifactId>guava</artifactId><version>[33.0,34)</version></dependency>",
            ("guava", ">=33.0, <34"),
        ),
        ("    <guava.version>33.0-jre</guava.version>", ("guava", "33.0-jre")),
        ('<PackageReference Include="Polly" Version="[8.0,9.0)" />', ("Polly", ">=8.0, <9.0")),
        ('<PackageReference Include="Polly" Version="(,8.4]" />', ("Polly", "<=8.4")),
        ('<PackageVersion Include="Polly" Version="[8.4.1]" />', ("Polly", "8.4.1")),
        ("    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>", None),
        ("    <version>1.2.0</version>", None),  # alone: the project's own, or a block's (declarations)
    ],
)
def test_declared_ranges(line, expected) -> None:
    """Interval notation (Maven, NuGet) reads as the other ranges: `[33.0,34)` holds 33, no 34."""
    assert declared(line) == expected


def test_a_maven_block_declares_on_its_artifact_and_version_lines() -> None:
    lines = ["<dependency>", "<artifactId>guava</artifactId>", "<version>33.0-jre</version>", "</dependency>"]
    assert declarations(lines, [10, 11, 12, 13]) == [None, ("guava", "33.0-jre"), ("guava", "33.0-jre"), None]
    assert declarations(lines, [10, 11, 14, 15]) == [None, None, None, None]  # an unchanged line between: unknown
    other = ["<artifactId>guava</artifactId>", "</dependency>", "<dependency>", "<version>1.2</version>"]
    assert declarations(other, [1, 2, 3, 4]) == [None] * 4  # another block's version
