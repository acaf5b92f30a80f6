"""A fake Azure DevOps organization on loopback that the real azure-devops SDK (v7_1 clients) talks to.

    ado = FakeAzureDevOps("fabrikam")            # base_url http://127.0.0.1:PORT/fabrikam
    build = ado.add_token("tok", "Fabrikam Build Service (fabrikam)")
    project = ado.add_project("Fabrikam Fiber"); repo = ado.add_repository(project, "storefront")
    pr = ado.add_pull_request(repo, "Fix rounding", work_item_ids=[101], iterations=[["/src/a.py"]])
    ado.add_work_item(work_item(101, "Bug", "Totals off by a cent"))
    with ado: ...                                # serve; then ado.threads(pr.id), ado.requests(...)

Discovery (OPTIONS /_apis with the real 820 locations, ResourceAreas pointing back here), api-version
from the Accept header, Basic/Bearer tokens, WrappedException errors: see ado_routes for the routes.
"""

from __future__ import annotations

import copy
import json
import ssl
import threading
from collections.abc import Iterable, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from .ado_access import Call, check_version, fault, no_route, request_token, unauthorized
from .ado_git import GitObjects
from .ado_lookups import Lookups
from .ado_routes import AREAS, Route, build_routes, match
from .ado_state import (
    Change,
    Clock,
    Grant,
    Identity,
    Iteration,
    Project,
    PullRequest,
    Repository,
    ServiceError,
    render_thread,
    stable_guid,
)
from .ado_story import StoryStore
from .ado_wiki import WikiStore
from .ado_workitems import WorkItemStore, relation, work_item
from .server import RecordingServer, Reply, Request

__all__ = ["FakeAzureDevOps", "Identity", "relation", "work_item"]


@lru_cache(maxsize=1)
def _real_locations() -> tuple[dict[str, Any], ...]:
    """ApiResourceLocations from a real dev.azure.com OPTIONS /_apis answer (Jan 2025, 820 entries)."""
    text = resources.files(__package__).joinpath("data").joinpath("ado-locations.json").read_text(encoding="utf-8")
    return tuple(json.loads(text))


