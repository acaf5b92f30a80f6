"""Run the gateways concurrently; an optional source's failure becomes a Notice.

Round trips, each line one level of depth: the PR, its work item refs, its iterations, its threads
and the Confluence credential check at once; then the work item batches and the changed files; then
the pages and the parents, concurrently. A deadline bounds it all.

A work item, parent or page the PR's readers may not be able to read (summary/audience.py) loses its
text here, as soon as it arrives: nothing after gather can quote it, and its links are not followed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from doc_context.errors import ConfluenceError, SourceError
from doc_context.models import (
    WORK_ITEM_BATCH,
    ChangedFile,
    Clock,
    Fetched,
    Gathered,
    Notice,
    Page,
    PageRef,
    PullRequest,
    PullRequestRef,
    SignedIn,
    Thread,
    WorkItem,
)
from doc_context.sources.diff import DiffRead
from doc_context.summary.audience import UNKNOWN_RESTRICTION, Audience, withhold_item, withhold_page
from doc_context.summary.citations import Uncited, cited_pages, confluence_like, uncited_links
from doc_context.summary.parents import parent_ids
from doc_context.text.links import Site

T = TypeVar("T")
MAX_PAGES = 25  # Confluence pages read in one run
CONCURRENCY = 8  # requests in flight at once
PARENT_DEPTH = 1  # levels of parents shown
CONFLUENCE_CONCURRENCY = 32  # pages read at once
UNCHECKED = (
    "{count} shown by title only because their view restrictions could not be read ({ids}): {reason}. "
    "A scoped API token needs search:confluence or read:content-details:confluence for them; "
    "DOC_CONTEXT_RESTRICTED_PAGES=summary quotes pages without asking"
)
CONFLUENCE_FIX = (
    "Set CONFLUENCE_URL with CONFLUENCE_EMAIL + CONFLUENCE_API_TOKEN (Cloud, or a Data Center username + "
    "password) or CONFLUENCE_PAT (Data Center), mapped from secret variables."
)
NOT_CONFIGURED = "Confluence links were found, but {missing}, so no page was read. " + CONFLUENCE_FIX
NO_CREDENTIALS = NOT_CONFIGURED.format(missing="no Confluence credentials are configured")
ELSEWHERE = (
    "{count} cited links are under {base}, which CONFLUENCE_URL ({site}) does not cover, so they are not read: "
    "set CONFLUENCE_URL={base}. First: {first}"
)


class PullRequests(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def work_items(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def changed_files(self, pr: PullRequestRef) -> list[ChangedFile]: ...
    def threads(self, pr: PullRequestRef) -> list[Thread]: ...


class Pages(Protocol):
    def check_credentials(self) -> SignedIn: ...
    def fetch(self, ref: PageRef) -> Page: ...


@dataclass(frozen=True)
class Sources:
    ado: PullRequests
    confluence: Pages | None  # None: no Confluence credentials configured
    site: Site | None  # None: no CONFLUENCE_URL
    max_pages: int = MAX_PAGES
    concurrency: int = CONCURRENCY
    read_threads: bool = True
    parent_depth: int = PARENT_DEPTH
    confluence_concurrency: int = CONFLUENCE_CONCURRENCY
    diff: Callable[[], DiffRead] | None = None  # the checkout's git diff, read once, when there is one
    audience: Audience = field(default_factory=Audience)  # which sources are shown by title only
    confluence_missing: str = "no Confluence credentials are configured"  # why confluence is None, in words


def gather(sources: Sources, pr: PullRequestRef, *, deadline: Deadline | None = None) -> Gathered:
    deadline = deadline or Deadline(3600)
    notices: list[Notice] = []
    pool = ThreadPoolExecutor(max_workers=sources.concurrency, thread_name_prefix="gather")
    try:
        f_pr = pool.submit(sources.ado.pull_request, pr)
        f_ids = pool.submit(sources.ado.work_item_ids, pr)
        f_changes = pool.submit(sources.ado.changed_files, pr)
        f_threads = pool.submit(sources.ado.threads, pr) if sources.read_threads else None
        f_creds = pool.submit(sources.confluence.check_credentials) if sources.confluence else None
        f_diff = pool.submit(sources.diff) if sources.diff else None
        ids = deadline.result(f_ids, "the work items linked to the pull request")
        fetched = _work_items(pool, sources, pr, ids, deadline, notices)
        pull_request = deadline.result(f_pr, f"pull request {pr.pull_request_id}")  # asked with the ids
        projects = (pull_request.project_name, pull_request.project_id, pr.project)
        items = tuple(_screened(sources.audience, fetched, projects))
        f_parents = pool.submit(_parents, sources, pr, items, projects)
        uncited = uncited_links(items, sources.site) if sources.site else Uncited()
        pages = _pages(sources, items, f_creds, notices, deadline, uncited)
        parents = deadline.optional(f_parents, "parent work items", notices, default=Fetched[WorkItem]())
        notices += parents.notices
        changed = deadline.optional(f_changes, "changed files", notices, default=[])
        threads = deadline.result(f_threads, "the comment threads") if f_threads else []
        diff = deadline.optional(f_diff, "the diff", notices, default=DiffRead()) if f_diff else DiffRead()
        notices += [diff.notice] if diff.notice else []
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
        diff=diff.text,
        skipped_links=tuple(uncited.log_lines()),
        changes=diff.diff,
    )


class Deadline:
    """The run's time budget: a pipeline step must never hang."""

    def __init__(self, seconds: float, clock: Clock = time) -> None:
        self.seconds = seconds
        self._clock = clock
        self._end = clock.monotonic() + seconds
        self.missed = False  # something was left out for lateness: the comment is partial

    def remaining(self) -> float:
        return max(0.0, self._end - self._clock.monotonic())

    def passed(self) -> bool:
        return self.remaining() <= 0

    def result(self, future: Future[T], what: str) -> T:
        """A part the run cannot do without: past the deadline it is an error."""
        try:
            return future.result(timeout=self.remaining())
        except FutureTimeout:
            self.missed = True
            raise SourceError(f"could not read {what} within {self.seconds:g} s (DOC_CONTEXT_DEADLINE)") from None

    def optional(self, future: Future[T], what: str, notices: list[Notice], default: T) -> T:
        """A part the comment can do without: its failure or lateness is a notice."""
        try:
            return future.result(timeout=self.remaining())
        except FutureTimeout:
            self.missed = True
            notices.append(Notice(what, f"not read within {self.seconds:g} s (DOC_CONTEXT_DEADLINE); left out"))
        except SourceError as e:
            notices.append(Notice(what, f"{e}; left out"))
        return default


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


