"""pipelines/: the step template covers every admin setting, and the examples use it correctly.

The template expanded and run as the agent runs it: tests/test_template_route.py."""

import importlib
import re
import sys
from pathlib import Path

import pytest
import yaml

from doc_context import installed
from doc_context.settings import Settings

from . import strict_yaml

ROOT = Path(__file__).resolve().parent.parent
PIPELINES = ROOT / "pipelines"
TEMPLATE = PIPELINES / "templates" / "doc-context.yml"
TEMPLATE_REF = "pipelines/templates/doc-context.yml@doc-context"
sys.path.insert(0, str(ROOT / "scripts"))
catalog = importlib.import_module("settings_catalog")
version = importlib.import_module("version")

PARAM = re.compile(r"\$\{\{\s*parameters\.(\w+)\s*\}\}")
FLAG_ENV = {env for env, _ in catalog.TEMPLATE_FLAG_ENV.values()}
# Values of these parameters may appear in step text: they are typed, restricted or set by the YAML author.
# Anything else (a PR id, a repository from a service-hook payload) must travel through env.
SAFE_IN_TEXT = {"command", "feed", "version", "wheel", "pythonVersion", "onlyForPullRequests", "runOnForks", "stepName"}
PIP = "python -m pip install --disable-pip-version-check --quiet"
READY = "python -m doc_context.installed"
ENTRA = "or(in(parameters.auth, 'pipelines', 'managed-identity', 'azure-cli'), eq(parameters.llmAuth, 'entra'))"


def load(path: Path):
    return strict_yaml.load_file(path)


def flat_steps(items: list) -> list[dict]:
    """Steps with `${{ if }}` / `${{ else }}` insertions opened up."""
    steps = []
    for item in items:
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)).startswith("${{"):
            steps += flat_steps(next(iter(item.values())))
        else:
            steps.append(item)
    return steps


def flat_env(env: dict, condition: str | None = None) -> dict[str, tuple[str, str | None]]:
    """env var -> (value, the `${{ if }}` it sits under)."""
    out = {}
    for key, value in env.items():
        if key.startswith("${{"):
            out.update(flat_env(value, key))
        else:
            out[key] = (str(value), condition)
    return out


def template():
    return load(TEMPLATE)


def params() -> dict[str, dict]:
    return {p["name"]: p for p in template()["parameters"]}


def run_step() -> dict:
    return next(s for s in flat_steps(template()["steps"]) if s.get("task") == "PythonScript@0")


def template_env() -> dict[str, tuple[str, str | None]]:
    return flat_env(run_step()["env"])


@pytest.mark.parametrize("path", sorted(PIPELINES.rglob("*.yml")), ids=lambda p: str(p.relative_to(PIPELINES)))
def test_every_pipeline_file_parses(path):
    assert isinstance(load(path), dict)


