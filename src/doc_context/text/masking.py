"""Pure: a secret value that slipped into a text is masked, wherever the text goes (the log, stdout, a file)."""

from __future__ import annotations

from collections.abc import Iterable

MASK = "***"
MIN_SECRET = 4  # shorter values are not masked: "***" for every "a" would garble the text


def mask(text: str, secrets: Iterable[str]) -> str:
    """The text with each secret of MIN_SECRET characters or more replaced by MASK."""
    for secret in secrets:
        if len(secret) >= MIN_SECRET:
            text = text.replace(secret, MASK)
    return text
