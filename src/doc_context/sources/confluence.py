"""Confluence over httpx: check the credentials once, then read each cited page once.

Only API paths built here are requested, below the configured base (confluence_http); a URL from a
work item never is. Ids travel as digits in the path, space keys and titles only as query parameters.

    check_credentials()  rest/api/user/current: a known, non-anonymous user, else CredentialsRejected
    fetch(ref)           by id     Cloud: api/v2/pages/{id} or api/v2/blogposts/{id};  DC: rest/api/content/{id}
                         by title  Cloud: api/v2/spaces?keys= (once per space), then api/v2/pages?space-id&title
                                   DC: rest/api/content?spaceKey&title&type
                         space     the URL's homepageId when it had one (links.py), else the space's home page id
A 401 anywhere stops all Confluence work for the run (Data Center locks accounts behind a CAPTCHA).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import Any, Generic, TypeVar

import httpx

from doc_context.errors import ConfluenceError
from doc_context.models import Clock, Page, PageRef
from doc_context.sources.confluence_http import Answer, ConfluenceConfig, DeadlineExceeded, GuardedClient
from doc_context.text.storage import storage_to_markdown

__all__ = ["BearerAuth", "Confluence", "ConfluenceConfig", "CredentialsRejected", "DeadlineExceeded", "basic"]

V1_STORAGE = {"expand": "body.storage,version,space"}
V2_STORAGE = {"body-format": "storage"}
REJECTED = (
    "Confluence rejected the credentials (HTTP {status}{detail}); check CONFLUENCE_EMAIL and "
    "CONFLUENCE_API_TOKEN (Cloud) or CONFLUENCE_PAT (Data Center). Not retried: Data Center locks the "
    "account behind a CAPTCHA after a few failed logins."
)
ANONYMOUS = (
    "Confluence treated the token as an anonymous user (Data Center does this with a wrong or expired "
    "personal access token); create a new CONFLUENCE_PAT."
)
K = TypeVar("K")
V = TypeVar("V")


class CredentialsRejected(ConfluenceError):
    """The credentials failed: all Confluence work stops, nothing is retried."""


class Confluence:
    def __init__(
        self,
        config: ConfluenceConfig,
        auth: httpx.Auth | None,
        *,
        transport: httpx.BaseTransport | None = None,
        max_connections: int = 8,
        clock: Clock = time,
    ) -> None:
        self.config = config
        self._http = GuardedClient(config, auth, transport=transport, max_connections=max_connections, clock=clock)
        self._pages: _Once[int, Page] = _Once()
        self._spaces: _Once[str, dict[str, Any]] = _Once()
        self._stopped: str | None = None

    def close(self) -> None:
        self._http.close()

    def check_credentials(self) -> str:
        """The display name of a known, non-anonymous user; otherwise CredentialsRejected, and all work stops."""
        try:
            return _known_user(self._get("/rest/api/user/current"))
        except ConfluenceError as e:
            reason = str(e) if str(e).endswith((".", "?")) else f"{e}."
            self._stopped = self._stopped or reason
            raise CredentialsRejected(reason) from e

    def fetch(self, ref: PageRef) -> Page:
        if ref.page_id is not None:
            page = self._by_id(ref.page_id, ref.kind)
        elif ref.kind == "space_home":
            page = self._by_id(self._home_page_id(ref.space_key or ""), "page")
        else:
            page = self._by_title(ref)
        return replace(page, ref=ref)

    # -- reading
    def _by_id(self, page_id: int, kind: str) -> Page:
        def read() -> Page:
            if not self.config.cloud:
                answer = self._get(f"/rest/api/content/{page_id:d}", V1_STORAGE)
            else:
                answer = self._get(f"/api/v2/{'blogposts' if kind == 'blogpost' else 'pages'}/{page_id:d}", V2_STORAGE)
            return self._page(_ok(answer))

        return self._pages.get(page_id, read)

    def _by_title(self, ref: PageRef) -> Page:
        kind, key, title = ("blogpost" if ref.kind == "blogpost" else "page"), ref.space_key or "", ref.title or ""
        if self.config.cloud:
            space_id = str(self._space(key).get("id", ""))
            if not space_id.isdecimal():
                raise ConfluenceError(f"space {key} was listed without an id")
            answer = self._get(
                f"/api/v2/{kind}s", {"space-id": space_id, "title": title, "status": "current", **V2_STORAGE}
            )
        else:
            day = {"postingDay": ref.posting_day} if ref.posting_day else {}
            params = {"spaceKey": key, "title": title, "type": kind, **V1_STORAGE, **day}
            answer = self._get("/rest/api/content", params)
        listing = _ok(answer)
        base = str((listing.get("_links") or {}).get("base") or "")  # a listing's items leave it out
        page = self._page(_pick(listing.get("results"), ref), base=base)
        return self._pages.get(page.id, lambda: page)  # an id read before wins; no second request either way

    def _space(self, key: str) -> dict[str, Any]:
        def read() -> dict[str, Any]:
            if self.config.cloud:
                answer = self._get("/api/v2/spaces", {"keys": key})
            else:
                answer = self._get("/rest/api/space", {"spaceKey": key, "expand": "homepage"})
            found = [
                s
                for s in _ok(answer).get("results") or []
                if isinstance(s, dict) and str(s.get("key", "")).casefold() == key.casefold()
            ]
            if not found:
                raise ConfluenceError(f"no space {key}, or no access to it")
            return found[0]

        return self._spaces.get(key.casefold(), read)

    def _home_page_id(self, key: str) -> int:
        space = self._space(key)
        home = space.get("homepageId") if self.config.cloud else (space.get("homepage") or {}).get("id")
        page_id = _positive_int(home)
        if page_id is None:
            raise ConfluenceError(f"space {key} has no home page we can read")
        return page_id

    def _page(self, body: dict[str, Any], *, base: str = "") -> Page:
        status = str(body.get("status", "current"))
        if status != "current":
            raise ConfluenceError(f"its status is '{status}', not 'current' (only current pages are read)")
        page_id = _positive_int(body.get("id"))
        if page_id is None:
            raise ConfluenceError("Confluence answered without a page id")
        links = body.get("_links") or {}
        webui = str(links.get("webui") or "")
        converted = storage_to_markdown(str(((body.get("body") or {}).get("storage") or {}).get("value") or ""))
        return Page(
            ref=PageRef(page_id=page_id),
            id=page_id,
            title=str(body.get("title") or ""),
            space_key=str((body.get("space") or {}).get("key") or _space_from_webui(webui)),
            version=_positive_int((body.get("version") or {}).get("number")) or 0,
            web_url=str(self.config.site_url or links.get("base") or base or self.config.api_base) + webui,
            text=converted.text,
            degraded=converted.degraded,
        )

    def _get(self, path: str, params: dict[str, str] | None = None) -> Answer:
        if self._stopped is not None:
            raise CredentialsRejected(self._stopped)
        answer = self._http.get(path, params)
        if answer.status == 401:  # the credentials stopped working: no more tries
            self._stopped = self._stopped or _rejected(answer)
            raise CredentialsRejected(self._stopped)
        return answer


class _Once(Generic[K, V]):
    """Each key's value made once per run, even when threads ask at the same time; a failure is kept too."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[K, threading.Lock] = {}
        self._done: dict[K, tuple[V | None, ConfluenceError | None]] = {}

    def get(self, key: K, make: Callable[[], V]) -> V:
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._done:
                try:
                    self._done[key] = (make(), None)
                except ConfluenceError as e:
                    self._done[key] = (None, e)
            value, error = self._done[key]
        if error is not None:
            raise error
        assert value is not None
        return value