@pytest.mark.parametrize("path", strict_yaml.yaml_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_yaml_file_in_the_repository_repeats_no_key(path):
    """The Azure Pipelines YAML reader rejects a repeated key, where yaml.safe_load keeps the last one."""
    strict_yaml.load_file(path)


def test_the_strict_loader_refuses_a_repeated_key_at_any_depth():
    for text in ("a: 1\na: 2\n", "steps:\n- task: X\n  inputs: {}\n  inputs: {}\n", "p:\n- 1\nq: 2\np:\n- 3\n"):
        assert yaml.safe_load(text)  # what the old test read without a word
        with pytest.raises(yaml.constructor.ConstructorError, match="rejects a repeated key"):
            strict_yaml.load(text)
    assert strict_yaml.load("a: 1\nb:\n  a: 2\n") == {"a": 1, "b": {"a": 2}}  # equal keys in two mappings


def test_ci_lints_every_yaml_file_and_the_lint_refuses_a_repeated_key():
    from yamllint import linter
    from yamllint.config import YamlLintConfig

    assert "python -m yamllint --strict .\n" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    config = YamlLintConfig(file=str(ROOT / ".yamllint.yaml"))
    for path in strict_yaml.yaml_files():
        problems = list(linter.run(path.read_text(encoding="utf-8"), config, str(path)))
        assert problems == [], (path.name, [str(p) for p in problems])
    twice = "parameters:\n- name: a\n  type: string\nparameters:\n- name: b\n  type: string\n"
    assert [p.rule for p in linter.run(twice, config)] == ["key-duplicates"]


def test_template_parameters_are_typed_unique_and_all_used():
    declared = [p["name"] for p in template()["parameters"]]
    assert len(declared) == len(set(declared))
    for p in template()["parameters"]:
        assert p.get("type") in ("string", "number", "boolean"), p["name"]
    steps = TEMPLATE.read_text(encoding="utf-8").split("\nsteps:", 1)[1]
    used = set(re.findall(r"\bparameters\.(\w+)", steps))
    assert used <= set(declared), used - set(declared)
    assert set(declared) <= used, f"parameters never used: {set(declared) - used}"


def test_template_env_covers_every_admin_setting():
    env, declared = template_env(), params()
    for entry in catalog.admin_entries():
        name = catalog.TEMPLATE_FLAG_ENV.get(entry.field, (entry.env,))[0]
        assert name in env, f"setting {entry.field} ({entry.env}) is not in the template's env"
        value, _ = env[name]
        expected = (
            f"$(${{{{ parameters.{entry.parameter} }}}})"
            if entry.from_variable
            else f"${{{{ parameters.{entry.parameter} }}}}"
        )
        assert value == expected, (name, value)
        param = declared[entry.parameter]
        if entry.field not in catalog.TEMPLATE_FLAG_ENV:
            assert catalog.format_default(param.get("default")) == catalog.format_default(entry.parameter_default), (
                f"{entry.parameter}: the template's default differs from the setting's"
            )
        if entry.choices:
            assert param["values"] == list(entry.choices)


def test_template_env_sets_only_real_settings():
    aliases = {field.validation_alias.choices[0] for field in Settings.model_fields.values()}
    for name in template_env():
        assert name in aliases | FLAG_ENV, f"{name} is no setting's environment variable"


def test_template_maps_the_job_token_and_guards_optional_values():
    env, declared = template_env(), params()  # each parses the template: once, not once a variable
    assert env["SYSTEM_ACCESSTOKEN"] == ("$(System.AccessToken)", None)
    for name, (value, condition) in env.items():
        parameter = PARAM.search(value)
        if (
            parameter
            and declared[parameter.group(1)]["type"] == "string"
            and declared[parameter.group(1)].get("default") == ""
        ):
            assert condition == f"${{{{ if ne(parameters.{parameter.group(1)}, '') }}}}", (
                f"{name}: an empty value must not reach doc-context as ''"
            )


def test_every_step_runs_only_for_pull_requests_and_not_forks_unless_asked():
    steps = flat_steps(template()["steps"])
    assert steps[0]["task"] == "UsePythonVersion@0" and steps[-1]["task"] == "PythonScript@0"
    for step in steps:
        assert "eq(variables['Build.Reason'], 'PullRequest')" in step["condition"]
        assert "parameters.onlyForPullRequests" in step["condition"]
        assert "ne(variables['System.PullRequest.IsFork'], 'True')" in step["condition"]


def install_branches() -> dict[str, list]:
    """The template's install choices: the `${{ if }}` / `${{ elseif }}` keys of its steps and what they insert."""
    return {
        next(iter(item)): next(iter(item.values()))
        for item in template()["steps"]
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)).startswith("${{")
    }


