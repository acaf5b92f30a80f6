"""Pure: a manifest's line declaring a dependency, its package's name and version range, as each ecosystem writes one:
what a changelog says of a dependency ("updated `zod`", "support React 18", "widen the peer range to v12") meets it.

    declared('    "@types/react": "^18.2.7",')                           # ("@types/react", "^18.2.7")   npm
    declared('httpx = { version = ">=0.27", optional = true }')          # ("httpx", ">=0.27")          TOML
    declared('    "httpx>=0.27,<1",')                                    # ("httpx", ">=0.27,<1")       PEP 508
    declared('\tgithub.com/stretchr/testify v1.9.0')                     # ("github.com/stretchr/testify", "v1.9.0")  Go
    declared('  spec.add_dependency "faraday", ">= 1.0", "< 3"')         # ("faraday", ">= 1.0, < 3")   Ruby
    declared('<PackageReference Include="Polly" Version="[8.0,9.0)" />') # ("Polly", ">=8.0, <9.0")     .NET
    declared('    implementation("org.ow2.asm:asm:9.6")')               # ("org.ow2.asm:asm", "9.6")    Gradle
    declared('    <guava.version>33.0-jre</guava.version>')             # ("guava", "33.0-jre")        Maven
    declarations(pom_lines, numbers)   # a `<dependency>` block's <artifactId> and <version> lines: Maven
    declared('    "name": "my-app",')                                    # None: a value, no version range

    names_dependency('"@types/react": "^18.2.7",', "React")        # True: the package's last segment is the name
    names_dependency('"react-dom": "^18.2.0",', "React")           # False: another package
    holds_release('"typia": "^7.0.0 || ^12.0.0"', "", "7", "12")   # True: releases the range holds
    majors(">=7.0.0 || ^12.0.0")                                   # ("7", "12")

A dependency is named by its package's name whole, by its last segment (`@types/react`, `github.com/x/react`,
`org.ow2.asm:asm`: react, asm) or by its npm scope (`@angular/core`: angular), case and joints aside
(`Newtonsoft.Json` is newtonsoft-json). A release a changelog names ("React 18", "v12") is a major version the range
holds (^18.2.7 holds 18; `>=7.0.0 || ^12.0.0` holds 7 and 12). A number a criterion counts in a unit ("Retry 3
times") is no release, and a dependency's line holds no value of prose: its numbers are its package's version.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from doc_context.relevance.units import unit
from doc_context.relevance.words import pieces

# A range: versions, each after its operators, joined by `||`, `,`, ` - ` (spaces around: a version's own `-` is a
# pre-release) or spaces. Each join is told apart by its first character, so a line that almost matches fails in
# linear time (the older pattern, where a version's `-` or a run of spaces could go either way, backtracked
# exponentially: 39 s on one 50-character line, review 7).
_VERSION = r"(?:[\^~<>=!v*]+\s*)?\d[\w.*+-]*"
_RANGE = rf"\s*{_VERSION}(?:(?:\s*(?:\|\||,)\s*|\s+-\s+|\s+){_VERSION})*"
_NAME = r"@?[A-Za-z0-9][\w.@/-]*"
_INTERVAL = r"[\[(][^\])<\"]*[\])]"  # Maven's and NuGet's interval notation: [1.0,2.0), (,1.0], [1.5]
_FORMS = (
    re.compile(rf"\s*['\"]({_NAME})['\"]\s*:\s*['\"]({_RANGE})['\"],?\s*"),  # npm, composer: "name": "^1.2"
    re.compile(rf"\s*({_NAME})\s*=\s*['\"]({_RANGE})['\"]\s*"),  # Cargo, Poetry: name = "1.2"
    re.compile(rf"\s*({_NAME})\s*=\s*\{{[^}}]*?\bversion\s*=\s*['\"]({_RANGE})['\"].*"),  # name = { version = "1.2" }
    re.compile(
        rf"\s*['\"]?([A-Za-z0-9][\w.-]*)(?:\[[\w,\s-]*\])?\s*((?:===?|[<>!~]=?)\s*{_RANGE})['\"]?,?\s*"
    ),  # PEP 508
    re.compile(r"\s*(?:require\s+)?([a-z0-9.-]+\.[a-z]+/[\w./-]+)\s+(v\d[\w.+-]*)(?:\s*//.*)?"),  # go.mod
    re.compile(  # Gemfile, gemspec: gem "name", "~> 1.0"; spec.add_dependency "name", ">= 1", "< 3" (each requirement)
        rf"\s*(?:gem|[\w.]*add_(?:runtime_|development_)?dependency)\s*\(?\s*['\"]({_NAME})['\"]\s*,\s*"
        rf"['\"]({_RANGE}(?:['\"]\s*,\s*['\"]{_RANGE})*)['\"].*"
    ),
    re.compile(  # Gradle: implementation("com.google.guava:guava:33.0-jre"), api 'org.ow2.asm:asm:9.6'
        r"\s*\w+\s*\(?\s*['\"]([\w.-]+:[\w.-]+):(\d[\w.+-]*)['\"]\s*\)?\s*"
    ),
    re.compile(  # Maven, on one line: <dependency>...<artifactId>guava</artifactId><version>33.0-jre</version>...
        rf".*<artifactId>\s*({_NAME})\s*</artifactId>\s*<version>\s*({_INTERVAL}|{_RANGE})\s*</version>.*"
    ),
    re.compile(r"\s*<([A-Za-z][\w.-]*?)\.version>\s*(\d[\w.+-]*)\s*</\1\.version>\s*"),  # Maven: <guava.version>
    re.compile(  # .NET: <PackageReference Include="Polly" Version="8.4.1" />
        rf"\s*<Package(?:Reference|Version)\s+Include\s*=\s*\"({_NAME})\"\s+Version\s*=\s*\"({_INTERVAL}|{_RANGE})\".*"
    ),
)
_ELEMENT = re.compile(rf"\s*<(artifactId|version)>\s*({_NAME}|{_INTERVAL}|{_RANGE})\s*</\1>\s*")  # Maven's lines
_BLOCK_ENDS = re.compile(r"</?(?:dependency|plugin|parent|extension)>")
_BOUNDS = re.compile(r"([\[(])\s*([^,\])]*?)\s*(?:,\s*([^\])]*?)\s*)?([\])])")
_REQUIREMENTS = re.compile(r"['\"]\s*,\s*['\"]")  # between a gem's requirements
_MAJOR = re.compile(r"(?<![\w.])[\^~<>=!v ]*(\d+)(?=[.\w*+-]|\s|$|\|)")
_ZEROS = re.compile(r"(?:\.0+)*(?![.\w*])")  # a major release's own start: 2, 2.0, 2.0.0


_VERSIONED = re.compile(r"[\^~<>=!v]|.*\d\.(?:\d|x|\*)")  # a range, not a bare number ("8080"): an operator or a dot
_MANIFESTS = re.compile(
    r"(?:^|/)(?:package\.json|composer\.json|Cargo\.toml|pyproject\.toml|setup\.cfg|go\.mod|Gemfile|[^/]+\.gemspec"
    r"|requirements[^/]*\.(?:txt|in)|[^/]+\.(?:cs|fs|vb)proj|Directory\.Packages\.props|packages\.config"
    r"|build\.gradle(?:\.kts)?|[^/]+\.versions\.toml|pom\.xml)$"
)
_OWN = frozenset({"version"})  # a package's own version: no dependency


_NAMED_RELEASE = re.compile(  # "React 18", "Java 11+", "Jackson 3.x": a capitalised name and its major version
    r"(?<![\w.@/-])([A-Z][A-Za-z0-9]*(?:[.+#-][A-Za-z0-9]+)*)\s+v?(\d{1,3})(?:\.(?:\d+|x))*\+?(?![\w.%]*\w|\s*%)"
)
_WORD_AFTER = re.compile(r"\s*([^\W\d_]+|%)")
_BARE_RELEASE = re.compile(r"(?<![\w.@/-])v(\d{1,3})(?![\w.]*\w)")  # "v9, v10 and v12"


def releases(prose: str) -> list[tuple[str, ...]]:
    """The releases a text names, each (the name as written, its major version), and the bare ones ("v9, v10 and v12")
    as one ("", "9", "10", "12") when there are two or more: a range; one alone ("tracing v2") is no dependency's. A
    number counted in a unit is a value, no release: "Retry 3 times" (relevance/units.py's table)."""
    named = [(m.group(1), m.group(2)) for m in _NAMED_RELEASE.finditer(prose) if not _counted(prose, m.end())]
    bare = tuple(dict.fromkeys(m.group(1) for m in _BARE_RELEASE.finditer(prose)))
    return named + ([("", *bare)] if len(bare) > 1 else [])


@lru_cache(maxsize=4_096)
def manifest(path: str) -> bool:
    """Whether the file declares a project's dependencies, as its ecosystem names such a file."""
    return _MANIFESTS.search(path) is not None


def declared(text: str) -> tuple[str, str] | None:
    """The package's name and version range a manifest line declares, or None for any other line."""
    for form in _FORMS:
        if (found := form.fullmatch(text.rstrip())) and _VERSIONED.match(found.group(2).strip()):
            version_range = _interval(_REQUIREMENTS.sub(", ", found.group(2).strip()))  # Ruby's `">= 1", "< 3"`
            return (found.group(1), version_range) if found.group(1).lower() not in _OWN else None
    return None


def declarations(texts: Sequence[str], numbers: Sequence[int]) -> list[tuple[str, str] | None]:
    """What each of a manifest's added lines declares (`numbers`: their line numbers), as declared() reads a line, and
    Maven's `<dependency>` block over lines: its `<artifactId>` line and the `<version>` line after it, in one run of
    lines and one block, both declare (artifactId, version); a version from elsewhere (`${guava.version}`) none."""
    out = [declared(text) for text in texts]
    artifact: tuple[int, str] | None = None
    for i, text in enumerate(texts):
        if (i and numbers[i] != numbers[i - 1] + 1) or _BLOCK_ENDS.search(text):
            artifact = None  # an unchanged line between, or another block
        element = _ELEMENT.fullmatch(text.rstrip())
        if element is not None and element.group(1) == "artifactId":
            artifact = (i, element.group(2))
        elif element is not None and artifact is not None and _VERSIONED.match(element.group(2)):
            out[i] = out[artifact[0]] = (artifact[1], _interval(element.group(2)))
            artifact = None
    return out


def names_dependency(text: str, name: str) -> bool:
    """Whether the line declares a dependency named so (names_package)."""
    found = declared(text)
    return found is not None and names_package(found, name)


def names_package(found: tuple[str, str], name: str) -> bool:
    """Whether a declared dependency is named so: its package's name whole, its last segment (Go's major version
    suffix aside: `github.com/jackc/pgx/v5` is pgx), or its npm scope (`@angular/core` for Angular; never
    DefinitelyTyped's `@types/`)."""
    package = re.sub(r"/v\d+$", "", found[0].lower())  # Go's major version suffix (github.com/jackc/pgx/v5)
    scope = package[1:].split("/")[0] if package.startswith("@") and package != "@types" and "/" in package else ""
    named = (package, re.split(r"[/:]", package)[-1], *([scope] if scope != "types" else []))
    return bool(wanted := _joined(name)) and wanted in {_joined(n) for n in named if n}


def majors(version_range: str) -> tuple[str, ...]:
    """The major versions a range holds, in order: ^18.2.7 -> 18; `>=7.0.0 || ^12.0.0` -> 7, 12; an exclusive upper
    bound holds no release of its own (`>=1.26,<2` -> 1; `<2.1` holds 2.0, `<=2` holds 2)."""
    return tuple(dict.fromkeys(m.group(1) for m in _MAJOR.finditer(version_range) if not _below(version_range, m)))


def holds_release(text: str, name: str, *major: str) -> bool:
    """Whether the line declares a dependency holding the major versions (holds)."""
    found = declared(text)
    return found is not None and holds(found, name, *major)


def holds(found: tuple[str, str], name: str, *major: str) -> bool:
    """Whether a declared dependency holds the major versions, of the named package when there is a name; bare
    releases ("v1 and v2": an API's as often) only a range that is an alternation of releases (`^7 || ^12`)."""
    return set(major) <= set(majors(found[1])) and (names_package(found, name) if name else "||" in found[1])


def _counted(prose: str, end: int) -> bool:
    """Whether the number ending at `end` is counted in a unit: the word after it is one ("3 times", "30 seconds")."""
    after = _WORD_AFTER.match(prose, end)
    return after is not None and bool(unit(after.group(1)))


def _interval(version_range: str) -> str:
    """Interval notation as the other ranges write it: `[33.0,34)` is `>=33.0, <34`, `(,1.0]` `<=1.0`, `[1.5]` 1.5."""
    found = _BOUNDS.fullmatch(version_range)
    if found is None:
        return version_range
    opening, low, high, closing = found.groups()
    if high is None:
        return low
    lower = [(">=" if opening == "[" else ">") + low] if low else []
    return ", ".join([*lower, *([("<=" if closing == "]" else "<") + high] if high else [])])


def _below(version_range: str, bound: re.Match[str]) -> bool:
    """Whether the bound is an exclusive upper one at a major release (`<2`, `< 5.0.0`): it holds no such release."""
    operator = bound.group(0)[: bound.start(1) - bound.start(0)].replace(" ", "")
    return (
        operator.startswith("<") and not operator.startswith("<=") and bool(_ZEROS.match(version_range, bound.end(1)))
    )


def _joined(name: str) -> str:
    return "".join(p.lower() for p in pieces(name.lstrip("@")))
