"""The documented template route, expanded as Azure Pipelines expands it and run step by step as the agent runs
it, against the sandbox: with `preinstalled: true` it posts the comment; a failed install skips the run step."""

import sys
from pathlib import Path

import pytest

from doc_context import installed
from doc_context.demo import run_env

from . import strict_yaml
from .azure_agent import Agent, env_name, path_with, shim_python
from .azure_template import TemplateError, evaluate, expand, expand_pipeline, expand_template
from .conftest import assert_no_secret

ROOT = Path(__file__).resolve().parent.parent
ADMIN = ROOT / "docs" / "admin.md"
TEMPLATE_PATH = "pipelines/templates/doc-context.yml"
TEMPLATE = ROOT / TEMPLATE_PATH
RUN = "doc-context: business context comment"
READY = "doc-context: the preinstalled doc-context"


# --- the expander itself ---


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ("eq('True', 'true')", True),  # strings compare ignoring case
        ("eq(parameters.on, false)", False),
        ("eq(parameters.on, 'True')", True),  # the right side converts to the left side's type
        ("ne(parameters.n, 0)", True),
        ("eq(parameters.n, '7')", True),
        ("eq(parameters.n, 'seven')", False),  # no conversion: not equal
        ("ne(parameters.s, '')", False),
        ("in(parameters.auth, 'pipelines', 'azure-cli')", True),
        ("or(in(parameters.auth, 'pat'), eq(parameters.s, ''))", True),
        ("and(parameters.on, not(parameters.s))", True),
        ("parameters.hook.resource.pullRequestId", 42),
        ("parameters['hook']['resource']['pullRequestId']", 42),
        ("'it''s'", "it's"),
    ],
)
def test_expressions_evaluate_as_azure_pipelines_does(expression, value):
    context = {
        "parameters": {"on": True, "n": 7, "s": "", "auth": "azure-cli", "hook": {"resource": {"pullRequestId": 42}}}
    }
    assert evaluate(expression, context) == value


def test_insertions_values_and_each_expand_as_the_server_does():
    context = {"parameters": {"a": "", "b": "x", "flag": True, "n": 3, "names": ["p", "q"]}}
    document = strict_yaml.load(
        """
steps:
- ${{ if ne(parameters.a, '') }}:
  - script: a
- ${{ elseif ne(parameters.b, '') }}:
  - script: b ${{ parameters.b }}
- ${{ else }}:
  - script: neither
- ${{ each name in parameters.names }}:
  - script: echo ${{ name }}
- task: T@1
  condition: eq('${{ parameters.flag }}', 'True')
  inputs:
    count: ${{ parameters.n }}
    text: n=${{ parameters.n }}
  env:
    ${{ if parameters.flag }}:
      FLAG: ${{ parameters.flag }}
    ${{ else }}:
      NO_FLAG: '1'
    ALWAYS: here
"""
    )
    assert expand(document, context)["steps"] == [
        {"script": "b x"},
        {"script": "echo p"},
        {"script": "echo q"},
        {
            "task": "T@1",
            "condition": "eq('True', 'True')",
            "inputs": {"count": 3, "text": "n=3"},  # a whole value keeps its type; inside text it is text
            "env": {"FLAG": True, "ALWAYS": "here"},
        },
    ]


@pytest.mark.parametrize(
    ("given", "refused"),
    [
        ({"nope": 1}, "unexpected parameters"),
        ({"preinstalled": "yes"}, "not a boolean"),
        ({"maxPages": "many"}, "not a number"),
        ({"auth": "basic"}, "not one of"),
    ],
)
def test_the_template_refuses_what_the_server_refuses(given, refused):
    with pytest.raises(TemplateError, match=refused):
        expand_template(TEMPLATE, given)


def test_an_else_needs_an_if():
    with pytest.raises(TemplateError, match="without an"):
        expand([{"${{ else }}": [{"script": "x"}]}], {"parameters": {}})
    with pytest.raises(TemplateError, match="not supported"):
        evaluate("coalesce(parameters.a)", {"parameters": {"a": 1}})


# --- the template's steps for each install route ---


