"""Confluence sign-in: Basic or Bearer auth, the once-per-run credential check, and the scopes a token needs.

    sign_in(get, cloud=...)   rest/api/user/current: a known user (its shape tells Cloud from Data Center).
                              A scoped Cloud token without a user scope answers 401 "scope does not match"
                              (or 403): then api/v2/pages?limit=1, which needs only read:page:confluence, settles
                              it. A check that settles nothing reads the pages anyway, with a warning.
    probe_scopes(get)         one request per scope in SCOPES, for `doc-context check`
    scope_error(answer)       401 FAILURE_CLIENT_SCOPE_CHECK: the token is good, its scopes are not enough

Scopes are from Atlassian's REST reference (v2 pages/blogposts/spaces; v1 user/current and content/search).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Literal

import httpx

from doc_context.errors import ConfluenceError
from doc_context.models import SignedIn
from doc_context.sources.confluence.guarded import Answer

Getter = Callable[[str, "dict[str, str] | None"], Answer]
GATEWAY = "https://api.atlassian.com/ex/confluence/<cloudId>/wiki"


@dataclass(frozen=True)
class Scope:
    """A scope (or its classic / granular alternatives) and the request that shows whether the token has it."""

    name: str  # as an admin picks it when creating the token
    needed_for: str
    path: str
    params: tuple[tuple[str, str], ...] = ()
    need: Literal["all", "some", "optional"] = "all"  # without it: no page is read / some links are not / all is


PAGE_SCOPE = Scope("read:page:confluence", "pages and blog posts", "/api/v2/pages", (("limit", "1"),))
SPACE_SCOPE = Scope("read:space:confluence", "space and title links", "/api/v2/spaces", (("limit", "1"),), "some")
SEARCH_SCOPE = Scope(
    "search:confluence or read:content-details:confluence",
    "page view restrictions through the gateway: without it every page shows by title only; and titles typed "
    "in another case",
    "/rest/api/content/search",
    (("cql", "type=page"), ("limit", "1")),
    need="some",
)
USER_SCOPE = Scope(
    "read:confluence-user or read:content-details:confluence",
    "the account's name in this check",
    "/rest/api/user/current",
    need="optional",
)
SCOPES = (PAGE_SCOPE, SPACE_SCOPE, SEARCH_SCOPE, USER_SCOPE)

REJECTED = (
    "Confluence rejected the credentials (HTTP {status}{detail}); check CONFLUENCE_EMAIL and "
    "CONFLUENCE_API_TOKEN (Cloud, or a Data Center username and password) or CONFLUENCE_PAT (Data Center). "
    "Not retried: Data Center locks the account behind a CAPTCHA after a few failed logins."
)
SCOPED_ON_SITE = (
    " A scoped Cloud API token works only through Atlassian's API gateway: set CONFLUENCE_API_BASE=" + GATEWAY + "."
)
ANONYMOUS = (
    "Confluence treated the token as an anonymous user (Data Center does this with a wrong or expired "
    "personal access token); create a new CONFLUENCE_PAT."
)


class CredentialsRejected(ConfluenceError):
    """The credentials failed: all Confluence work stops, nothing is retried."""


def sign_in(get: Getter, *, cloud: bool | None, hint: str = "") -> SignedIn:
    """Who the credentials are (cloud None: not known yet); CredentialsRejected when they fail.

    hint: added to a rejection (e.g. SCOPED_ON_SITE for a Cloud site reached by its own URL).
    """
    user = get(USER_SCOPE.path, None)
    if user.status == 200 and isinstance(user.body, dict):
        return _known(user.body)
    if cloud is False or not (scope_error(user) or user.status == 403):
        raise CredentialsRejected(_failed(user, hint))
    probe = get(PAGE_SCOPE.path, dict(PAGE_SCOPE.params))
    if probe.status == 200:
        return SignedIn(f"a token that reads pages (not its user: that needs {USER_SCOPE.name})", True)
    if probe.status in (401, 403, 404) and not scope_error(probe):
        raise CredentialsRejected(_failed(user, hint))
    return SignedIn(
        "a token the check could not confirm",
        True if scope_error(user) or scope_error(probe) else None,  # only Cloud has scopes
        f"the credential check settled nothing (user/current: {describe(user)}; api/v2/pages: {describe(probe)}), "
        f"so the pages are read anyway. A scoped API token needs {PAGE_SCOPE.name} and {SPACE_SCOPE.name}.",
    )


def probe_scopes(get: Getter) -> list[tuple[Scope, bool | None]]:
    """Each scope in SCOPES: True granted, False missing, None when the answer did not say."""
    found: list[tuple[Scope, bool | None]] = []
    for scope in SCOPES:
        try:
            answer = get(scope.path, dict(scope.params) or None)
        except ConfluenceError:
            found.append((scope, None))
            continue
        found.append((scope, True if answer.status == 200 else False if scope_error(answer) else None))
    return found


def scope_error(answer: Answer) -> bool:
    """401 because the token lacks a scope (Atlassian: X-Failure-Category FAILURE_CLIENT_SCOPE_CHECK)."""
    if answer.status != 401:
        return False
    message = str(answer.body.get("message", "")) if isinstance(answer.body, dict) else ""
    return answer.headers.get("x-failure-category") == "FAILURE_CLIENT_SCOPE_CHECK" or "scope does not match" in message


def scope_for(path: str) -> str:
    """The scope a request path needs, for a message."""
    if path.startswith("/api/v2/spaces"):
        return SPACE_SCOPE.name
    if path.startswith("/api/v2/"):
        return PAGE_SCOPE.name
    return SEARCH_SCOPE.name if path.startswith(SEARCH_SCOPE.path) else USER_SCOPE.name


def rejected(answer: Answer, hint: str = "") -> str:
    detail = ""
    if answer.headers.get("x-seraph-loginreason") == "AUTHENTICATION_DENIED":
        detail = ", CAPTCHA required: log in once in a browser"
    elif isinstance(answer.body, dict) and answer.body.get("message"):
        detail = f": {str(answer.body['message'])[:200]}"
    return REJECTED.format(status=answer.status, detail=detail) + hint


def describe(answer: Answer) -> str:
    reasons = {
        403: "no permission to read it (HTTP 403)",
        404: "not found, or no access to it (HTTP 404)",
        429: "Confluence is rate limiting (HTTP 429); gave up",
        200: "an answer that is not JSON",
    }
    if scope_error(answer):
        return "HTTP 401, scope does not match"
    if 300 <= answer.status < 400:
        return f"a redirect (HTTP {answer.status}), not followed"
    return reasons.get(answer.status, f"HTTP {answer.status}")


def _known(body: dict[str, object]) -> SignedIn:
    if body.get("type") != "known" or not (body.get("accountId") or body.get("username") or body.get("userKey")):
        raise CredentialsRejected(ANONYMOUS)
    cloud = bool(body.get("accountId")) and not (body.get("username") or body.get("userKey"))
    return SignedIn(str(body.get("displayName") or body.get("username") or body.get("accountId")), cloud)


def _failed(answer: Answer, hint: str) -> str:
    if answer.status in (401, 403):
        return rejected(answer, hint if answer.status == 401 else "")
    return (
        f"the Confluence credential check got {describe(answer)}; is "
        "CONFLUENCE_URL (or CONFLUENCE_API_BASE) the site's REST base?"
    )


def basic(user: str, token: str) -> httpx.Auth:
    return httpx.BasicAuth(user, token)


class BearerAuth(httpx.Auth):
    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request
