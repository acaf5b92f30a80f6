"""The one way doc-context talks to Confluence: a GET below the configured API base, bounded every way.

A path is built by our code, never taken from a work item, and must look like /rest/api/content/123.
Redirects are never followed (an answer, not a request elsewhere); bodies are streamed under a byte cap;
each request has connect and read timeouts, clipped to one deadline shared by all Confluence work of a run;
429/502/503/504, dropped connections and a 200 that is not JSON are retried a bounded number of times,
waiting what Retry-After says unless that is longer than max_retry_after; 401/403/404 and every other
status are answers, never retried.
"""

from __future__ import annotations

import json
import os
import re
import ssl
import threading
import time
from dataclasses import dataclass
from typing import Any

import httpx

from doc_context.errors import ConfigError, ConfluenceError
from doc_context.models import Clock
from doc_context.sources import retry_after
from doc_context.sources.network import connection_failure
from doc_context.sources.tls import default_context

DEADLINE = 60.0  # seconds for all Confluence work in one run (DOC_CONTEXT_CONFLUENCE_DEADLINE)
RETRY_STATUSES = frozenset({429, 502, 503, 504})
_PATH = re.compile(r"(?:/[A-Za-z0-9_-]+)+")


@dataclass(frozen=True)
class ConfluenceConfig:
    api_base: str  # https://acme.atlassian.net/wiki, https://dc.acme.com/confluence, or the scoped-token gateway
    cloud: bool  # Cloud: REST v2 (email + API token); Data Center: REST v1 (PAT, or username + password)
    detect: bool = False  # cloud is a guess: the credential check's answer settles it (CONFLUENCE_DEPLOYMENT=auto)
    site_url: str = ""  # where people read the pages, for web links (default: api_base)
    timeout: float = 10.0  # seconds to wait for an answer (each read)
    connect_timeout: float = 5.0
    retries: int = 2  # tries after the first, for 429/502/503/504, dropped connections, garbled answers
    max_retry_after: float = 30.0  # a longer Retry-After is not waited for: the answer stands
    deadline: float = DEADLINE  # seconds for all Confluence work in one run, from its first request
    max_response_bytes: int = 5_000_000
    verify: bool | str = True  # or a CA bundle (file or directory) for a self-hosted Data Center
    restrictions: bool = True  # read each page's view restrictions (its own and its ancestors') with its body
    product: str = "Confluence"  # what the messages call the service: another Atlassian source reuses this client
    setting: str = "CONFLUENCE"  # its settings' stem: {setting}_CA_BUNDLE, DOC_CONTEXT_{setting}_DEADLINE


@dataclass(frozen=True)
class Answer:
    status: int
    headers: httpx.Headers
    body: Any  # the JSON, or None (no body, not JSON, or a redirect)


class DeadlineExceeded(ConfluenceError):
    """The run's Confluence deadline passed: this and every later request are not made."""


class Unanswered(ConfluenceError):
    """No answer: the connection failed, dropped or timed out (worth another try)."""


class Untrusted(ConfluenceError):
    """TLS verification failed: the certificate is not signed by a trusted CA, or names another host."""