def test_the_template_installs_a_feed_version_a_wheel_or_nothing_never_a_bare_name():
    branches = install_branches()
    assert list(branches)[1:] == [
        "${{ if ne(parameters.feed, '') }}",
        "${{ elseif ne(parameters.wheel, '') }}",
        "${{ elseif eq(parameters.preinstalled, true) }}",
        "${{ else }}",
    ]
    declared = params()
    assert declared["feed"]["default"] == "" and declared["wheel"]["default"] == ""
    assert declared["preinstalled"]["default"] is False
    assert declared["version"]["default"] == version.project_version()

    feed = branches["${{ if ne(parameters.feed, '') }}"]
    auth = feed[0]
    assert auth["task"] == "PipAuthenticate@1"
    assert auth["inputs"] == {"artifactFeeds": "${{ parameters.feed }}", "onlyAddExtraIndex": False}, (
        "the feed is pip's index, so doc-context comes from it alone"
    )
    installs = {key: value[0]["script"] for item in feed[1:] for key, value in item.items()}
    assert installs == {
        f"${{{{ if {ENTRA} }}}}": f'{PIP} "doc-context[entra]==${{{{ parameters.version }}}}" && {READY}',
        "${{ else }}": f'{PIP} "doc-context==${{{{ parameters.version }}}}" && {READY}',
    }
    wheel = {key: value[0]["script"] for item in branches["${{ elseif ne(parameters.wheel, '') }}"]
             for key, value in item.items()}  # fmt: skip
    assert wheel == {
        f"${{{{ if {ENTRA} }}}}": f'{PIP} "${{{{ parameters.wheel }}}}[entra]" && {READY}',
        "${{ else }}": f'{PIP} "${{{{ parameters.wheel }}}}" && {READY}',
    }
    (preinstalled,) = branches["${{ elseif eq(parameters.preinstalled, true) }}"]
    assert preinstalled["script"] == READY
    (missing,) = branches["${{ else }}"]
    assert "##vso[task.logissue type=error]" in missing["script"] and "exit 1" in missing["script"]
    assert READY not in missing["script"]
    text = TEMPLATE.read_text(encoding="utf-8").split("\nsteps:", 1)[1]
    for command in re.findall(r"pip install [^\n]*", text):
        assert "parameters.version" in command or "parameters.wheel" in command, command


def test_only_a_finished_install_lets_the_run_step_run():
    """`succeededOrFailed()` alone ran the step after a failed install (ModuleNotFoundError): the run step needs
    DocContext.Ready, which only `python -m doc_context.installed` sets, after `&&` (so only after pip succeeded)."""
    steps = flat_steps(template()["steps"])
    gate = f"eq(variables['{installed.VARIABLE}'], 'true')"
    assert gate in run_step()["condition"]
    assert [s for s in steps if gate in s["condition"]] == [run_step()]
    scripts = [s["script"] for s in steps if "script" in s]
    assert all(s.endswith(f"&& {READY}") or s == READY for s in scripts if READY in s)
    assert installed.lines()[-1] == f"##vso[task.setvariable variable={installed.VARIABLE};]true"


def test_no_logging_command_is_written_in_a_one_line_script():
    """The agent echoes a one-line script before running it and acts on a logging command in that echo: a
    `##vso[task.setvariable` there would set the variable even when the command before it failed."""
    for step in flat_steps(template()["steps"]) + flat_steps(load(PIPELINES / "release.yml")["steps"]):
        script = step.get("script", "")
        if "##vso[" in script:
            assert "\n" in script.strip(), step["displayName"]


def test_untrusted_values_never_become_step_text():
    for step in flat_steps(template()["steps"]):
        text = yaml.safe_dump({k: v for k, v in step.items() if k != "env"})
        assert set(PARAM.findall(text)) <= SAFE_IN_TEXT, step.get("displayName")


def examples() -> dict[str, dict]:
    return {p.name: load(p) for p in sorted((PIPELINES / "examples").glob("*.yml"))}


def pipeline_steps(pipeline: dict) -> list:
    return pipeline["steps"] if "steps" in pipeline else [s for job in pipeline["jobs"] for s in job["steps"]]


def template_uses(pipeline: dict) -> list[dict]:
    return [s for s in flat_steps(pipeline_steps(pipeline)) if "template" in s]


@pytest.mark.parametrize("name", ["azure-pipelines.yml", "manual-rerun.yml", "service-hook.yml", "ai-review.yml"])
def test_examples_use_the_template_that_exists(name):
    pipeline = examples()[name]
    uses = template_uses(pipeline)
    assert uses, f"{name} does not use the template"
    repos = {r["repository"] for r in pipeline["resources"]["repositories"]}
    for use in uses:
        path, _, repo = use["template"].partition("@")
        assert (ROOT / path).is_file()
        assert repo in repos
        assert set(use.get("parameters", {})) <= set(params()), set(use["parameters"]) - set(params())
    assert pipeline["trigger"] == "none"


