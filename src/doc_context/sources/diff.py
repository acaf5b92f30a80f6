"""The PR's diff from the checkout: `git diff HEAD^1 HEAD` of the merge commit a PR build checks out.

    diff, notice = read_diff(settings.source_dir)              # its first MAX_BYTES, as text
    read = read_diff_index(settings.source_dir)                # read once: that text and every changed line
    read.text, read.diff, read.notice                          # read.diff None: no diff could be read

Never raises for what a pipeline can get wrong: no checkout, a shallow clone (HEAD^1 missing),
no git, a diff too big or too slow. Each gives an empty (or cut) diff and a Notice that says
what to change; the summaries then rank by the changed file paths alone.

read_diff_index streams git's output once into both: the text the summaries rank by (its first
max_bytes, cut at a line), and text/unidiff's reader, which keeps every file's added and deleted lines
(each clipped to unidiff.MAX_LINE characters) for the criteria's evidence, up to max_index_bytes of diff.
Memory stays bounded by those two caps, whatever git writes (a 5 MB line is held to unidiff.MAX_HELD characters).
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from doc_context.errors import first_line
from doc_context.models import Notice
from doc_context.text.unidiff import Diff, DiffReader

MAX_BYTES = 2_000_000  # of the diff kept as text: what the summaries rank by
MAX_INDEX_BYTES = 64_000_000  # of the diff read into its changed lines, for the criteria's evidence
TIMEOUT = 30.0
SOURCE = "diff"
_GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
_DIFF = ["-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "HEAD^1", "HEAD"]
SHALLOW = (
    "the checkout has no parent commit (HEAD^1), so the diff was not read and summaries are ranked by "
    "file names only: set 'fetchDepth: 2' (or more) on the checkout step"
)


@dataclass(frozen=True)
class DiffRead:
    text: str = ""  # the diff's first max_bytes, cut at a line end
    diff: Diff | None = None  # its files and changed lines; None when no diff was read (no checkout, ...)
    notice: Notice | None = None


def read_diff(
    source_dir: str | None, *, timeout: float = TIMEOUT, max_bytes: int = MAX_BYTES
) -> tuple[str, Notice | None]:
    """The diff of HEAD against its first parent, up to max_bytes, and a Notice when it could not be read whole."""
    read = _read(source_dir, timeout, max_bytes, max_bytes, None)
    return read.text, read.notice


def read_diff_index(
    source_dir: str | None,
    *,
    timeout: float = TIMEOUT,
    max_bytes: int = MAX_BYTES,
    max_index_bytes: int = MAX_INDEX_BYTES,
) -> DiffRead:
    """The diff read once: its first max_bytes as text, and its changed lines (up to max_index_bytes) parsed."""
    reader = DiffReader()
    read = _read(source_dir, timeout, max_bytes, max(max_bytes, max_index_bytes), reader)
    return DiffRead(read.text, reader.close() if read.diff is not None else None, read.notice)


def _read(source_dir: str | None, timeout: float, keep: int, limit: int, reader: DiffReader | None) -> DiffRead:
    """git diff HEAD^1 HEAD: text up to `keep` bytes, every byte up to `limit` to the reader; diff set (to an
    empty Diff) when the diff was read, whole or cut."""
    if not source_dir:
        return DiffRead()
    if not os.path.isdir(source_dir):
        why = f"{source_dir} is not a directory; the diff was not read (BUILD_SOURCESDIRECTORY)"
        return DiffRead(notice=Notice(SOURCE, why))
    inside = _git(source_dir, ["rev-parse", "--is-inside-work-tree"], timeout)
    if isinstance(inside, Notice):
        return DiffRead(notice=inside)
    if inside[0] != 0:
        return DiffRead(notice=Notice(SOURCE, _not_a_checkout(source_dir, inside[2])))
    parent = _git(source_dir, ["rev-parse", "--verify", "--quiet", "HEAD^1^{commit}"], timeout)
    if isinstance(parent, Notice):
        return DiffRead(notice=parent)
    if parent[0] != 0:
        return DiffRead(notice=Notice(SOURCE, SHALLOW))
    done = _git(source_dir, _DIFF, timeout, keep, limit, reader.write if reader else None)
    if isinstance(done, Notice):
        return DiffRead(notice=done)
    code, out, err = done
    text = out.decode("utf-8", "replace")
    if code is None:  # cut at the limit
        what = "only its first part was read" if reader is None else "the changes past it were not read"
        notice = Notice(SOURCE, f"the diff is larger than {limit:,} bytes; {what}")
        return DiffRead(text[: text.rfind("\n") + 1], Diff(), notice)
    if code != 0:
        message = first_line(err.decode("utf-8", "replace")) or "no message"
        return DiffRead(notice=Notice(SOURCE, f"git diff HEAD^1 HEAD failed (exit {code}): {message}"))
    whole = len(out) < keep or keep == limit  # else the text may stop inside a line: end it at the last one
    return DiffRead(text if whole else text[: text.rfind("\n") + 1], Diff())


def _not_a_checkout(source_dir: str, err: bytes) -> str:
    if b"dubious ownership" in err:
        return (
            f"git refuses {source_dir} (dubious ownership); the diff was not read: run "
            f"'git config --global --add safe.directory {source_dir}' before this step"
        )
    return (
        f"{source_dir} is not a git checkout; the diff was not read (add a checkout step, "
        "or point BUILD_SOURCESDIRECTORY at it)"
    )


def _git(
    cwd: str,
    args: list[str],
    timeout: float,
    max_bytes: int = 65_536,
    limit: int | None = None,
    sink: Callable[[bytes], None] | None = None,
) -> tuple[int | None, bytes, bytes] | Notice:
    """(exit code, stdout up to max_bytes, stderr); every byte of stdout up to `limit` (default max_bytes) also
    goes to `sink`; exit code None when stdout was cut at the limit. A Notice when git can't run."""
    try:
        proc = subprocess.Popen(
            ["git", *args],
            cwd=cwd,
            env={**os.environ, **_GIT_ENV},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
        )
    except FileNotFoundError:
        return Notice(SOURCE, "git is not installed on the agent; the diff was not read")
    except OSError as e:
        return Notice(SOURCE, f"git could not run ({e.strerror or e}); the diff was not read")
    with proc:
        out: list[bytes] = []
        err: list[bytes] = []
        cut: list[bool] = []
        readers = [
            threading.Thread(
                target=_pump, args=(proc.stdout, out, max_bytes, proc, cut, limit or max_bytes, sink), daemon=True
            ),
            threading.Thread(target=_pump, args=(proc.stderr, err, 65_536, None, []), daemon=True),
        ]
        for reader in readers:
            reader.start()
        readers[0].join(timeout)
        if readers[0].is_alive():
            _kill(proc)
            for reader in readers:
                reader.join(5)  # the pipes close when git dies: let the readers see their end
            return Notice(SOURCE, f"git took longer than {timeout:g} s; the diff was not read")
        readers[1].join(5)
        code = proc.wait()
    return (None if cut else code), b"".join(out), b"".join(err)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Stop git and anything it started (its own process group on POSIX)."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


def _pump(
    stream: IO[bytes],
    into: list[bytes],
    keep: int,
    proc: subprocess.Popen[bytes] | None,
    cut: list[bool],
    limit: int | None = None,
    sink: Callable[[bytes], None] | None = None,
) -> None:
    """Read a pipe, keeping at most `keep` bytes and passing up to `limit` (default keep) to `sink`; past the
    limit note it, and stop the process if one is given."""
    limit = keep if limit is None else limit
    size = 0
    while chunk := stream.read(65_536):
        wanted = chunk[: max(0, limit - size)]
        if size < keep:
            into.append(wanted[: keep - size])
        if sink is not None and wanted:
            sink(wanted)
        size += len(wanted)
        if len(wanted) < len(chunk) and not cut:
            cut.append(True)
            if proc is not None:
                _kill(proc)  # the diff: enough read
                return  # stderr is drained to its end, so git never blocks writing it
