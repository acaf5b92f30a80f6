"""Issue 32's recall, fifth session: a subcommand the prose names ("the init command", "`run` command") meets its
file under a command line tool's folder (cmd/, commands/, cli/, a *-cli package), as `changeset tag` does."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.commands import subcommand_file
from doc_context.relevance.criterion_terms import criterion_terms
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


NO_COMMAND = [  # (language, a criterion whose "command" names no subcommand, the changed file a word of it names)
    (
        "Python",
        "Adds a new command that exports the report as CSV.",
        "src/tool/commands/new.py",
        "    rows = list(rows)",
    ),
    ("Go", "Every subcommand prints its usage on --help.", "cmd/every.go", "\tfmt.Println(usage)"),
    ("Python", "Warn when a shell command exits with a non-zero status.", "src/tool/cli/shell.py", "    run(args)"),
    ("Python", "Document pytest's command-line options.", "src/_pytest/commands/s.py", "    parser.add(opt)"),
    ("TypeScript", "Running the same command twice is a no-op.", "packages/cli/src/commands/same.ts", "  return;"),
    ("C#", "Each subcommand logs its duration.", "src/Tool.Cli/Commands/EachCommand.cs", "        Log(elapsed);"),
    ("Java", "The following command prints the version.", "src/main/java/org/acme/cli/Following.java", "  print();"),
    ("Ruby", "Run a custom command before each build.", "lib/tool/commands/custom_command.rb", "      system(cmd)"),
    ("Python", "Warn when the shell command exits with an error.", "src/tool/cli/shell.py", "    run(args)"),
    ("Go", "The interactive command asks before it deletes.", "cmd/interactive.go", "\tconfirm()"),
    ("TypeScript", "Adds a\nshell command to the toolbox.", "packages/cli/src/commands/shell.ts", "  run();"),
    ("Java", "Adds a  new command for reports.", "src/main/java/org/acme/cli/New.java", "  print();"),
    ("C#", "A new CLI command lists the jobs.", "src/Tool.Cli/Commands/CliCommand.cs", "        List();"),
]


@pytest.mark.parametrize(("language", "criterion", "path", "line"), NO_COMMAND, ids=[c[1] for c in NO_COMMAND])
def test_a_word_before_command_that_names_no_subcommand_is_no_term(language, criterion, path, line) -> None:
    assert not [t for t in criterion_terms(criterion).terms if t.kind == "command"], language
    assert evidence(criterion, diff(path, line)) == [], language


NAMED = [  # (criterion, the subcommand it names): a code span, "the X command", "for X command"
    ("Adds a new `export` command.", "export"),
    ("The `new` command scaffolds a project.", "new"),
    ("The init subcommand creates the folder.", "init"),
    ("Fix the default output directory for init command", "init"),
    ("The publish-plan command writes the plan.", "publish-plan"),
    ("Fix init command from crashing.", "init"),  # any word before it that is no kind of command nor common
]


@pytest.mark.parametrize(("criterion", "name"), NAMED)
def test_a_named_subcommand_is_its_term(criterion, name) -> None:
    assert [t.parts for t in criterion_terms(criterion).terms if t.kind == "command"] == [(name,)]


# Issue 32's recall, tenth session: a tool registers or dispatches a subcommand by its name written as a string (the
# one file of a small tool that holds them all): the line writing "init" is the init command's, in any language.
DISPATCHED = [  # (language, criterion, the tool's one file, the added line registering or dispatching it)
    ("TypeScript", "Fix init command from crashing when the config is missing.", "packages/cli/src/index.ts",
     '  if (input[0] === "init") {'),
    ("Go", "The init command creates the folder when it is missing.", "main.go", '\t\tUse:   "init",'),
    ("Python", "The init command creates the folder when it is missing.", "tool/main.py",
     '    init = subparsers.add_parser("init")'),
    ("C#", "The init command creates the folder when it is missing.", "src/Tool/Program.cs",
     '        var init = new Command("init", "Scaffolds a project");'),
    ("Java", "The init command creates the folder when it is missing.", "src/main/java/org/acme/Main.java",
     '            case "init" -> init(root);'),
    ("Ruby", "The init command creates the folder when it is missing.", "lib/tool/cli.rb", "    when 'init' then init"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), DISPATCHED, ids=[d[0] for d in DISPATCHED])
def test_a_subcommand_meets_the_line_dispatching_it_by_name(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [f"/{path}"], language


@pytest.mark.parametrize(
    "line",
    [
        '  if (input[0] === "version") {',  # another subcommand's
        '  log.info("init: done");',  # a message saying it, not the name alone
        '  const mode = "initial";',
    ],
)
def test_a_line_dispatching_another_name_is_not_the_subcommand(line: str) -> None:
    criterion = "Fix init command from crashing when the config is missing."
    assert evidence(criterion, diff("packages/cli/src/index.ts", line)) == []


def test_a_document_writing_the_name_is_no_dispatch() -> None:
    criterion = "The init command creates the folder when it is missing."
    assert evidence(criterion, diff("docs/usage.md", 'Run `tool "init"` first.')) == []


# Review 10, finding 1: a string equal to the name is no dispatch unless the line registers or compares it, and a word
# before "command" is a subcommand bare only when it is written as one (lower case, no adjective: "unknown", "long").
NOT_DISPATCHED = [  # (language, criterion, path, an added line writing the name as a string, not dispatching it)
    ("TypeScript", "Fix init command from crashing.", "src/app.ts", '  this.emit("init");'),
    ("Ruby", "The serve command reloads on change.", "lib/tool/config.rb", "    mode = ENV.fetch('MODE', 'serve')"),
    ("Go", "The deploy command waits for the rollout.", "internal/metrics/metrics.go",
     '\tlog := logger.Named("deploy")'),
    ("Java", "The publish command skips private packages.", "src/main/java/org/acme/Event.java",
     '    @JsonProperty("publish") boolean publish;'),
    ("C#", "The migrate command keeps a backup.", "src/Db/Audit.cs", '        audit.Write("migrate", table);'),
    ("Python", "Fix init command from crashing.", "acme/events.py", '    bus.subscribe("init", on_ready)'),
]  # fmt: skip


@pytest.mark.parametrize(("language", "criterion", "path", "line"), NOT_DISPATCHED, ids=[d[0] for d in NOT_DISPATCHED])
def test_a_string_equal_to_the_name_that_dispatches_nothing_is_no_evidence(language, criterion, path, line) -> None:
    assert evidence(criterion, diff(path, line)) == [], language


NO_SUBCOMMAND = [  # (criterion, path, a line comparing the word it puts before "command")
    ("Reject an unknown command with exit code 2.", "internal/format/kind.go", '\tif kind == "unknown" {'),
    ("Fix Windows command quoting.", "internal/paths/home.go", '\tif runtime.GOOS == "windows" {'),
    ("Show a hint when a Docker command fails.", "src/Runtime/Detect.cs", '        if (name == "docker") return 1;'),
    ("Log every SQL command sent to the database.", "src/main/java/org/acme/Lang.java",
     '        case "sql" -> sql(t);'),
    ("Fix long command lines on Windows.", "src/tool/cli/run.py", '    if mode == "long":'),
]  # fmt: skip


@pytest.mark.parametrize(("criterion", "path", "line"), NO_SUBCOMMAND, ids=[n[0] for n in NO_SUBCOMMAND])
def test_a_word_before_command_that_is_no_subcommands_name_is_no_term(criterion, path, line) -> None:
    assert not [t for t in criterion_terms(criterion).terms if t.kind == "command"]
    assert evidence(criterion, diff(path, line)) == []
