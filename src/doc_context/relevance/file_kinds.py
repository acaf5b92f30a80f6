"""Pure: what kind of file a changed path is, by its name alone: a test, documentation, configuration, a file a
tool writes (generated), one showing the project's API rather than changing it (a sample, an API report, a shell
completion script), or one of the scripts a repository keeps to build, release and check itself (maintenance). One
home for these, read by the evidence, the passages and the change's terms."""

from __future__ import annotations

import re

DOC_EXTENSIONS = frozenset({"md", "markdown", "txt", "rst", "adoc", ""})
CONFIG_EXTENSIONS = frozenset({"yaml", "yml", "json", "toml", "ini", "cfg", "conf", "properties", "env", "config"})
_TEST_DIR = re.compile(  # tests/, spec/; a .NET test project beside the code (`src/Moq.Tests/`, `Polly.Specs/`)
    r"(?:^|/)(?:tests?|__tests__|specs?)/"
    r"|(?:^|/)[\w.-]+(?:[.-](?:unit|integration|functional|acceptance|e2e)?tests?|\.specs?)(?:[.-]\w+)*/"
)
_TEST_NAME = re.compile(r"^tests?[_.]|[._-](?:test|tests|spec)\.\w+$|[a-z0-9](?:Tests?|Specs?)\.\w+$")
_GENERATED = re.compile(
    r"(?:^|/)(?:schema\.json|publicapi\.\w+\.txt|package-lock\.json|yarn\.lock|go\.sum)$|(?:^|/)zz_generated"
    r"|\.(?:g|designer|generated)\.\w+$|[._]generated\.\w+$|\.pb(?:\.gw)?\.go$|_pb2(?:_grpc)?\.py$|\.verified\.\w+$|\.snap$"
)
# samples/ and examples/ anywhere, a singular one at the top only: `com/example/` is Java's and Kotlin's package of
# a whole application (Spring Initializr's, Maven's), `stats/sample/` a library's own module
_SHOWS_API = re.compile(
    r"(?:^|/)(?:samples|examples)/|^/?(?:sample|example)/|(?:^|/)example(?:_\w+)?_test\.go$|\.api\.md$"
    r"|(?:^|/)completions?/(?:[^/]+/)*(?:[^/.]+|[^/]+\.(?:bash|zsh|fish|nu|ps1|sh))$"  # a shell's completion script
    r"|completions?\.(?:bash|zsh|fish|nu|ps1)$"
)
# a repository's own tools at its root: what builds, releases and checks it, no part of what it ships (`lib/tools/`
# is the shipped library's)
_MAINTENANCE = re.compile(r"^/?(?:tools|tooling|scripts|ci|hack|\.github|\.ci)/")
# "The Flask example shows"; never "for example", nor an address's (https://example.com, ops@example.org, sample.io)
_SAMPLE_SAID = re.compile(r"(?i)(?<!\bfor )(?<![\w./@:-])(example|sample)s?\b(?![.@/:-]\w)")


def is_test(path: str) -> bool:
    """A test file: under test/, tests/, __tests__/ or spec/ or a test project's folder (`Moq.Tests/`,
    `AngleSharp.Core.Tests/`, `Polly.Specs/`), or named test_*, *_test.*, *.test.*, *Tests.*, *Specs.*"""
    name = path.rsplit("/", 1)[-1]
    return bool(_TEST_DIR.search(path.lower()) or _TEST_NAME.search(name))


def is_generated(path: str) -> bool:
    """A file a tool writes: a schema, a public API listing, a snapshot, generated code (*.g.cs, *.pb.go, ...)."""
    return _GENERATED.search(path.lower()) is not None


def shows_api(path: str) -> bool:
    """A file showing the project's API rather than changing it: a sample or an example (samples/, examples/, a
    top-level example/, Go's example_test.go), which writes the project's names as a user does whatever the change
    is about, an API report (api-extractor's *.api.md), which lists every exported name, or a shell completion script
    (a shell's file under completions/, zsh's `_name`, *-completion.bash), which lists every command and option; a
    language server's or an editor's completion/ package of code is no such script."""
    return _SHOWS_API.search(path.lower()) is not None


def samples_said(text: str) -> frozenset[str]:
    """The kinds of sample a text speaks of ("The Flask example shows ...": example; "the samples": sample), never
    "for example" nor an address's host (https://example.com/done, ops@example.org)."""
    return frozenset(m.group(1).lower() for m in _SAMPLE_SAID.finditer(text))


def the_sample_said(path: str, said: frozenset[str]) -> bool:
    """Whether a file showing the API is of a kind of sample `said` (samples_said) names: what a criterion is about."""
    return shows_api(path) and any(kind in path.lower() for kind in said)


def maintenance(path: str) -> bool:
    """Whether the file is one of the scripts a repository keeps at its root to build, release and check itself
    (`tools/`, `scripts/`, `ci/`, `.github/`): what the repository does to itself, not what it ships."""
    return bool(_MAINTENANCE.match(path))


def is_doc(path: str) -> bool:
    return extension(path) in DOC_EXTENSIONS


def is_config(path: str) -> bool:
    return extension(path) in CONFIG_EXTENSIONS


def extension(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[1].lower() if "." in name else ""
