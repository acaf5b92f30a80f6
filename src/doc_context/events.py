"""Pure: a service-hook payload (git.pullrequest.created / updated) -> the pull request to work on."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from doc_context.errors import ConfigError
from doc_context.text.orgurl import api_org_url

EVENT_TYPES = ("git.pullrequest.created", "git.pullrequest.updated")
MAX_EVENT_BYTES = 5 * 1024 * 1024  # a payload is a few KB; commits and reviewers lists stay far below this
_ALL_DETAILS = "send 'All' resource details in the subscription"


@dataclass(frozen=True)
class PullRequestEvent:
    event_type: str
    pull_request_id: int
    repository: str
    project: str
    org_url: str | None  # derived from resource.url when the host is Azure DevOps; the configured one wins


def parse_event(data: bytes | str) -> PullRequestEvent:
    """Read a payload (UTF-8, a BOM allowed, at most MAX_EVENT_BYTES), or a ConfigError that says what is wrong."""
    payload = _json(_text(data))
    if not isinstance(payload, dict):
        raise ConfigError("the event is not a JSON object; pass the service hook's payload")
    kind = payload.get("eventType")
    if kind not in EVENT_TYPES:
        shown = repr(kind)[:80] if isinstance(kind, str) or kind is None else f"of type {type(kind).__name__}"
        handled = " or ".join(EVENT_TYPES)
        raise ConfigError(f"event type {shown} is not handled; subscribe the service hook to {handled}")
    resource = _object(payload, "resource")
    repository = _object(resource, "repository")
    project = _object(repository, "project")
    pr_id, repo_id, project_id = resource.get("pullRequestId"), repository.get("id"), project.get("id")
    if not isinstance(repo_id, str) or not repo_id or not isinstance(project_id, str) or not project_id:
        raise ConfigError(f"the event lacks resource.repository.id or resource.repository.project.id; {_ALL_DETAILS}")
    if pr_id is None:
        raise ConfigError(f"the event lacks resource.pullRequestId; {_ALL_DETAILS}")
    if isinstance(pr_id, bool) or not isinstance(pr_id, int) or pr_id <= 0:
        raise ConfigError(
            f"the event's resource.pullRequestId is {json.dumps(pr_id)[:40]}, not a pull request id "
            "(a whole number, 1 or more); pass the service hook's payload unchanged"
        )
    url = resource.get("url")
    return PullRequestEvent(kind, pr_id, repo_id, project_id, api_org_url(url if isinstance(url, str) else ""))


def _text(data: bytes | str) -> str:
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > MAX_EVENT_BYTES:
        raise ConfigError(
            f"the event is larger than {MAX_EVENT_BYTES // (1024 * 1024)} MB; "
            "pass the service hook's payload (a few KB), not a log or an export"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ConfigError(
            f"the event is not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start}); "
            "save the service hook's payload as UTF-8"
        ) from None


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ConfigError(
            f"the event is not JSON ({e.msg} at line {e.lineno}); pass the service hook's payload"
        ) from None
    except RecursionError:
        raise ConfigError(
            "the event's JSON is nested too deeply to be a service hook payload; pass the payload itself"
        ) from None


def _object(parent: dict[str, Any], key: str) -> dict[str, Any]:
    value = parent.get(key)
    return value if isinstance(value, dict) else {}
