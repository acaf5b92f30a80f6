"""Work items from other projects: read with the organization-level batch, linked under their own project.

Whether the organization-level POST {org}/_apis/wit/workitemsbatch answers with items of every project the
identity can read is not verified against the live service, so the sandbox plays it both ways
(FakeAzureDevOps.org_batch) and the run must hold up in each: exit 0, one thread, the PR's own items shown.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_workitems import relation, work_item

OTHER = "Contoso Platform"  # a project of the same organization, with a space in its name
OWN_ID, OTHER_ID, OTHER_PARENT_ID = 7001, 7002, 7003


def seed(sandbox: Sandbox) -> None:
    ado = sandbox.ado
    ado.add_project(OTHER)
    ado.add_work_item(work_item(OTHER_PARENT_ID, "Feature", "Partner storefronts", project=OTHER))
    ado.add_work_item(
        work_item(
            OTHER_ID,
            "User Story",
            "Partner checkout uses the shared rounding",
            project=OTHER,
            fields={"System.Description": "<div>Partners round like the storefront does.</div>"},
            relations=[relation("System.LinkTypes.Hierarchy-Reverse", ado.work_item_url(OTHER_PARENT_ID))],
        )
    )
    ado.add_work_item(work_item(OWN_ID, "Task", "Share the rounding helper"))  # the PR's own project
    ado.link_work_items(sandbox.info.pr_id, OWN_ID, OTHER_ID)


def edit_link(sandbox: Sandbox, project: str, wid: int) -> str:
    return f"{sandbox.ado.base_url}/{quote(project)}/_workitems/edit/{wid}"


def comment(sandbox: Sandbox) -> str:
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    assert len(threads) == 1
    return threads[0]["comments"][0]["content"]


def batches(sandbox: Sandbox) -> list[tuple[str, list[int]]]:
    """The batch reads: (the path before /_apis, the ids asked)."""
    return [
        (r.path.split("/_apis/")[0], r.json["ids"]) for r in sandbox.ado.requests("POST", r"/_apis/wit/workItemsBatch$")
    ]


def test_an_item_of_another_project_is_read_at_the_organization_and_linked_under_its_project(sandbox, cli):
    seed(sandbox)
    room = {"DOC_CONTEXT_COMMENT_BUDGET": "12000"}  # every parent line: what is read, not what fits, is tested here
    ran = cli({**sandbox.env(), "DOC_CONTEXT_OTHER_PROJECTS": OTHER, **room}, "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    assert edit_link(sandbox, OTHER, OTHER_ID) in body
    assert edit_link(sandbox, sandbox.info.project_name, OWN_ID) in body
    assert "Partners round like the storefront does" in body
    assert edit_link(sandbox, OTHER, OTHER_PARENT_ID) in body  # its parent, from the same project
    org = f"/{sandbox.ado.org}"
    asked = batches(sandbox)
    assert asked[0][0] == org and {OWN_ID, OTHER_ID} <= set(asked[0][1])  # the organization's route first
    assert [where for where, ids in asked if OTHER_PARENT_ID in ids] == [org]  # its parent: at the organization
    # under the PR's project, only what the organization's batch left out (the demo's missing item)
    assert all(where == org or not {OWN_ID, OTHER_ID, OTHER_PARENT_ID} & set(ids) for where, ids in asked)
    assert f"work item {OTHER_ID}" not in ran.stdout


def test_another_projects_item_is_title_only_unless_its_project_is_shared(sandbox, cli):
    seed(sandbox)
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    assert edit_link(sandbox, OTHER, OTHER_ID) in body and "Partner checkout uses the shared rounding" in body
    assert "Partners round like the storefront does" not in body


def test_when_the_organization_batch_resolves_no_item_the_projects_batch_still_reads_the_prs_own(sandbox, cli):
    """The other way the unverified claim could go: without a project the service finds nothing."""
    seed(sandbox)
    sandbox.ado.org_batch = "project-required"
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    assert edit_link(sandbox, sandbox.info.project_name, OWN_ID) in body
    assert "Gift card split payments" in body  # the demo's own items, as before
    assert "Partner checkout" not in body
    warning = next(line for line in ran.stdout.splitlines() if f"work item {OTHER_ID}" in line)
    assert "another project" in warning and "job token limited to the current project" in warning
    asked = batches(sandbox)
    assert asked[0][0] == f"/{sandbox.ado.org}"
    assert asked[1] == (f"/{sandbox.ado.org}/{sandbox.info.project_id}", asked[0][1])  # all missing: asked again


def test_a_job_token_limited_to_the_current_project_skips_the_other_with_a_warning(sandbox, cli):
    seed(sandbox)
    token = "sandbox-project-scoped-token"
    sandbox.ado.add_token(
        token, f"{sandbox.info.project_name} Build Service (fabrikam)", projects=[sandbox.info.project_name]
    )
    ran = cli({**sandbox.env(), "SYSTEM_ACCESSTOKEN": token}, "run")
    assert ran.code == 0, ran.output
    body = comment(sandbox)
    assert edit_link(sandbox, sandbox.info.project_name, OWN_ID) in body
    assert "Partner checkout" not in body
    assert re.search(rf"work item {OTHER_ID}.*skipped", ran.stdout)


@pytest.mark.parametrize("org_batch", ["every-project", "project-required"])
def test_the_sandbox_routes_the_organization_batch_as_the_service_does(sandbox, org_batch):
    """POST {org}/_apis/wit/workitemsbatch (the spec's path casing) and .../workItemsBatch (the SDK's):
    the real route template '{project}/_apis/{area}/{resource}' with its project left out."""
    import httpx

    seed(sandbox)
    sandbox.ado.org_batch = org_batch
    headers = {"Authorization": f"Bearer {sandbox.info.token}", "Accept": "application/json;api-version=7.1"}
    body = {"ids": [OWN_ID, OTHER_ID], "errorPolicy": "Omit"}
    for resource in ("workitemsbatch", "workItemsBatch"):
        org = httpx.post(f"{sandbox.ado.base_url}/_apis/wit/{resource}", json=body, headers=headers)
        assert org.status_code == 200, org.text
        found = [w["id"] if w else None for w in org.json()["value"]]
        assert found == ([OWN_ID, OTHER_ID] if org_batch == "every-project" else [None, None])
    own = httpx.post(
        f"{sandbox.ado.base_url}/{quote(sandbox.info.project_name)}/_apis/wit/workitemsbatch",
        json=body,
        headers=headers,
    )
    assert [w["id"] if w else None for w in own.json()["value"]] == [OWN_ID, None]
