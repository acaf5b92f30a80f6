"""One line for a connection that failed before any answer: DNS, proxy, TLS, refused, timed out.

The libraries wrap the cause several layers deep (msrest -> requests -> urllib3 -> ssl/socket; httpx ->
httpcore -> ssl/socket). A person needs the host and the setting to look at, not those layers.
"""

from __future__ import annotations

import socket
import ssl
import urllib.request
from collections.abc import Iterator
from urllib.parse import urlsplit


def connection_failure(exc: BaseException, *, ca_setting: str) -> str | None:
    """What went wrong and what to check, or None when the failure was not in reaching the host.

    ca_setting: the variable the client reads a CA bundle from (REQUESTS_CA_BUNDLE for the SDK).
    """
    chain = list(_chain(exc))
    url = _url(chain)
    host = urlsplit(url).netloc.rpartition("@")[2] if url else "the server"
    tls = next((e for e in chain if isinstance(e, ssl.SSLError)), None)
    connect_timeout = any("ConnectTimeout" in type(e).__name__ for e in chain)  # a read timeout reached the host
    unreached = connect_timeout or any(isinstance(e, (socket.gaierror, ConnectionRefusedError)) for e in chain)
    proxied = any(type(e).__name__ == "ProxyError" for e in chain) or (unreached and _env_proxy(url))
    if proxied and tls is None:  # requests says ProxyError; httpx only fails to connect, to the proxy
        return (
            f"could not reach {host} through the proxy ({_reason(chain)}): check HTTPS_PROXY, "
            f"or add {host} to NO_PROXY to connect directly"
        )
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
    if connect_timeout:
        return f"{host} did not take the connection in time: check the network, and HTTPS_PROXY/NO_PROXY"
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


def _url(chain: list[BaseException]) -> str:
    for e in chain:
        try:
            url = getattr(getattr(e, "request", None), "url", None)  # requests and httpx errors carry the request
        except RuntimeError:  # httpx: "the .request property has not been set"
            continue
        if url and urlsplit(str(url)).hostname:
            return str(url)
    return ""


def _env_proxy(url: str) -> bool:
    """Whether HTTPS_PROXY / HTTP_PROXY (and not NO_PROXY) send this URL through a proxy."""
    parts = urlsplit(url)
    if not parts.hostname or urllib.request.proxy_bypass(parts.hostname):
        return False
    return bool(urllib.request.getproxies_environment().get(parts.scheme))


def _reason(chain: list[BaseException]) -> str:
    """The innermost cause, as the OS or ssl put it."""
    inner = chain[-1]
    return (getattr(inner, "strerror", None) or str(inner) or type(inner).__name__)[:120]


def _tls_reason(e: ssl.SSLError) -> str:
    if isinstance(e, ssl.SSLCertVerificationError) and e.verify_message:
        return f"certificate verify failed: {e.verify_message}"
    return str(e.reason or e.strerror or e)[:120]
