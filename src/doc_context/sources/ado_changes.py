"""A pull request's changed files through the SDK's git client, raw: the SDK's model of an iteration change
(GitPullRequestChange) keeps only changeTrackingId, so the call is sent as the SDK sends it and its JSON read.

    GET {project}/_apis/git/repositories/{repositoryId}/pullRequests/{pullRequestId}/iterations/{iterationId}
        /changes?$top=2000&$skip=N        Pull Request Iteration Changes - Get (git 7.1), paged by nextSkip
"""

from __future__ import annotations

from typing import Any

from doc_context.models import ChangedFile, PullRequestRef
from doc_context.sources import ado_sdk as sdk
from doc_context.sources.ado_transport import read

CHANGES_LOCATION = "4216bdcf-b6b1-4d59-8b82-c34cc183fc8b"  # the SDK model drops item.path: call it raw


def changed_files(git: sdk.GitClient, pr: PullRequestRef) -> list[ChangedFile]:
    """The latest iteration's changes, paged; the raw call keeps item.path."""
    action = f"read the changed files of pull request {pr.pull_request_id}"
    iterations = read(
        action, lambda: git.get_pull_request_iterations(pr.repository, pr.pull_request_id, project=pr.project)
    )
    if not iterations:
        return []
    last = max(i.id for i in iterations)
    return read(action, lambda: _changes(git, pr, last))


def _changes(git: sdk.GitClient, pr: PullRequestRef, iteration: int) -> list[ChangedFile]:
    files: list[ChangedFile] = []
    skip = 0
    while True:
        body = git._send(
            http_method="GET",
            location_id=CHANGES_LOCATION,
            version="7.1",
            route_values={
                "project": pr.project,
                "repositoryId": pr.repository,
                "pullRequestId": pr.pull_request_id,
                "iterationId": iteration,
            },
            query_parameters={"$top": 2000, "$skip": skip},
        ).json()
        entries = body.get("changeEntries") or []
        files += [_changed(e) for e in entries if isinstance(e.get("item"), dict) and e["item"].get("path")]
        skip = int(body.get("nextSkip") or 0)
        if not skip or not entries:
            return files


def _changed(entry: dict[str, Any]) -> ChangedFile:
    """An iteration change (GitPullRequestChange, raw: the SDK's model drops its item): its path, type, a
    rename's path before (originalPath, or sourceServerItem) and its kind (gitObjectType; commit: a submodule)."""
    item = entry["item"]
    kind = str(item.get("gitObjectType") or ("tree" if item.get("isFolder") else "blob")).lower()
    before = str(entry.get("originalPath") or entry.get("sourceServerItem") or "")
    return ChangedFile(str(item["path"]), str(entry.get("changeType", "")), before, kind)
