"""The wiki's link family: every form Microsoft documents or writes, on the run's own organization only."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doc_context.sources.wiki.links import WikiLinks, WikiRef
from doc_context.text.orgurl import Collection

SERVICES = WikiLinks(Collection.from_url("https://dev.azure.com/fabrikam"))
LEGACY = WikiLinks(Collection.from_url("https://fabrikam.visualstudio.com/"))
SERVER = WikiLinks(Collection.from_url("https://tfs.contoso.com/tfs/DefaultCollection"))
LOOPBACK = WikiLinks(Collection.from_url("http://127.0.0.1:8080/fabrikam"))
PROJECT_ID, WIKI_ID = "e5e9e01e-801a-47eb-80bb-0ad24f448abe", "ffa4628c-8f6d-45c0-b61b-52c16d06c925"
W = "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki"


def by_id(page_id: int, project: str = "Fabrikam Fiber", wiki: str = "Fabrikam-Fiber.wiki") -> WikiRef:
    return WikiRef(project, wiki, page_id=page_id)


def by_path(path: str, version: str | None = None, project: str = "Fabrikam Fiber", wiki: str = "Fabrikam-Fiber.wiki"):
    return WikiRef(project, wiki, path=path, version=version)


@pytest.mark.parametrize(
    ("links", "url", "ref"),
    [
        (SERVICES, f"{W}/412/Split-tender", by_id(412)),
        (SERVICES, f"{W}/412", by_id(412)),
        (SERVICES, f"{W}/412/Split-tender?anchor=order-of-charges", by_id(412)),
        (SERVICES, f"{W}?pagePath=/Payments/Split%20tender", by_path("/Payments/Split tender")),
        (SERVICES, f"{W}?pagePath=%2FPayments%2FSplit%20tender", by_path("/Payments/Split tender")),
        (SERVICES, f"{W}?pagePath=/Payments/Split%20tender&pageId=412", by_id(412)),
        (SERVICES, f"{W}?wikiVersion=GBwikiMaster&pagePath=/Payments&pageId=412", by_id(412)),
        (SERVICES, f"{W}?wikiVersion=GBwikiMaster&pagePath=/Payments", by_path("/Payments", "GBwikiMaster")),
        # the published remoteUrl: project and wiki by their ids
        (
            SERVICES,
            f"https://dev.azure.com/fabrikam/{PROJECT_ID}/_wiki/wikis/{WIKI_ID}?pagePath=%2FSamplePage973",
            by_path("/SamplePage973", project=PROJECT_ID, wiki=WIKI_ID),
        ),
        # a code wiki, on its branch
        (
            SERVICES,
            "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_wiki/wikis/storefront-docs?wikiVersion=GBmain&pagePath=/README",
            by_path("/README", "GBmain", wiki="storefront-docs"),
        ),
        (SERVICES, "https://dev.azure.com/FABRIKAM/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/9/X", by_id(9)),
        # {org}.visualstudio.com is the same organization, with or without DefaultCollection
        (SERVICES, "https://fabrikam.visualstudio.com/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/5/X", by_id(5)),
        (
            SERVICES,
            "https://fabrikam.visualstudio.com/DefaultCollection/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/5",
            by_id(5),
        ),
        (LEGACY, f"{W}/412/Split-tender", by_id(412)),
        (LEGACY, "https://fabrikam.visualstudio.com/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/5/X", by_id(5)),
        # Azure DevOps Server: a collection path
        (
            SERVER,
            "https://tfs.contoso.com/tfs/DefaultCollection/Fabrikam%20Fiber/_wiki/wikis/F.wiki/3/X",
            by_id(3, wiki="F.wiki"),
        ),
        (
            SERVER,
            "https://TFS.contoso.com/tfs/defaultcollection/Fabrikam%20Fiber/_wiki/wikis/F.wiki/3",
            by_id(3, wiki="F.wiki"),
        ),
        (LOOPBACK, "http://127.0.0.1:8080/fabrikam/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/7/X", by_id(7)),
        # the work item's "Wiki page" artifact link: any organization's is its own
        (
            SERVICES,
            f"vstfs:///Wiki/WikiPage/{PROJECT_ID}%2F{WIKI_ID}%2FPayments%2FSplit%20tender",
            by_path("/Payments/Split tender", project=PROJECT_ID, wiki=WIKI_ID),
        ),
        (
            SERVER,
            f"VSTFS:///wiki/wikipage/{PROJECT_ID}%2F{WIKI_ID}%2FHome",
            by_path("/Home", project=PROJECT_ID, wiki=WIKI_ID),
        ),
    ],
)
def test_every_form_resolves(links: WikiLinks, url: str, ref: WikiRef) -> None:
    assert links.resolve(url) == ref


@pytest.mark.parametrize(
    ("links", "url"),
    [
        (SERVICES, "https://dev.azure.com/contoso/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/X"),
        (SERVICES, "https://contoso.visualstudio.com/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/X"),
        (SERVICES, "http://dev.azure.com/fabrikam/Fabrikam%20Fiber/_wiki/wikis/Fabrikam-Fiber.wiki/412/X"),
        (SERVICES, "https://dev.azure.com@evil.example/fabrikam/P/_wiki/wikis/W/412/X"),
        (SERVICES, "https://evil.example/fabrikam/P/_wiki/wikis/W/412/X"),
        (SERVER, "https://tfs.contoso.com/tfs/OtherCollection/P/_wiki/wikis/W/3/X"),
        (SERVER, "https://tfs.contoso.com:8443/tfs/DefaultCollection/P/_wiki/wikis/W/3/X"),
        (LOOPBACK, "http://127.0.0.1:9090/fabrikam/P/_wiki/wikis/W/7/X"),
        (SERVICES, f"{W}"),  # the wiki's home, not a page
        (SERVICES, f"{W}/Split-tender"),  # no id
        (SERVICES, f"{W}/0/X"),
        (SERVICES, f"{W}?pagePath=/"),
        (SERVICES, "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_workitems/edit/412"),
        (SERVICES, "vstfs:///Wiki/WikiPage/onlyone"),
        (SERVICES, "vstfs:///Git/PullRequestId/a%2Fb%2F1"),
    ],
)
def test_other_links_do_not(links: WikiLinks, url: str) -> None:
    assert links.resolve(url) is None


@pytest.mark.parametrize(
    ("url", "base"),
    [
        ("https://dev.azure.com/contoso/P/_wiki/wikis/W/412/X", "https://dev.azure.com/contoso"),
        ("https://contoso.visualstudio.com/P/_wiki/wikis/W/412/X", "https://contoso.visualstudio.com"),
        ("https://tfs.contoso.com/tfs/Coll/P/_wiki/wikis/W/3/X", "https://tfs.contoso.com/tfs/Coll"),
        (f"{W}/412/X", None),  # ours
        ("https://dev.azure.com/contoso/P/_workitems/edit/1", None),  # not a wiki link
    ],
)
def test_a_wiki_link_of_another_organization_says_where(url: str, base: str | None) -> None:
    assert SERVICES.elsewhere(url) == base


def test_the_id_and_path_forms_of_a_page_are_one_page_once_read() -> None:
    """Before a read only the link is known: the two forms are two keys, joined by the page's cited_as."""
    assert SERVICES.resolve(f"{W}/412/A").key != SERVICES.resolve(f"{W}?pagePath=/A").key  # type: ignore[union-attr]
    assert SERVICES.resolve(f"{W}/412/A").key == SERVICES.resolve(f"{W}?pagePath=/A&pageId=412").key  # type: ignore[union-attr]
    assert (
        by_path("/A/B").key == by_path("/a/b").key == WikiRef("FABRIKAM FIBER", "fabrikam-fiber.WIKI", path="/A/B").key
    )


def test_a_collection_url_is_needed() -> None:
    for bad in ("", "dev.azure.com/fabrikam", "ftp://dev.azure.com/x", "https://u@dev.azure.com/x"):
        with pytest.raises(ValueError):
            Collection.from_url(bad)


@given(st.text(max_size=300))
def test_any_text_resolves_or_not_without_error(text: str) -> None:
    for links in (SERVICES, SERVER, LOOPBACK):
        ref = links.resolve(text)
        assert ref is None or (ref.project.strip() and ref.wiki.strip() and (ref.page_id or ref.path))
        links.elsewhere(text)
        links.is_wiki_link(text)


@given(
    st.sampled_from(["evil.example", "dev.azure.com.evil.example", "fabrikam.visualstudio.com.evil.example"]),
    st.text(max_size=60),
)
def test_no_link_on_another_host_resolves(host: str, rest: str) -> None:
    assert SERVICES.resolve(f"https://{host}/fabrikam/P/_wiki/wikis/W/412/{rest}") is None
