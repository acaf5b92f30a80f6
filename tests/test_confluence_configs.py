"""Confluence as organizations really configure it, each case through the CLI against the sandbox.

Withheld secrets, a Cloud site root, links under another context path, blog posts behind id-only links,
scoped API tokens through Atlassian's gateway, Data Center with a username and password, titles typed in
another case, bad CONFLUENCE_URL values, and what `doc-context check` says about each.
"""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterator

import pytest

from doc_context.sandbox import FakeConfluence, Sandbox
from doc_context.sandbox.ado_workitems import work_item
from doc_context.sandbox.confluence import is_restriction_read, tiny_code

from .conftest import ends_failed, error_issues

SCOPED_EMAIL, SCOPED_TOKEN = "scoped@fabrikam.example", "scoped-api-token"
_IDS = itertools.count(9100)


def warnings(output: str) -> list[str]:
    prefix = "##vso[task.logissue type=warning;]"
    return [line.removeprefix(prefix) for line in output.splitlines() if line.startswith(prefix)]


def confluence_warnings(output: str) -> list[str]:
    return [w for w in warnings(output) if w.startswith("confluence")]


def log_group(output: str) -> str:
    return output.split("##[group]", 1)[1].split("##[endgroup]", 1)[0]


def comment(sandbox: Sandbox, pr_id: int) -> str:
    [thread] = sandbox.ado.threads(pr_id)
    return str(thread["comments"][0]["content"])


def pr_citing(sandbox: Sandbox, *urls: str) -> tuple[dict[str, str], int]:
    """A new PR whose one User Story links these URLs: (the env to run for it, its id)."""
    wid = next(_IDS)
    links = "".join(f'<div>See <a href="{u}">{u}</a></div>' for u in urls)
    sandbox.ado.add_work_item(
        work_item(
            wid,
            "User Story",
            f"Story {wid} citing pages",
            project=sandbox.info.project_name,
            fields={"System.Description": f"<div>Checkout rounds the total once.</div>{links}"},
        )
    )
    repo = sandbox.ado.pull_request(sandbox.info.pr_id).repository
    pr = sandbox.ado.add_pull_request(repo, f"PR for {wid}", work_item_ids=[wid], iterations=[["/src/total.py"]])
    return {**sandbox.env(), "SYSTEM_PULLREQUEST_PULLREQUESTID": str(pr.id)}, pr.id


def page_requests(wiki: FakeConfluence) -> list[str]:
    """The reads of pages (a view restriction's own reads are test_audience.py's)."""
    return [r.path for r in wiki.requests() if "/user/current" not in r.path and not is_restriction_read(r)]


# -- withheld or undefined secrets: the one standard warning, no request, the comment posts
@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"CONFLUENCE_API_TOKEN": ""}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"CONFLUENCE_API_TOKEN": "   "}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"CONFLUENCE_API_TOKEN": "$(CONFLUENCE_API_TOKEN)"}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"CONFLUENCE_API_TOKEN": None}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"CONFLUENCE_EMAIL": "$(CONFLUENCE_EMAIL)"}, "CONFLUENCE_EMAIL is empty or not set"),
        ({"CONFLUENCE_EMAIL": " \t"}, "CONFLUENCE_EMAIL is empty or not set"),
        (
            {
                "CONFLUENCE_EMAIL": "$(CONFLUENCE_EMAIL)",
                "CONFLUENCE_API_TOKEN": "",
                "CONFLUENCE_PAT": "$(CONFLUENCE_PAT)",
            },
            "no Confluence credentials are configured",
        ),
    ],
    ids=["empty", "whitespace", "unexpanded", "absent", "email-unexpanded", "email-blank", "all-withheld"],
)
def test_half_a_credential_is_a_missing_one(sandbox, cli, changes, named):
    env = {k: v for k, v in {**sandbox.env(), **changes}.items() if v is not None}

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    [warning] = confluence_warnings(ran.stdout)
    assert named in warning and "so no page was read" in warning
    assert sandbox.confluence.requests() == []
    assert "## Business context" in comment(sandbox, sandbox.info.pr_id)


