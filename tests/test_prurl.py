"""prurl.py: a pull request's web address -> organization URL, project, repository, id; or one clear line."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doc_context.errors import ConfigError
from doc_context.models import PullRequestRef
from doc_context.prurl import parse_pull_request_url
from doc_context.summary.prlinks import pull_request_url

DEV = "https://dev.azure.com/fabrikam"


@pytest.mark.parametrize(
    ("url", "org_url", "project", "repository", "pr_id"),
    [
        # dev.azure.com/{organization}
        (f"{DEV}/Fabrikam/_git/storefront/pullrequest/1842", DEV, "Fabrikam", "storefront", 1842),
        (f"{DEV}/Fabrikam/_git/storefront/pullrequest/1842/", DEV, "Fabrikam", "storefront", 1842),
        (f"{DEV}/Fabrikam/_git/storefront/pullrequest/1842/overview", DEV, "Fabrikam", "storefront", 1842),
        (f"{DEV}/Fabrikam/_git/storefront/pullrequest/1842?_a=files&path=/src/a.py", DEV, "Fabrikam", "storefront",
         1842),
        (f"{DEV}/Fabrikam/_git/storefront/pullrequest/1842#discussion", DEV, "Fabrikam", "storefront", 1842),
        (f"{DEV}/Fabrikam%20Fiber/_git/store%20front/pullrequest/7", DEV, "Fabrikam Fiber", "store front", 7),
        (f"{DEV}/Fabrikam/_git/Caf%C3%A9/pullrequest/7", DEV, "Fabrikam", "Café", 7),
        (f"{DEV}/_git/storefront/pullrequest/3", DEV, "storefront", "storefront", 3),  # repository named as project
        ("HTTPS://Dev.Azure.com/fabrikam/P/_GIT/r/PullRequest/5", DEV, "P", "r", 5),
        (f"  {DEV}/P/_git/r/pullrequest/5\n", DEV, "P", "r", 5),
        ("https://fabrikam@dev.azure.com/fabrikam/P/_git/r/pullrequest/5", DEV, "P", "r", 5),  # a clone URL's user
        # {organization}.visualstudio.com, with or without DefaultCollection
        ("https://fabrikam.visualstudio.com/Fabrikam/_git/storefront/pullrequest/12",
         "https://fabrikam.visualstudio.com", "Fabrikam", "storefront", 12),
        ("https://fabrikam.visualstudio.com/DefaultCollection/Fabrikam/_git/storefront/pullrequest/12?_a=overview",
         "https://fabrikam.visualstudio.com", "Fabrikam", "storefront", 12),
        ("https://Fabrikam.VisualStudio.com/defaultcollection/_git/storefront/pullrequest/12",
         "https://fabrikam.visualstudio.com", "storefront", "storefront", 12),
        ("https://fabrikam.visualstudio.com/_git/storefront/pullrequest/12",
         "https://fabrikam.visualstudio.com", "storefront", "storefront", 12),
        # Azure DevOps Server: {server:port}[/tfs]/{collection}
        ("https://tfs.fabrikam.com/tfs/DefaultCollection/Fabrikam/_git/storefront/pullrequest/44",
         "https://tfs.fabrikam.com/tfs/DefaultCollection", "Fabrikam", "storefront", 44),
        ("http://tfs:8080/tfs/DefaultCollection/Fabrikam/_git/storefront/pullrequest/44/overview",
         "http://tfs:8080/tfs/DefaultCollection", "Fabrikam", "storefront", 44),
        ("https://devops.fabrikam.com/Payments/Fabrikam/_git/storefront/pullrequest/44",
         "https://devops.fabrikam.com/Payments", "Fabrikam", "storefront", 44),
        ("https://devops.fabrikam.com/Payments/_git/storefront/pullrequest/44",
         "https://devops.fabrikam.com/Payments", "storefront", "storefront", 44),
        ("https://tfs.fabrikam.com/tfs/DefaultCollection/_git/storefront/pullrequest/44",
         "https://tfs.fabrikam.com/tfs/DefaultCollection", "storefront", "storefront", 44),
        ("https://tfs.fabrikam.com/tfs/Payments/_git/storefront/pullrequest/44",
         "https://tfs.fabrikam.com/tfs/Payments", "storefront", "storefront", 44),
        ("https://devops.fabrikam.com/DefaultCollection/_git/storefront/pullrequest/44",
         "https://devops.fabrikam.com/DefaultCollection", "storefront", "storefront", 44),
        ("https://devops.fabrikam.com/Fabrikam%20Collection/Fabrikam%20Fiber/_git/storefront/pullrequest/44",
         "https://devops.fabrikam.com/Fabrikam%20Collection", "Fabrikam Fiber", "storefront", 44),
        ("https://devops.fabrikam.com/apps/tfs/Payments/Fabrikam/_git/storefront/pullrequest/44",
         "https://devops.fabrikam.com/apps/tfs/Payments", "Fabrikam", "storefront", 44),
        # the sandbox (a collection on loopback), IPv6 too
        ("http://127.0.0.1:50123/fabrikam/Fabrikam%20Fiber/_git/storefront/pullrequest/1",
         "http://127.0.0.1:50123/fabrikam", "Fabrikam Fiber", "storefront", 1),
        ("http://[::1]:50123/fabrikam/P/_git/r/pullrequest/1", "http://[::1]:50123/fabrikam", "P", "r", 1),
    ],
)  # fmt: skip
def test_the_forms(url: str, org_url: str, project: str, repository: str, pr_id: int) -> None:
    assert parse_pull_request_url(url) == PullRequestRef(org_url, project, repository, pr_id)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("", "not an http(s) address"),
        ("fabrikam/P/_git/r/pullrequest/5", "not an http(s) address"),
        ("ftp://dev.azure.com/fabrikam/P/_git/r/pullrequest/5", "not an http(s) address"),
        ("https://dev.azure.com:99999/fabrikam/P/_git/r/pullrequest/5", "not a URL"),
        (f"{DEV}/P/_git/r", "no /pullrequest/{id}"),
        (f"{DEV}/P/_git/r/pullrequests", "no /pullrequest/{id}"),
        (f"{DEV}/P/_git/r/pullrequests?_a=mine", "no /pullrequest/{id}"),
        (f"{DEV}/P/_git/r/commit/abc123", "no /pullrequest/{id}"),
        (f"{DEV}/P/_git//pullrequest/5", "no /pullrequest/{id}"),
        (f"{DEV}/P/_workitems/edit/5", "no /_git/{repository}/"),
        (f"{DEV}/P/_apis/git/repositories/r/pullrequests/5", "no /_git/{repository}/"),
        ("https://github.com/fabrikam/storefront/pull/5", "no /_git/{repository}/"),
        (f"{DEV}/P/_git/r/pullrequest/abc", "'abc' is not a pull request id"),
        (f"{DEV}/P/_git/r/pullrequest/0", "'0' is not a pull request id"),
        (f"{DEV}/P/_git/r/pullrequest/-3", "'-3' is not a pull request id"),
        (f"{DEV}/P/_git/r/pullrequest/99999999999", "is not a pull request id"),
        (f"{DEV}/P/_git/r/pullrequest/", "is not a pull request id"),
        ("https://dev.azure.com/_git/r/pullrequest/5", "on dev.azure.com the path is /{organization}/{project}"),
        (f"{DEV}/P/extra/_git/r/pullrequest/5", "on dev.azure.com the path is"),
        ("https://fabrikam.visualstudio.com/A/B/_git/r/pullrequest/5", "visualstudio.com the path is"),
        ("https://tfs.fabrikam.com/_git/r/pullrequest/5", "names its collection"),
        (f"{DEV}//_git/r/pullrequest/5", "empty segment"),
        (f"{DEV}/P%2FQ/_git/r/pullrequest/5", "project name 'P/Q' is not one"),
        (f"{DEV}/P/_git/r%0A/pullrequest/5", "repository name 'r\\n' is not one"),
        (f"{DEV}/%20/_git/r/pullrequest/5", "project name ' ' is not one"),
        (f"{DEV}/P/_git/%FF/pullrequest/5", "not percent-encoded UTF-8"),
    ],
)
def test_anything_else_is_one_line_that_says_what_is_wrong(url: str, says: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_pull_request_url(url)
    message = str(raised.value)
    assert says in message, message
    assert "\n" not in message and "expected https://dev.azure.com/{organization}/{project}/_git/" in message


def test_the_error_never_shows_user_info() -> None:
    with pytest.raises(ConfigError) as raised:
        parse_pull_request_url("https://me:s3cret-pat@dev.azure.com/fabrikam/P/_git/r")
    assert "s3cret" not in str(raised.value) and "me:" not in str(raised.value)
    assert "https://dev.azure.com/fabrikam/P/_git/r" in str(raised.value)


def test_a_long_address_is_shown_shortened() -> None:
    with pytest.raises(ConfigError) as raised:
        parse_pull_request_url(f"{DEV}/{'x' * 5000}")
    assert len(str(raised.value)) < 400


_NAME = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=30).filter(
    lambda s: s.strip() and "/" not in s and "\\" not in s
)


@given(org=st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True), project=_NAME, repository=_NAME,
       pr_id=st.integers(1, 2**31 - 1), tail=st.sampled_from(["", "/", "/overview", "?_a=files", "#x"]))  # fmt: skip
def test_any_encoded_names_come_back_as_written(org: str, project: str, repository: str, pr_id: int, tail: str) -> None:
    for base in (f"https://dev.azure.com/{org}", f"https://{org}.visualstudio.com"):
        if repository.lower() == "_git" or project.lower() in ("_git", "defaultcollection"):
            continue
        url = f"{base}/{quote(project, safe='')}/_git/{quote(repository, safe='')}/pullrequest/{pr_id}{tail}"
        assert parse_pull_request_url(url) == PullRequestRef(base, project, repository, pr_id)


def parses_or_says_why(text: str) -> None:
    try:
        ref = parse_pull_request_url(text)
    except ConfigError as e:
        assert "\n" not in str(e)
    else:
        assert ref.pull_request_id > 0 and ref.project and ref.repository
        assert ref.org_url.startswith(("http://", "https://"))


@given(st.text(max_size=200))
def test_any_text_parses_or_is_one_config_error(text: str) -> None:
    parses_or_says_why(text)


@given(st.from_regex(r"https?://[a-z.]{1,12}(:[0-9]{1,5})?(/[A-Za-z0-9%_.~-]{0,8}){0,5}/_git/[^/?#]{0,8}/"
                     r"[Pp]ull[Rr]equest/[0-9]{0,12}[/?#]?.{0,20}", fullmatch=True))  # fmt: skip
def test_near_misses_parse_or_are_one_config_error(text: str) -> None:
    parses_or_says_why(text)


ORGS = ["https://dev.azure.com/fabrikam", "https://fabrikam.visualstudio.com", "https://tfs.fabrikam.com/tfs/Payments",
        "http://127.0.0.1:8080/fabrikam"]  # fmt: skip


@given(project=_NAME, repository=_NAME, pr_id=st.integers(1, 2**31 - 1), org_url=st.sampled_from(ORGS))
def test_the_address_the_comment_links_reads_back_as_its_pull_request(
    project: str, repository: str, pr_id: int, org_url: str
) -> None:
    if repository.lower() == "_git" or project.lower() in ("_git", "defaultcollection", "tfs"):
        return
    ref = PullRequestRef(org_url, project, repository, pr_id)
    assert parse_pull_request_url(pull_request_url(ref)) == ref
