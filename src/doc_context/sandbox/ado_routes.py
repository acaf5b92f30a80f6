"""The Azure DevOps routes the v7_1 SDK clients call, each a small handler over the fake's state.

A handler takes (ado, call) and returns JSON (200) or a Reply, or raises ServiceError.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from . import ado_core, ado_git, ado_story, ado_wiki
from . import ado_threads as t
from .ado_access import Call, json_body
from .ado_state import ServiceError, change_entries, iteration_json, wrap

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

ARGUMENT = "System.ArgumentException, mscorlib"
Handler = Callable[["FakeAzureDevOps", Call], Any]


@dataclass(frozen=True)
class Route:
    method: str
    pattern: re.Pattern[str]
    location_id: str | None  # for the api-version check; None = no version needed
    handler: Handler
    auth: bool = True


def compile_route(org: str, template: str) -> re.Pattern[str]:
    """'{project?}/_apis/git/pullRequests/{pr:int}' -> a case-insensitive regex on the raw path."""
    parts = [f"/{re.escape(org)}"]
    for segment in template.split("/"):
        name = segment.strip("{}?").split(":")[0]
        if segment.endswith("?}"):
            parts.append(rf"(?:/(?P<{name}>[^/]+))?")
        elif segment.endswith(":int}"):
            parts.append(rf"/(?P<{name}>\d+)")
        elif segment.startswith("{"):
            parts.append(rf"/(?P<{name}>[^/]+)")
        else:
            parts.append("/" + re.escape(segment))
    return re.compile("".join(parts) + "/?", re.I)


def match(routes: list[Route], method: str, path: str) -> tuple[Route | None, dict[str, str], bool]:
    """(route, decoded params, whether the path exists for another method)."""
    path_known = False
    for route in routes:
        m = route.pattern.fullmatch(path)
        if m and route.method == method:
            return route, {k: unquote(v) for k, v in m.groupdict().items() if v is not None}, True
        path_known = path_known or m is not None
    return None, {}, path_known


# -- discovery and identity
def options(ado: FakeAzureDevOps, call: Call) -> Any:
    return wrap(ado.locations)


def resource_areas(ado: FakeAzureDevOps, call: Call) -> Any:
    areas = ado.resource_areas()
    wanted = call.params.get("areaId", "").lower()
    if not wanted:
        return wrap(areas)
    found = [a for a in areas if a["id"] == wanted]
    if not found:
        raise ServiceError(404, f"The resource area {wanted} was not found.", "ResourceAreaNotFoundException")
    return found[0]


def connection_data(ado: FakeAzureDevOps, call: Call) -> Any:
    assert call.grant is not None
    user = call.grant.identity
    who = {
        "id": user.id,
        "descriptor": f"Microsoft.TeamFoundation.ServiceIdentity;{user.id}",
        "subjectDescriptor": "svc." + user.id.replace("-", "")[:24],
        "providerDisplayName": user.display_name,
        "isActive": True,
        "properties": {"Account": {"$type": "System.String", "$value": user.unique_name or user.display_name}},
        "resourceVersion": 2,
        "metaTypeId": 255,
    }
    return {
        "authenticatedUser": who,
        "authorizedUser": dict(who),
        "instanceId": ado.instance_id,
        "deploymentId": ado.instance_id,
        "deploymentType": "hosted",
        "locationServiceData": {
            "serviceOwner": "00025394-6065-48ca-87d9-7f5672854ef7",
            "defaultAccessMappingMoniker": "PublicAccessMapping",
            "lastChangeId": 1,
            "lastChangeId64": 1,
        },
    }


# -- pull requests
def pull_request(ado: FakeAzureDevOps, call: Call) -> Any:
    pr = ado.pull_request_for(call)
    include = call.request.query.get("includeWorkItemRefs", "").lower() == "true"
    return pr.json(ado.base_url, work_item_refs=_refs(ado, pr.work_item_ids) if include else None)


def pull_request_work_items(ado: FakeAzureDevOps, call: Call) -> Any:
    return wrap(_refs(ado, ado.pull_request_for(call).work_item_ids))


def _refs(ado: FakeAzureDevOps, ids: list[int]) -> list[dict[str, str]]:
    return [{"id": str(i), "url": ado.work_item_url(i)} for i in ids]  # ResourceRef.id is a string


def iterations(ado: FakeAzureDevOps, call: Call) -> Any:
    pr = ado.pull_request_for(call)
    return wrap([iteration_json(pr, it, ado.base_url) for it in pr.iterations])


def iteration(ado: FakeAzureDevOps, call: Call) -> Any:
    pr = ado.pull_request_for(call)
    return iteration_json(pr, ado.iteration_for(pr, call), ado.base_url)


def iteration_changes(ado: FakeAzureDevOps, call: Call) -> Any:
    pr = ado.pull_request_for(call)
    entries = change_entries(pr, ado.iteration_for(pr, call))
    top = min(_int_query(call, "$top", 100), 2000)
    skip = _int_query(call, "$skip", 0)
    page = entries[skip : skip + top]
    more = skip + len(page) < len(entries)
    return {"changeEntries": page, "nextSkip": skip + len(page) if more else 0, "nextTop": top if more else 0}


def _int_query(call: Call, name: str, default: int) -> int:
    value = call.request.query.get(name)
    if value is None or value == "":
        return default
    if not value.isdigit():
        raise ServiceError(
            400, f"The value '{value}' is not valid for parameter '{name}'.", "ArgumentException", ARGUMENT
        )
    return int(value)


# -- work items
def _visible(ado: FakeAzureDevOps, call: Call) -> Callable[[dict[str, Any]], bool]:
    """Which stored items this call sees: under a project, that project's own; without one, every project's
    (or none, when the fake plays a service that needs a project); never beyond the token's project scope."""
    org_level = call.project is None
    scope = call.grant.projects if call.grant is not None else None

    def visible(item: dict[str, Any]) -> bool:
        project = str(item["fields"].get("System.TeamProject", "")).casefold()
        if org_level and ado.org_batch == "project-required":
            return False
        if call.project is not None and project != call.project.name.casefold():
            return False
        return scope is None or project in scope

    return visible


