"""text/orgurl.py: the one reader of organization URLs. A PR's web address, a wiki link of another organization
and a service hook's REST URL name the same organization alike."""

from __future__ import annotations

import pytest

from doc_context.prurl import parse_pull_request_url
from doc_context.sources.wiki.links import WikiLinks
from doc_context.text.orgurl import Collection, api_org_url, split_collection

OURS = WikiLinks(Collection.from_url("https://dev.azure.com/fabrikam"))


@pytest.mark.parametrize(
    ("org", "api"),
    [
        ("https://dev.azure.com/contoso", "https://dev.azure.com/contoso/_apis/git/repositories/r"),
        ("https://contoso.visualstudio.com", "https://contoso.visualstudio.com/_apis/git/repositories/r"),
        ("https://contoso.visualstudio.com", "https://contoso.visualstudio.com/DefaultCollection/_apis/git"),
    ],
)
def test_a_pr_a_wiki_link_and_a_rest_url_name_one_organization(org: str, api: str) -> None:
    pr = parse_pull_request_url(f"{org}/P/_git/r/pullrequest/7")
    assert pr.org_url == org
    assert OURS.elsewhere(f"{org}/P/_wiki/wikis/W/412/X") == org
    assert api_org_url(api) == org


@pytest.mark.parametrize(
    ("host", "before", "named", "expected"),
    [
        ("dev.azure.com", ["fabrikam", "P"], False, (["fabrikam"], "P")),
        ("dev.azure.com", ["fabrikam"], False, (["fabrikam"], "")),  # a repository named like its project
        ("fabrikam.visualstudio.com", ["DefaultCollection", "P"], False, ([], "P")),
        ("tfs.contoso.com", ["tfs", "DefaultCollection"], False, (["tfs", "DefaultCollection"], "")),
        ("tfs.contoso.com", ["tfs", "Coll", "P"], False, (["tfs", "Coll"], "P")),
        ("tfs.contoso.com", ["Coll", "P"], True, (["Coll"], "P")),
        ("tfs.contoso.com", ["tfs", "P"], True, (["tfs"], "P")),  # a wiki always names its project
    ],
)
def test_where_the_collection_ends(host: str, before: list[str], named: bool, expected: object) -> None:
    assert split_collection(host, before, named=named) == expected


@pytest.mark.parametrize(
    ("host", "before", "named"),
    [
        ("dev.azure.com", [], False),
        ("dev.azure.com", ["a", "b", "c"], False),
        ("dev.azure.com", ["fabrikam"], True),
        ("x.visualstudio.com", ["a", "b"], False),
        ("server", [], False),
        ("server", ["a", "", "b"], False),
    ],
)
def test_a_path_that_is_no_collection_says_the_form(host: str, before: list[str], named: bool) -> None:
    with pytest.raises(ValueError, match=r"path|collection"):
        split_collection(host, before, named=named)
