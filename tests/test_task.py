"""The DocContext task: task.json mirrors the settings, and the Node shim runs doc-context against the sandbox."""

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doc_context.demo import run_env
from doc_context.settings import Settings

from .conftest import Ran, ends_failed, error_issues

pytestmark = pytest.mark.e2e  # the Node shim in a subprocess

ROOT = Path(__file__).resolve().parent.parent
TASK = ROOT / "task"
sys.path.insert(0, str(ROOT / "scripts"))
catalog = importlib.import_module("settings_catalog")
task_json = importlib.import_module("task_json")

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
TASK_ONLY = {"command", "pythonExecutable", "install", "onlyForPullRequests", "runOnForks"}


def first_alias(field: str) -> str:
    return Settings.model_fields[field].validation_alias.choices[0]


def task_inputs() -> dict[str, dict]:
    return {item["name"]: item for item in json.loads((TASK / "task.json").read_text())["inputs"]}


def env_map() -> dict[str, str]:
    return json.loads((TASK / "env-map.json").read_text())["inputs"]


def test_every_admin_setting_has_an_input_and_every_input_a_setting():
    """Independent of the generator: a new setting must be given an input or declared pipeline-provided."""
    by_env = {first_alias(field): field for field in Settings.model_fields}
    mapped = env_map()
    for name, variable in mapped.items():
        assert variable in by_env, f"input {name} maps to {variable}, which is no setting's variable"
    covered = {by_env[variable] for variable in mapped.values()}
    for field in Settings.model_fields:
        if field not in catalog.PIPELINE_PROVIDED:
            assert field in covered, f"setting {field} ({first_alias(field)}) has no task input"
    assert not covered & set(catalog.PIPELINE_PROVIDED)
    assert set(task_inputs()) == set(mapped) | TASK_ONLY


def test_inputs_carry_the_settings_defaults_choices_and_descriptions():
    inputs = task_inputs()
    for entry in catalog.admin_entries():
        item = inputs[entry.input]
        assert item["defaultValue"] == catalog.format_default(entry.default)
        assert entry.description in item["helpMarkDown"] and entry.env in item["helpMarkDown"]
        if entry.choices:
            assert item["type"] == "pickList" and list(item["options"]) == list(entry.choices)
        if entry.kind == "bool":
            assert item["type"] == "boolean"
        if entry.secret:
            assert item["defaultValue"] == "" and "secret variable" in item["helpMarkDown"]


def test_no_input_installs_doc_context_by_name_from_an_index():
    inputs = task_inputs()
    assert inputs["install"]["defaultValue"] == "bundled"
    assert list(inputs["install"]["options"]) == ["bundled", "preinstalled"]
    for item in inputs.values():
        assert "doc-context==" not in str(item["defaultValue"]), item["name"]


@pytest.fixture
def shim(tmp_path):
    """Run task/index.js the way the agent does: inputs as INPUT_*, the job token as the SystemVssConnection."""

    def run(sandbox, inputs: dict[str, str], **pipeline: str) -> subprocess.CompletedProcess:
        env = {k: v for k, v in sandbox.env().items() if not k.startswith("CONFLUENCE_") and k != "SYSTEM_ACCESSTOKEN"}
        env["ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN"] = sandbox.info.token
        env.update(pipeline)
        env.update(
            {
                "INPUT_" + name.upper(): value
                for name, value in {"pythonExecutable": sys.executable, "install": "preinstalled", **inputs}.items()
            }
        )
        return subprocess.run(
            [NODE, str(TASK / "index.js")],
            env=run_env(env, str(tmp_path / "sdk-cache")),
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )

    return run


def confluence_inputs(sandbox) -> dict[str, str]:
    env = sandbox.env()
    return {
        "confluenceUrl": env["CONFLUENCE_URL"],
        "confluenceEmail": env["CONFLUENCE_EMAIL"],
        "confluenceApiToken": env["CONFLUENCE_API_TOKEN"],
    }


