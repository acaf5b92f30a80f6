"""Realistic demo data: a checkout PR, its work items, the Confluence pages and the wiki page they link to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .ado import FakeAzureDevOps
from .ado_state import Identity, Project, PullRequest, Repository
from .ado_workitems import relation, work_item
from .checkout import trees
from .confluence import FakeConfluence, tiny_code
from .seed_confluence import (
    BLOGPOST,
    DESIGN_PAGE,
    HOME_PAGE,
    MISSING_PAGE,
    POLICY_PAGE,
    TRASHED_PAGE,
    data,
    seed_confluence,
)
from .seed_story import seed_story
from .seed_wiki import RUNBOOK_ID, runbook_artifact, runbook_url, seed_wiki

BUG_ID, STORY_ID, SPIKE_ID, UNREADABLE_ID, FEATURE_ID = 4211, 4198, 4230, 4242, 3907
PR_ID = 1842
PR_TITLE = "Fix rounding in checkout totals and add gift card split payments"
PR_DESCRIPTION = """Fixes the one-cent difference between checkout and the ledger export, and adds split tender \
(gift card + card or PayPal).

- `checkout/totals.py`: round once, on the order total, with ROUND_HALF_EVEN (was: per line, half-up)
- `payments/split_tender.py`: new; charges the gift card first and the rest to the second tender
- `payments/giftcard.py`: hold / release used by the split
- removes `checkout/legacy_round.py`

AB#4211 AB#4198"""
CHANGES = [
    [
        ("/src/checkout/totals.py", "edit"),
        ("/src/checkout/rounding.py", "add"),
        ("/src/checkout/legacy_round.py", "delete"),
        ("/tests/checkout/test_totals.py", "edit"),
    ],
    [
        ("/src/payments/giftcard.py", "edit"),
        ("/src/payments/split_tender.py", "add"),
        ("/tests/payments/test_split_tender.py", "add"),
    ],
    [("/docs/payments/gift-cards.md", "edit")],
    [],  # review fixes: same files
]
ITERATIONS = (
    "Round checkout totals once, at order level",
    "Split tender: gift card first, card for the rest",
    "Document split payments for support",
    "Review fixes",
)


@dataclass(frozen=True)
class DemoInfo:
    """Names, ids and secrets of the seeded demo; everything a run or a test needs to point at it."""

    org: str
    org_url: str  # the fake's base_url, no trailing slash
    project_name: str
    project_id: str
    repo_name: str
    repo_id: str
    pr_id: int
    token: str  # build service: may read and post threads
    read_only_token: str  # reads everything, thread writes answer 403 (TF401027)
    user_token: str  # a person's PAT: another identity than the build service
    confluence_url: str  # Cloud API base: site + /wiki
    confluence_email: str
    confluence_api_token: str
    work_item_ids: tuple[int, ...]  # linked to the PR, including the unreadable one
    unreadable_work_item_ids: tuple[int, ...]
    bug_id: int
    story_id: int
    spike_id: int
    feature_id: int  # the parent of the Bug and the Story; not linked to the PR
    design_page_id: int  # linked from the Story by URL and by tiny link (same page: dedupe)
    design_tiny_code: str
    policy_page_id: int  # linked as viewpage.action?pageId= in plain text
    wiki_page_id: int  # the runbook in the project wiki (seed_wiki.py): the Story's wiki link and the PR cite it
    missing_page_id: int  # linked from the Story; Confluence answers 404
    home_page_id: int
    blogpost_id: int  # not linked; for tests
    trashed_page_id: int  # not linked; for tests


def seed_demo(ado: FakeAzureDevOps, confluence: FakeConfluence) -> DemoInfo:
    """Fill both fakes; Confluence links in the work items point at `confluence` (Cloud)."""
    project = ado.add_project("Fabrikam Fiber")
    author = _identities(ado, project)
    repo = ado.add_repository(project, "storefront")
    pr = _pull_request(ado, repo, author)
    pr.description += f"\n\nReconciliation: [the ledger runbook]({runbook_url(ado.base_url, project)})"
    _work_items(ado, project, pr, wiki=confluence.api_base)
    seed_story(ado, project, STORY_ID)
    seed_confluence(confluence)
    seed_wiki(ado, project)
    return DemoInfo(
        org=ado.org,
        org_url=ado.base_url,
        project_name=project.name,
        project_id=project.id,
        repo_name=repo.name,
        repo_id=repo.id,
        pr_id=pr.id,
        token="sandbox-build-token",
        read_only_token="sandbox-readonly-token",
        user_token="sandbox-user-pat",
        confluence_url=confluence.api_base,
        confluence_email="ci-bot@fabrikam.example",
        confluence_api_token="sandbox-confluence-token",
        work_item_ids=tuple(pr.work_item_ids),
        unreadable_work_item_ids=(UNREADABLE_ID,),
        bug_id=BUG_ID,
        story_id=STORY_ID,
        spike_id=SPIKE_ID,
        feature_id=FEATURE_ID,
        design_page_id=DESIGN_PAGE,
        design_tiny_code=tiny_code(DESIGN_PAGE),
        policy_page_id=POLICY_PAGE,
        wiki_page_id=RUNBOOK_ID,
        missing_page_id=MISSING_PAGE,
        home_page_id=HOME_PAGE,
        blogpost_id=BLOGPOST,
        trashed_page_id=TRASHED_PAGE,
    )


def _identities(ado: FakeAzureDevOps, project: Project) -> Identity:
    """Three tokens: the build service (writes), a read-only build identity, a person's PAT (the PR author)."""
    ado.add_token(
        "sandbox-build-token",
        ado.add_identity(f"{project.name} Build Service ({ado.org})", unique_name=f"Build\\{project.id}"),
    )
    ado.add_token("sandbox-readonly-token", f"Project Collection Build Service ({ado.org})", read_only=True)
    return ado.add_token("sandbox-user-pat", ado.add_identity("Jamal Hartnett", unique_name="jamal@fabrikam.example"))


