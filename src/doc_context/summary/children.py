"""Pure: a work item's children (Hierarchy-Forward) -> one line, done and open in the process's own words.

    Tasks: 3 of 5 done; open: [Task 7012: E-mail the receipt](…) (Active), [Task 7014: Ledger export](…) (New)

Whether a state is finished comes from its category, as the project's work item types answer it (Resolved,
Completed and Removed are finished; Proposed and In Progress are open); where that was not read, or does not
name the state, the usual words decide (Done, Closed, Resolved, Removed finished); any other state is open,
shown by its name. A child linked to the pull request itself is marked as this pull request's, not repeated;
another project's child (any child the audience withholds) is its title and link only, not counted.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from doc_context.models import StateCategories, WorkItem
from doc_context.summary.parents import heading
from doc_context.summary.tokens import clip
from doc_context.text.neutralize import plain_inline, safe_link

CHILD = "System.LinkTypes.Hierarchy-Forward"
FINISHED_CATEGORIES = frozenset({"resolved", "completed", "removed"})
FINISHED_WORDS = frozenset({"done", "closed", "resolved", "removed"})  # when no category says it
OPEN_WORDS = frozenset({"new", "active", "committed", "to do", "in progress"})  # and every other state
MAX_OPEN = 10  # open children named by title in the comment; the rest counted (the build summary names all)
FEWER = (3, 0)  # as the comment yields: this many by title, then none
_ID_IN_URL = re.compile(r"/workitems/(\d+)/?$", re.IGNORECASE)


def child_ids(item: WorkItem) -> list[int]:
    """The item's children, by id, in id order (the relations' order is not documented)."""
    found = (_ID_IN_URL.search(r.url) for r in item.relations if r.rel == CHILD)
    return sorted({int(m.group(1)) for m in found if m})


def children_to_read(items: Iterable[WorkItem]) -> list[int]:
    """Every child of the items, once, without the items themselves (a child linked to the PR is at hand)."""
    items = list(items)
    have = {item.id for item in items}
    return sorted({i for item in items for i in child_ids(item)} - have)


def finished(kind: str, state: str, categories: StateCategories | None) -> bool:
    """Whether a work item of type `kind` in `state` is finished: its category, else the usual words."""
    category = (categories or {}).get((kind.casefold(), state.casefold()))
    if category:
        return category.replace(" ", "").casefold() in FINISHED_CATEGORIES
    return state.strip().casefold() in FINISHED_WORDS


def children_line(
    item: WorkItem,
    known: Mapping[int, WorkItem],
    categories: StateCategories | None,
    *,
    linked: frozenset[int] = frozenset(),
    full: bool = False,
    named: int = MAX_OPEN,
) -> str:
    """The line under the item ("" when it has no child read): how many are done, the open ones by title
    (`named` of them in the comment, every one and the done ones too in the build summary, `full`)."""
    kids = [known[i] for i in child_ids(item) if i in known]
    shown = [k for k in kids if not k.withheld]
    elsewhere = [k for k in kids if k.withheld]
    if not kids:
        return ""
    done = [k for k in shown if finished(k.type, k.state, categories)]
    still = [k for k in shown if k not in done]
    titled = still if full else still[:named]
    line = f"**{_noun(shown or kids)}:** {len(done)} of {len(shown)} done"
    if still and not titled:
        line += f"; {len(still)} open"
    elif still:
        line += "; open: " + ", ".join(_child(k, k.id in linked) for k in titled)
        line += f" and {len(still) - len(titled)} more" if len(still) > len(titled) else ""
    if full and done:
        line += "; done: " + ", ".join(_child(k, k.id in linked) for k in done)
    if elsewhere:
        line += "; elsewhere: " + ", ".join(safe_link(clip(heading(k), 120), k.web_url) for k in elsewhere)
    return line


def fewer(line: Callable[..., str]) -> tuple[str, ...]:
    """What the line becomes as the comment yields: FEWER open children by title, then none (counted only)."""
    full = line()
    return tuple(dict.fromkeys(s for s in (line(named=n) for n in FEWER) if s != full))


def _child(kid: WorkItem, ours: bool) -> str:
    state = plain_inline(clip(kid.state, 40))
    if ours:
        return plain_inline(f"{kid.type} {kid.id}") + f" (this pull request's, {state})"
    return f"{safe_link(clip(heading(kid), 120), kid.web_url)} ({state})"


def _noun(kids: Sequence[WorkItem]) -> str:
    """Their type in the plural when they share one ("Tasks", "User Stories"), else "Children"."""
    kinds = {k.type.strip() for k in kids}
    if len(kinds) != 1 or not next(iter(kinds)):
        return "Children"
    kind = plain_inline(next(iter(kinds)))
    if kind.endswith("y") and not kind.endswith(("ay", "ey", "oy", "uy")):
        return kind[:-1] + "ies"
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")
