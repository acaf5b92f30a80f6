"""`doc-context context` as a subprocess against the sandbox: the context on stdout, nothing posted.

The PR from the pipeline variables or from `--pr URL`; markdown (the comment's body) or the JSON document,
validated against its schema every time; warnings on stderr; exit codes as for `run`.
"""

from __future__ import annotations

import json
import stat
import time
from pathlib import Path

import pytest

from doc_context.sandbox.checkout import checkout_env, make_checkout

from .contextschema import parsed
from .test_audience import CASES, Case, chat, env_for  # noqa: F401  (chat: the fixture env_for needs)

WRITES = ("POST", "PATCH", "PUT", "DELETE")


def outside_a_pipeline(sandbox, **extra: str) -> dict[str, str]:
    """A person's shell: Confluence and Jira configured as for `run`, a PAT, no pipeline variables."""
    env = {k: v for k, v in sandbox.env().items() if k.startswith(("CONFLUENCE_", "JIRA_"))}
    return {**env, "AZURE_DEVOPS_PAT": sandbox.info.token, **extra}


def posted_nothing(sandbox) -> bool:
    return not sandbox.ado.threads(sandbox.info.pr_id) and not [
        r for r in sandbox.ado.requests() if r.method in WRITES and not r.path.lower().endswith("/workitemsbatch")
    ]


def test_markdown_from_the_pipeline_variables_is_the_comment_a_run_posts(sandbox, cli):
    ran = cli(sandbox.env(), "context")
    assert ran.code == 0, ran.output
    assert posted_nothing(sandbox), "context posts nothing"
    assert ran.stdout.startswith("## Business context\n")
    assert "##vso[task.logissue type=warning;]work item 4242: skipped" in ran.stderr
    assert "##vso[task.complete result=SucceededWithIssues;]" in ran.stderr
    assert "##vso[" not in ran.stdout and "warning" not in ran.stdout.lower()
    posted = cli(sandbox.env(), "run")
    assert posted.code == 0, posted.output
    (thread,) = sandbox.ado.threads(sandbox.info.pr_id)
    assert ran.stdout == thread["comments"][0]["content"] + "\n"


def test_json_from_the_pipeline_variables_follows_the_schema(sandbox, cli):
    ran = cli(sandbox.env(), "context", "--format", "json")
    assert ran.code == 0, ran.output
    doc = parsed(ran.stdout)
    info = sandbox.info
    assert doc["pullRequest"]["id"] == info.pr_id and doc["pullRequest"]["url"] == sandbox.pr_url()
    assert doc["pullRequest"]["project"] == info.project_name and doc["pullRequest"]["repository"] == info.repo_name
    assert [w["id"] for w in doc["workItems"]] == [info.story_id, info.bug_id, info.spike_id]
    story = doc["workItems"][0]
    assert story["criteria"] and all(
        set(c) == {"text", "withdrawn", "evidence", "evidenceBasis"} for c in story["criteria"]
    )
    assert {c["evidenceBasis"] for c in story["criteria"]} == {"diff"}  # no checkout: read through Azure DevOps
    assert len(story["criteria"]) == 4 and not any(c["withdrawn"] for c in story["criteria"])  # the seed's four
    assert [p["id"] for p in doc["parents"]] == [3907] and story["parents"] == [3907]
    assert {p["title"] for p in doc["pages"]} >= {"Checkout rounding policy"}
    assert [w["source"] for w in doc["warnings"]] == ["work item 4242", "confluence page 2883619999"]
    assert doc["readList"][-1] == "changed files: 8"
    assert posted_nothing(sandbox)


def test_on_a_checkout_the_criteria_carry_their_evidence_from_the_diff(sandbox, cli, tmp_path):
    env = {**sandbox.env(), **checkout_env(make_checkout(tmp_path / "checkout"), sandbox.info.pr_id, sandbox.ado)}
    ran = cli(env, "context", "--format", "json")
    assert ran.code == 0, ran.output
    story = parsed(ran.stdout)["workItems"][0]
    rounded = next(c for c in story["criteria"] if c["text"].startswith("The order total is rounded once"))
    assert rounded["evidenceBasis"] == "diff" and rounded["evidence"][0]["path"] == "/src/checkout/rounding.py"
    assert rounded["evidence"][0]["url"] == sandbox.pr_url() + "?_a=files&path=/src/checkout/rounding.py"


@pytest.mark.parametrize("output", ["markdown", "json"])
def test_pr_url_outside_a_pipeline_with_a_pat(sandbox, cli, output):
    ran = cli(outside_a_pipeline(sandbox), "context", "--pr", sandbox.pr_url(), "--format", output)
    assert ran.code == 0, ran.output
    in_pipeline = cli(sandbox.env(), "context", "--format", output)
    assert ran.stdout == in_pipeline.stdout, "the same context, from the address as from the pipeline variables"
    if output == "json":
        parsed(ran.stdout)
    assert "warning: work item 4242: skipped" in ran.stderr and "##vso[" not in ran.output  # a terminal's form
    assert posted_nothing(sandbox)


