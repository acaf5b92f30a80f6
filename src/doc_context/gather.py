"""Run the gateways concurrently; an optional source's failure becomes a Notice.

Round trips, each line one level of depth: the PR, its work item refs, its iterations, its threads, each
document source's access check, the ids of otherProjects and the project's state categories at once; then the
work item batches and the changed files; then the pages of every document source, the parents, the children
and discussion (gather_story.py) and both sides of the changed files (when no checkout of the PR's merge
commit has them: change/read.py). A deadline bounds it all. A document source is one DocumentSource: it finds
the pages cited, checks its access once, reads each page, says what the reads mean (registry.py lists them).

A work item, parent, child or page the PR's readers may not be able to read (summary/audience.py) loses its
text here, as soon as it arrives: nothing after gather can quote it, and its links are not followed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Protocol, TypeVar

from doc_context import gather_story
from doc_context.change.read import DiffRead
from doc_context.deadline import Deadline
from doc_context.defaults import CONCURRENCY, DEADLINE, MAX_PAGES, PARENT_DEPTH
from doc_context.documents import read_documents
from doc_context.models import (
    WORK_ITEM_BATCH,
    ChangedFile,
    Check,
    Fetched,
    Gathered,
    LinkFamily,
    Notice,
    Page,
    PullRequest,
    PullRequestRef,
    Ref,
    SignedIn,
    Thread,
    Withheld,
    WorkItem,
)
from doc_context.summary.audience import Audience, withhold_item
from doc_context.summary.cited_pages import Citer, Found, Read, citers
from doc_context.summary.parents import parent_ids

T = TypeVar("T")


class PullRequests(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def work_items(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def changed_files(self, pr: PullRequestRef) -> list[ChangedFile]: ...
    def threads(self, pr: PullRequestRef) -> list[Thread]: ...


class ChangeSource(Protocol):  # change/read.py: both sides of each changed file, diffed; the pages' wave
    def read(
        self, pull_request: Callable[[], PullRequest], changed: Callable[[], Sequence[ChangedFile]]
    ) -> DiffRead: ...
    def check(self, pull_request: PullRequest, changed: Callable[[], Sequence[ChangedFile]]) -> Check: ...


class DocumentSource(Protocol):
    """One kind of cited document: Confluence pages, wiki pages. Its pages are read in the pages' wave."""

    @property
    def name(self) -> str: ...  # what it is called: its notices' source, its pages' Page.source
    @property
    def links(self) -> LinkFamily | None: ...  # its one link parser (None: no site configured to match)
    @property
    def ready(self) -> bool: ...  # configured: its access is checked and its pages are read
    @property
    def concurrency(self) -> int: ...  # its pages read at once

    def find(self, who: Sequence[Citer]) -> Found: ...  # all its cited pages, once each, uncapped; the rest, said
    def check_access(self) -> SignedIn: ...  # once, in the first wave; a SourceError: none of its pages is read
    # one of `reading`, the pages gather chose for it (capped: to_read); a SourceError: skipped, with a notice
    def fetch(self, ref: Ref, reading: Sequence[Ref]) -> Page: ...
    def title_only(self, page: Page) -> Withheld | None: ...  # its audience rule, after summary/audience.py's
    def settled(self, reads: Sequence[Read]) -> list[Notice]: ...  # what its pages, as read, tell the log
    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]: ...  # `check`: will they be read?
    def close(self) -> None: ...


@dataclass(frozen=True)
class Sources:
    ado: PullRequests
    documents: tuple[DocumentSource, ...] = ()  # registry.py: Confluence, the wiki
    max_pages: int = MAX_PAGES  # of each document source
    concurrency: int = CONCURRENCY
    read_threads: bool = True
    parent_depth: int = PARENT_DEPTH
    change: ChangeSource | None = None  # the PR's change: from its checkout, else through Azure DevOps
    project_ids: Callable[[], tuple[tuple[str, ...], tuple[Notice, ...]]] | None = None  # otherProjects' ids
    audience: Audience = field(default_factory=Audience)  # which sources are shown by title only
    story: gather_story.Story | None = None  # children and discussion (gather_story.py); None: not read


