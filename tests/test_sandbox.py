"""Contract tests: the real azure-devops SDK and httpx against the sandbox's fake servers."""

from __future__ import annotations

# The SDK's disk cache (OPTIONS/ResourceAreas, kept 12 h) goes into the session's temp dir: see conftest.py.
import base64
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from azure.devops.connection import Connection
from azure.devops.exceptions import AzureDevOpsAuthenticationError, AzureDevOpsServiceError
from azure.devops.v7_1.git.models import Comment, GitPullRequestCommentThread
from azure.devops.v7_1.location.location_client import LocationClient
from azure.devops.v7_1.work_item_tracking.models import WorkItemBatchGetRequest
from msrest.authentication import BasicAuthentication, BasicTokenAuthentication
from msrest.exceptions import ClientRequestError

from doc_context.sandbox import FakeConfluence, Sandbox
from doc_context.sandbox.ado_state import Project
from doc_context.sandbox.confluence import tiny_code
from doc_context.sandbox.seed import DemoInfo
from doc_context.sandbox.seed_threads import add_review_threads
from doc_context.sandbox.seed_wiki import wiki_id
from doc_context.sources.tls import default_context  # the clients below share it: a new one loads the roots

CHANGES_LOCATION = "4216bdcf-b6b1-4d59-8b82-c34cc183fc8b"
MARKER = "docContext.marker"
PROBE_LOCATION_IDS = {
    "01a46dea-7d46-4d40-bc84-319e7c260d99",
    "9946fd70-0d40-406e-b686-b4744cbbcc37",
    "0a637fcc-5370-4ce8-b0e8-98091f5f9482",
    "ab6e2e5d-a0b7-4153-b64a-a4efe0d49449",
    "965a3ec7-5ed8-455a-bdcb-835a5ea7fe7b",
    "d43911ee-6958-46b0-a42b-8445b8a0d004",
    "4216bdcf-b6b1-4d59-8b82-c34cc183fc8b",
    "72c7ddf8-2cdc-4f60-90cd-ab71c14a399b",
    "908509b6-4248-4475-a1cd-829139ba419f",
    "fb93c0db-47ed-4a31-8c20-47552878fb44",
    "615588d5-c0c7-4b88-88f8-e625306446e8",
    "48a52185-5b9e-4736-9dc1-bb1e2feac80b",
    "e81700f7-3be2-46de-8624-2eb35882fcaa",
}


@pytest.fixture
def sandbox(sandbox: Sandbox) -> Iterator[Sandbox]:
    """conftest's sandbox, and no bug of the fakes' (an answer of 500 with a traceback) by the end of the test."""
    yield sandbox
    assert sandbox.ado.errors == [] and sandbox.confluence.errors == []


def clients(box: Sandbox, token: str | None = None) -> tuple[Any, Any]:
    conn = Connection(base_url=box.ado.base_url, creds=BasicAuthentication("", token or box.info.token))
    return conn.clients_v7_1.get_git_client(), conn.clients_v7_1.get_work_item_tracking_client()


def raw(box: Sandbox, method: str, path: str, *, version: str | None = "7.1", **kw: Any) -> httpx.Response:
    accept = "application/json" + (f";api-version={version}" if version else "")
    url, auth, headers = box.ado.base_url + path, ("", box.info.token), {"Accept": accept}
    return httpx.request(method, url, auth=auth, headers=headers, verify=default_context(), **kw)


def marker_thread(status: Any = "active") -> GitPullRequestCommentThread:
    return GitPullRequestCommentThread(
        comments=[Comment(content="## Business context", comment_type="text", parent_comment_id=0)],
        status=status,
        properties={MARKER: {"$type": "System.String", "$value": "v1"}, "plain": "kept as a string"},
    )


