"""The demo's Jira (Cloud): the issue the pull request's title names, its subtasks, and the user the run signs in as.

PAY-481 holds its description as ADF and its acceptance criteria in a custom field (ACCEPTANCE_FIELD); one criterion
has evidence in the demo's change (the currency's minor units), one has none; its remote link is the Confluence
rounding policy, which the Confluence source reads anyway (cited by the work items too).
"""

from __future__ import annotations

from typing import Any

from .jira import FakeJira

ISSUE, ACCEPTANCE_FIELD, PROJECTS = "PAY-481", "customfield_10035", "PAY"
EMAIL, TOKEN = "ci-bot@fabrikam.example", "sandbox-jira-token"


def text(value: str, *marks: str) -> dict[str, Any]:
    return {"type": "text", "text": value, **({"marks": [{"type": m} for m in marks]} if marks else {})}


def para(*inline: dict[str, Any]) -> dict[str, Any]:
    return {"type": "paragraph", "content": list(inline)}


def bullets(*lines: str) -> dict[str, Any]:
    return {"type": "bulletList", "content": [{"type": "listItem", "content": [para(text(t))]} for t in lines]}


def doc(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"type": "doc", "version": 1, "content": list(blocks)}


DESCRIPTION = doc(
    {"type": "heading", "attrs": {"level": 2}, "content": [text("Why")]},
    para(
        text("Totals in yen are shown with two decimals, and the ledger export rounds each line half-up. "),
        text("Round once", "strong"),
        text(", in the currency's minor unit, as the rounding policy says."),
    ),
    {"type": "heading", "attrs": {"level": 2}, "content": [text("Scope")]},
    bullets(
        "One table of the minor unit of each currency we sell in.",
        "The ledger export keeps its own half-up rounding until PAY-483.",
    ),
)
CRITERIA = doc(
    bullets(
        "A yen total has no minor unit: MINOR_UNITS gives JPY 0.",
        "A refund e-mail states the amount returned to the card.",
    )
)


def seed_jira(jira: FakeJira, policy_url: str = "") -> None:
    """The CI user, PAY-481 with two subtasks (one done), and a secured issue nobody cites."""
    jira.add_user(EMAIL, TOKEN, display_name="Fabrikam CI")
    jira.add_issue("PAY-482", "Minor units table", type="Sub-task", status="Done", category="done", parent=ISSUE)
    jira.add_issue("PAY-483", "Ledger export rounding", type="Sub-task", status="In Progress", parent=ISSUE)
    jira.add_issue(
        ISSUE,
        "Show yen totals without decimals",
        description=DESCRIPTION,
        subtasks=("PAY-482", "PAY-483"),
        custom={ACCEPTANCE_FIELD: CRITERIA},
        remote_links=(policy_url,) if policy_url else (),
    )
    jira.add_issue("PAY-490", "Payroll export format", description=doc(para(text("salaries"))), security="Staff")
