"""The parts of the azure-devops SDK that doc-context uses, as Protocols (the SDK ships no type information).

The SDK's clients and models are what ado.py receives at run time; the sandbox tests drive them over HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol


class IdentityRef(Protocol):
    id: str | None
    display_name: str | None


class Project(Protocol):
    id: str | None
    name: str | None


class Repository(Protocol):
    id: str | None
    name: str | None
    project: Project | None


class CommitRef(Protocol):
    commit_id: str | None


class PullRequest(Protocol):
    title: str | None
    description: str | None
    source_ref_name: str | None
    target_ref_name: str | None
    repository: Repository | None
    last_merge_commit: CommitRef | None


class ResourceRef(Protocol):
    id: str | None
    url: str | None


class Iteration(Protocol):
    id: int


class Relation(Protocol):
    rel: str | None
    url: str | None
    attributes: Mapping[str, Any] | None


class WorkItem(Protocol):
    id: int
    rev: int | None
    fields: Mapping[str, Any] | None
    relations: Sequence[Relation] | None


class Comment(Protocol):
    id: int | None
    content: str | None
    author: IdentityRef | None


class CommentThread(Protocol):
    id: int
    status: str | int | None
    properties: Mapping[str, Any] | None
    comments: Sequence[Comment] | None
    is_deleted: bool | None


class Response(Protocol):
    def json(self) -> Any: ...


class GitClient(Protocol):
    def get_pull_request(self, repository_id: str, pull_request_id: int, project: str | None = None) -> PullRequest: ...

    def get_item_content(
        self,
        repository_id: str,
        path: str,
        project: str | None = None,
        *args: Any,
        download: bool | None = None,
        version_descriptor: Any = None,
        **kwargs: Any,
    ) -> Iterator[bytes]: ...

    def get_pull_request_work_item_refs(
        self, repository_id: str, pull_request_id: int, project: str | None = None
    ) -> Sequence[ResourceRef] | None: ...

    def get_pull_request_iterations(
        self, repository_id: str, pull_request_id: int, project: str | None = None
    ) -> Sequence[Iteration] | None: ...

    def get_threads(
        self, repository_id: str, pull_request_id: int, project: str | None = None
    ) -> Sequence[CommentThread] | None: ...

    def create_thread(
        self, comment_thread: object, repository_id: str, pull_request_id: int, project: str | None = None
    ) -> CommentThread: ...

    def update_comment(
        self,
        comment: object,
        repository_id: str,
        pull_request_id: int,
        thread_id: int,
        comment_id: int,
        project: str | None = None,
    ) -> Comment: ...

    def update_thread(
        self,
        comment_thread: object,
        repository_id: str,
        pull_request_id: int,
        thread_id: int,
        project: str | None = None,
    ) -> CommentThread: ...

    def _send(
        self,
        http_method: str,
        location_id: str,
        version: str,
        route_values: Mapping[str, object] | None = None,
        query_parameters: Mapping[str, object] | None = None,
    ) -> Response: ...


class StateColor(Protocol):  # WorkItemStateColor
    name: str | None
    category: str | None


class WorkItemType(Protocol):
    name: str | None
    states: Sequence[StateColor] | None


class WorkItemComment(Protocol):  # work item tracking's Comment, not git's
    id: int | None
    text: str | None
    format: object
    created_by: IdentityRef | None
    created_date: Any
    is_deleted: bool | None
    url: str | None


class CommentList(Protocol):
    comments: Sequence[WorkItemComment] | None
    continuation_token: str | None


class WorkItemClient(Protocol):
    def get_work_items_batch(
        self, work_item_get_request: object, project: str | None = None
    ) -> Sequence[WorkItem | None] | None: ...

    def get_work_item_types(self, project: str) -> Sequence[WorkItemType] | None: ...

    def get_work_item_type_states(self, project: str, type: str) -> Sequence[StateColor] | None: ...

    def get_comments(
        self,
        project: str,
        work_item_id: int,
        top: int | None = None,
        continuation_token: str | None = None,
        include_deleted: bool | None = None,
        expand: str | None = None,
        order: str | None = None,
    ) -> CommentList: ...


class SecurityClient(Protocol):
    def has_permissions(self, security_namespace_id: str, permissions: int, tokens: str) -> Sequence[bool] | None: ...


class ClientFactory(Protocol):
    def get_git_client(self) -> GitClient: ...

    def get_work_item_tracking_client(self) -> WorkItemClient: ...

    def get_security_client(self) -> SecurityClient: ...


class Connection(Protocol):
    @property
    def clients_v7_1(self) -> ClientFactory: ...