def kinds(steps: list[dict]) -> list[str]:
    return [s.get("task") or s.get("script") or f"checkout: {s.get('checkout')}" for s in steps]


def test_preinstalled_expands_to_python_a_check_and_the_run():
    steps = expand_template(TEMPLATE, {"preinstalled": True, "confluenceUrl": "https://acme.atlassian.net/wiki"})
    assert kinds(steps) == ["UsePythonVersion@0", "python -m doc_context.installed", "PythonScript@0"]
    python, check, run = steps
    assert python["inputs"] == {"versionSpec": "3.11"}
    assert check["displayName"] == READY and run["displayName"] == RUN
    assert f"eq(variables['{installed.VARIABLE}'], 'true')" in run["condition"]
    assert "eq('True', 'False'), eq(variables['Build.Reason'], 'PullRequest')" in run["condition"]
    assert run["env"] == {
        "SYSTEM_ACCESSTOKEN": "$(System.AccessToken)",
        "DOC_CONTEXT_AUTH": "auto",
        "AZURE_DEVOPS_PAT": "$(AZURE_DEVOPS_PAT)",
        "CONFLUENCE_URL": "https://acme.atlassian.net/wiki",
        "CONFLUENCE_DEPLOYMENT": "auto",
        "CONFLUENCE_EMAIL": "$(CONFLUENCE_EMAIL)",
        "CONFLUENCE_API_TOKEN": "$(CONFLUENCE_API_TOKEN)",
        "CONFLUENCE_PAT": "$(CONFLUENCE_PAT)",
        "DOC_CONTEXT_MAX_PAGES": 25,
        "DOC_CONTEXT_CONFLUENCE_DEADLINE": 60,
        "DOC_CONTEXT_CONFLUENCE_CONCURRENCY": 32,
        "DOC_CONTEXT_PAGE_CONTENT": "summary",
        "DOC_CONTEXT_RESTRICTED_PAGES": "titles",
        "JIRA_EMAIL": "$(JIRA_EMAIL)",
        "JIRA_API_TOKEN": "$(JIRA_API_TOKEN)",
        "JIRA_PAT": "$(JIRA_PAT)",
        "DOC_CONTEXT_JIRA_DEADLINE": 60,
        "DOC_CONTEXT_MARKER_KEY": "DocContext.Thread",
        "DOC_CONTEXT_THREAD_STATUS": "closed",
        "DOC_CONTEXT_COMMENT_BUDGET": 3000,
        "DOC_CONTEXT_PARENT_DEPTH": 1,
        "DOC_CONTEXT_TIMEOUT": 30,
        "DOC_CONTEXT_CONCURRENCY": 8,
        "DOC_CONTEXT_DEADLINE": 300,
        "DOC_CONTEXT_DRY_RUN": False,
        "DOC_CONTEXT_FAIL_ON_WARNING": False,
        "DOC_CONTEXT_PUBLISH_CONTEXT": False,
        "DOC_CONTEXT_LLM_MODEL": "gpt-4o-mini",
        "DOC_CONTEXT_LLM_API_KEY": "$(DOC_CONTEXT_LLM_API_KEY)",
        "DOC_CONTEXT_LLM_AUTH": "bearer",
        "DOC_CONTEXT_LLM_TIMEOUT": 60,
    }
    assert 'sys.exit(main(["run"]' in run["inputs"]["script"]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (
            {"feed": "Platform/doc-context"},
            ["PipAuthenticate@1", 'python -m pip install --disable-pip-version-check --quiet "doc-context==0.1.0" '
             "&& python -m doc_context.installed"],
        ),
        (
            {"feed": "Platform/doc-context", "auth": "azure-cli", "pythonVersion": ""},
            ["PipAuthenticate@1", 'python -m pip install --disable-pip-version-check --quiet '
             '"doc-context[entra]==0.1.0" && python -m doc_context.installed'],
        ),
        (
            {"wheel": "/w/doc_context-0.1.0-py3-none-any.whl", "llmAuth": "entra", "preinstalled": True},
            ['python -m pip install --disable-pip-version-check --quiet "/w/doc_context-0.1.0-py3-none-any.whl[entra]" '
             "&& python -m doc_context.installed"],
        ),
    ],
)  # fmt: skip
def test_feed_and_wheel_expand_to_an_install_that_ends_ready(given, expected):
    steps = expand_template(TEMPLATE, given)
    python = [] if given.get("pythonVersion") == "" else ["UsePythonVersion@0"]
    assert kinds(steps) == [*python, *expected, "PythonScript@0"]