# -- Azure DevOps through the SDK
def test_discovery_then_pull_request_by_id() -> None:
    # The SDK keeps discovery per URL, in the process and on disk: an organization no earlier sandbox used
    # (an earlier one may have had this port) makes sure the discovery calls are made here.
    with Sandbox(org=f"fabrikam-{uuid.uuid4().hex[:8]}") as sandbox:
        git, _ = clients(sandbox)
        pr = git.get_pull_request_by_id(sandbox.info.pr_id)
    org = sandbox.ado.org

    assert pr.title.startswith("Fix rounding in checkout totals")
    assert pr.repository.id == sandbox.info.repo_id and pr.repository.project.id == sandbox.info.project_id
    options, areas, get = sandbox.ado.requests()
    assert (options.method, options.path, options.headers["Accept"]) == (
        "OPTIONS",
        f"/{org}/_apis",
        "application/json",
    )
    assert areas.path == f"/{org}/_apis/ResourceAreas"
    assert get.path == f"/{org}/_apis/git/pullRequests/{sandbox.info.pr_id}"
    assert get.headers["Accept"] == "application/json;api-version=7.1-preview.1"
    assert get.headers["Authorization"] == "Basic " + base64.b64encode(b":sandbox-build-token").decode()


def test_options_serves_the_real_locations_and_areas_point_back_here(sandbox: Sandbox) -> None:
    locations = httpx.request("OPTIONS", sandbox.ado.base_url + "/_apis").json()
    areas = raw(sandbox, "GET", "/_apis/ResourceAreas", version="7.1-preview.1").json()

    assert locations["count"] == len(locations["value"]) == 820
    assert {loc["id"] for loc in locations["value"]} >= PROBE_LOCATION_IDS
    assert {a["name"]: a["locationUrl"] for a in areas["value"]} == dict.fromkeys(
        ("git", "wit", "core", "wiki"), sandbox.ado.base_url + "/"
    )


