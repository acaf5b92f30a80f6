"""Work item types with their states' categories, and work items' comments, as the service serves them.

Work Item Types - List (`{project}/_apis/wit/workitemtypes`) answers each type with `states` (name, color,
category) as the SDK's model reads them; `types_with_states = False` plays the published example, which has
none, so the client must ask Work Item Type States - List (`…/workitemtypes/{type}/states`). Comments - Get
Comments (`{project}/_apis/wit/workItems/{id}/comments`, 7.1-preview.4; the project is required) pages by
`$top` and an opaque continuationToken, newest first unless `order=asc`, deleted comments only with
`includeDeleted=true`; an unreadable item answers 404 TF401232 (azure-devops.md §10).
"""

from __future__ import annotations

import base64
import threading
from typing import TYPE_CHECKING, Any

from .ado_access import Call
from .ado_state import ServiceError, wrap
from .ado_workitems import WIT_EXCEPTION

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

P, A, R, C, X = "Proposed", "InProgress", "Resolved", "Completed", "Removed"
PROCESSES: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {  # Microsoft's table (azure-devops.md §10.3)
    "Agile": {
        "User Story": (("New", P), ("Active", A), ("Resolved", A), ("Closed", C), ("Removed", X)),
        "Task": (("New", P), ("Active", A), ("Closed", C), ("Removed", X)),
        "Bug": (("New", P), ("Active", A), ("Resolved", R), ("Closed", C)),
        "Feature": (("New", P), ("Active", A), ("Resolved", A), ("Closed", C), ("Removed", X)),
        "Epic": (("New", P), ("Active", A), ("Resolved", A), ("Closed", C), ("Removed", X)),
        "Spike": (("New", P), ("Active", A), ("Closed", C), ("Removed", X)),  # the demo's custom type
    },
    "Scrum": {
        "Product Backlog Item": (("New", P), ("Approved", P), ("Committed", A), ("Done", C), ("Removed", X)),
        "Task": (("To Do", P), ("In Progress", A), ("Done", C), ("Removed", X)),
        "Bug": (("New", P), ("Approved", P), ("Committed", A), ("Done", C), ("Removed", X)),
        "Impediment": (("Open", A), ("Closed", C)),
    },
    "CMMI": {
        "Requirement": (("Proposed", P), ("Active", A), ("Resolved", A), ("Closed", C), ("Removed", X)),
        "Task": (("Proposed", P), ("Active", A), ("Resolved", A), ("Closed", C), ("Removed", X)),
        "Bug": (("Proposed", P), ("Active", A), ("Resolved", R), ("Closed", C)),
        "Issue": (("Proposed", P), ("Active", A), ("Resolved", R), ("Closed", C)),
    },
    "Basic": {
        "Issue": (("To Do", P), ("Doing", A), ("Done", C)),
        "Task": (("To Do", P), ("Doing", A), ("Done", C)),
        "Epic": (("To Do", P), ("Doing", A), ("Done", C)),
    },
}
COLORS = {P: "b2b2b2", A: "007acc", R: "ff9d00", C: "339933", X: "ffffff"}


class StoryStore:
    """Each project's process (its types and their states) and each work item's comments, oldest first."""

    def __init__(self) -> None:
        self.processes: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {}  # project name (casefolded) ->
        self.comments: dict[int, list[dict[str, Any]]] = {}
        self.types_with_states = True
        self.refused: set[str] = set()  # projects whose types answer 403
        self.deleted_always = False  # answer deleted comments without includeDeleted (a service that ignores it)
        self._lock = threading.Lock()

    def add_comment(self, ado: FakeAzureDevOps, item: int, text: str, **fields: Any) -> dict[str, Any]:
        """A comment on `item`; fields: author (display name), date (ISO), deleted, format ("html", "markdown")."""
        with self._lock:
            number = sum(len(c) for c in self.comments.values()) + 100
            author = str(fields.get("author", "Jamal Hartnett"))
            who = {"displayName": author, "id": _guid(author), "uniqueName": author.split()[0].lower() + "@x.example"}
            date = str(fields.get("date", "2025-10-21T09:00:00Z"))
            raw = {"workItemId": item, "id": number, "version": 1, "text": text, "createdBy": who,
                   "createdDate": date, "modifiedBy": who, "modifiedDate": date,
                   "isDeleted": bool(fields.get("deleted", False)), "format": fields.get("format", "html"),
                   "url": f"{ado.base_url}/_apis/wit/workItems/{item}/comments/{number}"}  # fmt: skip
            self.comments.setdefault(item, []).append(raw)
            return raw