def test_no_install_source_expands_to_a_step_that_fails_and_says_why():
    steps = expand_template(TEMPLATE, {})
    assert [s["displayName"] for s in steps][1:] == ["doc-context: no install source", RUN]
    assert "exit 1" in steps[1]["script"] and "preinstalled: true" in steps[1]["script"]
    last = steps[1]["script"].strip().splitlines()[-2]
    assert last.startswith('echo "##vso[task.complete result=Failed;]'), "the step's result says why"


# --- the documented route, run ---


def documented_use() -> tuple[dict, dict]:
    """docs/admin.md's pipeline that uses the template (linked from the README, "Install doc-context")."""
    for block in strict_yaml.yaml_blocks(ADMIN):
        pipeline = strict_yaml.load(block)
        if isinstance(pipeline, dict) and "steps" in pipeline:
            uses = [s for s in pipeline["steps"] if str(s.get("template", "")).startswith(TEMPLATE_PATH)]
            if uses:
                return pipeline, uses[0]
    raise AssertionError("docs/admin.md shows no pipeline that uses the template")


def route(sandbox, **changes) -> list[dict]:
    """The documented pipeline as written, with the sandbox's Confluence and `changes` to its parameters
    (preinstalled: true instead of the feed unless told otherwise), expanded."""
    pipeline, use = documented_use()
    assert use["parameters"]["feed"] == "Platform/doc-context"
    parameters = {k: v for k, v in use["parameters"].items() if k != "feed"}
    parameters |= {"preinstalled": True, "confluenceUrl": sandbox.env()["CONFLUENCE_URL"]} | changes
    use["parameters"] = {k: v for k, v in parameters.items() if v is not None}

    def template(reference: str) -> Path:
        path, _, repository = reference.partition("@")
        assert repository in {r["repository"] for r in pipeline["resources"]["repositories"]}
        return ROOT / path

    return expand_pipeline(pipeline, template)


def agent(sandbox, tmp_path, *python_flags: str, variables: dict[str, str | None] | None = None) -> Agent:
    """A PR build's agent: the pipeline variables (`variables` changes them; None removes one), the variable
    group's secrets and the job token, and `python` on PATH the interpreter running these tests (with -S: one
    where doc-context is not installed)."""
    env = sandbox.env()
    secrets = {"System.AccessToken": env["SYSTEM_ACCESSTOKEN"]}
    secrets |= {name: env[name] for name in ("CONFLUENCE_EMAIL", "CONFLUENCE_API_TOKEN")}
    given = {k: v for k, v in env.items() if k not in secrets and k not in ("SYSTEM_ACCESSTOKEN", "CONFLUENCE_URL")}
    given |= {"Agent.TempDirectory": str(tmp_path), "System.PullRequest.IsFork": "False"}
    given = {env_name(k): v for k, v in given.items()} | {env_name(k): v for k, v in (variables or {}).items()}
    base = run_env({}, str(tmp_path / "sdk-cache"))
    base["PATH"] = path_with(shim_python(tmp_path / "bin", sys.executable, *python_flags))
    return Agent({k: v for k, v in given.items() if v is not None}, secrets, base, workdir=tmp_path)


def results(log) -> dict[str, str]:
    return {step.name: step.result for step in log}


@pytest.mark.e2e
def test_the_documented_route_with_preinstalled_posts_the_comment(sandbox, tmp_path):
    steps = route(sandbox)
    assert kinds(steps) == ["checkout: self", "UsePythonVersion@0", "python -m doc_context.installed", "PythonScript@0"]
    ran = agent(sandbox, tmp_path)
    log = ran.run(steps)
    assert [s.result for s in log] == ["Succeeded"] * 4, [s.output for s in log]
    assert ran.variables["DOCCONTEXT_READY"] == "true"
    assert "comment thread" in log[-1].output and "created" in log[-1].output
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1 and threads[0]["status"] == "closed"
    assert any(r.path.endswith("/rest/api/user/current") for r in sandbox.confluence.requests())
    assert_no_secret("".join(s.output for s in log), [sandbox.env()["CONFLUENCE_API_TOKEN"], sandbox.info.token])


