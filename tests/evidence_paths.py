"""The paths a criterion's evidence points at, for the evidence tests: one helper, not one a test file."""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from tests.diffs import changed


def evidence(criterion: str, *diffs: str, siblings: Sequence[str] = (), title: str = "") -> list[str]:
    """The paths the criterion's evidence points at in the change these diffs make (`siblings`: its story's other
    criteria, beside it in its work item; `title`: the work item's)."""
    finder = EvidenceFinder(parse_diff("".join(diffs)))
    found = finder.find(criterion, work_item=siblings, siblings=siblings, title=title)
    return [f.path for f in found.files]


def evidence_in(criterion: str, path: str, *lines: str, siblings: Sequence[str] = ()) -> list[str]:
    """The same, for one modified file adding these lines."""
    return evidence(criterion, changed(path, *lines), siblings=siblings)
