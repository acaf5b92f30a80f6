"""Pure: a command line tool's subcommand a criterion names (`changeset tag`, "the init command") meeting the file
that is the subcommand's.

    subcommand_file("init", "/cmd/init.go")                                  # True (Go, cobra's layout)
    subcommand_file("init", "/packages/cli/src/commands/init/index.ts")      # True
    subcommand_file("init", "/src/Tool.Cli/Commands/InitCommand.cs")         # True: its command class
    subcommand_file("init", "/src/init.go")                                  # False: no command line tool's folder

A command line tool's folder is commands/, cmd/, cli/ or a package named for one (graphql-codegen-cli, Tool.Cli);
a subcommand is a folder or file named as it below one (or as its class, InitCommand.cs, init_command.rb). Not the
tool's dispatch on its name (`case "init":`): that file names every subcommand (changesets' `case "version":`
beside the init command's fix).
"""

from __future__ import annotations

import re

_COMMAND_FOLDERS = frozenset({"commands", "command", "cmd", "cmds", "subcommands", "cli"})
_SUFFIX = re.compile(r"(?<=\w)[-_]?(?:sub)?(?:command|cmd)$")  # InitCommand, init_command: the init command's class


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
