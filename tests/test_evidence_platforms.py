"""Issue 32, session 16 (data15's class "the platform a change supports"): a criterion's .NET release (".NET 5",
".NET 9", ".NET Core 3.1", ".NET Framework 4.7.2", ".NET Standard 2.0") meets the build's line targeting it, its
target framework moniker (net5.0, net9.0, netcoreapp3.1, net472, netstandard2.0) in a project, props, targets,
nuspec or CI YAML file, as Python's "Python 3.7" meets `python-version: "3.7"` and Go's "Go 1.19" `go 1.19`
(relevance/platforms.py). Before, ".NET 5" read as the weak word NET and a one-digit number, no value: NSubstitute's
"Add .NET 5 support" and "Added .NET 9 to test matrix" had no evidence."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.platforms import builds, monikers, targets
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff
from tests.diffs import patch


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


CSPROJ = "src/NSubstitute/NSubstitute.csproj"
RETARGETED = diff(  # a project gaining .NET 5 beside the frameworks it targeted already
    CSPROJ,
    "    <TargetFrameworks>netstandard1.3;netstandard2.0;net45;net46;net5.0</TargetFrameworks>",
    deleted=("    <TargetFrameworks>netstandard1.3;netstandard2.0;net45;net46</TargetFrameworks>",),
)
MATRIX = patch(  # a CI matrix gaining .NET 9 beside .NET 8
    ".github/workflows/test.yml",
    "     strategy:",
    "       matrix:",
    "         os: [windows-latest, ubuntu-latest, macOS-latest]",
    "-        framework: [net8.0]",
    "+        framework: [net9.0, net8.0]",
    "         include:",
    "           - os: windows-latest",
    "             framework: net462",
)


@pytest.mark.parametrize(
    ("criterion", "change"),
    [
        ("Add .NET 5 support", RETARGETED),
        ("Added .NET 9 to test matrix", MATRIX),
        (
            "Target .NET Core 3.1",
            diff(
                "Directory.Build.props",
                "    <TargetFrameworks>netstandard2.0;netcoreapp3.1</TargetFrameworks>",
                deleted=("    <TargetFrameworks>netstandard2.0;netcoreapp2.1</TargetFrameworks>",),
            ),
        ),
        (
            "Run the tests on .NET 4.7.2 too",
            patch(
                ".github/workflows/test.yml",
                "         include:",
                "           - os: windows-latest",
                "-            framework: net462",
                "+            framework: net472",
            ),
        ),
        (
            "Keyed services in net8.0 and later.",
            diff(
                "Directory.Build.props",
                "    <LangVersion Condition=\"'$(TargetFramework)' == 'net8.0'\">12</LangVersion>",
            ),
        ),
    ],
)
def test_a_net_release_meets_the_build_targeting_it(criterion: str, change: str) -> None:
    assert evidence(criterion, change) != [], criterion


def test_a_dropped_release_meets_the_deleted_target() -> None:
    dropped = diff(
        "src/Acme/Acme.csproj",
        "    <TargetFrameworks>netstandard2.0;net8.0</TargetFrameworks>",
        deleted=("    <TargetFrameworks>netstandard2.0;net6.0;net8.0</TargetFrameworks>",),
    )
    assert evidence("Drop .NET 6 support", dropped) == ["/src/Acme/Acme.csproj"]
    assert evidence("Drop .NET 8 support", dropped) == []  # still targeted: rewritten around it


@pytest.mark.parametrize(
    ("criterion", "change"),
    [
        ("Add .NET 6 support", RETARGETED),  # net5.0 is no .NET 6
        ("Add .NET 4.6 support", RETARGETED),  # net46 is targeted before and after: not what the change adds
        ("Added .NET 8 to test matrix", MATRIX),  # net8.0 was there before: the line rewritten around it
        (
            "Add .NET 9 support",
            diff("src/Acme/Acme.csproj", "    <TargetFrameworks>net8.0</TargetFrameworks>", deleted=("    <x/>",)),
        ),  # net8.0 is no .NET 9
        (
            "Add .NET 5 support",
            diff("src/NSubstitute/Core/Net5Helpers.cs", "    // net5.0 changed how delegates are proxied"),
        ),  # code, not a build
        (
            "Added .NET 9 to test matrix",
            diff(".github/workflows/test.yml", "          dotnet-version: 9.0.x"),
        ),  # an SDK's version, not a target
    ],
)
def test_a_release_meets_no_other_target(criterion: str, change: str) -> None:
    assert evidence(criterion, change) == [], criterion


@pytest.mark.parametrize(
    ("prose", "expected"),
    [
        ("Add .NET 5 support", [(".NET 5", "net5.0")]),
        ("Runs on .NET 8.0 and .NET 10", [(".NET 8.0", "net8.0"), (".NET 10", "net10.0")]),
        ("Drop .NET Core 3.1", [(".NET Core 3.1", "netcoreapp3.1")]),
        ("Drop .NET Core 2", [(".NET Core 2", "netcoreapp2.0")]),
        (".NET Framework 4.7.2 is the lowest", [(".NET Framework 4.7.2", "net472")]),
        (".NET Framework 4.8 and .NET 4.6.1", [(".NET Framework 4.8", "net48"), (".NET 4.6.1", "net461")]),
        (".NET Standard 2.0 is the lowest .NET Standard", [(".NET Standard 2.0", "netstandard2.0")]),
        ("Support for `IKeyedServiceProvider` in net8.0.", [("net8.0", "net8.0")]),
        ("Targets netstandard2.0 and net472", [("netstandard2.0", "netstandard2.0"), ("net472", "net472")]),
        (".Net 6 support", [(".Net 6", "net6.0")]),  # as changelogs write it too (review 16 F4)
        ("Add .net 8 and .NET core 3.1 support", [(".net 8", "net8.0"), (".NET core 3.1", "netcoreapp3.1")]),
        ("Fix silent zero coverage on .NET Framework (console/collector)", []),  # no release
        ("The ASP.NET 4 pipeline", []),  # ASP.NET is another product
        ("Use the Microsoft.NET.Sdk 8 analyzers", []),  # a package's name
        ("Uses .NET 5% less memory", []),
        ("Drop support for Python 3.7 and Go 1.19", []),  # other platforms: values (`python-version: "3.7"`)
    ],
)
def test_the_releases_a_criterion_names(prose: str, expected: list[tuple[str, str]]) -> None:
    assert monikers(prose) == expected


@pytest.mark.parametrize(
    ("line", "moniker", "expected"),
    [
        ("<TargetFrameworks>net8.0;net9.0</TargetFrameworks>", "net9.0", True),
        ("<TargetFramework>net9.0-windows10.0.19041.0</TargetFramework>", "net9.0", True),
        ("<TargetIsNet5 Condition=\"'$(TargetFramework)' == 'net5.0'\">true</TargetIsNet5>", "net5.0", True),
        ("env: CONFIGURATION=Release FRAMEWORK=net5.0", "net5.0", True),
        ("<TargetFrameworks>net8.0;net9.0</TargetFrameworks>", "net5.0", False),
        ("<TargetFramework>net5.0.1</TargetFramework>", "net5.0", False),
        ("<TargetFrameworks>net472;net48</TargetFrameworks>", "net47", False),
        ("<TargetFrameworks>netstandard2.1</TargetFrameworks>", "netstandard2.0", False),
        ("<TargetFrameworks>netcoreapp3.1</TargetFrameworks>", "net3.1", False),
        ("    <TargetIsNet5>true</TargetIsNet5>", "net5.0", False),
    ],
)
def test_a_line_targets_a_release_whole(line: str, moniker: str, expected: bool) -> None:
    assert targets(line, moniker) is expected


def test_the_files_that_say_what_a_build_targets() -> None:
    built = ["a/A.csproj", "b/B.fsproj", "Directory.Build.props", "x.targets", "A.nuspec", ".travis.yml"]
    built += [".github/workflows/test.yml", "azure-pipelines.yml", "eng/pipelines/ci.yaml", ".gitlab-ci.yml"]
    assert all(map(builds, built))
    assert not any(map(builds, ["src/A/Net5.cs", "build.cake", "README.md", "global.json"]))
    # any other YAML says nothing of a build's target: an issue template's dropdown (review 16 F4), a docs site's
    others = [".github/ISSUE_TEMPLATE/bug_report.yml", "docs/_config.yml", "src/app/appsettings.yaml"]
    assert not any(map(builds, others))


CONDITIONAL = diff(  # a package referenced for one release only: the line names net8.0, its subject is the package
    "src/Castle.Core/Castle.Core.csproj",
    '    <PackageReference Include="Polyfill" Version="1.0" Condition="\'$(TargetFramework)\' == \'net8.0\'" />',
)
CODE = diff("src/Castle.Core/DynamicProxy/ProxyGenerator.cs", "        var options = ProxyGenerationOptions.Default;")


@pytest.mark.parametrize(
    "criterion",
    [
        "Fix a crash on .NET 8 when a proxy is created for a keyed service",
        "Fixed an exception thrown under .Net 8 when the generator runs",
        "Bug: hangs when running .NET 8",
    ],
)
def test_a_release_a_fault_shows_on_is_no_evidence_alone(criterion: str) -> None:
    """Review 16 F4: the release where a fault shows is the fault's context; a build's line targeting it (a package
    referenced for that release) is not what the change fixes."""
    assert evidence(criterion, CONDITIONAL, CODE) == [], criterion


@pytest.mark.parametrize(
    "criterion",
    ["Add .NET 8 support", "Support for .Net 8", "Fix the build for .NET 8", "Keyed services in net8.0 and later."],
)
def test_a_release_the_change_targets_meets_the_conditional_line(criterion: str) -> None:
    """What must stay: a release the criterion is about (added, supported, built for) meets the build's line alone."""
    assert evidence(criterion, CONDITIONAL, CODE) == ["/src/Castle.Core/Castle.Core.csproj"], criterion


def test_a_fault_and_the_release_its_fix_targets() -> None:
    """A fault's release with another term of the criterion on the same file is evidence again: the fix's own words."""
    polyfill = "Fix a crash on .NET 8: reference the Polyfill package"
    assert evidence(polyfill, CONDITIONAL, CODE) == ["/src/Castle.Core/Castle.Core.csproj"]


RETARGETED_9 = diff(
    "src/Acme/Acme.csproj",
    "    <TargetFrameworks>net462;netstandard2.0;net8.0;net9.0</TargetFrameworks>",
    deleted=("    <TargetFrameworks>netstandard2.0;net8.0</TargetFrameworks>",),
)


@pytest.mark.parametrize(
    "criterion",
    [
        "Fix the build on .NET 9",
        "Fix running on .NET 9",
        "Fixed a failure to load the assembly on .NET Framework 4.6.2",
    ],
)
def test_a_fault_on_a_release_the_fix_targets(criterion: str) -> None:
    """Review 17 F2: the line declaring what the build targets, gaining the fault's release, is the fix itself."""
    assert evidence(criterion, RETARGETED_9, CODE) == ["/src/Acme/Acme.csproj"], criterion