def gather(sources: Sources, pr: PullRequestRef, *, deadline: Deadline | None = None) -> Gathered:
    deadline = deadline or Deadline(DEADLINE)
    notices: list[Notice] = []
    pool = ThreadPoolExecutor(max_workers=sources.concurrency, thread_name_prefix="gather")
    try:
        f_pr = pool.submit(sources.ado.pull_request, pr)
        f_ids = pool.submit(sources.ado.work_item_ids, pr)
        f_changes = pool.submit(sources.ado.changed_files, pr)
        f_threads = pool.submit(sources.ado.threads, pr) if sources.read_threads else None
        f_access = {d.name: pool.submit(d.check_access) for d in sources.documents if d.ready}
        f_diff = pool.submit(sources.change.read, f_pr.result, f_changes.result) if sources.change else None
        f_known = pool.submit(sources.project_ids) if sources.project_ids else None  # a wiki link: by id
        f_states = pool.submit(gather_story.states, sources.story, pr.project) if sources.story else None
        ids = deadline.result(f_ids, "the work items linked to the pull request")
        known, said = deadline.optional(f_known, "otherProjects", notices, ((), ())) if f_known else ((), ())
        sources = replace(sources, audience=sources.audience.knowing(known))
        notices += said
        fetched = _work_items(pool, sources, pr, ids, deadline, notices)
        pull_request = deadline.result(f_pr, f"pull request {pr.pull_request_id}")  # asked with the ids
        projects = (pull_request.project_name, pull_request.project_id, pr.project)
        items = tuple(_screened(sources.audience, fetched, projects))
        f_parents = pool.submit(_parents, sources, pr, items, projects)
        story = gather_story.start(sources.story, items, pr.project, sources.concurrency) if sources.story else None
        pages, skipped = read_documents(sources, citers(pull_request, items), f_access, notices, deadline, projects)
        parents = deadline.optional(f_parents, "parent work items", notices, default=Fetched[WorkItem]())
        notices += parents.notices
        changed = deadline.optional(f_changes, "changed files", notices, default=[])
        threads = deadline.result(f_threads, "the comment threads") if f_threads else []
        read = deadline.optional(f_diff, "the diff", notices, default=DiffRead()) if f_diff else DiffRead()
        notices += read.notices
        told = gather_story.settle(story, f_states, deadline, sources.audience, projects) if story else None
        notices += told.notices if told else ()
    finally:
        pool.shutdown(wait=not deadline.missed, cancel_futures=True)
    return Gathered(
        pull_request,
        items,
        tuple(changed),
        tuple(pages),
        tuple(threads),
        tuple(notices),
        parents=parents.items,
        complete=not deadline.missed,
        diff_text=read.text,
        skipped_links=tuple(skipped),
        links=tuple(d.links for d in sources.documents if d.links is not None),
        diff_lines=read.lines,
        children=told.children if told else (),
        state_categories=told.categories if told else None,
        discussion=told.discussion if told else (),
    )


def _work_items(
    pool: ThreadPoolExecutor,
    sources: Sources,
    pr: PullRequestRef,
    ids: Sequence[int],
    deadline: Deadline,
    notices: list[Notice],
) -> tuple[WorkItem, ...]:
    """The batches (200 ids each) concurrently; an unreadable item or a late batch is a notice."""
    batches = [ids[i : i + WORK_ITEM_BATCH] for i in range(0, len(ids), WORK_ITEM_BATCH)]
    futures = [pool.submit(sources.ado.work_items, batch, pr.project) for batch in batches]
    items: list[WorkItem] = []
    for batch, future in zip(batches, futures, strict=True):
        fetched = deadline.optional(future, f"work items {batch[0]}..{batch[-1]}", notices, default=Fetched())
        items += fetched.items
        notices += fetched.notices
    return tuple(items)


def _screened(audience: Audience, items: Sequence[WorkItem], projects: Sequence[str]) -> list[WorkItem]:
    """The items as they arrived, but those the PR's readers may not see reduced to their title line."""
    return [withhold_item(item, why) if (why := audience.item(item, projects)) else item for item in items]


def _parents(
    sources: Sources, pr: PullRequestRef, items: Sequence[WorkItem], projects: Sequence[str]
) -> Fetched[WorkItem]:
    """Up to parent_depth levels of parents (Hierarchy-Reverse), one batch call per level; a parent from
    another project, a sensitive area or with a sensitive tag keeps its title only, and no grandparent."""
    known = {item.id for item in items}
    level, parents, notices = list(items), [], []
    for _ in range(sources.parent_depth):
        wanted = [pid for pid in parent_ids(level) if pid not in known]
        if not wanted:
            break
        fetched = sources.ado.work_items(wanted, pr.project)
        notices += [Notice(n.source, f"parent {n.message}") for n in fetched.notices]
        level = _screened(sources.audience, fetched.items, projects)
        known.update(wanted)
        parents += level
    return Fetched(tuple(parents), tuple(notices))
