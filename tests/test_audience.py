"""Who may read what, end to end: `doc-context run` against the sandbox, with the LLM sandbox on.

Each case plants a secret in a source the PR's readers may not be able to read, and asserts that the
secret reaches none of: the posted comment, the build summary file, any request the LLM received, the
pipeline log. Its title and link are still shown. A control run with the widening setting shows the
secret, so each case proves the secret sits where a run would otherwise quote it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_workitems import relation, work_item

from .fake_chat import FakeChat

LLM_KEY = "sandbox-llm-key-audience"
SENSITIVE = {"DOC_CONTEXT_SENSITIVE_AREAS": "Fabrikam Fiber\\Security", "DOC_CONTEXT_SENSITIVE_TAGS": "confidential"}


@dataclass(frozen=True)
class Case:
    name: str
    secret: str
    title: str  # shown, as a link
    shown: str  # how the comment shows it
    seed: Callable[[Sandbox, str], None]  # plants the secret, links the source to the PR
    widen: dict[str, str]  # the setting that lets the secret through (the control run)


def _link(sandbox: Sandbox, raw: dict[str, object]) -> None:
    sandbox.ado.add_work_item(raw)
    sandbox.ado.link_work_items(sandbox.info.pr_id, int(str(raw["id"])))


def other_project(sandbox: Sandbox, secret: str) -> None:
    _link(
        sandbox,
        work_item(
            5101,
            "User Story",
            "Partner checkout for Contoso stores",
            project="Contoso",
            fields={"System.Description": f"<div>Rounding as in checkout totals. {secret}</div>"},
        ),
    )


def sensitive_bug(sandbox: Sandbox, secret: str) -> None:
    """A Bug below the sensitive area path; its repro steps also cite a page, which must not be read."""
    blog = f"{sandbox.confluence.api_base}/spaces/PAY/blog/2025/11/03/{sandbox.info.blogpost_id}/x"
    _link(
        sandbox,
        work_item(
            5102,
            "Bug",
            "Gift card codes can be guessed at checkout",
            project="Fabrikam Fiber",
            fields={
                "System.AreaPath": "Fabrikam Fiber\\Security\\Triage",
                "Microsoft.VSTS.TCM.ReproSteps": f"<ol><li>POST /split with code {secret}</li>"
                f'<li>see <a href="{blog}">the notes</a></li></ol>',
                "Microsoft.VSTS.TCM.SystemInfo": f"<div>checkout totals build {secret}</div>",
            },
        ),
    )


def tagged(sandbox: Sandbox, secret: str) -> None:
    _link(
        sandbox,
        work_item(
            5103,
            "Task",
            "Rotate the payment processor keys",
            project="Fabrikam Fiber",
            fields={"System.Tags": "payments; Confidential", "System.Description": f"<div>{secret}</div>"},
        ),
    )


def parent_elsewhere(sandbox: Sandbox, secret: str) -> None:
    """A story of the PR's project whose parent Epic lives in another project."""
    sandbox.ado.add_work_item(
        work_item(
            5110,
            "Epic",
            "Contoso merger readiness",
            project="Contoso",
            fields={"System.Description": f"<div>{secret} before the announcement.</div>"},
        )
    )
    _link(
        sandbox,
        work_item(
            5104,
            "User Story",
            "Totals match the partner ledger",
            project="Fabrikam Fiber",
            fields={"System.Description": "<div>Round checkout totals once.</div>"},
            relations=[relation("System.LinkTypes.Hierarchy-Reverse", sandbox.ado.work_item_url(5110))],
        ),
    )


BOT = "ci-bot@fabrikam.example"  # the sandbox's Confluence account


def _cite(sandbox: Sandbox, wid: int, *page_ids: int) -> None:
    """A story of the PR's own project (shown in full) citing these pages."""
    links = "".join(f'<li><a href="{sandbox.confluence.api_base}/spaces/OPS/pages/{p}">page</a></li>' for p in page_ids)
    _link(sandbox, work_item(wid, "User Story", f"Story {wid}", fields={"System.Description": f"<ul>{links}</ul>"}))


def restricted_page(sandbox: Sandbox, secret: str) -> None:
    wiki = sandbox.confluence
    wiki.add_group("incident-response", BOT, "oncall@fabrikam.example")
    wiki.add_page(3200001, "Postmortem: gift card outage", "OPS", f"<p>Root cause: {secret} in checkout totals.</p>")
    wiki.restrict_view(3200001, groups=["incident-response"])
    _cite(sandbox, 5120, 3200001)


