"""The fake organization's wikis (project wikis and code wikis) and their pages, answered as the published wiki
7.1 REST API does (MicrosoftDocs/vsts-rest-api-specs, specification/wiki/7.1/wiki.json and its httpExamples).

    wiki = ado.wikis.add_wiki(project, "Fabrikam-Fiber.wiki")           a project wiki ("codeWiki": versions=)
    page_id = ado.wikis.add_page(wiki, "/Design/Split tender", markdown)
    ado.wikis.deny(wiki, token)                                         the token may not read that wiki

    GET {project}/_apis/wiki/wikis/{wikiIdentifier}/pages/{id}?includeContent=true       Pages - Get Page By Id
    GET {project}/_apis/wiki/wikis/{wikiIdentifier}/pages?path=/A&includeContent=true    Pages - Get Page
        (versionDescriptor.version and .versionType: a code wiki's branch)

The answer is a WikiPage (path, order, gitItemPath, subPages, url, remoteUrl, id, and content: "" unless
includeContent=true, as in the published examples), with an ETag header: the page's last commit, quoted.
The wiki is named by its name or its id, under its own project. A page that is not there answers 404
WikiPageNotFoundException ("Wiki page '/A' could not be found. Ensure that the path of the page is correct
and the page exists.", as the service answers: vsts-rest-api-specs issue 467, azure-devops-mcp issue 818);
a wiki that is not there, or that the caller may not read, 404 TF401019 GitRepositoryNotFoundException, as for
its repository (the wiki's permissions are its repository's).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from .ado_access import Call, request_token
from .ado_lookups import GIT
from .ado_state import Project, ServiceError, sha, stable_guid
from .server import Reply

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

WIKI_AREA = "bf7d82a0-8aa5-4613-94ef-6172a5ea01f3"  # azure.devops.v7_1.wiki.WikiClient.resource_area_identifier
WIKI = "Microsoft.TeamFoundation.Wiki.Server.{0}, Microsoft.TeamFoundation.Wiki.Server"


@dataclass
class Wiki:
    id: str
    name: str
    project: Project
    type: str = "projectWiki"  # or "codeWiki"
    versions: tuple[str, ...] = ("wikiMaster",)
    denied: set[str] = field(default_factory=set)  # tokens that may not read it


@dataclass
class WikiPage:
    id: int
    wiki: Wiki
    path: str
    content: str
    version: str  # the branch it is on
    commit: str


class WikiStore:
    def __init__(self) -> None:
        self._wikis: dict[str, Wiki] = {}
        self._pages: list[WikiPage] = []
        self._lock = threading.Lock()

    def add_wiki(
        self, project: Project, name: str, *, id: str | None = None, code: bool = False, versions: tuple[str, ...] = ()
    ) -> Wiki:
        wiki = Wiki(
            id or stable_guid("wiki", project.id, name),
            name,
            project,
            "codeWiki" if code else "projectWiki",
            versions or (("main",) if code else ("wikiMaster",)),
        )
        with self._lock:
            self._wikis[wiki.id] = wiki
        return wiki

    def add_page(self, wiki: Wiki, path: str, content: str, *, page_id: int | None = None, version: str = "") -> int:
        with self._lock:
            number = page_id or max((p.id for p in self._pages), default=0) + 1
            self._pages.append(
                WikiPage(number, wiki, path, content, version or wiki.versions[0], sha("wiki", number, content))
            )
        return number

    def deny(self, wiki: Wiki, token: str) -> None:
        with self._lock:
            wiki.denied.add(token)

    def wiki_for(self, call: Call, token: str | None) -> Wiki:
        wanted = call.params["wiki"].casefold()
        found = next(
            (
                w
                for w in self._wikis.values()
                if wanted in (w.id.casefold(), w.name.casefold()) and w.project == call.project
            ),
            None,
        )
        scope = call.grant.projects if call.grant is not None else None
        if found is None or token in found.denied or (scope is not None and found.project.name.casefold() not in scope):
            raise ServiceError(
                404,
                f"TF401019: The Git repository with name or identifier {call.params['wiki']} does not exist or you "
                "do not have permissions for the operation you are attempting.",
                "GitRepositoryNotFoundException",
                GIT.format("GitRepositoryNotFoundException"),
            )
        return found

    def page(self, wiki: Wiki, *, page_id: int | None = None, path: str = "", version: str = "") -> WikiPage:
        branch = version or wiki.versions[0]
        wanted = "/" + "/".join(s for s in path.split("/") if s)
        found = next(
            (
                p
                for p in self._pages
                if p.wiki is wiki
                and (p.id == page_id if page_id is not None else p.path.casefold() == wanted.casefold())
                and (page_id is not None or p.version == branch)
            ),
            None,
        )
        if found is None:
            shown = str(page_id) if page_id is not None else wanted
            raise ServiceError(
                404,
                f"Wiki page '{shown}' could not be found. Ensure that the path of the page is correct and the page "
                "exists.",
                "WikiPageNotFoundException",
                WIKI.format("WikiPageNotFoundException"),
            )
        return found


def page_json(ado: FakeAzureDevOps, page: WikiPage, content: bool) -> dict[str, Any]:
    """A WikiPage as the published examples show it: REST and web addresses by the project's and wiki's ids."""
    project, wiki, path = page.wiki.project.id, page.wiki.id, quote(page.path, safe="")
    return {
        "path": page.path,
        "order": 0,
        "gitItemPath": "".join("/" + s.replace("-", "%2D").replace(" ", "-") for s in page.path.split("/") if s)
        + ".md",
        "subPages": [],
        "url": f"{ado.base_url}/{project}/_apis/wiki/wikis/{wiki}/pages/{path}",
        "remoteUrl": f"{ado.base_url}/{project}/_wiki/wikis/{wiki}?pagePath={path}",
        "id": page.id,
        "content": page.content if content else "",
    }


def _answer(ado: FakeAzureDevOps, call: Call, page: WikiPage) -> Reply:
    content = call.request.query.get("includeContent", "").lower() == "true"
    return Reply.json(page_json(ado, page, content), headers={"ETag": f'"{page.commit}"'})


def page_by_id(ado: FakeAzureDevOps, call: Call) -> Any:
    wiki = ado.wikis.wiki_for(call, request_token(call.request))
    return _answer(ado, call, ado.wikis.page(wiki, page_id=int(call.params["id"])))


def page_by_path(ado: FakeAzureDevOps, call: Call) -> Any:
    wiki = ado.wikis.wiki_for(call, request_token(call.request))
    query = call.request.query
    if not query.get("path"):
        raise ServiceError(
            400, "The path of the page is required.", "ArgumentException", "System.ArgumentException, mscorlib"
        )
    kind = query.get("versionDescriptor.versionType", "branch").lower()
    if kind != "branch" and query.get("versionDescriptor.version"):
        raise ServiceError(400, f"The versionType '{kind}' is not served here.", "ArgumentException")
    version = query.get("versionDescriptor.version", "")
    return _answer(ado, call, ado.wikis.page(wiki, path=query["path"], version=version))


_WIKI = "{project}/_apis/wiki/wikis/{wiki}/pages"
ROUTES = (
    ("GET", _WIKI + "/{id:int}", "ceddcf75-1068-452d-8b13-2d4d76e1f970", page_by_id, True),
    ("GET", _WIKI, "25d3fbc7-fe3d-46cb-b5a5-0b6f79caf27b", page_by_path, True),
)
