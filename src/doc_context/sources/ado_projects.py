"""The ids of the projects the admin names (otherProjects), through the SDK's core client.

    GET {org}/_apis/projects/{projectId}   Core, Projects - Get (7.1): "Get project with the specified id or
                                           name"; the answer's TeamProject carries both

A work item's *Wiki page* link names its project by id (vstfs:///Wiki/WikiPage/{projectId}%2F{wikiId}%2F...),
while otherProjects names projects: knowing each named project's id, summary/audience.py sees one project
under either. Asked once, in the run's first wave, and only when otherProjects names a project. A project
that cannot be read is a notice; its links by id are then shown by title only, as before.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import partial
from typing import Any

from doc_context.errors import SourceError
from doc_context.models import Clock, Notice
from doc_context.sources.ado_transport import read, use_retries

SOURCE = "otherProjects"
UNREADABLE = (
    "could not learn the id of project {name} ({error}); a wiki page linked to it by its id is shown by title "
    "only. A personal access token needs the Project and Team (Read) scope"
)


def project_ids(
    connection: Any, names: Sequence[str], *, timeout: float = 30.0, clock: Clock = time
) -> tuple[tuple[str, ...], tuple[Notice, ...]]:
    """(the ids of the named projects that could be read, a notice for each that could not)."""
    if not names:
        return (), ()
    try:
        core: Any = read("connect to the Azure DevOps core API", lambda: connection.clients_v7_1.get_core_client())
    except SourceError as e:
        return (), (Notice(SOURCE, UNREADABLE.format(name=", ".join(names), error=e)),)
    use_retries(core, timeout=timeout, clock=clock)
    ids: list[str] = []
    notices: list[Notice] = []
    for name in dict.fromkeys(names):
        try:
            project = read(f"read project {name}", partial(core.get_project, name))
        except SourceError as e:
            notices.append(Notice(SOURCE, UNREADABLE.format(name=name, error=str(e).rstrip("."))))
            continue
        if getattr(project, "id", None):
            ids.append(str(project.id))
    return tuple(ids), tuple(notices)