class GuardedClient:
    """httpx.Client below one base URL, with the bounds above; safe to share between threads."""

    def __init__(
        self,
        config: ConfluenceConfig,
        auth: httpx.Auth | None,
        *,
        transport: httpx.BaseTransport | None = None,
        max_connections: int = 8,
        clock: Clock = time,
    ) -> None:
        self.config = config
        self._clock = clock
        self._client = httpx.Client(
            base_url=config.api_base.rstrip("/"),
            auth=auth,
            follow_redirects=False,
            transport=transport,
            timeout=httpx.Timeout(config.timeout, connect=config.connect_timeout),
            verify=_verify(config.verify, config.setting),
            headers={"Accept": "application/json", "User-Agent": "doc-context"},
            limits=httpx.Limits(max_connections=max_connections),
        )
        self._lock = threading.Lock()
        self._ends_at: float | None = None

    def close(self) -> None:
        self._client.close()

    def get(self, path: str, params: dict[str, str] | None = None) -> Answer:
        """The answer to GET base+path?params; ConfluenceError when there is none to give."""
        if not _PATH.fullmatch(path):
            raise ValueError(f"not an API path: {path!r}")
        attempt = 0
        while True:
            answer, error = self._try(path, params)
            wait = self._wait(answer, error, attempt)
            if wait is None:
                if error is not None:
                    raise error
                assert answer is not None
                return answer
            self._clock.sleep(wait)
            attempt += 1

    def left(self) -> float:
        """Seconds until the deadline; the clock starts with the first request."""
        with self._lock:
            if self._ends_at is None:
                self._ends_at = self._clock.monotonic() + self.config.deadline
            return self._ends_at - self._clock.monotonic()

    def _try(self, path: str, params: dict[str, str] | None) -> tuple[Answer | None, ConfluenceError | None]:
        try:
            return self._get_once(path, params), None
        except httpx.HTTPError as e:  # a transport failure, or a body that does not decode (bad gzip)
            untrusted = _untrusted(e)
            if self.left() <= 0:
                error: ConfluenceError = self._deadline()
            elif untrusted:
                error = Untrusted(
                    f"{self.config.product}'s TLS certificate is not trusted ({untrusted}); for a private CA, "
                    f"set {self.config.setting}_CA_BUNDLE to its PEM file"
                )
            else:
                failure = unreachable(e, self.config.product, self.config.setting)
                error = Unanswered(failure or f"{self.config.product} did not answer ({type(e).__name__})")
            error.__cause__ = e
            return None, error
        except ConfluenceError as e:
            return None, e

    def _wait(self, answer: Answer | None, error: ConfluenceError | None, attempt: int) -> float | None:
        """Seconds to wait before trying again, or None to stop here."""
        if attempt >= self.config.retries:
            return None
        if error is not None:
            if type(error) is not Unanswered:
                return None  # the deadline, an untrusted certificate, too large: the same again
            wait = 0.2 * 2**attempt
        elif answer is not None and answer.status in RETRY_STATUSES:
            asked = retry_after.seconds(answer.headers.get("retry-after"), now=self._clock.time())
            wait = 0.5 * 2**attempt if asked is None else asked
            if wait > self.config.max_retry_after:
                return None
        elif answer is not None and answer.status == 200 and answer.body is None:
            wait = 0.2 * 2**attempt  # a garbled answer (a proxy's page, a cut body): once more
        else:
            return None
        return wait if wait < self.left() else None

    def _get_once(self, path: str, params: dict[str, str] | None) -> Answer:
        left = self.left()
        if left <= 0:
            raise self._deadline()
        timeout = httpx.Timeout(min(self.config.timeout, left), connect=min(self.config.connect_timeout, left))
        with self._client.stream("GET", path, params=params, timeout=timeout) as response:
            if response.is_redirect:
                return Answer(response.status_code, response.headers, None)  # never followed
            cap = self.config.max_response_bytes
            if _content_length(response.headers) > cap:
                raise ConfluenceError(f"the answer is larger than {cap} bytes; not read")
            data = bytearray()
            for chunk in response.iter_bytes():  # decoded: the cap holds after decompression too
                data += chunk
                if len(data) > cap:
                    raise ConfluenceError(f"the answer is larger than {cap} bytes; not read")
                if self.left() <= 0:
                    raise self._deadline()
            return Answer(response.status_code, response.headers, _json(bytes(data)))

    def _deadline(self) -> DeadlineExceeded:
        return DeadlineExceeded(
            f"not read within the {self.config.product} deadline of {self.config.deadline:g} s "
            f"(DOC_CONTEXT_{self.config.setting}_DEADLINE)"
        )


def _verify(verify: bool | str, setting: str = "CONFLUENCE") -> bool | ssl.SSLContext:
    """httpx's default context (certifi's roots, one a process), or a context trusting a CA bundle."""
    if verify is True:
        return default_context()
    if isinstance(verify, bool):
        return verify
    try:
        if os.path.isdir(verify):
            return ssl.create_default_context(capath=verify)
        return ssl.create_default_context(cafile=verify)
    except (OSError, ssl.SSLError) as e:
        raise ConfigError(f"{setting}_CA_BUNDLE: cannot load {verify!r} as PEM certificates ({e})") from e


def _untrusted(error: BaseException) -> str:
    """The certificate problem behind a connection error, or "" when it was something else."""
    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return seen.verify_message or "certificate verify failed"
        seen = seen.__cause__ or seen.__context__
    return ""


def _content_length(headers: httpx.Headers) -> int:
    value = headers.get("content-length", "")
    return int(value) if value.isdecimal() else 0


def _json(data: bytes) -> Any:
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


def unreachable(e: BaseException, product: str = "Confluence", setting: str = "CONFLUENCE") -> str | None:
    """The service could not be reached: the host and what to check (DNS, proxy, TLS)."""
    failure = connection_failure(e, ca_setting=f"{setting}_CA_BUNDLE")
    return f"{product} could not be reached: {failure}" if failure else None
