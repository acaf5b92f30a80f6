"""Contract tests against the published Azure DevOps 7.1 specification (tests/data/ado-spec, MIT).

Our requests, as the sandbox recorded them, and the sandbox's answers are held against the operations
they are for: the path template, the method, the query parameters, the body and the answer's shape
(tests/contract.py, a JSON-schema validator, says how the .NET-generated spec is read). The published
example responses are parsed by the real SDK and our gateway. Where the spec is silent, the test says
so, and the sandbox plays each reading.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from doc_context.errors import SourceError
from doc_context.models import ChangedFile, PullRequest, PullRequestRef
from doc_context.sandbox import Reply, Sandbox
from doc_context.sources import ado
from doc_context.sources.ado_transport import token_auth
from doc_context.sources.wiki.links import WikiRef
from doc_context.sources.wiki.pages import WikiPages, connect_client

from . import contract

# Calls a run makes that the subset does not cover: the SDK's discovery, held instead against the real
# OPTIONS answer recorded from dev.azure.com (sandbox/data/ado-locations.json, see test_sandbox.py).
NOT_IN_THE_SUBSET = {("OPTIONS", "/_apis"), ("GET", "/_apis/ResourceAreas")}
# What the sandbox answers beyond the 7.1 definitions, as the service does (the reference's recorded and
# documented answers): each one is a place where the spec is silent.
SERVICE_EXTRAS = {
    # Newer than 7.1's definitions: which multi-line fields are stored as markdown, not HTML. The service
    # sends it for such items (Azure Boards' markdown editor); the 7.1 spec does not know it.
    "WorkItem": {"multilineFieldsFormat"},
}
EXAMPLE = {  # the published examples of the operations a run uses, by their file names
    "threads": "pullRequestThreads/GET__git_repositories__repositoryId__pullRequests__pullRequestId__threads.json"
    " (git)",
    "create": "pullRequestThreads/POST__git_repositories__repositoryId__pullRequests__pullRequestId__threads.json"
    " (git)",
    "changes": "pullRequestIterationChanges/GET__git_repositories__repositoryId__pullRequests__pullRequestId__"
    "iterations__iterationId__changes.json (git)",
    "pull request": "pullRequests/GET__git_repositories__repositoryId__pullRequests__pullRequestId_.json (git)",
    "batch": "workItemsBatch/POST__wit_WorkItemsBatch_ids-_ids__fields-_columns_.json (wit)",
    "permissions": "permissions/GET__permissions__securityNamespaceId__8__api-version-2.2_tokens-_token1_,_token2_,"
    "_token3__alwaysAllowAdministrators-False.json (security)",
    "permission": "permissions/GET__permissions__securityNamespaceId__8__token-_token1__alwaysAllowAdministrators-"
    "False.json (security)",
    "wiki page by id": "pages/GET_wiki_pageById_JSON_withContent.json (wiki)",
    "wiki page by path": "pages/GET_wiki_page_JSON_withContent.json (wiki)",
}


def body_of(name: str) -> Any:
    return contract.EXAMPLES[EXAMPLE[name]]["responses"]["200"].get("body")  # a published null is absent


def org_path(sandbox: Sandbox, path: str) -> str:
    """The path below the organization: '/_apis/...' or '/{project}/_apis/...'."""
    return path[len(f"/{sandbox.ado.org}") :]


@pytest.fixture(scope="module")
def exchanges() -> list[tuple[Any, Any]]:
    """Every request of a first run (create), a rerun after an edit (update), and `check` (permissions)."""
    from doc_context.cli import main

    with Sandbox() as sandbox, pytest.MonkeyPatch.context() as env:
        for key, value in sandbox.env().items():
            env.setenv(key, value)
        assert main(["run"], out=lambda line: None) == 0
        sandbox.ado.work_items.update(sandbox.info.spike_id, {"System.Title": "Spike: rounding, edited"})
        sandbox.ado.add_project("Contoso")
        env.setenv("DOC_CONTEXT_OTHER_PROJECTS", "Contoso")  # the rerun learns its id (a wiki link names ids)
        assert main(["run"], out=lambda line: None) == 0
        main(["check"], out=lambda line: None)
        assert [r.method for r, _ in sandbox.ado.exchanges(path_regex=r"/threads")].count("PATCH") == 2
        return [(r, reply, org_path(sandbox, r.path)) for r, reply in sandbox.ado.exchanges()]


def test_every_request_is_a_published_operation_or_named_as_outside_the_subset(exchanges):
    outside = {(r.method, below) for r, _, below in exchanges if contract.find(r.method, r.path) is None}
    assert outside <= NOT_IN_THE_SUBSET | {("GET", "/_apis/connectionData")}, outside
    used = {contract.find(r.method, r.path).name for r, _, _ in exchanges if contract.find(r.method, r.path)}
    assert used >= {
        "Pull Requests_Get Pull Request",
        "Pull Request Work Items_List",
        "Pull Request Iterations_List",
        "Pull Request Iteration Changes_Get",
        "Pull Request Threads_List",
        "Pull Request Threads_Create",
        "Pull Request Threads_Update",
        "Pull Request Thread Comments_Update",
        "Work Items_Get Work Items Batch",
        "Permissions_Has Permissions",
        "Pages_Get Page By Id",  # the demo's wiki page: cited by id (the PR) and by path (a work item), one read
        "Projects_Get",  # otherProjects' ids (core)
        "Items_Get",  # both sides of each changed file, without a checkout of the merge commit
    }, used


def test_connection_data_is_not_in_the_subset_either():
    """`check` asks who it is (connectionData, Location area): the subset does not cover it; the sandbox
    answers as the SDK's LocationClient reads it (test_sandbox.py)."""
    assert contract.find("GET", "/fabrikam/_apis/connectionData") is None