def inherited_restriction(sandbox: Sandbox, secret: str) -> None:
    wiki = sandbox.confluence
    wiki.add_page(3200010, "People operations", "OPS", "<p>HR pages.</p>")
    wiki.restrict_view(3200010, users=[BOT, "hr-lead@fabrikam.example"])
    wiki.add_page(3200011, "Payroll rounding exceptions", "OPS", f"<p>{secret} checkout totals</p>", parent_id=3200010)
    _cite(sandbox, 5121, 3200011)


CASES = [
    Case("another project", "SECRET-OTHER-PROJECT-41c7", "Partner checkout for Contoso stores",
         "_Title only: it belongs to another project._", other_project, {"DOC_CONTEXT_OTHER_PROJECTS": "Contoso"}),
    Case("bug in a sensitive area", "SECRET-EXPLOIT-9b2e", "Gift card codes can be guessed at checkout",
         "_Title only: its area path is marked sensitive._", sensitive_bug, {"DOC_CONTEXT_SENSITIVE_AREAS": ""}),
    Case("tagged item", "SECRET-TAGGED-5d10", "Rotate the payment processor keys",
         "_Title only: it carries a tag marked sensitive._", tagged, {"DOC_CONTEXT_SENSITIVE_TAGS": "secret-project"}),
    Case("parent in another project", "SECRET-PARENT-7e21", "Contoso merger readiness",
         "Part of [Epic 5110: Contoso merger readiness](", parent_elsewhere, {"DOC_CONTEXT_OTHER_PROJECTS": "*"}),
    Case("page with its own view restriction", "SECRET-POSTMORTEM-c0de", "Postmortem: gift card outage",
         "_Title only: the page has view restrictions._", restricted_page, {"DOC_CONTEXT_RESTRICTED_PAGES": "summary"}),
    Case("page under a restricted parent", "SECRET-PAYROLL-ab12", "Payroll rounding exceptions",
         "_Title only: the page inherits view restrictions from a parent page._", inherited_restriction,
         {"DOC_CONTEXT_RESTRICTED_PAGES": "summary"}),
]  # fmt: skip


@pytest.fixture
def chat() -> Iterator[FakeChat]:
    with FakeChat(api_key=LLM_KEY) as server:
        yield server


def env_for(sandbox: Sandbox, chat: FakeChat, tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        **sandbox.env(),
        **SENSITIVE,
        "AGENT_TEMPDIRECTORY": str(tmp_path),
        "DOC_CONTEXT_LLM_URL": chat.azure_url(),
        "DOC_CONTEXT_LLM_AUTH": "api-key",
        "DOC_CONTEXT_LLM_API_KEY": LLM_KEY,
        "DOC_CONTEXT_COMMENT_BUDGET": "12000",  # room for every part: what is shown depends on audience, not length
        **extra,
    }


def everywhere(sandbox: Sandbox, chat: FakeChat, tmp_path: Path, log: str) -> dict[str, str]:
    """Every place the run writes text to: the comment, the build summary, the LLM requests, the log."""
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    sent = [r.body.decode("utf-8", "replace") for r in chat.requests()]
    sent += [json.dumps(r.json, ensure_ascii=False) for r in chat.requests()]
    return {
        "comment": threads[0]["comments"][0]["content"],
        "build summary": (tmp_path / "doc-context-summary.md").read_text(encoding="utf-8"),
        "llm requests": "\n".join(sent),
        "log": log,
    }


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_withheld_source_shows_its_title_and_nothing_else(sandbox, cli, chat, tmp_path, case):
    case.seed(sandbox, case.secret)
    ran = cli(env_for(sandbox, chat, tmp_path), "run")
    assert ran.code == 0, ran.output
    assert chat.requests(), "the LLM was asked (about the sources the PR's readers may see)"
    places = everywhere(sandbox, chat, tmp_path, ran.output)
    for place, text in places.items():
        assert case.secret not in text, f"the secret of '{case.name}' reached the {place}"
    assert case.title in places["comment"] and case.shown in places["comment"]
    assert case.title not in places["llm requests"], "not even a withheld source's title goes to the model"
    assert "shown by title and link only" in ran.stdout and case.title in ran.stdout.split("title and link only")[1]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_control_the_widening_setting_lets_the_secret_through(sandbox, cli, chat, tmp_path, case):
    case.seed(sandbox, case.secret)
    ran = cli(env_for(sandbox, chat, tmp_path, **case.widen), "run")
    assert ran.code == 0, ran.output
    places = everywhere(sandbox, chat, tmp_path, ran.output)
    assert case.secret in places["comment"] and case.secret in places["build summary"]


