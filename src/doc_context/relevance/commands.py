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

from doc_context.relevance.words import parts

# "the `init` command", "`batch` subcommand", "the init command", "Fix init command": a code span's name anywhere, a
# prose word that is no kind of command nor common (never "a shell command", "every subcommand", "pytest's
# command-line", "a new command")
_SUBCOMMAND = re.compile(
    r"(?<![\w.`/'\u2019-])`([A-Za-z][\w-]*)`\s+(?:sub)?command\b(?!-)"
    r"|(?i:\b(?:the|for|run)\s+)([A-Za-z][\w-]*)\s+(?:sub)?command\b(?!-)"
    r"|(?<![\w.`/'\u2019-])([a-z][a-z0-9-]*)\s+(?:sub)?command\b(?!-)"
)
# Words that say what kind of command it is, not which: "the shell command", "the custom command", "the CLI command"
_KINDS = frozenset(
    "shell custom interactive cli git bash terminal console system os unix external underlying original main default"
    " top-level built-in builtin corresponding given specified whole entire actual current native root base".split()
)
# Words that say what a command is like, never its name, when no article names it ("an unknown command", "long
# command lines": review 10, finding 1): a bare word before "command" is a subcommand only written as one
_LIKE = frozenset(
    "unknown invalid unsupported missing wrong bad long short full empty single multiple several previous next last"
    " first same similar generated complex simple nested failing failed running slow".split()
)
_DISPATCH = re.compile(  # NAME: the subcommand's name in quotes (dispatches)
    r"(?:\b(?:case|when)\s+|[!=]==?\s*|\bequals\w*\(\s*)(?:NAME)"  # compared: case, when, ==, ===, equals(
    r"|(?:NAME)\s*(?:[!=]==?|=>|->|\.equals\w*\()"  # "init" == arg, "init" => ..., "init".equals(arg)
    r"|\w*(?:command|parser|cmd)\w*\s*\(\s*(?:NAME)"  # command('init'), add_parser("init"), Command("init", ...)
    r"|\b(?:use|name|command|cmd)\s*[:=]\s*(?:NAME)"  # Use: "init", .Name = "init", command: 'init'
)
_COMMAND_FOLDERS = frozenset({"commands", "command", "cmd", "cmds", "subcommands", "cli"})
_SUFFIX = re.compile(r"(?<=\w)[-_]?(?:sub)?(?:command|cmd)$")  # InitCommand, init_command: the init command's class


def named_subcommands(text: str, common: frozenset[str]) -> list[str]:
    """The subcommands the text names: a code span's (`new` command), or a prose word's before "command" that is
    no kind of command (_KINDS) and whose parts (words.parts) are none a common word (`common`: "every", "new"),
    after "the", "for" or "run", or bare in lower case and no adjective (_LIKE: "Fix init command", not "an unknown
    command", "Windows command")."""
    return [
        code or word or bare
        for code, word, bare in _SUBCOMMAND.findall(text)
        if code or (word and _names_one(word, common)) or (bare and bare not in _LIKE and _names_one(bare, common))
    ]


def _names_one(word: str, common: frozenset[str]) -> bool:
    return word.lower() not in _KINDS and bool(parts(word)) and common.isdisjoint(parts(word))


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
    """Whether a line writes the subcommand's name as a string of its own where a tool registers or dispatches it:
    compared (`case "init":`, `when 'init'`, `input[0] === "init"`, `"init".equals(arg)`, `"init" =>`), or the first
    argument or the value of what registers a command (`program.command('init')`, `add_parser("init")`,
    `new Command("init", ...)`, `Use: "init"`, `.Name = "init"`). Never any string equal to it: an event's name
    (`emit("init")`), a logger's, a JSON property's (review 10, finding 1)."""
    quoted = "|".join(f"{q}{re.escape(name)}{q}" for q in "\"'`")
    return bool(re.search(_DISPATCH.pattern.replace("NAME", quoted), text, re.I))
