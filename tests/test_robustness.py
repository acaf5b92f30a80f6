"""Inputs and races a review found: each once broke a run (a leak, a crash, a duplicate thread)."""

import json
import subprocess
import sys

from doc_context.demo import run_env
from doc_context.sandbox import Reply
from doc_context.sandbox.ado_workitems import relation, work_item

SECRET = "SECRET-BUG-DESCRIPTION"


def body(sandbox) -> str:
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    return threads[0]["comments"][0]["content"]


def test_a_bug_parent_never_shows_its_description(sandbox, cli):
    ado = sandbox.ado
    ado.add_work_item(
        work_item(
            5001,
            "Bug",
            "Refund double-charges gift cards",
            fields={"System.Description": f"<div>{SECRET}: card 4111 from the ticket.</div>"},
        )
    )
    ado.add_work_item(
        work_item(
            5000,
            "Task",
            "Fix the refund path",
            fields={"System.Description": "<div>Do it.</div>"},
            relations=[relation("System.LinkTypes.Hierarchy-Reverse", ado.work_item_url(5001))],
        )
    )
    ado.link_work_items(sandbox.info.pr_id, 5000)
    wide = {
        "DOC_CONTEXT_EXTRA_FIELDS": "*=System.Description",
        "DOC_CONTEXT_COMMENT_BUDGET": "12000",
    }  # room for parents
    ran = cli({**sandbox.env(), **wide}, "run")
    assert ran.code == 0, ran.output
    text = body(sandbox)
    assert "Part of [Bug 5001" in text
    assert SECRET not in text and "LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR" not in text


def test_a_page_whose_body_does_not_decode_is_a_warning(sandbox, cli):
    sandbox.confluence.add_fault(
        "GET",
        r"/api/v2/pages/4521988092$",
        [Reply(200, {"Content-Type": "application/json", "Content-Encoding": "gzip"}, b"not gzip at all")] * 3,
    )
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    assert "confluence page 4521988092" in ran.stdout
    assert "Checkout rounding policy" in body(sandbox)


def test_an_error_with_an_empty_message_is_one_clear_line(sandbox, cli):
    sandbox.ado.add_fault(
        "GET",
        r"/pullRequests/\d+$",
        [
            (
                400,
                {"Content-Type": "application/json"},
                json.dumps({"message": "", "typeKey": "InvalidArgumentValueException"}).encode(),
            )
        ],
    )
    ran = cli(sandbox.env(), "run")
    assert ran.code == 1, ran.output
    assert "Traceback" not in ran.output and "could not read pull request" in ran.stdout


def test_runs_racing_to_create_are_healed_by_the_next_run(sandbox, tmp_path, spawn):
    env = run_env(sandbox.env(), str(tmp_path / "cache"))
    sandbox.ado.add_latency("POST", r"/threads$", 3000)  # a post is done when answered: both lists stay empty
    runs = [
        spawn(
            [sys.executable, "-m", "doc_context", "run"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(2)
    ]
    assert [run.wait(timeout=120) for run in runs] == [0, 0]
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 2
    sandbox.ado.clear_latency()
    third = subprocess.run(
        [sys.executable, "-m", "doc_context", "run"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert third.returncode == 0, third.stdout
    live = [
        t
        for t in sandbox.ado.threads(sandbox.info.pr_id)
        if t["properties"].get("DocContext.Thread", {}).get("$value") == "doc-context/1"
    ]
    assert len(live) == 1
    older = min(t["id"] for t in sandbox.ado.threads(sandbox.info.pr_id))
    assert live[0]["id"] != older
