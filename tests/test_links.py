"""text/urls.py and sources/confluence/links.py: work-item text -> URLs -> PageRefs, one row per link form or trap:
the one URL case table.

What each kind of PageRef then asks of Confluence is test_confluence_fetch.py's table."""

from __future__ import annotations

import base64

import pytest

from doc_context.models import PageRef, Relation, WorkItem
from doc_context.sources.confluence.links import (
    Site,
    elsewhere_on_site,
    looks_like_page,
    on_site,
    page_id_to_tiny,
    page_url,
    resolve,
    tiny_to_page_id,
)
from doc_context.summary.cited_pages import Citer, cited, citers
from doc_context.text.urls import find_urls

from .pagerefs import B, P, S, T

CLOUD = Site.from_url("https://acme.atlassian.net/wiki")
DC = Site.from_url("https://confluence.acme.com")
DCX = Site.from_url("https://intranet.acme.com/confluence/")
C = "https://acme.atlassian.net/wiki"
D = "https://confluence.acme.com"
X = "https://intranet.acme.com/confluence"
LOOP = Site.from_url("http://127.0.0.1:8090/wiki")  # a site on loopback, as the sandbox serves one
L = "http://127.0.0.1:8090/wiki"


# (id, site, work-item field value, markdown?, expected refs in order)
CASES = [
    # Cloud page forms
    ("cloud-page-slug", CLOUD, f"{C}/spaces/ENG/pages/123456/Retry+Policy", False, [P(123456)]),
    ("cloud-page-no-slug", CLOUD, f"{C}/spaces/ENG/pages/123456", False, [P(123456)]),
    ("cloud-page-trailing-slash", CLOUD, f"{C}/spaces/ENG/pages/123456/", False, [P(123456)]),
    ("cloud-edit-v2-draft", CLOUD, f"{C}/spaces/ENG/pages/edit-v2/987654321?draftShareId=ab-12", False, [P(987654321)]),
    ("cloud-edit", CLOUD, f"{C}/spaces/ENG/pages/edit/55", False, [P(55)]),
    ("cloud-blog-slug", CLOUD, f"{C}/spaces/ENG/blog/2024/06/30/98765/Launch+Notes", False, [B(98765)]),
    ("cloud-blog-no-slug", CLOUD, f"{C}/spaces/ENG/blog/2024/06/30/98765", False, [B(98765)]),
    ("cloud-blog-id-slug", CLOUD, f"{C}/spaces/ENG/blog/98765/Launch+Notes", False, [B(98765)]),
    ("cloud-blog-id", CLOUD, f"{C}/spaces/ENG/blog/98765", False, [B(98765)]),
    ("cloud-blog-year", CLOUD, f"{C}/spaces/ENG/blog/2024", False, []),
    ("cloud-blog-month", CLOUD, f"{C}/spaces/ENG/blog/2024/06", False, []),
    ("cloud-blog-index", CLOUD, f"{C}/spaces/ENG/blog", False, []),
    ("viewblogpost", CLOUD, f"{C}/pages/viewblogpost.action?blogPostId=98765", False, [B(98765)]),
    ("viewblogpost-pageid", DC, f"{D}/pages/viewblogpost.action?pageId=7001", False, [B(7001)]),
    ("viewblogpost-bad-id", DC, f"{D}/pages/viewblogpost.action?blogPostId=x1", False, []),
    ("cloud-viewpage-id", CLOUD, f"{C}/pages/viewpage.action?pageId=42", False, [P(42)]),
    ("cloud-viewpage-id-key", CLOUD, f"{C}/pages/viewpage.action?pageId=42&spaceKey=ENG", False, [P(42)]),
    ("cloud-editpage", CLOUD, f"{C}/pages/editpage.action?pageId=43", False, [P(43)]),
    ("cloud-display", CLOUD, f"{C}/display/ENG/Retry+Policy", False, [T("ENG", "Retry Policy")]),
    ("cloud-display-pct", CLOUD, f"{C}/display/ENG/C%2B%2B%20Guide", False, [T("ENG", "C++ Guide")]),
    (
        "cloud-viewpage-title",
        CLOUD,
        f"{C}/pages/viewpage.action?spaceKey=ENG&title=Retry+Policy",
        False,
        [T("ENG", "Retry Policy")],
    ),
    ("cloud-tiny", CLOUD, f"{C}/x/0-TJU", False, [P(1355412691)]),
    ("cloud-tiny-64bit", CLOUD, f"{C}/x/AAAAAAE", False, [P(4294967296)]),
    ("cloud-tiny-noncanonical", CLOUD, f"{C}/x/0-TJUA", False, []),
    ("cloud-space", CLOUD, f"{C}/spaces/ENG", False, [S("ENG")]),
    ("cloud-space-overview", CLOUD, f"{C}/spaces/ENG/overview", False, [S("ENG")]),
    ("cloud-space-homepage-id", CLOUD, f"{C}/spaces/ENG/overview?homepageId=65537", False, [P(65537)]),
    ("cloud-personal-page", CLOUD, f"{C}/spaces/~5570589a2b/pages/777/Notes", False, [P(777)]),
    ("cloud-personal-space", CLOUD, f"{C}/spaces/~712020:abc-def/overview", False, [S("~712020:abc-def")]),
    # decorations never change identity
    ("fragment", CLOUD, f"{C}/spaces/ENG/pages/123#Heading-Sub", False, [P(123)]),
    ("focused-comment", CLOUD, f"{C}/spaces/ENG/pages/123/T?focusedCommentId=9#comment-9", False, [P(123)]),
    ("atl-origin", CLOUD, f"{C}/spaces/ENG/pages/123/T?atlOrigin=eyJpIjoiYSJ9", False, [P(123)]),
    ("src-param", CLOUD, f"{C}/spaces/ENG/pages/123?src=mail", False, [P(123)]),
    ("http-to-https-site", CLOUD, "http://acme.atlassian.net/wiki/spaces/ENG/pages/123", False, [P(123)]),
    ("host-case", CLOUD, "https://ACME.Atlassian.NET/wiki/spaces/ENG/pages/123", False, [P(123)]),
    ("explicit-443", CLOUD, "https://acme.atlassian.net:443/wiki/spaces/ENG/pages/123", False, [P(123)]),
    # Data Center, no context path
    ("dc-display", DC, f"{D}/display/OPS/Runbook", False, [T("OPS", "Runbook")]),
    ("dc-display-blog", DC, f"{D}/display/OPS/2024/03/01/Release+Day", False, [T("OPS", "Release Day", "2024-03-01")]),
    ("dc-space-home", DC, f"{D}/display/OPS", False, [S("OPS")]),
    ("dc-space-home-slash", DC, f"{D}/display/OPS/", False, [S("OPS")]),
    ("dc-viewspace", DC, f"{D}/spaces/viewspace.action?key=OPS", False, [S("OPS")]),
    ("dc-viewpage-id", DC, f"{D}/pages/viewpage.action?pageId=201819180", False, [P(201819180)]),
    ("dc-tiny", DC, f"{D}/x/LIQHD", False, [P(201819180)]),
    ("dc-personal-display", DC, f"{D}/display/~jdoe/My+Notes", False, [T("~jdoe", "My Notes")]),
    (
        "dc-personal-viewpage",
        DC,
        f"{D}/pages/viewpage.action?spaceKey=~jdoe&title=My+Notes",
        False,
        [T("~jdoe", "My Notes")],
    ),
    ("dc-personal-home", DC, f"{D}/display/~jdoe", False, [S("~jdoe")]),
    ("dc-editpage", DC, f"{D}/pages/editpage.action?pageId=5", False, [P(5)]),
    # Data Center under /confluence
    ("ctx-display", DCX, f"{X}/display/OPS/Runbook", False, [T("OPS", "Runbook")]),
    ("ctx-tiny", DCX, f"{X}/x/LIQHD", False, [P(201819180)]),
    ("ctx-viewpage", DCX, f"{X}/pages/viewpage.action?pageId=7", False, [P(7)]),
    ("ctx-blog-id", DCX, f"{X}/spaces/OPS/blog/2024/01/02/99", False, [B(99)]),
    ("ctx-viewspace", DCX, f"{X}/spaces/viewspace.action?key=OPS", False, [S("OPS")]),
    ("ctx-outside", DCX, "https://intranet.acme.com/display/OPS/Runbook", False, []),
    ("ctx-segment-boundary", DCX, "https://intranet.acme.com/confluencex/display/OPS/Runbook", False, []),
    # not pages
    ("attachment", CLOUD, f"{C}/download/attachments/123/file.pdf?version=1&api=v2", False, []),
    ("thumbnail", CLOUD, f"{C}/download/thumbnails/123/x.png", False, []),
    ("whiteboard", CLOUD, f"{C}/spaces/ENG/whiteboard/555", False, []),
    ("folder", CLOUD, f"{C}/spaces/ENG/folder/556", False, []),
    ("database", CLOUD, f"{C}/spaces/ENG/database/557", False, []),
    ("folder-root", CLOUD, f"{C}/folder/556", False, []),
    ("search", CLOUD, f"{C}/search?text=retry", False, []),
    ("jira-browse", CLOUD, "https://acme.atlassian.net/browse/PAY-1", False, []),
    ("jira-app", CLOUD, "https://acme.atlassian.net/jira/software/projects/PAY/boards/1", False, []),
    ("dc-jira-path", DC, f"{D}/browse/PAY-1", False, []),
    ("page-id-zero", CLOUD, f"{C}/pages/viewpage.action?pageId=0", False, []),
    ("page-id-2-63", CLOUD, f"{C}/pages/viewpage.action?pageId=9223372036854775808", False, []),
    ("page-id-max", CLOUD, f"{C}/pages/viewpage.action?pageId=9223372036854775807", False, [P(2**63 - 1)]),
    ("page-id-letters", CLOUD, f"{C}/spaces/ENG/pages/12a", False, []),
    ("page-id-unicode-digits", CLOUD, f"{C}/spaces/ENG/pages/١٢٣", False, []),
    # hostile hosts
    ("lookalike-suffix", CLOUD, "https://acme.atlassian.net.evil.com/wiki/x/0-TJU", False, []),
    ("lookalike-prefix", CLOUD, "https://evilacme.atlassian.net/wiki/x/0-TJU", False, []),
    ("host-in-path", CLOUD, "https://evil.com/acme.atlassian.net/wiki/x/0-TJU", False, []),
    ("host-as-userinfo", CLOUD, "https://acme.atlassian.net@evil.com/wiki/x/0-TJU", False, []),
    ("userinfo", CLOUD, "https://good@acme.atlassian.net/wiki/x/0-TJU", False, []),
    ("backslash", CLOUD, "https://acme.atlassian.net\\@evil.com/wiki/x/0-TJU", False, []),
    ("other-tenant", CLOUD, "https://other.atlassian.net/wiki/x/0-TJU", False, []),
    ("wrong-port", CLOUD, "https://acme.atlassian.net:8443/wiki/x/0-TJU", False, []),
    ("dc-wrong-port", DC, "https://confluence.acme.com:8090/display/OPS/Runbook", False, []),
    ("bad-port", DC, "https://confluence.acme.com:99999/display/OPS/Runbook", False, []),
    ("no-wiki-on-cloud", CLOUD, "https://acme.atlassian.net/spaces/ENG/pages/123", False, []),
    # prose around the URL (HTML fields)
    ("trailing-period", CLOUD, f"<p>See {C}/x/0-TJU.</p>", False, [P(1355412691)]),
    ("trailing-comma", CLOUD, f"<div>{C}/spaces/ENG/pages/123, and more</div>", False, [P(123)]),
    ("parenthesised", CLOUD, f"<p>(see {C}/spaces/ENG/pages/123)</p>", False, [P(123)]),
    ("balanced-parens", DC, f"<p>{D}/display/OPS/Retry+(v2)</p>", False, [T("OPS", "Retry (v2)")]),
    ("balanced-in-parens", DC, f"<p>(see {D}/display/OPS/Retry+(v2)).</p>", False, [T("OPS", "Retry (v2)")]),
    (
        "amp-in-href",
        DC,
        f'<a href="{D}/pages/viewpage.action?spaceKey=OPS&amp;title=Runbook">rb</a>',
        False,
        [T("OPS", "Runbook")],
    ),
    ("backticks", CLOUD, f"<p>Open `{C}/spaces/ENG/pages/123` now</p>", False, [P(123)]),
    ("backtick-glued", CLOUD, f"<p>`{C}/spaces/ENG/pages/123`.</p>", False, [P(123)]),
    ("glued-after-paren", DC, f"<p>문서({D}/pages/viewpage.action?pageId=123)을 참고</p>", False, [P(123)]),
    ("glued-after-bracket", CLOUD, f"<p>[{C}/spaces/ENG/pages/5]는</p>", False, [P(5)]),
    ("nbsp-after-url", DC, f"<p>{D}/x/LIQHD&nbsp;next</p>", False, [P(201819180)]),
    ("zero-width-after-url", CLOUD, f"<p>{C}/spaces/ENG/pages/123\u200bfoo</p>", False, [P(123)]),
    ("quoted", CLOUD, f'<p>"{C}/spaces/ENG/pages/123"</p>', False, [P(123)]),
    ("exclaim", CLOUD, f"<p>read {C}/spaces/ENG/pages/123!</p>", False, [P(123)]),
    (
        "double-escaped",
        DC,
        f"&lt;div&gt;&lt;a href=&quot;{D}/x/LIQHD&quot;&gt;link&lt;/a&gt;&lt;/div&gt;",
        False,
        [P(201819180)],
    ),
    ("href-and-other-text", CLOUD, f'<a href="{C}/spaces/ENG/pages/1">{C}/spaces/ENG/pages/2</a>', False, [P(1), P(2)]),
    ("ignore-non-confluence", CLOUD, f'<a href="https://github.com/x">gh</a> {C}/spaces/ENG/pages/9', False, [P(9)]),
    # markdown fields
    ("md-link", DC, f"Runbook: [the runbook]({D}/display/OPS/Runbook).", True, [T("OPS", "Runbook")]),
    ("md-link-parens", DC, f"[retry]({D}/display/OPS/Retry+(v2))", True, [T("OPS", "Retry (v2)")]),
    ("md-autolink", CLOUD, f"Spec: <{C}/x/0-TJU>", True, [P(1355412691)]),
    ("md-bold-url", CLOUD, f"**{C}/spaces/ENG/pages/123**", True, [P(123)]),
    ("md-link-amp", DC, f"[rb]({D}/pages/viewpage.action?spaceKey=OPS&amp;title=Runbook)", True, [T("OPS", "Runbook")]),
    ("md-bare-amp", DC, f"see {D}/pages/viewpage.action?spaceKey=OPS&amp;title=Runbook", True, [T("OPS", "Runbook")]),
    ("md-backticks", CLOUD, f"Open `{C}/spaces/ENG/pages/123` now", True, [P(123)]),
    ("md-glued-after-paren", DC, f"문서({D}/pages/viewpage.action?pageId=123)을 참고", True, [P(123)]),
    ("md-url-as-link-text", CLOUD, f"[{C}/spaces/ENG/pages/1]({C}/spaces/ENG/pages/2)", True, [P(2), P(1)]),
    # the same page behind different URL forms
    (
        "dedupe-id-forms",
        DC,
        f"<p>{D}/spaces/OPS/pages/201819180/Runbook {D}/x/LIQHD {D}/pages/viewpage.action?pageId=201819180</p>",
        False,
        [P(201819180)],
    ),
    ("dedupe-title-case", DC, f"<p>{D}/display/OPS/Runbook {D}/display/ops/RUNBOOK</p>", False, [T("OPS", "Runbook")]),
    (
        "order-kept",
        CLOUD,
        f"<p>{C}/x/AAAAAAE then {C}/spaces/ENG/pages/7 then {C}/x/AAAAAAE</p>",
        False,
        [P(4294967296), P(7)],
    ),
    # forms first met through the sandbox
    ("cloud-space-segment-ignored", CLOUD, f"{C}/spaces/PAY/pages/123456", False, [P(123456)]),
    ("cloud-blog-edit-v2", CLOUD, f"{C}/spaces/ENG/blog/edit-v2/98765", False, [B(98765)]),
    ("cloud-display-case-kept", CLOUD, f"{C}/display/eng/retry+policy", False, [T("eng", "retry policy")]),
    (
        "cloud-display-encoded",
        CLOUD,
        f"{C}/display/ENG/C%2B%2B%20%26%20Q3%20%2F%202024",
        False,
        [T("ENG", "C++ & Q3 / 2024")],
    ),
    (
        "cloud-display-blog",
        CLOUD,
        f"{C}/display/ENG/2024/06/30/Launch+Notes",
        False,
        [T("ENG", "Launch Notes", "2024-06-30")],
    ),
    (
        "title-with-a-path-in-it",
        CLOUD,
        f"{C}/display/ENG/..%2F..%2Frest%2Fapi%2Fuser%2Fcurrent",
        False,
        [T("ENG", "../../rest/api/user/current")],  # a title, sent as a query parameter
    ),
    ("cloud-tiny-max", CLOUD, f"{C}/x/---------38", False, [P(2**63 - 1)]),
    ("api-url-in-item", CLOUD, f"{C}/rest/api/content/123456", False, []),
    ("path-traversal", CLOUD, f"{C}/spaces/ENG/pages/123456/../../../rest/api/user/current", False, []),
    ("encoded-id", CLOUD, f"{C}/pages/viewpage.action?pageId=123456%26expand%3Dx", False, []),
    ("autolink-in-html-is-a-tag", CLOUD, f"<{C}/x/0-TJU>", False, []),
    ("md-link-title", CLOUD, f'[t]({C}/spaces/ENG/pages/123456 "Retry")', True, [P(123456)]),
    (
        "not-http",
        CLOUD,
        "<p>ftp://acme.atlassian.net/wiki/x/0-TJU javascript://acme.atlassian.net/wiki/x/0-TJU</p>",
        False,
        [],
    ),
    ("dc-viewpage-title", DC, f"{D}/pages/viewpage.action?spaceKey=OPS&title=Runbook", False, [T("OPS", "Runbook")]),
    ("dc-blog-id", DC, f"{D}/spaces/OPS/blog/2024/03/01/7001", False, [B(7001)]),
    (
        "title-then-id",
        CLOUD,
        f"<p>{C}/display/ENG/Retry+Policy then {C}/spaces/ENG/pages/123456</p>",
        False,
        [T("ENG", "Retry Policy"), P(123456)],
    ),
    ("home-then-id", CLOUD, f"<p>{C}/spaces/ENG then {C}/spaces/ENG/pages/1001</p>", False, [S("ENG"), P(1001)]),
    # a site on loopback: only its own host and port
    ("loop-tiny", LOOP, f"{L}/x/0-TJU", False, [P(1355412691)]),
    ("loop-localhost-alias", LOOP, "http://localhost:8090/wiki/spaces/ENG/pages/123456", False, []),
    ("loop-lookalike-suffix", LOOP, "http://127.0.0.1.evil.example:8090/wiki/x/0-TJU", False, []),
    ("loop-lookalike-prefix", LOOP, "http://x127.0.0.1:8090/wiki/x/0-TJU", False, []),
    ("loop-host-in-path", LOOP, "http://evil.example/127.0.0.1:8090/wiki/x/0-TJU", False, []),
    ("loop-host-as-userinfo", LOOP, "http://127.0.0.1:8090@evil.example/wiki/x/0-TJU", False, []),
    ("loop-userinfo", LOOP, "http://user:pw@127.0.0.1:8090/wiki/x/0-TJU", False, []),
    ("loop-other-port", LOOP, "http://127.0.0.1:8091/wiki/x/0-TJU", False, []),
    ("loop-ipv4-mapped-ipv6", LOOP, "http://[::ffff:127.0.0.1]:8090/wiki/x/0-TJU", False, []),
    ("loop-decimal-ip", LOOP, "http://2130706433:8090/wiki/x/0-TJU", False, []),
    ("loop-short-ip", LOOP, "http://127.1:8090/wiki/x/0-TJU", False, []),
    ("loop-outside-context-path", LOOP, "http://127.0.0.1:8090/spaces/ENG/pages/123456", False, []),
]


