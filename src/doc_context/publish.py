"""Post the comment: a pure plan (create, update, leave unchanged) and a short apply."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from .errors import DocContextError, PublishError
from .models import PullRequestRef, Thread

MARKER_VALUE = "doc-context/1"
SUPPORTS_MARKDOWN = "Microsoft.TeamFoundation.Discussion.SupportsMarkdown"


@dataclass(frozen=True)
class Plan:
    action: Literal["create", "update", "unchanged"]
    thread: Thread | None = None


def find_ours(threads: Sequence[Thread], marker_key: str) -> Thread | None:
    """Our live thread: the one carrying our marker property, oldest first."""
    ours = [t for t in threads if not t.is_deleted and t.properties.get(marker_key) == MARKER_VALUE]
    return min(ours, key=lambda t: t.id) if ours else None


def plan_publish(threads: Sequence[Thread], body: str, *, marker_key: str) -> Plan:
    """Create our comment, update it, or leave it alone when unchanged."""
    ours = find_ours(threads, marker_key)
    if ours is None or ours.first_comment_id is None:
        return Plan("create")
    if ours.first_comment == body:
        return Plan("unchanged", ours)
    return Plan("update", ours)


class Threads(Protocol):
    def threads(self, pr: PullRequestRef) -> list[Thread]: ...
    def create_thread(self, pr: PullRequestRef, content: str, *, properties: dict[str, object],
                      status: str) -> Thread: ...
    def update_comment(self, pr: PullRequestRef, thread_id: int, comment_id: int, content: str) -> None: ...


def apply(gateway: Threads, pr: PullRequestRef, plan: Plan, body: str, *, marker_key: str,
          status: str) -> tuple[str, int | None]:
    """Carry out the plan; returns (what was done, thread id)."""
    if plan.action == "unchanged" and plan.thread:
        return "unchanged", plan.thread.id
    if plan.action == "update" and plan.thread and plan.thread.first_comment_id is not None:
        gateway.update_comment(pr, plan.thread.id, plan.thread.first_comment_id, body)
        return "updated", plan.thread.id
    return "created", _create_once(gateway, pr, body, marker_key=marker_key, status=status)


def _create_once(gateway: Threads, pr: PullRequestRef, body: str, *, marker_key: str, status: str) -> int:
    """Create the thread; after an ambiguous failure, look for it before trying again, so never two."""
    properties: dict[str, object] = {marker_key: MARKER_VALUE, SUPPORTS_MARKDOWN: 1}
    try:
        return gateway.create_thread(pr, body, properties=properties, status=status).id
    except PublishError as first:
        if not first.ambiguous:
            raise
        try:
            found = find_ours(gateway.threads(pr), marker_key)
        except DocContextError:
            raise first from None
        if found is not None:
            if found.first_comment != body and found.first_comment_id is not None:
                gateway.update_comment(pr, found.id, found.first_comment_id, body)
            return found.id
        return gateway.create_thread(pr, body, properties=properties, status=status).id
