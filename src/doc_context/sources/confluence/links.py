"""Pure: Confluence's link family, its one link parser: a URL -> the page it names on the configured site (PageRef),
the site URL that would cover a page link the site misses, whether a URL looks like a Confluence page on any host
(for links when no site is configured, or on another), and a page's canonical address (no title slug)."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import SplitResult, parse_qsl, unquote, unquote_plus, urlsplit

from doc_context.models import PageKind, PageRef

_ID = re.compile(r"[0-9]{1,19}")
_TINY = re.compile(r"[A-Za-z0-9_-]{1,11}")
_KEY = re.compile(r"~?[\w.@:+-]+")
_DATE = re.compile(r"([0-9]{4})/([0-9]{2})/([0-9]{2})")
_YEAR = re.compile(r"(?:19|20)[0-9]{2}")
_DEFAULT_PORT = {"http": 80, "https": 443}
# Atlassian Cloud sites (commercial, legacy, staging, US government); a Cloud custom domain needs
# CONFLUENCE_DEPLOYMENT=cloud.
CLOUD_SUFFIXES = (".atlassian.net", ".jira.com", ".jira-dev.com", ".atlassian-us-gov-mod.net", ".atlassian-us-gov.net")
_MAX_CONTEXT_DEPTH = 3  # segments of a context path we look through for a page route
_SLUG = re.compile(r"(/spaces/[^/?#]+/pages/\d+)/[^/?#]*$")  # Cloud's title slug: /pages/ID is the page


@dataclass(frozen=True)
class Site:
    """The configured Confluence site: links count only when they point here."""

    scheme: str
    host: str  # lower-case, IDNA
    port: int  # effective
    context_path: str  # "/wiki", "/confluence" or "", never a trailing slash
    is_cloud: bool

    @classmethod
    def from_url(cls, site_url: str, *, cloud: bool | None = None) -> Site:
        """The site at site_url; a Cloud site's root (https://acme.atlassian.net) means its /wiki.

        cloud: the deployment when it is known (CONFLUENCE_DEPLOYMENT); None decides by the host.
        """
        parts = urlsplit(site_url.strip())
        scheme = parts.scheme.lower()
        host = _idna(parts.hostname or "")
        if scheme not in _DEFAULT_PORT or not host or "@" in parts.netloc:
            raise ValueError(f"not a Confluence site URL: {site_url!r} (expected https://host[/path])")
        path = parts.path.rstrip("/") or ("/wiki" if is_cloud_host(host) else "")  # /wiki is certain there only
        return cls(
            scheme, host, parts.port or _DEFAULT_PORT[scheme], path, is_cloud_host(host) if cloud is None else cloud
        )

    @property
    def name(self) -> str:
        """The Confluence source's name: the site is its link family (models.LinkFamily)."""
        return "confluence"

    def resolve(self, url: str) -> PageRef | None:
        return resolve(url, self)

    @property
    def base_url(self) -> str:
        """scheme://host[:port]/context: where the site's REST APIs live unless an API base is configured."""
        port = "" if self.port == _DEFAULT_PORT[self.scheme] else f":{self.port}"
        host = f"[{self.host}]" if ":" in self.host else self.host  # an IPv6 literal
        return f"{self.scheme}://{host}{port}{self.context_path}"


def is_cloud_host(host: str) -> bool:
    return _idna(host).endswith(CLOUD_SUFFIXES)


def _idna(host: str) -> str:
    host = host.lower().rstrip(".")
    if host.isascii():
        return host
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return ""


def resolve(url: str, site: Site) -> PageRef | None:
    """The page a URL names, or None when it is not a Confluence page on exactly this site."""
    try:
        parts = urlsplit(url.strip())
        path = _site_path(parts, parts.port, site)
    except ValueError:  # a malformed authority or port
        return None
    segments = [s for s in (path or "").split("/") if s]
    handler = _ROUTES.get(segments[0]) if segments else None
    if handler is None:
        return None
    return handler(segments[1:], dict(reversed(parse_qsl(parts.query))))  # first value wins


def elsewhere_on_site(url: str, site: Site) -> str | None:
    """For a page link on the site's host that the site's context path misses (https://dc.acme.com/confluence/
    display/K/T with the site https://dc.acme.com, or the reverse), the site URL that would cover it; else None."""
    try:
        parts = urlsplit(url.strip())
        if resolve(url, site) is not None or not _on_host(parts, parts.port, site):
            return None
    except ValueError:
        return None
    segments = parts.path.split("/")[1:]
    for depth in range(min(len(segments), _MAX_CONTEXT_DEPTH + 1)):
        context = "".join("/" + s for s in segments[:depth])
        if context == "" and is_cloud_host(site.host):
            continue  # a Cloud site's root means its /wiki: suggesting it would go round in a circle
        if segments[depth] in _ROUTES and context != site.context_path:
            other = Site(site.scheme, site.host, site.port, context, site.is_cloud)
            if resolve(url, other) is not None:
                return other.base_url
    return None


def looks_like_page(url: str) -> bool:
    """The URL would name a Confluence page on a site at its own host, under any context path up to three segments
    deep: a Confluence link when no site is configured, or one on another host than the configured site's."""
    try:
        parts = urlsplit(url.strip())
        scheme, host, port = parts.scheme.lower(), _idna(parts.hostname or ""), parts.port
    except ValueError:
        return False
    if scheme not in _DEFAULT_PORT or not host:
        return False
    segments = parts.path.split("/")[1:]
    for depth in range(min(len(segments), _MAX_CONTEXT_DEPTH + 1)):
        if segments[depth] in _ROUTES:
            context = "".join("/" + s for s in segments[:depth])
            site = Site(scheme, host, port or _DEFAULT_PORT[scheme], context, is_cloud_host(host))
            if resolve(url, site) is not None:
                return True
    return False