@pytest.mark.parametrize(("site", "text", "markdown", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_links_to_page_refs(site: Site, text: str, markdown: bool, expected: list[PageRef]) -> None:
    citer = Citer(1, tuple(find_urls(text, markdown=markdown)))
    assert [ref for ref, _ in cited([citer], site)] == expected


@pytest.mark.parametrize(
    ("text", "markdown", "urls"),
    [
        ("<p>See https://a.example/x.</p>", False, ["https://a.example/x"]),
        (
            '<a href="https://a.example/?a=1&amp;b=2">https://a.example/?a=1&amp;b=2</a>',
            False,
            ["https://a.example/?a=1&b=2"],
        ),
        (
            "<p>https://a.example/1 https://a.example/2 https://a.example/1</p>",
            False,
            ["https://a.example/1", "https://a.example/2"],
        ),
        ("<p>(https://a.example/Retry+(v2))</p>", False, ["https://a.example/Retry+(v2)"]),
        ("<p>[https://a.example/x]</p>", False, ["https://a.example/x"]),
        ("<p>'https://a.example/x';</p>", False, ["https://a.example/x"]),
        ("<p>https://</p>", False, []),
        ("<p>ftp://a.example/x mailto:a@b.c</p>", False, []),
        ("&lt;p&gt;https://a.example/x&lt;/p&gt;", False, ["https://a.example/x"]),
        (
            "<https://a.example/auto> and [t](https://a.example/link)",
            True,
            ["https://a.example/auto", "https://a.example/link"],
        ),
        (
            '[t](https://a.example/link "Title") https://a.example/bare.',
            True,
            ["https://a.example/link", "https://a.example/bare"],
        ),
        ("<https://a.example/auto>", False, []),  # the HTML parser reads an autolink as a tag
        ("<p>`https://a.example/x`</p>", False, ["https://a.example/x"]),
        ("<p>(https://a.example/?id=1)을</p>", False, ["https://a.example/?id=1"]),
        ("<p>https://a.example/a)b</p>", False, ["https://a.example/a"]),
        ("[t](https://a.example/?a=1&amp;b=2&#38;c=3)", True, ["https://a.example/?a=1&b=2&c=3"]),
        (
            "https://a.example/?a=1&amp;b=2 and `https://a.example/code`",
            True,
            ["https://a.example/?a=1&b=2", "https://a.example/code"],
        ),
    ],
)
def test_find_urls(text: str, markdown: bool, urls: list[str]) -> None:
    assert find_urls(text, markdown=markdown) == urls


@pytest.mark.parametrize(("code", "page_id"), [("0-TJU", 1355412691), ("LIQHD", 201819180), ("AAAAAAE", 4294967296)])
def test_tiny_link_worked_examples(code: str, page_id: int) -> None:
    assert tiny_to_page_id(code) == page_id
    assert page_id_to_tiny(page_id) == code


def test_tiny_link_is_not_rfc_urlsafe() -> None:
    rfc = int.from_bytes(base64.urlsafe_b64decode("0-TJUAAAAAA="), "little")
    assert rfc == 1355408595 != tiny_to_page_id("0-TJU")


@pytest.mark.parametrize("page_id", [1, 255, 256, 65535, 2**32 - 1, 2**32, 2**53 + 1, 2**63 - 1])
def test_tiny_link_round_trip(page_id: int) -> None:
    assert tiny_to_page_id(page_id_to_tiny(page_id)) == page_id


@pytest.mark.parametrize("code", ["", "A", "0-TJUA", "a" * 12, "abc=", "ab/c", "ab+c", "/////////w8", "__________8"])
def test_tiny_link_rejects(code: str) -> None:
    assert tiny_to_page_id(code) is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://acme.atlassian.net/wiki", Site("https", "acme.atlassian.net", 443, "/wiki", True)),
        ("https://ACME.atlassian.net/", Site("https", "acme.atlassian.net", 443, "/wiki", True)),
        ("https://confluence.acme.com", Site("https", "confluence.acme.com", 443, "", False)),
        ("http://intranet.acme.com:8090/confluence/", Site("http", "intranet.acme.com", 8090, "/confluence", False)),
        ("https://wiki.bücher.example/", Site("https", "wiki.xn--bcher-kva.example", 443, "", False)),
    ],
)
def test_site_from_url(url: str, expected: Site) -> None:
    assert Site.from_url(url) == expected


