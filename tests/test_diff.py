"""read_diff: `git diff HEAD^1 HEAD` in real repositories built in tmp_path; no mocks."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from doc_context.sources.diff import SHALLOW, read_diff

GIT_ID = [
    "-c",
    "user.name=Test",
    "-c",
    "user.email=test@example.com",
    "-c",
    "init.defaultBranch=main",
    "-c",
    "commit.gpgsign=false",
]


@pytest.fixture(autouse=True)
def _isolated_git(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No global git config, and no repository above tmp_path, can change what these tests see."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-global-config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_ID, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def commit(repo: Path, name: str, text: str, message: str) -> None:
    (repo / name).write_text(text, encoding="utf-8")
    git(repo, "add", name)
    git(repo, "commit", "-q", "-m", message)


@pytest.fixture
def merged(tmp_path: Path) -> Path:
    """A PR build's checkout: a merge commit of a topic branch into main (HEAD^1 is main)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, "totals.py", "def order_total(lines):\n    return sum(round(x, 2) for x in lines)\n", "base")
    git(repo, "checkout", "-q", "-b", "topic")
    commit(repo, "totals.py", "def order_total(lines):\n    return round_half_even(sum(lines))\n", "round once")
    git(repo, "checkout", "-q", "main")
    commit(repo, "README.md", "unrelated change on main\n", "docs")
    git(repo, "merge", "-q", "--no-ff", "-m", "Merge pull request 1842", "topic")
    return repo


def test_the_diff_of_the_merge_commit(merged: Path) -> None:
    diff, notice = read_diff(str(merged))
    assert notice is None
    assert "+    return round_half_even(sum(lines))" in diff
    assert "-    return sum(round(x, 2) for x in lines)" in diff
    assert "README.md" not in diff  # on main already: not part of the PR


def test_a_shallow_clone_says_to_fetch_two_commits(merged: Path, tmp_path: Path) -> None:
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth", "1", merged.as_uri(), str(shallow))
    diff, notice = read_diff(str(shallow))
    assert diff == ""
    assert notice is not None and notice.message == SHALLOW
    assert "set 'fetchDepth: 2'" in notice.message


def test_a_single_commit_has_no_parent(tmp_path: Path) -> None:
    repo = tmp_path / "one"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, "a.txt", "a\n", "first")
    diff, notice = read_diff(str(repo))
    assert diff == "" and notice is not None and "fetchDepth: 2" in notice.message


def test_not_a_git_checkout(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    diff, notice = read_diff(str(plain))
    assert diff == "" and notice is not None
    assert "is not a git checkout" in notice.message


def test_a_missing_directory(tmp_path: Path) -> None:
    diff, notice = read_diff(str(tmp_path / "nowhere"))
    assert diff == "" and notice is not None and "is not a directory" in notice.message


def test_no_source_dir_is_no_diff_and_no_warning() -> None:
    assert read_diff(None) == ("", None)
    assert read_diff("") == ("", None)


def test_a_big_diff_is_cut_at_a_line(merged: Path) -> None:
    commit(merged, "big.txt", "".join(f"line {i} of a generated file\n" for i in range(20_000)), "big")
    diff, notice = read_diff(str(merged), max_bytes=10_000)
    assert notice is not None and "larger than 10,000 bytes" in notice.message
    assert 0 < len(diff.encode()) <= 10_000 and diff.endswith("\n")
    assert diff.startswith("diff --git a/big.txt b/big.txt")


def test_a_diff_exactly_at_the_cap_is_whole(merged: Path) -> None:
    whole, _ = read_diff(str(merged))
    diff, notice = read_diff(str(merged), max_bytes=len(whole.encode()))
    assert (diff, notice) == (whole, None)


def fake_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """A `git` first on PATH: an agent whose git is slow, or missing."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if script:
        (bin_dir / "git").write_text(script, encoding="utf-8")
        (bin_dir / "git").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}" if script else str(bin_dir))


def test_a_slow_git_is_a_notice(merged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = subprocess.run(["which", "git"], capture_output=True, text=True, check=True).stdout.strip()
    fake_git(tmp_path, monkeypatch, f'#!/bin/sh\nsleep 3\nexec {real} "$@"\n')
    diff, notice = read_diff(str(merged), timeout=0.3)
    assert diff == "" and notice is not None and "took longer than 0.3 s" in notice.message


def test_no_git_on_the_agent(merged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_git(tmp_path, monkeypatch, "")
    diff, notice = read_diff(str(merged))
    assert diff == "" and notice is not None and "git is not installed" in notice.message


def test_non_utf8_content_is_read(merged: Path) -> None:
    (merged / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    git(merged, "add", "latin1.txt")
    git(merged, "commit", "-q", "-m", "latin-1")
    diff, notice = read_diff(str(merged))
    assert notice is None and "+caf\ufffd" in diff
