"""The story around the linked work items, read within gather's waves: the state categories of the pull
request's project (with the first reads; where Work Item Types - List carries no states, each type's are asked
at once, beside the work item batches), then each linked item's children (batches of 200) and its discussion
(its comments) in the pages' wave, beside the parents. No round trip is added, but a comment page beyond the
first (200 comments) of a long discussion.

A child the PR's readers may not read (another project's, a sensitive area or tag) keeps its title and link
only, as a parent does; the discussion of an item withheld so is never read.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Protocol

from doc_context.deadline import Deadline
from doc_context.models import WORK_ITEM_BATCH, Fetched, Notice, Remark, StateCategories, WorkItem
from doc_context.summary.audience import Audience, withhold_item
from doc_context.summary.children import children_to_read

NO_STATES = (
    "the state categories could not be read ({}); children are counted done by the usual words "
    "(Done, Closed, Resolved, Removed)"
)


class Story(Protocol):
    """What the story needs of Azure DevOps (sources/ado.py)."""

    def children(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def state_categories(self, project: str) -> StateCategories: ...
    def comments(self, project: str, item: int, web_url: str) -> list[Remark]: ...


@dataclass
class Reading:
    """The story's reads in flight: started by `start`, waited for by `settle`."""

    children: list[tuple[list[int], Future[Fetched[WorkItem]]]] = field(default_factory=list)
    comments: list[tuple[WorkItem, Future[list[Remark]]]] = field(default_factory=list)


@dataclass(frozen=True)
class Told:
    """What the story read, for Gathered."""

    children: tuple[WorkItem, ...] = ()
    categories: StateCategories | None = None
    discussion: tuple[Remark, ...] = ()
    notices: tuple[Notice, ...] = ()


def states(story: Story, project: str) -> StateCategories | None:
    """The project's state categories (the first wave): None stands for not read, in the future's type."""
    return story.state_categories(project)


def start(story: Story, items: Sequence[WorkItem], project: str, concurrency: int) -> Reading:
    """Every children batch and every readable item's comments at once, in a pool of their own: up to 4 x the
    run's concurrency, as the change's sides are read beside the pages (change/read.py)."""
    ids = children_to_read(items)
    batches = [ids[i : i + WORK_ITEM_BATCH] for i in range(0, len(ids), WORK_ITEM_BATCH)]
    talked = [item for item in items if not item.withheld]
    pool = ThreadPoolExecutor(
        max_workers=max(1, min(4 * concurrency, len(batches) + len(talked))), thread_name_prefix="story"
    )
    reading = Reading(
        [(batch, pool.submit(story.children, batch, project)) for batch in batches],
        [(item, pool.submit(story.comments, item.project or project, item.id, item.web_url)) for item in talked],
    )
    pool.shutdown(wait=False)
    return reading


def settle(
    reading: Reading,
    states: Future[StateCategories | None] | None,
    deadline: Deadline,
    audience: Audience,
    projects: Sequence[str],
) -> Told:
    notices: list[Notice] = []
    kids: list[WorkItem] = []
    for batch, future in reading.children:
        got = deadline.optional(future, f"child work items {batch[0]}..{batch[-1]}", notices, Fetched[WorkItem]())
        notices += [Notice(n.source, f"child {n.message}") for n in got.notices]
        kids += [withhold_item(k, why) if (why := audience.item(k, projects)) else k for k in got.items]
    remarks: list[Remark] = []
    for item, f_comments in reading.comments:
        none: list[Remark] = []
        said = deadline.optional(f_comments, f"the comments of work item {item.id}", notices, none)
        remarks += said
    categories: StateCategories | None = None
    if states is not None:
        late: list[Notice] = []
        unread: StateCategories | None = None
        categories = deadline.optional(states, "work item types", late, unread)
        notices += [Notice(n.source, NO_STATES.format(n.message.removesuffix("; left out"))) for n in late]
    return Told(tuple(kids), categories, tuple(remarks), tuple(notices))
