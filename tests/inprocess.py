"""`doc-context ARGS` called in this process, as a fresh process would run it: `main(argv)` with the given
environment, its stdout and stderr captured as the console script writes them.

What a process would print beyond main's own lines is printed here too: a log record no handler takes (Python's
last resort writes it to stderr) and a warning the interpreter's default filters show. The environment is
set for the call alone (a MonkeyPatch undone after it), with the pipeline variables of this machine left out,
as demo.run_env leaves them out of a child's.
"""

from __future__ import annotations

import io
import logging
import os
import sys
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, redirect_stderr, redirect_stdout

import pytest

from doc_context.cli import main
from doc_context.models import Clock


def run_main(
    env: dict[str, str], args: Sequence[str], *, timeout: float = 120, stdin: bytes = b"", clock: Clock = time
) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `main(args)` under exactly `env` (a child's environment, as run_env makes it),
    reading `stdin`, waiting between tries on `clock`."""
    stdout, stderr = io.StringIO(), io.StringIO()
    result: list[int] = []
    failed: list[BaseException] = []

    def call() -> None:
        try:
            result.append(main(list(args), clock=clock))
        except SystemExit as e:  # argparse's --help and --version, as the process would exit
            if isinstance(e.code, str):
                print(e.code, file=stderr)
            result.append(e.code if isinstance(e.code, int) else 0 if e.code is None else 1)
        except BaseException as e:  # re-raised in the test's thread
            failed.append(e)

    with ExitStack() as stack:
        patch = stack.enter_context(pytest.MonkeyPatch.context())
        _environment(patch, env)
        patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        stack.enter_context(redirect_stdout(stdout))
        stack.enter_context(redirect_stderr(stderr))
        stack.enter_context(_last_resort_logging(stderr))
        shown = stack.enter_context(_default_warnings())
        worker = threading.Thread(target=call, name="doc-context main", daemon=True)
        worker.start()
        worker.join(timeout)
        for w in shown:
            stderr.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
    if worker.is_alive():
        pytest.fail(f"doc-context {' '.join(args)} did not end within {timeout} s")
    if failed:
        raise failed[0]
    return result[0], _as_written(stdout.getvalue()), _as_written(stderr.getvalue())


def _as_written(text: str) -> str:
    """What the console script's streams (errors=backslashreplace, cli.entry) let through, read back as UTF-8."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _environment(patch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for name in [n for n in os.environ if n not in env]:
        patch.delenv(name)
    for name, value in env.items():
        patch.setenv(name, value)


class _LastResort(logging.Handler):
    """Python's logging.lastResort as a fresh process has it: a record that meets no handler on its way up goes
    to stderr. The handlers present before (pytest's own) do not count."""

    def __init__(self, stream: io.StringIO, ignored: Sequence[logging.Handler]) -> None:
        super().__init__(logging.WARNING)
        self._stream = stream
        self._ignored = (*ignored, self)

    def emit(self, record: logging.LogRecord) -> None:
        logger: logging.Logger | None = logging.getLogger(record.name)
        while logger is not None:
            if any(h not in self._ignored for h in logger.handlers):
                return  # a handler of the program's own took it
            logger = logger.parent if logger.propagate else None
        self._stream.write(self.format(record) + "\n")


@contextmanager
def _last_resort_logging(stream: io.StringIO) -> Iterator[None]:
    root = logging.getLogger()
    handler = _LastResort(stream, list(root.handlers))
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)


@contextmanager
def _default_warnings() -> Iterator[list[warnings.WarningMessage]]:
    """The interpreter's default warning filters (no -W, no PYTHONWARNINGS), the warnings they show recorded."""
    with warnings.catch_warnings(record=True) as shown:
        warnings.resetwarnings()
        warnings.simplefilter("default")
        for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
            warnings.simplefilter("ignore", category)
        yield shown
