"""A real git checkout of the demo pull request, as its PR build has one: HEAD^1 the target branch, HEAD the change.

    with demo_checkout() as source_dir:          # a temporary repository, removed afterwards
        env = {**env, **checkout_env(source_dir, pr_id)}   # BUILD_SOURCESDIRECTORY, BUILD_SOURCEBRANCH

The files come from data/demo-checkout.txt, in `head`'s multi-file form: "==> base/PATH <==" before a file as
the target branch has it, "==> head/PATH <==" as the pull request leaves it (a base file without a head one
is deleted). The commits are made with a fixed author and date, and no user or system git configuration, so
the diff is the same on every machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

DATA = "demo-checkout.txt"
_HEADER = re.compile(r"^==> (base|head)/(.+) <==$", re.M)
_DATE = "2025-11-04T09:30:00+01:00"
_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_AUTHOR_NAME": "Jamal Hartnett",
    "GIT_AUTHOR_EMAIL": "jamal@fabrikam.example",
    "GIT_COMMITTER_NAME": "Jamal Hartnett",
    "GIT_COMMITTER_EMAIL": "jamal@fabrikam.example",
    "GIT_AUTHOR_DATE": _DATE,
    "GIT_COMMITTER_DATE": _DATE,
    "GIT_TERMINAL_PROMPT": "0",
}


def trees(text: str | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(base, head): each file's text by its path, as the target branch and the pull request have it."""
    text = text if text is not None else resources.files(__package__).joinpath("data").joinpath(DATA).read_text("utf-8")
    sides: tuple[dict[str, str], dict[str, str]] = ({}, {})
    found = list(_HEADER.finditer(text))
    for match, after in zip(found, [*found[1:], None], strict=True):
        body = text[match.end() + 1 : after.start() if after else len(text)]
        sides[match.group(1) == "head"][match.group(2)] = body.rstrip("\n") + "\n"
    return sides


def make_checkout(root: Path, *, head: dict[str, str] | None = None, message: str = "") -> Path:
    """A repository at `root` with two commits, the target branch and the pull request's change (`head`: other
    files for the second, as a later push would have them). Raises OSError without git, CalledProcessError when
    git fails."""
    base, changed = trees()
    root.mkdir(parents=True, exist_ok=True)
    _git(root, "init", "-q", "-b", "main")
    _write(root, {}, base)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "The target branch")
    _write(root, base, changed if head is None else head)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", message or "Merge pull request 1842 into main")
    return root


@contextmanager
def demo_checkout() -> Iterator[Path]:
    """make_checkout in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="doc-context-checkout-") as tmp:
        yield make_checkout(Path(tmp) / "s")


def checkout_env(source_dir: Path, pr_id: int, ado: FakeAzureDevOps | None = None) -> dict[str, str]:
    """The variables a PR build sets for its checkout: where it is, and that HEAD is the PR's merge commit.
    With `ado`, the sandbox's pull request gets this checkout's HEAD as its merge commit (lastMergeCommit), with
    its files and its first parent's, as Azure DevOps has the merge it checked out; else its own made-up one."""
    if ado is not None:
        head, parent = _git(source_dir, "rev-parse", "HEAD", "HEAD^1").decode().split()
        ado.git.add_change(
            ado.pull_request(pr_id), _tree(source_dir, parent), _tree(source_dir, head), merge=head, parent=parent
        )
    return {"BUILD_SOURCESDIRECTORY": str(source_dir), "BUILD_SOURCEBRANCH": f"refs/pull/{pr_id}/merge"}


def _tree(root: Path, commit: str) -> dict[str, bytes]:
    """Every file of a commit, by its path."""
    listed = _git(root, "ls-tree", "-r", "-z", "--full-tree", commit).split(b"\0")
    files: dict[str, bytes] = {}
    for entry in filter(None, listed):
        meta, path = entry.split(b"\t", 1)
        if meta.split()[1] == b"blob":
            files[path.decode("utf-8", "surrogateescape")] = _git(root, "cat-file", "blob", meta.split()[2].decode())
    return files


def _write(root: Path, before: dict[str, str], after: dict[str, str]) -> None:
    for path in before.keys() - after.keys():
        (root / path).unlink()
    for path, text in after.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8", newline="\n")


def _git(cwd: Path, *args: str) -> bytes:
    done = subprocess.run(
        ["git", *args], cwd=cwd, env={**os.environ, **_ENV}, check=True, capture_output=True, timeout=60
    )
    return done.stdout