def _known_user(answer: Answer) -> str:
    body = answer.body
    if answer.status == 403:
        raise CredentialsRejected(_rejected(answer))
    if answer.status != 200 or not isinstance(body, dict):
        raise CredentialsRejected(
            f"the Confluence credential check got {_describe(answer)}; is "
            "CONFLUENCE_URL (or CONFLUENCE_API_BASE) the site's REST base?"
        )
    if body.get("type") != "known" or not (body.get("accountId") or body.get("username") or body.get("userKey")):
        raise CredentialsRejected(ANONYMOUS)
    return str(body.get("displayName") or body.get("username") or body.get("accountId"))


def _rejected(answer: Answer) -> str:
    detail = ""
    if answer.headers.get("x-seraph-loginreason") == "AUTHENTICATION_DENIED":
        detail = ", CAPTCHA required: log in once in a browser"
    elif isinstance(answer.body, dict) and answer.body.get("message"):
        detail = f": {str(answer.body['message'])[:200]}"
    return REJECTED.format(status=answer.status, detail=detail)


def _ok(answer: Answer) -> dict[str, Any]:
    if answer.status == 200 and isinstance(answer.body, dict):
        return answer.body
    raise ConfluenceError(_describe(answer))


def _describe(answer: Answer) -> str:
    reasons = {
        403: "no permission to read it (HTTP 403)",
        404: "not found, or no access to it (HTTP 404)",
        429: "Confluence is rate limiting (HTTP 429); gave up",
        200: "an answer that is not JSON",
    }
    if 300 <= answer.status < 400:
        return f"a redirect (HTTP {answer.status}), not followed"
    return reasons.get(answer.status, f"HTTP {answer.status}")


def _pick(results: Any, ref: PageRef) -> dict[str, Any]:
    """The result titled ref.title, ignoring case; exact case wins a tie."""
    wanted = (ref.title or "").casefold()
    match = [r for r in results or [] if isinstance(r, dict) and str(r.get("title", "")).casefold() == wanted]
    if ref.posting_day:
        match = [r for r in match if str(r.get("createdAt", ref.posting_day)).startswith(ref.posting_day)] or match
    exact = [r for r in match if r.get("title") == ref.title]
    chosen = exact or match
    if not chosen:
        raise ConfluenceError(f"no page titled '{ref.title}' in space {ref.space_key}, or no access to it")
    if len(chosen) > 1:
        raise ConfluenceError(
            f"{len(chosen)} pages are titled '{ref.title}' in space {ref.space_key}; link the page by its id"
        )
    return chosen[0]


def _positive_int(value: object) -> int | None:
    text = str(value or "")
    return int(text) if text.isdecimal() and text.isascii() and 0 < int(text) < 2**63 else None


def _space_from_webui(webui: str) -> str:
    parts = webui.strip("/").split("/")
    return parts[1] if len(parts) > 1 and parts[0] in ("spaces", "display") else ""


def basic(user: str, token: str) -> httpx.Auth:
    return httpx.BasicAuth(user, token)


class BearerAuth(httpx.Auth):
    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request
