"""A loopback HTTP server that records every request and misbehaves on cue.

RecordingServer(host="127.0.0.1", port=0, fault_timeout_s=3.0, tls=None)
    .start() / .close() / `with`      serve on a daemon thread (ThreadingHTTPServer, keep-alive; close is immediate);
                                      over TLS with an ssl.SSLContext as tls
    .requests(method, path_regex)     what was received, in order (a Request each)
    .exchanges(method, path_regex)    the same, each with the Reply it got
    .add_fault(method, path_regex, [answer, ...], per=None)
                                      the next matching requests get these answers, once each
                                      (with per=key(request): each key gets them all):
                                      a Reply, (status, headers, body), a status int,
                                      "reset", "timeout", "malformed" or "pass";
                                      "reset-after"/"timeout-after" do the work first, then lose the answer
    .latency_ms / .add_latency(...)   delay answers without serializing concurrent requests
    .handle_request(request) -> Reply the normal answer: what subclasses override
"""

from __future__ import annotations

import re
import selectors
import socket
import ssl
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace
from types import MappingProxyType
from urllib.parse import parse_qsl, urlsplit

from .faults import FAULT_WORDS, MALFORMED_BODY, Answer, Rule, check_answer, describe
from .messages import Headers, Reply, Request
from .wire import Handler, HTTPServer, parse_json, read_body, reset, write

__all__ = ["Headers", "RecordingServer", "Reply", "Request"]


