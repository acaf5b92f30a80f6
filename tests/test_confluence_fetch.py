"""What each kind of page identity asks of Confluence: a real Confluence client (httpx) against the sandbox
FakeConfluence on loopback. Each row says exactly which API requests the sandbox received (path and query),
and which pages came back; the site a row is not about receives nothing.

Which identity a link names is test_links.py's table (the one URL case table); this one starts from the
identity. Two sites run at once: a Cloud one and a Data Center one under /confluence.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doc_context.errors import ConfluenceError
from doc_context.models import PageRef
from doc_context.sandbox import FakeConfluence
from doc_context.sources.confluence.client import BearerAuth, Confluence, ConfluenceConfig, basic

from .pagerefs import B, P, S, T

# Cloud pages
RETRY, TINY, BIG, SPECIAL, HOME, LAUNCH, NOTES, MAX = 123456, 1355412691, 2**32, 2883616774, 1001, 98765, 777, 2**63 - 1
ENG_ID, PAY_ID, PERSONAL_ID, PERSONAL = 98001, 98306, 98500, "~712020:abc"
# Data Center pages
RUNBOOK, OPS_HOME, RELEASE, RETRY_V2, MY_NOTES, DC_SPECIAL = 201819180, 5001, 7001, 7002, 7003, 7004


# -- what the sandbox should receive
def v2(pid: int, kind: str = "pages") -> tuple[str, dict[str, str]]:
    return f"/wiki/api/v2/{kind}/{pid}", {"body-format": "storage"}


def v2_space(key: str) -> tuple[str, dict[str, str]]:
    return "/wiki/api/v2/spaces", {"keys": key}


def v2_title(space_id: int, title: str, kind: str = "pages") -> tuple[str, dict[str, str]]:
    return f"/wiki/api/v2/{kind}", {
        "space-id": str(space_id),
        "title": title,
        "status": "current",
        "body-format": "storage",
    }


def dc(pid: int) -> tuple[str, dict[str, str]]:
    return f"/confluence/rest/api/content/{pid}", {"expand": "body.storage,version,space"}


def dc_title(key: str, title: str, day: str | None = None) -> tuple[str, dict[str, str]]:
    query = {
        "spaceKey": key,
        "title": title,
        "type": "blogpost" if day else "page",
        "expand": "body.storage,version,space",
    }
    return "/confluence/rest/api/content", query | ({"postingDay": day} if day else {})


def dc_space(key: str) -> tuple[str, dict[str, str]]:
    return "/confluence/rest/api/space", {"spaceKey": key, "expand": "homepage"}


def search(words: str, key: str, kind: str = "page", prefix: str = "/wiki") -> tuple[str, dict[str, str]]:
    """The fallback when the exact-case title filter finds nothing: CQL title~, compared ignoring case."""
    cql = f'space="{key}" and type={kind} and title~"{words}"'
    return f"{prefix}/rest/api/content/search", {"cql": cql, "limit": "50", "expand": "body.storage,version,space"}


def dc_search(words: str, key: str, kind: str = "page") -> tuple[str, dict[str, str]]:
    return search(words, key, kind, "/confluence")


# (id, site, the identities fetched in turn, requests the site receives, pages read; None: not readable)
CASES = [
    # Cloud: by id, REST v2
    ("cloud-page", "cloud", [P(RETRY)], [v2(RETRY)], [RETRY]),
    ("cloud-blogpost", "cloud", [B(LAUNCH)], [v2(LAUNCH, "blogposts")], [LAUNCH]),
    ("cloud-max-id", "cloud", [P(MAX)], [v2(MAX)], [MAX]),
    ("cloud-beyond-32-bits", "cloud", [P(BIG)], [v2(BIG)], [BIG]),
    ("cloud-personal-page", "cloud", [P(NOTES)], [v2(NOTES)], [NOTES]),
    ("cloud-missing-page", "cloud", [P(999)], [v2(999), v2(999, "blogposts")], [None]),
    # an id-only link (a tiny link, viewpage.action) may name a blog post: v2 serves it apart, after a page 404
    ("cloud-blogpost-by-page-id", "cloud", [P(LAUNCH)], [v2(LAUNCH), v2(LAUNCH, "blogposts")], [LAUNCH]),
    # Cloud: by title, the space once per run, then the title as a query parameter
    ("cloud-title", "cloud", [T("ENG", "Retry Policy")], [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")], [RETRY]),
    (
        "cloud-title-case",
        "cloud",
        [T("eng", "retry policy")],
        [v2_space("eng"), v2_title(ENG_ID, "retry policy"), search("retry policy", "ENG")],
        [RETRY],
    ),
    (
        "cloud-blog-title-case",
        "cloud",
        [T("ENG", "launch notes", "2024-06-30")],
        [v2_space("ENG"), v2_title(ENG_ID, "launch notes", "blogposts"), search("launch notes", "ENG", "blogpost")],
        [LAUNCH],
    ),
    (
        "cloud-title-case-punctuation",
        "cloud",
        [T("ENG", "c++ & q3 / 2024")],
        [v2_space("ENG"), v2_title(ENG_ID, "c++ & q3 / 2024"), search("c q3 2024", "ENG")],
        [SPECIAL],
    ),
    (
        "cloud-title-special",
        "cloud",
        [T("ENG", "C++ & Q3 / 2024")],
        [v2_space("ENG"), v2_title(ENG_ID, "C++ & Q3 / 2024")],
        [SPECIAL],
    ),
    (
        "cloud-blog-title",
        "cloud",
        [T("ENG", "Launch Notes", "2024-06-30")],
        [v2_space("ENG"), v2_title(ENG_ID, "Launch Notes", "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-space-cached",
        "cloud",
        [T("ENG", "Retry Policy"), T("ENG", "Tiny target")],
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy"), v2_title(ENG_ID, "Tiny target")],
        [RETRY, TINY],
    ),
    ("cloud-unknown-space", "cloud", [T("NOPE", "Retry Policy")], [v2_space("NOPE")], [None]),
    (
        "cloud-title-travels-as-query",
        "cloud",
        [T("ENG", "../../rest/api/user/current")],
        [v2_space("ENG"), v2_title(ENG_ID, "../../rest/api/user/current"), search("rest api user current", "ENG")],
        [None],
    ),
    # Cloud: a space's home page
    ("cloud-space-home", "cloud", [S("ENG")], [v2_space("ENG"), v2(HOME)], [HOME]),
    ("cloud-space-without-home", "cloud", [S("PAY")], [v2_space("PAY")], [None]),
    ("cloud-personal-space", "cloud", [S(PERSONAL)], [v2_space(PERSONAL), v2(NOTES)], [NOTES]),
    # each page is read once, whichever identity reached it first
    (
        "cloud-title-then-id",
        "cloud",
        [T("ENG", "Retry Policy"), P(RETRY)],
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")],
        [RETRY, RETRY],
    ),
    ("cloud-home-then-id", "cloud", [S("ENG"), P(HOME)], [v2_space("ENG"), v2(HOME)], [HOME, HOME]),
    # Data Center: REST v1
    ("dc-page", "dc", [P(RUNBOOK)], [dc(RUNBOOK)], [RUNBOOK]),
    ("dc-blogpost", "dc", [B(RELEASE)], [dc(RELEASE)], [RELEASE]),
    ("dc-title", "dc", [T("OPS", "Runbook")], [dc_title("OPS", "Runbook")], [RUNBOOK]),
    ("dc-title-parens", "dc", [T("OPS", "Retry (v2)")], [dc_title("OPS", "Retry (v2)")], [RETRY_V2]),
    ("dc-title-special", "dc", [T("OPS", "C++ & Q3 / 2024")], [dc_title("OPS", "C++ & Q3 / 2024")], [DC_SPECIAL]),
    (
        "dc-blog-title",
        "dc",
        [T("OPS", "Release Day", "2024-03-01")],
        [dc_title("OPS", "Release Day", "2024-03-01")],
        [RELEASE],
    ),
    ("dc-personal-title", "dc", [T("~jdoe", "My Notes")], [dc_title("~jdoe", "My Notes")], [MY_NOTES]),
    (
        "dc-missing-title",
        "dc",
        [T("OPS", "No Such Page")],
        [dc_title("OPS", "No Such Page"), dc_search("No Such Page", "OPS")],
        [None],
    ),
    (
        "dc-title-case",
        "dc",
        [T("OPS", "runbook")],
        [dc_title("OPS", "runbook"), dc_search("runbook", "OPS")],
        [RUNBOOK],
    ),
    ("dc-blogpost-by-page-id", "dc", [P(RELEASE)], [dc(RELEASE)], [RELEASE]),  # one content id space on v1
    ("dc-space-home", "dc", [S("OPS")], [dc_space("OPS"), dc(OPS_HOME)], [OPS_HOME]),
    ("dc-id-twice", "dc", [P(RUNBOOK), P(RUNBOOK)], [dc(RUNBOOK)], [RUNBOOK, RUNBOOK]),
]


@pytest.fixture(scope="module")
def sites() -> Iterator[dict[str, FakeConfluence]]:
    with FakeConfluence("cloud") as cloud, FakeConfluence("datacenter", context_path="/confluence") as dc_site:
        _seed_cloud(cloud)
        _seed_dc(dc_site)
        yield {"cloud": cloud, "dc": dc_site}


def _seed_cloud(wiki: FakeConfluence) -> None:
    wiki.add_user("ci@acme.example", "cloud-token", display_name="CI")
    wiki.add_space("ENG", "Engineering", id=ENG_ID, homepage_id=HOME)
    wiki.add_space("PAY", "Payments", id=PAY_ID)
    wiki.add_space(PERSONAL, "Ada", id=PERSONAL_ID, homepage_id=NOTES)
    for pid, title, space in [
        (RETRY, "Retry Policy", "ENG"),
        (TINY, "Tiny target", "ENG"),
        (BIG, "Beyond 32 bits", "ENG"),
        (SPECIAL, "C++ & Q3 / 2024", "ENG"),
        (HOME, "Engineering", "ENG"),
        (MAX, "Largest id", "ENG"),
        (NOTES, "Notes", PERSONAL),
    ]:
        wiki.add_page(pid, title, space, f"<p>{title} body</p>")
    wiki.add_page(LAUNCH, "Launch Notes", "ENG", "<p>launched</p>", type="blogpost", created="2024-06-30T09:00:00.000Z")


def _seed_dc(wiki: FakeConfluence) -> None:
    wiki.add_user("jdoe", "dc-pat", display_name="Jane Doe")
    wiki.add_space("OPS", "Operations", homepage_id=OPS_HOME)
    wiki.add_space("~jdoe", "Jane Doe")
    for pid, title, space in [
        (RUNBOOK, "Runbook", "OPS"),
        (OPS_HOME, "Operations", "OPS"),
        (RETRY_V2, "Retry (v2)", "OPS"),
        (MY_NOTES, "My Notes", "~jdoe"),
        (DC_SPECIAL, "C++ & Q3 / 2024", "OPS"),
    ]:
        wiki.add_page(pid, title, space, f"<p>{title} body</p>")
    wiki.add_page(RELEASE, "Release Day", "OPS", "<p>shipped</p>", type="blogpost", created="2024-03-01T10:00:00.000Z")


def client(wiki: FakeConfluence) -> Confluence:
    """Pinned here: which requests a page reference makes. View restrictions are read too by default:
    test_restriction_reads.py."""
    config = ConfluenceConfig(api_base=wiki.api_base, cloud=wiki.cloud, restrictions=False)
    return Confluence(config, basic("ci@acme.example", "cloud-token") if wiki.cloud else BearerAuth("dc-pat"))


@pytest.mark.parametrize(("mode", "refs", "expected", "pages"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_identity_to_requests(
    sites: dict[str, FakeConfluence],
    mode: str,
    refs: list[PageRef],
    expected: list[tuple[str, dict[str, str]]],
    pages: list[int | None],
) -> None:
    wiki, other = sites[mode], sites["dc" if mode == "cloud" else "cloud"]
    for server in sites.values():
        server.clear()

    fetched: list[int | None] = []
    confluence = client(wiki)
    try:
        for ref in refs:
            try:
                fetched.append(confluence.fetch(ref).id)
            except ConfluenceError:
                fetched.append(None)
    finally:
        confluence.close()

    assert [(r.path, dict(r.query)) for r in wiki.requests()] == expected
    assert fetched == pages
    assert other.requests() == []
    assert all(r.method == "GET" for r in wiki.requests())