@pytest.mark.parametrize(
    ("url", "cloud", "base", "is_cloud"),
    [
        ("https://acme.atlassian.net", None, "https://acme.atlassian.net/wiki", True),
        ("https://acme.jira.com/", None, "https://acme.jira.com/wiki", True),
        ("https://acme.jira-dev.com", None, "https://acme.jira-dev.com/wiki", True),
        ("https://acme.atlassian-us-gov-mod.net", None, "https://acme.atlassian-us-gov-mod.net/wiki", True),
        ("https://acme.atlassian-us-gov.net", None, "https://acme.atlassian-us-gov.net/wiki", True),
        ("https://atlassian.net.evil.example", None, "https://atlassian.net.evil.example", False),
        ("https://wiki.acme.com", True, "https://wiki.acme.com", True),  # a custom domain: its path as given
        ("https://acme.atlassian.net", False, "https://acme.atlassian.net/wiki", False),
    ],
)
def test_site_deployment_and_cloud_root(url: str, cloud: bool | None, base: str, is_cloud: bool) -> None:
    site = Site.from_url(url, cloud=cloud)
    assert (site.base_url, site.is_cloud) == (base, is_cloud)


@pytest.mark.parametrize(
    ("site", "url", "elsewhere"),
    [
        (DC, f"{D}/confluence/display/OPS/Runbook", f"{D}/confluence"),
        (DC, f"{D}/wiki/x/0-TJU", f"{D}/wiki"),
        (DCX, "https://intranet.acme.com/display/OPS/Runbook", "https://intranet.acme.com"),
        (DCX, "https://intranet.acme.com/pages/viewpage.action?pageId=5", "https://intranet.acme.com"),
        (Site.from_url(f"{C}/spaces/ENG"), f"{C}/spaces/ENG/pages/123/T", C),
        (Site.from_url("https://acme.atlassian.net/confluence"), f"{C}/x/0-TJU", C),
        (CLOUD, "https://acme.atlassian.net/display/ENG/T", None),  # the root of a Cloud site is its /wiki
        (DC, f"{D}/display/OPS/Runbook", None),  # covered: not elsewhere
        (DC, f"{D}/browse/PAY-1", None),  # Jira on the same host
        (DC, f"{D}/confluence/download/attachments/1/a.pdf", None),  # not a page under any path
        (DC, "https://other.acme.com/confluence/display/OPS/Runbook", None),  # another host
        (DC, f"{D}:8443/confluence/display/OPS/Runbook", None),  # another port
        (DC, f"{D}/a/b/c/d/display/OPS/Runbook", None),  # deeper than a context path goes
        (DC, "http://[::1/x", None),
    ],
)
def test_elsewhere_on_site_names_the_url_that_would_cover_a_link(site: Site, url: str, elsewhere: str | None) -> None:
    assert elsewhere_on_site(url, site) == elsewhere


