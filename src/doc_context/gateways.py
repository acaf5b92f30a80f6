"""Settings -> the real gateways (the SDK connection, the Confluence client), built once per run."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from . import __version__
from .confluence import BearerAuth, Confluence, ConfluenceConfig, basic
from .gather import Sources
from .links import Site
from .publish import Threads
from .settings import Settings


@dataclass(frozen=True)
class Wired:
    sources: Sources
    publisher: Threads


@contextmanager
def wire(settings: Settings) -> Iterator[Wired]:
    from . import ado  # the SDK is slow to import: only when a run needs it

    token = settings.ado_token().get_secret_value()
    gateway = ado.connect(settings.pull_request().org_url, ado.token_auth(token), timeout=settings.timeout,
                          user_agent=f"doc-context/{__version__}")
    confluence = _confluence(settings)
    site = Site.from_url(settings.confluence_url) if settings.confluence_url else None
    try:
        yield Wired(Sources(gateway, confluence, site, max_pages=settings.confluence_max_pages,
                            concurrency=settings.concurrency, read_threads=not settings.dry_run), gateway)
    finally:
        if confluence is not None:
            confluence.close()


def _confluence(settings: Settings) -> Confluence | None:
    if not settings.confluence_configured() or settings.confluence_url is None:
        return None
    if settings.confluence_pat is not None:
        config = ConfluenceConfig(api_base=settings.confluence_url, cloud=False, timeout=min(settings.timeout, 20.0))
        return Confluence(config, BearerAuth(settings.confluence_pat.get_secret_value()))
    assert settings.confluence_api_token is not None and settings.confluence_email is not None
    config = ConfluenceConfig(api_base=settings.confluence_url, cloud=True, timeout=min(settings.timeout, 20.0))
    return Confluence(config, basic(settings.confluence_email, settings.confluence_api_token.get_secret_value()),
                      max_connections=settings.concurrency)
