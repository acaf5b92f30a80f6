"""A fake Confluence (Cloud or Data Center) on loopback, answering the REST calls our client makes.

    wiki = FakeConfluence("cloud")                      # API base: wiki.api_base = base_url + "/wiki"
    wiki.add_user("dev@fabrikam.example", "api-token", display_name="Dev")
    wiki.add_space("PAY", "Payments"); wiki.add_page(2883616774, "Rounding policy", "PAY", "<p>…</p>")
    FakeConfluence("datacenter", context_path="/confluence", anonymous_on_bad_token=True)
    FakeConfluence("datacenter", tls=ssl_context)        # https://127.0.0.1:PORT, with the context's certificate

Cloud: Basic email:api_token, REST v2 (/wiki/api/v2/...) and v1 (/wiki/rest/api/...). A scoped token
    (add_user(..., scopes={...})) works only through the API gateway path, wiki.gateway_base =
    origin + /ex/confluence/{cloudId}/wiki, and a request its scopes do not cover answers 401
    "Unauthorized; scope does not match" with X-Failure-Category: FAILURE_CLIENT_SCOPE_CHECK.
Through the gateway, the deprecated v1 content/{id} read answers 410 Gone, as Atlassian removed it there.
View restrictions (restrict_view, add_group): confluence_access.py.
Data Center: Bearer PAT (or Basic user:password), v1 only; a wrong PAT can pass as anonymous.
Browser paths (/x/CODE, /display/..., /spaces/...) answer 302: our client must never request them.
"""

from __future__ import annotations

import hashlib
import re
import ssl
import threading
from collections.abc import Iterable
from typing import Any, Literal
from urllib.parse import quote

from .confluence_access import Access, ViewRestriction
from .confluence_content import ANONYMOUS, Page, Renderer, Space, User, tiny_code
from .confluence_routes import V1_ROUTES, V2_ROUTES
from .confluence_signin import Rejected, SignIn
from .server import RecordingServer, Reply, Request

__all__ = ["FakeConfluence", "Page", "Space", "User", "is_restriction_read", "tiny_code"]

Mode = Literal["cloud", "datacenter"]
GONE = {"statusCode": 410, "message": "This deprecated endpoint has been removed", "reason": "Gone"}
CLOUD_ID = "a436116f-02ce-4520-8fbb-7301462a1674"