def test_on_site_is_below_the_context_path_page_or_not() -> None:
    assert on_site(f"{X}/download/attachments/1/a.pdf", DCX)
    assert on_site(f"{X}/display/OPS/Runbook", DCX)
    assert not on_site("https://intranet.acme.com/display/OPS/Runbook", DCX)
    assert not on_site("https://intranet.acme.com:99999/confluence/x", DCX)


def test_uncited_links_account_for_every_link_not_read() -> None:
    from doc_context.models import WorkItem
    from doc_context.sources.confluence.pages import uncited_links

    links = [
        f"{D}/display/OPS/Runbook",  # read: not listed
        f"{D}/confluence/display/OPS/Other",  # under another path
        f"{D}/download/attachments/1/a.pdf",  # on the site, not a page
        "https://other.example/wiki/spaces/X/pages/1",  # another Confluence
        "https://example.com/docs",  # not Confluence at all: not listed
    ]
    html = "".join(f'<p><a href="{u}">{u}</a></p>' for u in links)
    item = WorkItem(1, 1, "User Story", "t", "Active", {"System.Description": html})

    found = uncited_links([item], DC)

    assert found.elsewhere == {f"{D}/confluence": [links[1]]}
    assert (found.not_pages, found.other_sites) == ([links[2]], [links[3]])
    assert [line.rsplit(": ", 1)[1] for line in found.log_lines()] == links[1:4]
    assert found.log_lines(limit=1)[-1] == "... and 2 more links not read"