def test_check_names_the_missing_half_when_pages_are_cited(sandbox, cli):
    ran = cli({**sandbox.env(), "CONFLUENCE_API_TOKEN": "$(CONFLUENCE_API_TOKEN)"}, "check")

    assert ran.code == 0, ran.output
    row = next(line for line in ran.stdout.splitlines() if line.startswith("| sign in to Confluence |"))
    assert "| warning |" in row and "CONFLUENCE_API_TOKEN is empty or not set" in row and "Set CONFLUENCE_URL" in row
    assert "doc-context check: warnings on sign in to Confluence" in ran.stdout
    assert "##vso[task.complete result=SucceededWithIssues;]" in ran.stdout
    assert sandbox.confluence.requests() == []


def test_check_without_confluence_is_ok_when_no_page_is_cited(sandbox, cli):
    env, _ = pr_citing(sandbox, "https://example.com/docs/rounding")
    env = {k: v for k, v in env.items() if not k.startswith("CONFLUENCE_")}

    ran = cli(env, "check")

    assert ran.code == 0, ran.output
    assert "| sign in to Confluence | ok | not configured, and no work item cites a Confluence page |" in ran.stdout
    assert "SucceededWithIssues" not in ran.stdout


def test_check_without_confluence_warns_when_pages_are_cited(sandbox, cli):
    env = {k: v for k, v in sandbox.env().items() if not k.startswith("CONFLUENCE_")}

    ran = cli(env, "check")

    assert ran.code == 0, ran.output
    row = next(line for line in ran.stdout.splitlines() if line.startswith("| sign in to Confluence |"))
    assert "| warning |" in row and "CONFLUENCE_URL is not set" in row and "Set CONFLUENCE_URL with" in row


# -- the site root, and links under a path the configured URL lacks
def test_a_cloud_site_root_means_its_wiki(sandbox, cli):
    info, site = sandbox.info, "https://fabrikam.atlassian.net"
    env, pr_id = pr_citing(
        sandbox,
        f"{site}/wiki/spaces/PAY/pages/{info.policy_page_id}/Checkout",
        f"{site}/wiki/x/{info.design_tiny_code}",
    )
    env.update(CONFLUENCE_URL=site, CONFLUENCE_API_BASE=sandbox.confluence.api_base)  # the sandbox answers for it

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    assert confluence_warnings(ran.stdout) == []
    body = comment(sandbox, pr_id)
    assert "Checkout rounding policy" in body and "Gift card split payments" in body
    assert f"({site}/wiki/spaces/PAY/pages/{info.policy_page_id})" in body  # web links on the real site
    assert sorted(page_requests(sandbox.confluence)) == sorted(
        f"/wiki/api/v2/pages/{pid}" for pid in (info.policy_page_id, info.design_page_id)
    )


def test_links_under_a_path_the_url_lacks_warn_once_with_the_value_to_set(sandbox, cli):
    origin = sandbox.confluence.origin  # the site root of a host that is not an Atlassian Cloud domain

    ran = cli({**sandbox.env(), "CONFLUENCE_URL": origin}, "run")

    assert ran.code == 0, ran.output
    told = [w for w in confluence_warnings(ran.stdout) if "does not cover" in w]
    assert len(told) == 1 and f"set CONFLUENCE_URL={origin}/wiki." in told[0]
    group = log_group(ran.stdout)
    for page_id in (sandbox.info.policy_page_id, sandbox.info.missing_page_id):  # every cited link is accounted for
        assert f"link not read (CONFLUENCE_URL does not cover it; {origin}/wiki would):" in group
        assert str(page_id) in group
    assert page_requests(sandbox.confluence) == []
    assert sandbox.ado.threads(sandbox.info.pr_id)


