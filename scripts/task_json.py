"""Generate task/task.json, task/env-map.json, the step template's settings (its parameters and its run step's env)
and docs/admin.md's input defaults and settings table from the settings model and the registered document sources:
`python scripts/task_json.py --write`.

Without --write it exits 1 when the files on disk differ from what the settings model gives (`--check`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel
from settings_catalog import Entry, admin_entries, format_default, groups
from settings_table import replace_between_markers, table
from step_template import template_yml
from version import project_version

from doc_context.context.document import OUTPUT_VARIABLE
from doc_context.registry import SOURCES, DeclaredSource
from doc_context.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
TASK_DIR = ROOT / "task"
TASK_ID = "8e39f10e-a4a8-4965-a840-2d8e8777d1cd"  # never change it: the agent knows the task by this id
# The oldest agent with the Node20_1 handler (Microsoft's migration guide for Node 20 tasks). Agents from 4.265.1
# on may run the Node24 entry instead; an older agent is upgraded, or not routed the job, instead of failing
# with "A supported task execution handler was not found".
MINIMUM_AGENT_VERSION = "3.232.1"

FRIENDLY_NAME = "doc-context: PR business context"  # tfx: at most 40 characters
# Inputs of the task itself, not settings: how to start Python and when to run.
TASK_ONLY_INPUTS = [
    {
        "name": "command",
        "type": "pickList",
        "label": "Command",
        "defaultValue": "run",
        "required": False,
        "groupName": "setup",
        "options": {"run": "run: post or update the comment", "check": "check: preflight, writes nothing"},
        "helpMarkDown": "`run` posts or updates the comment; `check` verifies access and prints what to fix.",
    },
    {
        "name": "pythonExecutable",
        "type": "string",
        "label": "Python executable",
        "defaultValue": "",
        "required": False,
        "groupName": "setup",
        "helpMarkDown": "Python 3.10+ to run doc-context with. Empty: `python3` (`python` on Windows) from PATH; "
        "add UsePythonVersion@0 before this task on hosted agents.",
    },
    {
        "name": "install",
        "type": "pickList",
        "label": "Install",
        "defaultValue": "bundled",
        "required": False,
        "groupName": "setup",
        "options": {
            "bundled": "bundled: the doc-context this task carries, in a cached virtual environment",
            "preinstalled": "preinstalled: doc-context is already installed in that Python",
        },
        "helpMarkDown": "`bundled` installs the doc-context wheel inside this task and its hash-pinned dependencies "
        "(from the agent's package index: PIP_INDEX_URL, pip.conf) into a virtual environment cached per version "
        "in the agent's tools folder; never a package named doc-context from an index. `preinstalled` runs the "
        "doc-context already installed in the Python executable.",
    },
    {
        "name": "onlyForPullRequests",
        "type": "boolean",
        "label": "Only for pull request builds",
        "defaultValue": "true",
        "required": False,
        "groupName": "setup",
        "helpMarkDown": "Skip unless Build.Reason is PullRequest (the build-validation policy). "
        "Set false for manual reruns and service-hook pipelines.",
    },
    {
        "name": "runOnForks",
        "type": "boolean",
        "label": "Run for pull requests from forks",
        "defaultValue": "false",
        "required": False,
        "groupName": "setup",
        "helpMarkDown": "Fork PR builds run the fork's YAML with restricted secrets; by default they are skipped.",
    },
]
_TYPES = {"bool": "boolean", "choice": "pickList"}


def _input(entry: Entry) -> dict[str, object]:
    help_text = f"{entry.description} Environment variable: `{entry.env}`."
    if entry.secret:
        help_text += f" A secret: pass a secret variable, e.g. `$({entry.env})`; it is masked in the log."
    item: dict[str, object] = {
        "name": entry.input,
        "type": _TYPES.get(entry.kind, "string"),
        "label": entry.label,
        "defaultValue": "" if entry.secret else format_default(entry.default),
        "required": False,
        "groupName": entry.group,
        "helpMarkDown": help_text,
    }
    if entry.choices:
        item["options"] = {choice: choice for choice in entry.choices}
    return item


def task_json(
    settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES
) -> dict[str, object]:
    """task.json for the settings model and the registered document sources."""
    major, minor, patch = (int(part) for part in project_version().split("."))
    return {
        "$schema": "https://raw.githubusercontent.com/Microsoft/azure-pipelines-task-lib/master/tasks.schema.json",
        "id": TASK_ID,
        "name": "DocContext",
        "friendlyName": FRIENDLY_NAME,
        "description": "Summarizes the PR's linked work items and the pages they cite (Confluence, the Azure DevOps "
        "wiki) in one PR comment thread, updated in place on every run.",
        "helpMarkDown": "Needs Python 3.10+ on the agent (UsePythonVersion@0), a package index for its pinned "
        "dependencies, and 'Contribute to pull requests' for the build service identity. Every input mirrors a "
        "doc-context setting; see docs/admin.md.",
        "category": "Utility",
        "author": "doc-context",
        "version": {"Major": major, "Minor": minor, "Patch": patch},
        "minimumAgentVersion": MINIMUM_AGENT_VERSION,
        "instanceNameFormat": "doc-context: business context comment",
        "groups": [
            {"name": name, "displayName": title, "isExpanded": expanded} for name, title, expanded in groups(sources)
        ],
        "inputs": TASK_ONLY_INPUTS + [_input(entry) for entry in admin_entries(settings_cls, sources)],
        "outputVariables": [
            {
                "name": OUTPUT_VARIABLE,
                "description": "The path of the context document for AI reviewers (JSON, schemaVersion 1.x) that a "
                f"run writes to the agent's temp folder; later steps read $(<step name>.{OUTPUT_VARIABLE}).",
            }
        ],
        "execution": {"Node20_1": {"target": "index.js"}, "Node24": {"target": "index.js"}},
    }


def env_map(settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES) -> dict[str, object]:
    """What index.js reads: task input -> the setting's environment variable."""
    return {"inputs": {entry.input: entry.env for entry in admin_entries(settings_cls, sources)}}


