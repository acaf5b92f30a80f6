"""Confluence over httpx: check the credentials once, then read each cited page once.

Only API paths built here are requested, below the configured base (guarded.py); a URL from a
work item never is. Ids travel as digits in the path, space keys and titles only as query parameters.

    check_credentials()  auth.sign_in: rest/api/user/current (then api/v2/pages?limit=1 for a
                         scoped token); with CONFLUENCE_DEPLOYMENT=auto on a host that is not an Atlassian
                         Cloud domain, its answer tells Cloud (accountId) from Data Center (username, userKey)
    fetch(ref)           the one place that decides the requests for one cited page:
      by id     Cloud: api/v2/pages/{id}, then api/v2/blogposts/{id} if that is 404 (v2 serves blog posts apart,
                       and an id-only link may name one; a blog link goes to blogposts/{id} first)
                DC:    rest/api/content/{id} (pages and blog posts alike)
      by title  Cloud: api/v2/spaces?keys= (once per space), then api/v2/{pages|blogposts}?space-id&title
                DC:    rest/api/content?spaceKey&title&type
                Both filters match the exact case only; when nothing matches, one
                rest/api/content/search?cql=space="K" and type=page and title~"words", compared ignoring case
      space     the URL's homepageId when it had one (links.py), else the space's home page id
      view restrictions (the page's own and its ancestors', restrictions.py), in the same wave:
                DC:    the same request, expanded with them
                Cloud: beside the v2 request, rest/api/content/{id}?expand=them (with a scoped token, whose
                       gateway answers 410 to that deprecated read: rest/api/content/search?cql=id={id}); a title
                       link asks rest/api/content/search?cql=space and title beside the space lookup.
                       When that cannot answer (Cloud's 404 for a trashed or draft ancestor, a page not yet in
                       the search index): api/v2/pages/{id}/ancestors, then restriction/byOperation/read of
                       the page and each ancestor. What still fails is "unknown", and counts as restricted.
A 401 stops all Confluence work for the run (Data Center locks accounts behind a CAPTCHA), unless it is a
scoped token's "scope does not match": then only that request failed.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Any

import httpx

from doc_context.errors import ConfluenceError
from doc_context.models import Clock, Page, PageRef, Restriction, SignedIn
from doc_context.sources.confluence.auth import (
    SCOPED_ON_SITE,
    BearerAuth,
    CredentialsRejected,
    Scope,
    basic,
    describe,
    probe_scopes,
    rejected,
    scope_error,
    scope_for,
    sign_in,
)
from doc_context.sources.confluence.guarded import Answer, ConfluenceConfig, DeadlineExceeded, GuardedClient
from doc_context.sources.confluence.links import page_url
from doc_context.sources.confluence.restrictions import EXPAND, UNREADABLE, Pending, Restrictions, page_restriction
from doc_context.sources.read_once import Once
from doc_context.text.storage import storage_to_markdown

__all__ = [
    "BearerAuth",
    "Confluence",
    "ConfluenceConfig",
    "CredentialsRejected",
    "DeadlineExceeded",
    "ScopeMissing",
    "basic",
]

NAME = "confluence"  # the document source's name: its pages' Page.source, its notices' source
SECTION = "Confluence pages"  # the comment's heading over its pages
V1_STORAGE = {"expand": "body.storage,version,space"}
V2_STORAGE = {"body-format": "storage"}
_WORD = re.compile(r"\w+")


class ScopeMissing(ConfluenceError):
    """A scoped token may not make this request; the credentials are fine, so other requests go on."""


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
        self.cloud = config.cloud  # settled by the credential check when config.detect
        # max_connections pages at once; with their restrictions read beside them, two requests a page
        connections = max_connections * (2 if config.restrictions else 1)
        self._http = GuardedClient(config, auth, transport=transport, max_connections=connections, clock=clock)
        self._pages: Once[int, Page] = Once()
        self._spaces: Once[str, dict[str, Any]] = Once()
        self._stopped: str | None = None
        self._v1 = V1_STORAGE
        if config.restrictions:
            self._v1 = {"expand": ",".join((V1_STORAGE["expand"], *EXPAND))}
        self._restrictions = Restrictions(
            self._get,
            cloud=lambda: self.cloud,
            gateway="/ex/confluence/" in config.api_base,
            workers=max_connections,
            enabled=config.restrictions,
        )

    def close(self) -> None:
        self._restrictions.close()
        self._http.close()

    def check_credentials(self) -> SignedIn:
        """Who signed in; otherwise CredentialsRejected, and all work stops. Call it before any fetch."""
        hint = SCOPED_ON_SITE if self.config.cloud and "/ex/confluence/" not in self.config.api_base else ""
        try:
            signed = sign_in(self._answer, cloud=None if self.config.detect else self.cloud, hint=hint)
        except ConfluenceError as e:
            reason = str(e) if str(e).endswith((".", "?")) else f"{e}."
            self._stopped = self._stopped or reason
            raise CredentialsRejected(reason) from e
        if self.config.detect and signed.cloud is not None:
            self.cloud = signed.cloud
        return signed

    def scopes(self) -> list[tuple[Scope, bool | None]]:
        """Which scopes the token has, one request each (for `doc-context check`)."""
        return probe_scopes(self._answer)

    def fetch(self, ref: PageRef) -> Page:
        """The page a link names: the one place that decides the requests for one cited page."""
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
            if not self.cloud:
                return self._page(_ok(self._get(f"/rest/api/content/{page_id:d}", self._v1)), v1=True)
            restriction = self._restrictions.beside(page_id)  # the same wave as the body
            answer = self._get(f"/api/v2/{'blogposts' if kind == 'blogpost' else 'pages'}/{page_id:d}", V2_STORAGE)
            if answer.status == 404 and kind != "blogpost":  # no request more unless a page is missing
                answer = self._get(f"/api/v2/blogposts/{page_id:d}", V2_STORAGE)
            return self._restrictions.apply(self._page(_ok(answer)), restriction)

        return self._pages.get(page_id, read)

    def _by_title(self, ref: PageRef) -> Page:
        kind, key, title = ("blogpost" if ref.kind == "blogpost" else "page"), ref.space_key or "", ref.title or ""
        found: Pending | None = None
        if self.cloud:
            found = self._restrictions.beside_search(f'space="{_cql(key)}" and type={kind} and title="{_cql(title)}"')
            space = self._space(key)
            key, space_id = str(space.get("key") or key), str(space.get("id", ""))  # the key as the space spells it
            if not space_id.isdecimal():
                raise ConfluenceError(f"space {key} was listed without an id")
            answer = self._get(
                f"/api/v2/{kind}s", {"space-id": space_id, "title": title, "status": "current", **V2_STORAGE}
            )
        else:
            day = {"postingDay": ref.posting_day} if ref.posting_day else {}
            params = {"spaceKey": key, "title": title, "type": kind, **self._v1, **day}
            answer = self._get("/rest/api/content", params)
        listing = _ok(answer)
        if not _titled(listing.get("results"), title):  # the filter is exact-case; Confluence's titles are not
            listing = self._title_search(kind, key, title)
        base = str((listing.get("_links") or {}).get("base") or "")  # a listing's items leave it out
        page = self._page(_pick(listing.get("results"), ref), base=base, v1=not self.cloud)
        if self.cloud and page.restriction == "unchecked":
            page = self._restrictions.apply(page, found)
        return self._pages.get(int(page.id), lambda: page)  # an id read before wins; no second request either way

    def _title_search(self, kind: str, key: str, title: str) -> dict[str, Any]:
        """Pages whose title has the title's words (CQL title~), for the compare that ignores case."""
        words = " ".join(_WORD.findall(title))
        if not words:
            return {"results": []}
        cql = f'space="{_cql(key)}" and type={kind} and title~"{_cql(words)}"'
        try:
            return _ok(self._get("/rest/api/content/search", {"cql": cql, "limit": "50", **self._v1}))
        except ScopeMissing as e:
            raise ScopeMissing(
                f"no {kind} titled '{title}' in that exact case, and {e}: a search ignoring case needs it"
            ) from e

    def _space(self, key: str) -> dict[str, Any]:
        def read() -> dict[str, Any]:
            if self.cloud:
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
        home = space.get("homepageId") if self.cloud else (space.get("homepage") or {}).get("id")
        page_id = _positive_int(home)
        if page_id is None:
            raise ConfluenceError(f"space {key} has no home page we can read")
        return page_id

    def _page(self, body: dict[str, Any], *, base: str = "", v1: bool = False) -> Page:
        """A page from a v2 answer, or a v1 one (v1: expanded with the restrictions when they are read)."""
        status = str(body.get("status", "current"))
        if status != "current":
            raise ConfluenceError(f"its status is '{status}', not 'current' (only current pages are read)")
        page_id = _positive_int(body.get("id"))
        if page_id is None:
            raise ConfluenceError("Confluence answered without a page id")
        links = body.get("_links") or {}
        webui = str(links.get("webui") or "")
        converted = storage_to_markdown(str(((body.get("body") or {}).get("storage") or {}).get("value") or ""))
        v1 = v1 or "restrictions" in body  # a v1 answer (the CQL title search is one too, on Cloud)
        restriction: Restriction = page_restriction(body) if v1 and self.config.restrictions else "unchecked"
        return Page(
            ref=PageRef(page_id=page_id),
            id=page_id,
            title=str(body.get("title") or ""),
            space_key=str((body.get("space") or {}).get("key") or _space_from_webui(webui)),
            version=_positive_int((body.get("version") or {}).get("number")) or 0,
            web_url=page_url(str(self.config.site_url or links.get("base") or base or self.config.api_base) + webui),
            text=converted.text,
            degraded=converted.degraded,
            restriction=restriction,
            restriction_error=UNREADABLE if restriction == "unknown" else "",
            source=NAME,
            scope="",  # a Confluence page id is unique on its site
            section=SECTION,
        )

    def _get(self, path: str, params: dict[str, str] | None = None) -> Answer:
        answer = self._answer(path, params)
        if answer.status == 401 and scope_error(answer):
            raise ScopeMissing(f"the token lacks the scope {scope_for(path)} (HTTP 401, scope does not match)")
        if answer.status == 401:  # the credentials stopped working: no more tries
            self._stopped = self._stopped or rejected(answer)
            raise CredentialsRejected(self._stopped)
        return answer

    def _answer(self, path: str, params: dict[str, str] | None = None) -> Answer:
        if self._stopped is not None:
            raise CredentialsRejected(self._stopped)
        return self._http.get(path, params)


def _ok(answer: Answer) -> dict[str, Any]:
    if answer.status == 200 and isinstance(answer.body, dict):
        return answer.body
    raise ConfluenceError(describe(answer))


def _titled(results: Any, title: str) -> bool:
    return any(isinstance(r, dict) and str(r.get("title", "")).casefold() == title.casefold() for r in results or [])


def _cql(text: str) -> str:
    """Text inside a CQL double-quoted string."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


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
