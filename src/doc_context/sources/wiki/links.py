"""Pure: the Azure DevOps wiki's link family: wiki page links on this run's organization -> WikiRefs.

The forms read (each a project wiki or a code wiki alike; the project and wiki by name or by id):

    {collection}/{project}/_wiki/wikis/{wiki}/{pageId}[/{Page-Slug}]      a page's address in the web UI
    {collection}/{project}/_wiki/wikis/{wiki}?pagePath=/A/B[&pageId=N][&wikiVersion=GBbranch]
    vstfs:///Wiki/WikiPage/{projectId}%2F{wikiId}%2F{A}%2F{B}             a work item's "Wiki page" link

{collection} is https://dev.azure.com/{org}, https://{org}.visualstudio.com (with or without
/DefaultCollection: the same organization), or an Azure DevOps Server collection URL
(https://host[:port]/{virtual directory}/{Collection}). A wiki link on any other organization or server is
never read (the run's credential is for its own); links_elsewhere names where it points instead.

Sources for the forms:
- Microsoft's Azure DevOps MCP server (github.com/microsoft/azure-devops-mcp): src/tools/wiki.ts parseWikiUrl
  reads ".../_wiki/wikis/{wikiIdentifier}?wikiVersion=GBmain&pagePath=%2FHome" and
  ".../_wiki/wikis/{wikiIdentifier}/{pageId}/Page-Title"; src/tools/work-items.ts writes a work item's wiki
  link as rel "ArtifactLink", attributes.name "Wiki Page", url
  "vstfs:///Wiki/WikiPage/{projectId}%2F{wikiId}%2F{path segments, each encoded, joined by %2F}".
- learn.microsoft.com, Artifact Link Types - List (REST): "ArtifactUris are either hyperlinks or in the format
  vstfs:///{toolType}/{artifactType}/{artifactId}"; Link types reference: the external link type "Wiki"
  (tool Wiki) links a work item to a wiki page.
- The published wiki 7.1 REST specification (MicrosoftDocs/vsts-rest-api-specs, specification/wiki/7.1):
  a page's remoteUrl is ".../{projectId}/_wiki/wikis/{wikiId}?pagePath=%2FSamplePage973".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, unquote, urlsplit

from doc_context.text.orgurl import Collection, host_of, split_collection

ARTIFACT = "vstfs:///wiki/wikipage/"
_ID = re.compile(r"[0-9]{1,9}")
_VERSION = re.compile(r"G[BTC].{1,250}")  # GB: a branch, GT: a tag, GC: a commit


@dataclass(frozen=True)
class WikiRef:
    """A wiki page named by a link: in a project's wiki (by name or id), by its id or by its path."""

    project: str
    wiki: str
    page_id: int | None = None
    path: str | None = None  # "/A/B", when no id was given
    version: str | None = None  # wikiVersion: "GBmain" (a code wiki's branch); None: the wiki's default

    @property
    def key(self) -> tuple[object, ...]:
        """The same page behind different links compares equal: by id, or by its path (and version)."""
        where = ("wiki", self.project.casefold(), self.wiki.casefold())
        if self.page_id is not None:
            return (*where, "id", self.page_id)
        return (*where, "path", (self.path or "/").casefold(), (self.version or "").casefold())

    def describe(self) -> str:
        page = f"wiki page {self.page_id}" if self.page_id is not None else f"wiki page {self.path}"
        return f"{page} in {self.wiki}"


@dataclass(frozen=True)
class WikiLinks:
    """The wiki's link family (models.LinkFamily): pages on the run's own organization."""

    collection: Collection

    @property
    def name(self) -> str:
        return "wiki"

    def resolve(self, url: str) -> WikiRef | None:
        url = url.strip()
        if url[: len(ARTIFACT)].lower() == ARTIFACT:
            return _artifact(url[len(ARTIFACT) :])
        try:
            parts = urlsplit(url)
            below = self.collection.below(parts)
        except ValueError:  # a malformed authority or port
            return None
        return _page(below, parts.query) if below is not None else None

    def elsewhere(self, url: str) -> str | None:
        """For a wiki link on another organization or server, where it points (its organization); else None."""
        try:
            parts = urlsplit(url.strip())
            where = host_of(parts)
            if self.collection.below(parts) is not None or where is None:
                return None
        except ValueError:
            return None
        segments = [s for s in parts.path.split("/") if s]
        lowered = [s.casefold() for s in segments]
        if "_wiki" not in lowered:
            return None
        try:
            collection, _ = split_collection(where[1], segments[: lowered.index("_wiki")], "_wiki", named=True)
        except ValueError:
            return None
        return f"{parts.scheme.lower()}://{parts.netloc.lower()}" + "".join(f"/{s}" for s in collection)

    def is_wiki_link(self, url: str) -> bool:
        """A link into a wiki of this organization, a page or not (a wiki's home, its page list)."""
        try:
            below = self.collection.below(urlsplit(url.strip()))
        except ValueError:
            return False
        return below is not None and [s.casefold() for s in below[1:2]] == ["_wiki"]


def _page(below: list[str], query: str) -> WikiRef | None:
    """{project}/_wiki/wikis/{wiki}[/{pageId}[/{slug}]][?pagePath=&pageId=&wikiVersion=]"""
    if len(below) < 4 or [s.casefold() for s in below[1:3]] != ["_wiki", "wikis"]:
        return None
    project, wiki, rest = below[0].strip(), below[3].strip(), below[4:]
    params = dict(reversed(parse_qsl(query)))  # the first value wins
    given = params.get("wikiVersion", "").strip()
    version = given if _VERSION.fullmatch(given) else None
    if not project or not wiki:
        return None
    if rest:  # /{pageId}/{slug}: the slug is the title, the id names the page
        return WikiRef(project, wiki, page_id=int(rest[0])) if _ID.fullmatch(rest[0]) and int(rest[0]) else None
    if _ID.fullmatch(params.get("pageId", "")) and int(params["pageId"]):
        return WikiRef(project, wiki, page_id=int(params["pageId"]))  # an id names one page in every version
    path = params.get("pagePath", "").strip()
    return WikiRef(project, wiki, path=normal_path(path), version=version) if path.strip("/") else None


def _artifact(rest: str) -> WikiRef | None:
    """{projectId}%2F{wikiId}%2F{page path}: one encoded string, its separators encoded too."""
    segments = unquote(rest.split("?", 1)[0]).split("/")
    if len(segments) < 3 or not segments[0].strip() or not segments[1].strip() or not "".join(segments[2:]).strip():
        return None
    return WikiRef(segments[0].strip(), segments[1].strip(), path=normal_path("/".join(segments[2:])))


def normal_path(path: str) -> str:
    """A page path as the API takes it: one leading slash, none at the end."""
    return "/" + "/".join(s for s in path.strip().split("/") if s)
