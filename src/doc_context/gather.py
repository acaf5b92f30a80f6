"""Run the gateways concurrently; an optional source's failure becomes a Notice.

Round trips, each line one level of depth: the PR, its work item refs, its iterations, its threads
and the Confluence credential check at once; then the work items and the changed files; then the
pages, concurrently.
"""
from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

from .citations import cited_pages, confluence_like
from .errors import ConfluenceError, SourceError
from .links import Site
from .models import (ChangedFile, Fetched, Gathered, Notice, Page, PageRef, PullRequest, PullRequestRef,
                     Thread, WorkItem)

NO_CREDENTIALS = ("Confluence links were found, but no Confluence credentials are configured, so no page was read. "
                  "Set CONFLUENCE_URL with CONFLUENCE_EMAIL + CONFLUENCE_API_TOKEN (Cloud) or CONFLUENCE_PAT "
                  "(Data Center), mapped from secret variables.")


class PullRequests(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def work_items(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def changed_files(self, pr: PullRequestRef) -> list[ChangedFile]: ...
    def threads(self, pr: PullRequestRef) -> list[Thread]: ...


class Pages(Protocol):
    def check_credentials(self) -> str: ...
    def fetch(self, ref: PageRef) -> Page: ...


@dataclass(frozen=True)
class Sources:
    ado: PullRequests
    confluence: Pages | None  # None: no Confluence credentials configured
    site: Site | None  # None: no CONFLUENCE_URL
    max_pages: int = 25
    concurrency: int = 8
    read_threads: bool = True


def gather(sources: Sources, pr: PullRequestRef) -> Gathered:
    notices: list[Notice] = []
    with ThreadPoolExecutor(max_workers=sources.concurrency, thread_name_prefix="gather") as pool:
        f_pr = pool.submit(sources.ado.pull_request, pr)
        f_ids = pool.submit(sources.ado.work_item_ids, pr)
        f_changes = pool.submit(sources.ado.changed_files, pr)
        f_threads = pool.submit(sources.ado.threads, pr) if sources.read_threads else None
        f_creds = pool.submit(sources.confluence.check_credentials) if sources.confluence else None
        ids = f_ids.result()
        fetched = sources.ado.work_items(ids, pr.project) if ids else Fetched[WorkItem]()
        notices += fetched.notices
        pages = _pages(pool, sources, fetched.items, f_creds, notices)
        changed = _optional(f_changes, "changed files", notices, default=[])
        pull_request = f_pr.result()
        threads = f_threads.result() if f_threads else []
    return Gathered(pull_request, fetched.items, tuple(changed), tuple(pages), tuple(threads), tuple(notices))


def _pages(pool: ThreadPoolExecutor, sources: Sources, items: Sequence[WorkItem],
           f_creds: Future[str] | None, notices: list[Notice]) -> list[tuple[Page, tuple[int, ...]]]:
    cited = cited_pages(items, sources.site) if sources.site else []
    if sources.confluence is None or f_creds is None:
        if cited or (sources.site is None and confluence_like(items)):
            notices.append(Notice("confluence", NO_CREDENTIALS))
        return []
    try:
        f_creds.result()
    except ConfluenceError as e:
        notices.append(Notice("confluence", f"{e} No page was read."))
        return []
    if len(cited) > sources.max_pages:
        skipped = ", ".join(ref.describe() for ref, _ in cited[sources.max_pages:][:5])
        notices.append(Notice("confluence", f"{len(cited) - sources.max_pages} more pages were not read "
                              f"(DOC_CONTEXT_MAX_PAGES={sources.max_pages}): {skipped}"))
        cited = cited[:sources.max_pages]
    futures = [(pool.submit(sources.confluence.fetch, ref), ref, ids) for ref, ids in cited]
    pages = []
    for future, ref, ids in futures:
        try:
            page = future.result()
        except ConfluenceError as e:
            notices.append(Notice(ref.describe(), f"skipped: {e}"))
            continue
        if page.degraded:
            notices.append(Notice(ref.describe(), "its storage format was malformed; read it leniently"))
        pages.append((page, ids))
    return pages


def _optional(future: Future[list[ChangedFile]], what: str, notices: list[Notice],
              default: list[ChangedFile]) -> list[ChangedFile]:
    try:
        return future.result()
    except SourceError as e:
        notices.append(Notice(what, f"{e}; the summaries are not ranked against the diff"))
        return default
