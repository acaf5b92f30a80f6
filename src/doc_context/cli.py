"""argv -> the command's module (commands/) -> an exit code. The only place that picks exit codes.

A run that fails prints its error once: outside a pipeline as `doc-context: <error>`; in one (TF_BUILD) as an
error issue, then `##vso[task.complete result=Failed;]<its first line>` as the last line before the exit, so the
step's result says why, not only "exit code 2". Run by the DocContext task, the names of the settings in what
it prints are the task's inputs the admin typed (confluenceUrl, not CONFLUENCE_URL): the task passes them.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import traceback
from collections.abc import Sequence
from typing import NoReturn

from doc_context import __version__
from doc_context.commands import check, context, demo, mcp, run
from doc_context.commands.console import Console, Printer
from doc_context.errors import ConfigError, DocContextError
from doc_context.models import Clock

COMMANDS = (run, context, mcp, demo, check)  # each: add(subparsers) declares it, main(args, console) runs it
STDOUT_IS_OUTPUT = ("context", "mcp")  # they print the context, or speak the protocol, on stdout: logs to stderr


class _Parser(argparse.ArgumentParser):
    """A usage error is one line that says where to look, exit 2 (argparse prints the whole usage first)."""

    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="doc-context",
        description=(
            "Give an Azure DevOps pull request its business context: its work items and the pages (Confluence, wiki) "
            "they and the PR cite, summarized in one PR comment."
        ),
    )
    parser.add_argument("--version", action="version", version=f"doc-context {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add(sub)
    return parser


def main(
    argv: Sequence[str] | None = None, out: Printer = print, err: Printer | None = None, clock: Clock = time
) -> int:
    """clock: what the waits between tries go by (tests pass a fake one: no wait is real)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), "")
    console = Console(out, (err or _stderr) if command in STDOUT_IS_OUTPUT else out, clock=clock)
    logging.getLogger("azure.identity").setLevel(logging.ERROR)  # its get_token warnings: our error says it once
    try:
        args = _parser().parse_args(argv)
        code: int = args.main(args, console)
        return code
    except DocContextError as e:
        return console.failed(str(e), e.exit_code)
    except KeyboardInterrupt:
        return console.failed("interrupted", 130)
    except Exception:
        console.emit(traceback.format_exc())
        return console.failed("failed unexpectedly (the traceback is above): please report it", 3)


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def entry() -> None:
    """The console script: run, flush, and leave at once, even with a request past the deadline in flight
    (a pipeline step must never hang; a plain exit would wait for that worker thread)."""
    for stream in (sys.stdout, sys.stderr):  # bytes that were not UTF-8 (a path, a URL) print escaped, never crash
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
