"""The optional inputs of a run, end to end: the checkout's diff, extra fields, the LLM overview."""

import subprocess

from .fake_chat import DEFAULT_ANSWER, FakeChat


def git(cwd, *args):
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True, capture_output=True
    )


def checkout(path, commits):
    path.mkdir()
    git(path, "init", "-q")
    for n, text in enumerate(commits):
        (path / "totals.py").write_text(text)
        git(path, "add", ".")
        git(path, "commit", "-qm", f"c{n}")
    return str(path)


def pr_build(sandbox):
    return {**sandbox.env(), "BUILD_SOURCEBRANCH": f"refs/pull/{sandbox.info.pr_id}/merge"}


def test_a_shallow_checkout_is_not_used_and_the_change_is_read_through_the_api(sandbox, cli, tmp_path):
    """A checkout without HEAD^1 (fetchDepth 1), and not the PR's merge commit: the run does not read it and
    needs no warning for it; the change comes through Azure DevOps and the comment posts."""
    ran = cli({**pr_build(sandbox), "BUILD_SOURCESDIRECTORY": checkout(tmp_path / "repo", ["a = 1\n"])}, "run")
    assert ran.code == 0, ran.output
    assert not [line for line in ran.stdout.splitlines() if "type=warning" in line and "fetchDepth" in line]
    assert sandbox.ado.requests("GET", r"/_apis/git/repositories/[^/]+/items"), "the change was read through the API"
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def test_merge_commit_diff_is_read_without_warning(sandbox, cli, tmp_path):
    repo = checkout(tmp_path / "repo", ["a = 1\n", "def order_total():\n    return round_once(lines)\n"])
    ran = cli({**pr_build(sandbox), "BUILD_SOURCESDIRECTORY": repo}, "run")
    assert ran.code == 0, ran.output
    assert "diff" not in "".join(line for line in ran.stdout.splitlines() if "type=warning" in line)


def test_a_build_of_another_branch_reads_no_diff(sandbox, cli, tmp_path):
    """A manual rerun checks out the default branch: its HEAD^1..HEAD is not this PR's change."""
    shallow = checkout(tmp_path / "repo", ["a = 1\n"])
    ran = cli({**sandbox.env(), "BUILD_SOURCEBRANCH": "refs/heads/main", "BUILD_SOURCESDIRECTORY": shallow}, "run")
    assert ran.code == 0, ran.output
    assert "fetchDepth" not in ran.stdout


def test_extra_fields_show_on_the_state_line(sandbox, cli):
    ran = cli({**sandbox.env(), "DOC_CONTEXT_EXTRA_FIELDS": "Bug=Microsoft.VSTS.Common.Severity"}, "run")
    assert ran.code == 0, ran.output
    body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
    assert "2 - High" in body


def test_bad_extra_fields_spec_exits_2(sandbox, cli):
    ran = cli({**sandbox.env(), "DOC_CONTEXT_EXTRA_FIELDS": "no equals sign"}, "run")
    assert ran.code == 2 and "DOC_CONTEXT_EXTRA_FIELDS" in ran.stdout


def test_llm_overview_is_used_and_not_asked_again_on_an_unchanged_rerun(sandbox, cli):
    with FakeChat(api_key="sandbox-llm-key-123") as chat:
        env = {
            **sandbox.env(),
            "DOC_CONTEXT_LLM_URL": chat.azure_url(),
            "DOC_CONTEXT_LLM_AUTH": "api-key",
            "DOC_CONTEXT_LLM_API_KEY": "sandbox-llm-key-123",
        }
        first = cli(env, "run")
        assert first.code == 0, first.output
        body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
        assert DEFAULT_ANSWER[:60] in body
        assert len(chat.requests()) == 1
        second = cli(env, "run")
        assert "unchanged" in second.stdout
        assert len(chat.requests()) == 1
        prompt = chat.requests()[0].json["messages"]
        assert "no instructions" in prompt[0]["content"]


def test_llm_failure_falls_back_with_a_warning(sandbox, cli):
    with FakeChat(api_key="sandbox-llm-key-123") as chat:
        chat.add_fault("POST", r"chat/completions", [500, 500, 500])
        env = {
            **sandbox.env(),
            "DOC_CONTEXT_LLM_URL": chat.azure_url(),
            "DOC_CONTEXT_LLM_AUTH": "api-key",
            "DOC_CONTEXT_LLM_API_KEY": "sandbox-llm-key-123",
        }
        ran = cli(env, "run")
        assert ran.code == 0, ran.output
        assert any("extractive overview" in line for line in ran.stdout.splitlines() if "type=warning" in line)
        body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
        assert DEFAULT_ANSWER[:60] not in body and "Bug 4211" in body


def test_titles_only_keeps_page_text_out_of_the_comment(sandbox, cli):
    room = {"DOC_CONTEXT_COMMENT_BUDGET": "12000"}  # every page's line: what is shown, not what fits, is tested
    ran = cli({**sandbox.env(), **room, "DOC_CONTEXT_PAGE_CONTENT": "titles"}, "run")
    assert ran.code == 0, ran.output
    body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
    assert "[Gift card split payments - design](" in body and "_Title only: pages are shown by title only._" in body
    assert "Scope of the first release" not in body and "Half-up rounding biases" not in body
