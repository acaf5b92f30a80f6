"""The PR's diff from the checkout: `git diff HEAD^1 HEAD` of the merge commit a PR build checks out.

    diff, notice = read_diff(settings.source_dir)

Never raises for what a pipeline can get wrong: no checkout, a shallow clone (HEAD^1 missing),
no git, a diff too big or too slow. Each gives an empty (or cut) diff and a Notice that says
what to change; the summaries then rank by the changed file paths alone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
from typing import IO

from doc_context.errors import first_line
from doc_context.models import Notice

MAX_BYTES = 2_000_000
TIMEOUT = 30.0
SOURCE = "diff"
_GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
_DIFF = ["-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "HEAD^1", "HEAD"]
SHALLOW = (
    "the checkout has no parent commit (HEAD^1), so the diff was not read and summaries are ranked by "
    "file names only: set 'fetchDepth: 2' (or more) on the checkout step"
)


def read_diff(
    source_dir: str | None, *, timeout: float = TIMEOUT, max_bytes: int = MAX_BYTES
) -> tuple[str, Notice | None]:
    """The diff of HEAD against its first parent, up to max_bytes, and a Notice when it could not be read whole."""
    if not source_dir:
        return "", None
    if not os.path.isdir(source_dir):
        return "", Notice(SOURCE, f"{source_dir} is not a directory; the diff was not read (BUILD_SOURCESDIRECTORY)")
    inside = _git(source_dir, ["rev-parse", "--is-inside-work-tree"], timeout)
    if isinstance(inside, Notice):
        return "", inside
    if inside[0] != 0:
        return "", Notice(SOURCE, _not_a_checkout(source_dir, inside[2]))
    parent = _git(source_dir, ["rev-parse", "--verify", "--quiet", "HEAD^1^{commit}"], timeout)
    if isinstance(parent, Notice):
        return "", parent
    if parent[0] != 0:
        return "", Notice(SOURCE, SHALLOW)
    done = _git(source_dir, _DIFF, timeout, max_bytes)
    if isinstance(done, Notice):
        return "", done
    code, out, err = done
    if code is None:  # cut at max_bytes
        text = out.decode("utf-8", "replace")
        return text[: text.rfind("\n") + 1], Notice(
            SOURCE, f"the diff is larger than {max_bytes:,} bytes; only its first part was read"
        )
    if code != 0:
        message = first_line(err.decode("utf-8", "replace")) or "no message"
        return "", Notice(SOURCE, f"git diff HEAD^1 HEAD failed (exit {code}): {message}")
    return out.decode("utf-8", "replace"), None


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
    cwd: str, args: list[str], timeout: float, max_bytes: int = 65_536
) -> tuple[int | None, bytes, bytes] | Notice:
    """(exit code, stdout, stderr); exit code None when stdout was cut at max_bytes. A Notice when git can't run."""
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
            threading.Thread(target=_pump, args=(proc.stdout, out, max_bytes, proc, cut), daemon=True),
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
    stream: IO[bytes], into: list[bytes], limit: int, proc: subprocess.Popen[bytes] | None, cut: list[bool]
) -> None:
    """Read a pipe, keeping at most limit bytes; past the limit note it, and stop the process if one is given."""
    size = 0
    while chunk := stream.read(65_536):
        keep = chunk[: max(0, limit - size)]
        into.append(keep)
        size += len(keep)
        if len(keep) < len(chunk) and not cut:
            cut.append(True)
            if proc is not None:
                _kill(proc)  # the diff: enough read
                return  # stderr is drained to its end, so git never blocks writing it
