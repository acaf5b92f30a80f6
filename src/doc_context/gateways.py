"""Settings -> the real gateways (the SDK connection, the document sources of registry.py), built once per run,
and app.run with them (run_with: the one place a run's Options are made)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from doc_context import __version__
from doc_context.app import Options, run
from doc_context.change.read import ChangeReader
from doc_context.comment.publish import Threads
from doc_context.errors import ConfigError
from doc_context.gather import Sources
from doc_context.models import Clock, Notice, Outcome
from doc_context.preflight import Preflightable
from doc_context.registry import SOURCES, DeclaredSource
from doc_context.settings import Settings
from doc_context.sources.llm import ChatClient, chat_client
from doc_context.summary.extrafields import ExtraFields

if TYPE_CHECKING:
    from azure.core.credentials import TokenCredential
    from msrest.authentication import Authentication


class Gateway(Threads, Preflightable, Protocol):
    """The Azure DevOps gateway as the run (threads) and the preflight (reads, permission) use it."""


@dataclass(frozen=True)
class Wired:
    sources: Sources
    publisher: Gateway
    chat: ChatClient | None = None
    setup_notices: tuple[Notice, ...] = ()
    extra: ExtraFields = field(default_factory=dict)


@contextmanager
def wire(settings: Settings, documents: Sequence[DeclaredSource] = SOURCES, clock: Clock = time) -> Iterator[Wired]:
    """The gateways for one run; `documents`: the document sources to open (registry.SOURCES); `clock`: what the
    waits between tries go by (the gateway's clock, which the document sources read too)."""
    from doc_context.sources import ado  # the SDK is slow to import: only when a run needs it
    from doc_context.sources.ado_pacing import Pacing

    extra = settings.extra_fields
    gateway = ado.connect(
        settings.pull_request().org_url,
        ado_credentials(settings),
        timeout=settings.timeout,
        user_agent=f"doc-context/{__version__}",
        keep_fields=sorted({name for names in extra.values() for name in names}),
        pacing=Pacing.for_seconds(settings.deadline, clock),  # writes throttled with 429 wait until the run's end
    )
    chat, chat_notice = chat_client(settings)
    source_dir = settings.diff_checkout()
    audience = settings.audience()
    named = audience.named_projects  # their ids, asked in the first wave (a wiki link names its project by id)
    with ExitStack() as stack:
        opened = []
        for source in documents:
            opened.append(source.open(settings, gateway))
            stack.callback(opened[-1].close)
        if chat is not None:
            stack.callback(chat.close)
        yield Wired(
            Sources(
                gateway,
                tuple(opened),
                max_pages=settings.max_pages,
                concurrency=settings.concurrency,
                read_threads=not settings.dry_run,
                parent_depth=settings.parent_depth,
                change=ChangeReader(
                    lambda: gateway.git, source_dir, concurrency=settings.concurrency, deadline=settings.deadline
                ),
                audience=audience,
                project_ids=(lambda: gateway.project_ids(named)) if named else None,
                story=gateway,
            ),
            gateway,
            chat,
            (chat_notice,) if chat_notice else (),
            extra,
        )


def run_with(settings: Settings, *, summary_url: str = "", clock: Clock = time) -> Outcome:
    """app.run with the real gateways: gather, summarize, and post unless settings.dry_run (`run`, `context` and
    the MCP tool alike: the context is what a run would post); the setup's notices first. summary_url: the build
    summary the comment links to ("" when the run uploads none)."""
    with wire(settings, clock=clock) as wired:
        options = Options(
            marker_key=settings.marker_key,
            thread_status=settings.thread_status,
            budget=settings.comment_budget,
            dry_run=settings.dry_run,
            deadline=settings.deadline,
            extra=wired.extra,
            summary_url=summary_url,
        )
        outcome = run(wired.sources, wired.publisher, settings.pull_request(), options, wired.chat)
    return replace(outcome, notices=wired.setup_notices + outcome.notices)


def ado_credentials(settings: Settings) -> Authentication:
    """The msrest credentials for settings.auth: a token (job token or PAT) or an Entra ID credential."""
    # msrest comes with the SDK: imported only when a run needs it
    from doc_context.sources.ado_transport import EntraAuth, token_auth

    if signs_in(settings):
        return EntraAuth(signed_in_credential())
    if settings.auth in ("auto", "system-token", "pat"):
        return token_auth(settings.ado_token().get_secret_value())
    return EntraAuth(entra_credential(settings))


def signs_in(settings: Settings) -> bool:
    """Outside a pipeline, with no token given, `auto` signs in with Entra ID as `az login` did (a person's
    machine). In a pipeline the missing job token is a mistake to name, never a reason to try another way."""
    given = [t for t in (settings.access_token, settings.pat) if t is not None and t.get_secret_value()]
    return settings.auth == "auto" and not settings.tf_build and not given


def signed_in_credential() -> TokenCredential:
    """The Azure CLI's sign-in, through azure-identity (the `entra` extra); only the CLI, so no probe of a
    managed identity endpoint from a person's machine."""
    try:
        from azure.identity import AzureCliCredential
    except ImportError:
        raise ConfigError(
            "no Azure DevOps credentials: set AZURE_DEVOPS_PAT (a personal access token that may read code and "
            "work items), or sign in with 'az login' after pip install 'doc-context[entra]'"
        ) from None
    return AzureCliCredential()


def entra_credential(settings: Settings) -> TokenCredential:
    """An azure-identity credential; azure-identity caches and refreshes its tokens."""
    try:
        from azure.identity import AzureCliCredential, AzurePipelinesCredential, ManagedIdentityCredential
    except ImportError as e:
        raise ConfigError(
            f"DOC_CONTEXT_AUTH={settings.auth} signs in with Entra ID, which needs azure-identity: "
            "pip install 'doc-context[entra]' (the DocContext task installs it for these auth modes)"
        ) from e

    if settings.auth == "managed-identity":
        return (
            ManagedIdentityCredential(client_id=settings.azure_client_id)
            if settings.azure_client_id
            else ManagedIdentityCredential()
        )
    if settings.auth == "azure-cli":
        return AzureCliCredential()
    missing = [
        name
        for name, value in (
            ("AZURE_TENANT_ID", settings.azure_tenant_id),
            ("AZURE_CLIENT_ID", settings.azure_client_id),
            ("AZURE_SERVICE_CONNECTION_ID", settings.azure_service_connection_id),
            ("SYSTEM_ACCESSTOKEN", settings.access_token),
        )
        if not value
    ]
    if missing:
        raise ConfigError(
            f"DOC_CONTEXT_AUTH=pipelines needs {', '.join(missing)}: the workload identity "
            "federation service connection's tenant, app (client) id and id, and the job token"
        )
    assert settings.azure_tenant_id and settings.azure_client_id and settings.azure_service_connection_id
    assert settings.access_token is not None
    return AzurePipelinesCredential(
        tenant_id=settings.azure_tenant_id,
        client_id=settings.azure_client_id,
        service_connection_id=settings.azure_service_connection_id,
        system_access_token=settings.access_token.get_secret_value(),
    )
