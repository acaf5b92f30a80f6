"""Time for tests: a clock that records each sleep and returns at once, so no test waits or times itself."""

from __future__ import annotations

import threading

import httpx


class FakeClock:
    """Satisfies models.Clock; `advance` moves it on, as time passing would."""

    def __init__(self, now: float = 0.0, wall: float = 1_700_000_000.0) -> None:
        self.now = now
        self.wall = wall  # time() at the start: a whole second, so HTTP dates (whole seconds) come out exact
        self.sleeps: list[float] = []
        self._lock = threading.Lock()

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return self.wall

    def sleep(self, seconds: float, /) -> None:
        with self._lock:
            self.sleeps.append(seconds)
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds
            self.wall += seconds


class Ticking(httpx.BaseTransport):
    """The real httpx transport; each answer takes `seconds` on the fake clock."""

    def __init__(self, clock: FakeClock, seconds: float) -> None:
        self._inner = httpx.HTTPTransport()
        self._clock = clock
        self._seconds = seconds

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        self._clock.advance(self._seconds)
        return response

    def close(self) -> None:
        self._inner.close()
