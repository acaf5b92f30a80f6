"""`doc-context check`: can this identity read the PR and its work items, write threads, reach Confluence?

Nothing is written: the thread permission is asked of the security service. A row is ok, a warning (it
works, but something the work items need will not), or FAILED; only an all-ok table is an all-clear.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from doc_context.errors import DocContextError
from doc_context.gather import CONFLUENCE_FIX, ELSEWHERE
from doc_context.models import WORK_ITEM_BATCH, Fetched, PullRequest, PullRequestRef, SignedIn, WorkItem
from doc_context.summary.citations import cited_pages, confluence_like, uncited_links
from doc_context.text.links import Site

if TYPE_CHECKING:
    from doc_context.sources.confluence_auth import Scope

CONTRIBUTE_FIX = (
    "grant 'Contribute to pull requests' to '<Project> Build Service (<org>)' under Project settings > "
    "Repositories > <repo> > Security"
)


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str  # what was found, or what to do
    warn: bool = False  # it works, but not for everything the work items need

    @property
    def result(self) -> str:
        return "FAILED" if not self.ok else "warning" if self.warn else "ok"


class Preflightable(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def work_items(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]: ...
    def can_contribute(self, pull_request: PullRequest) -> bool: ...


class ConfluenceCheckable(Protocol):
    def check_credentials(self) -> SignedIn: ...
    def scopes(self) -> list[tuple[Scope, bool | None]]: ...


@dataclass(frozen=True)
class ConfluenceSetup:
    client: ConfluenceCheckable | None  # None: not configured
    site: Site | None  # None: no CONFLUENCE_URL
    missing: str = ""  # why client is None, in words


def preflight(ado: Preflightable, confluence: ConfluenceSetup, pr: PullRequestRef) -> list[Check]:
    try:
        pull_request = ado.pull_request(pr)
    except DocContextError as e:
        return [Check("read the pull request", False, str(e))]
    checks = [Check("read the pull request", True, f"'{pull_request.title}'")]
    items: list[WorkItem] = []
    checks.append(_attempt("read its work items", lambda: _read_items(ado, pr, items)))
    checks.append(_attempt("write comment threads", lambda: _contribute(ado, pull_request)))
    return checks + confluence_checks(confluence, items)


def confluence_checks(setup: ConfluenceSetup, items: Sequence[WorkItem]) -> list[Check]:
    """Sign-in, the token's scopes and the cited links; a work item's page that will not be read is a warning."""
    site = setup.site
    cited = len(cited_pages(items, site)) if site else len(confluence_like(items))
    checks = _sign_in(setup, cited)
    return [*checks, _links(site, items, cited)] if site else checks


def _sign_in(setup: ConfluenceSetup, cited: int) -> list[Check]:
    name = "sign in to Confluence"
    if setup.client is None:
        if not cited:
            return [Check(name, True, "not configured, and no work item cites a Confluence page")]
        detail = (
            f"the work items cite {cited} Confluence pages, but {setup.missing}: none will be read. {CONFLUENCE_FIX}"
        )
        return [Check(name, True, detail, warn=True)]
    try:
        signed = setup.client.check_credentials()
    except DocContextError as e:
        return [Check(name, False, str(e))]
    deployment = {True: "Cloud", False: "Data Center", None: "Confluence"}[signed.cloud]
    checks = [Check(name, True, signed.warning or f"as {signed.who} ({deployment})", warn=bool(signed.warning))]
    if signed.cloud is False:
        return [*checks, Check("Confluence token scopes", True, "none on Data Center: the account reads what it may")]
    return [*checks, _scopes(setup.client.scopes())]


def _scopes(found: list[tuple[Scope, bool | None]]) -> Check:
    def state(granted: bool | None) -> str:
        return "granted" if granted else "MISSING" if granted is False else "not settled"

    detail = "; ".join(f"{s.name}: {state(g)} ({s.needed_for})" for s, g in found)
    missing = {s.need for s, g in found if g is False}
    if "all" in missing:  # no page can be read
        return Check("Confluence token scopes", False, f"{detail}. Add the missing scopes to the token")
    return Check("Confluence token scopes", True, detail, warn="some" in missing)


def _links(site: Site, items: Sequence[WorkItem], cited: int) -> Check:
    uncited = uncited_links(items, site)
    problems = [
        ELSEWHERE.format(count=len(urls), base=base, site=site.base_url, first=", ".join(urls[:3]))
        for base, urls in uncited.elsewhere.items()
    ]
    if problems:
        return Check("find the cited Confluence pages", True, "; ".join(problems), warn=True)
    other = len(uncited.not_pages) + len(uncited.other_sites)
    detail = f"{cited} pages cited on {site.base_url}"
    detail += f"; {other} other Confluence links are not pages there (a run's log lists them)" if other else ""
    return Check("find the cited Confluence pages", True, detail)


def _read_items(ado: Preflightable, pr: PullRequestRef, into: list[WorkItem]) -> str:
    ids = ado.work_item_ids(pr)
    for start in range(0, len(ids), WORK_ITEM_BATCH):
        into += ado.work_items(ids[start : start + WORK_ITEM_BATCH], pr.project).items
    return f"{len(ids)} linked, {len(into)} read"


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
