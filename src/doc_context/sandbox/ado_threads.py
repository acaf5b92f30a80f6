"""Pull request comment threads and their comments: list, create, read, update, reply, delete."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ado_access import Call, json_body
from .ado_state import COMMENT_TYPES, THREAD_STATUSES, ServiceError, enum_name, render_thread, typed_property, wrap
from .server import Reply

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

ARGUMENT = "System.ArgumentException, mscorlib"


def threads(ado: FakeAzureDevOps, call: Call) -> Any:
    return wrap([render_thread(t) for t in ado.pull_request_for(call).threads])


def thread(ado: FakeAzureDevOps, call: Call) -> Any:
    return render_thread(ado.thread_for(call)[1])


def create_thread(ado: FakeAzureDevOps, call: Call) -> Any:
    pr = ado.pull_request_for(call)
    ado.require_write(call)
    body = json_body(call)
    now = ado.clock.now()
    new: dict[str, Any] = {
        "id": ado.next_thread_id(),
        "publishedDate": now,
        "lastUpdatedDate": now,
        "comments": [],
        "status": _status(body.get("status") or "unknown"),
        "threadContext": body.get("threadContext"),
        "properties": {k: typed_property(v) for k, v in (body.get("properties") or {}).items()},
        "isDeleted": False,
    }
    if body.get("pullRequestThreadContext") is not None:
        new["pullRequestThreadContext"] = body["pullRequestThreadContext"]
    new["_links"] = {
        "self": {"href": f"{pr.url(ado.base_url)}/threads/{new['id']}"},
        "repository": {"href": pr.repository.json(ado.base_url)["url"]},
    }
    for sent in body.get("comments") or []:
        new["comments"].append(_new_comment(ado, call, new, sent, now))
    pr.threads.append(new)
    return render_thread(new)


def update_thread(ado: FakeAzureDevOps, call: Call) -> Any:
    _, found = ado.thread_for(call)
    ado.require_write(call)
    body = json_body(call)
    if "status" in body and body["status"] is not None:
        found["status"] = _status(body["status"])
    if ado.thread_properties_patch == "replace" and body.get("properties") is not None:
        found["properties"] = {}
    for key, value in (body.get("properties") or {}).items():  # merged; null removes a key
        if value is None:
            found["properties"].pop(key, None)
        else:
            found["properties"][key] = typed_property(value)
    if isinstance(body.get("isDeleted"), bool):
        found["isDeleted"] = body["isDeleted"]
    found["lastUpdatedDate"] = ado.clock.now()
    return render_thread(found)


def comments(ado: FakeAzureDevOps, call: Call) -> Any:
    return wrap(render_thread(ado.thread_for(call)[1])["comments"])


def comment(ado: FakeAzureDevOps, call: Call) -> Any:
    return dict(ado.comment_for(call)[1])


def create_comment(ado: FakeAzureDevOps, call: Call) -> Any:
    _, found = ado.thread_for(call)
    ado.require_write(call)
    now = ado.clock.now()
    new = _new_comment(ado, call, found, json_body(call), now)
    found["comments"].append(new)
    found["lastUpdatedDate"] = now
    return dict(new)


def update_comment(ado: FakeAzureDevOps, call: Call) -> Any:
    found, target = ado.comment_for(call)
    ado.require_author(call, target)
    body = json_body(call)
    now = ado.clock.now()
    if "content" in body:
        target["content"] = ado.check_content(body["content"])
        target["lastContentUpdatedDate"] = now
    target["lastUpdatedDate"] = found["lastUpdatedDate"] = now
    return dict(target)


def delete_comment(ado: FakeAzureDevOps, call: Call) -> Any:
    found, target = ado.comment_for(call)
    ado.require_author(call, target)
    target["isDeleted"] = True
    found["lastUpdatedDate"] = ado.clock.now()
    found["isDeleted"] = all(c.get("isDeleted") for c in found["comments"])
    return Reply(200)


def _new_comment(ado: FakeAzureDevOps, call: Call, owner: dict[str, Any], sent: Any, now: str) -> dict[str, Any]:
    if not isinstance(sent, dict):
        raise ServiceError(400, "A comment must be an object.", "ArgumentException", ARGUMENT)
    assert call.grant is not None
    ctype = enum_name(sent.get("commentType", "text"), COMMENT_TYPES)
    if ctype is None:
        raise ServiceError(
            400, f"The value '{sent.get('commentType')}' is not a valid CommentType.", "ArgumentException", ARGUMENT
        )
    cid = max((c["id"] for c in owner["comments"]), default=0) + 1
    new: dict[str, Any] = {
        "id": cid,
        "parentCommentId": int(sent.get("parentCommentId") or 0),
        "author": call.grant.identity.ref(ado.base_url),
        "publishedDate": now,
        "lastUpdatedDate": now,
        "lastContentUpdatedDate": now,
        "commentType": ctype,
        "usersLiked": [],
        "_links": {"self": {"href": f"{owner.get('_links', {}).get('self', {}).get('href', '')}/comments/{cid}"}},
    }
    if sent.get("content") is not None:
        new["content"] = ado.check_content(sent["content"])
    return new


def _status(value: Any) -> str:
    name = enum_name(value, THREAD_STATUSES)
    if name is None:
        raise ServiceError(
            400, f"The value '{value}' is not a valid CommentThreadStatus.", "ArgumentException", ARGUMENT
        )
    return name