@pytest.fixture
def datacenter() -> Iterator[FakeConfluence]:
    with FakeConfluence("datacenter", context_path="/confluence") as dc:
        dc.add_user("jdoe", "dc-password", display_name="Jane Doe")
        dc.add_user("svc-doc-context", "dc-pat-0123456789", display_name="Service")
        dc.add_space("OPS", "Operations", homepage_id=5001)
        dc.add_page(5001, "Operations", "OPS", "<p>Operations home</p>")
        dc.add_page(201819180, "Ledger runbook", "OPS", "<p>Reconcile the gift card ledger nightly.</p>")
        dc.add_page(7001, "Release day", "OPS", "<p>Shipped split tender.</p>", type="blogpost")
        yield dc


@pytest.mark.parametrize(
    ("configured", "linked", "suggested"),
    [
        ("", "/confluence", "/confluence"),
        ("/confluence", "", ""),
        ("/confluence/display", "/confluence", "/confluence"),
    ],
    ids=["root-but-links-under-context", "context-but-links-at-root", "a-page-path-as-the-url"],
)
def test_data_center_context_path_mismatch_names_the_value(sandbox, cli, datacenter, configured, linked, suggested):
    origin = datacenter.origin
    env, pr_id = pr_citing(sandbox, f"{origin}{linked}/display/OPS/Ledger+runbook")
    env.update(CONFLUENCE_URL=origin + configured, CONFLUENCE_PAT="dc-pat-0123456789")

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    [told] = [w for w in confluence_warnings(ran.stdout) if "does not cover" in w]
    assert f"set CONFLUENCE_URL={origin}{suggested}." in told
    assert sandbox.ado.threads(pr_id)


def test_check_warns_about_links_the_url_does_not_cover(sandbox, cli):
    origin = sandbox.confluence.origin

    ran = cli({**sandbox.env(), "CONFLUENCE_URL": origin + "/wiki/spaces/PAY"}, "check")  # a space's URL pasted

    row = next(line for line in ran.stdout.splitlines() if line.startswith("| find the cited Confluence pages |"))
    assert "| warning |" in row and f"set CONFLUENCE_URL={origin}/wiki." in row


# -- blog posts behind id-only links
@pytest.mark.parametrize(
    ("form", "requests"),
    [
        ("/x/{tiny}", ["pages", "blogposts"]),
        ("/pages/viewpage.action?pageId={id}", ["pages", "blogposts"]),
        ("/spaces/PAY/pages/{id}", ["pages", "blogposts"]),
        ("/pages/viewblogpost.action?blogPostId={id}", ["blogposts"]),
        ("/spaces/PAY/blog/{id}/Payments+Q4+release+notes", ["blogposts"]),
    ],
)
def test_a_blog_post_behind_any_link_is_read(sandbox, cli, form, requests):
    blog = sandbox.info.blogpost_id
    env, pr_id = pr_citing(sandbox, sandbox.confluence.api_base + form.format(tiny=tiny_code(blog), id=blog))

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    assert confluence_warnings(ran.stdout) == []
    assert "Payments Q4 release notes" in comment(sandbox, pr_id)
    assert page_requests(sandbox.confluence) == [f"/wiki/api/v2/{kind}/{blog}" for kind in requests]


def test_no_blog_post_request_when_no_blog_post_is_cited(sandbox, cli):
    ran = cli(sandbox.env(), "run")

    assert ran.code == 0, ran.output
    blog_reads = [p for p in page_requests(sandbox.confluence) if "/blogposts/" in p]
    assert blog_reads == [f"/wiki/api/v2/blogposts/{sandbox.info.missing_page_id}"]  # only after the missing page's 404
    assert all("/api/v2/" in p for p in page_requests(sandbox.confluence))  # Cloud, told by the check's answer


# -- scoped API tokens
def scoped_env(sandbox: Sandbox, *scopes: str, gateway: bool = True) -> dict[str, str]:
    sandbox.confluence.add_user(SCOPED_EMAIL, SCOPED_TOKEN, display_name="Scoped", scopes=scopes)
    env = {**sandbox.env(), "CONFLUENCE_EMAIL": SCOPED_EMAIL, "CONFLUENCE_API_TOKEN": SCOPED_TOKEN}
    return {**env, "CONFLUENCE_API_BASE": sandbox.confluence.gateway_base} if gateway else env