class FakeAzureDevOps(Lookups, RecordingServer):
    """One organization, `org`, at http://127.0.0.1:PORT/{org}."""

    def __init__(
        self,
        org: str = "fabrikam",
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        fault_timeout_s: float = 3.0,
        max_comment_chars: int = 150_000,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        super().__init__(host, port, fault_timeout_s=fault_timeout_s, tls=tls)
        self.org = org
        self.max_comment_chars = max_comment_chars
        self.instance_id = stable_guid("org", org)
        self.locations: list[dict[str, Any]] = [dict(loc) for loc in _real_locations()]  # flat: a copy each
        self.clock = Clock()
        self.work_items = WorkItemStore()
        self.story = StoryStore()  # ado_story.py: the projects' types and states, the work items' comments
        self.wikis = WikiStore()  # ado_wiki.py: wikis, their pages, who may not read them
        self.git = GitObjects()  # ado_git.py: the files at each pull request's merge commit and its first parent
        # Whether POST {org}/_apis/wit/workitemsbatch (no project) answers with the items of every project the
        # caller may read (the claim the client relies on, unverified against the live service), or, the other
        # way it could be, resolves no item without a project (each comes back missing).
        self.org_batch: Literal["every-project", "project-required"] = "every-project"
        # Where the published specification is silent, both readings can be played:
        # a thread PATCH with properties merges them into the thread's, or replaces them all;
        self.thread_properties_patch: Literal["merge", "replace"] = "merge"
        # an item that a batch with errorPolicy Omit cannot return comes back as null, or is left out.
        self.omitted_items: Literal["null", "absent"] = "null"
        self._routes: list[Route] = build_routes(org)
        self._grants: dict[str, Grant] = {}
        self._projects: dict[str, Project] = {}
        self._repos: dict[str, Repository] = {}
        self._prs: dict[int, PullRequest] = {}
        self._next_thread = 1000
        self._state = threading.RLock()

    @property
    def base_url(self) -> str:
        return f"{self.origin}/{self.org}"

    # -- setup helpers (tests and the demo seed)
    def add_identity(
        self,
        display_name: str,
        *,
        id: str | None = None,
        unique_name: str = "",
    ) -> Identity:
        return Identity(id or stable_guid("identity", display_name), display_name, unique_name)

    def add_token(
        self,
        token: str,
        identity: Identity | str,
        *,
        read_only: bool = False,
        projects: Iterable[str] | None = None,
    ) -> Identity:
        """Accept `token` (Basic with any user, or Bearer) as `identity`; read_only: no thread writes;
        projects: the only projects whose work items it may read (a job token limited to the current project)."""
        who = identity if isinstance(identity, Identity) else self.add_identity(identity)
        scope = frozenset(p.casefold() for p in projects) if projects is not None else None
        with self._state:
            self._grants[token] = Grant(who, read_only, scope)
        return who

    def add_project(self, name: str, *, id: str | None = None) -> Project:
        project = Project(id or stable_guid("project", name), name)
        with self._state:
            self._projects[project.id] = project
        return project

    def add_repository(self, project: Project, name: str, *, id: str | None = None) -> Repository:
        repo = Repository(id or stable_guid("repo", project.id, name), name, project)
        with self._state:
            self._repos[repo.id] = repo
        return repo

    def add_pull_request(
        self,
        repository: Repository,
        title: str,
        *,
        pull_request_id: int | None = None,
        description: str = "",
        created_by: Identity | None = None,
        source_branch: str = "refs/heads/feature",
        target_branch: str = "refs/heads/main",
        status: str = "active",
        is_draft: bool = False,
        work_item_ids: Iterable[int] = (),
        iterations: Iterable[Sequence[Any]] = (),
    ) -> PullRequest:
        """iterations: one list of changes per push, each cumulative; a change is a path (an edit),
        (path, changeType) or (path, changeType, originalPath)."""
        author = created_by or self.add_identity("Jamal Hartnett", unique_name="jamal@fabrikam.example")
        with self._state:
            pr_id = pull_request_id or max(self._prs, default=0) + 1
            pr = PullRequest(
                pr_id,
                repository,
                title,
                description,
                author,
                self.clock.now(),
                source_branch,
                target_branch,
                status,
                is_draft,
                [int(i) for i in work_item_ids],
            )
            self._prs[pr_id] = pr
        for changes in iterations:
            self.add_iteration(pr_id, changes)
        return pr

    def add_iteration(
        self, pr_id: int, changes: Sequence[Any], *, description: str = "", author: Identity | None = None
    ) -> Iteration:
        with self._state:
            pr = self._prs[pr_id]
            n = len(pr.iterations) + 1
            parsed = [Change(c) if isinstance(c, str) else c if isinstance(c, Change) else Change(*c) for c in changes]
            it = Iteration(
                n,
                description or f"Iteration {n}",
                parsed,
                author or pr.created_by,
                self.clock.now(),
                "create" if n == 1 else "push",
            )
            pr.iterations.append(it)
        return it

    def link_work_items(self, pr_id: int, *ids: int) -> None:
        with self._state:
            self._prs[pr_id].work_item_ids.extend(ids)

    def add_work_item(self, raw: dict[str, Any], *, readable: bool = True) -> dict[str, Any]:
        """Store a raw work item ({id, rev, fields, relations, multilineFieldsFormat?}); see work_item()."""
        return self.work_items.add(raw, readable=readable)

    def set_unreadable(self, *ids: int, unreadable: bool = True) -> None:
        """These ids (stored or not) answer as missing: null with errorPolicy Omit, TF401232 otherwise."""
        self.work_items.set_unreadable(ids, unreadable)

    def work_item_url(self, wid: int) -> str:
        return f"{self.base_url}/_apis/wit/workItems/{wid}"

    def pull_request(self, pr_id: int) -> PullRequest:
        return self._prs[pr_id]

    def pull_requests(self) -> list[PullRequest]:
        with self._state:
            return list(self._prs.values())

    def threads(self, pr_id: int) -> list[dict[str, Any]]:
        """The PR's threads as the API renders them (copies)."""
        with self._state:
            return [render_thread(t) for t in self._prs[pr_id].threads]

    def add_thread(self, pr_id: int, raw: dict[str, Any]) -> dict[str, Any]:
        """Insert a thread as stored (e.g. a system thread, or one by someone else); id assigned if absent."""
        with self._state:
            thread = copy.deepcopy(raw)
            thread.setdefault("id", self.next_thread_id())
            thread.setdefault("publishedDate", self.clock.now())
            thread.setdefault("lastUpdatedDate", thread["publishedDate"])
            thread.setdefault("comments", [])
            thread.setdefault("properties", {})
            thread.setdefault("isDeleted", False)
            thread.setdefault("status", "unknown")
            self._prs[pr_id].threads.append(thread)
            return copy.deepcopy(thread)

    def set_thread_deleted(self, pr_id: int, thread_id: int, deleted: bool = True) -> None:
        with self._state:
            thread = self._prs[pr_id].thread(thread_id)
            if thread is None:
                raise KeyError(thread_id)
            thread["isDeleted"] = deleted
            for c in thread["comments"]:
                c["isDeleted"] = deleted

    def resource_areas(self) -> list[dict[str, Any]]:
        return [{"id": area, "name": name, "locationUrl": self.base_url + "/"} for area, name in AREAS]

    # -- lookups the route handlers use (they raise the service's errors): ado_lookups.py
    def next_thread_id(self) -> int:
        with self._state:
            self._next_thread += 1
            return self._next_thread

    # -- answering
    def handle_request(self, request: Request) -> Reply:
        route, params, path_known = match(self._routes, request.method, request.path)
        if route is None:
            return self._no_route(request, path_known)
        try:
            grant = self._grant(request) if route.auth else None
            if route.auth and grant is None:
                return unauthorized()
            if route.location_id:
                check_version(request, next(loc for loc in self.locations if loc["id"] == route.location_id))
            with self._state:
                project = self.project_for(params["project"]) if "project" in params else None
                result = route.handler(self, Call(request, params, grant, project))
        except ServiceError as e:
            return Reply.json(e.body(), e.status)
        return result if isinstance(result, Reply) else Reply.json(result)

    def fault_reply(self, status: int) -> Reply:
        return fault(status)

    def _no_route(self, request: Request, path_known: bool) -> Reply:
        return no_route(request, path_known)

    def _grant(self, request: Request) -> Grant | None:
        token = request_token(request)
        with self._state:
            return self._grants.get(token) if token is not None else None
