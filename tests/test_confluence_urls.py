"""Every link form, through the whole path: a work item holding the URL -> citations.cited_pages ->
a real Confluence client (httpx) -> the sandbox FakeConfluence on loopback. Each row says exactly
which API requests the sandbox received (path and query), and which pages came back.

Two sites run at once: a Cloud one ({C} = http://127.0.0.1:PORT/wiki) and a Data Center one under
/confluence ({D}); every row also checks that the site it is not about received nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doc_context.errors import ConfluenceError
from doc_context.models import Relation, WorkItem
from doc_context.sandbox import FakeConfluence
from doc_context.sandbox.confluence import tiny_code
from doc_context.sources.confluence import BearerAuth, Confluence, ConfluenceConfig, basic
from doc_context.summary.citations import cited_pages
from doc_context.text.links import Site

DESCRIPTION, CRITERIA = "System.Description", "Microsoft.VSTS.Common.AcceptanceCriteria"
REPRO = "Microsoft.VSTS.TCM.ReproSteps"

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


# (id, site, where the URL is, work-item text, requests the site receives, pages fetched in cited order;
#  None for a page that was cited but could not be read)
# where: html / md (System.Description of a User Story, HTML or markdown), ac (its acceptance criteria),
#        repro (a Bug's repro steps), bugdesc (a Bug's description: not read), rel (a Hyperlink relation),
#        relother (another relation type)
CASES = [
    # Cloud page, blog post and edit forms
    ("cloud-page-slug", "cloud", "html", "{C}/spaces/ENG/pages/123456/Retry+Policy", [v2(RETRY)], [RETRY]),
    ("cloud-page-no-slug", "cloud", "html", "{C}/spaces/ENG/pages/123456", [v2(RETRY)], [RETRY]),
    ("cloud-page-trailing-slash", "cloud", "html", "{C}/spaces/ENG/pages/123456/", [v2(RETRY)], [RETRY]),
    ("cloud-space-segment-ignored", "cloud", "html", "{C}/spaces/PAY/pages/123456", [v2(RETRY)], [RETRY]),
    ("cloud-edit-v2", "cloud", "html", "{C}/spaces/ENG/pages/edit-v2/123456?draftShareId=ab-12", [v2(RETRY)], [RETRY]),
    ("cloud-edit", "cloud", "html", "{C}/spaces/ENG/pages/edit/123456", [v2(RETRY)], [RETRY]),
    (
        "cloud-blog-slug",
        "cloud",
        "html",
        "{C}/spaces/ENG/blog/2024/06/30/98765/Launch+Notes",
        [v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-blog-no-slug",
        "cloud",
        "html",
        "{C}/spaces/ENG/blog/2024/06/30/98765",
        [v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    ("cloud-blog-edit-v2", "cloud", "html", "{C}/spaces/ENG/blog/edit-v2/98765", [v2(LAUNCH, "blogposts")], [LAUNCH]),
    ("cloud-viewpage-id", "cloud", "html", "{C}/pages/viewpage.action?pageId=123456", [v2(RETRY)], [RETRY]),
    (
        "cloud-viewpage-id-key",
        "cloud",
        "html",
        "{C}/pages/viewpage.action?pageId=123456&spaceKey=ENG",
        [v2(RETRY)],
        [RETRY],
    ),
    ("cloud-editpage", "cloud", "html", "{C}/pages/editpage.action?pageId=123456", [v2(RETRY)], [RETRY]),
    ("cloud-max-id", "cloud", "html", "{C}/pages/viewpage.action?pageId=9223372036854775807", [v2(MAX)], [MAX]),
    ("cloud-missing-page", "cloud", "html", "{C}/spaces/ENG/pages/999", [v2(999), v2(999, "blogposts")], [None]),
    # a blog post behind an id-only link: v2 serves it apart, so a page 404 asks for the blog post
    ("cloud-tiny-blog", "cloud", "html", "{C}/x/" + tiny_code(LAUNCH), [v2(LAUNCH), v2(LAUNCH, "blogposts")], [LAUNCH]),
    (
        "cloud-viewpage-blog-id",
        "cloud",
        "html",
        "{C}/pages/viewpage.action?pageId=98765",
        [v2(LAUNCH), v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-pages-blog-id",
        "cloud",
        "html",
        "{C}/spaces/ENG/pages/98765",
        [v2(LAUNCH), v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-viewblogpost",
        "cloud",
        "html",
        "{C}/pages/viewblogpost.action?blogPostId=98765",
        [v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-blog-id-no-date",
        "cloud",
        "html",
        "{C}/spaces/ENG/blog/98765/Launch+Notes",
        [v2(LAUNCH, "blogposts")],
        [LAUNCH],
    ),
    ("cloud-blog-month-listing", "cloud", "html", "{C}/spaces/ENG/blog/2024/06", [], []),
    ("cloud-blog-year-listing", "cloud", "html", "{C}/spaces/ENG/blog/2024", [], []),
    ("cloud-blog-listing", "cloud", "html", "{C}/spaces/ENG/blog", [], []),
    # Cloud title links: the space once per run, then the title as a query parameter
    (
        "cloud-display",
        "cloud",
        "html",
        "{C}/display/ENG/Retry+Policy",
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")],
        [RETRY],
    ),
    (
        "cloud-display-case",
        "cloud",
        "html",
        "{C}/display/eng/retry+policy",
        [v2_space("eng"), v2_title(ENG_ID, "retry policy"), search("retry policy", "ENG")],
        [RETRY],
    ),
    (
        "cloud-display-blog-case",
        "cloud",
        "html",
        "{C}/display/ENG/2024/06/30/launch+notes",
        [v2_space("ENG"), v2_title(ENG_ID, "launch notes", "blogposts"), search("launch notes", "ENG", "blogpost")],
        [LAUNCH],
    ),
    (
        "cloud-title-case-punctuation",
        "cloud",
        "html",
        "{C}/display/ENG/c%2B%2B+%26+q3+%2F+2024",
        [v2_space("ENG"), v2_title(ENG_ID, "c++ & q3 / 2024"), search("c q3 2024", "ENG")],
        [SPECIAL],
    ),
    (
        "cloud-display-encoded",
        "cloud",
        "html",
        "{C}/display/ENG/C%2B%2B%20%26%20Q3%20%2F%202024",
        [v2_space("ENG"), v2_title(ENG_ID, "C++ & Q3 / 2024")],
        [SPECIAL],
    ),
    (
        "cloud-viewpage-title",
        "cloud",
        "html",
        "{C}/pages/viewpage.action?spaceKey=ENG&title=Retry+Policy",
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")],
        [RETRY],
    ),
    (
        "cloud-display-blog",
        "cloud",
        "html",
        "{C}/display/ENG/2024/06/30/Launch+Notes",
        [v2_space("ENG"), v2_title(ENG_ID, "Launch Notes", "blogposts")],
        [LAUNCH],
    ),
    (
        "cloud-space-cached",
        "cloud",
        "html",
        "<p>{C}/display/ENG/Retry+Policy {C}/display/ENG/Tiny+target</p>",
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy"), v2_title(ENG_ID, "Tiny target")],
        [RETRY, TINY],
    ),
    ("cloud-unknown-space", "cloud", "html", "{C}/display/NOPE/Retry+Policy", [v2_space("NOPE")], [None]),
    (
        "cloud-title-travels-as-query",
        "cloud",
        "html",
        "{C}/display/ENG/..%2F..%2Frest%2Fapi%2Fuser%2Fcurrent",
        [v2_space("ENG"), v2_title(ENG_ID, "../../rest/api/user/current"), search("rest api user current", "ENG")],
        [None],
    ),
    # tiny links, decoded offline: no request to /x/
    ("cloud-tiny", "cloud", "html", "{C}/x/0-TJU", [v2(TINY)], [TINY]),
    ("cloud-tiny-64bit", "cloud", "html", "{C}/x/AAAAAAE", [v2(BIG)], [BIG]),
    ("cloud-tiny-max", "cloud", "html", "{C}/x/---------38", [v2(MAX)], [MAX]),
    ("cloud-tiny-noncanonical", "cloud", "html", "{C}/x/0-TJUA", [], []),
    # space home
    ("cloud-space-homepage-id", "cloud", "html", "{C}/spaces/ENG/overview?homepageId=1001", [v2(HOME)], [HOME]),
    ("cloud-space", "cloud", "html", "{C}/spaces/ENG", [v2_space("ENG"), v2(HOME)], [HOME]),
    ("cloud-space-overview", "cloud", "html", "{C}/spaces/ENG/overview", [v2_space("ENG"), v2(HOME)], [HOME]),
    ("cloud-space-without-home", "cloud", "html", "{C}/spaces/PAY", [v2_space("PAY")], [None]),
    # personal spaces
    ("cloud-personal-page", "cloud", "html", "{C}/spaces/~712020:abc/pages/777/Notes", [v2(NOTES)], [NOTES]),
    (
        "cloud-personal-space",
        "cloud",
        "html",
        "{C}/spaces/~712020:abc/overview",
        [v2_space(PERSONAL), v2(NOTES)],
        [NOTES],
    ),
    # decorations never change identity
    ("fragment", "cloud", "html", "{C}/spaces/ENG/pages/123456#Retry-Policy-Limits", [v2(RETRY)], [RETRY]),
    (
        "focused-comment",
        "cloud",
        "html",
        "{C}/spaces/ENG/pages/123456/T?focusedCommentId=9#comment-9",
        [v2(RETRY)],
        [RETRY],
    ),
    ("atl-origin", "cloud", "html", "{C}/spaces/ENG/pages/123456/T?atlOrigin=eyJpIjoiYSJ9", [v2(RETRY)], [RETRY]),
    ("src-param", "cloud", "html", "{C}/spaces/ENG/pages/123456?src=mail", [v2(RETRY)], [RETRY]),
    # the same page behind several forms: one request
    (
        "dedupe-id-forms",
        "cloud",
        "html",
        "<p>{C}/spaces/ENG/pages/123456/Retry {C}/x/QOIB {C}/pages/viewpage.action?pageId=123456</p>",
        [v2(RETRY)],
        [RETRY],
    ),
    (
        "dedupe-title-then-id",
        "cloud",
        "html",
        "<p>{C}/display/ENG/Retry+Policy then {C}/spaces/ENG/pages/123456</p>",
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")],
        [RETRY, RETRY],
    ),
    (
        "dedupe-home-then-id",
        "cloud",
        "html",
        "<p>{C}/spaces/ENG then {C}/spaces/ENG/pages/1001</p>",
        [v2_space("ENG"), v2(HOME)],
        [HOME, HOME],
    ),
    # not pages, though on the site
    ("attachment", "cloud", "html", "{C}/download/attachments/123456/file.pdf?version=1&api=v2", [], []),
    ("thumbnail", "cloud", "html", "{C}/download/thumbnails/123456/x.png", [], []),
    ("whiteboard", "cloud", "html", "{C}/spaces/ENG/whiteboard/555", [], []),
    ("folder", "cloud", "html", "{C}/spaces/ENG/folder/556", [], []),
    ("database", "cloud", "html", "{C}/spaces/ENG/database/557", [], []),
    ("search", "cloud", "html", "{C}/search?text=retry", [], []),
    ("jira-same-host", "cloud", "html", "http://{CH}/browse/PAY-1", [], []),
    ("api-url-in-item", "cloud", "html", "{C}/rest/api/content/123456", [], []),
    ("path-traversal", "cloud", "html", "{C}/spaces/ENG/pages/123456/../../../rest/api/user/current", [], []),
    ("encoded-id", "cloud", "html", "{C}/pages/viewpage.action?pageId=123456%26expand%3Dx", [], []),
    ("id-overflow", "cloud", "html", "{C}/pages/viewpage.action?pageId=9223372036854775808", [], []),
    # prose around the URL
    ("trailing-period", "cloud", "html", "<p>See {C}/x/0-TJU.</p>", [v2(TINY)], [TINY]),
    ("parenthesised", "cloud", "html", "<p>(see {C}/spaces/ENG/pages/123456)</p>", [v2(RETRY)], [RETRY]),
    ("nbsp-after-url", "cloud", "html", "<p>{C}/x/0-TJU&nbsp;next</p>", [v2(TINY)], [TINY]),
    ("quoted", "cloud", "html", '<p>"{C}/spaces/ENG/pages/123456"</p>', [v2(RETRY)], [RETRY]),
    (
        "amp-in-href",
        "cloud",
        "html",
        '<a href="{C}/pages/viewpage.action?spaceKey=ENG&amp;title=Retry+Policy">the policy</a>',
        [v2_space("ENG"), v2_title(ENG_ID, "Retry Policy")],
        [RETRY],
    ),
    (
        "href-and-text-differ",
        "cloud",
        "html",
        '<a href="{C}/spaces/ENG/pages/123456">{C}/x/AAAAAAE</a>',
        [v2(RETRY), v2(BIG)],
        [RETRY, BIG],
    ),
    (
        "double-escaped",
        "cloud",
        "html",
        "&lt;div&gt;&lt;a href=&quot;{C}/x/0-TJU&quot;&gt;x&lt;/a&gt;&lt;/div&gt;",
        [v2(TINY)],
        [TINY],
    ),
    ("autolink-in-html-is-a-tag", "cloud", "html", "<{C}/x/0-TJU>", [], []),
    # markdown fields
    ("md-link", "cloud", "md", "Policy: [the policy]({C}/spaces/ENG/pages/123456).", [v2(RETRY)], [RETRY]),
    ("md-autolink", "cloud", "md", "Spec: <{C}/x/0-TJU>", [v2(TINY)], [TINY]),
    ("md-bold-url", "cloud", "md", "**{C}/spaces/ENG/pages/123456**", [v2(RETRY)], [RETRY]),
    ("md-link-title", "cloud", "md", '[t]({C}/spaces/ENG/pages/123456 "Retry")', [v2(RETRY)], [RETRY]),
    # which fields and relations are read
    ("hyperlink-relation", "cloud", "rel", "{C}/spaces/ENG/pages/123456", [v2(RETRY)], [RETRY]),
    ("other-relation-ignored", "cloud", "relother", "{C}/spaces/ENG/pages/123456", [], []),
    ("story-acceptance-criteria", "cloud", "ac", "<div>{C}/x/0-TJU</div>", [v2(TINY)], [TINY]),
    ("bug-repro-steps", "cloud", "repro", "<div>{C}/x/0-TJU</div>", [v2(TINY)], [TINY]),
    ("bug-description-not-read", "cloud", "bugdesc", "<div>{C}/x/0-TJU</div>", [], []),
    # hostile hosts: nothing is requested, anywhere
    ("localhost-alias", "cloud", "html", "http://localhost:{CP}/wiki/spaces/ENG/pages/123456", [], []),
    ("lookalike-suffix", "cloud", "html", "http://127.0.0.1.evil.example:{CP}/wiki/x/0-TJU", [], []),
    ("lookalike-prefix", "cloud", "html", "http://x127.0.0.1:{CP}/wiki/x/0-TJU", [], []),
    ("host-in-path", "cloud", "html", "http://evil.example/127.0.0.1:{CP}/wiki/x/0-TJU", [], []),
    ("host-as-userinfo", "cloud", "html", "http://{CH}@evil.example/wiki/x/0-TJU", [], []),
    ("userinfo", "cloud", "html", "http://user:pw@{CH}/wiki/x/0-TJU", [], []),
    ("backslash", "cloud", "html", "http://{CH}\\@evil.example/wiki/x/0-TJU", [], []),
    ("other-port", "cloud", "html", "http://127.0.0.1:{DP}/wiki/x/0-TJU", [], []),
    ("ipv4-mapped-ipv6", "cloud", "html", "http://[::ffff:127.0.0.1]:{CP}/wiki/x/0-TJU", [], []),
    ("decimal-ip", "cloud", "html", "http://2130706433:{CP}/wiki/x/0-TJU", [], []),
    ("short-ip", "cloud", "html", "http://127.1:{CP}/wiki/x/0-TJU", [], []),
    ("outside-context-path", "cloud", "html", "http://{CH}/spaces/ENG/pages/123456", [], []),
    ("not-http", "cloud", "html", "<p>ftp://{CH}/wiki/x/0-TJU javascript://{CH}/wiki/x/0-TJU</p>", [], []),
    # Data Center under /confluence
    ("dc-display", "dc", "html", "{D}/display/OPS/Runbook", [dc_title("OPS", "Runbook")], [RUNBOOK]),
    (
        "dc-display-blog",
        "dc",
        "html",
        "{D}/display/OPS/2024/03/01/Release+Day",
        [dc_title("OPS", "Release Day", "2024-03-01")],
        [RELEASE],
    ),
    ("dc-viewpage-id", "dc", "html", "{D}/pages/viewpage.action?pageId=201819180", [dc(RUNBOOK)], [RUNBOOK]),
    (
        "dc-viewpage-title",
        "dc",
        "html",
        "{D}/pages/viewpage.action?spaceKey=OPS&title=Runbook",
        [dc_title("OPS", "Runbook")],
        [RUNBOOK],
    ),
    ("dc-editpage", "dc", "html", "{D}/pages/editpage.action?pageId=201819180", [dc(RUNBOOK)], [RUNBOOK]),
    ("dc-tiny", "dc", "html", "{D}/x/LIQHD", [dc(RUNBOOK)], [RUNBOOK]),
    ("dc-blog-id", "dc", "html", "{D}/spaces/OPS/blog/2024/03/01/7001", [dc(RELEASE)], [RELEASE]),
    ("dc-space-home", "dc", "html", "{D}/display/OPS", [dc_space("OPS"), dc(OPS_HOME)], [OPS_HOME]),
    ("dc-viewspace", "dc", "html", "{D}/spaces/viewspace.action?key=OPS", [dc_space("OPS"), dc(OPS_HOME)], [OPS_HOME]),
    ("dc-personal-display", "dc", "html", "{D}/display/~jdoe/My+Notes", [dc_title("~jdoe", "My Notes")], [MY_NOTES]),
    (
        "dc-parens-in-prose",
        "dc",
        "html",
        "<p>(see {D}/display/OPS/Retry+(v2)).</p>",
        [dc_title("OPS", "Retry (v2)")],
        [RETRY_V2],
    ),
    (
        "dc-display-encoded",
        "dc",
        "html",
        "{D}/display/OPS/C%2B%2B%20%26%20Q3%20%2F%202024",
        [dc_title("OPS", "C++ & Q3 / 2024")],
        [DC_SPECIAL],
    ),
    (
        "dc-missing-title",
        "dc",
        "html",
        "{D}/display/OPS/No+Such+Page",
        [dc_title("OPS", "No Such Page"), dc_search("No Such Page", "OPS")],
        [None],
    ),
    (
        "dc-display-case",
        "dc",
        "html",
        "{D}/display/OPS/runbook",
        [dc_title("OPS", "runbook"), dc_search("runbook", "OPS")],
        [RUNBOOK],
    ),
    ("dc-viewblogpost", "dc", "html", "{D}/pages/viewblogpost.action?blogPostId=7001", [dc(RELEASE)], [RELEASE]),
    ("dc-tiny-blog", "dc", "html", "{D}/x/" + tiny_code(RELEASE), [dc(RELEASE)], [RELEASE]),
    (
        "dc-dedupe",
        "dc",
        "html",
        "<p>{D}/x/LIQHD and {D}/pages/viewpage.action?pageId=201819180</p>",
        [dc(RUNBOOK)],
        [RUNBOOK],
    ),
    ("dc-md-link", "dc", "md", "[runbook]({D}/display/OPS/Runbook)", [dc_title("OPS", "Runbook")], [RUNBOOK]),
    ("dc-hyperlink-relation", "dc", "rel", "{D}/x/LIQHD", [dc(RUNBOOK)], [RUNBOOK]),
    ("dc-outside-context-path", "dc", "html", "http://{DH}/display/OPS/Runbook", [], []),
    ("dc-context-boundary", "dc", "html", "http://{DH}/confluencex/display/OPS/Runbook", [], []),
    ("dc-link-to-the-other-site", "dc", "html", "{C}/spaces/ENG/pages/123456", [], []),
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


def work_item(where: str, text: str) -> WorkItem:
    if where in ("rel", "relother"):
        rel = "Hyperlink" if where == "rel" else "System.LinkTypes.Related"
        return WorkItem(1, 1, "Task", "t", "Active", {DESCRIPTION: "<div>no links</div>"}, (Relation(rel, text),))
    if where in ("repro", "bugdesc"):
        return WorkItem(1, 1, "Bug", "t", "Active", {REPRO if where == "repro" else DESCRIPTION: text})
    field = CRITERIA if where == "ac" else DESCRIPTION
    return WorkItem(
        1,
        1,
        "User Story",
        "t",
        "Active",
        {field: text},
        markdown_fields=frozenset({DESCRIPTION}) if where == "md" else frozenset(),
    )


def client(wiki: FakeConfluence) -> Confluence:
    if wiki.cloud:
        return Confluence(ConfluenceConfig(api_base=wiki.api_base, cloud=True), basic("ci@acme.example", "cloud-token"))
    return Confluence(ConfluenceConfig(api_base=wiki.api_base, cloud=False), BearerAuth("dc-pat"))


@pytest.mark.parametrize(
    ("mode", "where", "text", "expected", "pages"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_link_to_requests(
    sites: dict[str, FakeConfluence],
    mode: str,
    where: str,
    text: str,
    expected: list[tuple[str, dict[str, str]]],
    pages: list[int | None],
) -> None:
    wiki, other = sites[mode], sites["dc" if mode == "cloud" else "cloud"]
    for server in sites.values():
        server.clear()
    url = text.format(
        C=sites["cloud"].api_base,
        D=sites["dc"].api_base,
        CH=_hostport(sites["cloud"]),
        DH=_hostport(sites["dc"]),
        CP=sites["cloud"].port,
        DP=sites["dc"].port,
    )

    fetched: list[int | None] = []
    confluence = client(wiki)
    try:
        for ref, _ in cited_pages([work_item(where, url)], Site.from_url(wiki.api_base)):
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


def _hostport(wiki: FakeConfluence) -> str:
    return f"127.0.0.1:{wiki.port}"


def test_the_table_is_large_and_covers_both_deployments() -> None:
    assert len(CASES) >= 60
    assert len({c[0] for c in CASES}) == len(CASES)
    assert {"cloud", "dc"} == {c[1] for c in CASES}
    assert sum(1 for c in CASES if not c[4]) >= 25  # rows where nothing may be requested
