"""The files generated from the settings model and the document sources' declarations are held equal to the
checked-in ones, as a lock file is held to its input: task/task.json, task/env-map.json, the step template's
settings (parameters and env), docs/admin.md's input defaults and settings table. The settings catalog, the secrets
Settings masks, the tests' secret list and the demo's environment filter are read from the same declarations.

Registering a source (tests/toy_source.py: a URL setting and a secret) adds its inputs to task.json, env-map.json
and the template, and nothing else changes: every other generated line stays as it was.
"""

from __future__ import annotations

import difflib
import importlib
import json
import sys
from pathlib import Path

from doc_context.demo import run_env
from doc_context.registry import SOURCES
from doc_context.settings import Settings, secret_variables, setting_variables

from . import strict_yaml
from .conftest import SECRET_VARIABLES
from .toy_source import WithToy, registered

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
catalog = importlib.import_module("settings_catalog")
task_json = importlib.import_module("task_json")
settings_table = importlib.import_module("settings_table")
TASK, ENV_MAP, TEMPLATE = ROOT / "task" / "task.json", ROOT / "task" / "env-map.json", task_json.TEMPLATE


def test_the_generated_files_equal_the_checked_in_ones():
    for path, text in task_json.rendered().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: python scripts/task_json.py --write"


def added_and_removed(before: str, after: str) -> tuple[list[str], list[str]]:
    lines = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return [x[2:] for x in lines if x.startswith("+ ")], [x[2:] for x in lines if x.startswith("- ")]


def test_registering_a_source_adds_its_inputs_and_changes_nothing_else():
    plain, toy = task_json.rendered(), task_json.rendered(WithToy, registered([]))

    before, after = json.loads(plain[TASK]), json.loads(toy[TASK])
    new = [i for i in after["inputs"] if i not in before["inputs"]]
    assert [(i["name"], i["groupName"], i["defaultValue"]) for i in new] == [
        ("toyUrl", "toy", ""),
        ("toyToken", "toy", ""),
    ]
    assert "A secret: pass a secret variable, e.g. `$(TOY_TOKEN)`" in new[1]["helpMarkDown"]
    assert [i for i in after["inputs"] if i not in new] == before["inputs"]
    assert [g for g in after["groups"] if g not in before["groups"]] == [
        {"name": "toy", "displayName": "Toy docs", "isExpanded": False}
    ]
    assert json.loads(toy[ENV_MAP])["inputs"] == {
        **json.loads(plain[ENV_MAP])["inputs"],
        "toyUrl": "TOY_URL",
        "toyToken": "TOY_TOKEN",
    }

    added, removed = added_and_removed(plain[TEMPLATE], toy[TEMPLATE])
    assert removed == []
    assert added == [
        "",
        "# --- Toy docs ---",
        "# The toy docs' site, e.g. https://toy.example/docs.",
        "- name: toyUrl",
        "  type: string",
        "  default: ''",
        "# The toy docs' API token. The template takes the name of the variable that holds it.",
        "- name: toyTokenVariable",
        "  type: string",
        "  default: TOY_TOKEN",
        "    ${{ if ne(parameters.toyUrl, '') }}:",
        "      TOY_URL: ${{ parameters.toyUrl }}",
        "    ${{ if ne(parameters.toyTokenVariable, '') }}:",
        "      TOY_TOKEN: $(${{ parameters.toyTokenVariable }})",
    ]
    assert strict_yaml.load(toy[TEMPLATE])["parameters"]  # still a template the agent reads
    added, removed = added_and_removed(plain[task_json.ADMIN], toy[task_json.ADMIN])  # its two rows in the table
    assert removed == [] and [row.split(" | ")[2] for row in added] == ["`TOY_URL`", "`TOY_TOKEN`"]
    assert set(plain) == {TASK, ENV_MAP, TEMPLATE, task_json.ADMIN}


def test_the_secret_list_the_demo_filter_and_the_settings_table_follow_the_declarations():
    assert set(secret_variables(WithToy)) - set(secret_variables()) == {"TOY_TOKEN"}
    assert setting_variables(WithToy) - setting_variables() == {"TOY_URL", "TOY_TOKEN"}
    assert WithToy(toy_token="toy-secret-5f1e").secrets() == ["toy-secret-5f1e"]
    assert [e.env for e in catalog.catalog(WithToy, registered([])) if e.group == "toy"] == ["TOY_URL", "TOY_TOKEN"]
    added, removed = added_and_removed(settings_table.table(), settings_table.table(WithToy, registered([])))
    assert removed == [] and [row.split(" | ")[2] for row in added] == ["`TOY_URL`", "`TOY_TOKEN`"]
    assert secret_variables() == SECRET_VARIABLES  # the tests scan every CLI run for these
    assert {"CONFLUENCE_API_TOKEN", "CONFLUENCE_PASSWORD", "CONFLUENCE_PAT"} <= set(SECRET_VARIABLES)


def test_the_demo_leaves_every_setting_of_the_machine_out(monkeypatch):
    for name in ("CONFLUENCE_URL", "CONFLUENCE_USERNAME", "DOC_CONTEXT_TIMEOUT", "AZURE_CLIENT_ID"):
        monkeypatch.setenv(name, "from the machine")
    monkeypatch.setenv("HOME_GROWN", "kept")
    env = run_env({"CONFLUENCE_URL": "http://127.0.0.1:1/wiki"}, "/tmp/cache")
    assert env["CONFLUENCE_URL"] == "http://127.0.0.1:1/wiki" and env["HOME_GROWN"] == "kept"
    assert not {"CONFLUENCE_USERNAME", "DOC_CONTEXT_TIMEOUT", "AZURE_CLIENT_ID"} & set(env)


def test_each_source_with_settings_is_its_own_input_group():
    groups = [name for name, _, _ in catalog.groups()]
    for source in SOURCES:
        fields = source.fields()
        assert (source.name in groups) == bool(fields), source.name
        named = {f for f in fields if "group" in (Settings.model_fields[f].json_schema_extra or {})}
        assert {e.group for e in catalog.catalog() if e.field in set(fields) - named} <= {source.name}
    assert set(Settings.model_fields) >= {f for s in SOURCES for f in s.fields()}
