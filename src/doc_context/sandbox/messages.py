"""What the sandbox servers receive (Request, with case-insensitive Headers) and send (Reply)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


class Headers(Mapping[str, str]):
    """Request headers as received; lookups ignore case, and the last of repeated headers wins."""

    def __init__(self, items: Iterable[tuple[str, str]]) -> None:
        self._items = tuple(items)
        self._names = {k.lower(): k for k, _ in self._items}
        self._values = {k.lower(): v for k, v in self._items}

    def __getitem__(self, name: str) -> str:
        return self._values[name.lower()]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names.values())

    def __len__(self) -> int:
        return len(self._names)

    def get_all(self, name: str) -> list[str]:
        return [v for k, v in self._items if k.lower() == name.lower()]

    def __repr__(self) -> str:
        return f"Headers({dict(self.items())!r})"


@dataclass(frozen=True)
class Request:
    """One request as the server received it."""

    method: str
    path: str  # as sent: percent-encoding kept, no query
    query: Mapping[str, str]  # decoded; the last of repeated keys wins
    headers: Headers
    body: bytes
    json: Any  # the body parsed as JSON, or None
    time: float  # time.time() on arrival
    target: str = ""  # the raw request target, path and query
    peer: tuple[str, int] = ("", 0)  # the client's address: same port = same keep-alive connection
    fault: str | None = None  # the injected answer, when one was: "reset", "status 503", ...


@dataclass(frozen=True)
class Reply:
    """An HTTP answer."""

    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)
    body: bytes = b""

    @classmethod
    def json(cls, obj: object, status: int = 200, headers: Mapping[str, str] | None = None) -> Reply:
        data = json.dumps(obj, separators=(",", ":")).encode()
        return cls(status, {"Content-Type": "application/json; charset=utf-8", **(headers or {})}, data)

    @classmethod
    def text(
        cls,
        text: str,
        status: int = 200,
        content_type: str = "text/plain; charset=utf-8",
        headers: Mapping[str, str] | None = None,
    ) -> Reply:
        return cls(status, {"Content-Type": content_type, **(headers or {})}, text.encode())
