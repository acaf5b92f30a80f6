"""Work items as the service serves them: batch and list semantics, field filters, expand, errorPolicy."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .ado_state import ServiceError

MAX_IDS = 200
EXPANDS = ("none", "relations", "fields", "links", "all")
WIT_EXCEPTION = "Microsoft.TeamFoundation.WorkItemTracking.Server.{0}, Microsoft.TeamFoundation.WorkItemTracking.Server"


def work_item(
    id: int,
    type: str,
    title: str,
    *,
    state: str = "Active",
    rev: int = 1,
    fields: dict[str, Any] | None = None,
    relations: Iterable[dict[str, Any]] = (),
    project: str = "Fabrikam Fiber",  # the demo's project (seed.py): the PR's own
    markdown_fields: Iterable[str] = (),
) -> dict[str, Any]:
    """A raw work item with the system fields the service always fills in."""
    raw: dict[str, Any] = {
        "id": id,
        "rev": rev,
        "fields": {
            "System.Id": id,
            "System.AreaPath": project,
            "System.TeamProject": project,
            "System.IterationPath": project,
            "System.WorkItemType": type,
            "System.State": state,
            "System.Reason": "New" if state == "New" else "Moved to state " + state,
            "System.CreatedDate": "2025-10-06T08:30:00.000Z",
            "System.ChangedDate": "2025-10-20T14:05:00.000Z",
            "System.CommentCount": 0,
            "System.Title": title,
            **(fields or {}),
        },
        "relations": list(relations),
    }
    markdown = list(markdown_fields)
    if markdown:
        raw["multilineFieldsFormat"] = {name: "markdown" for name in markdown}
    return raw


def relation(rel: str, url: str, **attributes: Any) -> dict[str, Any]:
    return {"rel": rel, "url": url, "attributes": attributes}


class WorkItemStore:
    """Raw work items by id, plus the ids the caller may not read."""

    def __init__(self) -> None:
        self._items: dict[int, dict[str, Any]] = {}
        self._unreadable: set[int] = set()
        self._lock = threading.Lock()

    def add(self, raw: dict[str, Any], *, readable: bool = True) -> dict[str, Any]:
        item = copy.deepcopy(raw)
        item.setdefault("rev", 1)
        item.setdefault("fields", {})
        with self._lock:
            self._items[int(item["id"])] = item
            if not readable:
                self._unreadable.add(int(item["id"]))
        return item

    def set_unreadable(self, ids: Iterable[int], unreadable: bool = True) -> None:
        with self._lock:
            (self._unreadable.update if unreadable else self._unreadable.difference_update)(int(i) for i in ids)

    def update(self, id: int, fields: dict[str, Any]) -> None:
        """Edit an item's fields as a person would: a new revision."""
        with self._lock:
            item = self._items[int(id)]
            item["fields"].update(fields)
            item["rev"] = int(item.get("rev", 1)) + 1

    def raw(self, id: int) -> dict[str, Any] | None:
        with self._lock:
            item = self._items.get(id)
            return copy.deepcopy(item) if item is not None else None

    def get_many(
        self,
        ids: Sequence[int],
        *,
        fields: Sequence[str] | None,
        expand: str | None,
        error_policy: str | None,
        base_url: str,
        visible: Callable[[dict[str, Any]], bool] = lambda item: True,
        omitted: str = "null",
    ) -> list[dict[str, Any] | None]:
        """What workItemsBatch and workItems?ids= answer; ServiceError for what the service refuses.

        visible: whether this call may see a stored item (its project, the caller's scope); one it may not
        answers as missing, like one that does not exist; omitted: how a missing one answers under
        errorPolicy Omit, "null" in its place or "absent" from the list (the spec does not say).
        """
        if not ids:
            raise ServiceError(
                400,
                "Value cannot be null.\r\nParameter name: ids",
                "ArgumentNullException",
                "System.ArgumentNullException, mscorlib",
            )
        if len(ids) > MAX_IDS:
            raise ServiceError(
                400,
                f"The maximum number of work items that can be requested is {MAX_IDS}. {len(ids)} were requested.",
                "ArgumentException",
                "System.ArgumentException, mscorlib",
            )
        mode = _expand(expand)
        if fields and mode != "none":
            raise ServiceError(
                400,
                "The expand parameter can not be used with the fields parameter.",
                "ArgumentException",
                "System.ArgumentException, mscorlib",
            )
        omit = (error_policy or "fail").lower() == "omit"
        out = []
        for wid in ids:
            item = self._readable(wid)
            item = item if item is not None and visible(item) else None
            if item is None and not omit:
                raise _not_readable(wid)
            if item is not None or omitted == "null":
                out.append(None if item is None else render(item, base_url, fields=fields, expand=mode))
        return out

    def get_one(
        self,
        wid: int,
        *,
        fields: Sequence[str] | None,
        expand: str | None,
        base_url: str,
        visible: Callable[[dict[str, Any]], bool] = lambda item: True,
    ) -> dict[str, Any]:
        got = self.get_many([wid], fields=fields, expand=expand, error_policy=None, base_url=base_url, visible=visible)
        return got[0] or {}

    def readable(self, wid: int) -> bool:
        return self._readable(wid) is not None

    def _readable(self, wid: int) -> dict[str, Any] | None:
        with self._lock:
            return None if wid in self._unreadable else self._items.get(wid)


def render(item: dict[str, Any], base_url: str, *, fields: Sequence[str] | None, expand: str) -> dict[str, Any]:
    """One work item on the wire: empty fields absent, relations and links only when expanded."""
    wanted = {f.lower() for f in fields} if fields else None
    out: dict[str, Any] = {
        "id": item["id"],
        "rev": item["rev"],
        "fields": {
            k: copy.deepcopy(v)
            for k, v in item["fields"].items()
            if v not in (None, "") and (wanted is None or k.lower() in wanted)
        },
    }
    if item.get("multilineFieldsFormat"):
        out["multilineFieldsFormat"] = dict(item["multilineFieldsFormat"])
    if expand in ("relations", "all") and item.get("relations"):
        out["relations"] = copy.deepcopy(item["relations"])
    url = f"{base_url}/_apis/wit/workItems/{item['id']}"
    if expand in ("links", "all"):
        out["_links"] = {
            "self": {"href": url},
            "workItemUpdates": {"href": url + "/updates"},
            "workItemRevisions": {"href": url + "/revisions"},
            "workItemComments": {"href": url + "/comments"},
            "html": {"href": f"{base_url}/_workitems/edit/{item['id']}"},
            "workItemType": {
                "href": f"{base_url}/_apis/wit/workItemTypes/{item['fields'].get('System.WorkItemType', '')}"
            },
            "fields": {"href": f"{base_url}/_apis/wit/fields"},
        }
    out["url"] = url
    return out


def _expand(value: str | None) -> str:
    mode = (value or "none").strip().lower()
    if mode not in EXPANDS:
        raise ServiceError(
            400,
            f"The value '{value}' is not valid for parameter '$expand'. Valid values are: "
            "None, Relations, Fields, Links, All.",
            "ArgumentException",
            "System.ArgumentException, mscorlib",
        )
    return mode


def _not_readable(wid: int) -> ServiceError:
    return ServiceError(
        404,
        f"TF401232: Work item {wid} does not exist, or you do not have permissions to read it.",
        "WorkItemUnauthorizedAccessException",
        WIT_EXCEPTION.format("WorkItemUnauthorizedAccessException"),
    )
