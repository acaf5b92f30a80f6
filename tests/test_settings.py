"""Settings: env and flags, flags win; bad values name the setting; secrets stay secret."""

import pytest

from doc_context.errors import ConfigError
from doc_context.settings import Settings, load_settings
from doc_context.sources.confluence.settings import audience as confluence_audience

PIPELINE = {
    "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": "https://dev.azure.com/fabrikam/",
    "SYSTEM_TEAMPROJECTID": "6ce954b1",
    "BUILD_REPOSITORY_ID": "3411ebc1",
    "SYSTEM_PULLREQUEST_PULLREQUESTID": "42",
    "SYSTEM_ACCESSTOKEN": "s3cr3t-token",
    "TF_BUILD": "True",
}


@pytest.fixture
def pipeline_env(monkeypatch):
    for field in Settings.model_fields.values():
        for name in field.validation_alias.choices:
            monkeypatch.delenv(name.upper(), raising=False)
    for key, value in PIPELINE.items():
        monkeypatch.setenv(key, value)


def test_pipeline_variables(pipeline_env):
    s = load_settings()
    pr = s.pull_request()
    assert (pr.org_url, pr.project, pr.repository, pr.pull_request_id) == (
        "https://dev.azure.com/fabrikam",
        "6ce954b1",
        "3411ebc1",
        42,
    )
    assert s.tf_build is True
    assert "s3cr3t-token" not in repr(s)


def test_flags_override_env(pipeline_env):
    s = load_settings(pull_request_id=7, project="Other")
    assert (s.pull_request_id, s.project) == (7, "Other")


@pytest.mark.parametrize(
    ("override", "named"),
    [
        ({"org_url": "http://dev.azure.com/x"}, "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"),
        ({"org_url": "ftp://x"}, "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI"),
        ({"confluence_url": "https://user@evil.example"}, "CONFLUENCE_URL"),
        ({"comment_budget": 200_000}, "DOC_CONTEXT_COMMENT_BUDGET"),
        ({"thread_status": "maybe"}, "DOC_CONTEXT_THREAD_STATUS"),
        ({"marker_key": "has space"}, "DOC_CONTEXT_MARKER_KEY"),
    ],
)
def test_invalid_value_names_the_setting(pipeline_env, override, named):
    with pytest.raises(ConfigError) as e:
        load_settings(**override)
    assert named in str(e.value)
    assert e.value.exit_code == 2


def test_plain_http_allowed_on_loopback(pipeline_env):
    assert load_settings(org_url="http://127.0.0.1:8080/org").org_url == "http://127.0.0.1:8080/org"


def test_missing_pull_request_says_what_to_set(pipeline_env, monkeypatch):
    monkeypatch.delenv("SYSTEM_PULLREQUEST_PULLREQUESTID")
    with pytest.raises(ConfigError, match="SYSTEM_PULLREQUEST_PULLREQUESTID"):
        load_settings().pull_request()


def test_missing_token_says_how_to_map_it(pipeline_env, monkeypatch):
    monkeypatch.delenv("SYSTEM_ACCESSTOKEN")
    with pytest.raises(ConfigError, match=r"SYSTEM_ACCESSTOKEN: \$\(System.AccessToken\)"):
        load_settings().ado_token()


@pytest.mark.parametrize(
    ("values", "missing"),
    [
        ({"confluence_email": "a@b.c"}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"confluence_email": "a@b.c", "confluence_api_token": "   "}, "CONFLUENCE_API_TOKEN is empty or not set"),
        ({"confluence_email": "a@b.c", "confluence_api_token": "$(CONFLUENCE_API_TOKEN)"}, "CONFLUENCE_API_TOKEN is"),
        ({"confluence_api_token": "t0ken"}, "CONFLUENCE_EMAIL is empty or not set"),
        ({"confluence_email": " ", "confluence_api_token": "t0ken"}, "CONFLUENCE_EMAIL is empty or not set"),
        ({"confluence_pat": "\t"}, "no Confluence credentials are configured"),
        ({}, "no Confluence credentials are configured"),
    ],
)
def test_half_a_credential_is_a_missing_one_and_named(pipeline_env, values, missing):
    s = load_settings(confluence_url="https://acme.atlassian.net", **values)
    assert not s.confluence_configured()
    assert missing in (s.confluence_missing() or "")


def test_complete_credentials_are_configured(pipeline_env):
    for values in ({"confluence_email": "a@b.c", "confluence_api_token": " t0ken\n"}, {"confluence_pat": "p4t"}):
        s = load_settings(confluence_url="https://acme.atlassian.net", **values)
        assert s.confluence_configured() and s.confluence_missing() is None
    assert load_settings(confluence_email="a@b.c", confluence_api_token="t").confluence_missing() == (
        "CONFLUENCE_URL is not set"
    )


