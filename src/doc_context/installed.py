"""`python -m doc_context.installed`: the step template's install steps end with it, and tell the run step it may run.

It prints which doc-context and Python are installed, then sets the pipeline variable DocContext.Ready, which
the template's run step requires: an install that failed (or none at all) skips the run instead of ending in
ModuleNotFoundError. Python prints the logging command, so no script holds one: the agent also acts on logging
commands in the echoed text of a one-line script, before that script runs (microsoft/azure-pipelines-tasks#7529).
"""

from __future__ import annotations

import sys

from doc_context import __version__, pipeline_log

VARIABLE = "DocContext.Ready"


def lines() -> list[str]:
    python = ".".join(str(part) for part in sys.version_info[:3])
    installed = f"doc-context {__version__} is installed (Python {python}, {sys.executable})"
    return [installed, pipeline_log.set_variable(VARIABLE, "true")]


if __name__ == "__main__":  # pragma: no cover
    print("\n".join(lines()))