def work_items_batch(ado: FakeAzureDevOps, call: Call) -> Any:
    body = json_body(call)
    ids = body.get("ids") or []
    if not all(isinstance(i, int) for i in ids):
        raise ServiceError(400, "The ids must be integers.", "ArgumentException", ARGUMENT)
    return wrap(
        ado.work_items.get_many(
            ids,
            fields=body.get("fields"),
            expand=body.get("$expand"),
            error_policy=body.get("errorPolicy"),
            base_url=ado.base_url,
            visible=_visible(ado, call),
            omitted=ado.omitted_items,
        )
    )


def work_items_list(ado: FakeAzureDevOps, call: Call) -> Any:
    q = call.request.query
    if "id" in call.params:
        return ado.work_items.get_one(
            int(call.params["id"]),
            fields=_csv(q.get("fields")),
            expand=q.get("$expand"),
            base_url=ado.base_url,
            visible=_visible(ado, call),
        )
    raw_ids = _csv(q.get("ids")) or []
    if not all(i.isdigit() for i in raw_ids):
        raise ServiceError(
            400, f"The value '{q.get('ids')}' is not valid for parameter 'ids'.", "ArgumentException", ARGUMENT
        )
    return wrap(
        ado.work_items.get_many(
            [int(i) for i in raw_ids],
            fields=_csv(q.get("fields")),
            expand=q.get("$expand"),
            error_policy=q.get("errorPolicy"),
            base_url=ado.base_url,
            visible=_visible(ado, call),
        )
    )


GIT_NAMESPACE = "2e9eb7ed-3c0a-47d4-87c1-0ffdd275fd87"  # Git Repositories security namespace
PULL_REQUEST_CONTRIBUTE = 16384


def has_permissions(ado: FakeAzureDevOps, call: Call) -> Any:
    """Security/Permissions: one bool per token; a read-only grant lacks PullRequestContribute on Git."""
    tokens = (call.request.query.get("tokens") or "").split(call.request.query.get("delimiter") or ",")
    bits = int(call.params["permissions"])
    denied = (
        call.params["namespace"].lower() == GIT_NAMESPACE
        and bits & PULL_REQUEST_CONTRIBUTE
        and call.grant is not None
        and call.grant.read_only
    )
    return wrap([not denied for _ in tokens])


