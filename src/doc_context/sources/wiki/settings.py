"""The wiki's declaration (the edge of its package): how a run opens it. It has no settings of its own: it reads
with the Azure DevOps credential that read the pull request, on the run's own organization."""

from __future__ import annotations

from typing import TYPE_CHECKING

from doc_context.settings.source import DeclaredSource
from doc_context.sources.wiki.pages import NAME, SECTION, WikiPages, connect_client

if TYPE_CHECKING:
    from doc_context.settings import Settings
    from doc_context.sources.ado import AzureDevOps


def open_wiki(settings: Settings, ado: AzureDevOps) -> WikiPages:
    """Azure DevOps wiki pages on the run's own organization, read with its Azure DevOps credential."""
    return WikiPages(
        lambda: connect_client(ado.connection, timeout=settings.timeout, clock=ado.clock),
        settings.pull_request().org_url,
        concurrency=settings.concurrency,  # requests to Azure DevOps in flight at once (DOC_CONTEXT_CONCURRENCY)
    )


WIKI = DeclaredSource(NAME, "Azure DevOps wiki", SECTION, open_wiki)
