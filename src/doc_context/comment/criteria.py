"""Pure: a work item's acceptance criteria as the comment and the build summary show them.

Every live criterion is shown, in the work item's order, each as ONE list item (what is said about a
criterion, such as its evidence, belongs in the same item: `criterion_item`): in the comment up to
MAX_SHOWN, each clipped at about CRITERION_CHARS, then how many more the build summary holds; the build
summary shows them all. Withdrawn (struck-through) criteria stay apart, struck through. Criteria are
never shortened for length: they yield last, with the whole work item text (comment/yields.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.models import Criterion
from doc_context.summary.mdcut import clip_markdown

MAX_SHOWN = 12  # live criteria per work item in the comment
MAX_WITHDRAWN = 5  # withdrawn ones in the comment
CRITERION_CHARS = 200  # one criterion in the comment, at most about this much (whole words, links whole)
FULL_CHARS = 1_000  # one criterion in the build summary


def criteria_markdown(criteria: Sequence[Criterion], *, full: bool = False) -> str:
    """The acceptance criteria block, then the withdrawn criteria apart; "" when there are none."""
    live = [c for c in criteria if not c.struck]
    withdrawn = [c for c in criteria if c.struck]
    parts = []
    if live:
        parts.append(_block("**Acceptance criteria**", live, MAX_SHOWN, full))
    if withdrawn:
        parts.append(_block("**Withdrawn criteria** (struck through)", withdrawn, MAX_WITHDRAWN, full))
    return "\n\n".join(parts)


def criterion_item(criterion: Criterion, *, full: bool = False) -> str:
    """One criterion as one list item."""
    text = clip_markdown(criterion.text, FULL_CHARS if full else CRITERION_CHARS)
    return f"- ~~{text}~~" if criterion.struck else f"- {text}"


def _block(label: str, criteria: list[Criterion], most: int, full: bool) -> str:
    shown = criteria if full else criteria[:most]
    more = len(criteria) - len(shown)
    lines = "\n".join(criterion_item(c, full=full) for c in shown)
    return f"{label}\n{lines}" + (f"\n\n_…and {more} more in the build summary_" if more else "")