def test_data_center_username_and_password_names(pipeline_env, monkeypatch):
    monkeypatch.setenv("CONFLUENCE_USERNAME", "jdoe")
    monkeypatch.setenv("CONFLUENCE_PASSWORD", "pw")
    s = load_settings(confluence_url="https://wiki.acme.example")
    assert s.confluence_email == "jdoe" and s.confluence_api_token is not None
    assert s.confluence_api_token.get_secret_value() == "pw"
    assert "pw" in s.secrets()


@pytest.mark.parametrize(
    ("url", "deployment", "base", "cloud"),
    [
        ("https://acme.atlassian.net", "auto", "https://acme.atlassian.net/wiki", True),
        ("https://acme.atlassian.net/", "auto", "https://acme.atlassian.net/wiki", True),
        ("https://acme.jira.com", "auto", "https://acme.jira.com/wiki", True),
        ("https://acme.atlassian-us-gov-mod.net", "auto", "https://acme.atlassian-us-gov-mod.net/wiki", True),
        ("https://wiki.acme.example", "auto", "https://wiki.acme.example", False),
        ("https://wiki.acme.example/wiki", "cloud", "https://wiki.acme.example/wiki", True),
        ("https://acme.atlassian.net/wiki", "datacenter", "https://acme.atlassian.net/wiki", False),
    ],
)
def test_site_root_and_deployment(pipeline_env, url, deployment, base, cloud):
    site = load_settings(confluence_url=url, confluence_deployment=deployment).confluence_site()
    assert site is not None and (site.base_url, site.is_cloud) == (base, cloud)


@pytest.mark.parametrize(
    "url",
    [
        "https://acme.atlassian.net:99999/wiki",
        "https://acme.atlassian.net:abc",
        "https://acme.atlassian.net:0",
        "https://acme\udcff.atlassian.net",
        "https://acme.atlassian.net/wiki/\udce9t\udce9",
        "https://exa mple.com",
        "https://xn--.atlassian.net",
    ],
)
def test_a_bad_confluence_url_names_the_setting(pipeline_env, url):
    with pytest.raises(ConfigError, match="CONFLUENCE_URL") as e:
        load_settings(confluence_url=url)
    assert e.value.exit_code == 2


def test_a_pat_that_cannot_be_a_header_is_a_config_error(pipeline_env):
    with pytest.raises(ConfigError, match="CONFLUENCE_PAT"):
        load_settings(confluence_pat="caf\u00e9")


def test_unexpanded_pipeline_macro_is_unset(pipeline_env, monkeypatch):
    monkeypatch.setenv("CONFLUENCE_EMAIL", "$(CONFLUENCE_EMAIL)")
    monkeypatch.setenv("CONFLUENCE_API_TOKEN", "$(CONFLUENCE_API_TOKEN)")
    s = load_settings()
    assert s.confluence_email is None and s.confluence_api_token is None


def test_unexpanded_key_vault_style_macro_is_unset(pipeline_env, monkeypatch):
    monkeypatch.setenv("CONFLUENCE_PAT", "$(confluence-pat)")
    assert load_settings().confluence_pat is None


def test_the_build_summary_url_is_the_runs_extensions_tab(pipeline_env, monkeypatch):
    monkeypatch.setenv("SYSTEM_TEAMPROJECT", "Fabrikam Fiber")
    monkeypatch.setenv("BUILD_BUILDID", "4711")
    assert Settings().build_summary_url() == (
        "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_build/results?buildId=4711"
        "&view=ms.vss-build-web.run-extensions-tab"
    )
    monkeypatch.delenv("BUILD_BUILDID")
    assert Settings().build_summary_url() == ""  # no build (a run outside a pipeline): no link


def spellings(field: str) -> set[str]:
    """How a pipeline variable could be named after a setting: the field, its task input, in any case."""
    first, *rest = field.split("_")
    camel = first + "".join(word.capitalize() for word in rest)
    return {field, field.upper(), camel, camel.upper(), camel[:1].upper() + camel[1:]}


