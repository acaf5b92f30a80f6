"""`doc-context run` as a subprocess against the sandbox: what the servers received, what was printed."""

import json
import re
from pathlib import Path

from doc_context.sandbox.checkout import checkout_env, make_checkout
from doc_context.sandbox.confluence import is_restriction_read

from .conftest import ends_failed, error_issues

NOT_IN_COMMENT = "LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR"


def comment(sandbox) -> str:
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    return threads[0]["comments"][0]["content"]


def warnings(output: str) -> list[str]:
    return [
        line.split("]", 1)[1] for line in output.splitlines() if line.startswith("##vso[task.logissue type=warning")
    ]


def test_two_runs_leave_exactly_one_thread(sandbox, cli):
    first = cli(sandbox.env(), "run")
    assert first.code == 0, first.output
    assert re.search(r"comment thread \d+ created", first.stdout)
    posted = comment(sandbox)
    second = cli(sandbox.env(), "run")
    assert second.code == 0, second.output
    assert re.search(r"comment thread \d+ unchanged", second.stdout)
    assert comment(sandbox) == posted
    assert not sandbox.ado.requests(method="PATCH")


def test_thread_carries_marker_status_and_markdown_property(sandbox, cli):
    assert cli(sandbox.env(), "run").code == 0
    thread = sandbox.ado.threads(sandbox.info.pr_id)[0]
    assert thread["status"] == "closed"
    assert thread["properties"]["DocContext.Thread"]["$value"] == "doc-context/1"
    assert thread["properties"]["Microsoft.TeamFoundation.Discussion.SupportsMarkdown"]["$value"] == 1


def test_bug_description_is_not_in_the_comment_but_repro_steps_are(sandbox, cli):
    assert cli(sandbox.env(), "run").code == 0
    body = comment(sandbox)
    assert NOT_IN_COMMENT not in body
    assert "\n1. Add 3 × **Organic cotton tote**" in body and "- **Expected:** checkout shows €10.00" in body


def test_no_credentials_one_warning_and_no_confluence_request(sandbox, cli):
    env = {k: v for k, v in sandbox.env().items() if k not in ("CONFLUENCE_EMAIL", "CONFLUENCE_API_TOKEN")}
    ran = cli(env, "run")
    assert ran.code == 0, ran.output
    confluence_warnings = [w for w in warnings(ran.stdout) if "no Confluence credentials" in w]
    assert len(confluence_warnings) == 1
    assert sandbox.confluence.requests() == []
    assert "##vso[task.complete result=SucceededWithIssues;]" in ran.stdout


def test_each_page_fetched_once_and_credentials_checked_once(sandbox, cli):
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    received = sandbox.confluence.requests()
    checks = [r for r in received if r.path.endswith("/rest/api/user/current")]
    assert len(checks) == 1
    page_paths = [
        r.path for r in received if ("/pages/" in r.path or "/content/" in r.path) and not is_restriction_read(r)
    ]  # the view restrictions, read beside each page: test_audience.py
    assert page_paths, "the seeded work items cite pages"
    assert len(page_paths) == len(set(page_paths)), page_paths
    ids = [p.rsplit("/", 1)[1] for p in page_paths]
    assert len(ids) == len(set(ids))


def test_warnings_stay_out_of_the_comment(sandbox, cli):
    ran = cli(sandbox.env(), "run")
    found = warnings(ran.stdout)
    assert found, "the demo PR has an unreadable item and a missing page"
    body = comment(sandbox)
    for text in found:
        message = text.split(": ", 1)[-1]
        assert message not in body
    assert "skipped" not in body and "warning" not in body.lower()


def test_token_never_printed(sandbox, cli):
    """Only the agent's own masking command carries it (the agent swallows that line, it is never shown)."""
    env = sandbox.env()
    secrets = [env["SYSTEM_ACCESSTOKEN"], env["CONFLUENCE_API_TOKEN"], env["JIRA_API_TOKEN"]]
    outputs = [
        cli(env, "run").output,
        cli({**env, "SYSTEM_PULLREQUEST_PULLREQUESTID": "999"}, "run").output,
        cli({**env, "SYSTEM_ACCESSTOKEN": env["SYSTEM_ACCESSTOKEN"] + "x"}, "run").output,
        cli({**env, "TF_BUILD": "False"}, "run", "--dry-run").output,
    ]
    masked = [line for line in outputs[0].splitlines() if line.startswith("##vso[task.setsecret]")]
    assert sorted(masked) == sorted(f"##vso[task.setsecret]{s}" for s in secrets)
    for output in outputs:
        shown = "\n".join(line for line in output.splitlines() if not line.startswith("##vso[task.setsecret]"))
        for secret in secrets:
            assert secret not in shown
    assert "setsecret" not in outputs[3]


