"""Property tests: the parsers never crash, converted pages never leak markup or macro noise, and no link
text makes the Confluence client request anything but API paths below the configured base."""

from __future__ import annotations

import atexit
import contextlib
import re
from xml.sax.saxutils import escape

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from doc_context.errors import ConfluenceError
from doc_context.models import PageRef, WorkItem
from doc_context.sandbox import FakeConfluence
from doc_context.sources.confluence.client import Confluence, ConfluenceConfig, basic
from doc_context.sources.confluence.links import Site, page_id_to_tiny, resolve, tiny_to_page_id
from doc_context.summary.cited_pages import Citer, cited, citers
from doc_context.text.neutralize import neutralize
from doc_context.text.storage import storage_to_markdown
from doc_context.text.urls import find_urls

from .rendering import raw_html, visible_text

SITES = [
    Site.from_url("https://acme.atlassian.net/wiki"),
    Site.from_url("https://confluence.acme.com"),
    Site.from_url("https://intranet.acme.com/confluence"),
]
ANY_TEXT = st.text(alphabet=st.characters(exclude_categories=()), max_size=300)  # lone surrogates included
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- links -----------------------------------------------------------------------------------------

URL_PIECES = st.sampled_from(
    [
        "https://",
        "http://",
        "HTTPS://",
        "ftp://",
        "acme.atlassian.net",
        "ACME.atlassian.net",
        "evil.com",
        "@",
        "\\",
        ":443",
        ":8443",
        ":99999",
        ":x",
        "[::1",
        "]",
        "/wiki",
        "/confluence",
        "/spaces/",
        "ENG",
        "~jdoe",
        "/pages/",
        "/x/",
        "/display/",
        "/blog/2024/06/30/",
        "viewpage.action",
        "?pageId=",
        "&title=",
        "&spaceKey=",
        "#frag",
        "123",
        "9223372036854775808",
        "0-TJU",
        "LIQHD",
        "%2B",
        "%",
        "+",
        "(v2)",
        ")",
        ".",
        ",",
        " ",
        "\u00a0",
        "\u200b",
        "<",
        ">",
        '"',
        "'",
        "&amp;",
        "&lt;",
        "&nbsp;",
        '<a href="',
        '">',
        "</a>",
        "[t](",
        "<https://",
        "bücher",
        "\x00",
        "<![",
        "<![note[",
        "]]>",
        "<!",
        "<!--",
    ]
)
URLISH = st.lists(URL_PIECES, max_size=25).map("".join)


@SETTINGS
@given(st.one_of(ANY_TEXT, URLISH), st.booleans())
def test_find_urls_never_crashes(text: str, markdown: bool) -> None:
    for url in find_urls(text, markdown=markdown):
        assert url.lower().startswith(("http://", "https://"))
        for site in SITES:
            ref = resolve(url, site)
            assert ref is None or isinstance(ref, PageRef)


@SETTINGS
@given(st.one_of(ANY_TEXT, URLISH), st.sampled_from(SITES))
def test_resolve_never_crashes(url: str, site: Site) -> None:
    ref = resolve(url, site)
    if ref is not None and ref.page_id is not None:
        assert 0 < ref.page_id < 2**63


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(st.from_regex(r"[a-z0-9.-]{1,30}", fullmatch=True), URLISH)
def test_only_the_configured_host_resolves(host: str, tail: str) -> None:
    site = SITES[0]
    ref = resolve(f"https://{host}/wiki/x/0-TJU{tail}", site)
    assert ref is None or host.rstrip(".") == "acme.atlassian.net"


@SETTINGS
@given(st.integers(min_value=1, max_value=2**63 - 1))
def test_tiny_links_round_trip(page_id: int) -> None:
    code = page_id_to_tiny(page_id)
    assert tiny_to_page_id(code) == page_id
    citer = Citer(1, (f"https://acme.atlassian.net/wiki/x/{code}",))
    assert cited([citer], SITES[0]) == [(PageRef(page_id=page_id), (1,))]


@SETTINGS
@given(st.text(max_size=14))
def test_tiny_decode_never_crashes(code: str) -> None:
    pid = tiny_to_page_id(code)
    assert pid is None or page_id_to_tiny(pid) == code


