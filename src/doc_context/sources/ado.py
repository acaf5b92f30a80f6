"""Azure DevOps through the azure-devops SDK (with ado_transport.py, the only importers of it).

The PR, its work item refs, batches of work items, the changed files and the threads: SDK objects
become our models; SDK errors become ours (ado_transport.errors) with a message a person can act on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TypeVar

from azure.devops.connection import Connection
from azure.devops.v7_1.git.models import Comment, GitPullRequestCommentThread
from azure.devops.v7_1.work_item_tracking.models import WorkItemBatchGetRequest
from msrest.authentication import Authentication

from doc_context.errors import SourceError
from doc_context.models import (
    WORK_ITEM_BATCH,
    ChangedFile,
    Clock,
    Fetched,
    Notice,
    PullRequest,
    PullRequestRef,
    Remark,
    StateCategories,
    Thread,
    WorkItem,
)
from doc_context.sources import ado_changes, ado_projects, ado_story
from doc_context.sources import ado_sdk as sdk
from doc_context.sources.ado_convert import thread, typed, work_item
from doc_context.sources.ado_pacing import Pacing, Throttle, paced
from doc_context.sources.ado_transport import errors, read, use_retries
from doc_context.summary.prlinks import pull_request_url
from doc_context.summary.worktypes import FETCHED_FIELDS

T = TypeVar("T")
GIT_NAMESPACE = "2e9eb7ed-3c0a-47d4-87c1-0ffdd275fd87"  # Git Repositories security namespace
PULL_REQUEST_CONTRIBUTE = 16384
MISSING = (
    "skipped: it does not exist or the build identity may not read it (grant 'View work items in this node' on "
    "its area path; an item in another project is out of reach of a job token limited to the current project)"
)


def connect(
    org_url: str,
    creds: Authentication,
    *,
    timeout: float,
    user_agent: str,
    keep_fields: Sequence[str] = (),
    pacing: Pacing | None = None,
) -> AzureDevOps:
    """A gateway over the v7_1 git and work item clients, with retries set before the first request.

    pacing: how long a write answered 429 may keep waiting (the run's deadline); by default 300 s from now. Its
    clock is the one every wait between tries happens on.
    """
    pacing = pacing or Pacing.for_seconds(300)
    connection = Connection(base_url=org_url.rstrip("/"), creds=creds, user_agent=user_agent)
    clients = connection.clients_v7_1  # getting a client runs the resource-area discovery
    git, wit = read(
        f"connect to Azure DevOps at {org_url}",
        lambda: (clients.get_git_client(), clients.get_work_item_tracking_client()),
    )
    throttle = Throttle()
    for client in (git, wit):
        use_retries(client, timeout=timeout, clock=pacing.clock, post_is_read=client is wit)
    git.config.hooks.append(throttle.hook)  # read at every send: every thread's session reports its answers
    return AzureDevOps(
        git,
        wit,
        org_url.rstrip("/"),
        connection,
        keep_fields=keep_fields,
        pacing=pacing,
        throttle=throttle,
    )


class AzureDevOps:
    """Reads the PR, its work items, changed files and threads; writes our thread."""

    def __init__(
        self,
        git: sdk.GitClient,
        wit: sdk.WorkItemClient,
        org_url: str,
        connection: sdk.Connection | None = None,
        *,
        keep_fields: Sequence[str] = (),
        pacing: Pacing | None = None,
        throttle: Throttle | None = None,
    ) -> None:
        self._keep = frozenset(FETCHED_FIELDS) | frozenset(keep_fields)
        self._pacing = pacing or Pacing.for_seconds(300)
        self._throttle = throttle or Throttle()  # without its hook installed, no 429 is recognized
        self._git = git
        self._wit = wit
        self._org_url = org_url
        self._connection = connection

    @property
    def git(self) -> sdk.GitClient:
        """The SDK's git client, for the change's files (change/read.py)."""
        return self._git

    @property
    def connection(self) -> sdk.Connection | None:
        """The SDK connection, for a document source that reads through another of its clients."""
        return self._connection

    @property
    def clock(self) -> Clock:
        """The run's clock, which the waits between tries go by (a document source's too)."""
        return self._pacing.clock

    def pull_request(self, pr: PullRequestRef) -> PullRequest:
        got = read(
            f"read pull request {pr.pull_request_id}",
            lambda: self._git.get_pull_request(pr.repository, pr.pull_request_id, project=pr.project),
        )
        repository = got.repository
        project_name = str(getattr(getattr(repository, "project", None), "name", "") or "")
        repository_name = str(getattr(repository, "name", "") or "")
        return PullRequest(
            ref=pr,
            title=got.title or "",
            description=got.description or "",
            source_branch=got.source_ref_name or "",
            target_branch=got.target_ref_name or "",
            web_url=pull_request_url(
                replace(
                    pr,
                    org_url=self._org_url,
                    project=project_name or pr.project,
                    repository=repository_name or pr.repository,
                )
            ),
            repository_id=str(getattr(repository, "id", "") or ""),
            project_id=str(getattr(getattr(repository, "project", None), "id", "") or ""),
            project_name=project_name,
            repository_name=repository_name,
            last_merge_commit=str(getattr(got.last_merge_commit, "commit_id", "") or ""),
        )

    def can_contribute(self, pull_request: PullRequest) -> bool:
        """Whether this identity may write PR threads, asked without writing (Security/Permissions)."""
        token = f"repoV2/{pull_request.project_id}/{pull_request.repository_id}"
        if self._connection is None:
            raise SourceError("could not check the 'Contribute to pull requests' permission: no connection")
        action = "check the 'Contribute to pull requests' permission"
        with errors(action, SourceError):
            security = self._connection.clients_v7_1.get_security_client()
            try:
                answer = security.has_permissions(GIT_NAMESPACE, PULL_REQUEST_CONTRIBUTE, tokens=token)
            except AttributeError:  # a 200 without a {count, value} list (published for one token): no answer
                answer = None
        if answer is None:
            raise SourceError(f"could not {action}: Azure DevOps answered without a list of permissions")
        return bool(answer) and all(answer)

    def project_ids(self, names: Sequence[str]) -> tuple[tuple[str, ...], tuple[Notice, ...]]:
        """The ids of the named projects (ado_projects.py), and a notice for each that could not be read."""
        if self._connection is None:
            return (), ()
        return ado_projects.project_ids(self._connection, names, clock=self.clock)

    def work_item_ids(self, pr: PullRequestRef) -> list[int]:
        refs = read(
            f"read the work items linked to pull request {pr.pull_request_id}",
            lambda: self._git.get_pull_request_work_item_refs(pr.repository, pr.pull_request_id, project=pr.project),
        )
        return sorted({int(r.id) for r in refs or [] if r.id is not None and str(r.id).isdigit()})

    def work_items(self, ids: Sequence[int], project: str, *, fields: Sequence[str] = ()) -> Fetched[WorkItem]:
        """Batches of 200 through the organization-level route (no project), so work items of other projects
        come too, each linked under its own System.TeamProject. What that leaves out is asked once more under
        the PR's project, in case the service resolves items only within one (unverified either way).
        An unreadable item is a notice naming it; the rest still come. `fields`: those only, without relations."""
        items: list[WorkItem] = []
        notices: list[Notice] = []
        for start in range(0, len(ids), WORK_ITEM_BATCH):
            chunk = list(ids[start : start + WORK_ITEM_BATCH])
            got: dict[int, sdk.WorkItem] = {}
            failures: list[SourceError] = []
            for scope in dict.fromkeys([None, project or None]):  # the organization, then the PR's project
                wanted = [i for i in chunk if i not in got]
                if not wanted:
                    break
                try:
                    got.update(self._batch(wanted, scope, fields))
                except SourceError as e:
                    failures.append(e)
            if failures and not got:
                notices.append(Notice(f"work items {_id_list(chunk)}", str(failures[-1])))
                continue
            items += [work_item(got[i], self._org_url, project, self._keep) for i in chunk if i in got]
            notices += [Notice(f"work item {i}", MISSING) for i in chunk if i not in got]
        return Fetched(tuple(items), tuple(notices))

    def _batch(self, ids: Sequence[int], project: str | None, fields: Sequence[str]) -> dict[int, sdk.WorkItem]:
        request = (  # never fields and $expand together: the service refuses them (azure-devops.md §0.11)
            WorkItemBatchGetRequest(ids=list(ids), fields=list(fields), error_policy="Omit")
            if fields
            else WorkItemBatchGetRequest(ids=list(ids), expand="Relations", error_policy="Omit")
        )
        got = read(
            f"read work items {_id_list(ids)}", partial(self._wit.get_work_items_batch, request, project=project)
        )
        return {int(w.id): w for w in got or [] if w is not None and w.id is not None}

    def children(self, ids: Sequence[int], project: str) -> Fetched[WorkItem]:
        """Child work items as title lines (ado_story.CHILD_FIELDS), batches of 200 as work_items reads them."""
        return self.work_items(ids, project, fields=ado_story.CHILD_FIELDS)

    def state_categories(self, project: str) -> StateCategories:
        return ado_story.state_categories(self._wit, project)

    def comments(self, project: str, item: int, web_url: str) -> list[Remark]:
        return ado_story.comments(self._wit, project, item, web_url)

    def changed_files(self, pr: PullRequestRef) -> list[ChangedFile]:
        """The latest iteration's changes, paged (ado_changes.py)."""
        return ado_changes.changed_files(self._git, pr)

    def threads(self, pr: PullRequestRef) -> list[Thread]:
        got = (
            read(
                f"read the comment threads of pull request {pr.pull_request_id}",
                lambda: self._git.get_threads(pr.repository, pr.pull_request_id, project=pr.project),
            )
            or []
        )
        return [thread(t) for t in got]

    def create_thread(self, pr: PullRequestRef, content: str, *, properties: dict[str, object], status: str) -> Thread:
        new = GitPullRequestCommentThread(
            comments=[Comment(content=content, comment_type="text", parent_comment_id=0)],
            properties={k: typed(v) for k, v in properties.items()},
            status=status,
        )
        created = self._write(
            f"post the comment on pull request {pr.pull_request_id}",
            lambda: self._git.create_thread(new, pr.repository, pr.pull_request_id, project=pr.project),
        )
        return thread(created)

    def update_comment(self, pr: PullRequestRef, thread_id: int, comment_id: int, content: str) -> None:
        self._write(
            f"update comment {thread_id}/{comment_id} on pull request {pr.pull_request_id}",
            lambda: self._git.update_comment(
                Comment(content=content), pr.repository, pr.pull_request_id, thread_id, comment_id, project=pr.project
            ),
        )

    def update_thread(
        self,
        pr: PullRequestRef,
        thread_id: int,
        *,
        status: str | None = None,
        properties: dict[str, object] | None = None,
    ) -> None:
        patch = GitPullRequestCommentThread(
            status=status, properties={k: typed(v) for k, v in properties.items()} if properties else None
        )
        self._write(
            f"update thread {thread_id} on pull request {pr.pull_request_id}",
            lambda: self._git.update_thread(patch, pr.repository, pr.pull_request_id, thread_id, project=pr.project),
        )

    def _write(self, action: str, call: Callable[[], T]) -> T:
        """A thread write; answered 429, it waits (Retry-After, jitter) and tries again until the deadline."""
        return paced(action, call, pacing=self._pacing, throttle=self._throttle)


def _id_list(ids: Sequence[int]) -> str:
    shown = ", ".join(str(i) for i in ids[:5])
    return shown + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