def test_the_build_summary_has_every_source_in_full_and_the_comment_links_to_it(sandbox, cli, tmp_path):
    # as a PR build runs (fetchDepth: 2): on its checkout, where the bug's own lines make it the most relevant item
    build = {**sandbox.env(), **checkout_env(make_checkout(tmp_path / "s"), sandbox.info.pr_id, sandbox.ado)}
    ran = cli({**build, "AGENT_TEMPDIRECTORY": str(tmp_path), "BUILD_BUILDID": "731"}, "run")
    summary = tmp_path / "doc-context-summary.md"
    assert f"##vso[task.uploadsummary]{summary}" in ran.stdout
    full, body = summary.read_text(), comment(sandbox)
    url = f"{sandbox.info.org_url}/Fabrikam%20Fiber/_build/results?buildId=731&view=ms.vss-build-web.run-extensions-tab"
    link = f"_In full: [build summary]({url})_"
    assert body.endswith(link) or body.rsplit("\n\n", 2)[-2] == link  # last, or above the note of what yielded
    assert len(full) > 1.5 * len(body)
    for fuller in ("Found while reconciling", "_From work item 4211: Repro steps, System info · revision 7_"):
        assert fuller in full and fuller not in body
    assert "**System info:** Web checkout" in body  # one line under the Bug, in both
    rerun = cli({**build, "AGENT_TEMPDIRECTORY": str(tmp_path), "BUILD_BUILDID": "732"}, "run")
    assert "comment thread 1001 unchanged" in rerun.stdout  # another build's link is no new content
    assert comment(sandbox) == body


def test_failed_post_still_saves_the_markdown(sandbox, cli, tmp_path):
    ran = cli(
        {**sandbox.env(), "AGENT_TEMPDIRECTORY": str(tmp_path), "SYSTEM_ACCESSTOKEN": sandbox.info.read_only_token},
        "run",
    )
    assert ran.code == 1
    assert "Bug 4211" in (tmp_path / "doc-context-summary.md").read_text()
    assert "work item 4242: skipped" in ran.stdout  # the run's warnings are still shown
    assert "##vso[task.uploadsummary]" in ran.stdout
    (error,) = error_issues(ran.stdout)
    assert "Contribute to pull requests" in error
    assert ends_failed(ran) == error.splitlines()[0]
    said = [line for line in ran.stdout.splitlines() if "Contribute to pull requests" in line]
    assert len(said) == 2 and said[-1] == ran.stdout.splitlines()[-1]  # the issue, and the step's result


def test_fail_on_warning_fails_the_step_after_posting(sandbox, cli):
    ran = cli({**sandbox.env(), "DOC_CONTEXT_FAIL_ON_WARNING": "true"}, "run")
    assert ran.code == 1
    assert "##vso[task.complete result=Failed;]" in ran.stdout
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def test_unreadable_pull_request_is_one_clear_line(sandbox, cli):
    ran = cli({**sandbox.env(), "SYSTEM_PULLREQUEST_PULLREQUESTID": "999"}, "run")
    assert ran.code == 1
    assert "Traceback" not in ran.output
    assert "pull request 999" in ran.stdout
    assert sandbox.ado.threads(sandbox.info.pr_id) == []


def test_rejected_token_names_the_variable(sandbox, cli):
    ran = cli({**sandbox.env(), "SYSTEM_ACCESSTOKEN": "not-the-build-token"}, "run")
    assert ran.code == 1
    assert "SYSTEM_ACCESSTOKEN" in ran.stdout
    assert "Traceback" not in ran.output


def test_missing_pipeline_variables_exit_2(sandbox, cli):
    env = {k: v for k, v in sandbox.env().items() if k != "SYSTEM_PULLREQUEST_PULLREQUESTID"}
    ran = cli(env, "run")
    assert ran.code == 2
    assert "SYSTEM_PULLREQUEST_PULLREQUESTID" in ran.stdout


def test_flags_override_pipeline_variables(sandbox, cli):
    env = {k: v for k, v in sandbox.env().items() if k != "SYSTEM_PULLREQUEST_PULLREQUESTID"}
    ran = cli(env, "run", "--pull-request", str(sandbox.info.pr_id))
    assert ran.code == 0, ran.output
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


def test_dry_run_posts_nothing_and_prints_the_comment(sandbox, cli):
    ran = cli(sandbox.env(), "run", "--dry-run")
    assert ran.code == 0, ran.output
    assert sandbox.ado.threads(sandbox.info.pr_id) == []
    assert NOT_IN_COMMENT not in ran.stdout
    assert not sandbox.ado.requests(method="POST", path_regex="threads")


