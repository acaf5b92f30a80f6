"""Settings: pipeline variables and task inputs from the environment, CLI flags on top."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, urlsplit

import httpx
from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from doc_context.errors import ConfigError
from doc_context.models import PullRequestRef
from doc_context.text.links import Site, is_loopback

COMMENT_HARD_CAP = 150_000
EXTENSIONS_TAB = "ms.vss-build-web.run-extensions-tab"  # the build results tab that shows uploaded summaries
_UNEXPANDED = re.compile(r"\$\([A-Za-z0-9_.\-]+\)")
_SURROGATE = re.compile("[\ud800-\udfff]")
_PRINTABLE_ASCII = re.compile(r"[\x21-\x7e]+")
_HOST = re.compile(r"[^\s/\\?#@]+")
Deployment = Literal["auto", "cloud", "datacenter"]
AuthMode = Literal["auto", "system-token", "pat", "pipelines", "managed-identity", "azure-cli"]
ThreadStatus = Literal["active", "closed", "fixed", "wontFix", "byDesign", "pending"]


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    """Every setting, with the environment variable that feeds it (first alias)."""

    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True, case_sensitive=False)

    org_url: str | None = Field(
        None,
        validation_alias=_env("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI", "SYSTEM_COLLECTIONURI", "org_url"),
        description="Organization URL, e.g. https://dev.azure.com/fabrikam/.",
    )
    project: str | None = Field(
        None,
        validation_alias=_env("SYSTEM_TEAMPROJECTID", "SYSTEM_TEAMPROJECT", "project"),
        description="Project id or name.",
    )
    repository: str | None = Field(
        None, validation_alias=_env("BUILD_REPOSITORY_ID", "repository"), description="Repository id or name."
    )
    pull_request_id: int | None = Field(
        None,
        gt=0,
        validation_alias=_env("SYSTEM_PULLREQUEST_PULLREQUESTID", "pull_request_id"),
        description="Pull request id.",
    )
    access_token: SecretStr | None = Field(
        None,
        validation_alias=_env("SYSTEM_ACCESSTOKEN", "access_token"),
        description="Job access token; map it with env: SYSTEM_ACCESSTOKEN: $(System.AccessToken).",
    )
    pat: SecretStr | None = Field(
        None,
        validation_alias=_env("AZURE_DEVOPS_PAT", "pat"),
        description="Personal access token, used when SYSTEM_ACCESSTOKEN is absent.",
    )
    tf_build: bool = Field(
        False, validation_alias=_env("TF_BUILD", "tf_build"), description="True inside Azure Pipelines."
    )

    confluence_url: str | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_URL", "confluence_url"),
        description="Confluence site, e.g. https://acme.atlassian.net/wiki or https://confluence.acme.com.",
    )
    confluence_email: str | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_EMAIL", "CONFLUENCE_USERNAME", "confluence_email"),
        description="Basic auth user, with CONFLUENCE_API_TOKEN: the Atlassian account email on Cloud, the "
        "username on Data Center (CONFLUENCE_USERNAME works too).",
    )
    confluence_api_token: SecretStr | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_API_TOKEN", "CONFLUENCE_PASSWORD", "confluence_api_token"),
        description="Basic auth secret, with CONFLUENCE_EMAIL: a Cloud API token (classic, or scoped with "
        "CONFLUENCE_API_BASE), or the Data Center password (CONFLUENCE_PASSWORD works too).",
    )
    confluence_pat: SecretStr | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_PAT", "confluence_pat"),
        description="Confluence Data Center personal access token (Bearer); wins over CONFLUENCE_EMAIL.",
    )
    confluence_deployment: Deployment = Field(
        "auto",
        validation_alias=_env("CONFLUENCE_DEPLOYMENT", "confluence_deployment"),
        description="cloud (REST v2) or datacenter (REST v1). auto: cloud for *.atlassian.net and the other "
        "Atlassian Cloud domains, else what the credential check's answer shows; set it for a Cloud custom domain.",
    )
    confluence_max_pages: int = Field(
        25,
        ge=0,
        le=200,
        validation_alias=_env("DOC_CONTEXT_MAX_PAGES", "confluence_max_pages"),
        description="Most Confluence pages fetched in one run.",
    )

    marker_key: str = Field(
        "DocContext.Thread",
        min_length=1,
        max_length=100,
        pattern=r"^[A-Za-z0-9_.\-]+$",
        validation_alias=_env("DOC_CONTEXT_MARKER_KEY", "marker_key"),
        description="Thread property that marks our thread; give each pipeline its own to keep separate threads.",
    )
    thread_status: ThreadStatus = Field(
        "closed",
        validation_alias=_env("DOC_CONTEXT_THREAD_STATUS", "thread_status"),
        description="Status of the thread; 'closed' never blocks 'Check for comment resolution'.",
    )
    comment_budget: int = Field(
        12_000,
        ge=1_000,
        le=COMMENT_HARD_CAP,
        validation_alias=_env("DOC_CONTEXT_COMMENT_BUDGET", "comment_budget"),
        description="Most characters in the comment (hard cap 150000).",
    )
    timeout: float = Field(
        30.0,
        gt=0,
        le=300,
        validation_alias=_env("DOC_CONTEXT_TIMEOUT", "timeout"),
        description="Seconds one HTTP request may take.",
    )
    concurrency: int = Field(
        8,
        ge=1,
        le=32,
        validation_alias=_env("DOC_CONTEXT_CONCURRENCY", "concurrency"),
        description="Requests in flight at once.",
    )
    dry_run: bool = Field(
        False, validation_alias=_env("DOC_CONTEXT_DRY_RUN", "dry_run"), description="Print the comment; post nothing."
    )
    fail_on_warning: bool = Field(
        False,
        validation_alias=_env("DOC_CONTEXT_FAIL_ON_WARNING", "fail_on_warning"),
        description="Fail the step when there were warnings (the comment is still posted).",
    )
    deadline: float = Field(
        300.0,
        gt=0,
        le=3600,
        validation_alias=_env("DOC_CONTEXT_DEADLINE", "deadline"),
        description="Seconds the whole run may take; what is not gathered by then is a warning.",
    )
    auth: AuthMode = Field(
        "auto",
        validation_alias=_env("DOC_CONTEXT_AUTH", "auth"),
        description="Azure DevOps auth: auto (SYSTEM_ACCESSTOKEN, then AZURE_DEVOPS_PAT), "
        "system-token, pat, or Entra ID: pipelines, managed-identity, azure-cli.",
    )
    azure_tenant_id: str | None = Field(
        None, validation_alias=_env("AZURE_TENANT_ID", "azure_tenant_id"), description="Entra tenant (auth=pipelines)."
    )
    azure_client_id: str | None = Field(
        None,
        validation_alias=_env("AZURE_CLIENT_ID", "azure_client_id"),
        description="Entra app or managed identity client id (auth=pipelines, managed-identity).",
    )
    azure_service_connection_id: str | None = Field(
        None,
        validation_alias=_env("AZURE_SERVICE_CONNECTION_ID", "azure_service_connection_id"),
        description="Workload identity federation service connection id (auth=pipelines).",
    )

    confluence_api_base: str | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_API_BASE", "confluence_api_base"),
        description="API base when it differs from the site: for scoped Cloud API tokens "
        "https://api.atlassian.com/ex/confluence/{cloudId}/wiki (cloudId from https://SITE/_edge/tenant_info).",
    )
    confluence_ca_bundle: str | None = Field(
        None,
        validation_alias=_env("CONFLUENCE_CA_BUNDLE", "confluence_ca_bundle"),
        description="CA bundle file for a self-hosted Data Center with a private CA.",
    )
    page_content: Literal["summary", "titles"] = Field(
        "summary",
        validation_alias=_env("DOC_CONTEXT_PAGE_CONTENT", "page_content"),
        description="What the comment shows of a Confluence page: 'summary', or 'titles' (title and link only) "
        "for every page.",
    )
    restricted_pages: Literal["titles", "summary"] = Field(
        "titles",
        validation_alias=_env("DOC_CONTEXT_RESTRICTED_PAGES", "restricted_pages"),
        description="What the comment shows of a page with view restrictions (its own or a parent's), or whose "
        "restrictions cannot be read: 'titles' (title and link only), or 'summary' to quote it anyway.",
    )
    title_only_spaces: str = Field(
        "",
        validation_alias=_env("DOC_CONTEXT_TITLE_ONLY_SPACES", "title_only_spaces"),
        description="Confluence space keys whose pages are shown by title and link only, separated by ';', "
        "e.g. 'HR;LEGAL'.",
    )
    other_projects: str = Field(
        "",
        validation_alias=_env("DOC_CONTEXT_OTHER_PROJECTS", "other_projects"),
        description="Other projects whose work items are summarized like the PR's own, separated by ';' "
        "('*' for all). Items from any other project are shown by title and link only.",
    )
    sensitive_areas: str = Field(
        "",
        validation_alias=_env("DOC_CONTEXT_SENSITIVE_AREAS", "sensitive_areas"),
        description="Area paths whose work items (and everything below them) are shown by title and link only, "
        "separated by ';', e.g. 'Fabrikam\\Security'.",
    )
    sensitive_tags: str = Field(
        "",
        validation_alias=_env("DOC_CONTEXT_SENSITIVE_TAGS", "sensitive_tags"),
        description="Work item tags that mark an item to show by title and link only, separated by ';', "
        "e.g. 'confidential'.",
    )
    confluence_concurrency: int = Field(
        32,
        ge=1,
        le=64,
        validation_alias=_env("DOC_CONTEXT_CONFLUENCE_CONCURRENCY", "confluence_concurrency"),
        description="Confluence pages fetched at once (one wave of requests for up to this many pages).",
    )
    confluence_deadline: float = Field(
        60.0,
        gt=0,
        le=600,
        validation_alias=_env("DOC_CONTEXT_CONFLUENCE_DEADLINE", "confluence_deadline"),
        description="Seconds all Confluence work may take in one run.",
    )

    parent_depth: int = Field(
        1,
        ge=0,
        le=5,
        validation_alias=_env("DOC_CONTEXT_PARENT_DEPTH", "parent_depth"),
        description="Levels of parents (Feature, Epic) shown as context; 0 for none.",
    )
    extra_fields: str = Field(
        "",
        validation_alias=_env("DOC_CONTEXT_EXTRA_FIELDS", "extra_fields"),
        description="Extra fields per type, e.g. 'Bug=Microsoft.VSTS.Common.Severity;"
        "User Story=Microsoft.VSTS.Common.BusinessValue'.",
    )
    source_branch: str | None = Field(
        None,
        validation_alias=_env("BUILD_SOURCEBRANCH", "source_branch"),
        description="The build's branch: refs/pull/{id}/merge in a PR build.",
    )
    source_dir: str | None = Field(
        None,
        validation_alias=_env("BUILD_SOURCESDIRECTORY", "source_dir"),
        description="The checkout; its merge commit gives the diff (git diff HEAD^1 HEAD).",
    )
    agent_temp_directory: str | None = Field(
        None,
        validation_alias=_env("AGENT_TEMPDIRECTORY", "agent_temp_directory"),
        description="The agent's temp folder (set by the agent).",
    )
    team_project: str | None = Field(
        None,
        validation_alias=_env("SYSTEM_TEAMPROJECT", "team_project"),
        description="The project's name (set by the agent), for web links (shorter than its id).",
    )
    build_id: str | None = Field(
        None,
        pattern=r"^[0-9]{1,12}$",
        validation_alias=_env("BUILD_BUILDID", "build_id"),
        description="The run's build id (set by the agent): the comment links to its summary.",
    )
    summary_file: str | None = Field(
        None,
        validation_alias=_env("DOC_CONTEXT_SUMMARY_FILE", "summary_file"),
        description="Where to write the markdown for the build summary (default: in "
        "AGENT_TEMPDIRECTORY when in a pipeline).",
    )

    llm_url: str | None = Field(
        None,
        validation_alias=_env("DOC_CONTEXT_LLM_URL", "llm_url"),
        description="OpenAI-compatible chat-completions endpoint; off when empty.",
    )
    llm_model: str = Field(
        "gpt-4o-mini",
        validation_alias=_env("DOC_CONTEXT_LLM_MODEL", "llm_model"),
        description="Model or Azure OpenAI deployment name.",
    )
    llm_api_key: SecretStr | None = Field(
        None,
        validation_alias=_env("DOC_CONTEXT_LLM_API_KEY", "llm_api_key"),
        description="API key (api-key header for Azure OpenAI, Bearer otherwise).",
    )
    llm_auth: Literal["api-key", "bearer", "entra"] = Field(
        "bearer",
        validation_alias=_env("DOC_CONTEXT_LLM_AUTH", "llm_auth"),
        description="How to authenticate to the LLM: api-key (Azure OpenAI), bearer (OpenAI), entra (azure-identity).",
    )
    llm_timeout: float = Field(
        60.0,
        gt=0,
        le=600,
        validation_alias=_env("DOC_CONTEXT_LLM_TIMEOUT", "llm_timeout"),
        description="Seconds the LLM may take before the extractive summary is used.",
    )

    @model_validator(mode="before")
    @classmethod
    def _unset_macros(cls, values: object) -> object:
        """An undefined pipeline variable mapped into env arrives as the literal '$(NAME)': treat it as unset."""
        if isinstance(values, dict):
            return {k: v for k, v in values.items() if not (isinstance(v, str) and _UNEXPANDED.fullmatch(v.strip()))}
        return values

    @field_validator("*", mode="before")
    @classmethod
    def _utf8(cls, value: object) -> object:
        """A variable holding bytes that are not UTF-8 arrives with lone surrogates: name it, never crash later."""
        if isinstance(value, str) and _SURROGATE.search(value):
            raise ValueError("holds bytes that are not UTF-8: set it again as plain text")
        return value

    @field_validator("confluence_email", "confluence_api_token", "confluence_pat", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        """An empty or whitespace-only credential is a missing one (a fork's build gets empty secrets)."""
        if isinstance(value, str):
            return value.strip() or None
        return value

    @field_validator("confluence_pat")
    @classmethod
    def _header_safe(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _PRINTABLE_ASCII.fullmatch(value.get_secret_value()):
            raise ValueError("a personal access token is printable ASCII; check what the variable holds")
        return value

    @field_validator("org_url", "confluence_url", "confluence_api_base", "llm_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        value = value.strip().rstrip("/")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
            raise ValueError("must be an https:// URL without user info")
        try:
            port = parts.port
        except ValueError:
            port = 0
        if port == 0 or not _HOST.fullmatch(parts.hostname):
            raise ValueError(f"is not a usable URL ({'host' if port else 'port'}): expected https://host[:port]/path")
        if parts.scheme == "http" and not is_loopback(parts.hostname):
            raise ValueError("must use https:// (plain http is accepted for loopback hosts only)")
        try:
            Site.from_url(value)
            _ = httpx.URL(value).host  # as the clients will read it: IDNA, the port
        except (ValueError, httpx.InvalidURL):
            raise ValueError("names a host that is not a valid domain name") from None
        return value

    def pull_request(self) -> PullRequestRef:
        """The PR to work on, or a ConfigError naming what is missing."""
        missing = [
            name
            for name, value in (
                ("SYSTEM_TEAMFOUNDATIONCOLLECTIONURI (or --org-url)", self.org_url),
                ("SYSTEM_TEAMPROJECTID / SYSTEM_TEAMPROJECT (or --project)", self.project),
                ("BUILD_REPOSITORY_ID (or --repository)", self.repository),
                ("SYSTEM_PULLREQUEST_PULLREQUESTID (or --pull-request)", self.pull_request_id),
            )
            if not value
        ]
        if missing:
            raise ConfigError(
                "missing " + ", ".join(missing) + ". In a pipeline these are set only for PR builds "
                "(the build-validation branch policy); outside one, pass the flags."
            )
        return PullRequestRef(self.org_url or "", self.project or "", self.repository or "", self.pull_request_id or 0)

    def ado_token(self) -> SecretStr:
        token = {"system-token": self.access_token, "pat": self.pat}.get(self.auth, self.access_token or self.pat)
        if token is None or not token.get_secret_value():
            if self.auth == "pat":
                raise ConfigError("DOC_CONTEXT_AUTH=pat but AZURE_DEVOPS_PAT is not set: map it from a secret variable")
            raise ConfigError(
                "no Azure DevOps credentials: map the job token into the step with "
                "'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)', or set AZURE_DEVOPS_PAT"
            )
        return token

    def confluence_configured(self) -> bool:
        return self.confluence_missing() is None

    def confluence_missing(self) -> str | None:
        """What keeps Confluence from being read, in words for the one standard warning; None when nothing does.

        Half a credential is no credential: a fork's build gets no secrets, and an undefined secret variable
        reaches the step as the literal '$(NAME)' (read as unset).
        """
        unset = "is empty or not set (an undefined or withheld secret variable counts as not set)"
        if self.confluence_pat is not None:
            missing = None
        elif self.confluence_email and self.confluence_api_token is None:
            missing = f"CONFLUENCE_API_TOKEN {unset}, though CONFLUENCE_EMAIL is set"
        elif self.confluence_api_token is not None and not self.confluence_email:
            missing = f"CONFLUENCE_EMAIL {unset}, though CONFLUENCE_API_TOKEN is set"
        elif self.confluence_api_token is None:
            missing = "no Confluence credentials are configured"
        else:
            missing = None
        if self.confluence_url is None:
            return "CONFLUENCE_URL is not set" + (f", and {missing}" if missing else "")
        return missing

    def confluence_site(self) -> Site | None:
        """The site that cited links must be on (CONFLUENCE_DEPLOYMENT decides when it is not 'auto')."""
        if self.confluence_url is None:
            return None
        cloud = {"cloud": True, "datacenter": False}.get(self.confluence_deployment)
        return Site.from_url(self.confluence_url, cloud=cloud)

    def diff_checkout(self) -> str | None:
        """The checkout to diff: only in the PR's own build, whose HEAD is the merge commit refs/pull/{id}/merge.
        A manual rerun or a webhook run checks out another branch, whose HEAD^1..HEAD is not this PR."""
        wanted = f"refs/pull/{self.pull_request_id}/merge"
        return self.source_dir if self.source_dir and (self.source_branch or "").lower() == wanted else None

    def summary_path(self) -> str | None:
        """Where the markdown goes for the build summary: the setting, else the agent's temp folder in a pipeline."""
        if self.summary_file:
            return self.summary_file
        if self.tf_build and self.agent_temp_directory:
            return str(Path(self.agent_temp_directory) / "doc-context-summary.md")
        return None

    def build_summary_url(self) -> str:
        """The build summary's tab of this run, where `##vso[task.uploadsummary]` files show ("Extensions"),
        or "" when the run knows no build; `$(System.CollectionUri)$(System.TeamProject)/_build/results?
        buildId=$(Build.BuildId)&view=ms.vss-build-web.run-extensions-tab`."""
        project = self.team_project or self.project
        if not (self.org_url and project and self.build_id):
            return ""
        base = self.org_url.rstrip("/")
        return f"{base}/{quote(project)}/_build/results?buildId={self.build_id}&view={EXTENSIONS_TAB}"

    def secrets(self) -> list[str]:
        values = (self.access_token, self.pat, self.confluence_api_token, self.confluence_pat, self.llm_api_key)
        return [v.get_secret_value() for v in values if v is not None and v.get_secret_value()]


def load_settings(**overrides: Any) -> Settings:
    """Build Settings from the environment and overrides, or a ConfigError naming the bad setting.

    The overrides are field names with any value: pydantic validates each one, as it does the environment.
    """
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as e:
        raise ConfigError(_explain(e)) from None


def _explain(error: ValidationError) -> str:
    problems = []
    for item in error.errors(include_url=False, include_input=False):
        loc = item.get("loc") or ()
        name = str(loc[0]) if loc else "settings"
        field = Settings.model_fields.get(name)
        alias = field.validation_alias if field else None
        env = alias.choices[0] if isinstance(alias, AliasChoices) else name
        message = str(item.get("msg", "")).removeprefix("Value error, ")
        problems.append(f"{env}: {message}" if loc else message)
    return "invalid setting " + "; ".join(problems)
