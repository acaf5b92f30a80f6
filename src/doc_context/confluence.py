"""Confluence over httpx: check the credentials, fetch a page by its resolved identity.

Only API URLs built from the configured base are requested; a URL from a work item never is.
Ids travel as digits in the path, space keys and titles only as query parameters.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import httpx

from .errors import ConfluenceError
from .models import Page, PageRef
from .storage import storage_to_markdown

MAX_RESPONSE_BYTES = 5_000_000
RETRY_STATUSES = (429, 502, 503, 504)


@dataclass(frozen=True)
class ConfluenceConfig:
    api_base: str  # https://acme.atlassian.net/wiki, https://confluence.acme.com/confluence
    cloud: bool  # Cloud REST v2 (email + API token); else Data Center v1 (PAT)
    timeout: float = 10.0
    retries: int = 2
    max_retry_after: float = 30.0
    verify: bool | str = True  # a CA bundle path for a self-hosted Data Center


class CredentialsRejected(ConfluenceError):
    """The credential check failed: stop all Confluence work, never retry (Data Center CAPTCHA)."""


class Confluence:
    def __init__(self, config: ConfluenceConfig, auth: httpx.Auth, *, transport: httpx.BaseTransport | None = None,
                 max_connections: int = 8) -> None:
        self.config = config
        self._client = httpx.Client(
            base_url=config.api_base.rstrip("/"), auth=auth, follow_redirects=False,
            timeout=httpx.Timeout(config.timeout, connect=min(5.0, config.timeout)), verify=config.verify,
            headers={"Accept": "application/json", "User-Agent": "doc-context"}, transport=transport,
            limits=httpx.Limits(max_connections=max_connections))

    def close(self) -> None:
        self._client.close()

    def check_credentials(self) -> str:
        """The display name of a known, non-anonymous user; anything else raises CredentialsRejected."""
        status, body = self._get("/rest/api/user/current", retry=False)
        if status in (401, 403):
            raise CredentialsRejected(f"Confluence rejected the credentials ({status}); check CONFLUENCE_EMAIL and "
                                      "CONFLUENCE_API_TOKEN (Cloud) or CONFLUENCE_PAT (Data Center). Not retried.")
        if status != 200 or not isinstance(body, dict):
            raise CredentialsRejected(f"Confluence credential check answered {status}; is CONFLUENCE_URL right?")
        if body.get("type") == "anonymous" or not (body.get("accountId") or body.get("username") or body.get("userKey")):
            raise CredentialsRejected("Confluence treated the token as an anonymous user: the token is wrong or expired")
        return str(body.get("displayName") or body.get("username") or body.get("accountId"))

    def fetch(self, ref: PageRef) -> Page:
        if ref.page_id is not None:
            return self._by_id(ref, ref.page_id)
        if ref.kind == "space_home":
            return self._by_id(ref, self._home_page_id(ref.space_key or ""))
        return self._by_title(ref)

    def _by_id(self, ref: PageRef, page_id: int) -> Page:
        """One request: v2 pages or blogposts on Cloud (by what the link said), v1 content on Data Center."""
        if self.config.cloud:
            kind = "blogposts" if ref.kind == "blogpost" else "pages"
            status, body = self._get(f"/api/v2/{kind}/{int(page_id)}", {"body-format": "storage"})
            return self._page(ref, _check(status, body, ref), v2=True)
        status, body = self._get(f"/rest/api/content/{int(page_id)}", {"expand": "body.storage,version,space"})
        return self._page(ref, _check(status, body, ref), v2=False)

    def _by_title(self, ref: PageRef) -> Page:
        params = {"spaceKey": ref.space_key or "", "title": ref.title or "",
                  "type": "blogpost" if ref.kind == "blogpost" else "page", "expand": "body.storage,version,space"}
        if ref.posting_day:
            params["postingDay"] = ref.posting_day
        status, body = self._get("/rest/api/content", params)
        results = _check(status, body, ref).get("results") or []
        wanted = (ref.title or "").casefold()
        match = [r for r in results if str(r.get("title", "")).casefold() == wanted]
        exact = [r for r in match if r.get("title") == ref.title]
        if not match:
            raise ConfluenceError(f"no page titled '{ref.title}' in space {ref.space_key} (or no access to it)")
        return self._page(ref, (exact or match)[0], v2=False)

    def _home_page_id(self, space_key: str) -> int:
        if self.config.cloud:
            status, body = self._get("/api/v2/spaces", {"keys": space_key})
            results = _check(status, body, PageRef(kind="space_home", space_key=space_key)).get("results") or []
            home = results[0].get("homepageId") if results else None
        else:
            status, body = self._get("/rest/api/space", {"spaceKey": space_key, "expand": "homepage"})
            results = _check(status, body, PageRef(kind="space_home", space_key=space_key)).get("results") or []
            home = ((results[0].get("homepage") or {}).get("id")) if results else None
        if not str(home or "").isdigit():
            raise ConfluenceError(f"space {space_key} has no home page we can read")
        return int(str(home))

    def _page(self, ref: PageRef, body: dict[str, Any], *, v2: bool) -> Page:
        if body.get("status", "current") != "current":
            raise ConfluenceError(f"the page is {body.get('status')}, not current")
        storage = ((body.get("body") or {}).get("storage") or {}).get("value") or ""
        converted = storage_to_markdown(storage)
        links = body.get("_links") or {}
        space = (body.get("space") or {}).get("key", "") if not v2 else _space_from_webui(links.get("webui", ""))
        return Page(ref=ref, id=int(body.get("id") or 0), title=str(body.get("title") or ""), space_key=space,
                    version=int((body.get("version") or {}).get("number") or 0),
                    web_url=str(links.get("base") or self.config.api_base) + str(links.get("webui") or ""),
                    text=converted.text, degraded=converted.degraded)

    def _get(self, path: str, params: dict[str, str] | None = None, *, retry: bool = True) -> tuple[int, Any]:
        attempts = 1 + (self.config.retries if retry else 0)
        for attempt in range(attempts):
            try:
                status, headers, body = self._get_once(path, params)
            except httpx.TransportError as e:
                if attempt + 1 >= attempts:
                    raise ConfluenceError(f"Confluence did not answer ({type(e).__name__})") from e
                time.sleep(0.2 * 2 ** attempt)
                continue
            if status not in RETRY_STATUSES or attempt + 1 >= attempts:
                return status, body
            time.sleep(_retry_after(headers, attempt, self.config.max_retry_after))
        raise AssertionError("unreachable")

    def _get_once(self, path: str, params: dict[str, str] | None) -> tuple[int, httpx.Headers, Any]:
        with self._client.stream("GET", path, params=params) as response:
            if response.is_redirect:
                return response.status_code, response.headers, None  # never followed
            if int(response.headers.get("content-length") or 0) > MAX_RESPONSE_BYTES:
                raise ConfluenceError(f"the response is larger than {MAX_RESPONSE_BYTES} bytes")
            data = bytearray()
            for chunk in response.iter_bytes():
                data += chunk
                if len(data) > MAX_RESPONSE_BYTES:
                    raise ConfluenceError(f"the response is larger than {MAX_RESPONSE_BYTES} bytes")
            try:
                body = json.loads(data) if data else None
            except ValueError:
                body = None
            return response.status_code, response.headers, body


def _check(status: int, body: Any, ref: PageRef) -> dict[str, Any]:
    if status == 200 and isinstance(body, dict):
        return body
    reasons = {401: "credentials rejected", 403: "no permission to read it", 404: "not found, or no access to it"}
    if status == 200:
        raise ConfluenceError("Confluence answered with a body that is not JSON")
    reason = reasons.get(status) or ("redirected; not followed" if 300 <= status < 400 else f"HTTP {status}")
    raise ConfluenceError(reason)


def _retry_after(headers: httpx.Headers, attempt: int, cap: float) -> float:
    value = headers.get("retry-after", "")
    seconds = float(value) if value.replace(".", "", 1).isdigit() else 0.5 * 2 ** attempt
    return max(0.0, min(seconds, cap))


def _space_from_webui(webui: str) -> str:
    parts = webui.strip("/").split("/")
    return parts[1] if len(parts) > 1 and parts[0] == "spaces" else ""


def basic(user: str, token: str) -> httpx.Auth:
    return httpx.BasicAuth(user, token)


class BearerAuth(httpx.Auth):
    def __init__(self, token: str) -> None:
        self._token = token

    def auth_flow(self, request: httpx.Request):  # type: ignore[no-untyped-def]
        request.headers["Authorization"] = f"Bearer {self._token}"
        yield request