def _pages(
    sources: Sources,
    items: Sequence[WorkItem],
    f_creds: Future[SignedIn] | None,
    notices: list[Notice],
    deadline: Deadline,
    uncited: Uncited,
) -> list[tuple[Page, tuple[int, ...]]]:
    cited = cited_pages(items, sources.site) if sources.site else []
    if sources.confluence is None or f_creds is None:
        if cited or uncited.elsewhere or (sources.site is None and confluence_like(items)):
            notices.append(Notice("confluence", NOT_CONFIGURED.format(missing=sources.confluence_missing)))
        return []
    configured = sources.site.base_url if sources.site else ""
    for base, urls in uncited.elsewhere.items():
        first = ", ".join(urls[:3])
        notices.append(Notice("confluence", ELSEWHERE.format(count=len(urls), base=base, site=configured, first=first)))
    try:
        signed = f_creds.result(timeout=deadline.remaining())
    except FutureTimeout:
        deadline.missed = True
        notices.append(
            Notice(
                "confluence",
                f"the credential check did not answer within {deadline.seconds:g} s "
                "(DOC_CONTEXT_DEADLINE); no page was read",
            )
        )
        return []
    except ConfluenceError as e:
        notices.append(Notice("confluence", f"{e} No page was read."))
        return []
    if signed.warning and cited:
        notices.append(Notice("confluence", signed.warning))
    if len(cited) > sources.max_pages:
        skipped = ", ".join(ref.describe() for ref, _ in cited[sources.max_pages :][:5])
        notices.append(
            Notice(
                "confluence",
                f"{len(cited) - sources.max_pages} more pages were not read "
                f"(DOC_CONTEXT_MAX_PAGES={sources.max_pages}): {skipped}",
            )
        )
        cited = cited[: sources.max_pages]
    fetcher = ThreadPoolExecutor(
        max_workers=max(1, min(len(cited), sources.confluence_concurrency)), thread_name_prefix="pages"
    )  # all pages in one wave, apart from the ADO pool
    futures = [(fetcher.submit(sources.confluence.fetch, ref), ref, ids) for ref, ids in cited]
    fetcher.shutdown(wait=False)
    pages: dict[int, tuple[Page, list[int]]] = {}  # by page id: a space link and a page link can meet
    unchecked: dict[str, list[int]] = {}  # pages whose restrictions could not be read, by why
    failed: dict[str, list[PageRef]] = {}  # one notice per reason: a deadline or a 401 stops all the rest
    for future, ref, ids in futures:
        try:
            page = future.result(timeout=deadline.remaining())
        except FutureTimeout:
            deadline.missed = True
            failed.setdefault(f"not read within {deadline.seconds:g} s (DOC_CONTEXT_DEADLINE)", []).append(ref)
            continue
        except ConfluenceError as e:
            failed.setdefault(str(e), []).append(ref)
            continue
        if page.degraded and page.id not in pages:
            notices.append(Notice(ref.describe(), "its storage format was malformed; read it leniently"))
        if why := sources.audience.page(page):
            if why.why == UNKNOWN_RESTRICTION and page.id not in pages:
                unchecked.setdefault(page.restriction_error or "no answer said", []).append(page.id)
            page = withhold_page(page, why)
        citing = pages.setdefault(page.id, (page, []))[1]
        citing += [i for i in ids if i not in citing]
    for reason, page_ids in unchecked.items():  # one notice per reason: a missing scope affects every page
        count = f"{len(page_ids)} page{'s' if len(page_ids) != 1 else ''}"
        text = UNCHECKED.format(count=count, ids=_ids(page_ids), reason=reason.rstrip("."))
        notices.append(Notice("confluence", text))
    for reason, refs in failed.items():
        names = ", ".join(r.describe() for r in refs[:5]) + (", ..." if len(refs) > 5 else "")
        notices.append(
            Notice(refs[0].describe(), f"skipped: {reason}")
            if len(refs) == 1
            else Notice("confluence", f"{len(refs)} pages skipped: {reason}: {names}")
        )
    return [(page, tuple(sorted(ids))) for page, ids in pages.values()]


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(map(str, ids[:5])) + (", ..." if len(ids) > 5 else "")