def test_a_token_scoped_for_the_reads_passes_the_check_and_reads_through_the_gateway(sandbox, cli):
    env = scoped_env(sandbox, "read:page:confluence", "read:space:confluence", "search:confluence")

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    assert [w for w in confluence_warnings(ran.stdout) if str(sandbox.info.missing_page_id) not in w] == []
    body = comment(sandbox, sandbox.info.pr_id)
    assert "Gift card split payments" in body and "Checkout rounding policy" in body
    prefix = sandbox.confluence.gateway_base.removeprefix(sandbox.confluence.origin)
    received = [(r.path, dict(r.query)) for r in sandbox.confluence.requests()]
    assert received[:2] == [(f"{prefix}/rest/api/user/current", {}), (f"{prefix}/api/v2/pages", {"limit": "1"})]
    assert all(path.startswith(prefix + "/") for path, _ in received)
    assert f"({sandbox.confluence.api_base}/spaces/PAY/pages/{sandbox.info.design_page_id})" in body  # the site's links


def test_check_lists_the_scopes_the_token_has_and_lacks(sandbox, cli):
    env = scoped_env(sandbox, "read:page:confluence", "read:space:confluence")

    ran = cli(env, "check")

    assert ran.code == 0, ran.output
    row = next(line for line in ran.stdout.splitlines() if line.startswith("| Confluence token scopes |"))
    assert "| warning |" in row  # every page would show by title only: its restrictions cannot be read
    assert "read:page:confluence: granted" in row and "read:space:confluence: granted" in row
    assert "search:confluence or read:content-details:confluence: MISSING (page view restrictions" in row
    assert "read:confluence-user or read:content-details:confluence: MISSING" in row


def test_check_fails_a_token_that_cannot_read_pages(sandbox, cli):
    ran = cli(scoped_env(sandbox, "read:space:confluence"), "check")

    assert ran.code == 1
    row = next(line for line in ran.stdout.splitlines() if line.startswith("| Confluence token scopes |"))
    assert "| FAILED |" in row and "read:page:confluence: MISSING" in row


def test_an_unsettled_check_reads_anyway_with_a_warning(sandbox, cli):
    ran = cli(scoped_env(sandbox, "read:space:confluence"), "run")

    assert ran.code == 0, ran.output
    found = confluence_warnings(ran.stdout)
    assert any("settled nothing" in w and "read anyway" in w for w in found)
    assert any("lacks the scope read:page:confluence" in w for w in found)
    assert any(f"/api/v2/pages/{sandbox.info.design_page_id}" in p for p in page_requests(sandbox.confluence))
    assert sandbox.ado.threads(sandbox.info.pr_id)


def test_a_scoped_token_on_the_site_url_is_told_to_use_the_gateway(sandbox, cli):
    env = {**scoped_env(sandbox, "read:page:confluence", gateway=False), "CONFLUENCE_DEPLOYMENT": "cloud"}

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    [warning] = [w for w in confluence_warnings(ran.stdout) if "rejected the credentials" in w]
    assert "CONFLUENCE_API_BASE=https://api.atlassian.com/ex/confluence/<cloudId>/wiki" in warning
    assert [r.path for r in sandbox.confluence.requests()] == ["/wiki/rest/api/user/current"]  # never retried


