"""`doc-context check`: can this identity read the PR and its work items, write threads, reach the documents?

Nothing is written: the thread permission is asked of the security service; whether work item comments can be
read, of the first linked item (a warning when not: the comment then shows no discussion). A row is ok, a
warning (it works, but something the work items need will not), or FAILED; only an all-ok table is an all-clear.
Each document source (Confluence, the wiki) adds its own rows: can it sign in, will its cited pages be read.
The change's reader adds one: from the checkout, or through Azure DevOps, and whether the identity may.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from doc_context.defaults import MAX_PAGES
from doc_context.errors import DocContextError
from doc_context.models import (
    WORK_ITEM_BATCH,
    ChangedFile,
    Check,
    Fetched,
    PullRequest,
    PullRequestRef,
    Ref,
    Remark,
    WorkItem,
)
from doc_context.summary.cited_pages import Citer, Found, citers, to_read

__all__ = ["Check", "Checkable", "Preflightable", "preflight", "table"]

CONTRIBUTE_FIX = (
    "grant 'Contribute to pull requests' to '<Project> Build Service (<org>)' under Project settings > "
    "Repositories > <repo> > Security"
)


class Preflightable(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def work_items(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def can_contribute(self, pull_request: PullRequest) -> bool: ...
    def changed_files(self, pr: PullRequestRef) -> list[ChangedFile]: ...


class Discussed(Protocol):
    """What `check` asks to learn whether comments can be read (sources/ado.py)."""

    def comments(self, project: str, item: int, web_url: str) -> list[Remark]: ...


class Checkable(Protocol):
    """A document source as `check` asks it (gather.DocumentSource): the pages a run would read, as gather chooses."""

    def find(self, who: Sequence[Citer]) -> Found: ...
    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]: ...


class ChangeCheckable(Protocol):
    """The change's reader as `check` asks it (change/read.py): which way, and may it read that way?"""

    def check(self, pull_request: PullRequest, changed: Callable[[], Sequence[ChangedFile]]) -> Check: ...


def preflight(
    ado: Preflightable,
    documents: Sequence[Checkable],
    pr: PullRequestRef,
    change: ChangeCheckable | None = None,
    *,
    max_pages: int = MAX_PAGES,
    story: Discussed | None = None,
) -> list[Check]:
    try:
        pull_request = ado.pull_request(pr)
    except DocContextError as e:
        return [Check("read the pull request", False, str(e))]
    checks = [Check("read the pull request", True, f"'{pull_request.title}'")]
    items: list[WorkItem] = []
    checks.append(_attempt("read its work items", lambda: _read_items(ado, pr, items)))
    checks.append(_attempt("write comment threads", lambda: _contribute(ado, pull_request)))
    checks += [_comments(story, items, pr)] if story is not None and items else []
    if change is not None:
        checks.append(change.check(pull_request, lambda: ado.changed_files(pr)))
    who = citers(pull_request, items)
    reading = [[ref for ref, _ in to_read(source.find(who), max_pages)[0]] for source in documents]  # as gather does
    return checks + [
        check for source, refs in zip(documents, reading, strict=True) for check in source.check(who, refs)
    ]


def _read_items(ado: Preflightable, pr: PullRequestRef, into: list[WorkItem]) -> str:
    ids = ado.work_item_ids(pr)
    for start in range(0, len(ids), WORK_ITEM_BATCH):
        into += ado.work_items(ids[start : start + WORK_ITEM_BATCH], pr.project).items
    return f"{len(ids)} linked, {len(into)} read"


def _comments(story: Discussed, items: Sequence[WorkItem], pr: PullRequestRef) -> Check:
    """One work item's comments, read as a run reads them: a warning when they cannot be (the run goes on)."""
    item = items[0]
    name = "read work item comments"
    try:
        said = story.comments(item.project or pr.project, item.id, item.web_url)
    except DocContextError as e:
        return Check(name, True, f"{e}; the comment shows no discussion", warn=True)
    return Check(name, True, f"work item {item.id}: {len(said)} comments")


def _contribute(ado: Preflightable, pull_request: PullRequest) -> str:
    if not ado.can_contribute(pull_request):
        raise DocContextError(f"not permitted: {CONTRIBUTE_FIX}")
    return "permitted"


def _attempt(name: str, probe: Callable[[], str]) -> Check:
    try:
        return Check(name, True, probe())
    except DocContextError as e:
        return Check(name, False, str(e))


def table(checks: list[Check]) -> list[str]:
    rows = ["| check | result | details |", "|---|---|---|"]
    rows += [f"| {c.name} | {c.result} | {c.detail.replace('|', '/')} |" for c in checks]
    return rows