def test_check_reports_every_capability_and_writes_nothing(sandbox, cli):
    ran = cli(sandbox.env(), "check")
    assert ran.code == 0, ran.output
    for row in (
        "read the pull request | ok",
        "read its work items | ok",
        "write comment threads | ok",
        "sign in to Confluence | ok",
        "read work item comments | ok | work item 4198: 4 comments",
        "Confluence token scopes | ok",
        "find the cited Confluence pages | ok",
    ):
        assert row in ran.stdout
    assert "Shown by title and link only in a run (0): none" in ran.stdout
    posts = [r.path for r in sandbox.ado.requests(method="POST")]
    assert all(p.endswith("/_apis/wit/workItemsBatch") for p in posts), posts  # a read, though a POST
    assert not sandbox.ado.requests(method="PATCH") and sandbox.ado.threads(sandbox.info.pr_id) == []


def test_check_names_the_missing_permission(sandbox, cli):
    ran = cli(
        {
            **sandbox.env(),
            "SYSTEM_ACCESSTOKEN": sandbox.info.read_only_token,
            "CONFLUENCE_API_TOKEN": "not-the-api-token",
        },
        "check",
    )
    assert ran.code == 1
    assert "write comment threads | FAILED" in ran.stdout and "Contribute to pull requests" in ran.stdout
    assert "sign in to Confluence | FAILED" in ran.stdout
    assert sandbox.ado.threads(sandbox.info.pr_id) == []


def test_check_warns_when_comments_cannot_be_read(sandbox, cli):
    sandbox.ado.add_fault("GET", r"/workItems/\d+/comments$", [403])
    ran = cli(sandbox.env(), "check")
    assert ran.code == 0, ran.output
    assert "read work item comments | warning |" in ran.stdout and "the comment shows no discussion" in ran.stdout


def test_the_log_lists_what_was_read_and_the_comment_names_the_parent(sandbox, cli):
    ran = cli(sandbox.env(), "run")
    group = ran.stdout.split("##[group]", 1)[1].split("##[endgroup]", 1)[0]
    assert "Bug 4211 (revision 7)" in group and "parent Feature 3907" in group and "page 4521988092" in group
    assert "### [Feature 3907: Gift card payments at checkout](" in comment(sandbox)  # heading its work items


def test_service_hook_payload_runs_for_its_pull_request(sandbox, cli, tmp_path):
    payload = json.loads((Path(__file__).parent / "data" / "events" / "git.pullrequest.updated.json").read_text())
    payload["resource"].update(pullRequestId=sandbox.info.pr_id)
    payload["resource"]["repository"].update(id=sandbox.info.repo_id)
    payload["resource"]["repository"]["project"].update(id=sandbox.info.project_id)
    event = tmp_path / "event.json"
    event.write_text(json.dumps(payload))
    env = {
        k: v
        for k, v in sandbox.env().items()
        if k
        not in ("SYSTEM_PULLREQUEST_PULLREQUESTID", "BUILD_REPOSITORY_ID", "SYSTEM_TEAMPROJECTID", "SYSTEM_TEAMPROJECT")
    }
    ran = cli(env, "run", "--event", str(event))
    assert ran.code == 0, ran.output
    assert "Bug 4211" in comment(sandbox)


def test_other_event_types_are_one_clear_line(sandbox, cli, tmp_path):
    event = tmp_path / "push.json"
    event.write_text(json.dumps({"eventType": "git.push", "resource": {}}))
    ran = cli(sandbox.env(), "run", "--event", str(event))
    assert ran.code == 2
    assert "git.pullrequest.created" in ran.stdout and "Traceback" not in ran.output
    assert not sandbox.ado.requests()


def test_a_slow_optional_source_past_the_deadline_is_a_warning_and_the_rest_posts(sandbox, cli_process):
    sandbox.ado.add_latency("GET", r"/changes$", 120_000)  # the process must not wait for it: cli times out at 60
    ran = cli_process({**sandbox.env(), "DOC_CONTEXT_DEADLINE": "2"}, "run", timeout=60)
    assert ran.code == 0, ran.output
    assert any("DOC_CONTEXT_DEADLINE" in line for line in ran.stdout.splitlines() if "type=warning" in line)
    assert "Bug 4211" in comment(sandbox)


def test_a_run_cut_short_never_replaces_a_complete_comment(sandbox, cli):
    assert cli(sandbox.env(), "run").code == 0
    before = comment(sandbox)
    sandbox.ado.work_items.update(sandbox.info.spike_id, {"System.Title": "Spike: changed"})
    sandbox.ado.add_latency("GET", r"/changes$", 4000)
    ran = cli({**sandbox.env(), "DOC_CONTEXT_DEADLINE": "2"}, "run")
    assert ran.code == 0, ran.output
    assert "left as it was" in ran.stdout
    assert comment(sandbox) == before
