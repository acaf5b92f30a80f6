"""The fake Jira's answers held to Atlassian's published schemas and to the real answers recorded in
../shared/reference/jira.md, where the two disagree the recorded ones winning.

The schemas: tests/data/jira-spec/jira-cloud-v3-subset.json, the operations our client calls and the schemas they
reach, cut from the Jira Cloud platform OpenAPI document Atlassian publishes (Apache-2.0; "S1" in jira.md; as
vendored in cfdude/mcp-jira at 8bc7903, info.version 1001.0.0-SNAPSHOT-5330f7d9...). The same shapes are v2's with
strings for rich text, and Data Center's v2 (jira.md §1).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from jsonschema import Draft7Validator

from doc_context.sandbox.jira import FakeJira

SPEC = json.loads((Path(__file__).parent / "data" / "jira-spec" / "jira-cloud-v3-subset.json").read_text("utf-8"))
EMAIL, TOKEN = "dev@fabrikam.example", "jira-token"
ADF = {"type": "doc", "version": 1, "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Main"}]}]}


def schema(name: str) -> Draft7Validator:
    """A published schema, its $refs resolved within the subset (OpenAPI's own keywords are annotations here)."""
    return Draft7Validator({"$ref": f"#/components/schemas/{name}", "components": SPEC["components"]})


def valid(name: str, value: object) -> None:
    errors = sorted(schema(name).iter_errors(value), key=lambda e: list(e.path))
    assert not errors, f"{name}: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


@pytest.fixture(params=["cloud", "datacenter"])
def jira(request: pytest.FixtureRequest) -> Iterator[FakeJira]:
    with FakeJira(request.param) as server:
        server.add_user(EMAIL, TOKEN, display_name="Dev", levels=("Staff",))
        cloud = server.cloud
        server.add_issue("ED-2", "Child", type="Sub-task", status="Done", category="done", parent="ED-1")
        server.add_issue("ED-1", "Main order flow broken", description=ADF if cloud else "Main", subtasks=("ED-2",))
        server.add_issue("ED-3", "Restricted", security="Staff")
        page = "https://acme.atlassian.net/wiki/pages/viewpage.action?pageId=905183383"
        server.add_issue("ED-4", "Linked", remote_links=(page,))
        yield server


def get(jira: FakeJira, path: str, **params: str) -> httpx.Response:
    api = "/rest/api/3" if jira.cloud else "/rest/api/2"
    return httpx.get(f"{jira.site_url}{api}{path}", params=params, auth=(EMAIL, TOKEN))


def test_get_issue_fits_issue_bean_and_its_fields_their_schemas(jira: FakeJira) -> None:
    body = get(jira, "/issue/ED-1", expand="renderedFields").json()
    valid("IssueBean", body)
    fields = body["fields"]
    valid("StatusDetails", fields["status"])
    valid("IssueTypeDetails", fields["issuetype"])
    for task in fields["subtasks"]:
        valid("StatusDetails", task["fields"]["status"])
        valid("IssueTypeDetails", task["fields"]["issuetype"])
    valid("SecurityLevel", get(jira, "/issue/ED-3").json()["fields"]["security"])
    valid("IssueBean", get(jira, "/issue/ED-2").json())  # a subtask, with its parent


def test_rich_text_is_adf_on_v3_and_a_string_on_v2_and_rendered_on_request(jira: FakeJira) -> None:
    """S1: v3 descriptions are ADF documents; v2 (and Data Center) strings; renderedFields, HTML (jira.md §4)."""
    body = get(jira, "/issue/ED-1", expand="renderedFields").json()
    description = body["fields"]["description"]
    if jira.cloud:
        assert description["type"] == "doc" and description["version"] == 1
    else:
        assert isinstance(description, str)
    assert body["renderedFields"]["description"].startswith("<p>")
    assert "renderedFields" not in get(jira, "/issue/ED-1").json()  # only when asked


def test_fields_limits_the_fields_returned(jira: FakeJira) -> None:
    body = get(jira, "/issue/ED-1", fields="summary,status").json()
    assert set(body["fields"]) == {"summary", "status"} and body["key"] == "ED-1"


def test_subtasks_are_the_recorded_list_of_issues_not_the_published_examples_links(jira: FakeJira) -> None:
    """jira.md §3.3: S1's getIssue example has `sub-tasks` shaped like issue links; real answers (Cloud and DC,
    §3.1) carry `subtasks`, a list of {id, key, self, fields: {summary, status, priority, issuetype}}."""
    example = SPEC["paths"]["/rest/api/3/issue/{issueIdOrKey}"]["get"]["responses"]["200"]["content"][
        "application/json"
    ]["example"]
    assert '"sub-tasks"' in example  # the synthetic example, kept as the contradiction it is
    fields = get(jira, "/issue/ED-1").json()["fields"]
    assert "sub-tasks" not in fields
    (task,) = fields["subtasks"]
    assert set(task) == {"id", "key", "self", "fields"} and task["key"] == "ED-2"
    assert set(task["fields"]) == {"summary", "status", "priority", "issuetype"}


def test_status_categories_are_the_recorded_keys_and_ids(jira: FakeJira) -> None:
    """Real sites answer new/indeterminate/done with ids 2/4/3, not the example's in-flight/completed (§3.3)."""
    done = get(jira, "/issue/ED-2").json()["fields"]["status"]["statusCategory"]
    going = get(jira, "/issue/ED-1").json()["fields"]["status"]["statusCategory"]
    assert (done["key"], done["id"], going["key"], going["id"]) == ("done", 3, "indeterminate", 4)


def test_remote_links_fit_the_schema_and_the_recorded_confluence_link(jira: FakeJira) -> None:
    links = get(jira, "/issue/ED-4/remotelink").json()
    for link in links:
        valid("RemoteIssueLink", link)
    (link,) = links
    assert link["object"]["title"] == "Wiki Page"  # recorded: no page title (§5)
    assert link["application"] == {"type": "com.atlassian.confluence", "name": "System Confluence"}
    assert link["globalId"].endswith("&pageId=905183383") and link["globalId"].startswith("appId=")


def test_myself_fits_user_on_cloud_and_names_the_user_on_data_center(jira: FakeJira) -> None:
    body = get(jira, "/myself").json()
    if jira.cloud:
        valid("User", body)
        assert body["accountId"]
    else:
        assert body["name"] == EMAIL and "accountId" not in body  # DC: name and key (§2.1)


def test_server_info_fits_and_says_the_deployment(jira: FakeJira) -> None:
    body = httpx.get(f"{jira.site_url}/rest/api/2/serverInfo").json()  # anonymous
    valid("ServerInformation", body)
    assert body["deploymentType"] == ("Cloud" if jira.cloud else "Server")  # "DataCenter" never seen (§1)


def test_not_found_and_not_visible_are_the_same_404_in_each_modes_words(jira: FakeJira) -> None:
    missing, hidden = (
        httpx.get(f"{jira.site_url}/rest/api/2/issue/{key}", auth=("nobody-with-levels", "x"))
        for key in ("ED-999", "ED-3")
    )
    assert missing.status_code == hidden.status_code == 401  # unknown user first
    jira.add_user("reader", "pw")
    answers = [httpx.get(f"{jira.site_url}/rest/api/2/issue/{k}", auth=("reader", "pw")) for k in ("ED-999", "ED-3")]
    for answer in answers:
        valid("ErrorCollection", answer.json())
        assert answer.status_code == 404
    words = "Issue does not exist or you do not have permission to see it." if jira.cloud else "Issue Does Not Exist"
    assert answers[0].json() == answers[1].json() == {"errorMessages": [words], "errors": {}}


def test_cloud_401_is_not_error_messages_shaped() -> None:
    """jira.md §2.1: Cloud's 401 body is {"message", "status-code"} (node-jira-client#255), X-Seraph-LoginReason."""
    with FakeJira("cloud") as jira:
        answer = httpx.get(f"{jira.site_url}/rest/api/3/myself", auth=("x", "y"))
    assert answer.status_code == 401 and answer.json()["status-code"] == 401
    assert answer.headers["X-Seraph-LoginReason"] == "AUTHENTICATED_FAILED"


def test_a_key_is_found_ignoring_case_and_a_moved_key_answers_with_the_new_one(jira: FakeJira) -> None:
    assert get(jira, "/issue/ed-1").json()["key"] == "ED-1"
    jira.move("OLD-7", "ED-1")
    answer = get(jira, "/issue/OLD-7")
    assert answer.status_code == 200 and answer.json()["key"] == "ED-1"  # "a 302 ... is not returned" (S1)


def test_the_validator_finds_a_wrong_answer() -> None:
    """The schemas are strict where S1 says so (additionalProperties false): a misspelt property fails."""
    assert list(schema("IssueBean").iter_errors({"key": "ED-1", "feilds": {}}))
    assert list(schema("SecurityLevel").iter_errors({"id": 10101}))