# -- Data Center with a username and password
@pytest.mark.parametrize("deployment", ["auto", "datacenter"])
def test_data_center_with_basic_auth_reads_rest_v1(sandbox, cli, datacenter, deployment):
    env, pr_id = pr_citing(
        sandbox, f"{datacenter.api_base}/display/OPS/Ledger+runbook", f"{datacenter.api_base}/x/{tiny_code(7001)}"
    )
    env = {k: v for k, v in env.items() if k not in ("CONFLUENCE_EMAIL", "CONFLUENCE_API_TOKEN")}
    env.update(
        CONFLUENCE_URL=datacenter.api_base,
        CONFLUENCE_USERNAME="jdoe",
        CONFLUENCE_PASSWORD="dc-password",
        CONFLUENCE_DEPLOYMENT=deployment,
    )

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    assert confluence_warnings(ran.stdout) == []
    body = comment(sandbox, pr_id)
    assert "Ledger runbook" in body and "Release day" in body
    assert sorted(page_requests(datacenter)) == ["/confluence/rest/api/content", "/confluence/rest/api/content/7001"]
    expected = "Basic " + base64.b64encode(b"jdoe:dc-password").decode()
    assert {r.headers["Authorization"] for r in datacenter.requests()} == {expected}
    assert sandbox.confluence.requests() == []


def test_data_center_check_says_data_center_and_has_no_scopes(sandbox, cli, datacenter):
    env, _ = pr_citing(sandbox, f"{datacenter.api_base}/display/OPS/Ledger+runbook")
    env = {k: v for k, v in env.items() if k not in ("CONFLUENCE_EMAIL", "CONFLUENCE_API_TOKEN")}
    env.update(CONFLUENCE_URL=datacenter.api_base, CONFLUENCE_PAT="dc-pat-0123456789")

    ran = cli(env, "check")

    assert ran.code == 0, ran.output
    assert "| sign in to Confluence | ok | as Service (Data Center) |" in ran.stdout
    assert "| Confluence token scopes | ok | none on Data Center" in ran.stdout
    assert "| find the cited Confluence pages | ok | 1 pages cited on" in ran.stdout


# -- titles typed in another case
@pytest.mark.parametrize("v2_case_sensitive", [True, False], ids=["exact-case-filter", "case-blind-filter"])
def test_a_title_in_another_case_still_resolves(sandbox, cli, v2_case_sensitive):
    sandbox.confluence.v2_titles_case_sensitive = v2_case_sensitive
    env, pr_id = pr_citing(sandbox, f"{sandbox.confluence.api_base}/display/PAY/checkout+ROUNDING+policy")

    ran = cli(env, "run")

    assert ran.code == 0, ran.output
    assert confluence_warnings(ran.stdout) == []
    assert "Checkout rounding policy" in comment(sandbox, pr_id)
    searched = [
        r
        for r in sandbox.confluence.requests()
        if r.path.endswith("/rest/api/content/search") and not is_restriction_read(r)
    ]
    assert len(searched) == (1 if v2_case_sensitive else 0)


# -- bad input: exit 2 and one line that says what to do
@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CONFLUENCE_URL", "https://fabrikam.atlassian.net:99999/wiki"),
        ("CONFLUENCE_URL", "https://fabrikam.atlassian.net:wiki"),
        ("CONFLUENCE_URL", "https://fabrikam\udcff.atlassian.net/wiki"),
        ("CONFLUENCE_URL", "https://xn--.atlassian.net/wiki"),
        ("CONFLUENCE_API_BASE", "https://api.atlassian.com:0/ex/confluence/x/wiki"),
        ("CONFLUENCE_EMAIL", "ci\udce9@fabrikam.example"),
        ("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "https://dev.azure.com:70000/fabrikam/"),
    ],
    ids=["port-too-big", "port-not-a-number", "url-not-utf8", "bad-idna", "api-base-port-0", "email-not-utf8", "org"],
)
@pytest.mark.parametrize("command", ["run", "check"])
def test_a_bad_setting_is_exit_2_and_one_line(sandbox, cli, name, value, command):
    ran = cli({**sandbox.env(), name: value}, command)

    assert ran.code == 2, ran.output
    assert "Traceback" not in ran.output
    (error,) = error_issues(ran.stdout)  # once: an error issue, then the step's result
    assert error.startswith(f"invalid setting {name}:")
    assert ends_failed(ran) == error.splitlines()[0]
    assert [line for line in ran.output.splitlines() if "invalid setting" in line] == ran.stdout.splitlines()[-2:]
    assert sandbox.confluence.requests() == [] and sandbox.ado.requests() == []
