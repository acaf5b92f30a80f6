"""Issue 32's recall, fifth session: a subcommand the prose names ("the init command", "`run` command") meets its
file under a command line tool's folder (cmd/, commands/, cli/, a *-cli package), as `changeset tag` does."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.commands import subcommand_file
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed as diff


def evidence(criterion: str, *files: str) -> list[str]:
    return [f.path for f in EvidenceFinder(parse_diff("".join(files))).find(criterion).files]


COMMANDS = [  # (language, criterion naming a subcommand in prose, its file, an added line saying none of it)
    ("Go", "The init command creates the folder when it is missing.", "cmd/init.go", "\tos.MkdirAll(dir, 0o755)"),
    (
        "TypeScript",
        "Fix the default output directory for init command",
        "packages/graphql-codegen-cli/src/init/questions.ts",
        "    return 'src/gql/';",
    ),
    (
        "Python",
        "The `run` command forwards the script's arguments.",
        "src/pipx/commands/run.py",
        "    argv = split(line)",
    ),
    (
        "C#",
        "The init command creates the folder when it is missing.",
        "src/Tool.Cli/Commands/InitCommand.cs",
        "        Directory.CreateDirectory(root);",
    ),
    (
        "Java",
        "The init command creates the folder when it is missing.",
        "src/main/java/org/acme/cli/commands/InitCommand.java",
        "        Files.createDirectories(root);",
    ),
    (
        "Ruby",
        "The init command creates the folder when it is missing.",
        "lib/tool/commands/init_command.rb",
        "      FileUtils.mkdir_p(root)",
    ),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_subcommand_in_prose_meets_its_file(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


def test_another_subcommand_is_not_the_one_named() -> None:
    criterion = "The init command creates the folder when it is missing."
    assert evidence(criterion, diff("cmd/list.go", "\tos.MkdirAll(dir, 0o755)")) == []


def test_a_file_named_as_the_command_outside_a_command_folder_is_not_it() -> None:
    criterion = "The init command creates the folder when it is missing."
    assert evidence(criterion, diff("src/init.go", "\tos.MkdirAll(dir, 0o755)")) == []


@pytest.mark.parametrize(
    ("name", "path", "expected"),
    [
        ("init", "/cmd/init.go", True),
        ("init", "/packages/cli/src/commands/init/index.ts", True),
        ("init", "/src/Tool.Cli/Commands/InitCommand.cs", True),
        ("init", "/lib/tool/commands/init_command.rb", True),
        ("init", "/packages/graphql-codegen-cli/src/init/questions.ts", True),
        ("init", "/src/init.go", False),
        ("init", "/cmd/initialize.go", False),
        ("new", "/cmd/renew.go", False),
    ],
)
def test_subcommand_file(name, path, expected) -> None:
    assert subcommand_file(name, path) is expected