def _pull_request(ado: FakeAzureDevOps, repo: Repository, author: Identity) -> PullRequest:
    pr = ado.add_pull_request(
        repo,
        PR_TITLE,
        pull_request_id=PR_ID,
        description=PR_DESCRIPTION,
        created_by=author,
        source_branch="refs/heads/users/jamal/checkout-rounding-split-tender",
        work_item_ids=[BUG_ID, STORY_ID, SPIKE_ID, UNREADABLE_ID],
    )
    so_far: list[tuple[str, str]] = []
    for changes, description in zip(CHANGES, ITERATIONS, strict=True):
        so_far += changes
        ado.add_iteration(pr.id, list(so_far), description=description, author=author)
    ado.git.add_change(pr, *trees())  # its files at the merge commit and its first parent, as the checkout has them
    return pr


def _work_items(ado: FakeAzureDevOps, project: Project, pr: PullRequest, *, wiki: str) -> None:
    def wi_url(wid: int) -> str:
        return ado.work_item_url(wid)

    pr_link = relation(
        "ArtifactLink", f"vstfs:///Git/PullRequestId/{project.id}%2F{pr.repository.id}%2F{pr.id}", name="Pull Request"
    )
    parent = relation("System.LinkTypes.Hierarchy-Reverse", wi_url(FEATURE_ID), isLocked=False, name="Parent")
    attached = f"{ado.base_url}/{project.id}/_apis/wit/attachments"  # a screenshot's address (never fetched)
    common = {"project": project.name}
    ado.add_work_item(
        work_item(
            FEATURE_ID,
            "Feature",
            "Gift card payments at checkout",
            state="Active",
            rev=9,
            markdown_fields=["System.Description"],
            fields={
                **_people("Priya Raman"),
                "System.Description": "Let shoppers use **gift cards** for any part of an order.\n\n"
                "- split tender (this quarter)\n- multiple gift cards (next quarter)",
            },
            relations=[
                relation("System.LinkTypes.Hierarchy-Forward", wi_url(i), isLocked=False, name="Child")
                for i in (BUG_ID, STORY_ID)
            ],
            **common,
        )
    )
    ado.add_work_item(
        work_item(
            BUG_ID,
            "Bug",
            "Checkout total is off by one cent when a percentage discount applies",
            rev=7,
            fields={
                **_people("Jamal Hartnett"),
                "Microsoft.VSTS.TCM.ReproSteps": data("bug-repro-steps.html").replace("{attachments}", attached),
                "Microsoft.VSTS.TCM.SystemInfo": "<div>Web checkout, release 2025.10.3 (storefront@4f2a9c1)<br>"
                "Chrome 129 on Windows 11; also reproduced in Safari 17 on iOS</div>",
                "System.Description": "<div>LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR: copied from the old Jira ticket "
                "before Bugs moved to Repro Steps.</div>",
                "Microsoft.VSTS.Common.Priority": 1,
                "Microsoft.VSTS.Common.Severity": "2 - High",
                "System.Tags": "checkout; ledger; rounding",
            },
            relations=[parent, pr_link],
            **common,
        )
    )
    ado.add_work_item(
        work_item(
            STORY_ID,
            "User Story",
            "Split a payment between a gift card and a card",
            rev=12,
            fields={
                **_people("Priya Raman"),
                "System.Description": data("story-description.html").replace("{wiki}", wiki),
                "Microsoft.VSTS.Common.AcceptanceCriteria": data("story-acceptance-criteria.html"),
                "Microsoft.VSTS.Scheduling.StoryPoints": 8.0,
                "System.Tags": "gift-cards; payments",
            },
            relations=[
                parent,
                relation("ArtifactLink", runbook_artifact(project), comment="Ops runbook", name="Wiki Page"),
                relation("System.LinkTypes.Related", wi_url(BUG_ID), isLocked=False, name="Related"),
                pr_link,
            ],
            **common,
        )
    )
    ado.add_work_item(
        work_item(
            SPIKE_ID,
            "Spike",
            "Spike: banker's rounding in the ledger export",
            state="Closed",
            rev=4,
            fields={
                **_people("Jamal Hartnett"),
                "System.Description": "<div>Timebox: 2 days.</div><div>Can the ledger export switch to banker's "
                "rounding (ROUND_HALF_EVEN) without breaking finance's monthly reconciliation? Compare the October "
                "export rounded both ways and "
                'report the difference per currency.</div><div><br></div><div>Finance notes: <a href="https://'
                'sharepoint.fabrikam.example/sites/finance/ledger-rounding.xlsx">ledger-rounding.xlsx</a></div>',
            },
            relations=[relation("System.LinkTypes.Related", wi_url(STORY_ID), isLocked=False, name="Related"), pr_link],
            **common,
        )
    )
    ado.add_work_item(
        work_item(
            UNREADABLE_ID,
            "Bug",
            "Gift card balance enumeration via the split endpoint",
            rev=3,
            fields={
                "System.AreaPath": "Fabrikam Fiber\\Security",
                "Microsoft.VSTS.TCM.ReproSteps": "<div>restricted</div>",
            },
            relations=[pr_link],
            **common,
        ),
        readable=False,
    )


def _people(assignee: str) -> dict[str, Any]:
    user = {"displayName": assignee, "uniqueName": assignee.split()[0].lower() + "@fabrikam.example"}
    return {"System.AssignedTo": user, "System.CreatedBy": user, "System.ChangedBy": user}