def test_our_requests_use_only_documented_parameters(exchanges):
    for request, _, _ in exchanges:
        op = contract.find(request.method, request.path)
        if op is None:
            continue
        documented = op.parameters("query")
        for name, value in request.query.items():
            assert name in documented, f"{op.name}: query parameter {name} is not in the spec"
            kind = documented[name].get("type")
            assert kind != "integer" or value.isdigit(), f"{op.name}: {name}={value}"
            assert kind != "boolean" or value in ("true", "false"), f"{op.name}: {name}={value}"
        # The spec lists api-version as a required query parameter; the SDK sends it in Accept instead
        # (application/json;api-version=7.1-preview.N), which the service also reads (reference §0.2).
        assert re.search(r"api-version=7\.1(-preview\.\d)?", request.headers.get("Accept", "")), op.name


def test_our_request_bodies_fit_the_spec(exchanges):
    for request, _, _ in exchanges:
        op = contract.find(request.method, request.path)
        schema = op.body_schema() if op else None
        if schema is None:
            assert request.method in ("GET", "OPTIONS") or op is None, request.path
            continue
        assert contract.problems(op.area, schema, request.json) == [], (op.name, request.json)


def test_the_sandbox_answers_fit_the_spec(exchanges):
    for request, reply, _ in exchanges:
        op = contract.find(request.method, request.path)
        schema = op.response_schema() if op else None
        if schema is None or reply.status != 200:
            continue
        if reply.headers.get("Content-Type") == "application/octet-stream":  # Items - Get: the file's bytes, as
            assert "application/octet-stream" in op.spec["produces"], op.name  # the operation produces them
            continue
        answer = contract.unwrap(schema, json.loads(reply.body))
        assert contract.problems(op.area, schema, answer, extra=SERVICE_EXTRAS) == [], op.name


def test_list_answers_are_wrapped_in_count_and_value(exchanges):
    """The spec gives a list operation's answer as an array; the service wraps it (VssJsonCollectionWrapper),
    as the published examples show: the sandbox does too."""
    for request, reply, _ in exchanges:
        op = contract.find(request.method, request.path)
        if op and (op.response_schema() or {}).get("type") == "array" and reply.status == 200:
            assert set(json.loads(reply.body)) == {"count", "value"}, op.name
    assert set(body_of("permissions")) == {"count", "value"}


