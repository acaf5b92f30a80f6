"""Jira as a document source, against the sandbox's FakeJira (Cloud and Data Center) over real httpx: the settings
open it (sources/jira/settings.py), gather reads it in the pages' wave, and what each answer becomes.

The Azure DevOps side is a hand-written stand-in (Items) that hands over one pull request and its work items."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from doc_context.gather import Sources, gather
from doc_context.models import PULL_REQUEST, Fetched, Gathered, PullRequest, PullRequestRef, Relation, WorkItem
from doc_context.sandbox import FakeConfluence, RecordingServer, Reply
from doc_context.sandbox.jira import FakeJira
from doc_context.settings import load_settings
from doc_context.sources.confluence.settings import open_confluence
from doc_context.sources.jira.settings import credentials, open_jira

from .clock import FakeClock

EMAIL, TOKEN, PAT, PASSWORD = "dev@fabrikam.example", "jira-token", "jira-pat", "jira-password"
PR = PullRequestRef("https://dev.azure.com/acme", "Shop", "storefront", 7)
ADF = {
    "type": "doc",
    "version": 1,
    "content": [
        {"type": "heading", "attrs": {"level": 2}, "content": [{"type": "text", "text": "Receipts"}]},
        {"type": "paragraph", "content": [{"type": "text", "text": "Send a receipt email after capture."}]},
    ],
}
WIKI = "h2. Receipts\nSend a *receipt* email after capture.\n{code:python}\nsend(receipt)\n{code}"
CRITERIA_ADF = {
    "type": "doc",
    "version": 1,
    "content": [
        {
            "type": "bulletList",
            "content": [
                {"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": t}]}]}
                for t in ("A receipt is emailed after capture", "The receipt names the order")
            ],
        }
    ],
}
FIELD = "customfield_10035"


class Items:
    """The Azure DevOps side, written by hand: one pull request, its work items."""

    def __init__(self, title: str = "", description: str = "", branch: str = "", *items: WorkItem) -> None:
        self.pr = PullRequest(PR, title, description, source_branch=branch)
        self.items = items

    def pull_request(self, pr: PullRequestRef) -> PullRequest:
        return self.pr

    def work_item_ids(self, pr: PullRequestRef) -> list[int]:
        return [item.id for item in self.items]

    def work_items(self, ids: object, project: str) -> Fetched[WorkItem]:
        return Fetched(self.items)

    def changed_files(self, pr: PullRequestRef) -> list[object]:
        return []

    def threads(self, pr: PullRequestRef) -> list[object]:
        return []


@dataclass
class Ado:
    clock: Any


def seed(jira: FakeJira) -> None:
    jira.add_user(EMAIL, TOKEN, display_name="Dev", pat=PAT, levels=("Staff",))
    jira.add_user("reader", PASSWORD, display_name="Reader")
    cloud = jira.mode == "cloud"
    criteria = CRITERIA_ADF if cloud else "* A receipt is emailed after capture\n* The receipt names the order"
    jira.add_issue("PAY-482", "Receipt template", type="Sub-task", status="Done", category="done", parent="PAY-481")
    jira.add_issue(
        "PAY-481", "Receipt emails", description=ADF if cloud else WIKI, subtasks=("PAY-482",), custom={FIELD: criteria}
    )
    jira.add_issue("PAY-490", "Payroll export", description="salaries", security="Staff")


@pytest.fixture(params=["cloud", "datacenter"])
def jira(request: pytest.FixtureRequest) -> Iterator[FakeJira]:
    with FakeJira(request.param) as server:
        seed(server)
        yield server


def settings(jira: FakeJira, **more: object) -> Any:
    given: dict[str, object] = {"jira_url": jira.site_url, "jira_projects": "PAY", "jira_acceptance_field": FIELD}
    if not more.keys() & {"jira_pat", "jira_email", "jira_api_token", "confluence_url"}:
        given.update(jira_email=EMAIL, jira_api_token=TOKEN)
    return load_settings(**{**given, **more})


def run(jira: FakeJira, items: Items, clock: Any = None, **more: object) -> Gathered:
    config = settings(jira, **more)
    ado = Ado(clock or FakeClock())
    sources = tuple(opener(config, ado) for opener in (open_confluence, open_jira))
    try:
        return gather(Sources(items, sources), PR)
    finally:
        for source in sources:
            source.close()


def issue_requests(jira: FakeJira) -> list[str]:
    return [r.target for r in jira.requests() if "/issue/" in r.path]


# -- reading
def test_an_issue_is_read_once_with_its_fields_rendered_and_its_remote_links(jira: FakeJira) -> None:
    got = run(jira, Items("PAY-481 receipts", "again PAY-481", "refs/heads/feature/pay-481-x"))

    (page, ids), *_ = got.pages
    assert (page.id, page.title, ids) == ("PAY-481", "PAY-481: Receipt emails", (PULL_REQUEST,))
    assert page.web_url == f"{jira.site_url}/browse/PAY-481" and page.section == "Jira issues"
    assert page.status == "Story · In Progress"
    assert "Receipts" in page.text and "email after capture." in page.text
    assert not any(raw in page.text for raw in ('"type"', "h2.", "{code", "a *receipt* e"))  # no ADF, no wiki markup
    assert page.criteria.splitlines() == ["- A receipt is emailed after capture", "- The receipt names the order"]
    assert [(c.title, c.state) for c in page.children] == [("PAY-482: Receipt template", "Done")]
    api = "/rest/api/3" if jira.cloud else "/rest/api/2"
    fields = "summary%2Cstatus%2Cissuetype%2Cdescription%2Cparent%2Csubtasks%2Csecurity%2Ccustomfield_10035"
    assert sorted(issue_requests(jira)) == [
        f"{api}/issue/PAY-481/remotelink",
        f"{api}/issue/PAY-481?fields={fields}&expand=renderedFields",
    ]
    assert [r.path for r in jira.requests() if r.path.endswith("/myself")] == ["/rest/api/2/myself"]  # once


@pytest.mark.parametrize("where", ["title", "branch", "description link"])
def test_each_place_of_the_pull_request_cites(jira: FakeJira, where: str) -> None:
    items = {
        "title": Items("PAY-481: receipts"),
        "branch": Items("receipts", "", "refs/heads/feature/PAY-481-receipts"),
        "description link": Items(
            "receipts",
            f"Spec: {jira.site_url}/browse/PAY-481",
            "",
        ),
    }[where]
    got = run(jira, items, jira_projects="" if where == "description link" else "PAY")
    assert [page.id for page, _ in got.pages] == ["PAY-481"]


def test_a_work_items_browse_link_cites_in_its_description_and_its_hyperlinks(jira: FakeJira) -> None:
    item = WorkItem(
        11,
        1,
        "User Story",
        "s",
        "Active",
        {"System.Description": f"<div>see {jira.site_url}/browse/PAY-481</div>"},
        (Relation("Hyperlink", f"{jira.site_url}/browse/PAY-482"),),
        project=PR.project,
    )
    got = run(jira, Items("no keys here", "", "", item))
    assert sorted((page.id, ids) for page, ids in got.pages) == [("PAY-481", (11,)), ("PAY-482", (11,))]


@pytest.mark.parametrize("false_key", ["SHA-256", "UTF-8", "ISO-8601", "COVID-19"])
def test_a_false_key_never_causes_a_request(jira: FakeJira, false_key: str) -> None:
    got = run(jira, Items(f"Switch to {false_key}", f"{false_key} everywhere", f"refs/heads/{false_key.lower()}"))
    assert got.pages == () and issue_requests(jira) == []
    assert [r.path for r in jira.requests()] == ["/rest/api/2/myself"]  # asked in the first wave, as Confluence's is


def test_another_hosts_browse_link_is_never_requested_and_the_log_lists_it(jira: FakeJira) -> None:
    with RecordingServer() as other:
        link = f"{other.origin}/browse/PAY-481"
        got = run(jira, Items("receipts", f"See {link}"), jira_projects="")
    assert other.requests() == [] and got.pages == () and issue_requests(jira) == []
    assert f"link not read (a Jira issue on another host than JIRA_URL): {link}" in got.skipped_links


def test_a_moved_issue_answers_with_its_new_key_and_is_one_page(jira: FakeJira) -> None:
    jira.move("OLD-7", "PAY-481")
    got = run(jira, Items("OLD-7 and PAY-481"), jira_projects="PAY;OLD")
    assert [page.id for page, _ in got.pages] == ["PAY-481"]


# -- credentials
def test_none_configured_and_keys_found_is_one_warning_and_no_request(jira: FakeJira) -> None:
    got = run(jira, Items("PAY-481 and PAY-482"), jira_email="", jira_api_token="")
    assert jira.requests() == [] and got.pages == ()
    said = [n.message for n in got.notices if n.source == "jira"]
    assert len(said) == 1 and said[0].startswith("Jira issues are cited (jira issue PAY-481, jira issue PAY-482)")
    assert "no Jira credentials are configured" in said[0]


def _auth(jira: FakeJira) -> set[str]:
    return {r.headers.get("Authorization", "") for r in jira.requests()}


def test_the_pat_wins_as_bearer_on_data_center() -> None:
    with FakeJira("datacenter") as jira:
        seed(jira)
        got = run(jira, Items("PAY-481"), jira_pat=PAT, jira_email=EMAIL, jira_api_token="wrong")
        assert [page.id for page, _ in got.pages] == ["PAY-481"] and _auth(jira) == {f"Bearer {PAT}"}


def test_a_data_center_username_and_password_are_basic() -> None:
    with FakeJira("datacenter", context_path="/jira") as jira:
        seed(jira)
        got = run(jira, Items("PAY-481"), jira_email="reader", jira_api_token=PASSWORD)
        assert [page.id for page, _ in got.pages] == ["PAY-481"]
        assert _auth(jira) == {"Basic " + base64.b64encode(f"reader:{PASSWORD}".encode()).decode()}
        assert all(r.path.startswith("/jira/rest/api/2/") for r in jira.requests())


def test_confluences_credentials_serve_jira_on_one_cloud_site_only() -> None:
    one_site = load_settings(
        jira_url="https://acme.atlassian.net",
        confluence_url="https://acme.atlassian.net/wiki",
        confluence_email=EMAIL,
        confluence_api_token=TOKEN,
    )
    auth, missing = credentials(one_site)
    assert auth is not None and missing == ""
    other = load_settings(
        jira_url="https://jira.acme.com",
        confluence_url="https://acme.atlassian.net/wiki",
        confluence_email=EMAIL,
        confluence_api_token=TOKEN,
    )
    assert credentials(other) == (None, "no Jira credentials are configured")
    own = load_settings(
        jira_url="https://acme.atlassian.net", jira_email="x@y", confluence_url="https://acme.atlassian.net/wiki"
    )
    assert credentials(own)[1].startswith("JIRA_API_TOKEN is empty or not set")


@pytest.mark.parametrize("value", ["PAY;sha 256", "P", "1PAY", "PAY-1"])
def test_a_malformed_project_list_fails_closed(value: str) -> None:
    from doc_context.errors import ConfigError

    with pytest.raises(ConfigError, match="JIRA_PROJECTS"):
        load_settings(jira_projects=value)


# -- errors: a warning naming the key, in the admin's words; the rest is still read
def test_a_hidden_or_missing_issue_is_a_warning_naming_its_key(jira: FakeJira) -> None:
    got = run(jira, Items("PAY-481 PAY-999"), jira_email="reader", jira_api_token=PASSWORD)
    assert [page.id for page, _ in got.pages] == ["PAY-481"]
    (notice,) = [n for n in got.notices if "PAY-999" in n.source]
    assert notice.source == "jira issue PAY-999" and "that the account may see (HTTP 404" in notice.message


def test_a_401_stops_every_later_read(jira: FakeJira) -> None:
    jira.add_fault("GET", r"/myself$", [Reply.json({"message": "Client must be authenticated"}, 401)])
    got = run(jira, Items("PAY-481 PAY-482"))
    assert got.pages == () and issue_requests(jira) == []
    (notice,) = [n for n in got.notices if n.source == "jira"]
    assert "Jira rejected the credentials (HTTP 401" in notice.message and "No page was read" in notice.message


def test_a_403_on_one_issue_is_a_warning_and_the_others_are_read(jira: FakeJira) -> None:
    jira.add_fault("GET", r"/issue/PAY-482$", [403])
    got = run(jira, Items("PAY-481 PAY-482"))
    assert [page.id for page, _ in got.pages] == ["PAY-481"]
    (notice,) = [n for n in got.notices if "PAY-482" in n.source]
    assert "Jira refused issue PAY-482 (HTTP 403" in notice.message


# -- security
def test_an_issue_with_a_security_level_is_title_and_link_only(jira: FakeJira) -> None:
    got = run(jira, Items("PAY-490"))
    ((page, _),) = got.pages
    assert page.title == "PAY-490: Payroll export" and page.withheld is not None
    assert page.text == "" and page.criteria == "" and page.children == ()
    assert page.withheld.why == "it has an issue security level"


# -- safety
def test_a_redirect_is_not_followed_with_the_credentials(jira: FakeJira) -> None:
    with RecordingServer() as evil:
        jira.add_fault("GET", r"/issue/PAY-481$", [Reply(302, {"Location": f"{evil.origin}/steal"}, b"")])
        got = run(jira, Items("PAY-481"))
    assert evil.requests() == [] and got.pages == ()
    assert any("redirected issue PAY-481 elsewhere" in n.message for n in got.notices)


def test_retry_after_is_waited_for_on_the_runs_clock(jira: FakeJira) -> None:
    jira.add_fault("GET", r"/issue/PAY-481$", [Reply.json({}, 429, {"Retry-After": "3"})])
    clock = FakeClock()
    got = run(jira, Items("PAY-481"), clock=clock)
    assert [page.id for page, _ in got.pages] == ["PAY-481"] and 3.0 in clock.sleeps


def test_a_remote_link_to_a_confluence_page_is_read_by_confluence_in_one_more_wave() -> None:
    with FakeJira("cloud") as jira, FakeConfluence("cloud") as wiki:
        seed(jira)
        wiki.add_user(EMAIL, "wiki-token", display_name="Dev")
        wiki.add_space("PAY", "Payments")
        wiki.add_page(905183383, "Receipt policy", "PAY", "<p>Receipts are emailed after capture.</p>")
        link = f"{wiki.api_base}/pages/viewpage.action?pageId=905183383"
        jira.add_issue("PAY-500", "Linked", remote_links=(link, "https://elsewhere.example/x"))
        confluence = {"confluence_url": wiki.api_base, "confluence_email": EMAIL, "confluence_api_token": "wiki-token"}
        got = run(jira, Items("PAY-500"), jira_email=EMAIL, jira_api_token=TOKEN, **confluence)
    pages = {page.id: (page.source, ids) for page, ids in got.pages}
    assert pages == {"PAY-500": ("jira", (PULL_REQUEST,)), 905183383: ("confluence", (PULL_REQUEST,))}
    assert all("Authorization" not in r.headers or "jira" not in r.path for r in wiki.requests())
    assert not [r for r in jira.requests() if "viewpage" in r.target]  # Jira's client never follows it


@pytest.mark.parametrize("mode", ["cloud", "datacenter"])
def test_a_confluence_page_linked_in_the_description_is_read_and_another_issue_is_not(mode: str) -> None:
    """A page pasted into the description is cited as a remote link is; a /browse/ link to another issue is not
    followed (the onward wave reads an issue's pages, not more issues)."""
    with FakeJira(mode) as jira, FakeConfluence("cloud") as wiki:
        seed(jira)
        wiki.add_user(EMAIL, "wiki-token", display_name="Dev")
        wiki.add_space("PAY", "Payments")
        wiki.add_page(905183384, "Refund policy", "PAY", "<p>Refunds go back to the card.</p>")
        page = f"{wiki.api_base}/pages/viewpage.action?pageId=905183384"
        other = jira.site_url + "/browse/PAY-482"
        link = {"type": "link", "attrs": {"href": page}}
        described = (
            {
                "type": "doc",
                "version": 1,
                "content": [
                    {"type": "paragraph", "content": [{"type": "text", "text": "the policy", "marks": [link]}]},
                    {"type": "paragraph", "content": [{"type": "text", "text": f"and {other}"}]},
                ],
            }
            if mode == "cloud"
            else f"See [the policy|{page}] and {other}."
        )
        jira.add_issue("PAY-501", "Described", description=described)
        confluence = {"confluence_url": wiki.api_base, "confluence_email": EMAIL, "confluence_api_token": "wiki-token"}
        auth = {"jira_email": EMAIL, "jira_api_token": TOKEN} if mode == "cloud" else {"jira_pat": PAT}
        got = run(jira, Items("PAY-501"), **auth, **confluence)
    pages = {page.id: page.source for page, _ in got.pages}
    assert pages == {"PAY-501": "jira", 905183384: "confluence"}
    assert not [r for r in jira.requests() if "PAY-482" in r.target]
