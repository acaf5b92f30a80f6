"""The TLS context every httpx client here verifies with by default, built once a process.

httpx builds a new context for each client made with verify=True, and loading the trusted roots into it
takes ~25 ms (encode/httpx#838); a run makes a client per source, the tests hundreds.
"""

from __future__ import annotations

import ssl
from functools import lru_cache

import httpx


@lru_cache(maxsize=1)
def default_context() -> ssl.SSLContext:
    """What httpx would build for verify=True: certifi's roots, or SSL_CERT_FILE / SSL_CERT_DIR when set."""
    return httpx.create_ssl_context()
