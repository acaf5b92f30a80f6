"""The change read from a checkout (change/read.py): both sides of each changed file from the checkout's git
objects, only when its HEAD is the pull request's merge commit; real repositories built in tmp_path, no mocks."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from doc_context.change.differ import Caps
from doc_context.change.read import API, CHECKOUT, ChangeReader
from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile, PullRequest, PullRequestRef

GIT_ID = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"]
GIT_ID += ["-c", "commit.gpgsign=false"]
REF = PullRequestRef("https://dev.azure.com/fabrikam", "Fabrikam", "storefront", 1842)
CHANGED = [ChangedFile("/totals.py", "edit"), ChangedFile("/notes.txt", "add"), ChangedFile("/old.py", "delete")]


@pytest.fixture(autouse=True)
def _isolated_git(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No global git config, and no repository above tmp_path, can change what these tests see."""
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "no-global-config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_ID, *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def merged(tmp_path: Path) -> Path:
    """A PR build's checkout: a merge commit of a topic branch into main (HEAD^1 is main)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "totals.py").write_text("def order_total(lines):\n    return sum(round(x, 2) for x in lines)\n")
    (repo / "old.py").write_bytes(b"legacy = True\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "base")
    git(repo, "checkout", "-q", "-b", "topic")
    (repo / "totals.py").write_text("def order_total(lines):\n    return round_half_even(sum(lines))\n")
    (repo / "notes.txt").write_bytes("caf\xe9 au lait\n".encode("latin-1"))
    git(repo, "rm", "-q", "old.py")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "round once")
    git(repo, "checkout", "-q", "main")
    (repo / "README.md").write_text("unrelated change on main\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs")
    git(repo, "merge", "-q", "--no-ff", "-m", "Merge pull request 1842", "topic")
    return repo


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def pr(merge: str) -> PullRequest:
    return PullRequest(REF, "Round once", "", last_merge_commit=merge)


def no_api() -> object:
    raise AssertionError("the checkout has the change: no request")


def test_the_merge_commits_change_is_read_from_the_checkout(merged: Path) -> None:
    reader = ChangeReader(no_api, str(merged))  # type: ignore[arg-type]
    read = reader.read(lambda: pr(head(merged)), lambda: CHANGED)
    assert read.way == CHECKOUT and read.lines is not None
    totals = read.lines.file("/totals.py")
    assert totals is not None and totals.added.split() == ["    return round_half_even(sum(lines))"]
    assert totals.added.numbers.tolist() == [2] and totals.deleted.numbers.tolist() == [2]
    notes, old = read.lines.file("/notes.txt"), read.lines.file("/old.py")
    assert notes is not None and notes.status == "added" and notes.added.split() == ["café au lait"]
    assert old is not None and old.status == "deleted" and old.deleted.split() == ["legacy = True"]
    assert "README.md" not in read.text, "the target branch's own change is not the pull request's"
    assert [n.message for n in read.notices] == ["not UTF-8, read as Windows-1252: /notes.txt"]


def test_the_diff_matches_gits_changed_lines(merged: Path) -> None:
    read = ChangeReader(no_api, str(merged)).read(lambda: pr(head(merged)), lambda: CHANGED)  # type: ignore[arg-type]
    assert read.lines is not None
    git_diff = parse_diff(git(merged, "diff", "HEAD^1", "HEAD", "--", "totals.py", "old.py"))
    for theirs in git_diff.files:
        ours = read.lines.file(theirs.path)
        assert ours is not None and ours.status == theirs.status
        assert ours.added.numbers.tolist() == theirs.added.numbers.tolist() and ours.added.text == theirs.added.text
        assert ours.deleted.numbers.tolist() == theirs.deleted.numbers.tolist()


def test_a_checkout_of_another_commit_is_not_used(merged: Path) -> None:
    """A manual rerun on the target branch: its HEAD is not the PR's merge commit; the API is asked instead."""
    reader = ChangeReader(no_api, str(merged))  # type: ignore[arg-type]
    assert reader.way(pr("0" * 40)) == API
    assert reader.way(pr(head(merged))) == CHECKOUT


@pytest.mark.parametrize("case", ["shallow", "single commit", "not a checkout", "missing", "none"])
def test_without_a_usable_checkout_the_api_is_asked(merged: Path, tmp_path: Path, case: str) -> None:
    if case == "shallow":  # fetchDepth 1: HEAD^1 is missing
        where = tmp_path / "shallow"
        git(tmp_path, "clone", "-q", "--depth", "1", f"file://{merged}", str(where))
    elif case == "single commit":
        where = tmp_path / "one"
        where.mkdir()
        git(where, "init", "-q")
        git(where, "commit", "-q", "--allow-empty", "-m", "only")
    elif case == "not a checkout":
        where = tmp_path / "plain"
        where.mkdir()
    else:
        where = tmp_path / "nowhere"
    reader = ChangeReader(no_api, None if case == "none" else str(where))  # type: ignore[arg-type]
    assert reader.head() == ""
    assert reader.way(pr(head(merged))) == API


def test_the_caps_hold_in_the_checkout_too(merged: Path) -> None:
    """A side over caps.file is read by name only, as through the API: the same caps, the same diff."""
    caps = Caps(file=40)
    read = ChangeReader(no_api, str(merged), caps=caps).read(lambda: pr(head(merged)), lambda: CHANGED)  # type: ignore[arg-type]
    assert read.lines is not None and read.lines.by_name == ("/totals.py",)
    totals = read.lines.file("/totals.py")
    assert totals is not None and not len(totals.added) and read.lines.by_name_why == "1 over 40 bytes"


@pytest.mark.parametrize("odd", ["/a\u2028b.txt", "/a\x0cb.txt", "/a\x85b.txt", "/a\nb.txt", "/a\rb.txt\r"])
def test_a_path_with_a_line_break_of_any_kind_leaves_every_other_file_its_own_sides(merged: Path, odd: str) -> None:
    """git's batch answers are one a line: a path the commit lacks is echoed in them, and one holding a line
    break that str.splitlines() splits on (U+2028, form feed, NEL...) or that ends the line git reads (a newline)
    must not shift the next files' sides onto each other."""
    changed = [*CHANGED, ChangedFile(odd, "edit")]  # not in the commit: its own side is unreadable
    read = ChangeReader(no_api, str(merged)).read(lambda: pr(head(merged)), lambda: changed)  # type: ignore[arg-type]
    assert read.lines is not None and read.lines.by_name == (odd,)
    totals = read.lines.file("/totals.py")
    assert totals is not None and totals.added.split() == ["    return round_half_even(sum(lines))"]
    assert totals.deleted.split() == ["    return sum(round(x, 2) for x in lines)"]
    notes, old = read.lines.file("/notes.txt"), read.lines.file("/old.py")
    assert notes is not None and notes.added.split() == ["café au lait"]
    assert old is not None and old.deleted.split() == ["legacy = True"]
