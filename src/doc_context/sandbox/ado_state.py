"""What the fake Azure DevOps organization holds, and the wire JSON each thing renders to."""

from __future__ import annotations

import copy
import hashlib
import threading
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

THREAD_STATUSES = ("unknown", "active", "fixed", "wontFix", "closed", "byDesign", "pending")
COMMENT_TYPES = ("unknown", "text", "codeChange", "system")
CHANGE_TYPES = (
    "none",
    "add",
    "edit",
    "encoding",
    "rename",
    "delete",
    "undelete",
    "branch",
    "merge",
    "lock",
    "rollback",
    "sourceRename",
    "targetRename",
    "property",
    "all",
)


def wrap(values: list[Any]) -> dict[str, Any]:
    """VssJsonCollectionWrapper: every list answer is {"count": n, "value": [...]}."""
    return {"count": len(values), "value": values}


def wrapped_exception(message: str, type_key: str, type_name: str | None = None) -> dict[str, Any]:
    """The service's error body; the SDK raises AzureDevOpsServiceError(message, type_key) from it."""
    return {
        "$id": "1",
        "innerException": None,
        "message": message,
        "typeName": type_name
        or f"Microsoft.TeamFoundation.Framework.Server.{type_key}, Microsoft.TeamFoundation.Framework.Server",
        "typeKey": type_key,
        "errorCode": 0,
        "eventId": 3000,
    }


class ServiceError(Exception):
    """Raised by a route handler; answered as a WrappedException with this status."""

    def __init__(self, status: int, message: str, type_key: str, type_name: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.type_key, self.type_name = status, message, type_key, type_name

    def body(self) -> dict[str, Any]:
        return wrapped_exception(self.message, self.type_key, self.type_name)


def sha(*parts: object) -> str:
    """A stable, realistic-looking 40-hex object id."""
    return hashlib.sha1(":".join(map(str, parts)).encode()).hexdigest()


def stable_guid(*parts: object) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "doc-context-sandbox:" + ":".join(map(str, parts))))


class Clock:
    """ISO timestamps as the service writes them, strictly increasing (a PATCH always moves a date)."""

    def __init__(self) -> None:
        self._last = datetime(2000, 1, 1, tzinfo=timezone.utc)
        self._lock = threading.Lock()

    def now(self) -> str:
        with self._lock:
            now = datetime.now(timezone.utc)
            now = now.replace(microsecond=now.microsecond // 1000 * 1000)
            self._last = max(now, self._last + timedelta(milliseconds=1))
            return self._last.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self._last.microsecond // 1000:03d}Z"


@dataclass(frozen=True)
class Identity:
    id: str
    display_name: str
    unique_name: str = ""

    def ref(self, base_url: str) -> dict[str, Any]:
        """IdentityRef, as in createdBy and comment authors."""
        url = f"{base_url}/_apis/Identities/{self.id}"
        return {
            "displayName": self.display_name,
            "url": url,
            "_links": {"avatar": {"href": url + "/avatar"}},
            "id": self.id,
            "uniqueName": self.unique_name or self.display_name,
            "imageUrl": url + "/avatar",
            "descriptor": "aad." + self.id.replace("-", "")[:24],
        }


@dataclass(frozen=True)
class Grant:
    """What one token is: who it acts as, and whether it may write threads."""

    identity: Identity
    read_only: bool = False
    projects: frozenset[str] | None = None  # names (casefolded) whose work items it may read; None: every project


@dataclass(frozen=True)
class Project:
    id: str
    name: str

    def json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "state": "wellFormed",
            "visibility": "private",
            "lastUpdateTime": "2025-06-02T08:15:00.000Z",
        }


@dataclass(frozen=True)
class Repository:
    id: str
    name: str
    project: Project

    def json(self, base_url: str) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "project": self.project.json(),
            "url": f"{base_url}/{self.project.id}/_apis/git/repositories/{self.id}",
            "remoteUrl": f"{base_url}/{self.project.name}/_git/{self.name}".replace(" ", "%20"),
        }


@dataclass(frozen=True)
class Change:
    path: str
    change_type: str = "edit"  # one of CHANGE_TYPES, or several joined by ", " ("edit, rename")
    original_path: str | None = None
    git_object_type: str = "blob"  # "commit": a submodule (GitItem.gitObjectType)

    def __post_init__(self) -> None:
        unknown = [p for p in self.change_type.split(", ") if p not in CHANGE_TYPES]
        if unknown or not self.path.startswith("/"):
            raise ValueError(
                f"bad change {self.path!r} {self.change_type!r}: paths start with '/', change types are {CHANGE_TYPES}"
            )


@dataclass
class Iteration:
    id: int
    description: str
    changes: list[Change]  # cumulative: what the iteration changes against the target (compareTo=0)
    author: Identity
    created_date: str
    reason: str = "push"


