"""Builds each case's pr.diff from its spec.txt with real git: `python benchmarks/data/criteria/make_diffs.py`.

A spec lists files, each as `@@@ <path> [added|deleted|unchanged|renamed-from <old path>]`, then its text
before (`<<< before`) and after (`>>> after`); an unchanged file is in the repository but not in the diff.
The base commit holds every file's before, the pull request's commit every after; pr.diff is what a PR build
reads: `git diff HEAD^1 HEAD`, with git's default three lines of context.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GIT = ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"]
ENV = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}  # no one's settings change it


def parse(spec: str) -> list[tuple[str, str, str, str | None, str | None]]:
    """(path, how, old path, before, after) of each file."""
    files = []
    for block in re.split(r"^@@@ ", spec, flags=re.M)[1:]:
        header, _, body = block.partition("\n")
        path, *how = header.split()
        old = how[1] if how[:1] == ["renamed-from"] else ""
        before = after = None
        pieces = re.split(r"^(<<< before|>>> after)\n", body, flags=re.M)
        for marker, text in zip(pieces[1::2], pieces[2::2], strict=True):
            if marker == "<<< before":
                before = text
            else:
                after = text
        files.append((path, how[0] if how else "modified", old, before, after))
    return files


def build(case: Path) -> str:
    files = parse((case / "spec.txt").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp)
        run = lambda *args: subprocess.run([*GIT, *args], cwd=repo, check=True, capture_output=True, env=ENV)  # noqa: E731
        run("init", "-q", "-b", "main")
        for path, how, old, before, _ in files:
            if how != "added":
                write(repo / (old or path), before or "")
        run("add", "-A")
        run("commit", "-q", "--allow-empty", "-m", "base")  # a pull request of new files only
        for path, how, old, _, after in files:
            if how == "deleted":
                (repo / path).unlink()
            elif how == "renamed-from":
                (repo / old).unlink()
                write(repo / path, after or "")
            elif how != "unchanged":
                write(repo / path, after if after is not None else "")
        run("add", "-A")
        run("commit", "-q", "-m", "pull request")
        out = subprocess.run(
            [*GIT, "-c", "core.quotepath=off", "diff", "--no-color", "HEAD^1", "HEAD"],
            cwd=repo,
            check=True,
            capture_output=True,
            env=ENV,
        ).stdout
    return out.decode("utf-8")


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    for case in sorted(p for p in HERE.iterdir() if (p / "spec.txt").exists()):
        (case / "pr.diff").write_text(build(case), encoding="utf-8")
        print(f"{case.name}/pr.diff", file=sys.stderr)
