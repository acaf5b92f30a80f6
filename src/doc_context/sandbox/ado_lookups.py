"""The fake organization's lookups for its route handlers: each raises the service's own error (its TF code, its
exception type) when what the call names is missing or may not be changed by the caller."""

from __future__ import annotations

import threading
from typing import Any

from .ado_access import Call
from .ado_state import Iteration, Project, PullRequest, Repository, ServiceError

GIT = "Microsoft.TeamFoundation.Git.Server.{0}, Microsoft.TeamFoundation.Git.Server"


class Lookups:
    """Mixed into FakeAzureDevOps, whose state they read (under its lock, taken by handle_request)."""

    max_comment_chars: int
    _projects: dict[str, Project]
    _repos: dict[str, Repository]
    _prs: dict[int, PullRequest]
    _state: threading.RLock

    def pull_request_for(self, call: Call) -> PullRequest:
        repo = self.repository_for(call.params["repo"], call.project) if "repo" in call.params else None
        pr = self._prs.get(int(call.params["pr"]))
        if (
            pr is None
            or (repo and pr.repository.id != repo.id)
            or (call.project and pr.repository.project.id != call.project.id)
        ):
            raise ServiceError(
                404,
                "TF401180: The requested pull request was not found.",
                "GitPullRequestNotFoundException",
                GIT.format("GitPullRequestNotFoundException"),
            )
        return pr

    def iteration_for(self, pr: PullRequest, call: Call) -> Iteration:
        n = int(call.params["iteration"])
        if not 1 <= n <= len(pr.iterations):
            raise ServiceError(
                404,
                f"TF401174: The iteration {n} of pull request {pr.id} was not found.",
                "GitPullRequestIterationNotFoundException",
                GIT.format("GitPullRequestIterationNotFoundException"),
            )
        return pr.iterations[n - 1]

    def thread_for(self, call: Call) -> tuple[PullRequest, dict[str, Any]]:
        pr = self.pull_request_for(call)
        found = pr.thread(int(call.params["thread"]))
        if found is None:
            raise ServiceError(
                404,
                "TF401181: The pull request thread cannot be found.",
                "GitPullRequestCommentThreadNotFoundException",
                GIT.format("GitPullRequestCommentThreadNotFoundException"),
            )
        return pr, found

    def comment_for(self, call: Call) -> tuple[dict[str, Any], dict[str, Any]]:
        _, found = self.thread_for(call)
        cid = int(call.params["comment"])
        target = next((c for c in found["comments"] if c["id"] == cid), None)
        if target is None:
            raise ServiceError(
                404,
                f"The comment {cid} of thread {found['id']} cannot be found.",
                "GitPullRequestCommentNotFoundException",
                GIT.format("GitPullRequestCommentNotFoundException"),
            )
        return found, target

    def require_write(self, call: Call) -> None:
        assert call.grant is not None
        if call.grant.read_only:
            raise ServiceError(
                403,
                "TF401027: You need the Git 'PullRequestContribute' permission to perform this "
                f"action. Details: identity 'Build\\{call.grant.identity.id}', scope 'repository'.",
                "GitNeedsPermissionException",
                GIT.format("GitNeedsPermissionException"),
            )

    def require_author(self, call: Call, comment: dict[str, Any]) -> None:
        self.require_write(call)
        assert call.grant is not None
        if (comment.get("author") or {}).get("id") != call.grant.identity.id:
            raise ServiceError(
                403,
                "Only the author of a comment can edit or delete it.",
                "UnauthorizedAccessException",
                "System.UnauthorizedAccessException, mscorlib",
            )

    def check_content(self, content: Any) -> str:
        text = str(content)
        if len(text) > self.max_comment_chars:
            raise ServiceError(
                400,
                f"The comment content is {len(text)} characters long; the maximum is {self.max_comment_chars}.",
                "ArgumentException",
                "System.ArgumentException, mscorlib",
            )
        return text

    def project_named(self, segment: str) -> Project | None:
        """A project by its id or its name, case aside."""
        wanted = segment.lower()
        with self._state:
            return next((p for p in self._projects.values() if wanted in (p.id.lower(), p.name.lower())), None)

    def project_for(self, segment: str) -> Project:
        found = self.project_named(segment)
        if found is None:
            raise ServiceError(
                404,
                f"TF200016: The following project does not exist: {segment}. Verify that the "
                "name of the project is correct and that the project exists on the specified "
                "Azure DevOps Server.",
                "ProjectDoesNotExistWithNameException",
                "Microsoft.TeamFoundation.Core.WebApi.ProjectDoesNotExistWithNameException, "
                "Microsoft.TeamFoundation.Core.WebApi",
            )
        return found

    def repository_for(self, segment: str, project: Project | None) -> Repository:
        wanted = segment.lower()
        found = next(
            (
                r
                for r in self._repos.values()
                if r.id.lower() == wanted
                or (project is not None and r.project.id == project.id and r.name.lower() == wanted)
            ),
            None,
        )
        if found is None or (project is not None and found.project.id != project.id):
            raise ServiceError(
                404,
                f"TF401019: The Git repository with name or identifier {segment} does not exist "
                "or you do not have permissions for the operation you are attempting.",
                "GitRepositoryNotFoundException",
                GIT.format("GitRepositoryNotFoundException"),
            )
        return found
