"""Scripted misbehaviour for the recording server: what an injected answer may be, and the rules that
hand them out (in order, once each; or per key, each key its own copy)."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .messages import Reply, Request

FAULT_WORDS = ("reset", "timeout", "malformed", "pass", "reset-after", "timeout-after")
MALFORMED_BODY = b"<!DOCTYPE html><html><head><title>Sign In</title></head><body>Please sign in</body></html>"


# A scripted answer: a Reply, a status, a fault word, or (status, headers, body).
Answer = Reply | tuple[int, Mapping[str, str] | None, object] | int | str


@dataclass
class Rule:
    method: str
    pattern: re.Pattern[str]
    answers: deque[Answer] | None = None
    latency_ms: float = 0.0
    per: Callable[[Request], object] | None = None  # each key gets its own copy of `script`
    script: tuple[Answer, ...] = ()
    by_key: dict[object, deque[Answer]] = field(default_factory=dict)

    def matches(self, method: str, path: str) -> bool:
        return self.method in ("*", method.upper()) and self.pattern.search(path) is not None

    def take(self, request: Request) -> Answer | None:
        """The next scripted answer for this request (its key's, for a per-key rule), if any is left."""
        if self.per is None:
            return self.answers.popleft() if self.answers else None
        queue = self.by_key.setdefault(self.per(request), deque(self.script))
        return queue.popleft() if queue else None


def check_answer(answer: Answer) -> Answer:
    if isinstance(answer, str) and answer not in FAULT_WORDS:
        raise ValueError(f"unknown fault {answer!r}; use one of {FAULT_WORDS}, a status, a tuple or a Reply")
    if isinstance(answer, tuple) and len(answer) != 3:
        raise ValueError("a tuple answer is (status, headers, body)")
    return answer


def describe(answer: Answer | None) -> str | None:
    if answer is None or isinstance(answer, str):
        return answer
    if isinstance(answer, Reply):
        return f"status {answer.status}"
    return f"status {answer if isinstance(answer, int) else answer[0]}"
