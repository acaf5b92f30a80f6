"""What a document source declares, once, in its own package; registry.py lists the declarations.

    name       its pages' Page.source and its notices' source: "confluence", "wiki"
    title      what an admin reads: its task input group and its heading in the step template
    section    the comment's heading over its pages
    settings   its settings, a pydantic model that Settings inherits: each field's environment names, task input,
               help (its description) and whether it is a secret (a SecretStr); a field read from a variable whose
               name the template takes, though no secret, says so (FROM_VARIABLE)
    open       (Settings, the Azure DevOps gateway) -> its gather.DocumentSource for one run, which carries its
               one link parser (`links`) and its audience rule (`title_only`)

What the platform needs elsewhere is generated from these: task/task.json, task/env-map.json, the step
template's parameters and env (scripts/task_json.py, the settings catalog); the secrets Settings masks, the
variables the demo leaves out of its environment and the tests' secret list are read from Settings at run time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from doc_context.gather import DocumentSource
    from doc_context.settings import Settings
    from doc_context.sources.ado import AzureDevOps

Opener = Callable[["Settings", "AzureDevOps"], "DocumentSource"]
FROM_VARIABLE: dict[str, Any] = {"from_variable": True}  # Field(json_schema_extra=...): the template takes its variable


@dataclass(frozen=True)
class DeclaredSource:
    name: str
    title: str
    section: str
    open: Opener
    settings: type[BaseModel] | None = None  # None: it reads with settings it shares (the wiki: Azure DevOps's)
    expanded: bool = False  # its task input group opens expanded in the classic editor

    def fields(self) -> tuple[str, ...]:
        """The names of the settings it declares."""
        return tuple(self.settings.model_fields) if self.settings is not None else ()
