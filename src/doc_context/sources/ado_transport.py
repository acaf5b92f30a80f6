"""How doc-context talks to Azure DevOps through msrest: retries, credentials, and SDK errors as ours.

retry_policy()      bounded retries on 429 (Retry-After honoured), 5xx, resets and timeouts for reads
                    (use_retries sets it on an SDK client);
                    a POST that may have created a thread is never blindly repeated (writes: ado_pacing);
                    its waits on the run's clock (models.Clock: tests pass a fake one, so nothing waits)
token_auth / EntraAuth   the job token or a PAT (Basic), or an azure-identity credential (Bearer)
read(action, call)  a read, mapped to SourceError, tried again when its answer did not parse
errors(action, kind)     the SDK's exceptions -> ours, with the fix when we know it
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import requests
from azure.core.credentials import TokenCredential
from azure.core.exceptions import AzureError, DeserializationError
from azure.devops.exceptions import AzureDevOpsAuthenticationError, AzureDevOpsServiceError
from msrest.authentication import Authentication, BasicAuthentication
from msrest.exceptions import ClientException
from urllib3.response import BaseHTTPResponse
from urllib3.util.retry import Retry

from doc_context.errors import PublishError, SourceError, first_line
from doc_context.models import Clock
from doc_context.sources.network import connection_failure

T = TypeVar("T")
ADO_SCOPE = "499b84ac-1321-427f-aa17-267ca6975798/.default"  # Azure DevOps, for Entra ID tokens
MAX_RETRY_AFTER = 20.0  # seconds


class _Retry(Retry):
    """Retry every verb on 429/5xx and connection errors, except writes: a POST that reached the server
    may have created a thread (the publisher looks for it before posting anew), and a write answered 429
    waits here for nothing: ado_pacing tries it again, as long as the run's deadline allows."""

    BACKOFF_MAX = 30  # msrest's debug log reads this name, which urllib3 2 dropped
    post_is_read = False  # the work item client's POSTs are batch reads: safe to repeat
    clock: Clock = time  # where the waits happen; each retry's next state (new()) keeps it

    def new(self, **kw: Any) -> _Retry:
        fresh = super().new(**kw)
        fresh.clock = self.clock
        return fresh

    def sleep(self, response: BaseHTTPResponse | None = None) -> None:
        """urllib3's wait before the next try, on the clock: what Retry-After asks, else the backoff."""
        asked = self.get_retry_after(response) if self.respect_retry_after_header and response else None
        seconds = asked or self.get_backoff_time()
        if seconds > 0:
            self.clock.sleep(seconds)

    def get_retry_after(self, response: BaseHTTPResponse) -> float | None:
        """Honour Retry-After, within a bound: a step must not sleep for an hour on one header."""
        seconds = super().get_retry_after(response)
        return None if seconds is None else min(seconds, MAX_RETRY_AFTER)

    def is_retry(self, method: str, status_code: int, has_retry_after: bool = False) -> bool:
        write = method.upper() in ("POST", "PATCH") and not self.post_is_read
        if write and (method.upper() == "POST" or status_code == 429):
            return False
        return super().is_retry(method, status_code, has_retry_after)


class _ReadRetry(_Retry):
    post_is_read = True


def retry_policy(total: int = 4, *, post_is_read: bool = False, clock: Clock = time) -> Retry:
    """Bounded retries on 429 (Retry-After honoured), 5xx, resets and timeouts; see _Retry for POST. The waits
    between tries are clock.sleep's."""
    methods = {"GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"} | ({"POST"} if post_is_read else set())
    policy = (_ReadRetry if post_is_read else _Retry)(
        total=total,
        connect=3,
        read=2,
        status=total,
        backoff_factor=0.5,
        backoff_max=30,
        status_forcelist=(429, 500, 502, 503, 504),
        allowed_methods=frozenset(methods),
        respect_retry_after_header=True,
        raise_on_status=False,
    )
    policy.clock = clock
    return policy


