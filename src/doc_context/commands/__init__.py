"""The commands, one module each: `add(sub)` declares its arguments, `main(args, console) -> int` runs it.

    run.py       gather, summarize and post the comment (pipeline mode); its log, files and the step's result
    context.py   gather as run does, post nothing; the context for AI reviewers on stdout
    check.py     preflight: what the credentials can read and write, and what a run would show by title only
    mcp.py       the pull_request_context tool over stdio (mcp_server.py)
    demo.py      a run against the sandbox servers (demo.py)
    console.py   how every command prints: masked, in the admin's words, plain lines outside a pipeline

cli.py builds the parser from them and maps errors to exit codes; nothing here picks an exit code but 0.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from doc_context.errors import DocContextError

if TYPE_CHECKING:
    from typing import TypeAlias

    Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class StepFailed(DocContextError):
    """The run did its work, and the step fails on purpose (failed checks, warnings with failOnWarning)."""


def pull_request_id(value: str) -> int:
    """The type of --pull-request: a whole number, 1 or more."""
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{value!r} is not a pull request id (a whole number, 1 or more)")
    return number
