"""One thread that stays one: marker keys, reruns, another identity, the content hash (end to end)."""

from doc_context.comment.publish import MARKER_VALUE


def marked(sandbox, key="DocContext.Thread"):
    return [
        t
        for t in sandbox.ado.threads(sandbox.info.pr_id)
        if (t.get("properties") or {}).get(key, {}).get("$value") == MARKER_VALUE
    ]


def test_two_reruns_and_a_second_marker_key_leave_two_threads(sandbox, cli):
    env = sandbox.env()
    for _ in range(2):
        assert cli(env, "run").code == 0
    ran = cli({**env, "DOC_CONTEXT_MARKER_KEY": "Security.DocContext"}, "run")
    assert ran.code == 0, ran.output
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 2
    first, second = marked(sandbox)[0], marked(sandbox, "Security.DocContext")[0]
    assert first["id"] != second["id"]
    assert first["comments"][0]["content"] == second["comments"][0]["content"]
    assert "Bug 4211" in first["comments"][0]["content"]


def test_changed_work_item_updates_the_same_thread(sandbox, cli):
    env = sandbox.env()
    assert cli(env, "run").code == 0
    sandbox.ado.work_items.update(sandbox.info.spike_id, {"System.Title": "Spike: banker's rounding, revisited"})
    ran = cli(env, "run")
    assert "updated" in ran.stdout, ran.output
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    assert "revisited" in threads[0]["comments"][0]["content"]
    assert threads[0]["properties"]["DocContext.Thread.ContentHash"]["$value"]


def test_rerun_under_another_identity_posts_anew_and_closes_the_old(sandbox, cli):
    env = sandbox.env()
    assert cli(env, "run").code == 0
    old_id = sandbox.ado.threads(sandbox.info.pr_id)[0]["id"]
    sandbox.ado.work_items.update(sandbox.info.spike_id, {"System.Title": "Spike: changed"})
    as_user = {k: v for k, v in env.items() if k != "SYSTEM_ACCESSTOKEN"}
    as_user["AZURE_DEVOPS_PAT"] = sandbox.info.user_token
    ran = cli(as_user, "run")
    assert ran.code == 0, ran.output
    assert f"thread {old_id}" in ran.stdout and "##vso[task.logissue type=warning" in ran.stdout
    threads = {t["id"]: t for t in sandbox.ado.threads(sandbox.info.pr_id)}
    assert len(threads) == 2
    assert threads[old_id]["status"] == "closed"
    assert threads[old_id]["properties"]["DocContext.Thread"]["$value"] == "superseded"
    assert [t["id"] for t in marked(sandbox)] != [old_id]
    again = cli(as_user, "run")
    assert "unchanged" in again.stdout, again.output
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 2


def test_read_only_identity_cannot_post_and_says_which_permission(sandbox, cli):
    ran = cli({**sandbox.env(), "SYSTEM_ACCESSTOKEN": sandbox.info.read_only_token}, "run")
    assert ran.code == 1
    assert "Contribute to pull requests" in ran.stdout
    assert "Traceback" not in ran.output
    assert sandbox.ado.threads(sandbox.info.pr_id) == []