def test_project_segment_by_name_or_id_and_errors(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info

    assert git.get_pull_request_by_id(info.pr_id, project=info.project_name).pull_request_id == info.pr_id
    assert git.get_pull_request(info.repo_name, info.pr_id, project=info.project_name).title
    assert sandbox.ado.requests(path_regex="Fabrikam%20Fiber")
    with pytest.raises(AzureDevOpsServiceError) as missing_pr:
        git.get_pull_request_by_id(999)
    with pytest.raises(AzureDevOpsServiceError) as missing_project:
        git.get_pull_request_by_id(info.pr_id, project="Nope")
    assert missing_pr.value.type_key == "GitPullRequestNotFoundException"
    assert missing_project.value.type_key == "ProjectDoesNotExistWithNameException"


def test_work_item_refs_have_string_ids(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info
    refs = git.get_pull_request_work_item_refs(info.repo_id, info.pr_id, project=info.project_id)

    assert [r.id for r in refs] == [str(i) for i in info.work_item_ids]
    assert refs[0].url == f"{sandbox.ado.base_url}/_apis/wit/workItems/{info.work_item_ids[0]}"


def test_batch_with_relations_omits_the_unreadable_item(sandbox: Sandbox) -> None:
    _, wit = clients(sandbox)
    info = sandbox.info
    items = wit.get_work_items_batch(
        WorkItemBatchGetRequest(ids=list(info.work_item_ids), expand="Relations", error_policy="Omit"),
        project=info.project_id,
    )

    by_id = {w.id: w for w in items if w is not None}
    assert len(items) == 4 and items[info.work_item_ids.index(info.unreadable_work_item_ids[0])] is None
    bug, story = by_id[info.bug_id], by_id[info.story_id]
    assert bug.fields["System.WorkItemType"] == "Bug" and "<ol>" in bug.fields["Microsoft.VSTS.TCM.ReproSteps"]
    assert "LEGACY-DESCRIPTION-SHOULD-NOT-APPEAR" in bug.fields["System.Description"]
    assert (bug.relations[0].rel, bug.relations[0].url) == (
        "System.LinkTypes.Hierarchy-Reverse",
        sandbox.ado.work_item_url(info.feature_id),
    )
    assert by_id[info.spike_id].fields["System.WorkItemType"] == "Spike"
    assert [(r.url, r.attributes["name"]) for r in story.relations if r.url.startswith("vstfs:///Wiki/")] == [
        (
            f"vstfs:///Wiki/WikiPage/{info.project_id}%2F{wiki_id(project(info))}%2FRunbooks%2FLedger%20reconciliation",
            "Wiki Page",
        )
    ]
    [batch] = sandbox.ado.requests("POST", "workItemsBatch")
    assert batch.json == {"$expand": "Relations", "errorPolicy": "Omit", "ids": list(info.work_item_ids)}


def test_batch_fields_filter_and_refusals(sandbox: Sandbox) -> None:
    _, wit = clients(sandbox)
    info = sandbox.info
    [bug] = wit.get_work_items_batch(
        WorkItemBatchGetRequest(
            ids=[info.bug_id], fields=["System.Title", "System.Description", "Microsoft.VSTS.Common.AcceptanceCriteria"]
        )
    )

    assert set(bug.fields) == {"System.Title", "System.Description"} and bug.relations is None
    refusals = {
        "ArgumentException": WorkItemBatchGetRequest(ids=[info.bug_id], fields=["System.Title"], expand="Relations"),
        "WorkItemUnauthorizedAccessException": WorkItemBatchGetRequest(ids=list(info.work_item_ids)),
    }
    for type_key, request in refusals.items():
        with pytest.raises(AzureDevOpsServiceError) as refused:
            wit.get_work_items_batch(request)
        assert refused.value.type_key == type_key
    with pytest.raises(AzureDevOpsServiceError, match="200"):
        wit.get_work_items_batch(WorkItemBatchGetRequest(ids=list(range(1, 202)), error_policy="Omit"))


def test_get_work_items_list_has_the_same_semantics(sandbox: Sandbox) -> None:
    _, wit = clients(sandbox)
    info = sandbox.info
    items = wit.get_work_items(
        [info.story_id, info.unreadable_work_item_ids[0]],
        project=info.project_id,
        expand="Relations",
        error_policy="omit",
    )

    assert items[1] is None and items[0].fields["System.WorkItemType"] == "User Story"
    assert {r.rel for r in items[0].relations} >= {"ArtifactLink", "System.LinkTypes.Hierarchy-Reverse"}
    assert sandbox.ado.requests("GET", "/wit/workItems$")[0].headers["Accept"].endswith("7.1-preview.3")


def test_thread_round_trip_with_typed_properties(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info
    before = len(git.get_threads(info.repo_id, info.pr_id, project=info.project_id))
    created = git.create_thread(marker_thread(), info.repo_id, info.pr_id, project=info.project_id)

    assert created.status == "active" and created.is_deleted is False
    assert created.properties == {
        MARKER: {"$type": "System.String", "$value": "v1"},
        "plain": {"$type": "System.String", "$value": "kept as a string"},
    }
    assert (
        created.comments[0].id == 1
        and created.comments[0].author.display_name == "Fabrikam Fiber Build Service (fabrikam)"
    )
    threads = git.get_threads(info.repo_id, info.pr_id, project=info.project_id)
    [ours] = [t for t in threads if (t.properties or {}).get(MARKER, {}).get("$value") == "v1"]
    assert len(threads) == before + 1 and ours.id == created.id

    updated = git.update_comment(
        Comment(content="## Business context (v2)"), info.repo_id, info.pr_id, ours.id, 1, project=info.project_id
    )
    git.update_thread(
        GitPullRequestCommentThread(status="closed", properties={"extra": "x"}),
        info.repo_id,
        info.pr_id,
        ours.id,
        project=info.project_id,
    )
    again = git.get_pull_request_thread(info.repo_id, info.pr_id, ours.id, project=info.project_id)

    assert updated.content == "## Business context (v2)" and updated.last_updated_date > created.published_date
    assert again.status == "closed" and set(again.properties) == {MARKER, "plain", "extra"}
    assert sandbox.ado.threads(info.pr_id)[-1]["comments"][0]["content"] == "## Business context (v2)"
    [patch] = sandbox.ado.requests("PATCH", r"/comments/1$")
    assert patch.json == {"content": "## Business context (v2)"}


def test_integer_status_is_answered_as_a_name(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info

    assert git.create_thread(marker_thread(status=4), info.repo_id, info.pr_id).status == "closed"
    assert git.create_thread(marker_thread(status=None), info.repo_id, info.pr_id).status is None  # "unknown"


def test_only_the_author_may_edit_a_comment(sandbox: Sandbox) -> None:
    info = sandbox.info
    created = clients(sandbox)[0].create_thread(marker_thread(), info.repo_id, info.pr_id, project=info.project_id)
    someone_else, _ = clients(sandbox, info.user_token)

    with pytest.raises(AzureDevOpsServiceError) as refused:
        someone_else.update_comment(
            Comment(content="mine now"), info.repo_id, info.pr_id, created.id, 1, project=info.project_id
        )
    assert refused.value.type_key == "UnauthorizedAccessException"
    assert (
        someone_else.create_thread(marker_thread(), info.repo_id, info.pr_id).comments[0].author.display_name
        == "Jamal Hartnett"
    )


def test_read_only_token_reads_but_cannot_post(sandbox: Sandbox) -> None:
    info = sandbox.info
    add_review_threads(sandbox.ado, info.pr_id)
    git, _ = clients(sandbox, info.read_only_token)

    threads = git.get_threads(info.repo_id, info.pr_id, project=info.project_id)
    assert [t.status for t in threads] == [None, "active"]  # a system thread has no status
    assert threads[0].properties["CodeReviewThreadType"]["$value"] == "VoteUpdate"
    with pytest.raises(AzureDevOpsServiceError) as refused:
        git.create_thread(marker_thread(), info.repo_id, info.pr_id, project=info.project_id)
    assert refused.value.type_key == "GitNeedsPermissionException"
    assert refused.value.message.startswith("TF401027: You need the Git 'PullRequestContribute' permission")
    assert "identity 'Build\\" in refused.value.message


def test_bad_token_is_an_authentication_error(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox, "wrong")

    with pytest.raises(AzureDevOpsAuthenticationError, match="TF400813"):
        git.get_pull_request_by_id(sandbox.info.pr_id)


def test_bearer_token_is_accepted(sandbox: Sandbox) -> None:
    creds = BasicTokenAuthentication({"access_token": sandbox.info.token})
    conn = Connection(base_url=sandbox.ado.base_url, creds=creds)

    assert conn.clients_v7_1.get_git_client().get_pull_request_by_id(sandbox.info.pr_id).pull_request_id
    assert sandbox.ado.requests("GET", "pullRequests")[-1].headers["Authorization"] == "Bearer sandbox-build-token"


def test_iterations_and_changed_files_with_paths(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info
    iterations = git.get_pull_request_iterations(info.repo_id, info.pr_id, project=info.project_id)
    last = max(i.id for i in iterations)
    route = {"project": info.project_id, "repositoryId": info.repo_id, "pullRequestId": info.pr_id, "iterationId": last}
    body = git._send(
        http_method="GET",
        location_id=CHANGES_LOCATION,
        version="7.1",
        route_values=dict(route),
        query_parameters={"$top": 2000, "$skip": 0},
    ).json()
    first = git._send(
        http_method="GET",
        location_id=CHANGES_LOCATION,
        version="7.1",
        route_values=dict(route),
        query_parameters={"$top": 3, "$skip": 0},
    ).json()
    sdk = git.get_pull_request_iteration_changes(info.repo_id, info.pr_id, last, project=info.project_id)

    assert [i.id for i in iterations] == [1, 2, 3, 4]
    assert ("edit", "/src/checkout/totals.py") in [(c["changeType"], c["item"]["path"]) for c in body["changeEntries"]]
    assert len(body["changeEntries"]) == 8 and (body["nextSkip"], body["nextTop"]) == (0, 0)
    assert len(first["changeEntries"]) == 3 and (first["nextSkip"], first["nextTop"]) == (3, 3)
    assert sdk.change_entries[0].as_dict() == {"change_tracking_id": 1}  # the SDK model drops item.path
    paged = sandbox.ado.requests("GET", "/changes$")[0]
    assert dict(paged.query) == {"$top": "2000", "$skip": "0"} and paged.headers["Accept"].endswith("=7.1")


def test_connection_data_names_the_token_identity(sandbox: Sandbox) -> None:
    data = LocationClient(sandbox.ado.base_url, BasicAuthentication("", sandbox.info.token)).get_connection_data()
    author = clients(sandbox)[0].create_thread(marker_thread(), sandbox.info.repo_id, sandbox.info.pr_id)

    assert data.authenticated_user.id == author.comments[0].author.id
    assert data.authenticated_user.provider_display_name == "Fabrikam Fiber Build Service (fabrikam)"


@pytest.mark.parametrize(
    ("version", "type_key"),
    [
        (None, "VssVersionNotSpecifiedException"),
        ("7.2", "VssInvalidPreviewVersionException"),
        ("8.0", "VssVersionOutOfRangeException"),
    ],
)
def test_api_version_is_required_and_checked(sandbox: Sandbox, version: str | None, type_key: str) -> None:
    answer = raw(sandbox, "GET", f"/_apis/git/pullRequests/{sandbox.info.pr_id}", version=version)

    assert answer.status_code == 400 and answer.json()["typeKey"] == type_key


def test_api_version_in_the_query_and_case_insensitive_paths(sandbox: Sandbox) -> None:
    answer = httpx.get(
        f"{sandbox.ado.base_url}/_APIS/GIT/PULLREQUESTS/{sandbox.info.pr_id}",
        params={"api-version": "7.1"},
        auth=("anyone", sandbox.info.token),
    )

    assert answer.status_code == 200 and answer.json()["pullRequestId"] == sandbox.info.pr_id


def test_unknown_route_is_a_wrapped_404(sandbox: Sandbox) -> None:
    answer = raw(sandbox, "GET", "/_apis/nothing/here")

    assert answer.status_code == 404 and answer.json()["$id"] == "1" and answer.json()["eventId"] == 3000


def test_a_503_then_success_is_retried_by_msrest(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    sandbox.ado.add_fault("GET", rf"/pullRequests/{sandbox.info.pr_id}$", [503])

    assert git.get_pull_request_by_id(sandbox.info.pr_id).pull_request_id == sandbox.info.pr_id
    assert [r.fault for r in sandbox.ado.requests("GET", "pullRequests")] == ["status 503", None]


def test_a_reset_post_surfaces_and_creates_nothing(sandbox: Sandbox) -> None:
    git, _ = clients(sandbox)
    info = sandbox.info
    before = len(sandbox.ado.threads(info.pr_id))
    sandbox.ado.add_fault("POST", r"/threads$", ["reset"])

    with pytest.raises(ClientRequestError):
        git.create_thread(marker_thread(), info.repo_id, info.pr_id, project=info.project_id)
    assert len(sandbox.ado.threads(info.pr_id)) == before
    assert [r.fault for r in sandbox.ado.requests("POST")] == ["reset"]  # msrest never retries a POST


# -- Confluence through httpx
def wiki_client(wiki: FakeConfluence, auth: Any = None, **headers: str) -> httpx.Client:
    tls = default_context()
    return httpx.Client(base_url=wiki.api_base, auth=auth, headers=headers, follow_redirects=False, verify=tls)


def wiki_get(wiki: FakeConfluence, path: str, auth: Any = None, **headers: str) -> httpx.Response:
    with wiki_client(wiki, auth, **headers) as client:
        return client.get(path)


@pytest.fixture
def wiki(sandbox: Sandbox) -> Iterator[httpx.Client]:
    with wiki_client(sandbox.confluence, (sandbox.info.confluence_email, sandbox.info.confluence_api_token)) as c:
        yield c


def test_cloud_user_current_accepts_only_the_email_token_pair(sandbox: Sandbox) -> None:
    site, info, me = sandbox.confluence, sandbox.info, "/rest/api/user/current"

    good = wiki_get(site, me, (info.confluence_email, info.confluence_api_token))
    assert good.status_code == 200 and good.json()["type"] == "known" and good.json()["accountId"]
    assert wiki_get(site, me, (info.confluence_email, "wrong")).status_code == 401
    assert wiki_get(site, me).status_code == 401
    assert wiki_get(site, me, Authorization=f"Bearer {info.confluence_api_token}").status_code == 403


def test_cloud_v2_page_blogpost_space_and_title_lookup(sandbox: Sandbox, wiki: httpx.Client) -> None:
    info = sandbox.info
    page = wiki.get(f"/api/v2/pages/{info.design_page_id}", params={"body-format": "storage"}).json()

    assert page["id"] == str(info.design_page_id) and page["status"] == "current" and page["spaceId"] == "98306"
    assert page["body"]["storage"]["representation"] == "storage"
    assert '<ac:structured-macro ac:name="code"' in page["body"]["storage"]["value"]
    assert page["_links"]["webui"].startswith(f"/spaces/PAY/pages/{info.design_page_id}/")
    assert page["_links"]["base"] == info.confluence_url
    assert page["_links"]["tinyui"] == f"/x/{info.design_tiny_code}"
    assert wiki.get(f"/api/v2/blogposts/{info.design_page_id}").status_code == 404
    assert wiki.get(f"/api/v2/pages/{info.blogpost_id}").status_code == 404
    assert wiki.get(f"/api/v2/blogposts/{info.blogpost_id}").json()["title"] == "Payments Q4 release notes"
    [space] = wiki.get("/api/v2/spaces", params={"keys": "PAY"}).json()["results"]
    assert (space["id"], space["homepageId"]) == ("98306", str(info.home_page_id))


@pytest.mark.parametrize("case_sensitive", [True, False])
def test_cloud_v2_title_filter_case_follows_the_switch(sandbox: Sandbox, wiki: httpx.Client, case_sensitive) -> None:
    """v1's title filter is exact-case (documented); v2's is undocumented, so the sandbox can answer both ways."""
    sandbox.confluence.v2_titles_case_sensitive = case_sensitive

    def titled(title: str) -> list[str]:
        params = {"space-id": "98306", "title": title, "body-format": "storage", "status": "current"}
        return [p["id"] for p in wiki.get("/api/v2/pages", params=params).json()["results"]]

    assert titled("Checkout rounding policy") == [str(sandbox.info.policy_page_id)]
    assert titled("CHECKOUT ROUNDING POLICY") == ([] if case_sensitive else [str(sandbox.info.policy_page_id)])


def test_v1_title_filter_is_exact_case_and_cql_title_search_is_not(sandbox: Sandbox, wiki: httpx.Client) -> None:
    policy = str(sandbox.info.policy_page_id)
    v1 = {"spaceKey": "PAY", "type": "page"}
    assert wiki.get("/rest/api/content", params={**v1, "title": "checkout rounding policy"}).json()["results"] == []
    assert [
        r["id"]
        for r in wiki.get("/rest/api/content", params={**v1, "title": "Checkout rounding policy"}).json()["results"]
    ] == [policy]
    cql = 'space="PAY" and type=page and title~"ROUNDING checkout"'
    found = wiki.get("/rest/api/content/search", params={"cql": cql, "expand": "body.storage,version,space"}).json()
    assert [(r["id"], r["space"]["key"], r["type"]) for r in found["results"]] == [(policy, "PAY", "page")]
    assert "body" in found["results"][0] and found["_links"]["base"] == sandbox.confluence.api_base
    assert wiki.get("/rest/api/content/search", params={"cql": "label in (a, b)"}).status_code == 400


def test_scoped_tokens_work_through_the_gateway_only_and_within_their_scopes(sandbox: Sandbox) -> None:
    site = sandbox.confluence
    site.add_user("scoped@fabrikam.example", "scoped-token", display_name="Scoped", scopes={"read:page:confluence"})
    auth = ("scoped@fabrikam.example", "scoped-token")
    page = f"/api/v2/pages/{sandbox.info.policy_page_id}"
    with httpx.Client(base_url=site.gateway_base, auth=auth, verify=default_context()) as gateway:
        assert gateway.get(page).status_code == 200
        assert gateway.get("/api/v2/pages", params={"limit": "1"}).status_code == 200
        refused = gateway.get("/rest/api/user/current")
        spaces = gateway.get("/api/v2/spaces", params={"keys": "PAY"})
    for answer in (refused, spaces):
        assert answer.status_code == 401
        assert answer.json() == {"code": 401, "message": "Unauthorized; scope does not match"}
        assert answer.headers["X-Failure-Category"] == "FAILURE_CLIENT_SCOPE_CHECK"
    assert wiki_get(site, page, auth).status_code == 401  # the site's own URL refuses scoped tokens


def test_v1_content_search_space_and_missing_page(sandbox: Sandbox, wiki: httpx.Client) -> None:
    info = sandbox.info
    expand = {"expand": "body.storage,version,space"}
    page = wiki.get(f"/rest/api/content/{info.policy_page_id}", params=expand).json()
    search = wiki.get(
        "/rest/api/content", params={"spaceKey": "PAY", "title": "Checkout rounding policy", "type": "page", **expand}
    ).json()
    space = wiki.get("/rest/api/space/PAY", params={"expand": "homepage"}).json()
    missing = wiki.get(f"/rest/api/content/{info.missing_page_id}", params=expand)

    assert (page["id"], page["type"], page["space"]["key"], page["version"]["number"]) == (
        str(info.policy_page_id),
        "page",
        "PAY",
        6,
    )
    assert page["_links"]["webui"] == f"/spaces/PAY/pages/{info.policy_page_id}/Checkout+rounding+policy"
    assert search["size"] == 1 and search["results"][0]["body"]["storage"]["value"]
    assert space["homepage"]["id"] == str(info.home_page_id)
    assert missing.status_code == 404 and missing.json()["message"].startswith("No content found with id")
    assert wiki.get(f"/api/v2/pages/{info.missing_page_id}").status_code == 404


def test_trashed_page(sandbox: Sandbox, wiki: httpx.Client) -> None:
    info = sandbox.info

    assert wiki.get(f"/api/v2/pages/{info.trashed_page_id}").json()["status"] == "trashed"
    assert wiki.get(f"/rest/api/content/{info.trashed_page_id}").status_code == 404  # v1: status=current by default
    assert (
        wiki.get(f"/rest/api/content/{info.trashed_page_id}", params={"status": "trashed"}).json()["status"]
        == "trashed"
    )


def test_browser_urls_redirect_and_are_recorded(sandbox: Sandbox, wiki: httpx.Client) -> None:
    info = sandbox.info

    assert wiki.get(f"/x/{info.design_tiny_code}").status_code == 302
    assert wiki.get("/display/PAY/Checkout+rounding+policy").status_code == 302
    assert [r.path for r in sandbox.confluence.non_api_requests()] == [
        f"/wiki/x/{info.design_tiny_code}",
        "/wiki/display/PAY/Checkout+rounding+policy",
    ]


def test_data_center_bearer_pat_under_a_context_path() -> None:
    with FakeConfluence("datacenter", context_path="/confluence") as dc:
        dc.add_user("jdoe", "dc-pat", display_name="Jane Doe")
        dc.add_space("ENG", "Engineering")
        dc.add_page(1234567, "Release checklist", "ENG", "<p>Ship it</p>", version=2)
        with wiki_client(dc, Authorization="Bearer dc-pat") as wiki:
            me = wiki.get("/rest/api/user/current").json()
            page = wiki.get("/rest/api/content/1234567", params={"expand": "body.storage,version,space"}).json()
            v2 = wiki.get("/api/v2/pages/1234567")

        assert dc.api_base.endswith("/confluence")
        assert (me["type"], me["username"], bool(me["userKey"])) == ("known", "jdoe", True)
        assert page["_links"]["webui"] == "/display/ENG/Release+checklist" and page["space"]["key"] == "ENG"
        assert v2.status_code == 404  # no v2 on Data Center
        assert wiki_get(dc, "/rest/api/user/current", Authorization="Bearer wrong").status_code == 401
        assert dc.requests()[0].path == "/confluence/rest/api/user/current"


def test_data_center_wrong_pat_passes_as_anonymous_when_allowed() -> None:
    with FakeConfluence("datacenter", anonymous_on_bad_token=True) as dc:
        dc.add_user("jdoe", "dc-pat", display_name="Jane Doe")
        dc.add_space("ENG", "Engineering")
        dc.add_page(1234567, "Release checklist", "ENG", "<p>Ship it</p>")
        me = wiki_get(dc, "/rest/api/user/current", Authorization="Bearer expired")

        assert me.status_code == 200 and me.json() == me.json() | {"type": "anonymous", "displayName": "Anonymous"}
        assert wiki_get(dc, "/rest/api/content/1234567", Authorization="Bearer expired").status_code == 404
        assert wiki_get(dc, "/rest/api/user/current", ("jdoe", "wrong-password")).status_code == 401


def test_data_center_captcha_after_failed_logins() -> None:
    with FakeConfluence("datacenter", captcha_after=2) as dc:
        dc.add_user("jdoe", "secret", display_name="Jane Doe")
        for _ in range(2):
            assert wiki_get(dc, "/rest/api/user/current", ("jdoe", "typo")).status_code == 401
        denied = wiki_get(dc, "/rest/api/user/current", ("jdoe", "secret"))

        assert denied.status_code == 401 and denied.headers["X-Seraph-LoginReason"] == "AUTHENTICATION_DENIED"


def test_confluence_faults_look_like_the_service(sandbox: Sandbox, wiki: httpx.Client) -> None:
    sandbox.confluence.add_fault("GET", "/api/v2/pages/", [429, "pass"])
    path = f"/api/v2/pages/{sandbox.info.policy_page_id}"

    limited = wiki.get(path)
    assert (limited.status_code, limited.headers["Retry-After"], limited.json()["statusCode"]) == (429, "1", 429)
    assert wiki.get(path).status_code == 200


# -- the seeded demo
def test_env_has_the_pipeline_variables(sandbox: Sandbox) -> None:
    env = sandbox.env()

    assert env["SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"] == sandbox.ado.base_url + "/"
    assert env["CONFLUENCE_URL"] == sandbox.confluence.origin + "/wiki"
    assert (env["TF_BUILD"], env["BUILD_REASON"]) == ("True", "PullRequest")
    assert env["SYSTEM_PULLREQUEST_PULLREQUESTID"] == str(sandbox.info.pr_id)
    assert {
        "SYSTEM_TEAMPROJECT",
        "SYSTEM_TEAMPROJECTID",
        "BUILD_REPOSITORY_ID",
        "SYSTEM_ACCESSTOKEN",
        "CONFLUENCE_EMAIL",
        "CONFLUENCE_API_TOKEN",
    } <= set(env)


def test_story_links_each_page_form(sandbox: Sandbox) -> None:
    info = sandbox.info
    description = sandbox.ado.work_items.raw(info.story_id)["fields"]["System.Description"]

    assert tiny_code(info.design_page_id) == info.design_tiny_code and ("-" in info.design_tiny_code)
    assert f'href="{info.confluence_url}/x/{info.design_tiny_code}"' in description
    assert f"{info.confluence_url}/spaces/PAY/pages/{info.design_page_id}/" in description
    assert f"viewpage.action?pageId={info.policy_page_id}&amp;spaceKey=PAY" in description
    assert f"/pages/{info.missing_page_id}/" in description


def test_python_m_sandbox_prints_exports(spawn) -> None:
    proc = spawn(
        [sys.executable, "-m", "doc_context.sandbox"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(12)]
    assert proc.stderr is not None
    assert "Ctrl-C to stop" in proc.stderr.readline()  # its banner, after every export: now it waits for Ctrl-C
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)  # a hang guard, not a speed claim (a loaded machine takes seconds to start)

    exports = dict(line.removeprefix("export ").strip().split("=", 1) for line in lines)
    assert exports["BUILD_REASON"] == "PullRequest" and exports["SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"].endswith("/")
    assert proc.returncode == 0, err  # what it said on its way out, should it ever fail (seen once under load)


def project(info: DemoInfo) -> Project:
    return Project(info.project_id, info.project_name)
