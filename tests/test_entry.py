"""The entry reads the environment only through settings/: where it is run (TF_BUILD) as the settings parse it,
the task's input names, and the organization URL under all its names (an event's organization never wins)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doc_context.cli import main
from doc_context.errors import ConfigError
from doc_context.sandbox import Sandbox
from doc_context.settings import Settings, load_settings
from doc_context.settings.environment import TASK_INPUTS, in_pipeline, task_input_names

EVENT = Path(__file__).parent / "data" / "events" / "git.pullrequest.updated.json"


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for field in Settings.model_fields.values():
        for name in field.validation_alias.choices:  # type: ignore[union-attr]
            if name != "AZURE_DEVOPS_CACHE_DIR":
                monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(TASK_INPUTS, raising=False)
    return monkeypatch


@pytest.mark.parametrize("value", ["true", "True", "TRUE", "1", "yes", "on", "false", "0", "no", "", "maybe", "$(x)"])
def test_the_entry_and_the_settings_agree_on_tf_build(clean_env: pytest.MonkeyPatch, value: str) -> None:
    clean_env.setenv("TF_BUILD", value)
    try:
        settings_say = load_settings().tf_build
    except ConfigError:  # a value the settings refuse: the run stops on it, outside a pipeline's format
        settings_say = False
    assert in_pipeline() is settings_say
    lines: list[str] = []
    assert main(["run", "--pull-request", "0"], out=lines.append) == 2
    assert lines[0].startswith("##vso[task.logissue type=error;]" if settings_say else "doc-context: "), lines


def test_tf_build_1_is_a_pipeline_for_both(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("TF_BUILD", "1")
    assert load_settings().tf_build and in_pipeline()


@pytest.mark.parametrize(
    ("value", "names"),
    [
        ('{"CONFLUENCE_URL": "confluenceUrl"}', {"CONFLUENCE_URL": "confluenceUrl"}),
        ("", {}),
        ("not json", {}),
        ('["CONFLUENCE_URL"]', {}),
    ],
)
def test_the_task_input_names(value: str, names: dict[str, str]) -> None:
    assert task_input_names({TASK_INPUTS: value}) == names


def test_run_by_the_task_an_error_names_the_input_the_admin_typed(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv(TASK_INPUTS, json.dumps({"DOC_CONTEXT_DEADLINE": "deadline"}))
    clean_env.setenv("DOC_CONTEXT_DEADLINE", "-1")
    lines: list[str] = []
    assert main(["run"], out=lines.append) == 2
    assert "deadline:" in lines[0] and "DOC_CONTEXT_DEADLINE" not in lines[0], lines


def test_the_collection_uri_alias_wins_over_an_events_organization(
    clean_env: pytest.MonkeyPatch, sandbox: Sandbox, tmp_path: Path
) -> None:
    """SYSTEM_COLLECTIONURI names the organization as SYSTEM_TEAMFOUNDATIONCOLLECTIONURI does: the event's
    https://dev.azure.com/fabrikam (its resource.url) is not used, and the run reads the configured one."""
    payload = json.loads(EVENT.read_text())
    assert payload["resource"]["url"].startswith("https://dev.azure.com/fabrikam/")
    payload["resource"].update(pullRequestId=sandbox.info.pr_id)
    payload["resource"]["repository"].update(id=sandbox.info.repo_id)
    payload["resource"]["repository"]["project"].update(id=sandbox.info.project_id)
    event = tmp_path / "event.json"
    event.write_text(json.dumps(payload))
    for key, value in sandbox.env().items():
        if key == "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI":
            clean_env.setenv("SYSTEM_COLLECTIONURI", value)
        elif not key.startswith(("SYSTEM_PULLREQUEST", "BUILD_REPOSITORY", "SYSTEM_TEAMPROJECT")):
            clean_env.setenv(key, value)
    lines: list[str] = []
    assert main(["run", "--dry-run", "--event", str(event)], out=lines.append) == 0, lines
    assert sandbox.ado.requests(), "the run read the configured organization"
