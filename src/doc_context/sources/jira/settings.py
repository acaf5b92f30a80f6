"""Jira's declaration (the edge of its package: it reads settings): the Jira site, its credentials, the projects a
bare key may belong to, the acceptance field, and how a run opens it (registry.py lists it).

On one Atlassian Cloud site (https://acme.atlassian.net and its Confluence at https://acme.atlassian.net/wiki)
one account's email and API token serve both products (../shared/reference/jira.md §9): with no Jira credentials
set, Confluence's are used for Jira there, and only there.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated
from urllib.parse import urlsplit

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field

from doc_context.settings.fields import Credential, HeaderSecret, HttpUrl, Secret, env
from doc_context.settings.source import FROM_VARIABLE, DeclaredSource
from doc_context.sources.confluence.guarded import DEADLINE, ConfluenceConfig
from doc_context.sources.confluence.links import is_cloud_host
from doc_context.sources.jira.client import BearerAuth, JiraClient, basic
from doc_context.sources.jira.issue import SECTION
from doc_context.sources.jira.links import NAME, PROJECT, JiraSite
from doc_context.sources.jira.pages import CONCURRENCY, JiraIssues

if TYPE_CHECKING:
    import httpx

    from doc_context.settings import Settings
    from doc_context.sources.ado import AzureDevOps

_FIELD_ID = re.compile(r"[A-Za-z][A-Za-z0-9_.]{0,63}")


def _projects(value: object) -> object:
    if isinstance(value, str):
        return tuple(dict.fromkeys(p.strip().upper() for p in re.split(r"[;,\s]+", value) if p.strip()))
    return value


def _valid_projects(value: tuple[str, ...]) -> tuple[str, ...]:
    bad = [p for p in value if not PROJECT.fullmatch(p)]
    if bad:  # fails closed: a list that is not project keys must not make any text a key
        raise ValueError(f"{', '.join(bad)} is not a project key (a letter, then letters, digits or _, 2-10 in all)")
    return value


def _field_id(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    if not _FIELD_ID.fullmatch(value.strip()):
        raise ValueError("is a field id such as customfield_10035 (GET /rest/api/2/field lists them)")
    return value.strip()


ProjectKeys = Annotated[tuple[str, ...], BeforeValidator(_projects), AfterValidator(_valid_projects)]
FieldId = Annotated[str | None, AfterValidator(_field_id)]


class JiraSettings(BaseModel):
    jira_url: HttpUrl = Field(
        None,
        validation_alias=env("JIRA_URL"),
        description="Jira site root, e.g. https://acme.atlassian.net (Cloud) or https://jira.acme.com (Data "
        "Center); its /browse/KEY-1 links name issues.",
    )
    jira_api_base: HttpUrl = Field(
        None,
        validation_alias=env("JIRA_API_BASE"),
        description="API base when it differs from the site: for scoped Cloud API tokens "
        "https://api.atlassian.com/ex/jira/{cloudId} (cloudId from https://SITE/_edge/tenant_info).",
    )
    jira_email: Credential = Field(
        None,
        validation_alias=env("JIRA_EMAIL", "JIRA_USERNAME"),
        json_schema_extra=FROM_VARIABLE,  # a credential's half: the template takes the variable that holds it
        description="Basic auth user, with JIRA_API_TOKEN: the Atlassian account email on Cloud, the username on "
        "Data Center (JIRA_USERNAME works too). Unset on the Confluence site's own host: Confluence's are used.",
    )
    jira_api_token: Secret = Field(
        None,
        validation_alias=env("JIRA_API_TOKEN", "JIRA_PASSWORD"),
        description="Basic auth secret, with JIRA_EMAIL: a Cloud API token, or the Data Center password "
        "(JIRA_PASSWORD works too).",
    )
    jira_pat: HeaderSecret = Field(
        None,
        validation_alias=env("JIRA_PAT"),
        description="Jira Data Center personal access token (Bearer); wins over JIRA_EMAIL.",
    )
    jira_projects: ProjectKeys = Field(
        (),
        validation_alias=env("JIRA_PROJECTS"),
        description="Project keys a bare issue key may belong to, separated by ';', e.g. 'PAY;OPS': a key "
        "written without a /browse/ link counts only for these (SHA-256 or UTF-8 never do).",
    )
    jira_acceptance_field: FieldId = Field(
        None,
        validation_alias=env("JIRA_ACCEPTANCE_FIELD"),
        description="The custom field holding acceptance criteria, e.g. customfield_10035: each line is shown "
        "with its evidence from the diff.",
    )
    jira_ca_bundle: str | None = Field(
        None,
        validation_alias=env("JIRA_CA_BUNDLE"),
        description="CA bundle file for a self-hosted Data Center with a private CA.",
    )
    jira_deadline: float = Field(
        DEADLINE,
        gt=0,
        le=600,
        validation_alias=env("DOC_CONTEXT_JIRA_DEADLINE"),
        description="Seconds all Jira work may take in one run.",
    )


def open_jira(settings: Settings, ado: AzureDevOps) -> JiraIssues:
    """Jira issues on JIRA_URL, read with its credentials (none configured: keys and links only warn)."""
    site = JiraSite.from_url(settings.jira_url, settings.jira_projects) if settings.jira_url else None
    auth, missing = credentials(settings)
    client = None
    if site is not None and auth is not None:
        api_base = settings.jira_api_base or site.base_url
        gateway = urlsplit(api_base).hostname == "api.atlassian.com"
        cloud = is_cloud_host(site.host) or gateway  # else the credential check's answer tells (accountId)
        config = ConfluenceConfig(
            api_base=api_base,
            site_url=site.base_url,
            cloud=cloud,
            detect=not (cloud or settings.jira_pat is not None),  # a PAT is Data Center's
            timeout=min(settings.timeout, 20.0),
            deadline=settings.jira_deadline,
            verify=settings.jira_ca_bundle or True,
            restrictions=False,
            product="Jira",
            setting="JIRA",
        )
        client = JiraClient(
            config,
            auth,
            acceptance_field=settings.jira_acceptance_field or "",
            max_connections=2 * CONCURRENCY,  # each issue and its remote links at once: one wave
            clock=ado.clock,
        )
    return JiraIssues(
        client,
        site,
        missing=missing if site is not None else "JIRA_URL is not set" + (f", and {missing}" if missing else ""),
        acceptance_field=settings.jira_acceptance_field or "",
        projects=settings.jira_projects,
    )


def credentials(settings: Settings) -> tuple[httpx.Auth | None, str]:
    """Jira's auth, or None and what is missing: JIRA_PAT wins; then JIRA_EMAIL + JIRA_API_TOKEN; then, on the
    Confluence site's own Cloud host, Confluence's email and API token."""
    unset = "is empty or not set (an undefined or withheld secret variable counts as not set)"
    if settings.jira_pat is not None:
        return BearerAuth(settings.jira_pat.get_secret_value()), ""
    if settings.jira_email and settings.jira_api_token is not None:
        return basic(settings.jira_email, settings.jira_api_token.get_secret_value()), ""
    if settings.jira_email:
        return None, f"JIRA_API_TOKEN {unset}, though JIRA_EMAIL is set"
    if settings.jira_api_token is not None:
        return None, f"JIRA_EMAIL {unset}, though JIRA_API_TOKEN is set"
    if same_site(settings) and settings.confluence_email and settings.confluence_api_token is not None:
        return basic(settings.confluence_email, settings.confluence_api_token.get_secret_value()), ""
    return None, "no Jira credentials are configured"


def same_site(settings: Settings) -> bool:
    """JIRA_URL and CONFLUENCE_URL are one Atlassian Cloud site: one host, Confluence under its /wiki."""
    if not (settings.jira_url and settings.confluence_url):
        return False
    jira, wiki = urlsplit(settings.jira_url), urlsplit(settings.confluence_url)
    same = (jira.scheme, jira.hostname, jira.port) == (wiki.scheme, wiki.hostname, wiki.port)
    return same and jira.path.rstrip("/") == "" and wiki.path.rstrip("/") == "/wiki"


JIRA = DeclaredSource(NAME, "Jira", SECTION, open_jira, JiraSettings)
