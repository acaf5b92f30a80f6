"""Pure: the one table of units, for a criterion's values, the change's and the pages' alike.

    unit("seconds"), unit("s"), unit("secs")    # "s" each: 30 seconds, 30 s and 30 secs are one value
    said_by("s")                                 # {"second", "sec"}: the words a line may say the unit with
    written_after("30", "s")                     # a pattern for "30s", "30 sec", "30 seconds" (lower case)

A value with a unit needs its unit: "30 seconds" is not "30 days", nor a bare 30.
"""

from __future__ import annotations

import re
from functools import lru_cache

from doc_context.relevance.words import parts

_TABLE = {
    "%": "%", "percent": "%", "pct": "%", "‰": "‰",
    "ms": "ms", "millis": "ms", "millisecond": "ms", "milliseconds": "ms",
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "m": "min", "min": "min", "mins": "min", "minute": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d", "week": "w", "weeks": "w", "month": "mo", "months": "mo",
    "year": "y", "years": "y",
    "b": "B", "byte": "B", "bytes": "B", "kb": "KB", "kib": "KB", "mb": "MB", "mib": "MB", "gb": "GB", "gib": "GB",
    "€": "EUR", "eur": "EUR", "$": "USD", "usd": "USD", "£": "GBP", "gbp": "GBP", "chf": "CHF",
    "cent": "ct", "cents": "ct", "px": "px", "x": "x", "×": "x", "time": "x", "times": "x",
    "retry": "tries", "retries": "tries", "attempt": "tries", "attempts": "tries", "tries": "tries",
    "item": "items", "items": "items", "line": "lines", "lines": "lines", "row": "rows", "rows": "rows",
    "request": "req", "requests": "req", "rps": "req/s", "char": "chars", "chars": "chars", "character": "chars",
    "characters": "chars", "digit": "digits", "digits": "digits", "page": "pages", "pages": "pages",
    "user": "users", "users": "users", "order": "orders", "orders": "orders", "result": "results",
    "results": "results",
}  # fmt: skip
UNITS = frozenset(_TABLE.values())
_NUMBER = r"\d{1,2}:\d{2}(?!\d)|\d+(?:[_,]\d{3})*(?:\.\d+)?"  # 14:00, 10_000, 3.335
_VALUE = re.compile(
    rf"(?<![\w.])([€$£])?\s?({_NUMBER})(?:\s?(%|‰|€|[A-Za-z]+\b))?(?![\w.]\d)",
)
_RANGE = re.compile(r"(?<![\w.])(\d+)\s*(?:to|-|–|and)\s*(\d+)\s+(?:business\s+|working\s+|calendar\s+)?([A-Za-z%]+)")
_ASSIGNED = re.compile(rf"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*[:=]\s*\(?({_NUMBER})\b")  # TIMEOUT_SECONDS = 30
_DIGIT = re.compile(r"\d")


def unit(word: str) -> str:
    """The unit a word (or symbol) says, as one code ("seconds" -> "s"), or "" for none."""
    return _TABLE.get(word.casefold(), "")


@lru_cache(maxsize=64)
def said_by(code: str) -> frozenset[str]:
    """The words (relevance/words.parts) a line may say the unit with: "s" -> second, sec."""
    return frozenset(w for written, c in _TABLE.items() if c == code for w in parts(written))


@lru_cache(maxsize=1_024)
def written_after(value: str, code: str) -> re.Pattern[str] | None:
    """A pattern for the unit written right after the number, lower case: 14d, 30 s, 15 %, 30 seconds."""
    forms = sorted((w for w, c in _TABLE.items() if c == code), key=len, reverse=True)
    if not forms:
        return None
    alias = "|".join(re.escape(w) for w in forms)
    return re.compile(rf"(?<![\d.]){re.escape(value)}(?:\.0+)?\s*(?:{alias})(?![a-z])")


def values(text: str) -> list[tuple[str, str]]:
    """The values a text states with their units: "30 seconds" -> ("30", "s"), "€10.02" -> ("10.02", "EUR"),
    "15 %" -> ("15", "%"); a lone digit without a unit is no value."""
    out: list[tuple[str, str]] = []
    if not _DIGIT.search(text):
        return out
    for m in _RANGE.finditer(text):  # "2 to 4 business days": both ends in days
        said = unit(m.group(3))
        out += [(m.group(1), said), (m.group(2), said)] if said else []
    for m in _VALUE.finditer(text):
        before, number, after = m.group(1), m.group(2).replace("_", "").replace(",", ""), m.group(3) or ""
        said = unit(before or "") or unit(after)
        if said or len(number) >= 2:
            out.append((number, said))
    for m in _ASSIGNED.finditer(text):
        pieces = [p for p in re.split(r"_|(?<=[a-z])(?=[A-Z])", m.group(1)) if p]
        said = unit(pieces[-1]) if len(pieces) > 1 else ""
        if said:
            out.append((m.group(2).replace("_", "").replace(",", ""), said))
    return out
