"""Frozen data about the pull request's change: its diff read into files and changed lines (unified.py makes it,
from the text differ.py writes of the sides read.py reads), and the evidence a criterion finds in it
(summary/evidence.py)."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

Status = Literal["modified", "added", "deleted", "renamed", "copied"]


@dataclass(frozen=True, eq=False)
class Lines:
    """Lines of one side of a file's diff: their numbers, in order, and their text joined by newlines."""

    numbers: array[int] = field(default_factory=lambda: array("I"))
    text: str = ""

    def __len__(self) -> int:
        return len(self.numbers)

    def split(self) -> list[str]:
        """The lines, one per number."""
        return self.text.split("\n") if self.numbers else []

    def has(self, number: int) -> bool:
        """Whether the line with this number is among them (numbers are ascending: a binary search)."""
        lo, hi = 0, len(self.numbers)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.numbers[mid] < number:
                lo = mid + 1
            else:
                hi = mid
        return lo < len(self.numbers) and self.numbers[lo] == number


@dataclass(frozen=True, eq=False)
class DiffFile:
    """One file of the diff. `path` is as the pull request names it ("/src/app.py"); a deleted file keeps its
    old path there. `added` holds the new file's line numbers, `deleted` the old file's."""

    path: str
    status: Status = "modified"
    old_path: str = ""  # renamed or copied from
    binary: bool = False
    added: Lines = field(default_factory=Lines)
    deleted: Lines = field(default_factory=Lines)
    scopes: tuple[str, ...] = ()  # the unchanged lines that open the definitions its changes sit in (git's
    # funcname: the hunk header's text, or a context line starting a definition) or document (a comment or an
    # annotation added just above one: `// Deprecated:`), for the code a criterion names
    context: Lines = field(default_factory=Lines)  # the unchanged lines its hunks show, new numbers: kept only
    # where they give the changed lines their structure (unified.KEEPS_CONTEXT: a YAML key's parent keys)
    spans: tuple[tuple[int, int, str], ...] = ()  # where each definition's lines begin, old and new numbers: a
    # hunk's funcname from its start, a definition context line from the line after it ("" for none)
    leads: tuple[tuple[int, int, str], ...] = ()  # where a run of changed lines begins (old and new numbers) and an
    # unchanged line above it the run sits in (unified.enclosing): the block or call it opens, an argument beside it


@dataclass(frozen=True, eq=False)
class Diff:
    files: tuple[DiffFile, ...] = ()
    by_name: tuple[str, ...] = ()  # changed files read by name only (binary, too big, beyond the caps): in files,
    by_name_why: str = ""  # without lines; and why, counted ("2 binary, 100 beyond the first 300 files and 20 MB")

    def file(self, path: str) -> DiffFile | None:
        """The file at this path ("/src/app.py", "src/app.py" alike), if the diff changes it."""
        return self._by_path.get("/" + path.lstrip("/"))

    @cached_property
    def _by_path(self) -> dict[str, DiffFile]:
        return {f.path: f for f in self.files}


Basis = Literal["diff", "file names"]  # what evidence was found in: the diff, or (no checkout) the files' names


@dataclass(frozen=True)
class FileEvidence:
    path: str  # as the pull request names it: "/src/checkout/loyalty.py"
    lines: tuple[int, ...] = ()  # the new file's numbers of the added lines carrying the terms (none by name)
    removed: tuple[int, ...] = ()  # the old file's numbers of deleted lines (criteria about removing something)
    terms: tuple[str, ...] = ()  # the terms found there, as the criterion writes them


@dataclass(frozen=True)
class Evidence:
    files: tuple[FileEvidence, ...] = ()  # the most telling first
    basis: Basis = "diff"

    @property
    def found(self) -> bool:
        return bool(self.files)
