"""Pure: Jira's link family, its one link parser: an issue named by a `/browse/KEY-1` link on JIRA_URL, or by a
bare key in the pull request's own words (title, source branch, description) when its project is one of
JIRA_PROJECTS; and the `/browse/` links on other hosts, which are never requested.

An issue key is `<project key>-<number>`: a project key starts with a letter and holds letters, digits or `_`
(Data Center's rule; Cloud's is the same without `_`), at most 10 characters (Atlassian's Jira reference, §6 of
../shared/reference/jira.md). `SHA-256`, `UTF-8`, `ISO-8601` and `COVID-19` have that shape too, so a bare key
counts only for a listed project (the allowlist PR-Agent added after `SHA-256` cost a request, pr-agent#3303);
a branch's lower-case `feature/pay-482-x` matches, as Get issue reads keys ignoring case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

NAME = "jira"
PROJECT = re.compile(r"[A-Z][A-Z0-9_]{1,9}")
_KEY = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z][A-Za-z0-9_]{1,9})-([0-9]{1,9})(?![0-9A-Za-z])")
_WHOLE_KEY = re.compile(r"([A-Za-z][A-Za-z0-9_]{1,9})-([0-9]{1,9})")
_URL = re.compile(r"https?://[^\s<>\"')\]]+", re.I)
_BROWSE = re.compile(r"/browse/([^/?#]+)/?$")
_DEFAULT_PORT = {"http": 80, "https": 443}


@dataclass(frozen=True)
class IssueRef:
    """A Jira issue named by its key, upper case ("PAY-481")."""

    issue: str
    kind: str = "issue"  # what the context document calls it

    @property
    def key(self) -> tuple[object, ...]:
        return ("issue", self.issue)

    def describe(self) -> str:
        return f"jira issue {self.issue}"


def issue_key(text: str) -> str | None:
    """The issue key a whole text is ("pay-481" -> "PAY-481"), or None."""
    match = _WHOLE_KEY.fullmatch(text.strip())
    return f"{match.group(1).upper()}-{int(match.group(2))}" if match else None


def bare_keys(text: str, projects: Iterable[str]) -> list[str]:
    """The issue keys of the listed projects in a text, first seen first, each once; a key inside a URL is the
    URL's to say (a /browse/ link on another host is not this site's issue)."""
    allowed = {p.upper() for p in projects}
    if not allowed:
        return []
    found = (f"{m.group(1).upper()}-{int(m.group(2))}" for m in _KEY.finditer(_URL.sub(" ", text)))
    return list(dict.fromkeys(k for k in found if k.split("-")[0] in allowed))


@dataclass(frozen=True)
class JiraSite:
    """JIRA_URL: the site whose /browse/ links name its issues (models.LinkFamily)."""

    scheme: str
    host: str
    port: int
    path: str  # a Data Center context path ("/jira"), or ""
    projects: tuple[str, ...] = ()  # JIRA_PROJECTS: the projects a bare key may belong to

    @classmethod
    def from_url(cls, url: str, projects: Sequence[str] = ()) -> JiraSite:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORT or not parts.hostname:
            raise ValueError(f"not a Jira site URL: {url!r} (expected https://host[/path])")
        port = parts.port or _DEFAULT_PORT[scheme]
        return cls(scheme, parts.hostname.lower(), port, parts.path.rstrip("/"), tuple(p.upper() for p in projects))

    @property
    def name(self) -> str:
        return NAME

    @property
    def base_url(self) -> str:
        port = "" if self.port == _DEFAULT_PORT[self.scheme] else f":{self.port}"
        return f"{self.scheme}://{self.host}{port}{self.path}"

    def browse(self, key: str) -> str:
        """The issue's web address: {JIRA_URL}/browse/KEY."""
        return f"{self.base_url}/browse/{key}"

    def resolve(self, url: str) -> IssueRef | None:
        """The issue a /browse/ link on this site names; None for anything else."""
        parts = _parts(url)
        if parts is None or (parts[0], parts[1], parts[2]) != (self.scheme, self.host, self.port):
            return None
        path = parts[3]
        if self.path and not path.startswith(self.path + "/"):
            return None
        match = _BROWSE.fullmatch(path[len(self.path) :])
        key = issue_key(unquote(match.group(1))) if match else None
        return IssueRef(key) if key else None

    def keys(self, texts: Iterable[str]) -> list[str]:
        """The bare keys of JIRA_PROJECTS in the pull request's own words."""
        return list(dict.fromkeys(k for text in texts for k in bare_keys(text, self.projects)))


def looks_like_issue(url: str) -> bool:
    """A /browse/KEY-1 link on any host: a Jira issue, wherever it lives."""
    parts = _parts(url)
    match = _BROWSE.search(parts[3]) if parts else None
    return bool(match and issue_key(unquote(match.group(1))))


def _parts(url: str) -> tuple[str, str, int, str] | None:
    try:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORT or not parts.hostname:
            return None
        return scheme, parts.hostname.lower().rstrip("."), parts.port or _DEFAULT_PORT[scheme], parts.path
    except ValueError:
        return None
