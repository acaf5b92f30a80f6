"""A Jira issue through a whole run, registered as every source is (registry.SOURCES): the sandbox's Azure DevOps,
Confluence and FakeJira, seeded as the demo (sandbox/seed_jira.py: the description names PAY-481); the comment (with
room for all: a 12,000-character ceiling), the build summary, the context document and `doc-context check`."""

from __future__ import annotations

import pytest

from doc_context.app import Options, run
from doc_context.context.document import context_document
from doc_context.gateways import wire
from doc_context.preflight import preflight
from doc_context.sandbox import Sandbox
from doc_context.sandbox.jira import FakeJira
from doc_context.settings import load_settings

from .contextschema import valid


@pytest.fixture
def jira(sandbox: Sandbox) -> FakeJira:
    return sandbox.jira


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox) -> Sandbox:
    for name, value in sandbox.env().items():
        monkeypatch.setenv(name, value)
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    pr.description += "\n\nImplements PAY-481 (not SHA-256)."
    return sandbox


def test_the_comment_shows_the_issue_as_a_work_item_is_shown(env: Sandbox, jira: FakeJira) -> None:
    settings = load_settings(dry_run=True)
    with wire(settings) as wired:
        outcome = run(wired.sources, None, settings.pull_request(), Options("jira", dry_run=True, budget=12_000))

    comment = outcome.markdown
    assert "### Jira issues" in comment
    link = f"[PAY-481: Show yen totals without decimals]({jira.site_url}/browse/PAY-481)"
    assert f"#### {link}\nStory · In Progress" in comment
    assert (
        "A yen total has no minor unit" in comment
        and "A refund e-mail states the amount returned to the card." in comment
    )
    assert "no evidence in the diff" in comment  # the refund e-mail: nothing in the change
    assert "rounding.py" in comment.split("A yen total", 1)[1].split("\n", 1)[0]  # MINOR_UNITS: its evidence
    assert f"**Sub-tasks:** 1 of 2 done; open: [PAY-483: Ledger export rounding]({jira.site_url}/browse/PAY-483)" in (
        comment
    )
    assert '"type"' not in comment and "customfield" not in comment  # no ADF, no field ids
    assert "PAY-481" in outcome.summary and "done: [PAY-482: Minor units table]" in outcome.summary
    assert any(line.startswith("jira issue PAY-481") for line in outcome.sources)
    assert not [r for r in jira.requests() if "SHA" in r.path]


def test_the_context_document_carries_status_criteria_and_children(env: Sandbox) -> None:
    settings = load_settings(dry_run=True)
    with wire(settings) as wired:
        outcome = run(wired.sources, None, settings.pull_request(), Options("jira", dry_run=True, budget=12_000))
    document = context_document(outcome, version="test")
    valid(document)
    (issue,) = [p for p in document["pages"] if p["source"] == "jira"]
    assert (issue["id"], issue["kind"], issue["status"]) == ("PAY-481", "issue", "Story · In Progress")
    assert [c["text"] for c in issue["criteria"]] == [
        "A yen total has no minor unit: MINOR_UNITS gives JPY 0.",
        "A refund e-mail states the amount returned to the card.",
    ]
    assert issue["criteria"][0]["evidence"] and issue["criteria"][1]["evidence"] == []
    assert [(c["title"], c["done"]) for c in issue["children"]] == [
        ("PAY-482: Minor units table", True),
        ("PAY-483: Ledger export rounding", False),
    ]
    assert document["schemaVersion"] == "1.4"


def test_check_signs_in_to_jira_and_reads_one_cited_issue(env: Sandbox) -> None:
    settings = load_settings()
    with wire(settings) as wired:
        checks = preflight(wired.publisher, wired.sources.documents, settings.pull_request())
    rows = {c.name: c for c in checks}
    assert rows["sign in to Jira"].ok and "Fabrikam CI (Cloud, REST v3)" in rows["sign in to Jira"].detail
    assert rows["read a cited Jira issue"].detail == "PAY-481 (Story · In Progress); 1 cited in all"


def test_check_says_a_bad_token_in_the_admins_words(env: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JIRA_API_TOKEN", "wrong")
    settings = load_settings()
    with wire(settings) as wired:
        checks = preflight(wired.publisher, wired.sources.documents, settings.pull_request())
    (row,) = [c for c in checks if c.name == "sign in to Jira"]
    assert not row.ok and "Jira rejected the credentials (HTTP 401" in row.detail and "JIRA_API_TOKEN" in row.detail