@dataclass
class PullRequest:
    id: int
    repository: Repository
    title: str
    description: str
    created_by: Identity
    creation_date: str
    source_branch: str = "refs/heads/feature"
    target_branch: str = "refs/heads/main"
    status: str = "active"
    is_draft: bool = False
    work_item_ids: list[int] = field(default_factory=list)
    iterations: list[Iteration] = field(default_factory=list)
    threads: list[dict[str, Any]] = field(default_factory=list)
    merge_commit: str = ""  # set when its files are given (ado_git.add_change); else made up from its iterations

    def last_merge_commit(self) -> str:
        return self.merge_commit or sha(
            self.repository.id, self.id, self.iterations[-1].id if self.iterations else 0, "merge"
        )

    def url(self, base_url: str) -> str:
        return f"{self.repository.json(base_url)['url']}/pullRequests/{self.id}"

    def json(self, base_url: str, *, work_item_refs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        repo = self.repository
        last = self.iterations[-1].id if self.iterations else 0
        body: dict[str, Any] = {
            "repository": repo.json(base_url),
            "pullRequestId": self.id,
            "codeReviewId": self.id,
            "status": self.status,
            "createdBy": self.created_by.ref(base_url),
            "creationDate": self.creation_date,
            "title": self.title,
            "description": self.description,
            "sourceRefName": self.source_branch,
            "targetRefName": self.target_branch,
            "mergeStatus": "succeeded",
            "isDraft": self.is_draft,
            "mergeId": stable_guid("merge", repo.id, self.id),
            "lastMergeSourceCommit": {"commitId": sha(repo.id, self.id, last, "source")},
            "lastMergeTargetCommit": {"commitId": sha(repo.id, self.id, last, "target")},
            "lastMergeCommit": {"commitId": self.last_merge_commit()},
            "reviewers": [],
            "url": self.url(base_url),
            "supportsIterations": True,
            "artifactId": f"vstfs:///Git/PullRequestId/{repo.project.id}%2f{repo.id}%2f{self.id}",
        }
        if work_item_refs is not None:
            body["workItemRefs"] = work_item_refs
        return body

    def thread(self, thread_id: int) -> dict[str, Any] | None:
        return next((t for t in self.threads if t["id"] == thread_id), None)


def iteration_json(pr: PullRequest, it: Iteration, base_url: str) -> dict[str, Any]:
    key = (pr.repository.id, pr.id, it.id)
    return {
        "id": it.id,
        "description": it.description,
        "author": it.author.ref(base_url),
        "createdDate": it.created_date,
        "updatedDate": it.created_date,
        "hasMoreCommits": False,
        "sourceRefCommit": {"commitId": sha(*key, "source")},
        "targetRefCommit": {"commitId": sha(*key, "target")},
        "commonRefCommit": {"commitId": sha(*key, "common")},
        "reason": it.reason,
    }  # no "url": GitPullRequestIteration has none (tests/test_contract.py found the one this had)


def change_entries(pr: PullRequest, it: Iteration) -> list[dict[str, Any]]:
    """Iteration changes as the REST API gives them (the SDK model drops item.path; raw callers keep it)."""
    tracking: dict[str, int] = {}
    for earlier in pr.iterations:
        for change in earlier.changes:
            tracking.setdefault(change.path, len(tracking) + 1)
    entries = []
    for n, change in enumerate(it.changes, 1):
        item: dict[str, Any] = {"objectId": sha(change.path, it.id), "path": change.path}
        if change.git_object_type != "blob":
            item["gitObjectType"] = change.git_object_type
        if change.change_type != "add":
            item["originalObjectId"] = sha(change.path, "base")
        entry = {
            "changeTrackingId": tracking[change.path],
            "changeId": n,
            "item": item,
            "changeType": change.change_type,
        }
        if change.original_path:
            entry["originalPath"] = change.original_path
        entries.append(entry)
    return entries


def typed_property(value: Any) -> dict[str, Any]:
    """Thread properties come back typed; a typed value ({"$type", "$value"}) is kept as sent."""
    if isinstance(value, dict) and "$type" in value:
        return copy.deepcopy(value)
    if isinstance(value, bool):
        return {"$type": "System.String", "$value": str(value)}
    if isinstance(value, int):
        return {"$type": "System.Int32", "$value": value}
    if isinstance(value, float):
        return {"$type": "System.Double", "$value": value}
    return {"$type": "System.String", "$value": value if isinstance(value, str) else str(value)}


def enum_name(value: Any, names: tuple[str, ...]) -> str | None:
    """An enum sent as a number or a name in any case -> the service's camelCase name, else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else None
    if isinstance(value, str):
        return next((n for n in names if n.lower() == value.strip().lower()), None)
    return None


def render_thread(thread: dict[str, Any]) -> dict[str, Any]:
    """A stored thread on the wire: a copy, with an unknown status left out as the service does."""
    out = copy.deepcopy(thread)
    if out.get("status") == "unknown":
        del out["status"]
    return out
