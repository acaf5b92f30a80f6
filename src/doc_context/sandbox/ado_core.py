"""The fake organization's projects, answered as the published Core API does (core 7.1, Projects - Get).

    GET {org}/_apis/projects/{projectId}    by id or by name: a TeamProject (id, name, state, visibility, url,
                                            defaultTeam); 404 ProjectDoesNotExistWithNameException otherwise

A job token limited to its own project (Grant.projects) is answered 404 for any other, as for a missing one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ado_access import Call
from .ado_state import ServiceError

if TYPE_CHECKING:
    from .ado import FakeAzureDevOps

PROJECTS_LOCATION = "603fe2ac-9723-48b9-88ad-09305aa6c6e1"  # azure.devops.v7_1.core.CoreClient.get_project


def project(ado: FakeAzureDevOps, call: Call) -> Any:
    wanted = call.params["projectId"]
    found = ado.project_named(wanted)
    scope = call.grant.projects if call.grant is not None else None
    if found is None or (scope is not None and found.name.casefold() not in scope):
        raise ServiceError(
            404,
            f"TF200016: The following project does not exist: {wanted}. Verify that the name of the project is "
            "correct and that the project exists on the specified Azure DevOps Server.",
            "ProjectDoesNotExistWithNameException",
            "Microsoft.TeamFoundation.Core.WebApi.ProjectDoesNotExistWithNameException, "
            "Microsoft.TeamFoundation.Core.WebApi",
        )
    return {**found.json(), "url": f"{ado.base_url}/_apis/projects/{found.id}", "revision": 1}


ROUTES = (("GET", "_apis/projects/{projectId}", PROJECTS_LOCATION, project, True),)