def test_work_items_are_read_at_the_organization_as_the_spec_allows(exchanges):
    """workitemsbatch's project is `x-ms-required: false`, and its published example posts to
    https://dev.azure.com/fabrikam/_apis/wit/workItemsBatch: the organization-level route we use."""
    op = contract.find("POST", "/fabrikam/_apis/wit/workitemsbatch")
    assert op is not None and op.parameters("path")["project"]["x-ms-required"] is False
    example = contract.EXAMPLES[EXAMPLE["batch"]]["x-ms-vss-request-url"]
    assert urlsplit(example).path == "/fabrikam/_apis/wit/workItemsBatch"
    batches = [below for r, _, below in exchanges if r.method == "POST" and below.endswith("/workItemsBatch")]
    assert batches and batches[0] == "/_apis/wit/workItemsBatch"


@pytest.mark.parametrize("name", ["threads", "create", "changes", "pull request", "batch", "permissions"])
def test_the_published_examples_fit_the_spec_as_read(name):
    """The readings in contract.py are needed by the published examples themselves, and enough for them."""
    example = contract.EXAMPLES[EXAMPLE[name]]
    path = urlsplit(example["x-ms-vss-request-url"]).path
    method = example.get("x-ms-vss-request-method") or EXAMPLE[name].split("/")[1].split("__")[0]
    op = contract.find(method, path)
    schema = op.response_schema()
    assert contract.problems(op.area, schema, contract.unwrap(schema, body_of(name))) == []
    sent = example["parameters"].get("body")
    if sent is not None:
        assert contract.problems(op.area, op.body_schema(), sent) == []


@pytest.mark.parametrize(
    ("where", "change", "says"),
    [
        (("id",), "148", "is not of type 'integer'"),
        (("status",), "resolved-ish", "is not valid under any of the given schemas"),
        (("comments", 0, "contnet"), "typo", "Additional properties are not allowed"),
        (("properties", "Marker"), "not typed", "is not of type 'object'"),
    ],
)
def test_the_validator_finds_a_wrong_answer(where, change, says):
    """A contract check that cannot fail is no check: each of these breaks the published thread."""
    thread = copy.deepcopy(body_of("create"))
    target = thread
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = change
    op = contract.find("POST", "/fabrikam/_apis/git/repositories/r/pullRequests/22/threads")
    assert any(says in p for p in contract.problems(op.area, op.response_schema(), thread))


# -- the published example responses, parsed by the real SDK and our gateway (served by the sandbox)
@pytest.fixture
def gateway(sandbox) -> ado.AzureDevOps:
    return ado.connect(sandbox.ado.base_url, token_auth(sandbox.info.token), timeout=10, user_agent="t")


def pr_of(sandbox) -> PullRequestRef:
    info = sandbox.info
    return PullRequestRef(sandbox.ado.base_url, info.project_id, info.repo_id, info.pr_id)


def serve(sandbox, method: str, path: str, name: str) -> None:
    body = body_of(name)
    reply = Reply(200, {"Content-Type": "application/json; charset=utf-8"}, b"") if body is None else Reply.json(body)
    sandbox.ado.add_fault(method, path, [reply])


def test_parse_the_published_thread_list(sandbox, gateway):
    serve(sandbox, "GET", r"/threads$", "threads")
    threads = {t.id: t for t in gateway.threads(pr_of(sandbox))}
    published = body_of("threads")["value"]
    assert set(threads) == {t["id"] for t in published}
    for raw in published:
        ours = threads[raw["id"]]
        assert ours.status == raw.get("status")  # system threads (merge attempts, votes) carry none
        assert ours.is_deleted == raw["isDeleted"]
        first = min(raw["comments"], key=lambda c: c["id"]) if raw["comments"] else None
        assert ours.first_comment_id == (first["id"] if first else None)
        assert ours.first_comment == (first.get("content", "") if first else "")
        assert ours.properties == {k: v["$value"] for k, v in (raw.get("properties") or {}).items()}


