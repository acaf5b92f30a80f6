"""`doc-context check`: can this identity read the PR and its work items, write threads, reach Confluence?

Nothing is written: the thread permission is asked of the security service.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from doc_context.errors import DocContextError
from doc_context.gather import Pages
from doc_context.models import PullRequest, PullRequestRef

CONTRIBUTE_FIX = (
    "grant 'Contribute to pull requests' to '<Project> Build Service (<org>)' under Project settings > "
    "Repositories > <repo> > Security"
)


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str  # what was found, or what to do


class Preflightable(Protocol):
    def pull_request(self, pr: PullRequestRef) -> PullRequest: ...
    def work_item_ids(self, pr: PullRequestRef) -> list[int]: ...
    def can_contribute(self, pull_request: PullRequest) -> bool: ...


def preflight(ado: Preflightable, confluence: Pages | None, pr: PullRequestRef) -> list[Check]:
    try:
        pull_request = ado.pull_request(pr)
    except DocContextError as e:
        return [Check("read the pull request", False, str(e))]
    checks = [Check("read the pull request", True, f"'{pull_request.title}'")]
    checks.append(_attempt("read its work items", lambda: f"{len(ado.work_item_ids(pr))} linked"))
    checks.append(_attempt("write comment threads", lambda: _contribute(ado, pull_request)))
    if confluence is None:
        checks.append(Check("sign in to Confluence", True, "not configured (CONFLUENCE_URL and credentials unset)"))
    else:
        checks.append(_attempt("sign in to Confluence", lambda: f"as {confluence.check_credentials()}"))
    return checks


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
    rows += [f"| {c.name} | {'ok' if c.ok else 'FAILED'} | {c.detail.replace('|', '/')} |" for c in checks]
    return rows