def test_a_withheld_items_links_are_not_followed(sandbox, cli, chat, tmp_path):
    sensitive_bug(sandbox, "SECRET-LINKS-0a1b")
    ran = cli(env_for(sandbox, chat, tmp_path), "run")
    assert ran.code == 0, ran.output
    blog = str(sandbox.info.blogpost_id)
    assert not [r.path for r in sandbox.confluence.requests() if blog in r.path]


def test_the_log_counts_what_was_shown_by_title_only_and_why(sandbox, cli, chat, tmp_path):
    for case in CASES:
        case.seed(sandbox, case.secret)
    ran = cli(env_for(sandbox, chat, tmp_path), "run")
    assert ran.code == 0, ran.output
    group = ran.stdout.split("##[group]doc-context: 6 shown by title and link only", 1)[1].split("##[endgroup]")[0]
    assert "User Story 5101: Partner checkout for Contoso stores: project Contoso" in group
    assert "Bug 5102: Gift card codes can be guessed at checkout: area path Fabrikam Fiber\\Security\\Triage" in group
    assert "Task 5103: Rotate the payment processor keys: tag Confidential" in group
    assert "parent Epic 5110: Contoso merger readiness: project Contoso" in group
    assert "page 3200001: Postmortem: gift card outage: a view restriction on the page" in group
    assert "page 3200011: Payroll rounding exceptions: a view restriction on an ancestor page" in group
    for case in CASES:
        assert case.secret not in ran.output
    assert "title only" not in "".join(line for line in ran.stdout.splitlines() if "type=warning" in line)


def test_restrictions_are_read_once_a_page_and_not_at_all_when_no_setting_needs_them(sandbox, cli):
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    read = [r.path.rsplit("/", 1)[1] for r in sandbox.confluence.restriction_requests()]
    assert read and len(read) == len(set(read))  # the demo's pages are open: one read each, no fallback
    sandbox.confluence.clear()
    for env in ({"DOC_CONTEXT_RESTRICTED_PAGES": "summary"}, {"DOC_CONTEXT_PAGE_CONTENT": "titles"}):
        assert cli({**sandbox.env(), **env}, "run", "--dry-run").code == 0
    assert sandbox.confluence.restriction_requests() == []


def test_check_lists_what_a_run_would_show_by_title_only(sandbox, cli):
    other_project(sandbox, "SECRET-CHECK-3f3f")
    tagged(sandbox, "SECRET-CHECK-3f3f")
    restricted_page(sandbox, "SECRET-CHECK-3f3f")
    ran = cli({**sandbox.env(), **SENSITIVE}, "check")
    assert ran.code == 0, ran.output
    assert "User Story 5101: Partner checkout for Contoso stores: project Contoso" in ran.stdout
    assert "Task 5103: Rotate the payment processor keys: tag Confidential" in ran.stdout
    assert "page 3200001: Postmortem: gift card outage: a view restriction on the page" in ran.stdout
    assert "SECRET-CHECK-3f3f" not in ran.output
    assert not sandbox.ado.requests(method="PATCH") and not sandbox.ado.threads(sandbox.info.pr_id)


def test_a_token_that_cannot_read_restrictions_shows_pages_by_title_with_one_warning(sandbox, cli):
    wiki = sandbox.confluence
    wiki.add_user("scoped@fabrikam.example", "scoped-token", display_name="Scoped",
                  scopes=["read:page:confluence", "read:space:confluence"])  # fmt: skip
    env = {**sandbox.env(), "CONFLUENCE_EMAIL": "scoped@fabrikam.example", "CONFLUENCE_API_TOKEN": "scoped-token"}
    room = {"DOC_CONTEXT_COMMENT_BUDGET": "12000"}  # every page's line: what is withheld, not what fits, is tested
    ran = cli({**env, **room, "CONFLUENCE_API_BASE": wiki.gateway_base}, "run")
    assert ran.code == 0, ran.output
    told = [line for line in ran.stdout.splitlines() if "type=warning" in line and "could not be read" in line]
    assert len(told) == 1 and "search:confluence or read:content-details:confluence" in told[0]
    body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
    assert "[Gift card split payments - design](" in body and "Scope of the first release" not in body
    assert "_Title only: its view restrictions could not be checked._" in body
