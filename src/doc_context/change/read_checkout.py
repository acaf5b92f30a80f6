"""The change's sides from a checkout's git objects, for read.py: a PR build's checkout, whose HEAD is the
pull request's merge commit and HEAD^1 its first parent (fetchDepth 2). No request; git reads each path from
its batch input, never from its arguments, so no path is taken for an option.

    head(source_dir)                            # the checkout's HEAD commit when HEAD^1 is there too; "" else
    from_checkout(source_dir, wanted, caps)     # both sides of each wanted file, keyed (path, old)
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence

from doc_context.change.differ import Caps, Side, Wanted

TIMEOUT = 60.0  # seconds for one git command
_GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}


def head(source_dir: str | None) -> str:
    """The checkout's HEAD commit, when it has a first parent to diff against; "" for none."""
    if not source_dir or not os.path.isdir(source_dir):
        return ""
    done = _git(source_dir, ["rev-parse", "HEAD^{commit}", "HEAD^1^{commit}"])
    lines = done[1].decode("ascii", "replace").split() if done and done[0] == 0 else []
    return lines[0] if len(lines) == 2 else ""


def from_checkout(root: str, wanted: Sequence[Wanted], caps: Caps) -> dict[tuple[str, bool], Side]:
    """Both sides of each file from the checkout's objects (HEAD^1:path and HEAD:path), within the caps as
    change/differ.assemble applies them, in path order: a side over caps.file or a file past caps.total is
    not read at all."""
    keys = [w.sides() for w in wanted]
    asked = [k for file in keys for k in file if _one_line(k[0])]  # git reads a spec a line: none can hold a break
    specs = [f"{'HEAD^1' if old else 'HEAD'}:{path.lstrip('/')}" for path, old in asked]
    checked = _cat(root, ["cat-file", "--batch-check"], specs)
    found: dict[tuple[str, bool], tuple[str, int]] = {}
    for key, line in zip(asked, checked if len(checked) == len(asked) else [], strict=False):
        parts = line.split()
        if len(parts) == 3 and parts[1] == b"blob" and parts[2].isdigit():
            found[key] = (parts[0].decode("ascii"), int(parts[2]))
    sides: dict[tuple[str, bool], Side] = {}
    chosen: list[tuple[tuple[str, bool], str]] = []
    total = 0
    for file in keys:
        if any(k not in found for k in file):  # a path the commit does not have as a file
            sides.update({k: Side(error=_not_found(k[0])) for k in file if k not in found})
            continue
        size = sum(found[k][1] for k in file)
        if any(found[k][1] > caps.file for k in file):
            sides.update({k: Side(over=True) for k in file})
        elif total + size > caps.total:
            sides.update({k: Side(skipped=True) for k in file})
        else:
            total += size
            chosen += [(k, found[k][0]) for k in file]
    blobs = _blobs(root, [sha for _, sha in chosen])
    sides.update({key: Side(blobs.get(sha, b"")) for key, sha in chosen})
    return sides


def _not_found(path: str) -> str:
    return "not in the checkout's commit" if _one_line(path) else "a line break in its path, which git cannot be asked"


def _one_line(path: str) -> bool:
    """Whether git reads the path as one line of its batch input (it ends a line at a newline, and drops a CR
    before it)."""
    return "\n" not in path and not path.endswith("\r")


def _cat(root: str, args: list[str], lines: Sequence[str]) -> list[bytes]:
    """git's answers, one a line: split at newlines only, as git writes them (an echoed path may hold U+2028, a
    form feed or NEL, which str.splitlines() would split at)."""
    done = _git(root, args, "".join(f"{line}\n" for line in lines).encode("utf-8", "surrogateescape"))
    return done[1].split(b"\n")[: len(lines)] if done and done[0] == 0 else []


def _blobs(root: str, shas: Sequence[str]) -> dict[str, bytes]:
    """`git cat-file --batch` of these objects: each one's bytes by its id."""
    done = _git(root, ["cat-file", "--batch"], "".join(f"{sha}\n" for sha in dict.fromkeys(shas)).encode())
    out, at, found = (done[1] if done else b""), 0, {}
    while at < len(out):
        end = out.index(b"\n", at)
        parts = out[at:end].split()
        if len(parts) != 3:
            at = end + 1
            continue
        size = int(parts[2])
        found[parts[0].decode()] = out[end + 1 : end + 1 + size]
        at = end + 1 + size + 1
    return found


def _git(root: str, args: list[str], stdin: bytes = b"") -> tuple[int, bytes] | None:
    """(exit code, stdout) of a git command in the checkout; None when git could not run or took too long."""
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=root,
            env={**os.environ, **_GIT_ENV},
            input=stdin,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.returncode, done.stdout