def test_pr_url_wins_over_the_pipeline_variables(sandbox, cli):
    other = sandbox.pr_url().replace(f"/pullrequest/{sandbox.info.pr_id}", "/pullrequest/999")
    ran = cli(sandbox.env(), "context", "--pr", other)
    assert ran.code == 1 and ran.stdout == ""
    assert "pull request 999" in ran.stderr and "TF401180: The requested pull request was not found" in ran.stderr


def test_a_bad_address_is_one_line_and_exit_2(sandbox, cli):
    ran = cli(outside_a_pipeline(sandbox), "context", "--pr", f"{sandbox.ado.base_url}/Fabrikam/_git/storefront")
    assert ran.code == 2 and ran.stdout == ""
    (line,) = ran.stderr.strip().splitlines()
    assert "is not a pull request's web address: it has no /pullrequest/{id}" in line
    assert not sandbox.ado.requests()


def test_no_pull_request_outside_a_pipeline_says_to_pass_pr(sandbox, cli):
    ran = cli(outside_a_pipeline(sandbox), "context")
    assert ran.code == 2 and ran.stdout == ""
    assert "doc-context: no pull request: pass --pr with its web address (https://dev.azure.com/" in ran.stderr


def fake_az(bin_dir: Path, token: str) -> None:
    """An `az` that answers `az account get-access-token` as a signed-in Azure CLI does (azure-identity reads
    accessToken and expires_on)."""
    az = bin_dir / "az"
    answer = json.dumps({"accessToken": token, "expires_on": int(time.time()) + 3600, "tokenType": "Bearer"})
    az.write_text(f"#!/bin/sh\necho '{answer}'\n", encoding="utf-8")  # a builtin: PATH holds only this folder
    az.chmod(az.stat().st_mode | stat.S_IEXEC)


def test_without_a_pat_it_signs_in_as_az_login_did(sandbox, cli, tmp_path):
    pytest.importorskip("azure.identity")
    fake_az(tmp_path, sandbox.info.user_token)
    env = {k: v for k, v in outside_a_pipeline(sandbox).items() if k != "AZURE_DEVOPS_PAT"}
    ran = cli({**env, "PATH": str(tmp_path)}, "context", "--pr", sandbox.pr_url(), "--format", "json")
    assert ran.code == 0, ran.output
    assert parsed(ran.stdout)["pullRequest"]["id"] == sandbox.info.pr_id
    auth = {r.headers.get("Authorization", "") for r in sandbox.ado.requests()}
    assert auth == {f"Bearer {sandbox.info.user_token}"}


def test_without_a_pat_or_a_sign_in_one_line_says_what_to_do(sandbox, cli, tmp_path):
    pytest.importorskip("azure.identity")
    env = {k: v for k, v in outside_a_pipeline(sandbox).items() if k != "AZURE_DEVOPS_PAT"}
    ran = cli({**env, "PATH": str(tmp_path)}, "context", "--pr", sandbox.pr_url())
    assert ran.code == 1 and ran.stdout == ""
    (line,) = ran.stderr.strip().splitlines()  # the first call that needs the sign-in names itself
    assert line.startswith("doc-context: could not ") and line.endswith(
        ": Entra ID sign-in failed (CredentialUnavailableError: Azure CLI not found on path). Sign in with "
        "'az login', with an account of the Azure DevOps organization, or set AZURE_DEVOPS_PAT"
    )


def test_in_a_pipeline_a_missing_job_token_is_named_never_a_sign_in(sandbox, cli):
    env = {k: v for k, v in sandbox.env().items() if k != "SYSTEM_ACCESSTOKEN"}
    ran = cli(env, "context")
    assert ran.code == 2 and "SYSTEM_ACCESSTOKEN: $(System.AccessToken)" in ran.stderr and ran.stdout == ""


def test_fail_on_warning_fails_as_run_does(sandbox, cli):
    ran = cli({**sandbox.env(), "DOC_CONTEXT_FAIL_ON_WARNING": "true"}, "context", "--format", "json")
    assert ran.code == 1 and "##vso[task.complete result=Failed;]" in ran.stderr
    parsed(ran.stdout)  # the context is still printed


@pytest.mark.parametrize("output", ["markdown", "json"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_withheld_text_appears_in_no_format(sandbox, cli, chat, tmp_path, case: Case, output: str):  # noqa: F811
    """The audience cases of test_audience.py (another project's item, a parent elsewhere, a restricted
    page, ...): the secret is in neither format, the title is, with the LLM overview on."""
    case.seed(sandbox, case.secret)
    ran = cli(env_for(sandbox, chat, tmp_path), "context", "--format", output)
    assert ran.code == 0, ran.output
    assert case.secret not in ran.output
    sent = "\n".join(r.body.decode("utf-8", "replace") for r in chat.requests())
    assert chat.requests() and case.secret not in sent and case.title not in sent
    if output == "json":
        doc = parsed(ran.stdout)
        assert case.title in {w["title"] for w in doc["withheld"]}
        shown = [*doc["workItems"], *doc["parents"], *doc["pages"]]
        assert case.title not in {s["title"] for s in shown}
    else:
        assert case.title in ran.stdout and case.shown in ran.stdout