def _guid(name: str) -> str:
    from .ado_state import stable_guid

    return stable_guid("person", name)


def _types(ado: FakeAzureDevOps, call: Call) -> dict[str, tuple[tuple[str, str], ...]]:
    assert call.project is not None
    name = call.project.name.casefold()
    if name in ado.story.refused:
        raise ServiceError(403, "TF401027: You need the permission to view work item types.", "SecurityException")
    return ado.story.processes.get(name, PROCESSES["Agile"])


def work_item_types(ado: FakeAzureDevOps, call: Call) -> Any:
    out = []
    for name, states in _types(ado, call).items():
        kind: dict[str, Any] = {"name": name, "referenceName": "Custom." + name.replace(" ", ""), "isDisabled": False}
        if ado.story.types_with_states:
            kind["states"] = [_state(s, c) for s, c in states]
        out.append(
            kind | {"url": f"{ado.base_url}/{call.project.id if call.project else ''}/_apis/wit/workItemTypes/{name}"}
        )
    return wrap(out)


def work_item_type_states(ado: FakeAzureDevOps, call: Call) -> Any:
    wanted = call.params["type"].casefold()
    for name, states in _types(ado, call).items():
        if name.casefold() == wanted:
            return wrap([_state(s, c) for s, c in states])
    raise ServiceError(
        404, f"TF51535: Cannot find work item type {call.params['type']}.", "WorkItemTypeNotFoundException"
    )


def _state(name: str, category: str) -> dict[str, str]:
    return {"name": name, "color": COLORS[category], "category": category}


def comments(ado: FakeAzureDevOps, call: Call) -> Any:
    item = int(call.params["id"])
    raw = ado.work_items.raw(item)
    assert call.project is not None
    home = str((raw or {}).get("fields", {}).get("System.TeamProject", "")).casefold()
    if raw is None or not ado.work_items.readable(item) or home != call.project.name.casefold():
        raise ServiceError(
            404,
            f"TF401232: Work item {item} does not exist, or you do not have permissions to read it.",
            "WorkItemUnauthorizedAccessException",
            WIT_EXCEPTION.format("WorkItemUnauthorizedAccessException"),
        )
    q = call.request.query
    deleted = q.get("includeDeleted", "").lower() == "true" or ado.story.deleted_always
    listed = [c for c in ado.story.comments.get(item, []) if deleted or not c["isDeleted"]]
    if q.get("order", "desc").lower() != "asc":
        listed = listed[::-1]
    top = int(q.get("$top") or 200)
    start = int(base64.b64decode(q["continuationToken"]).decode()) if q.get("continuationToken") else 0
    page = listed[start : start + top]
    answer: dict[str, Any] = {"totalCount": len(listed), "count": len(page), "comments": page}
    if start + top < len(listed):
        token = base64.b64encode(str(start + top).encode()).decode()
        answer["continuationToken"] = token
        answer["nextPage"] = f"{ado.base_url}/_apis/wit/workItems/{item}/comments?continuationToken={token}"
    return answer


ROUTES = (
    ("GET", "{project}/_apis/wit/workitemtypes", "7c8d7a76-4a09-43e8-b5df-bd792f4ac6aa", work_item_types, True),
    (
        "GET",
        "{project}/_apis/wit/workitemtypes/{type}/states",
        "7c9d7a76-4a09-43e8-b5df-bd792f4ac6aa",
        work_item_type_states,
        True,
    ),
    ("GET", "{project}/_apis/wit/workItems/{id:int}/comments", "608aac0a-32e1-4493-a863-b9cf4566d257", comments, True),
)