def test_parse_the_published_created_thread(sandbox, gateway):
    serve(sandbox, "POST", r"/threads$", "create")
    created = gateway.create_thread(pr_of(sandbox), "x", properties={}, status="active")
    assert (created.id, created.status, created.first_comment) == (147, "active", "This new feature looks good!")
    assert created.first_comment_id == 1 and created.properties == {}


def test_parse_the_published_iteration_changes(sandbox, gateway):
    serve(sandbox, "GET", r"/iterations/\d+/changes$", "changes")
    assert gateway.changed_files(pr_of(sandbox)) == [
        ChangedFile("/new_feature.cpp", "add"),
        ChangedFile("/new_feature.h", "add"),
    ]


def test_parse_the_published_pull_request(sandbox, gateway):
    serve(sandbox, "GET", r"/pullRequests/\d+$", "pull request")
    raw = body_of("pull request")
    got = gateway.pull_request(pr_of(sandbox))
    assert got == PullRequest(
        ref=pr_of(sandbox),
        title=raw["title"],
        description=raw.get("description", ""),
        source_branch=raw["sourceRefName"],
        target_branch=raw["targetRefName"],
        repository_id=raw["repository"]["id"],
        project_id=raw["repository"]["project"]["id"],
        project_name=raw["repository"]["project"]["name"],
        repository_name=raw["repository"]["name"],
        last_merge_commit=raw["lastMergeCommit"]["commitId"],
        web_url=f"{sandbox.ado.base_url}/{raw['repository']['project']['name']}/_git/{raw['repository']['name']}"
        f"/pullrequest/{sandbox.info.pr_id}",  # the page prurl.py reads back
    )


def test_parse_the_published_work_items_batch(sandbox, gateway):
    """The published batch asked for fields (no relations): our batch asks $expand=Relations; the items'
    shape is the same. They carry no System.TeamProject (not asked for): linked under the PR's project."""
    serve(sandbox, "POST", r"/workItemsBatch$", "batch")
    got = gateway.work_items([297, 299, 300], "Fabrikam Fiber")
    assert [(w.id, w.rev, w.type, w.title) for w in got.items] == [
        (297, 1, "Product Backlog Item", "Customer can sign in using their Microsoft Account"),
        (299, 7, "Task", "JavaScript implementation for Microsoft Account"),
        (300, 1, "Task", "Unit Testing for MSA login"),
    ]
    assert got.items[1].web_url == f"{sandbox.ado.base_url}/Fabrikam%20Fiber/_workitems/edit/299"
    assert got.notices == ()


def test_parse_the_published_permission_answer_for_three_tokens(sandbox, gateway):
    """[false, false, true]: not every token allowed, so not permitted."""
    serve(sandbox, "GET", r"/_apis/permissions/", "permissions")
    assert gateway.can_contribute(gateway.pull_request(pr_of(sandbox))) is False


def test_the_published_null_permission_answer_is_no_answer(sandbox, gateway):
    """For one token (the older `token=` form) the published answer is an empty body, and the spec is silent
    on what it means: `check` says it could not tell, rather than guess (the SDK itself fails to unwrap it)."""
    serve(sandbox, "GET", r"/_apis/permissions/", "permission")
    with pytest.raises(SourceError, match="answered without a list of permissions"):
        gateway.can_contribute(gateway.pull_request(pr_of(sandbox)))