@pytest.mark.parametrize(
    "url", ["", "confluence.acme.com", "ftp://confluence.acme.com", "https://u@confluence.acme.com"]
)
def test_site_from_url_rejects(url: str) -> None:
    with pytest.raises(ValueError):
        Site.from_url(url)


def test_idn_host_matches_its_punycode() -> None:
    site = Site.from_url("https://wiki.bücher.example")
    assert resolve("https://wiki.xn--bcher-kva.example/display/A/B", site) == T("A", "B")
    assert resolve("https://WIKI.BÜCHER.example/display/A/B", site) == T("A", "B")


def test_non_default_port_site() -> None:
    site = Site.from_url("http://localhost:8090")
    assert resolve("http://localhost:8090/x/LIQHD", site) == P(201819180)
    assert resolve("http://localhost/x/LIQHD", site) is None


def test_cited_pages_round_robin_keeps_each_items_first_links():
    site = Site.from_url("https://acme.atlassian.net/wiki")
    page = "https://acme.atlassian.net/wiki/spaces/K/pages/{}".format
    greedy = WorkItem(1, 1, "Task", "greedy", "New", {"System.Description": " ".join(page(n) for n in range(100, 400))})
    modest = WorkItem(2, 1, "Task", "modest", "New", {"System.Description": f"{page(7)} {page(100)}"})
    order = [(ref.page_id, ids) for ref, ids in cited(citers(None, [greedy, modest]), site)]
    assert order[:4] == [(100, (1, 2)), (7, (2,)), (101, (1,)), (102, (1,))]
    assert len(order) == 301