SANDBOX_ORIGINS = st.sampled_from(
    [
        "{SITE}",
        "{SITE}",
        "{SITE}",
        "{OTHER}",
        "http://{HOST}",
        "http://x@{HOST}/wiki",
        "http://{HOST}\\@evil.example/wiki",
        "http://localhost:{PORT}/wiki",
    ]
)
SANDBOX_FORMS = st.sampled_from(
    [
        "/spaces/ENG/pages/{ID}",
        "/spaces/ENG/pages/{ID}/Slug",
        "/spaces/ENG/pages/edit-v2/{ID}",
        "/x/QOIB",
        "/x/{ID}",
        "/spaces/ENG/blog/2024/06/30/{ID}/Post",
        "/pages/viewpage.action?pageId={ID}",
        "/display/ENG/Page+0",
        "/display/ENG/{ID}",
        "/pages/viewpage.action?spaceKey=ENG&title={ID}",
        "/spaces/ENG",
        "/spaces/{ID}/overview",
        "/spaces/ENG/overview?homepageId={ID}",
        "/display/ENG/..%2F..%2Frest%2Fapi",
        "/spaces/ENG/pages/{ID}/../../rest",
        "/download/attachments/{ID}/f.pdf",
        "/rest/api/content/{ID}",
        "/display/ENG/2024/06/30/{ID}",
    ]
)
SANDBOX_IDS = st.one_of(
    st.sampled_from(
        ["123456", "0", "9223372036854775807", "9223372036854775808", "%2F..", "Page+0", "~me", "..", "a&b=c"]
    ),
    st.integers(1, 2**63).map(str),
)
SANDBOX_LINK = st.builds(
    lambda origin, form, pid, tail: origin + form.replace("{ID}", pid) + tail,
    SANDBOX_ORIGINS,
    SANDBOX_FORMS,
    SANDBOX_IDS,
    st.sampled_from(["", "#x", "?src=mail", ".", ")", "/", "%20"]),
)
API_PATH = re.compile(
    r"/wiki/(?:api/v2/(?:pages|blogposts|spaces)(?:/[0-9]{1,19})?|rest/api/user/current|rest/api/content/search"
    r"|rest/api/content/[0-9]{1,19}(?:/restriction/byOperation/read)?|api/v2/pages/[0-9]{1,19}/ancestors)"
)  # the last line: a page's view restrictions, by its id
_SANDBOX: list[FakeConfluence] = []


def sandbox_wiki() -> FakeConfluence:
    """One Cloud sandbox for the whole module (hypothesis runs each example in the same test function)."""
    if not _SANDBOX:
        wiki = FakeConfluence("cloud").start()
        wiki.add_user("ci@acme.example", "token", display_name="CI")
        wiki.add_space("ENG", "Engineering", id=98001, homepage_id=123456)
        wiki.add_page(123456, "Page 0", "ENG", "<p>zero</p>")
        atexit.register(wiki.close)
        _SANDBOX.append(wiki)
    return _SANDBOX[0]


@pytest.mark.e2e  # slow: hundreds of generated examples
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(SANDBOX_LINK, min_size=1, max_size=4).map(" ".join))
def test_any_link_text_requests_only_api_paths_on_the_site(template: str) -> None:
    """Whatever links a work item holds, the client only GETs API paths below the configured base."""
    wiki = sandbox_wiki()
    wiki.clear()
    text = (
        template.replace("{SITE}", wiki.api_base)
        .replace("{OTHER}", "http://127.0.0.1:9/wiki")
        .replace("{HOST}", f"127.0.0.1:{wiki.port}")
        .replace("{PORT}", str(wiki.port))
    )
    item = WorkItem(1, 1, "Task", "t", "Active", {"System.Description": text})
    confluence = Confluence(
        ConfluenceConfig(api_base=wiki.api_base, cloud=True, retries=0), basic("ci@acme.example", "token")
    )
    try:
        for ref, _ in cited(citers(None, [item]), Site.from_url(wiki.api_base)):
            with contextlib.suppress(ConfluenceError):
                confluence.fetch(ref)
    finally:
        confluence.close()
    for request in wiki.requests():
        assert request.method == "GET" and API_PATH.fullmatch(request.path), request.target


# -- storage ---------------------------------------------------------------------------------------

NOISE = "NOISE"  # planted in parameters, ids and attributes: must never reach the text
WORDS = st.text(alphabet="abcdefghijklm ", max_size=12)
CODE = st.text(alphabet="abcdefghijklm <>&;{}()=+*\n\t", max_size=40)


def macro(name: str, params: dict[str, str], body: str = "") -> str:
    ps = "".join(f'<ac:parameter ac:name="{k}">{v}</ac:parameter>' for k, v in params.items())
    head = f'<ac:structured-macro ac:name="{name}" ac:schema-version="1" ac:macro-id="{NOISE}-id">'
    return f"{head}{ps}{body}</ac:structured-macro>"


def rich(name: str, title: str, body: str) -> str:
    params = {"title": title, "colour": NOISE, "bgColor": NOISE}
    return macro(name, params, f"<ac:rich-text-body>{body}</ac:rich-text-body>")


