"""The document sources' pages, read in waves for gather: each source finds the pages the citers cite, its access
is checked once (asked in the first wave, gather.py), and all its pages are read at once in a pool of its own,
all sources' started before any is waited for. The pages those pages cite onward (a Jira issue's remote links to
Confluence pages, Page.cites) are one more wave, only when there are any, and no further: a run's depth grows by
one at most. Each page is read once, as each source's page cap allows (to_read), and a page the PR's readers
may not see (summary/audience.py, then the source's own rule) loses its text as soon as it arrives.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import replace
from typing import TYPE_CHECKING

from doc_context.deadline import Deadline
from doc_context.errors import SourceError
from doc_context.models import PULL_REQUEST, Notice, Page, PageKey, Ref, SignedIn
from doc_context.summary.audience import withhold_page
from doc_context.summary.cited_pages import Citer, Read, capped, to_read

if TYPE_CHECKING:
    from doc_context.gather import DocumentSource, Sources

OTHER_LINK = "link in the pull request description not read (no document source reads it): {}"


def read_documents(
    sources: Sources,
    who: Sequence[Citer],
    f_access: dict[str, Future[SignedIn]],
    notices: list[Notice],
    deadline: Deadline,
    projects: Sequence[str],
) -> tuple[list[tuple[Page, tuple[int, ...]]], list[str]]:
    """Every document source's cited pages, read in one wave (each source's own pool, all started before any
    is waited for); then the pages those pages cite onward (a Jira issue's remote links to Confluence), in one
    more wave and no further, only when there are any; the log lines of the links not read."""
    lines: list[str] = []
    seen: set[str] = set()
    checked: dict[str, bool] = {}  # each source's access, settled once
    pages = _wave(sources, who, f_access, checked, notices, deadline, projects, lines, seen, [])
    onward = [Citer(i, page.cites) for page, ids in pages if page.cites for i in ids or (PULL_REQUEST,)]
    if onward:
        pages += _wave(sources, onward, f_access, checked, notices, deadline, projects, lines, set(), pages)
    lines += [
        OTHER_LINK.format(url) for url in (who[0].urls if who and who[0].id == PULL_REQUEST else ()) if url not in seen
    ]
    return pages, capped(lines)


def _wave(
    sources: Sources,
    who: Sequence[Citer],
    f_access: dict[str, Future[SignedIn]],
    checked: dict[str, bool],
    notices: list[Notice],
    deadline: Deadline,
    projects: Sequence[str],
    lines: list[str],
    seen: set[str],
    read: Sequence[tuple[Page, tuple[int, ...]]],
) -> list[tuple[Page, tuple[int, ...]]]:
    """One wave: each source's pages the citers cite and `read` has not, under what is left of its page cap."""
    reading: list[tuple[DocumentSource, list[tuple[Future[Page], Ref, tuple[int, ...]]]]] = []
    done = {(page.source, key) for page, _ in read for key in page.cited_as | {page.ref.key}}
    for source in sources.documents:
        found = source.find(who)
        onward = bool(read)  # a source that spoke of the citers' links is not heard again about the pages'
        notices += [n for n in found.notices if n not in notices and not (onward and _spoke(n.source, notices))]
        lines += [line for line in found.skipped if line not in lines]
        seen |= found.seen
        found = replace(found, refs=tuple(r for r in found.refs if (source.name, r[0].key) not in done))
        cap = sources.max_pages - sum(1 for page, _ in read if page.source == source.name)
        refs, rest = to_read(found, max(cap, 0)) if source.ready else ((), "")
        notices += [Notice(source.name, rest)] if rest else []
        if source.ready and source.name not in checked and (refs or not read):
            checked[source.name] = _access(source, f_access[source.name], notices, deadline, bool(refs))
        if refs and checked.get(source.name):
            reading.append((source, _start(source, refs)))
    pages: list[tuple[Page, tuple[int, ...]]] = []
    for source, futures in reading:
        pages += _settle(sources, source, futures, notices, deadline, projects)
    return pages


def _access(
    source: DocumentSource, future: Future[SignedIn], notices: list[Notice], deadline: Deadline, cited: bool
) -> bool:
    """The source's access check, asked in the first wave: whether its pages may be read."""
    try:
        signed = future.result(timeout=deadline.remaining())
    except FutureTimeout:
        deadline.missed = True
        late = f"the credential check did not answer within {deadline.seconds:g} s (DOC_CONTEXT_DEADLINE)"
        notices.append(Notice(source.name, f"{late}; no page was read"))
        return False
    except SourceError as e:
        notices.append(Notice(source.name, f"{e} No page was read."))
        return False
    if signed.warning and cited:
        notices.append(Notice(source.name, signed.warning))
    return True


def _start(
    source: DocumentSource, cited: Sequence[tuple[Ref, tuple[int, ...]]]
) -> list[tuple[Future[Page], Ref, tuple[int, ...]]]:
    """All of the source's pages at once, in a pool of its own, apart from the ADO pool."""
    fetcher = ThreadPoolExecutor(max_workers=max(1, min(len(cited), source.concurrency)), thread_name_prefix="pages")
    reading = tuple(ref for ref, _ in cited)  # exactly the pages gather chose for it, capped: it knows no cap
    futures = [(fetcher.submit(source.fetch, ref, reading), ref, ids) for ref, ids in cited]
    fetcher.shutdown(wait=False)
    return futures


def _settle(
    sources: Sources,
    source: DocumentSource,
    futures: Sequence[tuple[Future[Page], Ref, tuple[int, ...]]],
    notices: list[Notice],
    deadline: Deadline,
    projects: Sequence[str],
) -> list[tuple[Page, tuple[int, ...]]]:
    """The source's pages as they arrive: each page once (two links can name one page), withheld from the
    PR's readers where the audience says so; one notice per reason a page was skipped."""
    pages: dict[PageKey, tuple[Page, list[int]]] = {}
    reads: list[Read] = []  # each page's first read, for the source's own notices
    failed: dict[str, list[Ref]] = {}  # one notice per reason: a deadline or a 401 stops all the rest
    for future, ref, ids in futures:
        try:
            page = future.result(timeout=deadline.remaining())
        except FutureTimeout:
            deadline.missed = True
            failed.setdefault(f"not read within {deadline.seconds:g} s (DOC_CONTEXT_DEADLINE)", []).append(ref)
            continue
        except SourceError as e:
            failed.setdefault(str(e), []).append(ref)
            continue
        why = sources.audience.page(page, projects) or source.title_only(page)
        if page.key not in pages:
            reads.append(Read(ref, page, why))
        shown = withhold_page(page, why) if why else page
        first, citing = pages.setdefault(page.key, (shown, []))
        pages[page.key] = (replace(first, cited_as=first.cited_as | page.cited_as), citing)
        citing += [i for i in ids if i not in citing]
    notices += source.settled(reads)
    for reason, refs in failed.items():
        names = ", ".join(r.describe() for r in refs[:5]) + (", ..." if len(refs) > 5 else "")
        notices.append(
            Notice(refs[0].describe(), f"skipped: {reason}")
            if len(refs) == 1
            else Notice(source.name, f"{len(refs)} pages skipped: {reason}: {names}")
        )
    return [(page, tuple(sorted(ids))) for page, ids in pages.values()]


def _spoke(source: str, notices: Sequence[Notice]) -> bool:
    return any(n.source == source for n in notices)