@pytest.mark.e2e
def test_a_failed_earlier_step_of_the_job_still_gets_the_comment(sandbox, tmp_path):
    steps = route(sandbox)
    log = agent(sandbox, tmp_path).run([steps[0], {"script": "exit 1", "displayName": "the tests"}, *steps[1:]])
    assert results(log) == {"the tests": "Failed", "self": "Succeeded", "doc-context: use Python 3.11": "Succeeded",
                            READY: "Succeeded", RUN: "Succeeded"}  # fmt: skip
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


@pytest.mark.e2e
@pytest.mark.parametrize(
    ("changes", "flags", "install", "says"),
    [
        ({}, ("-S",), READY, "No module named 'doc_context'"),  # preinstalled, but not in this Python
        ({"preinstalled": None}, (), "doc-context: no install source", "say where to install it from"),
        (
            {"wheel": "/nowhere/doc_context-0.1.0-py3-none-any.whl"},
            (),
            "doc-context: install /nowhere/",
            "does not exist",
        ),
    ],
)
def test_a_failed_install_skips_the_run_step(sandbox, tmp_path, changes, flags, install, says):
    steps = route(sandbox, **changes)
    log = agent(sandbox, tmp_path, *flags).run(steps)
    (failed,) = [s for s in log if s.result == "Failed"]
    assert failed.name.startswith(install) and says in failed.output, failed.output
    assert results(log)[RUN] == "Skipped"
    assert sandbox.ado.threads(sandbox.info.pr_id) == []
    assert "Traceback" not in "".join(s.output for s in log)


@pytest.mark.e2e
def test_the_pull_request_from_parameters_wins_over_predefined_variables(sandbox, tmp_path):
    """A service-hook or rerun pipeline's own repository and project are predefined variables, which a step's env
    cannot override: the template hands the PR's to `doc-context run` as flags."""
    info = sandbox.info
    steps = expand_template(
        TEMPLATE,
        {
            "preinstalled": True,
            "confluenceUrl": sandbox.env()["CONFLUENCE_URL"],
            "pullRequestId": info.pr_id,
            "repository": info.repo_id,
            "project": info.project_id,
            "onlyForPullRequests": False,
            "markerKey": "Hook.Thread",
        },
    )
    pipeline = {
        "Build.Repository.Id": "the-webhook-pipelines-own-repo",
        "System.TeamProjectId": "the-webhook-pipelines-own-project",
        "Build.Reason": "ResourceTrigger",
        "System.PullRequest.PullRequestId": None,
    }
    log = agent(sandbox, tmp_path, variables=pipeline).run(steps)
    assert results(log)[RUN] == "Succeeded", log[-1].output
    threads = sandbox.ado.threads(info.pr_id)
    assert len(threads) == 1 and "Hook.Thread" in threads[0]["properties"]


@pytest.mark.e2e
def test_a_pull_request_only_step_is_skipped_for_other_builds(sandbox, tmp_path):
    steps = expand_template(TEMPLATE, {"preinstalled": True})
    log = agent(sandbox, tmp_path, variables={"Build.Reason": "Manual"}).run(steps)
    assert set(results(log).values()) == {"Skipped"}


def test_the_agent_leaves_an_undefined_macro_literal_and_keeps_secrets_out_of_the_environment(tmp_path):
    ran = Agent({"Build.Reason": "PullRequest"}, {"System.AccessToken": "t0ken"}, {"PATH": "/usr/bin:/bin"}, tmp_path)
    step = {
        "script": 'echo "$A|$B|${SYSTEM_ACCESSTOKEN:-none}|$BUILD_REASON"',
        "env": {"A": "$(System.AccessToken)", "B": "$(UNDEFINED)"},
    }
    (done,) = ran.run([step])
    assert done.output == "t0ken|$(UNDEFINED)|none|PullRequest\n"
