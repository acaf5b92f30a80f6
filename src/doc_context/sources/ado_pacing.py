"""Writes that Azure DevOps answered 429: wait what Retry-After says, plus jitter, and try again until the
run's deadline. A 429 means the service did not process the request, so trying again cannot duplicate it.

Throttle     a requests response hook: the status and Retry-After of each thread's last answer
             (the SDK's exceptions drop both)
Pacing       the deadline and the seams: the clock (models.Clock) and the jitter (tests pass their own and
             read the sleeps)
paced(...)   one write under both
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from doc_context.errors import PublishError
from doc_context.models import Clock
from doc_context.sources import retry_after
from doc_context.sources.ado_transport import errors

T = TypeVar("T")
NO_HEADER_BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0)  # a 429 without Retry-After: waits, the last one repeating


class Throttle:
    """Remembers, per thread, the status and Retry-After of the last answer; add .hook to config.hooks."""

    def __init__(self) -> None:
        self._local = threading.local()

    def hook(self, response: Any, *args: object, **kwargs: object) -> None:
        self._local.last = (int(response.status_code), response.headers.get("Retry-After"))

    def clear(self) -> None:
        self._local.last = None

    def last(self) -> tuple[int, str | None] | None:
        got: tuple[int, str | None] | None = getattr(self._local, "last", None)
        return got


@dataclass
class Pacing:
    """How long writes may wait on 429s: until `end` on `clock`; each wait is Retry-After plus up to half
    again (jitter), so a burst of runs throttled together does not come back together."""

    end: float  # on clock.monotonic()
    clock: Clock = time
    jitter: Callable[[], float] = random.random  # in [0, 1)

    @classmethod
    def for_seconds(cls, seconds: float, clock: Clock = time) -> Pacing:
        return cls(clock.monotonic() + seconds, clock)

    def remaining(self) -> float:
        return self.end - self.clock.monotonic()

    def wait_for(self, header: str | None, attempt: int) -> float:
        base = retry_after.seconds(header, now=self.clock.time())
        if base is None:
            base = NO_HEADER_BACKOFF[min(attempt, len(NO_HEADER_BACKOFF)) - 1]
        return base + self.jitter() * max(base / 2, 0.25)


def paced(action: str, call: Callable[[], T], *, pacing: Pacing, throttle: Throttle) -> T:
    """A write, tried again while the service answers 429 and the deadline allows the wait."""
    attempt = 0
    while True:
        throttle.clear()
        try:
            with errors(action, PublishError):
                return call()
        except PublishError as e:
            answer = throttle.last()
            if answer is None or answer[0] != 429:
                raise
            attempt += 1
            wait = pacing.wait_for(answer[1], attempt)
            if wait >= pacing.remaining():
                raise PublishError(
                    f"could not {action}: Azure DevOps is rate limiting this identity (429, {attempt} times), and "
                    f"waiting {wait:.0f} s more would pass the run's deadline (DOC_CONTEXT_DEADLINE)",
                    ambiguous=False,  # a 429 was not processed: nothing to look for
                ) from e
            pacing.clock.sleep(wait)