def _csv(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


_PR = "{project?}/_apis/git/repositories/{repo}/pullRequests/{pr:int}"
_THREADS = _PR + "/threads"
_COMMENTS = _THREADS + "/{thread:int}/comments"
ROUTES: tuple[tuple[str, str, str | None, Handler, bool], ...] = (
    ("OPTIONS", "_apis", None, options, False),
    ("GET", "_apis/ResourceAreas", "e81700f7-3be2-46de-8624-2eb35882fcaa", resource_areas, False),
    ("GET", "_apis/ResourceAreas/{areaId}", "e81700f7-3be2-46de-8624-2eb35882fcaa", resource_areas, False),
    ("GET", "_apis/connectionData", "00d9565f-ed9c-4a06-9a50-00e7896ccab4", connection_data, True),
    ("GET", "{project?}/_apis/git/pullRequests/{pr:int}", "01a46dea-7d46-4d40-bc84-319e7c260d99", pull_request, True),
    ("GET", _PR, "9946fd70-0d40-406e-b686-b4744cbbcc37", pull_request, True),
    ("GET", _PR + "/workitems", "0a637fcc-5370-4ce8-b0e8-98091f5f9482", pull_request_work_items, True),
    ("GET", _PR + "/iterations", "d43911ee-6958-46b0-a42b-8445b8a0d004", iterations, True),
    ("GET", _PR + "/iterations/{iteration:int}", "d43911ee-6958-46b0-a42b-8445b8a0d004", iteration, True),
    (
        "GET",
        _PR + "/iterations/{iteration:int}/changes",
        "4216bdcf-b6b1-4d59-8b82-c34cc183fc8b",
        iteration_changes,
        True,
    ),
    ("GET", _THREADS, "ab6e2e5d-a0b7-4153-b64a-a4efe0d49449", t.threads, True),
    ("POST", _THREADS, "ab6e2e5d-a0b7-4153-b64a-a4efe0d49449", t.create_thread, True),
    ("GET", _THREADS + "/{thread:int}", "ab6e2e5d-a0b7-4153-b64a-a4efe0d49449", t.thread, True),
    ("PATCH", _THREADS + "/{thread:int}", "ab6e2e5d-a0b7-4153-b64a-a4efe0d49449", t.update_thread, True),
    ("GET", _COMMENTS, "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", t.comments, True),
    ("POST", _COMMENTS, "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", t.create_comment, True),
    ("GET", _COMMENTS + "/{comment:int}", "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", t.comment, True),
    ("PATCH", _COMMENTS + "/{comment:int}", "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", t.update_comment, True),
    ("DELETE", _COMMENTS + "/{comment:int}", "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b", t.delete_comment, True),
    ("POST", "{project?}/_apis/wit/workItemsBatch", "908509b6-4248-4475-a1cd-829139ba419f", work_items_batch, True),
    ("GET", "{project?}/_apis/wit/workItems", "72c7ddf8-2cdc-4f60-90cd-ab71c14a399b", work_items_list, True),
    ("GET", "{project?}/_apis/wit/workItems/{id:int}", "72c7ddf8-2cdc-4f60-90cd-ab71c14a399b", work_items_list, True),
    (
        "GET",
        "_apis/permissions/{namespace}/{permissions:int}",
        "dd3b8bd6-c7fc-4cbd-929a-933d9c011c9d",
        has_permissions,
        True,
    ),
)


AREAS = (  # the resource areas the fake serves, each at the organization's own URL (ResourceAreas)
    ("4e080c62-fa21-4fbc-8fef-2a10a2b38049", "git"),
    ("5264459e-e5e0-4bd8-b118-0985e68a4ec5", "wit"),
    ("79134c72-4a58-4b42-976c-04e7115f32bf", "core"),
    (ado_wiki.WIKI_AREA, "wiki"),
)


def build_routes(org: str) -> list[Route]:
    return [
        Route(method, compile_route(org, template), location, handler, auth)
        for method, template, location, handler, auth in (
            *ROUTES,
            *ado_wiki.ROUTES,
            *ado_core.ROUTES,
            *ado_git.ROUTES,
            *ado_story.ROUTES,
        )
    ]