def use_retries(client: Any, *, timeout: float, clock: Clock = time, post_is_read: bool = False) -> None:
    """Our retry policy and timeout on an SDK client, in every thread. msrest gave the thread that built the client
    its session then, with msrest's default retries (Retry-After unbounded, waits off our clock): that session is
    replaced by one made from ours, as the other threads' sessions are made when they first send."""
    client.config.retry_policy.policy = retry_policy(post_is_read=post_is_read, clock=clock)
    client.config.connection.timeout = timeout
    sender = client.config.pipeline._sender.driver  # msrest's RequestsHTTPSender: its session setter mounts the policy
    built = sender.session
    sender.session = requests.Session()
    built.close()


def token_auth(token: str) -> Authentication:
    return BasicAuthentication("", token)


class EntraAuth(Authentication):
    """An azure-identity credential for msrest: a token per request (cached and refreshed by azure-identity)."""

    def __init__(self, credential: TokenCredential) -> None:
        super().__init__()
        self._credential = credential

    def signed_session(self, session: requests.Session | None = None) -> requests.Session:
        session = super().signed_session(session)
        session.headers["Authorization"] = "Bearer " + self._credential.get_token(ADO_SCOPE).token
        return session


def read(action: str, call: Callable[[], T]) -> T:
    """A read, tried once more when its answer did not parse (a proxy's error page, a cut-off body)."""
    for attempt in (1, 2):
        try:
            with errors(action, SourceError):
                return call()
        except SourceError as e:
            if attempt == 2 or not isinstance(e.__cause__, (DeserializationError, ValueError)):
                raise
    raise AssertionError("unreachable")


class errors:
    """Map the SDK's exceptions to ours, with the action that failed and what to do."""

    def __init__(self, action: str, kind: type[Exception]) -> None:
        self.action, self.kind = action, kind

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: type | None, exc: BaseException | None, tb: object) -> None:
        if exc is None or not isinstance(
            exc, (ClientException, AzureDevOpsServiceError, OSError, ValueError, AzureError)
        ):
            return
        message = f"could not {self.action}: {explain(exc)}"
        if self.kind is PublishError:
            raise PublishError(message, ambiguous=_ambiguous(exc)) from exc
        raise self.kind(message) from exc


def _ambiguous(exc: BaseException) -> bool:
    """Whether a failed write may still have happened (a 5xx, a reset, a timeout), not a refusal."""
    if isinstance(exc, AzureDevOpsAuthenticationError):
        return False
    if isinstance(exc, AzureDevOpsServiceError):
        refusal = ("Permission", "NotFound", "Security", "Unauthorized", "Argument", "Invalid")
        return not any(word in (exc.type_key or "") for word in refusal)
    return True


def explain(exc: BaseException) -> str:
    """One line from an SDK error, with the fix when we know it."""
    said = first_line(str(exc))
    if isinstance(exc, AzureError) and ("Azure CLI" in said or "az login" in said):  # the CLI's sign-in
        how = "an account" if "az login" in said else "'az login', with an account"  # not said twice
        return (
            f"Entra ID sign-in failed ({type(exc).__name__}: {said}). Sign in with {how} of the Azure DevOps "
            "organization, or set AZURE_DEVOPS_PAT"
        )
    if isinstance(exc, AzureError):
        return (
            f"Entra ID sign-in failed ({type(exc).__name__}: {first_line(str(exc))}). Check "
            "DOC_CONTEXT_AUTH and AZURE_TENANT_ID / AZURE_CLIENT_ID / AZURE_SERVICE_CONNECTION_ID, and that the "
            "identity was added to the Azure DevOps organization"
        )
    if isinstance(exc, AzureDevOpsAuthenticationError):
        return (
            "the token was rejected (401). Map it with 'env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)' "
            "or set a valid AZURE_DEVOPS_PAT"
        )
    unreachable = connection_failure(exc, ca_setting="REQUESTS_CA_BUNDLE")
    if unreachable:
        return unreachable
    message = first_line(getattr(exc, "message", None) or str(exc), 300) or type(exc).__name__
    if "TF401027" in message or getattr(exc, "type_key", "") == "GitNeedsPermissionException":
        return (
            f"{message} Grant 'Contribute to pull requests' to '<Project> Build Service (<org>)' under "
            "Project settings > Repositories > Security"
        )
    if getattr(exc, "type_key", "") == "GitPullRequestNotFoundException":
        return f"{message} Check SYSTEM_PULLREQUEST_PULLREQUESTID and BUILD_REPOSITORY_ID"
    return message