def item_with_link(where: str, url: str) -> WorkItem:
    """A work item holding the url: in a field (HTML or markdown), or as a relation."""
    if where in ("Hyperlink", "System.LinkTypes.Related"):
        return WorkItem(
            1, 1, "Task", "t", "Active", {"System.Description": "<div>no links</div>"}, (Relation(where, url),)
        )
    type_, field = where.split(":")
    markdown = frozenset({field}) if type_ == "md" else frozenset()
    return WorkItem(
        1, 1, "User Story" if type_ == "md" else type_, "t", "Active", {field: url}, markdown_fields=markdown
    )


@pytest.mark.parametrize(
    ("where", "is_cited"),
    [
        ("User Story:System.Description", True),
        ("md:System.Description", True),
        ("User Story:Microsoft.VSTS.Common.AcceptanceCriteria", True),
        ("Bug:Microsoft.VSTS.TCM.ReproSteps", True),
        ("Bug:System.Description", False),  # a Bug's description is not read (worktypes.py)
        ("Task:Custom.Notes", False),  # a field no type shows
        ("Hyperlink", True),
        ("System.LinkTypes.Related", False),
    ],
)
def test_where_a_link_is_found(where: str, is_cited: bool) -> None:
    url = f"{C}/spaces/ENG/pages/123456"
    expected = [(P(123456), (1,))] if is_cited else []
    assert cited(citers(None, [item_with_link(where, url)]), CLOUD) == expected