def test_manual_rerun_takes_a_typed_pull_request_id():
    pipeline = examples()["manual-rerun.yml"]
    assert pipeline["parameters"][0] == {"name": "pullRequestId", "displayName": "Pull request id", "type": "number"}
    use = template_uses(pipeline)[0]["parameters"]
    assert use["pullRequestId"] == "${{ parameters.pullRequestId }}" and use["onlyForPullRequests"] is False


def test_service_hook_example_hands_the_payloads_pull_request_to_the_template():
    pipeline = examples()["service-hook.yml"]
    hook = pipeline["resources"]["webhooks"][0]
    alias = hook["webhook"]
    assert hook["connection"]
    use = template_uses(pipeline)[0]["parameters"]
    assert use["pullRequestId"] == f"${{{{ parameters.{alias}.resource.pullRequestId }}}}"
    assert use["repository"] == f"${{{{ parameters.{alias}.resource.repository.id }}}}"
    assert use["project"] == f"${{{{ parameters.{alias}.resource.repository.project.id }}}}"
    assert use["onlyForPullRequests"] is False
    guard = next(
        k for item in pipeline_steps(pipeline) if isinstance(item, dict) for k in item if k.startswith("${{ if")
    )
    for event in ("git.pullrequest.created", "git.pullrequest.updated"):
        assert event in guard
    assert pipeline["pr"] == "none"


def all_pipeline_files() -> list[Path]:
    return sorted(PIPELINES.rglob("*.yml"))


def test_every_webhook_resource_is_called_webhook():
    """Microsoft's reference: "For Azure DevOps webhook, `webhook` must always be a `WebHook`"."""
    hooks = [h for path in all_pipeline_files() for h in (load(path).get("resources") or {}).get("webhooks", [])]
    assert hooks, "the service-hook example declares one"
    assert {h["webhook"] for h in hooks} == {"WebHook"}
    for path in all_pipeline_files():
        aliases = set(re.findall(r"parameters\.(\w+)\.(?:resource|eventType)", path.read_text(encoding="utf-8")))
        assert aliases <= {"WebHook"}, (path.name, aliases)


def test_reruns_and_service_hooks_reference_the_pull_requests_repository():
    """Protect access to repositories in YAML pipelines: the token covers repositories a job checks out or
    lists under `uses: repositories:`."""
    rerun = examples()["manual-rerun.yml"]
    assert {"checkout": "self", "fetchDepth": 1} in rerun["steps"]
    hook = examples()["service-hook.yml"]
    served = {r["repository"] for r in hook["resources"]["repositories"]} - {"doc-context"}
    assert served, "the served repositories are declared"
    (job,) = hook["jobs"]
    assert set(job["uses"]["repositories"]) == served


def test_release_builds_tests_and_publishes_on_version_tags():
    release = load(PIPELINES / "release.yml")
    assert release["trigger"] == {"tags": {"include": ["v*"]}} and release["pr"] == "none"
    steps = flat_steps(release["steps"])
    scripts = "\n".join(s.get("script", "") for s in steps)
    for command in ("python -m pytest", "python -m ruff check", "python -m mypy", "scripts/package.py --out"):
        assert command in scripts, command
    tasks = [s.get("task") for s in steps]
    assert tasks.index("TwineAuthenticate@1") < next(
        i for i, s in enumerate(steps) if "twine upload" in s.get("script", "")
    )
    twine = next(s for s in steps if s.get("task") == "TwineAuthenticate@1")
    assert twine["inputs"] == {"artifactFeed": "${{ parameters.feed }}"}
    assert "PublishPipelineArtifact@1" in tasks
    (marketplace,) = [v for k, v in release["steps"][-1].items() if "publishToMarketplace" in k]
    assert "tfx-cli" in marketplace[0]["script"] and "extension publish --vsix" in marketplace[0]["script"]
    assert marketplace[0]["env"]["MARKETPLACE_TOKEN"] == "$(MARKETPLACE_TOKEN)"
    assert "MARKETPLACE_TOKEN" not in yaml.safe_dump(release["steps"][:-1]), "the secret is mapped in that step only"
    assert params_of(release)["publishToMarketplace"]["default"] is False


def params_of(pipeline: dict) -> dict[str, dict]:
    return {p["name"]: p for p in pipeline.get("parameters", [])}