class FakeConfluence(SignIn, RecordingServer):
    """One Confluence site: users, spaces and pages in memory, served over REST v1 (and v2 on Cloud)."""

    def __init__(
        self,
        mode: Mode = "cloud",
        *,
        context_path: str | None = None,
        anonymous_on_bad_token: bool = False,
        captcha_after: int | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        fault_timeout_s: float = 3.0,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        super().__init__(host, port, fault_timeout_s=fault_timeout_s)
        self.tls = tls
        if tls is not None:  # every accepted connection does the TLS handshake first
            self._httpd.socket = tls.wrap_socket(self._httpd.socket, server_side=True)
        if mode not in ("cloud", "datacenter"):
            raise ValueError(f"mode is 'cloud' or 'datacenter', not {mode!r}")
        self.mode = mode
        self.context_path = ("/wiki" if mode == "cloud" else "") if context_path is None else context_path.rstrip("/")
        self.anonymous_on_bad_token = anonymous_on_bad_token  # DC with anonymous access on (CONFSERVER-98199)
        self.captcha_after = captcha_after  # DC: after N failed Basic logins every Basic login is denied
        self.failed_logins = 0
        self._users: list[User] = []
        self._spaces: dict[str, Space] = {}
        self._pages: dict[int, Page] = {}
        self._restricted: set[int] = set()
        self.v2_titles_case_sensitive = True  # undocumented; v1's title filter is exact-case (documented)
        self._state = threading.RLock()
        self.render = Renderer(self.api_base, self.context_path, self.cloud)
        self.access = Access(self)

    @property
    def origin(self) -> str:
        return f"{'https' if self.tls else 'http'}://127.0.0.1:{self.port}"

    @property
    def cloud(self) -> bool:
        return self.mode == "cloud"

    @property
    def api_base(self) -> str:
        """Where the REST APIs live: the site plus its context path (/wiki on Cloud)."""
        return self.origin + self.context_path

    @property
    def gateway_base(self) -> str:
        """Cloud: the API gateway's base for this site, where scoped tokens work (api.atlassian.com's shape)."""
        return f"{self.origin}/ex/confluence/{CLOUD_ID}/wiki"

    # -- setup helpers
    def add_user(
        self,
        name: str,
        secret: str,
        *,
        display_name: str,
        account_id: str = "",
        user_key: str = "",
        scopes: Iterable[str] | None = None,
    ) -> User:
        """Cloud: name = email, secret = API token (scoped: the scopes it was given). Data Center: name =
        username, secret = PAT (or password)."""
        d = hashlib.sha1(name.encode()).hexdigest()
        account = account_id or f"712020:{d[:8]}-{d[8:12]}-{d[12:16]}-{d[16:20]}-{d[20:32]}"
        granted = None if scopes is None else frozenset(scopes)
        user = User(name, secret, display_name, account, user_key or f"8a7f808a{d[:24]}", granted)
        with self._state:
            self._users.append(user)
        return user

    def add_space(
        self,
        key: str,
        name: str,
        *,
        id: int | None = None,
        homepage_id: int | None = None,
    ) -> Space:
        space = Space(key, id or 98000 + len(self._spaces) * 131, name, homepage_id)
        with self._state:
            self._spaces[key.upper()] = space
        return space

    def add_page(self, id: int, title: str, space_key: str, body: str, **details: Any) -> Page:
        """details: type ("page" | "blogpost"), version, status ("current" | "trashed"), created, parent_id."""
        page = Page(id, title, space_key, body, **details)
        with self._state:
            if space_key.upper() not in self._spaces:
                raise KeyError(f"add the space {space_key} first")
            self._pages[id] = page
        return page

    def page(self, page_id: int) -> Page:
        return self._pages[page_id]

    def find_page(self, page_id: int) -> Page | None:
        return self._pages.get(page_id)

    def add_group(self, name: str, *members: str) -> None:
        """A group of users (by name: Cloud the email, Data Center the username), for view restrictions."""
        with self._state:
            self.access.members.setdefault(name, set()).update(members)

    def restrict_view(self, page_id: int, *, users: Iterable[str] = (), groups: Iterable[str] = ()) -> None:
        """The page's own view restriction: only these users and groups see it, and everything below it."""
        with self._state:
            self.access.view[page_id] = ViewRestriction(list(users), list(groups))

    def user(self, name: str) -> User | None:
        return next((u for u in self._users if u.name == name), None)

    def restrict(self, *page_ids: int) -> None:
        """These pages exist but the caller may not see them: 404, as Confluence hides them."""
        with self._state:
            self._restricted.update(page_ids)

    def restriction_requests(self) -> list[Request]:
        """The reads of view restrictions alone (not a body read that also expands them)."""
        return [r for r in self.requests() if is_restriction_read(r)]

    def tiny_url(self, page_id: int) -> str:
        return f"{self.api_base}/x/{tiny_code(page_id)}"

    def api_requests(self) -> list[Request]:
        return [r for r in self.requests() if _is_api(self._rest(r.path))]

    def non_api_requests(self) -> list[Request]:
        """Browser URLs (tiny links, /display/, /spaces/...) requested: our client must never do that."""
        return [r for r in self.requests() if not _is_api(self._rest(r.path))]

    # -- answering
    def handle_request(self, request: Request) -> Reply:
        gateway = self._gateway_rest(request.path)
        rest = gateway if gateway is not None else self._rest(request.path)
        if rest is None:
            return Reply.text("<html><body>Not Found</body></html>", 404, "text/html;charset=UTF-8")
        if not _is_api(rest):
            return self._browser_redirect(rest)
        if request.method != "GET":
            return Reply.json({"statusCode": 405, "message": "Method Not Allowed"}, 405)
        for pattern, handler, scopes in V1_ROUTES + (V2_ROUTES if self.cloud else ()):
            m = re.fullmatch(pattern, rest)
            if m:
                try:
                    user = self.authenticate(request)
                    self.admit(user, scopes, via_gateway=gateway is not None)
                    if gateway is not None and re.fullmatch(r"/rest/api/content/\d+", rest):
                        return Reply.json(GONE, 410)
                    with self._state:
                        return handler(self, request, user, m.groupdict())
                except Rejected as e:
                    return e.reply
        return Reply.json({"statusCode": 404, "message": f"null for uri: {self.origin}{request.path}"}, 404)

    def _gateway_rest(self, path: str) -> str | None:
        prefix = self.gateway_base.removeprefix(self.origin)
        return path[len(prefix) :] if self.cloud and path.startswith(prefix + "/") else None

    def fault_reply(self, status: int) -> Reply:
        headers = {"Retry-After": "1"} if status in (429, 503) else {}
        return Reply.json({"statusCode": status, "message": f"Injected HTTP {status}"}, status, headers)

    def _rest(self, path: str) -> str | None:
        if self.context_path and not (path == self.context_path or path.startswith(self.context_path + "/")):
            return None
        return path[len(self.context_path) :] or "/"

    def _browser_redirect(self, rest: str) -> Reply:
        tiny = re.fullmatch(r"/x/([A-Za-z0-9_-]+)", rest)
        target = (
            f"{self.api_base}/pages/tinyurl.action?urlIdentifier={tiny.group(1)}"
            if tiny
            else f"{self.api_base}/login.action?os_destination={quote(rest, safe='')}"
        )
        return Reply(302, {"Location": target, "Content-Type": "text/html;charset=UTF-8"}, b"")

    # -- lookups for the handlers
    def visible(self, page: Page | None, user: User | None) -> Page | None:
        if page is None or user is ANONYMOUS or page.id in self._restricted:
            return None
        if not self.access.may_view(page, user):
            return None
        return page

    def space_of(self, page: Page) -> Space:
        return self._spaces[page.space_key.upper()]

    def space(self, key: str) -> Space | None:
        return self._spaces.get(key.upper())

    def pages(self) -> list[Page]:
        return list(self._pages.values())

    def spaces(self) -> list[Space]:
        return list(self._spaces.values())


def is_restriction_read(request: Request) -> bool:
    expand = request.query.get("expand", "")
    return (
        ("restrictions.read" in expand and "body.storage" not in expand)
        or "/restriction/byOperation/" in request.path
        or request.path.endswith("/ancestors")
        or (expand == "ancestors" and "/rest/api/content/" in request.path)
    )


def _is_api(rest: str | None) -> bool:
    """REST paths (/rest/..., and /api/... which only Cloud serves); anything else is a browser URL."""
    return rest is not None and rest.startswith(("/rest/", "/api/"))
