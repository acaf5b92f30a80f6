"""The sandbox fixture (conftest.py) gives each test the demo afresh, at the addresses of the session: nothing one
test changes in the fakes reaches the next, and the SDK's discovery, kept per URL, is made once a session."""

from __future__ import annotations

import httpx

from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado import work_item

from .conftest import reseeded


def answers(box: Sandbox) -> dict[str, object]:
    """What a client sees of the demo: the pull request, a work item, the threads, a Confluence page."""
    info, auth = box.info, ("", box.info.token)
    pr = httpx.get(f"{box.ado.base_url}/_apis/git/pullRequests/{info.pr_id}?api-version=7.1", auth=auth)
    item = httpx.get(f"{box.ado.base_url}/_apis/wit/workItems/{info.bug_id}?api-version=7.1", auth=auth)
    extra = httpx.get(f"{box.ado.base_url}/_apis/wit/workItems/9001?api-version=7.1", auth=auth)
    page = httpx.get(
        f"{box.confluence.api_base}/api/v2/pages/{info.design_page_id}",
        auth=(info.confluence_email, info.confluence_api_token),
    )
    return {
        "pull request": (pr.status_code, pr.json().get("title")),
        "bug": (item.status_code, item.json().get("fields", {}).get("System.Title")),
        "a work item a test added": extra.status_code,
        "threads": box.ado.threads(info.pr_id),
        "page": (page.status_code, page.json().get("title")),
    }


def test_what_a_test_changes_is_gone_for_the_next_at_the_same_addresses(sandbox_ports):
    with Sandbox() as pristine:
        expected = answers(pristine)
    with reseeded(sandbox_ports) as first:
        addresses = (first.ado.base_url, first.confluence.base_url)
        info = first.info
        first.ado.add_work_item(work_item(9001, "Bug", "left behind"))
        first.ado.work_items.update(info.bug_id, {"System.Title": "changed by the first test"})
        first.ado.add_thread(info.pr_id, {"comments": [{"id": 1, "content": "left behind"}]})
        first.ado.add_fault("GET", r".", [503] * 20)
        first.confluence.add_fault("GET", r".", ["reset"] * 20)
        first.ado.add_latency("GET", r".", 60_000)
        first.ado.org_batch = "project-required"
        first.ado.set_unreadable(info.bug_id)
    with reseeded(sandbox_ports) as second:
        assert (second.ado.base_url, second.confluence.base_url) == addresses
        assert second.ado.pending_faults() == second.confluence.pending_faults() == 0
        assert second.ado.org_batch == "every-project" and second.ado.requests() == []
        assert answers(second) == expected