def code(lang: str, text: str) -> str:
    params = {"language": lang, "theme": NOISE, "linenumbers": NOISE}
    return macro("code", params, f"<ac:plain-text-body><![CDATA[{text}]]></ac:plain-text-body>")


def task_list(done: bool, body: str) -> str:
    status = "complete" if done else "incomplete"
    return (
        f"<ac:task-list><ac:task><ac:task-id>{NOISE}</ac:task-id><ac:task-uuid>{NOISE}-uuid</ac:task-uuid>"
        f"<ac:task-status>{status}</ac:task-status><ac:task-body>{body}</ac:task-body></ac:task></ac:task-list>"
    )


def link(target: str, body: str = "") -> str:
    return f"<ac:link>{target}{body}</ac:link>"


def adf_panel(body: str) -> str:
    return (
        '<ac:adf-extension><ac:adf-node type="panel"><ac:adf-attribute key="panel-type">note</ac:adf-attribute>'
        f'<ac:adf-attribute key="local-id">{NOISE}</ac:adf-attribute><ac:adf-content>{body}</ac:adf-content>'
        f"</ac:adf-node><ac:adf-fallback>{NOISE}</ac:adf-fallback></ac:adf-extension>"
    )


def layout(body: str) -> str:
    cell = f"<ac:layout-cell>{body}</ac:layout-cell>"
    return f'<ac:layout><ac:layout-section ac:type="{NOISE}">{cell}</ac:layout-section></ac:layout>'


def table(body: str) -> str:
    return f'<table ac:local-id="{NOISE}"><tbody><tr><th>{body}</th><td colspan="2">{body}</td></tr></tbody></table>'


LEAVES = st.one_of(
    WORDS,
    st.sampled_from(["&nbsp;", "&ndash;", "&auml;", "&amp;", "&gt;", "&#160;", "&#x200b;", "<br/>", " "]),
    WORDS.map(lambda t: macro("status", {"title": t, "colour": NOISE})),
    WORDS.map(lambda t: macro("jira", {"server": NOISE, "serverId": NOISE, "key": "AB-1" + t.strip()})),
    WORDS.map(lambda t: macro("jira", {"columns": NOISE, "serverId": NOISE, "jqlQuery": "project = " + t})),
    st.builds(code, st.sampled_from(["", "java", "python"]), CODE),
    st.sampled_from(["toc", "children", "pagetree", "anchor", "attachments", "recently-updated"]).map(
        lambda name: macro(name, {"maxLevel": NOISE, "": NOISE})
    ),
    WORDS.map(lambda t: macro("include", {"": link(f'<ri:page ri:content-title="x{t}"/>')})),
    WORDS.map(lambda t: link(f'<ri:page ri:space-key="{NOISE}" ri:content-title="{t}"/>')),
    WORDS.map(
        lambda t: link(
            '<ri:page ri:content-title="p"/>', f"<ac:plain-text-link-body><![CDATA[{t}]]></ac:plain-text-link-body>"
        )
    ),
    st.just(link(f'<ri:user ri:account-id="{NOISE}"/>')),
    st.just(link(f'<ri:attachment ri:filename="f.pdf" ri:version-at-save="{NOISE}"/>')),
    WORDS.map(lambda t: f'<ac:image ac:alt="{t}" ac:width="{NOISE}"><ri:attachment ri:filename="i.png"/></ac:image>'),
    st.just('<time datetime="2024-06-30"/>'),
    st.just(f"<ac:placeholder>{NOISE}</ac:placeholder>"),
    st.just(f'<ac:emoticon ac:name="{NOISE}"/>'),
)
HTML_TAGS = st.sampled_from(["p", "div", "span", "strong", "em", "h2", "blockquote"])
RICH_MACROS = st.sampled_from(["info", "note", "warning", "tip", "panel", "expand", "details", "excerpt", "zz"])


