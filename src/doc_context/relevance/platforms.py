"""Pure: the platform releases a criterion names, as a build targets them: .NET's (".NET 5", ".NET 9", ".NET Core 3.1",
".NET Framework 4.7.2", ".NET Standard 2.0", or the moniker itself, `net8.0`) as their target framework monikers,
met on a build file's line targeting that release (a project's `<TargetFrameworks>`, a props or targets file's
condition, a package's dependency group, a CI matrix's framework).

    monikers("Add .NET 5 support")                                # [(".NET 5", "net5.0")]
    monikers("Drop .NET Core 3.1 and .NET Framework 4.6.1")      # [(".NET Core 3.1", "netcoreapp3.1"),
                                                                  #  (".NET Framework 4.6.1", "net461")]
    targets("<TargetFrameworks>net8.0;net9.0</TargetFrameworks>", "net9.0")   # True
    targets("<TargetFrameworks>net8.0</TargetFrameworks>", "net9.0")          # False: another release
    builds("src/Acme/Acme.csproj")                                # True: a file that says what a build targets
    context("Fix a crash on .NET 8 when ...", ".NET 8")         # True: where a fault shows, not what changes
    declares("<TargetFrameworks>net8.0</TargetFrameworks>")       # True: what the build targets, no condition of it

Python's "Python 3.7" and Go's "Go 1.19" meet the build as values (`python-version: "3.7"`, `go 1.19`); .NET's
releases are written otherwise in its builds (`net5.0`, `netcoreapp3.1`, `net472`), and ".NET 5"'s number alone is one
digit, no value. A release is its moniker, never a neighbour's (net5.0 is no .NET 6, netstandard2.0 no 2.1); ".Net 6"
and ".net 8" are releases too, as changelogs write them. A release a fault shows on ("Fix a crash on .NET 8 when a
proxy is created") is the fault's context, not what the change targets: a build's line targeting it says little alone
(a package referenced only for that release), review 16 F4; the line declaring what the build targets
(`<TargetFrameworks>`, a CI matrix's list) is the fix again when it adds the release ("Fix the build on .NET 9").
"""

from __future__ import annotations

import re
from functools import lru_cache

_NAMED = re.compile(  # ".NET 5", ".NET 5.0", ".NET Core 3.1", ".NET Framework 4.7.2", ".NET Standard 2.0"
    r"(?<![\w.])\.(?:NET|Net|net)(?:\s+((?i:core|framework|standard)))?"
    r"\s+v?(\d{1,2})(?:\.(\d{1,2}))?(?:\.(\d{1,2}))?(?![\w%]|\.\d)"
)
_WRITTEN = re.compile(  # the moniker itself, as a criterion may write it: net8.0, netcoreapp3.1, netstandard2.0, net472
    r"(?<![\w.])(net(?:coreapp|standard)?\d{1,2}\.\d|net[1-4]\d{1,2})(?![\w]|\.\d)", re.IGNORECASE
)
_FAULT = re.compile(  # a criterion about a fault: where it shows is its context
    r"(?i)\b(?:fix(?:e[sd])?|crash(?:e[sd]|ing)?|bugs?|errors?|exceptions?|throws?|fail(?:s|ed|ing|ure)?|regression"
    r"|broken|wrong|incorrect(?:ly)?|hangs?|leaks?)\b"
)
_WHERE = re.compile(r"(?i)(?<![\w-])(?:on|under|in|with|using|running)\s+$")  # "on .NET 8": where, as a fault shows
_DECLARED = re.compile(r"<TargetFrameworks?>")
_BUILDS = re.compile(  # a project, props, targets or package file; a CI pipeline's YAML, no other YAML (review 16 F4)
    r"\.(?:csproj|fsproj|vbproj|props|targets|nuspec)$"
    r"|(?:^|/)(?:\.github/workflows/[^/]+|[^/]*azure-pipelines[^/]*|\.gitlab-ci|appveyor|\.travis)\.ya?ml$"
    r"|(?:^|/)(?:\.azure-pipelines|\.pipelines|eng/pipelines|build|\.ci)/[^/]+\.ya?ml$",
    re.IGNORECASE,
)


def monikers(prose: str) -> list[tuple[str, str]]:
    """The .NET releases the text names, each (as written, its target framework moniker), in order, once each."""
    found = [(m.start(), m.group(0), _moniker(*m.groups())) for m in _NAMED.finditer(prose)]
    found += [(m.start(), m.group(0), m.group(1).lower()) for m in _WRITTEN.finditer(prose)]
    return list({moniker: (label, moniker) for _, label, moniker in sorted(found)}.values())


def context(prose: str, label: str) -> bool:
    """Whether the release the criterion names (as written, `label`) is where a fault shows, not what the change
    targets: a criterion about a fault, the release after "on", "under", "in", "with", "using" or "running"."""
    if _FAULT.search(prose) is None:
        return False
    return any(_WHERE.search(prose[max(0, m.start() - 12) : m.start()]) for m in re.finditer(re.escape(label), prose))


def declares(text: str) -> bool:
    """Whether a build file's line declares the releases the build targets: a project's `<TargetFramework(s)>`, a CI
    matrix's entry (YAML, no markup), not a condition on one nor a package's dependency group."""
    return _DECLARED.search(text) is not None or ("<" not in text and "Condition" not in text)


def builds(path: str) -> bool:
    """Whether the file says what a build targets: a project, a props or targets file, a package's specification, a
    CI or build pipeline's YAML."""
    return _BUILDS.search(path) is not None


def targets(text: str, moniker: str) -> bool:
    """Whether the line writes the moniker, whole (`net9.0-windows` is net9.0; net5.0 is not net5.0.1 nor net50)."""
    return _targeting(moniker).search(text) is not None


@lru_cache(maxsize=256)
def _targeting(moniker: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.]){re.escape(moniker)}(?![\w]|\.\d)", re.IGNORECASE)


def _moniker(family: str | None, major: str, minor: str | None, patch: str | None) -> str:
    """A release's moniker: .NET 5 and later net5.0; .NET Core netcoreapp3.1; .NET Standard netstandard2.0; .NET
    Framework (and a bare .NET 4.x) net472."""
    family = family and family.capitalize()
    if family == "Standard":
        return f"netstandard{int(major)}.{int(minor or 0)}"
    if family == "Core" and int(major) < 5:
        return f"netcoreapp{int(major)}.{int(minor or 0)}"
    if family == "Framework" or int(major) < 5:
        return f"net{int(major)}{int(minor or 0)}{int(patch) if patch and int(patch) else ''}"
    return f"net{int(major)}.{int(minor or 0)}"
