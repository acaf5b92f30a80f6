"""A failed run as the agent and the admin expect it: the error once, then the step's result with one line.

The CLI as a subprocess against the sandbox, in a pipeline (TF_BUILD, as sandbox.env() has it) and at a
terminal; the task's side is in test_task.py.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doc_context import cli
from doc_context.sandbox import Sandbox

from .conftest import FAILED, ends_failed, error_issues

pytestmark = pytest.mark.e2e  # the CLI in a subprocess


def terminal(sandbox: Sandbox) -> dict[str, str]:
    return {k: v for k, v in sandbox.env().items() if k != "TF_BUILD"}


CASES = {
    "bad setting": ({"DOC_CONTEXT_THREAD_STATUS": "maybe"}, ["run"], 2, "invalid setting DOC_CONTEXT_THREAD_STATUS"),
    "no pull request": ({"SYSTEM_PULLREQUEST_PULLREQUESTID": "999"}, ["run"], 1, "pull request 999"),
    "token refused": ({"SYSTEM_ACCESSTOKEN": "not-the-build-token"}, ["run"], 1, "SYSTEM_ACCESSTOKEN"),
    "usage": (
        {},
        ["run", "--pull-request", "x"],
        2,
        "not a pull request id (a whole number, 1 or more) (see doc-context run --help)",
    ),
    "check fails": ({"SYSTEM_ACCESSTOKEN": "not-the-build-token"}, ["check"], 1, "check failed: read the pull"),
    "warnings fail": ({"DOC_CONTEXT_FAIL_ON_WARNING": "true"}, ["run"], 1, "failing the step on 2 warnings"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_failed_pipeline_run_says_why_once_and_ends_failed(sandbox, cli, case):
    env, args, code, says = CASES[case]
    ran = cli({**sandbox.env(), **env}, *args)
    assert ran.code == code, ran.output
    (error,) = error_issues(ran.stdout)
    assert says in error, error
    assert ends_failed(ran) == error.splitlines()[0]  # the step's result: the error's line, the last line printed
    shown = [line for line in ran.output.splitlines() if says in line]
    assert shown == ran.stdout.splitlines()[-2:], "the error issue and the result, nothing else repeats it"
    assert ran.stderr == "" and "Traceback" not in ran.output


@pytest.mark.parametrize("case", CASES)
def test_a_failed_terminal_run_says_why_once(sandbox, cli, case):
    env, args, code, says = CASES[case]
    ran = cli({**terminal(sandbox), **env}, *args)
    assert ran.code == code, ran.output
    shown = [line for line in ran.output.splitlines() if says in line]
    assert shown == [f"doc-context: {shown[0].removeprefix('doc-context: ')}"] and "##vso[" not in ran.output


def test_a_bug_is_exit_3_with_its_traceback_then_the_result(sandbox, monkeypatch):
    """The one `except Exception`: the traceback, an error issue asking for a report, the result last. The bug
    here: the printer itself fails on the first line a pipeline run prints (it masks the job token)."""
    lines: list[str] = []

    def printer(line: str) -> None:
        if line.startswith("##vso[task.setsecret]"):
            raise RuntimeError("a bug")
        lines.append(line)

    for name, value in sandbox.env().items():
        monkeypatch.setenv(name, value)
    assert cli.main(["run"], out=printer) == 3
    assert lines[0].startswith("Traceback") and "RuntimeError: a bug" in lines[0]
    assert lines[1].startswith("##vso[task.logissue type=error;]failed unexpectedly")
    assert lines[2:] == [FAILED + "failed unexpectedly (the traceback is above): please report it"]


def fake_az(directory: Path) -> str:
    """An `az` that is installed but not signed in, first on PATH."""
    directory.mkdir()
    az = directory / "az"
    az.write_text("#!/bin/sh\necho \"ERROR: Please run 'az login' to setup account.\" >&2\nexit 1\n")
    az.chmod(0o755)
    return f"{directory}{os.pathsep}{os.environ['PATH']}"


def test_azure_cli_sign_in_that_fails_is_one_error_not_four_get_token_lines(sandbox, cli, tmp_path):
    """With the SDK's discovery cached (a second run on an agent), the run's four first requests go out at once,
    each asking azure-identity for a token; each failure was a `get_token failed` line on stderr."""
    warm = cli(sandbox.env(), "run", "--dry-run")  # fills the SDK's disk cache, as an earlier run did
    assert warm.code == 0, warm.output
    ran = cli({**sandbox.env(), "DOC_CONTEXT_AUTH": "azure-cli", "PATH": fake_az(tmp_path / "bin")}, "run")
    assert ran.code == 1
    assert "get_token failed" not in ran.output
    (error,) = error_issues(ran.stdout)
    assert "Entra ID sign-in failed" in error and "az login" in error
    assert ends_failed(ran) == error
    assert ran.output.count("az login") == 2 and ran.stderr == ""  # the issue and the result
