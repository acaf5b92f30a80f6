"""How the Confluence client learns a page's view restrictions: the real client against the fake on loopback.

Data Center: the body request carries them. Cloud: one request beside the v2 body read (content/{id}, or a
CQL search through the gateway); Cloud's 404 for a stale ancestor falls back to the ancestors and each one's
byOperation/read. Whatever cannot be learned is "unknown".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doc_context.models import PageRef
from doc_context.sandbox import FakeConfluence, Reply
from doc_context.sources.confluence.client import BearerAuth, Confluence, ConfluenceConfig, basic

EMAIL, TOKEN, SCOPED = "ci@acme.example", "cloud-token", "scoped-token"
ROOT, TEAM, OPEN, SECRET, CHILD, BLOG = 7001, 7002, 7003, 7004, 7005, 7006


@pytest.fixture(params=["cloud", "datacenter"])
def wiki(request: pytest.FixtureRequest) -> Iterator[FakeConfluence]:
    with FakeConfluence(request.param) as site:
        site.add_user(EMAIL, TOKEN, display_name="CI")
        scopes = ["read:page:confluence", "read:space:confluence", "read:content-details:confluence"]
        site.add_user("scoped@acme.example", SCOPED, display_name="Scoped", scopes=scopes)
        site.add_space("ENG", "Engineering", id=98001, homepage_id=ROOT)
        site.add_page(ROOT, "Engineering", "ENG", "<p>home</p>")
        site.add_page(TEAM, "Team", "ENG", "<p>team</p>", parent_id=ROOT)
        site.add_page(OPEN, "Open", "ENG", "<p>open</p>", parent_id=TEAM)
        site.add_page(SECRET, "Secret", "ENG", "<p>secret</p>", parent_id=TEAM)
        site.add_page(CHILD, "Child", "ENG", "<p>child</p>", parent_id=SECRET)
        site.add_page(BLOG, "News", "ENG", "<p>news</p>", type="blogpost")
        site.add_group("leads", EMAIL, "scoped@acme.example")
        site.restrict_view(SECRET, groups=["leads"])
        yield site


def client(site: FakeConfluence, *, gateway: bool = False) -> Confluence:
    base = site.gateway_base if gateway else site.api_base
    auth = basic("scoped@acme.example" if gateway else EMAIL, SCOPED if gateway else TOKEN)
    return Confluence(ConfluenceConfig(api_base=base, cloud=site.cloud), auth if site.cloud else BearerAuth(TOKEN))


def read(site: FakeConfluence, ref: PageRef, **kw: bool) -> tuple[str, str]:
    confluence = client(site, **kw)
    try:
        page = confluence.fetch(ref)
    finally:
        confluence.close()
    return page.restriction, page.restriction_error


@pytest.mark.parametrize(
    ("page_id", "expected"), [(OPEN, "none"), (SECRET, "own"), (CHILD, "inherited"), (BLOG, "none")]
)
def test_each_page_by_id(wiki: FakeConfluence, page_id: int, expected: str) -> None:
    assert read(wiki, PageRef(kind="blogpost" if page_id == BLOG else "page", page_id=page_id)) == (expected, "")
    reads = [r.path.removeprefix(wiki.context_path) for r in wiki.requests()]
    if wiki.cloud:  # the v2 body and, beside it, one v1 read of the restrictions
        assert sorted(reads) == sorted(
            [f"/rest/api/content/{page_id}", f"/api/v2/{'blogposts' if page_id == BLOG else 'pages'}/{page_id}"]
        )
    else:  # one request: the body, expanded with the restrictions of the page and its ancestors
        assert reads == [f"/rest/api/content/{page_id}"]
        assert "ancestors.restrictions.read.restrictions.group" in wiki.requests()[0].query["expand"]


@pytest.mark.parametrize(("title", "expected"), [("Open", "none"), ("Child", "inherited")])
def test_each_page_by_title(wiki: FakeConfluence, title: str, expected: str) -> None:
    assert read(wiki, PageRef(space_key="ENG", title=title)) == (expected, "")
    if wiki.cloud:  # the CQL search goes beside the space lookup: no read after the page's id is known
        cql = [r.query.get("cql") for r in wiki.requests() if r.path.endswith("/rest/api/content/search")]
        assert cql == [f'space="ENG" and type=page and title="{title}"']
        assert not [r for r in wiki.requests() if r.path.endswith(("/rest/api/content/7003", "/rest/api/content/7005"))]


def test_a_scoped_token_searches_through_the_gateway(wiki: FakeConfluence) -> None:
    if not wiki.cloud:
        pytest.skip("Cloud only")
    assert read(wiki, PageRef(page_id=CHILD), gateway=True) == ("inherited", "")
    searches = [r for r in wiki.requests() if r.path.endswith("/rest/api/content/search")]
    assert [r.query["cql"] for r in searches] == [f"id={CHILD}"]
    assert not [r for r in wiki.requests() if r.path.endswith(f"/rest/api/content/{CHILD}")]  # 410 there: not asked


def test_the_gateways_410_switches_to_the_search(wiki: FakeConfluence) -> None:
    if not wiki.cloud:
        pytest.skip("Cloud only")
    config = ConfluenceConfig(api_base=wiki.api_base, cloud=True)
    confluence = Confluence(config, basic(EMAIL, TOKEN))
    wiki.add_fault("GET", rf"/rest/api/content/{SECRET}$", [Reply.json({"statusCode": 410}, 410)])
    try:
        assert confluence.fetch(PageRef(page_id=SECRET)).restriction == "own"
        assert confluence.fetch(PageRef(page_id=OPEN)).restriction == "none"
    finally:
        confluence.close()
    asked = [r.path.removeprefix(wiki.context_path) for r in wiki.requests() if "/rest/api/content" in r.path]
    assert asked == [f"/rest/api/content/{SECRET}", "/rest/api/content/search", "/rest/api/content/search"]


def test_a_token_without_the_scope_leaves_it_unknown_and_says_which(wiki: FakeConfluence) -> None:
    if not wiki.cloud:
        pytest.skip("Cloud only")
    wiki.add_user("narrow@acme.example", "narrow", display_name="N", scopes=["read:page:confluence"])
    confluence = Confluence(
        ConfluenceConfig(api_base=wiki.gateway_base, cloud=True), basic("narrow@acme.example", "narrow")
    )
    try:
        page = confluence.fetch(PageRef(page_id=OPEN))
    finally:
        confluence.close()
    assert page.text and page.restriction == "unknown"
    assert "read:content-details:confluence" in page.restriction_error


def test_clouds_404_for_a_stale_ancestor_falls_back_to_each_ancestor(wiki: FakeConfluence) -> None:
    """CONFCLOUD-77618: an ancestor in the trash makes the expanded read 404."""
    if not wiki.cloud:
        pytest.skip("Cloud only")
    wiki.page(TEAM).status = "trashed"
    assert read(wiki, PageRef(page_id=CHILD)) == ("inherited", "")
    paths = [r.path.removeprefix(wiki.context_path) for r in wiki.requests()]
    assert f"/api/v2/pages/{CHILD}/ancestors" in paths
    assert {p for p in paths if "byOperation" in p} == {
        f"/rest/api/content/{i}/restriction/byOperation/read" for i in (ROOT, TEAM, SECRET, CHILD)
    }


def test_an_answer_without_the_lists_is_unknown(wiki: FakeConfluence) -> None:
    body = {"id": "7003", "type": "page", "status": "current", "title": "Open"}
    wiki.add_fault("GET", rf"/rest/api/content/{OPEN}$", [Reply.json(body)])
    restriction, error = read(wiki, PageRef(page_id=OPEN))
    if wiki.cloud:  # the side read said nothing: the robust way still learns it
        assert restriction == "none"
    else:
        assert (restriction, error) == ("unknown", "Confluence's answer did not list the restrictions as documented")


def test_no_restriction_read_when_the_settings_need_none(wiki: FakeConfluence) -> None:
    config = ConfluenceConfig(api_base=wiki.api_base, cloud=wiki.cloud, restrictions=False)
    confluence = Confluence(config, basic(EMAIL, TOKEN) if wiki.cloud else BearerAuth(TOKEN))
    try:
        assert confluence.fetch(PageRef(page_id=SECRET)).restriction == "unchecked"
    finally:
        confluence.close()
    assert len(wiki.requests()) == 1 and "restrictions" not in wiki.requests()[0].query.get("expand", "")
