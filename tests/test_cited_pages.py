"""One parser per link family: the links that fetching reads as a page are the links a summary drops as "only
cites a page the comment shows". These forms were read as pages but kept in the text by an older, second parser."""

from __future__ import annotations

import pytest

from doc_context.models import PULL_REQUEST, Gathered, Page, PageRef, PullRequest, PullRequestRef, Relation, WorkItem
from doc_context.sources.confluence.links import Site
from doc_context.summary.cited_pages import Citer, ShownPages, cited, citers, cites_only
from doc_context.summary.summarize import summarize_all

from .pagerefs import confluence_page

WIKI = "https://acme.atlassian.net/wiki"
SITE = Site.from_url(WIKI)
PROSE = "As a shopper whose gift card does not cover the order, I want to pay the rest by card."
FORMS = {
    "edit-v2": f"{WIKI}/spaces/PAY/pages/edit-v2/123",
    "dated blog": f"{WIKI}/spaces/PAY/blog/2025/11/03/123/Release+notes",
    "blogPostId": f"{WIKI}/pages/viewblogpost.action?blogPostId=123",
    "homepageId": f"{WIKI}/spaces/PAY/overview?homepageId=123",
    "tiny": f"{WIKI}/x/ew",
    "page": f"{WIKI}/spaces/PAY/pages/123/Release+notes",
}


def fetched(url: str) -> Page:
    """Page 123 as the Confluence source returns it for this link."""
    ref = SITE.resolve(url)
    assert isinstance(ref, PageRef) and ref.page_id == 123, url  # fetching reads page 123 for it
    return confluence_page(
        ref,
        123,
        "Release notes",
        "PAY",
        4,
        f"{WIKI}/spaces/PAY/pages/123",
        "Notes.",
        cited_as=frozenset({ref.key, PageRef(page_id=123).key}),
    )


@pytest.mark.parametrize("form", sorted(FORMS))
def test_a_line_that_only_cites_a_page_shown_is_dropped_whatever_its_link_form(form: str) -> None:
    url = FORMS[form]
    story = WorkItem(
        7,
        3,
        "User Story",
        "Split payments",
        "Active",
        {"System.Description": f"{PROSE}\n\nRelease notes: [the notes]({url})"},
        markdown_fields=frozenset({"System.Description"}),
    )
    gathered = Gathered(None, (story,), (), ((fetched(url), (7,)),), (), (), links=(SITE,))

    (summary,), _ = summarize_all(gathered)

    assert PROSE in summary.text and url not in summary.text


@pytest.mark.parametrize("form", sorted(FORMS))
def test_any_form_of_a_shown_page_names_it(form: str) -> None:
    shown = ShownPages.of((SITE,), [fetched(FORMS["page"])])  # read for one form, cited in another
    assert cites_only(f"Notes: {FORMS[form]}", shown)
    assert not cites_only(f"Notes: {WIKI}/spaces/PAY/pages/124", shown)


def test_without_the_family_no_line_is_taken_for_a_shown_page() -> None:
    assert not cites_only(f"Notes: {FORMS['page']}", ShownPages((), frozenset({("confluence", ("id", 123))})))


def test_the_pull_request_cites_first_and_relations_count() -> None:
    pr = PullRequest(PullRequestRef("https://dev.azure.com/f", "P", "r", 1), "t", f"Design: [notes]({FORMS['tiny']})")
    item = WorkItem(9, 1, "Task", "t", "New", {}, (Relation("ArtifactLink", "vstfs:///Wiki/WikiPage/a%2Fb%2FC"),))

    who = citers(pr, [item])

    texts = ("t", "", f"Design: [notes]({FORMS['tiny']})")  # the PR's own words: title, source branch, description
    assert who == [Citer(PULL_REQUEST, (FORMS["tiny"],), texts), Citer(9, ("vstfs:///Wiki/WikiPage/a%2Fb%2FC",))]
    assert [(ref.key, ids) for ref, ids in cited(who, SITE)] == [(("id", 123), (PULL_REQUEST,))]
