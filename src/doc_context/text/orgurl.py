"""Pure: where an Azure DevOps organization (Services) or collection (Server) is in a URL. The one reader of
their forms, for a PR's web address (prurl.py), a wiki link (sources/wiki/links.py) and a service hook's URL
(events.py):

    https://dev.azure.com/{org}                                   Azure DevOps Services
    https://{org}.visualstudio.com[/DefaultCollection]            the same organization, by its legacy address
    https://{server}[:port][/{virtual directory}]/{collection}    Azure DevOps Server (/tfs before 2019)

Sources (learn.microsoft.com): "Work with URLs in extensions and integrations" (dev.azure.com/{organization},
and the legacy {organization}.visualstudio.com, which the REST APIs accept alike) and the REST API reference
("instance": dev.azure.com/{organization}, or on a server {server:port}/tfs/{collection}, DefaultCollection by
default; Azure DevOps Server 2019 on may drop /tfs).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import SplitResult, unquote, urlsplit

from doc_context.text.urls import is_loopback

SERVICES = "dev.azure.com"
LEGACY = ".visualstudio.com"
DEFAULT_COLLECTION = "defaultcollection"
DEFAULT_PORT = {"http": 80, "https": 443}


def split_collection(host: str, before: list[str], area: str = "_git", *, named: bool = False) -> tuple[list[str], str]:
    """The path segments before a project's area (/_git/, /_wiki/) -> (the collection's segments in the path,
    the project or "" when the URL leaves it out: a repository named like its project); a ValueError saying the
    expected form when there is none. named: the area always follows its project (a wiki's)."""
    if any(not s for s in before):
        raise ValueError("its path has an empty segment ('//')")
    if host == SERVICES:
        if len(before) not in ((2,) if named else (1, 2)):
            raise ValueError(f"on dev.azure.com the path is /{{organization}}/{{project}}/{area}/…")
        return before[:1], before[1] if len(before) == 2 else ""
    if host.endswith(LEGACY):
        rest = before[1:] if before and before[0].lower() == DEFAULT_COLLECTION else before
        if len(rest) not in ((1,) if named else (0, 1)):
            raise ValueError(
                f"on {{organization}}.visualstudio.com the path is [/DefaultCollection]/{{project}}/{area}/…"
            )
        return [], rest[0] if rest else ""
    if len(before) < (2 if named else 1):
        raise ValueError(f"an Azure DevOps Server address names its collection before /{area}/")
    implied = not named and (
        len(before) == 1
        or (len(before) == 2 and (before[0].lower() == "tfs" or before[1].lower() == DEFAULT_COLLECTION))
    )
    return (before, "") if implied else (before[:-1], before[-1])


def api_org_url(url: str) -> str | None:
    """The organization URL of a REST URL (https://dev.azure.com/{org}/_apis/…, https://{org}.visualstudio.com/…;
    on loopback, the path before /_apis/); None for any other host, which names no organization we trust."""
    try:
        parts = urlsplit(url)
    except ValueError:  # "Invalid IPv6 URL" and the like: no org URL from it
        return None
    host = (parts.hostname or "").lower()
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme == "https" and host == SERVICES and segments:
        return f"https://{SERVICES}/{segments[0]}"
    if parts.scheme == "https" and host.endswith(LEGACY):
        return f"https://{host}"
    if parts.scheme == "http" and is_loopback(host) and "/_apis/" in parts.path:
        return f"http://{parts.netloc}{parts.path.split('/_apis/')[0]}"
    return None


def host_of(parts: SplitResult) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) URL, lower-case with the default port filled in; None for another
    scheme, user info or a backslash in the authority."""
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORT or "@" in parts.netloc or "\\" in parts.netloc or not parts.hostname:
        return None
    return scheme, parts.hostname.lower().rstrip("."), parts.port or DEFAULT_PORT[scheme]


@dataclass(frozen=True)
class Collection:
    """The run's organization (Azure DevOps Services) or collection (Azure DevOps Server): where its links live."""

    scheme: str
    host: str  # lower-case
    port: int
    path: tuple[str, ...]  # the collection's path segments, case-folded: ("fabrikam",), ("tfs", "defaultcollection")
    org: str  # the organization's name on Azure DevOps Services ("" on a server)

    @classmethod
    def from_url(cls, org_url: str) -> Collection:
        parts = urlsplit(org_url.strip())
        scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
        if scheme not in DEFAULT_PORT or not host or "@" in parts.netloc:
            raise ValueError(f"not an Azure DevOps organization URL: {org_url!r}")
        path = tuple(unquote(s).casefold() for s in parts.path.split("/") if s)
        org = path[0] if host == SERVICES and path else host.removesuffix(LEGACY) if host.endswith(LEGACY) else ""
        return cls(scheme, host, parts.port or DEFAULT_PORT[scheme], path, org)

    def below(self, parts: SplitResult) -> list[str] | None:
        """The URL's path segments after the collection's, or None when the URL is not in this collection."""
        segments = [unquote(s) for s in parts.path.split("/") if s]
        where = host_of(parts)
        if where is None:
            return None
        scheme, host, port = where
        if self.org:  # dev.azure.com/{org} and {org}.visualstudio.com[/DefaultCollection] are one organization
            if scheme != "https" or port != 443:
                return None
            if host == SERVICES and segments[:1] and segments[0].casefold() == self.org:
                return segments[1:]
            if host == self.org + LEGACY:
                return segments[1:] if segments[:1] and segments[0].casefold() == DEFAULT_COLLECTION else segments
            return None
        if (host, port) != (self.host, self.port) or (scheme != self.scheme and not is_loopback(host)):
            return None
        depth = len(self.path)
        return segments[depth:] if tuple(s.casefold() for s in segments[:depth]) == self.path else None
