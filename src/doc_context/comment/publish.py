"""Post the comment: a pure plan (create, update, leave unchanged) and a short apply."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from doc_context.errors import DocContextError, PublishError
from doc_context.models import Notice, PullRequestRef, Thread

MARKER_VALUE = "doc-context/1"
SUPPORTS_MARKDOWN = "Microsoft.TeamFoundation.Discussion.SupportsMarkdown"


@dataclass(frozen=True)
class Plan:
    action: Literal["create", "update", "unchanged"]
    thread: Thread | None = None
    duplicates: tuple[Thread, ...] = ()  # older marked threads, from two runs racing to create: retired


@dataclass(frozen=True)
class Published:
    action: Literal["created", "updated", "unchanged"]
    thread_id: int
    notices: tuple[Notice, ...] = ()


def content_hash(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:32]


def hash_key(marker_key: str) -> str:
    return f"{marker_key}.ContentHash"


def marked(threads: Sequence[Thread], marker_key: str) -> list[Thread]:
    """Live threads carrying our marker property (a superseded one loses it), oldest first."""
    return sorted(
        (t for t in threads if not t.is_deleted and t.properties.get(marker_key) == MARKER_VALUE), key=lambda t: t.id
    )


def find_ours(threads: Sequence[Thread], marker_key: str) -> Thread | None:
    """Our live thread: the newest marked one."""
    ours = marked(threads, marker_key)
    return ours[-1] if ours else None


def plan_publish(threads: Sequence[Thread], body: str, *, marker_key: str, digest: str | None = None) -> Plan:
    """Create our comment, update it, or leave it alone when its content hash (or text) is unchanged.

    digest: what the hash property records; by default the body's hash, with an LLM overview the hash
    of the extractive comment, so an unchanged source never calls the LLM again.
    """
    found = marked(threads, marker_key)
    if not found or found[-1].first_comment_id is None:
        return Plan("create")
    *duplicates, ours = found
    same = ours.properties.get(hash_key(marker_key)) == (digest or content_hash(body)) or ours.first_comment == body
    return Plan("unchanged" if same else "update", ours, tuple(duplicates))


class Threads(Protocol):
    def threads(self, pr: PullRequestRef) -> list[Thread]: ...
    def create_thread(
        self, pr: PullRequestRef, content: str, *, properties: dict[str, object], status: str
    ) -> Thread: ...
    def update_comment(self, pr: PullRequestRef, thread_id: int, comment_id: int, content: str) -> None: ...
    def update_thread(
        self,
        pr: PullRequestRef,
        thread_id: int,
        *,
        status: str | None = None,
        properties: dict[str, object] | None = None,
    ) -> None: ...


def apply(
    gateway: Threads,
    pr: PullRequestRef,
    plan: Plan,
    body: str,
    *,
    marker_key: str,
    status: str,
    digest: str | None = None,
) -> Published:
    """Carry out the plan."""
    digest = digest or content_hash(body)
    healed = tuple(n for n in (_retire_duplicate(gateway, pr, t, marker_key) for t in plan.duplicates) if n)
    if plan.action == "unchanged" and plan.thread:
        return Published("unchanged", plan.thread.id, healed)
    if plan.action == "update" and plan.thread and plan.thread.first_comment_id is not None:
        done = _update(gateway, pr, plan.thread, body, marker_key=marker_key, status=status, digest=digest)
        return Published(done.action, done.thread_id, healed + done.notices)
    return Published("created", _create_once(gateway, pr, body, marker_key=marker_key, status=status, digest=digest))


def _retire_duplicate(gateway: Threads, pr: PullRequestRef, thread: Thread, marker_key: str) -> Notice | None:
    """Two runs that raced to create (a service hook and the policy build at PR creation) left two threads:
    the next run closes the older one and takes its marker away. Silent when that works."""
    if _retire(gateway, pr, thread.id, marker_key):
        return None
    return Notice(
        f"thread {thread.id}",
        "an older doc-context thread is still marked, and this identity may not close it; close it by hand",
    )


def _update(
    gateway: Threads, pr: PullRequestRef, old: Thread, body: str, *, marker_key: str, status: str, digest: str
) -> Published:
    """Update our comment (an edit is idempotent: an ambiguous failure is tried once more); when this
    identity may not edit it, post anew and retire the old thread."""
    try:
        _edit_twice(gateway, pr, old, body)
    except PublishError as e:
        if e.ambiguous:
            raise
        new_id = _create_once(gateway, pr, body, marker_key=marker_key, status=status, digest=digest)
        retired = _retire(gateway, pr, old.id, marker_key)
        return Published(
            "created",
            new_id,
            (
                Notice(
                    f"thread {old.id}",
                    (
                        f"this identity may not edit it ({e}); posted thread {new_id} instead"
                        + (" and closed the old one" if retired else "; the old one could not be closed either")
                    ),
                ),
            ),
        )
    try:
        # the marker again too: whether a PATCH merges or replaces properties is unverified
        gateway.update_thread(pr, old.id, properties={marker_key: MARKER_VALUE, hash_key(marker_key): digest})
    except PublishError as e:
        return Published(
            "updated",
            old.id,
            (
                Notice(
                    f"thread {old.id}",
                    f"the comment was updated, but its content "
                    f"hash was not recorded ({e}); the next run compares the text",
                ),
            ),
        )
    return Published("updated", old.id)


def _edit_twice(gateway: Threads, pr: PullRequestRef, old: Thread, body: str) -> None:
    try:
        gateway.update_comment(pr, old.id, old.first_comment_id or 1, body)
    except PublishError as e:
        if not e.ambiguous:
            raise
        gateway.update_comment(pr, old.id, old.first_comment_id or 1, body)


def _retire(gateway: Threads, pr: PullRequestRef, thread_id: int, marker_key: str) -> bool:
    try:
        gateway.update_thread(pr, thread_id, status="closed", properties={marker_key: "superseded"})
    except PublishError:
        return False
    return True


def _create_once(gateway: Threads, pr: PullRequestRef, body: str, *, marker_key: str, status: str, digest: str) -> int:
    """Create the thread; after an ambiguous failure, look for it before trying again, so never two."""
    properties: dict[str, object] = {marker_key: MARKER_VALUE, hash_key(marker_key): digest, SUPPORTS_MARKDOWN: 1}
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
