"""The document sources, registered in one place: each entry opens one from the settings and the Azure DevOps
gateway, as a gather.DocumentSource. A new source (SharePoint, a GitHub wiki) is one module under sources/
and one entry here; tests/test_document_sources.py proves it with a toy source.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from doc_context.gather import DocumentSource
from doc_context.settings import Settings
from doc_context.sources.confluence import BearerAuth, Confluence, ConfluenceConfig, basic
from doc_context.sources.confluence_source import ConfluencePages
from doc_context.sources.wiki import WikiPages, connect_client

if TYPE_CHECKING:
    import httpx

    from doc_context.sources.ado import AzureDevOps

Opener = Callable[[Settings, "AzureDevOps"], DocumentSource]


def confluence(settings: Settings, ado: AzureDevOps) -> ConfluencePages:
    """Confluence pages on CONFLUENCE_URL, read with its credentials (none configured: links only warn)."""
    return ConfluencePages(
        _confluence_client(settings),
        settings.confluence_site(),
        missing=settings.confluence_missing() or "",
        concurrency=settings.confluence_concurrency,
    )


def wiki(settings: Settings, ado: AzureDevOps) -> WikiPages:
    """Azure DevOps wiki pages on the run's own organization, read with its Azure DevOps credential."""
    org_url = settings.pull_request().org_url
    return WikiPages(
        lambda: connect_client(ado.connection, timeout=settings.timeout),
        org_url,
        concurrency=settings.concurrency,  # requests to Azure DevOps in flight at once (DOC_CONTEXT_CONCURRENCY)
        max_pages=settings.max_pages,
    )


SOURCES: tuple[Opener, ...] = (confluence, wiki)


def _confluence_client(settings: Settings) -> Confluence | None:
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
        restrictions=settings.audience().checks_restrictions,
    )
    auth: httpx.Auth
    if settings.confluence_pat is not None:
        auth = BearerAuth(settings.confluence_pat.get_secret_value())
    else:
        assert settings.confluence_api_token is not None and settings.confluence_email is not None
        auth = basic(settings.confluence_email, settings.confluence_api_token.get_secret_value())
    return Confluence(config, auth, max_connections=settings.confluence_concurrency)


def is_gateway(api_base: str) -> bool:
    """Atlassian's API gateway (api.atlassian.com/ex/confluence/{cloudId}/...), which serves Cloud only."""
    parts = urlsplit(api_base)
    return parts.hostname == "api.atlassian.com" or parts.path.startswith("/ex/confluence/")