def page_url(url: str) -> str:
    """A page's address as the comment links it: Cloud's /spaces/KEY/pages/ID without its title slug, which
    only lengthens it (the id is the page)."""
    return _SLUG.sub(r"\1", url)


def on_site(url: str, site: Site) -> bool:
    """The URL is below the site's context path (a page link or not)."""
    try:
        parts = urlsplit(url.strip())
        return _site_path(parts, parts.port, site) is not None
    except ValueError:
        return False


def _on_host(parts: SplitResult, port: int | None, site: Site) -> bool:
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORT or "@" in parts.netloc or "\\" in parts.netloc:
        return False
    if _idna(parts.hostname or "") != site.host:
        return False
    site_default = site.port == _DEFAULT_PORT[site.scheme]
    return (port or _DEFAULT_PORT[scheme]) == site.port or (port is None and site_default)


def _site_path(parts: SplitResult, port: int | None, site: Site) -> str | None:
    """The path below the context path, or None when the URL is not on the site."""
    if not _on_host(parts, port, site):
        return None
    ctx = site.context_path
    if ctx and parts.path != ctx and not parts.path.startswith(ctx + "/"):
        return None
    return parts.path[len(ctx) :]


def _page_id(text: str | None) -> int | None:
    if text is None or not _ID.fullmatch(text):
        return None
    pid = int(text)
    return pid if 0 < pid < 2**63 else None


def _space_key(segment: str) -> str | None:
    key = unquote(segment)
    return key if _KEY.fullmatch(key) else None


def _by_id(pid: int | None, kind: PageKind = "page") -> PageRef | None:
    return PageRef(kind=kind, page_id=pid) if pid is not None else None


def _spaces(seg: list[str], query: dict[str, str]) -> PageRef | None:
    if seg == ["viewspace.action"]:
        key = query.get("key")
        return PageRef(kind="space_home", space_key=key) if key and _KEY.fullmatch(key) else None
    key = _space_key(seg[0]) if seg else None
    rest = seg[1:]
    if key is None:
        return None
    if not rest or rest == ["overview"]:
        home = _by_id(_page_id(query.get("homepageId"))) if rest else None
        return home or PageRef(kind="space_home", space_key=key)
    kind, rest = rest[0], rest[1:]
    if kind in ("pages", "blog") and len(rest) == 2 and rest[0] in ("edit", "edit-v2"):
        return _by_id(_page_id(rest[1]), "page" if kind == "pages" else "blogpost")
    if kind == "pages" and 1 <= len(rest) <= 2:
        return _by_id(_page_id(rest[0]))
    if kind == "blog" and 4 <= len(rest) <= 5 and _DATE.fullmatch("/".join(rest[:3])):
        return _by_id(_page_id(rest[3]), "blogpost")
    if kind == "blog" and 1 <= len(rest) <= 2 and not _YEAR.fullmatch(rest[0]):
        listing = len(rest) == 2 and rest[1].isdecimal()  # /blog/{year}/{month}, not /blog/{id}/{Title}
        return None if listing else _by_id(_page_id(rest[0]), "blogpost")
    return None


def _pages(seg: list[str], query: dict[str, str]) -> PageRef | None:
    if seg == ["editpage.action"]:
        return _by_id(_page_id(query.get("pageId")))
    if seg == ["viewblogpost.action"]:
        return _by_id(_page_id(query.get("blogPostId", query.get("pageId"))), "blogpost")
    if seg != ["viewpage.action"]:
        return None
    if "pageId" in query:
        return _by_id(_page_id(query["pageId"]))
    key, title = query.get("spaceKey", ""), query.get("title", "").strip()
    return PageRef(space_key=key, title=title) if _KEY.fullmatch(key) and title else None


def _display(seg: list[str], query: dict[str, str]) -> PageRef | None:
    key = _space_key(seg[0]) if seg else None
    if key is None:
        return None
    if len(seg) == 1:
        return PageRef(kind="space_home", space_key=key)
    title = unquote_plus(seg[-1]).strip()
    if len(seg) == 2 and title:
        return PageRef(space_key=key, title=title)
    day = _DATE.fullmatch("/".join(seg[1:4]))
    if len(seg) == 5 and day and title:
        return PageRef(kind="blogpost", space_key=key, title=title, posting_day="-".join(day.groups()))
    return None


def _tiny(seg: list[str], query: dict[str, str]) -> PageRef | None:
    return _by_id(tiny_to_page_id(seg[0])) if len(seg) == 1 else None


_ROUTES: dict[str, Callable[[list[str], dict[str, str]], PageRef | None]] = {
    "spaces": _spaces,
    "pages": _pages,
    "display": _display,
    "x": _tiny,
}


def page_id_to_tiny(pid: int) -> str:
    """Confluence's tiny-link code for 0 < pid < 2**63: 8-byte little-endian base64, '/'->'-', '+'->'_'."""
    code = base64.b64encode(pid.to_bytes(8, "little")).decode().rstrip("=").rstrip("A")
    return code.replace("/", "-").replace("+", "_")


def tiny_to_page_id(code: str) -> int | None:
    """The page id behind a /x/CODE tiny link, or None for a code Confluence would not produce."""
    if not _TINY.fullmatch(code):
        return None
    padded = code.replace("-", "/").replace("_", "+").ljust(11, "A") + "="
    try:
        pid = int.from_bytes(base64.b64decode(padded, validate=True), "little")
    except ValueError:
        return None
    if not 0 < pid < 2**63 or page_id_to_tiny(pid) != code:
        return None
    return pid
