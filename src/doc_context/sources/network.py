"""One line for a connection that failed before any answer: DNS, proxy, TLS, refused, timed out.

The libraries wrap the cause several layers deep (msrest -> requests -> urllib3 -> ssl/socket; httpx ->
httpcore -> ssl/socket). A person needs the host and the setting to look at, not those layers.
"""

from __future__ import annotations

import socket
import ssl
from collections.abc import Iterator
from urllib.parse import urlsplit


def connection_failure(exc: BaseException, *, ca_setting: str) -> str | None:
    """What went wrong and what to check, or None when the failure was not in reaching the host.

    ca_setting: the variable the client reads a CA bundle from (REQUESTS_CA_BUNDLE for the SDK).
    """
    chain = list(_chain(exc))
    host = _host(chain) or "the server"
    proxy = next((e for e in chain if type(e).__name__ == "ProxyError"), None)
    if proxy is not None:
        return (
            f"could not reach {host} through the proxy ({_reason(chain)}): check HTTPS_PROXY, "
            f"or add {host} to NO_PROXY to connect directly"
        )
    tls = next((e for e in chain if isinstance(e, ssl.SSLError)), None)
    if tls is not None:
        return (
            f"the TLS handshake with {host} failed ({_tls_reason(tls)}): if a proxy or a private CA signs its "
            f"certificate, point {ca_setting} at a CA bundle that holds that CA; check HTTPS_PROXY/NO_PROXY"
        )
    if any(isinstance(e, socket.gaierror) for e in chain):
        return (
            f"cannot resolve the host {host} (DNS): check the URL; behind a proxy, set HTTPS_PROXY "
            "(and NO_PROXY for the hosts reached directly)"
        )
    if any(isinstance(e, ConnectionRefusedError) for e in chain):
        return f"{host} refused the connection: check the URL's host and port, and HTTPS_PROXY/NO_PROXY"
    if any(isinstance(e, TimeoutError) or "Timeout" in type(e).__name__ for e in chain):
        return f"{host} did not answer in time: check the network, and HTTPS_PROXY/NO_PROXY"
    return None


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """The exception and every one it wraps: causes, contexts, and the libraries' own wrapping attributes."""
    seen: set[int] = set()
    todo = [exc]
    while todo:
        e = todo.pop(0)
        if id(e) in seen:
            continue
        seen.add(id(e))
        yield e
        wrapped = [getattr(e, "inner_exception", None), getattr(e, "reason", None), e.__cause__, e.__context__]
        todo += [w for w in [*wrapped, *e.args] if isinstance(w, BaseException)]


def _host(chain: list[BaseException]) -> str | None:
    for e in chain:
        try:
            url = getattr(getattr(e, "request", None), "url", None)  # requests and httpx errors carry the request
        except RuntimeError:  # httpx: "the .request property has not been set"
            continue
        if url:
            parts = urlsplit(str(url))
            if parts.hostname:
                return parts.netloc.rpartition("@")[2]
    return None


def _reason(chain: list[BaseException]) -> str:
    """The innermost cause, as the OS or ssl put it."""
    inner = chain[-1]
    return (getattr(inner, "strerror", None) or str(inner) or type(inner).__name__)[:120]


def _tls_reason(e: ssl.SSLError) -> str:
    if isinstance(e, ssl.SSLCertVerificationError) and e.verify_message:
        return f"certificate verify failed: {e.verify_message}"
    return str(e.reason or e.strerror or e)[:120]
