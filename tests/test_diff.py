"""read_diff: `git diff HEAD^1 HEAD` in real repositories built in tmp_path; no mocks."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from doc_context.sources.diff import SHALLOW, DiffRead, read_diff, read_diff_index

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


@pytest.fixture
def awkward(merged: Path) -> Path:
    """A pull request of every awkward kind at once: a binary file, a rename with an edit, a deletion, latin-1
    bytes, a 5 MB single line, and a file without a newline at its end."""
    (merged / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x01")
    (merged / "old_name.py").write_text("".join(f"line {i}\n" for i in range(20)), encoding="utf-8")
    (merged / "gone.py").write_text("def legacy_coupon_total():\n    return 0\n", encoding="utf-8")
    git(merged, "add", "-A")
    git(merged, "commit", "-q", "-m", "before")
    (merged / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x02")
    git(merged, "mv", "old_name.py", "new_name.py")
    (merged / "new_name.py").write_text("".join(f"line {i}\n" for i in range(19)) + "line 19 changed\n")
    git(merged, "rm", "-q", "gone.py")
    (merged / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))
    (merged / "bundle.min.js").write_text("var x=" + "1" * 5_000_000 + ";\n", encoding="utf-8")
    (merged / "tail.txt").write_text("no newline at the end", encoding="utf-8")
    git(merged, "add", "-A")
    git(merged, "commit", "-q", "-m", "the pull request")
    return merged


def test_read_once_into_text_and_changed_lines(awkward: Path) -> None:
    read = read_diff_index(str(awkward), max_bytes=10_000)
    assert read.notice is None and read.diff is not None
    assert 0 < len(read.text.encode()) <= 10_000 and read.text.endswith("\n")  # the text: for ranking, cut
    files = {f.path: f for f in read.diff.files}  # the lines: every file, past the text's cap
    assert set(files) == {"/bundle.min.js", "/gone.py", "/latin1.txt", "/logo.png", "/new_name.py", "/tail.txt"}
    assert files["/logo.png"].binary
    assert (files["/new_name.py"].status, files["/new_name.py"].old_path) == ("renamed", "/old_name.py")
    assert files["/new_name.py"].added.split() == ["line 19 changed"] and list(files["/new_name.py"].added.numbers) == [
        20
    ]
    assert (
        files["/gone.py"].status == "deleted" and files["/gone.py"].deleted.split()[0] == "def legacy_coupon_total():"
    )
    assert files["/latin1.txt"].added.split() == ["caf\ufffd"]
    assert files["/bundle.min.js"].added.split()[0].startswith("var x=111")
    assert files["/tail.txt"].added.split() == ["no newline at the end"]


def test_the_changed_lines_are_capped_too(awkward: Path) -> None:
    read = read_diff_index(str(awkward), max_bytes=1_000, max_index_bytes=2_000)
    assert read.notice is not None and "larger than 2,000 bytes" in read.notice.message
    assert read.diff is not None and 0 < len(read.diff.files) < 6


def test_no_diff_read_is_no_index(tmp_path: Path) -> None:
    assert read_diff_index(None) == DiffRead()
    read = read_diff_index(str(tmp_path / "nowhere"))
    assert read.diff is None and read.notice is not None and "is not a directory" in read.notice.message