@needs_node
def test_shim_posts_one_thread_with_the_inputs_as_settings(sandbox, shim):
    ran = shim(sandbox, {**confluence_inputs(sandbox), "markerKey": "Task.Thread", "threadStatus": "fixed"})
    assert ran.returncode == 0, ran.stdout + ran.stderr
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    assert threads[0]["status"] == "fixed"
    assert "Task.Thread" in threads[0]["properties"]
    assert any(r.path.endswith("/rest/api/user/current") for r in sandbox.confluence.requests()), (
        "the Confluence credentials came through the inputs"
    )
    masked = {
        line.removeprefix("##vso[task.setsecret]")
        for line in ran.stdout.splitlines()
        if line.startswith("##vso[task.setsecret]")
    }
    assert {sandbox.info.token, sandbox.env()["CONFLUENCE_API_TOKEN"]} <= masked, "secret inputs are masked"
    shown = "\n".join(line for line in (ran.stdout + ran.stderr).splitlines() if "task.setsecret" not in line)
    assert sandbox.info.token not in shown


@needs_node
def test_shim_inputs_override_the_pipeline_pull_request(sandbox, shim):
    ran = shim(
        sandbox,
        {"pullRequestId": str(sandbox.info.pr_id), "onlyForPullRequests": "false"},
        SYSTEM_PULLREQUEST_PULLREQUESTID="999",
        BUILD_REASON="ResourceTrigger",
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def ran_as(done: subprocess.CompletedProcess) -> Ran:
    return Ran(done.returncode, done.stdout, done.stderr)


@needs_node
@pytest.mark.parametrize(
    ("inputs", "says"),
    [
        ({"threadStatus": "maybe"}, "invalid setting threadStatus: Input should be 'active'"),
        ({"confluenceUrl": "https://acme.atlassian.net:99999/wiki"}, "invalid setting confluenceUrl: is not a usable"),
        ({"maxPages": "lots"}, "invalid setting maxPages: Input should be a valid integer"),
    ],
)
def test_shim_errors_name_the_input_the_admin_typed_once_and_end_failed(sandbox, shim, inputs, says):
    ran = ran_as(shim(sandbox, inputs))
    assert ran.code == 2
    (error,) = error_issues(ran.stdout)
    assert error.startswith(says), error
    assert ends_failed(ran) == error.splitlines()[0]
    variable = env_map()[next(iter(inputs))]
    assert variable not in ran.output, f"the admin typed {next(iter(inputs))}, not {variable}"
    assert sandbox.ado.threads(sandbox.info.pr_id) == []


@needs_node
def test_shim_warnings_name_the_inputs_too(sandbox, shim):
    ran = ran_as(shim(sandbox, {"confluenceUrl": sandbox.env()["CONFLUENCE_URL"]}))
    assert ran.code == 0, ran.output
    warning = next(line for line in ran.stdout.splitlines() if "no Confluence credentials" in line)
    assert "confluenceUrl with confluenceEmail + confluenceApiToken" in warning and "CONFLUENCE_" not in warning


@needs_node
def test_shim_without_the_job_token_says_what_the_task_reads_before_installing(sandbox, shim):
    """The task passes on the SystemVssConnection endpoint's token: no `env: SYSTEM_ACCESSTOKEN` to map."""
    ran = ran_as(shim(sandbox, {"install": "bundled"}, ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN=""))
    assert ran.code == 1
    (error,) = error_issues(ran.stdout)
    assert "job's access token" in error and "SystemVssConnection endpoint" in error and "azureDevOpsPat" in error
    assert "SYSTEM_ACCESSTOKEN" not in ran.output and "env:" not in ran.output
    assert ends_failed(ran) == error
    assert "##[command]" not in ran.stdout, "nothing was installed or started"
    assert sandbox.ado.requests() == []


@needs_node
def test_shim_skips_builds_that_are_not_for_a_pull_request(sandbox, shim):
    ran = shim(sandbox, {}, BUILD_REASON="IndividualCI")
    assert ran.returncode == 0
    assert "skipped" in ran.stdout
    assert sandbox.ado.requests() == []


@needs_node
def test_node_unit_tests_pass():
    ran = subprocess.run(
        [NODE, "--test", str(TASK / "test")], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
