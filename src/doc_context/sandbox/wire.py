"""The sandbox servers' HTTP plumbing: the threading server, the handler that hands each request to its
RecordingServer, and reading and writing the bytes (chunked bodies, a reset instead of an answer)."""

from __future__ import annotations

import json
import socket
import ssl
import struct
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

from .messages import Reply

if TYPE_CHECKING:
    from .server import RecordingServer


class HTTPServer(ThreadingHTTPServer):
    request_queue_size = 128  # a burst of concurrent connects must not overflow the listen backlog
    owner: RecordingServer

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (ssl.SSLError, ConnectionError)):
            return  # a client that refused our certificate, or hung up: not a bug in the fake
        super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive; every answer carries Content-Length
    disable_nagle_algorithm = True  # headers and body go out as two writes: no 40 ms delayed-ACK stall

    def log_message(self, format: str, *args: object) -> None:
        pass

    server: HTTPServer

    def _dispatch(self) -> None:
        self.server.owner._serve(self)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = _dispatch


def read_body(h: BaseHTTPRequestHandler) -> bytes:
    if h.headers.get("Transfer-Encoding", "").lower() == "chunked":
        chunks = []
        while size := int(h.rfile.readline().split(b";")[0].strip() or b"0", 16):
            chunks.append(h.rfile.read(size))
            h.rfile.readline()
        while h.rfile.readline() not in (b"\r\n", b"\n", b""):
            pass
        return b"".join(chunks)
    length = int(h.headers.get("Content-Length") or 0)
    return h.rfile.read(length) if length else b""


def parse_json(body: bytes) -> Any:
    if not body:
        return None
    try:
        return json.loads(body)
    except ValueError:
        return None


def write(h: BaseHTTPRequestHandler, reply: Reply) -> None:
    h.send_response(reply.status)
    for name, value in reply.headers.items():
        h.send_header(name, value)
    h.send_header("Content-Length", str(len(reply.body)))
    h.end_headers()
    if h.command != "HEAD" and reply.body:
        h.wfile.write(reply.body)


def reset(h: BaseHTTPRequestHandler) -> None:
    """Close without an answer; linger 0 makes the close a TCP reset."""
    h.close_connection = True
    try:
        h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        h.connection.close()  # really closed once the handler drops its file objects
    except OSError:
        pass
