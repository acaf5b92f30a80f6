"""Pure: a command line tool's subcommand a criterion names (`changeset tag`, "the init command") meeting the file
that is the subcommand's.

    subcommand_file("init", "/cmd/init.go")                                  # True (Go, cobra's layout)
    subcommand_file("init", "/packages/cli/src/commands/init/index.ts")      # True
    subcommand_file("init", "/src/Tool.Cli/Commands/InitCommand.cs")         # True: its command class
    subcommand_file("init", "/src/init.go")                                  # False: no command line tool's folder

A command line tool's folder is commands/, cmd/, cli/ or a package named for one (graphql-codegen-cli, Tool.Cli);
a subcommand is a folder or file named as it below one (or as its class, InitCommand.cs, init_command.rb). A small
tool registers or dispatches its subcommands by name in one file (`case "init":`, `Use: "init"`,
`add_parser("init")`): the line writing the name is the subcommand's (dispatches), never that file as a whole, which
names every subcommand (changesets' `case "version":` beside the init command's fix).

    dispatches("init", '  if (input[0] === "init") {')                      # True
    dispatches("init", '  log.info("init: done");')                         # False: a message saying it
"""

from __future__ import annotations

import re

from doc_context.relevance.literals import literals
from doc_context.relevance.words import parts

# "the `init` command", "`batch` subcommand", "the init command", "Fix init command": a code span's name anywhere, a
# prose word that is no kind of command nor common (never "a shell command", "every subcommand", "pytest's
# command-line", "a new command")
_SUBCOMMAND = re.compile(
    r"(?<![\w.`/'\u2019-])`([A-Za-z][\w-]*)`\s+(?:sub)?command\b(?!-)"
    r"|(?<![\w.`/'\u2019-])([A-Za-z][\w-]*)\s+(?:sub)?command\b(?!-)"
)
# Words that say what kind of command it is, not which: "the shell command", "the custom command", "the CLI command"
_KINDS = frozenset(
    "shell custom interactive cli git bash terminal console system os unix external underlying original main default"
    " top-level built-in builtin corresponding given specified whole entire actual current native root base".split()
)
_COMMAND_FOLDERS = frozenset({"commands", "command", "cmd", "cmds", "subcommands", "cli"})
_SUFFIX = re.compile(r"(?<=\w)[-_]?(?:sub)?(?:command|cmd)$")  # InitCommand, init_command: the init command's class


def named_subcommands(text: str, common: frozenset[str]) -> list[str]:
    """The subcommands the text names: a code span's (`new` command), or a prose word's before "command" that is
    no kind of command (_KINDS) and whose parts (words.parts) are none a common word (`common`: "every", "new")."""
    return [
        code or word
        for code, word in _SUBCOMMAND.findall(text)
        if code or (word.lower() not in _KINDS and parts(word) and common.isdisjoint(parts(word)))
    ]


def subcommand_file(name: str, path: str) -> bool:
    """Whether the file is the subcommand's: a folder or file named as it (or as its command class) below a command
    line tool's folder."""
    folders = path.strip("/").split("/")
    named = [*folders[:-1], folders[-1].split(".", 1)[0]]
    wanted = name.lower()
    return any(
        _SUFFIX.sub("", part.lower()) == wanted and any(map(_cli, folders[:at])) for at, part in enumerate(named)
    )


def _cli(folder: str) -> bool:
    return folder.lower() in _COMMAND_FOLDERS or folder.lower().endswith(("-cli", "_cli", ".cli"))


def dispatches(name: str, text: str) -> bool:
    """Whether a line writes the subcommand's name as a string of its own, as a tool registers or dispatches it
    (`case "init":`, `if (input[0] === "init")`, `program.command('init')`, `Use: "init"`, `add_parser("init")`)."""
    return any(literal.lower() == name.lower() for literal in literals(text))
