"""Pure: a service-hook payload (git.pullrequest.created / updated) -> the pull request to work on."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from doc_context.errors import ConfigError
from doc_context.text.links import is_loopback

EVENT_TYPES = ("git.pullrequest.created", "git.pullrequest.updated")


@dataclass(frozen=True)
class PullRequestEvent:
    event_type: str
    pull_request_id: int
    repository: str
    project: str
    org_url: str | None  # derived from resource.url when the host is Azure DevOps; the configured one wins


def parse_event(text: str) -> PullRequestEvent:
    """Read a payload, or a ConfigError that says what is wrong with it."""
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as e:
        raise ConfigError(
            f"the event is not JSON ({e.msg} at line {e.lineno}); pass the service hook's payload"
        ) from None
    if not isinstance(payload, dict):
        raise ConfigError("the event is not a JSON object; pass the service hook's payload")
    kind = payload.get("eventType")
    if kind not in EVENT_TYPES:
        raise ConfigError(
            f"event type {kind!r} is not handled; subscribe the service hook to {' or '.join(EVENT_TYPES)}"
        )
    resource = _object(payload, "resource")
    repository = _object(resource, "repository")
    project = _object(repository, "project")
    pr_id, repo_id, project_id = resource.get("pullRequestId"), repository.get("id"), project.get("id")
    if not isinstance(pr_id, int) or pr_id <= 0 or not isinstance(repo_id, str) or not isinstance(project_id, str):
        raise ConfigError(
            "the event lacks resource.pullRequestId, resource.repository.id or "
            "resource.repository.project.id; send 'All' resource details in the subscription"
        )
    return PullRequestEvent(kind, pr_id, repo_id, project_id, _org_url(str(resource.get("url") or "")))


def _object(parent: dict[str, Any], key: str) -> dict[str, Any]:
    value = parent.get(key)
    return value if isinstance(value, dict) else {}


def _org_url(url: str) -> str | None:
    """https://dev.azure.com/{org}/... -> https://dev.azure.com/{org}; only for Azure DevOps hosts."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme == "https" and host == "dev.azure.com" and segments:
        return f"https://dev.azure.com/{segments[0]}"
    if parts.scheme == "https" and host.endswith(".visualstudio.com"):
        return f"https://{host}"
    if parts.scheme == "http" and is_loopback(host) and "/_apis/" in parts.path:
        return f"http://{parts.netloc}{parts.path.split('/_apis/')[0]}"
    return None
