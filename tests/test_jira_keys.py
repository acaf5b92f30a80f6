"""Jira's link parser (sources/jira/links.py), table-driven: each key form the issue names, each false key, and where
a /browse/ link counts. Keys: ../shared/reference/jira.md §6 (project keys, PR-Agent's allowlist after SHA-256)."""

from __future__ import annotations

import pytest

from doc_context.models import PULL_REQUEST, PullRequest, PullRequestRef
from doc_context.sources.jira.links import IssueRef, JiraSite, bare_keys, issue_key, looks_like_issue
from doc_context.sources.jira.pages import JiraIssues
from doc_context.summary.cited_pages import Citer, citers

SITE = JiraSite.from_url("https://acme.atlassian.net", ("PAY", "OPS_2"))
DC = JiraSite.from_url("https://jira.acme.com/jira", ("PAY",))
PR = PullRequestRef("https://dev.azure.com/acme", "Shop", "storefront", 7)


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("PAY-481: receipt emails", ["PAY-481"]),  # the title
        ("refs/heads/feature/PAY-482-receipt", ["PAY-482"]),  # the source branch
        ("refs/heads/feature/pay-482-receipt", ["PAY-482"]),  # a branch's lower case: Get issue ignores case
        ("bugfix/PAY-7_retry", ["PAY-7"]),
        ("Fixes PAY-1, PAY-2 and (PAY-3).", ["PAY-1", "PAY-2", "PAY-3"]),
        ("PAY-0012 is PAY-12", ["PAY-12"]),  # one issue, once
        ("OPS_2-5 is a Data Center key with _", ["OPS_2-5"]),
        ("XPAY-4 and PAY-4x and PAY-45678901234", []),  # not the listed project; a key runs into letters or digits
        ("NOPE-1 is not a listed project", []),
    ],
)
def test_bare_keys_of_the_listed_projects(text, keys):
    assert bare_keys(text, SITE.projects) == keys


@pytest.mark.parametrize(
    "false_key",
    ["SHA-256", "UTF-8", "ISO-8601", "COVID-19", "CVE-2024-1234", "RFC-2119", "HTTP-2", "X86-64", "PROJ-123"],
)
def test_a_false_key_is_never_a_key(false_key):
    """The shapes that cost PR-Agent an authenticated 404 each (pr-agent#3303) are not listed projects."""
    assert bare_keys(f"Use {false_key} for PAY-1", SITE.projects) == ["PAY-1"]
    assert bare_keys(false_key, ()) == []  # no JIRA_PROJECTS: no bare key at all


def test_without_projects_no_bare_key_counts_even_a_real_one():
    assert bare_keys("PAY-481", ()) == []


def test_a_key_inside_a_url_is_the_urls_to_say():
    """A /browse/ link on another host must not become a bare key of this site."""
    assert bare_keys("see https://other.atlassian.net/browse/PAY-9 and PAY-10", ("PAY",)) == ["PAY-10"]


@pytest.mark.parametrize(
    ("site", "url", "key"),
    [
        (SITE, "https://acme.atlassian.net/browse/PAY-483", "PAY-483"),
        (SITE, "https://acme.atlassian.net/browse/pay-483/", "PAY-483"),
        (SITE, "https://ACME.atlassian.net:443/browse/PAY-483?focusedCommentId=1#c", "PAY-483"),
        (SITE, "https://acme.atlassian.net/browse/ZZZ-1", "ZZZ-1"),  # a link on the site needs no allowlist
        (SITE, "https://other.atlassian.net/browse/PAY-483", None),  # another host: never requested
        (SITE, "http://acme.atlassian.net/browse/PAY-483", None),  # another scheme
        (SITE, "https://acme.atlassian.net/browse/SHA-256x", None),
        (SITE, "https://acme.atlassian.net/projects/PAY/issues/PAY-1", None),
        (DC, "https://jira.acme.com/jira/browse/PAY-2", "PAY-2"),
        (DC, "https://jira.acme.com/browse/PAY-2", None),  # outside the context path
    ],
)
def test_browse_links_on_the_site(site, url, key):
    ref = site.resolve(url)
    assert (ref.issue if ref else None) == key


def test_an_issue_is_one_key_whatever_the_form():
    assert IssueRef("PAY-1").key == SITE.resolve("https://acme.atlassian.net/browse/pay-001").key
    assert issue_key(" pay-12 ") == "PAY-12" and issue_key("PAY-12 x") is None
    assert looks_like_issue("https://anywhere.example/jira/browse/ABC-1")
    assert not looks_like_issue("https://anywhere.example/browse/")


def _found(title="", branch="", description="", projects=("PAY",), site=SITE, items=()):
    pr = PullRequest(PR, title, description, source_branch=branch)
    source = JiraIssues(object(), site, projects=projects)  # configured: a client is there (never called by find)
    return source.find(citers(pr, list(items)))


def test_the_pull_requests_title_branch_and_description_and_links_each_cite():
    found = _found(
        "PAY-481 receipts",
        "refs/heads/feature/PAY-482-receipt",
        "See https://acme.atlassian.net/browse/PAY-483 and https://other.atlassian.net/browse/PAY-9, not SHA-256.",
    )
    assert [ref.issue for ref, _ in found.refs] == ["PAY-481", "PAY-482", "PAY-483"]  # title, branch, link
    assert all(ids == (PULL_REQUEST,) for _, ids in found.refs)
    other = "https://other.atlassian.net/browse/PAY-9"
    assert found.skipped == (f"link not read (a Jira issue on another host than JIRA_URL): {other}",)
    assert "https://other.atlassian.net/browse/PAY-9" in found.seen and not found.notices


def test_a_work_items_browse_links_cite_but_its_bare_words_do_not():
    items = [Citer(12, ("https://acme.atlassian.net/browse/OPS_2-1",), ("PAY-99 in a work item's words",))]
    found = JiraIssues(object(), SITE, projects=("PAY",)).find(items)
    assert [(ref.issue, ids) for ref, ids in found.refs] == [("OPS_2-1", (12,))]


def test_not_configured_is_one_standard_warning_and_no_reference():
    pr = PullRequest(PR, "PAY-481 receipts", "PAY-482 too")
    source = JiraIssues(None, SITE, missing="no Jira credentials are configured", projects=("PAY",))
    found = source.find(citers(pr, []))
    assert found.refs == ()
    assert [n.message.split(",")[0] for n in found.notices] == ["Jira issues are cited (jira issue PAY-481"]
    assert "no Jira credentials are configured, so none was read" in found.notices[0].message


def test_no_site_still_warns_for_keys_and_browse_links():
    pr = PullRequest(PR, "SHA-256 only", "https://jira.acme.com/browse/PAY-1")
    found = JiraIssues(None, None, missing="JIRA_URL is not set").find(citers(pr, []))
    assert "https://jira.acme.com/browse/PAY-1" in found.notices[0].message
    quiet = JiraIssues(None, None, missing="JIRA_URL is not set").find(citers(PullRequest(PR, "SHA-256", ""), []))
    assert quiet.notices == ()  # nothing cites Jira: nothing said
