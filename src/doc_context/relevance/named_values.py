"""Pure: named values, the values a text names rather than counts: an enum member (`MidpointRounding.ToEven`,
`RoundingMode.HALF_UP`) or a constant in capitals (`ROUND_HALF_UP`, `HALF_EVEN`), each with its family (the words
of its type or prefix) and its canonical value, the usual other names of one value read alike (ToEven is
HALF_EVEN). statements.py compares them; diff_values.py finds them in the diff."""

from __future__ import annotations

import re
from dataclasses import dataclass

from doc_context.relevance.words import PIECES, expand, fold, stem

_CAPS = re.compile(r"(?<![\w.])(?:[A-Z][A-Za-z0-9]*\.)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w.])")
_MEMBER = re.compile(r"(?<![\w.])([A-Z][a-z]+[A-Za-z0-9]*)\.([A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9_]+)(?![\w(])")
ALIASES = {"toeven": "halfeven", "bankers": "halfeven", "awayfromzero": "halfup", "tozero": "down"}


def word(text: str) -> str:
    """One word as relevance/words.parts reads it: stemmed, folded, written out."""
    return expand(fold(stem(text.casefold())))


@dataclass(frozen=True)
class Named:
    family: frozenset[str]  # the words of its type or prefix: MidpointRounding -> {midpoint, round}
    value: str  # canonical: "halfeven"
    shown: str  # as written: "MidpointRounding.ToEven"


def named_values(text: str) -> list[Named]:
    """Named values: an enum member (`MidpointRounding.ToEven`, `RoundingMode.HALF_UP`) or a constant in capitals
    (`ROUND_HALF_UP`, `HALF_EVEN`); their canonical value drops the family's words (`round`) and reads the usual
    other names of one value alike (ToEven is HALF_EVEN)."""
    out: list[Named] = []
    taken: list[tuple[int, int]] = []
    for m in _MEMBER.finditer(text):
        if m.group(2).isupper() or re.search(r"[a-z]", m.group(2)):
            out.append(_named(_split(m.group(1)), m.group(2), m.group()))
            taken.append(m.span())
    for m in _CAPS.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        prefix, _, member = m.group().rpartition(".")
        pieces = [p.casefold() for p in member.split("_") if p]
        lead = [p for p in pieces[:-1] if word(p) in {"round", "mode"}]
        out.append(_named(_split(prefix) | {word(p) for p in lead}, "_".join(pieces[len(lead) :]), m.group()))
    return out


def _named(family: frozenset[str], member: str, shown: str) -> Named:
    value = "".join(p.casefold() for p in PIECES.findall(member))
    return Named(family, ALIASES.get(value, value), shown)


def _split(identifier: str) -> frozenset[str]:
    return frozenset(word(p) for p in PIECES.findall(identifier) if not p.isdigit())