class RecordingServer:
    """A threaded loopback server; subclasses answer in handle_request()."""

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, fault_timeout_s: float = 3.0, tls: ssl.SSLContext | None = None
    ) -> None:
        self.fault_timeout_s = fault_timeout_s
        self.scheme = "https" if tls else "http"
        self.latency_ms = 0.0
        self.errors: list[str] = []  # tracebacks of bugs in handle_request (answered with a 500)
        self._log: list[Request] = []
        self._replies: dict[int, Reply] = {}  # id(request) -> what it was answered (none when reset or timed out)
        self._faults: list[Rule] = []
        self._latencies: list[Rule] = []
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._thread: threading.Thread | None = None
        try:
            self._httpd = HTTPServer((host, port), Handler)
        except OSError as e:
            raise OSError(e.errno, f"cannot listen on {host}:{port} ({e.strerror})") from None
        if tls is not None:  # the handshake happens in the request's thread, on its first read
            self._httpd.socket = tls.wrap_socket(self._httpd.socket, server_side=True, do_handshake_on_connect=False)
        self._httpd.daemon_threads = True
        self._httpd.timeout = 0
        self._wake_r, self._wake_w = socket.socketpair()
        self._httpd.owner = self

    # -- lifecycle
    @property
    def port(self) -> int:
        return int(self._httpd.server_address[1])

    @property
    def origin(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        return self.origin

    def start(self) -> RecordingServer:
        if self._thread is None:
            self._thread = threading.Thread(target=self._accept, name=f"{type(self).__name__}:{self.port}", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        self._closing.set()
        if self._thread is not None:
            self._wake_w.send(b"x")  # the accept loop returns now, not at its next poll
            self._thread.join()
            self._thread = None
        self._httpd.server_close()
        self._wake_r.close()
        self._wake_w.close()

    def _accept(self) -> None:
        """serve_forever, woken by close() at once instead of polling for it (each test closes two servers)."""
        with selectors.DefaultSelector() as selector:
            selector.register(self._httpd, selectors.EVENT_READ)
            selector.register(self._wake_r, selectors.EVENT_READ)
            while not self._closing.is_set():
                ready = selector.select()
                if not self._closing.is_set() and any(key.fileobj is self._httpd for key, _ in ready):
                    self._httpd.handle_request()  # timeout 0: accepts the waiting connection, never blocks

    def __enter__(self) -> RecordingServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the log
    def requests(self, method: str | None = None, path_regex: str | None = None) -> list[Request]:
        """Received requests, oldest first; path_regex is searched in the path, ignoring case."""
        with self._lock:
            log = list(self._log)
        pattern = re.compile(path_regex, re.I) if path_regex else None
        return [
            r
            for r in log
            if (method is None or r.method == method.upper()) and (pattern is None or pattern.search(r.path))
        ]

    def exchanges(self, method: str | None = None, path_regex: str | None = None) -> list[tuple[Request, Reply]]:
        """Requests (as requests() selects them) that were answered, each with its answer."""
        with self._lock:
            replies = dict(self._replies)
        return [(r, replies[id(r)]) for r in self.requests(method, path_regex) if id(r) in replies]

    def clear(self) -> None:
        """Forget the recorded requests (faults and latencies stay)."""
        with self._lock:
            self._log.clear()
            self._replies.clear()

    # -- misbehaviour
    def add_fault(
        self,
        method: str,
        path_regex: str,
        answers: Iterable[Answer],
        *,
        per: Callable[[Request], object] | None = None,
    ) -> None:
        """The next matching requests get these answers, in order, once each. With `per` (a request ->
        key), every key gets the whole list: "the first two reads of each page", whatever the interleaving."""
        script = tuple(check_answer(a) for a in answers)
        rule = Rule(method.upper(), re.compile(path_regex, re.I), answers=deque(script), per=per, script=script)
        with self._lock:
            self._faults.append(rule)

    def pending_faults(self) -> int:
        """How many injected answers are still waiting for a request (of the keys seen, for per-key rules)."""
        with self._lock:
            return sum(sum(map(len, f.by_key.values())) if f.per else len(f.answers or ()) for f in self._faults)

    def clear_faults(self) -> None:
        with self._lock:
            self._faults.clear()

    def add_latency(self, method: str, path_regex: str, ms: float) -> None:
        """Delay every matching answer by ms (added to latency_ms) until clear_latency()."""
        with self._lock:
            self._latencies.append(Rule(method.upper(), re.compile(path_regex, re.I), latency_ms=ms))

    def clear_latency(self) -> None:
        with self._lock:
            self._latencies.clear()
        self.latency_ms = 0.0

    # -- answering
    def handle_request(self, request: Request) -> Reply:
        """The normal answer; subclasses override it."""
        return Reply.text("Not Found", 404)

    def fault_reply(self, status: int) -> Reply:
        """The body of an injected bare status code; subclasses give it the service's error shape."""
        return Reply.text(f"injected {status}", status)

    def pause(self, seconds: float) -> None:
        """The latency before an answer, on the handler's own thread; closing the server cuts it short.
        The seam for tests of the latency itself: a subclass records it instead of waiting."""
        self._closing.wait(seconds)

    def _take_fault(self, request: Request) -> Answer | None:
        with self._lock:
            for rule in self._faults:
                if rule.matches(request.method, request.path):
                    answer = rule.take(request)
                    if answer is not None:
                        return answer
        return None

    def _delay_s(self, method: str, path: str) -> float:
        with self._lock:
            extra = sum(r.latency_ms for r in self._latencies if r.matches(method, path))
        return (self.latency_ms + extra) / 1000.0

    def _serve(self, h: Handler) -> None:
        body = read_body(h)
        split = urlsplit(h.path)
        request = Request(
            method=h.command,
            path=split.path,
            query=MappingProxyType(dict(parse_qsl(split.query, keep_blank_values=True))),
            headers=Headers(h.headers.items()),
            body=body,
            json=parse_json(body),
            time=time.time(),
            target=h.path,
            peer=(str(h.client_address[0]), int(h.client_address[1])),
        )
        fault = self._take_fault(request)
        request = replace(request, fault=describe(fault))
        with self._lock:
            self._log.append(request)
        delay = self._delay_s(h.command, split.path)
        if delay > 0:
            self.pause(delay)
        if fault in ("reset-after", "timeout-after"):  # the work is done, the answer is lost: ambiguous
            self._answer(request, None)
            fault = fault.removesuffix("-after")
        if fault == "reset":
            return reset(h)
        if fault == "timeout":
            self._closing.wait(self.fault_timeout_s)
            h.close_connection = True
            return None
        reply = self._answer(request, fault)
        with self._lock:
            self._replies[id(request)] = reply
        write(h, reply)
        return None

    def _answer(self, request: Request, fault: Answer | None) -> Reply:
        if fault == "malformed":
            return Reply(200, {"Content-Type": "application/json; charset=utf-8"}, MALFORMED_BODY)
        if fault is not None and fault != "pass":
            return self._coerce(fault)
        try:
            return self.handle_request(request)
        except Exception:
            text = traceback.format_exc()
            with self._lock:
                self.errors.append(text)
            return Reply.text(text, 500)

    def _coerce(self, answer: Answer) -> Reply:
        if isinstance(answer, Reply):
            return answer
        if isinstance(answer, int):
            return self.fault_reply(answer)
        if isinstance(answer, str):
            raise ValueError(f"unknown fault {answer!r}: one of {', '.join(FAULT_WORDS)}")
        status, given, body = answer
        headers = dict(given or {})
        if isinstance(body, (dict, list)):
            return Reply.json(body, status, headers)
        if isinstance(body, str):
            headers.setdefault("Content-Type", "text/plain; charset=utf-8")
            return Reply(status, headers, body.encode())
        return Reply(status, headers, body if isinstance(body, bytes) else b"")
