"""Confluence's declaration (the edge of its package: it reads settings): the Confluence site, its credentials,
how much of it one run reads, and how a run opens it (registry.py lists it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, Field

from doc_context.settings.fields import Credential, HeaderSecret, HttpUrl, Secret, SpaceKeys, env
from doc_context.settings.source import FROM_VARIABLE, DeclaredSource
from doc_context.sources.confluence.audience import ConfluenceAudience
from doc_context.sources.confluence.client import NAME, SECTION, BearerAuth, Confluence, ConfluenceConfig, basic
from doc_context.sources.confluence.guarded import DEADLINE
from doc_context.sources.confluence.links import Site
from doc_context.sources.confluence.pages import CONCURRENCY as CONFLUENCE_CONCURRENCY
from doc_context.sources.confluence.pages import ConfluencePages

if TYPE_CHECKING:
    import httpx

    from doc_context.models import Clock
    from doc_context.settings import Settings
    from doc_context.sources.ado import AzureDevOps

Deployment = Literal["auto", "cloud", "datacenter"]
AUDIENCE: dict[str, Any] = {"group": "audience"}  # Field(json_schema_extra=...): shown in the task's audience group


class ConfluenceSettings(BaseModel):
    confluence_url: HttpUrl = Field(
        None,
        validation_alias=env("CONFLUENCE_URL"),
        description="Confluence site, e.g. https://acme.atlassian.net/wiki or https://confluence.acme.com.",
    )
    confluence_api_base: HttpUrl = Field(
        None,
        validation_alias=env("CONFLUENCE_API_BASE"),
        description="API base when it differs from the site: for scoped Cloud API tokens "
        "https://api.atlassian.com/ex/confluence/{cloudId}/wiki (cloudId from https://SITE/_edge/tenant_info).",
    )
    confluence_deployment: Deployment = Field(
        "auto",
        validation_alias=env("CONFLUENCE_DEPLOYMENT"),
        description="cloud (REST v2) or datacenter (REST v1). auto: cloud for *.atlassian.net and the other "
        "Atlassian Cloud domains, else what the credential check's answer shows; set it for a Cloud custom domain.",
    )
    confluence_email: Credential = Field(
        None,
        validation_alias=env("CONFLUENCE_EMAIL", "CONFLUENCE_USERNAME"),
        json_schema_extra=FROM_VARIABLE,  # a credential's half: the template takes the variable that holds it
        description="Basic auth user, with CONFLUENCE_API_TOKEN: the Atlassian account email on Cloud, the "
        "username on Data Center (CONFLUENCE_USERNAME works too).",
    )
    confluence_api_token: Secret = Field(
        None,
        validation_alias=env("CONFLUENCE_API_TOKEN", "CONFLUENCE_PASSWORD"),
        description="Basic auth secret, with CONFLUENCE_EMAIL: a Cloud API token (classic, or scoped with "
        "CONFLUENCE_API_BASE), or the Data Center password (CONFLUENCE_PASSWORD works too).",
    )
    confluence_pat: HeaderSecret = Field(
        None,
        validation_alias=env("CONFLUENCE_PAT"),
        description="Confluence Data Center personal access token (Bearer); wins over CONFLUENCE_EMAIL.",
    )
    confluence_ca_bundle: str | None = Field(
        None,
        validation_alias=env("CONFLUENCE_CA_BUNDLE"),
        description="CA bundle file for a self-hosted Data Center with a private CA.",
    )
    confluence_concurrency: int = Field(
        CONFLUENCE_CONCURRENCY,
        ge=1,
        le=64,
        validation_alias=env("DOC_CONTEXT_CONFLUENCE_CONCURRENCY"),
        description="Confluence pages fetched at once (one wave of requests for up to this many pages).",
    )
    confluence_deadline: float = Field(
        DEADLINE,
        gt=0,
        le=600,
        validation_alias=env("DOC_CONTEXT_CONFLUENCE_DEADLINE"),
        description="Seconds all Confluence work may take in one run.",
    )
    # Its audience rule's settings (audience.py), among the audience inputs an admin sets together
    restricted_pages: Literal["titles", "summary"] = Field(
        "titles",
        validation_alias=env("DOC_CONTEXT_RESTRICTED_PAGES"),
        json_schema_extra=AUDIENCE,
        description="What the comment shows of a page with view restrictions (its own or a parent's), or whose "
        "restrictions cannot be read: 'titles' (title and link only), or 'summary' to quote it anyway.",
    )
    title_only_spaces: SpaceKeys = Field(
        (),
        validation_alias=env("DOC_CONTEXT_TITLE_ONLY_SPACES"),
        json_schema_extra=AUDIENCE,
        description="Confluence space keys whose pages are shown by title and link only, separated by ';', "
        "e.g. 'HR;LEGAL'.",
    )

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


def open_confluence(settings: Settings, ado: AzureDevOps) -> ConfluencePages:
    """Confluence pages on CONFLUENCE_URL, read with its credentials (none configured: links only warn)."""
    return ConfluencePages(
        _client(settings, ado.clock),  # its waits between tries on the run's clock
        settings.confluence_site(),
        missing=settings.confluence_missing() or "",
        concurrency=settings.confluence_concurrency,
        audience=audience(settings),
    )


def audience(settings: Settings) -> ConfluenceAudience:
    """Its audience rule's settings: which of its pages are shown by title only."""
    return ConfluenceAudience(settings.restricted_pages, settings.title_only_spaces)


def _client(settings: Settings, clock: Clock) -> Confluence | None:
    site = settings.confluence_site()
    if not settings.confluence_configured() or site is None:
        return None
    api_base = settings.confluence_api_base or site.base_url  # links match the site; requests go to the API base
    deployment = settings.confluence_deployment
    cloud = deployment == "cloud" or (deployment == "auto" and (site.is_cloud or is_gateway(api_base)))
    config = ConfluenceConfig(
        api_base=api_base,
        site_url=site.base_url,
        cloud=cloud,
        detect=deployment == "auto" and not cloud,  # an unknown host: the credential check's answer tells
        timeout=min(settings.timeout, 20.0),
        deadline=settings.confluence_deadline,
        verify=settings.confluence_ca_bundle or True,
        restrictions=settings.page_content == "summary" and settings.restricted_pages == "titles",  # else unread
    )
    auth: httpx.Auth
    if settings.confluence_pat is not None:
        auth = BearerAuth(settings.confluence_pat.get_secret_value())
    else:
        assert settings.confluence_api_token is not None and settings.confluence_email is not None
        auth = basic(settings.confluence_email, settings.confluence_api_token.get_secret_value())
    return Confluence(config, auth, max_connections=settings.confluence_concurrency, clock=clock)


def is_gateway(api_base: str) -> bool:
    """Atlassian's API gateway (api.atlassian.com/ex/confluence/{cloudId}/...), which serves Cloud only."""
    parts = urlsplit(api_base)
    return parts.hostname == "api.atlassian.com" or parts.path.startswith("/ex/confluence/")


CONFLUENCE = DeclaredSource(NAME, "Confluence", SECTION, open_confluence, ConfluenceSettings, expanded=True)