DEFAULTS_START, DEFAULTS_END = "<!-- input-defaults:start -->", "<!-- input-defaults:end -->"
ADMIN = ROOT / "docs" / "admin.md"


def input_defaults(settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES) -> str:
    """docs/admin.md's list of the pipeline variables a task input overrides because it has a default."""
    inputs = {item["name"]: item for item in task_json(settings_cls, sources)["inputs"]}
    rows = [
        f"- `{variable}` (input `{name}`, default `{inputs[name]['defaultValue']}`)"
        for name, variable in env_map(settings_cls, sources)["inputs"].items()
        if inputs[name]["defaultValue"] != ""
    ]
    return "\n".join(rows)


def _admin_md(settings_cls: type[BaseModel], sources: Sequence[DeclaredSource]) -> str:
    """docs/admin.md with its input defaults and its settings table (scripts/settings_table.py) made again."""
    text = ADMIN.read_text(encoding="utf-8")
    head, start, rest = text.partition(DEFAULTS_START)
    _, end, tail = rest.partition(DEFAULTS_END)
    if not start or not end:
        raise SystemExit(f"docs/admin.md lacks the markers {DEFAULTS_START} and {DEFAULTS_END}")
    text = f"{head}{DEFAULTS_START}\n{input_defaults(settings_cls, sources)}\n{DEFAULTS_END}{tail}"
    return replace_between_markers(text, table(settings_cls, sources))


TEMPLATE = ROOT / "pipelines" / "templates" / "doc-context.yml"


def rendered(settings_cls: type[BaseModel] = Settings, sources: Sequence[DeclaredSource] = SOURCES) -> dict[Path, str]:
    """Every generated file, by path: what the settings model and the registered document sources give."""
    entries = admin_entries(settings_cls, sources)
    return {
        TASK_DIR / "task.json": json.dumps(task_json(settings_cls, sources), indent=2) + "\n",
        TASK_DIR / "env-map.json": json.dumps(env_map(settings_cls, sources), indent=2) + "\n",
        ADMIN: _admin_md(settings_cls, sources),
        TEMPLATE: template_yml(TEMPLATE.read_text(encoding="utf-8"), entries, groups(sources)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the files")
    args = parser.parse_args(argv)
    stale = [path for path, text in rendered().items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.write:
        for path, text in rendered().items():
            path.write_text(text, encoding="utf-8")
        return 0
    for path in stale:
        print(f"{path.relative_to(ROOT)} is stale: run python scripts/task_json.py --write")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