@pytest.mark.parametrize(
    ("url", "looks"),
    [
        ("https://other.atlassian.net/wiki/spaces/PAY/pages/123/Policy", True),
        ("https://dc.example.com/display/OPS/Runbook", True),
        ("https://dc.example.com/confluence/pages/viewpage.action?pageId=42", True),
        ("https://dc.example.com/kb/wiki/x/Kg", True),  # a tiny link, three segments down
        ("https://other.atlassian.net/wiki/spaces/PAY/overview", True),  # a space's home page
        ("https://other.atlassian.net/wiki/", False),  # the site, no page
        ("https://dc.example.com/pages/viewpage.action", False),  # no page named
        ("https://example.com/docs/intro", False),
        ("ftp://dc.example.com/display/OPS/Runbook", False),
        ("https://[::1/display/OPS/Runbook", False),  # a malformed authority
    ],
)
def test_a_page_link_on_any_host_is_read_by_the_same_routes(url: str, looks: bool) -> None:
    """When no site is configured (or the link is on another), the one parser says whether it is a page link."""
    assert looks_like_page(url) is looks


@pytest.mark.parametrize(
    ("url", "short"),
    [
        (f"{C}/spaces/PAY/pages/123/Checkout+rounding+policy", f"{C}/spaces/PAY/pages/123"),
        (f"{C}/spaces/PAY/pages/123", f"{C}/spaces/PAY/pages/123"),
        (
            f"{D}/display/PAY/Checkout+rounding+policy",
            f"{D}/display/PAY/Checkout+rounding+policy",
        ),  # the title is the page
    ],
)
def test_a_pages_address_drops_its_title_slug_only_where_the_id_names_it(url: str, short: str) -> None:
    assert page_url(url) == short
    assert resolve(url, CLOUD if url.startswith(C) else DC) == resolve(short, CLOUD if url.startswith(C) else DC)