def containers(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    body = st.lists(children, max_size=4).map("".join)
    return st.one_of(
        st.builds(lambda tag, b: f"<{tag}>{b}</{tag}>", HTML_TAGS, body),
        body.map(lambda b: f"<ul><li>{b}</li><li>x</li></ul>"),
        body.map(lambda b: f"<ol><li>{b}<ul><li>{b}</li></ul></li></ol>"),
        body.map(table),
        st.builds(rich, RICH_MACROS, WORDS, body),
        st.builds(task_list, st.booleans(), body),
        body.map(layout),
        body.map(adf_panel),
        body.map(lambda b: f'<ac:inline-comment-marker ac:ref="{NOISE}">{b}</ac:inline-comment-marker>'),
        body.map(lambda b: link('<ri:page ri:content-title="t"/>', f"<ac:link-body>{b}</ac:link-body>")),
    )


STORAGE = st.recursive(LEAVES, containers, max_leaves=25)
NEVER = [
    "<ac:",
    "</ac:",
    "<ri:",
    "ac:name",
    "ri:",
    "CDATA",
    "<![",
    "]]>",
    NOISE,
    "&nbsp;",
    "&ndash;",
    "</",
    "<p",
    "<br",
]
DAMAGE = ["<p>", "<br>", "& x", "</div>", "<p>a < b</p>", "<![CDATA[x]]>", "]]>", "<b>"]


def assert_clean(text: str) -> None:
    for bad in NEVER:
        assert bad not in text, bad


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(STORAGE)
def test_storage_like_input_converts_strictly_and_cleanly(xhtml: str) -> None:
    result = storage_to_markdown(xhtml)
    assert result.degraded is False
    assert_clean(result.text)


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(STORAGE, st.sampled_from(DAMAGE), st.integers(0, 10_000))
def test_broken_storage_degrades_cleanly(xhtml: str, damage: str, at: int) -> None:
    cdata = [m.span() for m in re.finditer(r"<!\[CDATA\[.*?\]\]>", xhtml, re.S)]
    cut = at % (len(xhtml) + 1)
    while cut and (xhtml[cut - 1] != ">" or any(a < cut < b for a, b in cdata)):  # between tags, outside CDATA
        cut -= 1
    result = storage_to_markdown(xhtml[:cut] + damage + xhtml[cut:])
    assert_clean(result.text.replace("a < b", ""))


@SETTINGS
@given(ANY_TEXT)
@example("<![A:")  # a marked section under no keyword html.parser knows: it raised AssertionError
@example("<![if !supportLists]>x<![endif]>")  # Word's conditional sections: html.parser's own keywords
def test_storage_to_markdown_never_crashes(text: str) -> None:
    assert isinstance(storage_to_markdown(text).text, str)


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(
    st.lists(
        st.sampled_from(
            [
                "<p>",
                "</p>",
                "<ac:task>",
                "<![CDATA[",
                "]]>",
                "<!",
                "<![ ",
                "&",
                "&#",
                ";",
                "<",
                ">",
                "x",
                '<ac:structured-macro ac:name="code">',
                "</ac:structured-macro>",
                "<br/>",
                "<ri:page ri:content-title='t'/>",
                "<!DOCTYPE a [",
                "<!ENTITY b 'c'>",
                "]>",
                "\x00",
                "&nbsp;",
                "&bogus;",
                "<table>",
                "<td colspan='0'>",
                "<td rowspan='999'>",
            ]
        ),
        max_size=40,
    ).map("".join)
)
def test_storage_markup_soup_never_crashes(text: str) -> None:
    result = storage_to_markdown(text)
    assert "\x00" not in result.text


# What a page says, entities and tag-like text included, is what the comment shows.
LITERAL_PIECES = st.sampled_from(["&", ";", "#", "<", ">", "/", "!", "?", "a", " ", "amp", "lt", "copy", "x3C", "60"])
LITERAL = st.lists(LITERAL_PIECES, max_size=30).map(lambda pieces: "x " + "".join(pieces))


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(LITERAL)
def test_page_text_renders_as_written(text: str) -> None:
    markdown = storage_to_markdown(f"<p>{escape(text)}</p>").text
    assert not raw_html(markdown)
    assert visible_text(neutralize(markdown)) == " ".join(text.split())


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(STORAGE, st.sampled_from(["span", "font", "u", "html", "ac:inline-comment-marker"]))
def test_a_styling_wrapper_changes_no_layout(xhtml: str, tag: str) -> None:
    """Blocks inside <span>, <font> or a stray <html> keep their layout: tables their rows, code its lines."""
    wrapped = f"<{tag}>{xhtml}</{tag}>" if tag != "html" else f"<html><body>{xhtml}</body></html>"
    assert storage_to_markdown(wrapped).text == storage_to_markdown(xhtml).text


URL_TAILS = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="()[]"), max_size=20)


@pytest.mark.e2e  # slow: hundreds of generated examples
@SETTINGS
@given(st.from_regex(r"https://a\.example/[a-z0-9/+?=&.-]{0,20}", fullmatch=True), URL_TAILS, st.booleans())
def test_a_url_in_brackets_ends_at_its_bracket(url: str, glued: str, markdown: bool) -> None:
    """`(URL)text`, `[URL]text`, `` `URL` ``: the URL is found whole and without what is glued after it."""
    url = url.rstrip(".?&=")
    for text in (f"({url}){glued}", f"[{url}]{glued}", f"`{url}`{glued}"):
        found = find_urls(escape(text) if not markdown else text.replace("&", "&amp;"), markdown=markdown)
        assert found[:1] == [url]
