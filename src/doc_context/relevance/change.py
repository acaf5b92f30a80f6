"""Pure: the pull request's change as relevance reads it, built once a run from the whole diff.

    change = Change(gathered.diff_lines, names=(repository, project))
    change.index                  # its changed lines indexed by word (change/index.py), for the criteria's evidence
    change.everywhere("refund")   # whether a word is everywhere in it (relevance/change_wide.py)
    change.settings               # the values its added lines set (diff_values.py), for the disagreements

The criteria's evidence (summary/evidence.py) and the pages' passages (relevance/change_terms.py) both read the
change through it: the same lines (Gathered.diff_lines, every added line, not the first 2 MB of the diff's text),
the same words, the same rule for what is everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from doc_context.change.index import DiffIndex
from doc_context.change.model import Diff
from doc_context.relevance.change_wide import ChangeWide
from doc_context.relevance.diff_values import Setting, settings_of
from doc_context.relevance.words import PATH_NOISE


class Change:
    """One pull request's change: its diff (None: the change could not be read), indexed once, and what is
    everywhere in it; `names`: the repository's and the project's, its own names."""

    def __init__(self, diff: Diff | None, names: Iterable[str] = ()) -> None:
        self.diff = diff
        self.names = tuple(names)
        self.index = DiffIndex(diff) if diff is not None else None

    @cached_property
    def wide(self) -> ChangeWide | None:
        """What is everywhere in the change (built on first use: reading every changed line takes a while)."""
        return ChangeWide(self.index, self.names) if self.index is not None else None

    @cached_property
    def settings(self) -> list[Setting]:
        """The values the whole diff's added lines set, read once (none when the change could not be read)."""
        return settings_of(self.diff) if self.diff is not None else []

    def everywhere(self, word: str) -> bool:
        """Whether a word tells nothing of the change on its own: a word every path has (src, lib, test), or one
        everywhere in the change (ChangeWide.everywhere: its own names, most of its lines or code files)."""
        return word in PATH_NOISE or (self.wide is not None and self.wide.everywhere(word))