def test_pipeline_variables_named_like_a_setting_configure_nothing(pipeline_env, monkeypatch):
    """Every pipeline variable reaches the step as an environment variable: one named `timeout` or `pat`
    (or TIMEOUT, Pat, ...) must not configure doc-context. Only the documented names count."""
    before = Settings()
    documented = {name for field in Settings.model_fields.values() for name in field.validation_alias.choices}
    for field in Settings.model_fields:
        for name in spellings(field) - documented:
            monkeypatch.setenv(name, "7")
    named = {"timeout": "1", "pat": "leaked", "project": "Other", "repository": "other-repo", "auth": "pat"}
    for name, value in (named | {"deadline": "1", "Auth": "azure-cli", "TIMEOUT": "2"}).items():
        monkeypatch.setenv(name, value)
    after = Settings()
    assert after == before
    assert (after.timeout, after.deadline, after.auth, after.pat) == (30.0, 300.0, "auto", None)
    assert (after.project, after.repository) == ("6ce954b1", "3411ebc1")


def test_the_documented_names_are_spelled_exactly(pipeline_env, monkeypatch):
    monkeypatch.setenv("doc_context_timeout", "1")
    monkeypatch.setenv("Doc_Context_Deadline", "1")
    assert (Settings().timeout, Settings().deadline) == (30.0, 300.0)
    monkeypatch.setenv("DOC_CONTEXT_TIMEOUT", "1")
    assert Settings().timeout == 1.0


def test_constructor_arguments_by_field_name_win_over_the_environment(pipeline_env, monkeypatch):
    monkeypatch.setenv("DOC_CONTEXT_TIMEOUT", "5")
    assert Settings().timeout == 5.0
    assert Settings(timeout=7).timeout == 7.0
    assert load_settings(project="Flag").project == "Flag"


def test_lists_arrive_as_tuples(pipeline_env, monkeypatch):
    monkeypatch.setenv("DOC_CONTEXT_SENSITIVE_TAGS", " confidential; security\nconfidential;; ")
    monkeypatch.setenv("DOC_CONTEXT_TITLE_ONLY_SPACES", "HR, LEGAL;pay")
    monkeypatch.setenv("DOC_CONTEXT_EXTRA_FIELDS", "Bug=Microsoft.VSTS.Common.Severity;*=System.Tags")
    s = load_settings(other_projects="Fabrikam Shared;*")
    assert s.sensitive_tags == ("confidential", "security")
    assert s.title_only_spaces == ("HR", "LEGAL", "pay")
    assert s.other_projects == ("Fabrikam Shared", "*")
    assert s.sensitive_areas == ()
    assert s.extra_fields == {"bug": ("Microsoft.VSTS.Common.Severity",), "*": ("System.Tags",)}
    assert s.audience().sensitive_tags == s.sensitive_tags
    assert confluence_audience(s).title_only_spaces == s.title_only_spaces


def test_bad_extra_fields_name_their_setting(pipeline_env, monkeypatch):
    monkeypatch.setenv("DOC_CONTEXT_EXTRA_FIELDS", "Bug")
    with pytest.raises(ConfigError, match=r"^invalid setting DOC_CONTEXT_EXTRA_FIELDS: 'Bug' is not") as e:
        load_settings()
    assert e.value.exit_code == 2


def test_each_default_has_one_home():
    """The numbers the run, the renderer and the settings share are one constant each, imported."""
    import ast
    import inspect
    from pathlib import Path

    from doc_context import app, gather
    from doc_context.comment import render
    from doc_context.sources import llm
    from doc_context.sources.confluence import guarded, pages
    from doc_context.sources.wiki.pages import WikiPages

    fields = Settings.model_fields
    assert fields["comment_budget"].default == render.DEFAULT_BUDGET == app.Options("k").budget
    assert fields["comment_budget"].metadata[-1].le == render.HARD_CAP
    sources = gather.Sources(ado=None)  # type: ignore[arg-type]
    for field, value in {
        "max_pages": sources.max_pages,
        "concurrency": sources.concurrency,
        "parent_depth": sources.parent_depth,
        "confluence_concurrency": pages.ConfluencePages(None, None).concurrency,
        "deadline": app.Options("k").deadline,
        "thread_status": app.Options("k").thread_status,
        "confluence_deadline": guarded.ConfluenceConfig(api_base="x", site_url="x", cloud=True).deadline,
        "llm_timeout": llm.TIMEOUT,
    }.items():
        assert fields[field].default == value, field
    wiki = inspect.signature(WikiPages).parameters  # the wiki's defaults are the settings' (no bare literals)
    assert wiki["concurrency"].default == fields["concurrency"].default
    assert "max_pages" not in wiki  # the page cap is gather's alone (summary/cited_pages.to_read)
    src = Path(render.__file__).resolve().parents[1]
    for number in (render.DEFAULT_BUDGET, render.HARD_CAP):
        where = [
            f"{path.relative_to(src)}:{node.lineno}"
            for path in src.rglob("*.py")
            if "sandbox" not in path.parts  # the sandbox fakes the service, whose own limit is 150,000
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value == number
        ]
        assert len(where) == 1, (number, where)
