"""The fake repository's files at a pull request's merge commit and its first parent, served as the published
git API does (git 7.1, Items - Get):

    GET {project}/_apis/git/repositories/{repositoryId}/items?path=/src/a.py
        &versionDescriptor.version={commit}&versionDescriptor.versionType=commit
        [&versionDescriptor.versionOptions=firstParent]
    Accept: application/octet-stream   -> the file's bytes; application/json -> a GitItem (objectId, path, ...)

    ado.git.add_change(pr, base={"src/a.py": "..."}, head={...})   # the PR's merge commit and its first parent
    ado.git.deny(token)                                             # this identity may not read the repository

A path the commit does not have is 404 GitItemNotFoundException (TF401174), a commit the repository does not
have 404 (TF401175), as the service answers. A pull request given no files gets a few lines for each of its
last iteration's changes (an edit adds a line), so every sandbox pull request has a change to read.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .ado_access import Call, request_token
from .ado_state import PullRequest, ServiceError, sha
from .messages import Reply

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

ITEMS_LOCATION = "fb93c0db-47ed-4a31-8c20-47552878fb44"  # azure.devops.v7_1.git.GitClient.get_item_content
SUBMODULE = b"\0submodule"  # a path that is a submodule (gitObjectType commit) at a commit
_GIT = "Microsoft.TeamFoundation.Git.Server.{}, Microsoft.TeamFoundation.Git.Server"


@dataclass
class Commit:
    parent: str | None
    files: dict[str, bytes] = field(default_factory=dict)  # "/src/a.py" -> its bytes (SUBMODULE: a submodule)


class GitObjects:
    """Commits by id, each with its files; which tokens may not read the repository."""

    def __init__(self) -> None:
        self._commits: dict[str, Commit] = {}
        self._denied: set[str] = set()
        self._lock = threading.RLock()

    def add_change(
        self,
        pr: PullRequest,
        base: Mapping[str, str | bytes],
        head: Mapping[str, str | bytes],
        *,
        merge: str | None = None,
        parent: str | None = None,
    ) -> str:
        """The PR's merge commit (`merge`, or a made-up id) with `head`'s files, its first parent with `base`'s;
        the PR's lastMergeCommit becomes it. Returns its id."""
        parent = parent or sha(pr.repository.id, pr.id, "target", _digest(base))
        merge = merge or sha(pr.repository.id, pr.id, "merge", _digest(head), parent)
        with self._lock:
            self._commits[parent] = Commit(None, _files(base))
            self._commits[merge] = Commit(parent, _files(head))
        pr.merge_commit = merge
        return merge

    def deny(self, token: str) -> None:
        with self._lock:
            self._denied.add(token)

    def commit(self, ado: FakeAzureDevOps, version: str) -> Commit | None:
        with self._lock:
            found = self._commits.get(version.lower())
        if found is None:  # a pull request given no files: a few lines for each of its changes
            pr = next((p for p in ado.pull_requests() if p.last_merge_commit() == version.lower()), None)
            if pr is not None and pr.iterations:
                self.add_change(pr, *_made_up(pr), merge=version.lower())
                with self._lock:
                    found = self._commits.get(version.lower())
        return found

    def denied(self, token: str | None) -> bool:
        with self._lock:
            return token in self._denied


def item(ado: FakeAzureDevOps, call: Call) -> Any:
    query = call.request.query
    path = "/" + (query.get("path") or "").lstrip("/")
    version = query.get("versionDescriptor.version") or ""
    repo = call.params.get("repo", "")
    if ado.git.denied(request_token(call.request)):
        raise ServiceError(
            404,
            f"TF401019: The Git repository with name or identifier {repo} does not exist or you do not have "
            "permissions for the operation you are attempting.",
            "GitRepositoryNotFoundException",
            _GIT.format("GitRepositoryNotFoundException"),
        )
    commit = ado.git.commit(ado, version)
    if commit is not None and (query.get("versionDescriptor.versionOptions") or "").lower() == "firstparent":
        commit = ado.git.commit(ado, commit.parent) if commit.parent else None
    if commit is None:
        raise ServiceError(
            404,
            f"TF401175: The version descriptor <Commit: {version}> could not be resolved to a version in the "
            "repository.",
            "GitUnresolvableToCommitException",
            _GIT.format("GitUnresolvableToCommitException"),
        )
    data = commit.files.get(path)
    if data is None or data == SUBMODULE:
        raise ServiceError(
            404,
            f"TF401174: The item '{path}' could not be found in the repository '{repo}' at the version specified "
            f"by '<Commit: {version}>' (resolved from '{version}').",
            "GitItemNotFoundException",
            _GIT.format("GitItemNotFoundException"),
        )
    if call.request.headers.get("Accept", "").lower().startswith("application/octet-stream"):
        return Reply(200, {"Content-Type": "application/octet-stream"}, data)
    object_id = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
    return {"objectId": object_id, "gitObjectType": "blob", "commitId": version, "path": path}


def _files(files: Mapping[str, str | bytes]) -> dict[str, bytes]:
    return {"/" + p.lstrip("/"): v.encode("utf-8") if isinstance(v, str) else v for p, v in files.items()}


def _digest(files: Mapping[str, str | bytes]) -> str:
    return sha(*sorted((p, hashlib.sha1(_files({p: v})["/" + p.lstrip("/")]).hexdigest()) for p, v in files.items()))


def _made_up(pr: PullRequest) -> tuple[dict[str, str | bytes], dict[str, str | bytes]]:
    """(base, head) for a pull request given no files: three lines a file; an edit adds a fourth."""
    base: dict[str, str | bytes] = {}
    head: dict[str, str | bytes] = {}
    for change in pr.iterations[-1].changes:
        kinds = change.change_type.split(", ")
        lines = "".join(f"line {n} of {change.path.rsplit('/', 1)[-1]}\n" for n in (1, 2, 3))
        if "add" not in kinds:
            base[change.original_path or change.path] = lines
        if "delete" not in kinds:
            head[change.path] = lines + ("" if kinds == ["rename"] else f"line 4, pull request {pr.id}\n")
    return base, head


ROUTES = (("GET", "{project?}/_apis/git/repositories/{repo}/items", ITEMS_LOCATION, item, True),)
