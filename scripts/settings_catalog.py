"""Which settings an admin sets, and the task input, template parameter and env var that carry each one.

Everything here is derived from doc_context.settings.Settings.model_fields and the document sources' declarations
(registry.SOURCES: each source's settings are its own input group), so task/task.json, the step template and
docs/admin.md are generated from the settings model and cannot drift. A field may say, in its Field(...): its
label (`title`), and in json_schema_extra its task input's name (`input`), its input group when not its source's
(`group`), and that the template takes the name of the variable holding it (`from_variable`, settings/source.py's
FROM_VARIABLE; every secret does).
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, SecretStr
from pydantic.fields import FieldInfo

from doc_context.registry import SOURCES, DeclaredSource
from doc_context.settings import Settings, env_names

# Set by the agent or the pipeline for every run: no task input, no template parameter.
PIPELINE_PROVIDED = {
    "org_url": "System.TeamFoundationCollectionUri",
    "access_token": "System.AccessToken (the job token: the task passes it on, the template maps it)",
    "tf_build": "TF_BUILD",
    "source_dir": "Build.SourcesDirectory",
    "source_branch": "Build.SourceBranch",
    "agent_temp_directory": "Agent.TempDirectory",
    "team_project": "System.TeamProject",
    "build_id": "Build.BuildId",
}
# Task input / template parameter names that differ from the camelCased field name (a source's own: its Field's
# json_schema_extra "input"), and labels (a source's own: its Field's title).
NAME_OVERRIDES = {"pat": "azureDevOpsPat"}
LABEL_OVERRIDES = {"auth": "Azure DevOps auth mode", "pat": "Azure DevOps PAT"}
# A step's env cannot override a predefined variable (BUILD_REPOSITORY_ID is always set), so the template hands
# these to `doc-context run` as flags, read from its own env names: payload text never enters a command line.
TEMPLATE_FLAG_ENV = {
    "pull_request_id": ("DOC_CONTEXT_PULL_REQUEST_ID", "--pull-request"),
    "repository": ("DOC_CONTEXT_REPOSITORY", "--repository"),
    "project": ("DOC_CONTEXT_PROJECT", "--project"),
}
_ACRONYMS = {"url": "URL", "api": "API", "pat": "PAT", "id": "ID", "ca": "CA", "llm": "LLM"}
_GROUPS = (  # the task's input groups of the settings that are no document source's
    ("pullRequest", ("pull_request_id", "repository", "project")),
    ("auth", ("auth", "pat", "azure_")),
    ("comment", ("marker_key", "thread_status", "comment_budget", "parent_depth", "extra_fields")),
    (
        "audience",
        (
            "page_content",
            "other_projects",
            "sensitive_areas",
            "sensitive_tags",
        ),
    ),
    ("llm", ("llm_",)),
)


@dataclass(frozen=True)
class Entry:
    field: str
    env: str  # the first alias: what the pipeline variable / env var is called
    input: str | None  # task input and template parameter name; None when the pipeline provides it
    kind: str  # bool, int, float, str, choice
    choices: tuple[str, ...]
    default: object
    secret: bool
    description: str
    label: str
    group: str
    variable: bool = False  # its Field says the template takes the name of the variable that holds it

    @property
    def from_variable(self) -> bool:
        return self.secret or self.variable

    @property
    def parameter(self) -> str | None:
        """The template parameter: the setting itself, or the name of the variable that holds it."""
        if self.input is None:
            return None
        return self.input + "Variable" if self.from_variable else self.input

    @property
    def parameter_default(self) -> object:
        return self.env if self.from_variable else self.default


def env_name(info: FieldInfo, field: str) -> str:
    return env_names(info)[0]


def camel(field: str) -> str:
    first, *rest = field.split("_")
    return first + "".join(word.capitalize() for word in rest)


def _kind(annotation: object) -> tuple[str, tuple[str, ...], bool]:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and len(args) == 1:
        annotation = args[0]
    if typing.get_origin(annotation) is typing.Literal:
        return "choice", tuple(str(a) for a in typing.get_args(annotation)), False
    if annotation is SecretStr:
        return "str", (), True
    if typing.get_origin(annotation) in (tuple, dict):
        return "str", (), False  # a list or a mapping, written as text ('a;b', 'Type=Field')
    for kind in (bool, int, float, str):
        if annotation is kind:
            return kind.__name__, (), False
    raise TypeError(f"no task input type for {annotation!r}")


def _label(field: str, info: FieldInfo) -> str:
    words = [_ACRONYMS.get(word, word) for word in field.split("_")]
    return info.title or LABEL_OVERRIDES.get(field) or " ".join([words[0][:1].upper() + words[0][1:], *words[1:]])


def _group(field: str, info: FieldInfo, sources: Sequence[DeclaredSource]) -> str:
    """A source's own settings are its group, unless the field names another (`group` in json_schema_extra)."""
    named = _extra(info, "group")
    if named is not None:
        return str(named)
    mine = next((s.name for s in sources if field in s.fields()), None)
    if mine is not None:
        return mine
    for group, prefixes in _GROUPS:
        if any(field == p or (p.endswith("_") and field.startswith(p)) for p in prefixes):
            return group
    return "run"


def _extra(info: FieldInfo, key: str) -> object:
    extra = info.json_schema_extra
    return extra.get(key) if isinstance(extra, dict) else None


def groups(sources: Sequence[DeclaredSource] = SOURCES) -> list[tuple[str, str, bool]]:
    """The task's input groups, each document source's (with settings of its own) after authentication."""
    declared = [(s.name, s.title, s.expanded) for s in sources if s.settings is not None]
    return [*GROUPS_BEFORE, *declared, *GROUPS_AFTER]


GROUPS_BEFORE = [
    ("setup", "Python and when to run", True),
    ("pullRequest", "Pull request (set by PR builds; give it for reruns and service hooks)", False),
    ("auth", "Azure DevOps authentication", False),
]
GROUPS_AFTER = [
    ("comment", "The comment thread", True),
    ("audience", "Audience: what is shown by title and link only", False),
    ("run", "Limits and behaviour", False),
    ("llm", "LLM summaries (optional)", False),
]


def catalog(settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES) -> list[Entry]:
    """Every setting of `settings_cls`, in its field order; `sources`: the registered document sources."""
    entries = []
    for field, info in settings_cls.model_fields.items():
        kind, choices, secret = _kind(info.annotation)
        default = info.get_default(call_default_factory=True)
        named = _extra(info, "input")
        name = None if field in PIPELINE_PROVIDED else str(named or NAME_OVERRIDES.get(field, camel(field)))
        entries.append(
            Entry(
                field,
                env_name(info, field),
                name,
                kind,
                choices,
                default,
                secret,
                re.sub(r"\s+", " ", info.description or "").strip(),
                _label(field, info),
                _group(field, info, sources),
                bool(_extra(info, "from_variable")),
            )
        )
    return entries


def admin_entries(settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES) -> list[Entry]:
    return [e for e in catalog(settings_cls, sources) if e.input is not None]


def format_default(value: object) -> str:
    """A default as a pipeline would write it: true/false, 30 not 30.0, '' for none."""
    if value is None or value == () or value == {}:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