# -- where the spec is silent: the sandbox plays each reading, and a run holds up in both
@pytest.mark.parametrize("patch", ["merge", "replace"])
def test_spec_silent_whether_a_thread_patch_merges_or_replaces_properties(sandbox, cli, patch):
    """The spec does not say whether PATCH .../threads/{id} merges the properties it sends or replaces
    them all. The update sends the marker again with the hash, so either way the next run finds it."""
    sandbox.ado.thread_properties_patch = patch
    assert cli(sandbox.env(), "run").code == 0
    sandbox.ado.work_items.update(sandbox.info.spike_id, {"System.Title": "Spike: rounding, edited"})
    assert cli(sandbox.env(), "run").code == 0
    third = cli(sandbox.env(), "run")
    assert third.code == 0 and re.search(r"comment thread \d+ unchanged", third.stdout), third.output
    [thread] = sandbox.ado.threads(sandbox.info.pr_id)
    assert thread["properties"]["DocContext.Thread"]["$value"] == "doc-context/1"
    assert "rounding, edited" in thread["comments"][0]["content"]


@pytest.mark.parametrize("omitted", ["null", "absent"])
def test_spec_silent_how_an_omitted_work_item_comes_back(sandbox, cli, omitted):
    """With errorPolicy Omit, the spec does not say whether an item that cannot be read is a null in the
    list or missing from it. Items are matched by id, so each reading gives the same warning."""
    sandbox.ado.omitted_items = omitted
    sandbox.ado.link_work_items(sandbox.info.pr_id, 4999)  # no such item
    ran = cli(sandbox.env(), "run")
    assert ran.code == 0, ran.output
    assert re.search(r"work item 4999.*does not exist", ran.stdout)
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1


@pytest.mark.parametrize(("name", "path"), [("wiki page by id", r"/pages/51$"), ("wiki page by path", r"/pages$")])
def test_parse_the_published_wiki_page(sandbox, gateway, name, path):
    """The published page, read by our wiki source through the SDK: its id, path (the title), content and ETag."""
    example = contract.EXAMPLES[EXAMPLE[name]]["responses"]["200"]
    sandbox.ado.add_fault("GET", path, [Reply.json(example["body"], headers={"ETag": example["headers"]["eTag"]})])
    wiki = WikiPages(lambda: connect_client(gateway.connection, timeout=10), sandbox.ado.base_url)
    info = sandbox.info
    ref = WikiRef(info.project_name, "sampleProjectWiki", page_id=51 if "id" in name else None, path="/SamplePage973")

    page = wiki.fetch(ref, (ref,))

    assert (page.id, page.title, page.text, page.version) == (51, "SamplePage973", "Wiki page content", "4c6adda")
    assert page.scope == "ffa4628c-8f6d-45c0-b61b-52c16d06c925"  # the wiki's id, from the page's REST url
    assert WikiRef("e5e9e01e-801a-47eb-80bb-0ad24f448abe", page.scope, page_id=51).key in page.cited_as


def test_the_sandbox_wiki_page_fits_the_published_example():
    """Its answer has the published example's fields, content only with includeContent=true, and the ETag."""
    with Sandbox() as sandbox:
        gateway = ado.connect(sandbox.ado.base_url, token_auth(sandbox.info.token), timeout=10, user_agent="t")
        client = connect_client(gateway.connection, timeout=10)
        client.get_page_by_id(sandbox.info.project_name, "Fabrikam-Fiber.wiki", 7)
        client.get_page_by_id(sandbox.info.project_name, "Fabrikam-Fiber.wiki", 7, include_content=True)
        (_, bare), (_, full) = sandbox.ado.exchanges("GET", r"/_apis/wiki/wikis/[^/]+/pages/7$")
    published = contract.EXAMPLES[EXAMPLE["wiki page by id"]]["responses"]["200"]
    assert set(json.loads(bare.body)) == set(json.loads(full.body)) == set(published["body"])
    assert json.loads(bare.body)["content"] == "" and json.loads(full.body)["content"].startswith("[[_TOC_]]")
    assert re.fullmatch(r'"[0-9a-f]{40}"', full.headers["ETag"]) and re.fullmatch(
        r'"[0-9a-f]{40}"', published["headers"]["eTag"]
    )
