"""Pure: the values a sentence states, with their units ("older than 30 days" -> 30 d, "100 requests per minute" ->
100 req/min, "5 failed sign-in attempts" -> 5 tries), as the comment shows them, and how two values differ (24 hours
and 1 day alike; 30 minutes and 30 seconds by their unit). relevance/statements.py reads a sentence's statement with
them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from doc_context.relevance.named_values import word
from doc_context.relevance.units import UNITS, unit
from doc_context.relevance.words import parts

# a unit's dimension and its size in the dimension's base (seconds, bytes): 24 hours is 1 day, not a disagreement
SCALE: dict[str, tuple[str, float]] = {
    "ms": ("time", 0.001), "s": ("time", 1), "min": ("time", 60), "h": ("time", 3_600), "d": ("time", 86_400),
    "w": ("time", 604_800), "mo": ("time", 2_592_000), "y": ("time", 31_536_000),
    "B": ("size", 1), "KB": ("size", 1_024), "MB": ("size", 1_048_576), "GB": ("size", 1_073_741_824),
    "ct": ("EUR", 0.01),
}  # fmt: skip
SHOWN = {
    "ms": "ms", "s": "seconds", "min": "minutes", "h": "hours", "d": "days", "w": "weeks", "mo": "months",
    "y": "years", "tries": "attempts", "req": "requests", "chars": "characters", "%": "%", "EUR": "€", "USD": "$",
    "GBP": "£",
}  # fmt: skip
NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "once": 1, "twice": 2,
}  # fmt: skip

_NUMBER = r"\d{1,2}:\d{2}(?!\d)|\d+(?:[_,]\d{3})*(?:\.\d+)?"
APOSTROPHE = "\u2019"  # a typographic apostrophe: "don\u2019t" reads as "don't"
_TOKEN = re.compile(rf"([€$£])?({_NUMBER})(?:\s?(%|‰))?|[A-Za-z][A-Za-z'{APOSTROPHE}]*")
_IN_A_NAME = re.compile(r"(?:[A-Za-z][-_]?|[\w\]]\\?\[)\Z")  # a number after these is in a name (an index)
_CLAUSE_END = re.compile(r"[,;:()\[\]]")
_POSSESSIVE = re.compile(rf"['{APOSTROPHE}]s(?![A-Za-z])")
_SKIPPED = frozenset("failed business working calendar consecutive extra more full whole sign in a an".split())


@dataclass(frozen=True)
class Value:
    amount: float
    unit: str  # "d", "tries", "req/min", a word's stem ("method") when no unit is known, "" for none
    shown: str  # as written: "30 days"

    @property
    def dimension(self) -> str:
        head, _, per = self.unit.partition("/")
        return SCALE.get(head, (head, 1.0))[0] + (f"/{SCALE.get(per, (per, 1.0))[0]}" if per else "")

    @property
    def base(self) -> float:
        """The amount in the dimension's base unit (seconds, bytes; per second)."""
        head, _, per = self.unit.partition("/")
        size = SCALE.get(head, ("", 1.0))[1] / (SCALE.get(per, ("", 1.0))[1] if per else 1.0)
        return self.amount * size


def prose_values(text: str) -> list[Value]:
    """The values a sentence states, each with the unit of the words after it ("5 failed sign-in attempts" ->
    5 tries; "100 requests per minute" -> 100 req/min; a word that is no unit is the unit: "3 methods")."""
    tokens = list(_TOKEN.finditer(text))
    out: list[Value] = []
    for i, m in enumerate(tokens):
        currency, number, percent = m.group(1), m.group(2), m.group(3)
        written = m.group().casefold()
        if number is None and written not in NUMBER_WORDS:
            continue
        if number is None and written in ("one", "once") and i + 1 < len(tokens) and tokens[i + 1].group() == "of":
            continue
        if number is not None and not currency and _IN_A_NAME.search(text, 0, m.start()):
            continue  # sha512, SHA-512, UTF-8, subject[0]: part of a name, no amount
        if not percent and _POSSESSIVE.match(text, m.end()):
            continue  # "PEP 342's generators", "the 1990's": a name or a decade, not 342 seconds
        amount = _amount(number) if number else float(NUMBER_WORDS[written])
        unit = unit_of(currency or "") or unit_of(percent or "")
        end = m.end()
        bracketed = text[: m.start()].rstrip().endswith("(")  # "thirty (30) days": its ")" ends no clause
        for after in tokens[i + 1 : i + 5] if not unit else ():
            w = after.group().casefold()
            gap = text[end : after.start()]
            if after.group(2) is not None or _CLAUSE_END.search(gap.replace(")", "", 1) if bracketed else gap):
                break  # a unit is said within the number's clause: "In Edition 2024, a package" counts no packages
            if unit_of(w):
                unit, end = unit_of(w), after.end()
                break
            if w not in _SKIPPED:
                unit, end = (word(w), after.end()) if parts(w) else ("", end)  # "of", "and": no unit
                break
        per = re.match(r"\s*(?:per|a|an|each|every|/)\s*([A-Za-z]+)", text[end:])
        if per and unit_of(per.group(1)) in SCALE:
            unit, end = f"{unit or 'x'}/{unit_of(per.group(1))}", end + per.end()
        if number is None and not unit:
            continue
        out.append(Value(amount, unit, text[m.start() : end].strip()))
    return _listed(out, text)


def _listed(found: list[Value], text: str) -> list[Value]:
    """A list of numbers takes the unit written after its last one: "2, 4 and 8 seconds" are three seconds."""
    out = list(found)
    for i in range(len(out) - 2, -1, -1):
        after = out[i + 1]
        gap = text[text.find(out[i].shown) + len(out[i].shown) : text.find(after.shown)] if out[i].shown else ""
        if not out[i].unit and after.unit and re.fullmatch(r"\s*(?:,|and|or|to|-|–)\s*(?:and\s*)?", gap):
            out[i] = Value(out[i].amount, after.unit, out[i].shown)
    return out


unit_of = unit  # the one units table (relevance/units.py): "seconds" -> "s"


def shown(value: Value) -> str:
    """A value as the comment says it ("30 days", "€50", "100 requests per minute"); as written when its unit is
    a word of its sentence ("3 payment methods")."""
    head, _, per = value.unit.partition("/")
    number = f"{value.amount:g}" if value.amount != int(value.amount) else f"{int(value.amount):,}"
    if not head:
        return number
    if head not in SHOWN and head not in SCALE and head not in UNITS:
        return value.shown
    word = SHOWN.get(head, "" if head == "x" else head)
    word = word.removesuffix("s") if value.amount == 1 and word.endswith("s") and len(word) > 2 else word
    text = f"{word}{number}" if word in ("€", "$", "£") else f"{number}{'' if word == '%' else ' '}{word}".strip()
    return text + (f" per {SHOWN.get(per, per).removesuffix('s')}" if per else "")


def _amount(number: str) -> float:
    if ":" in number:
        hours, minutes = number.split(":")
        return int(hours) * 60 + int(minutes)
    return float(number.replace("_", "").replace(",", ""))


def value_differences(a: tuple[Value, ...], b: tuple[Value, ...]) -> list[str]:
    """For each dimension both state once (a sentence with two days in it says no one thing): the kind of
    difference between the two values, if any."""
    out: list[str] = []
    for dim in {v.dimension for v in a} & {v.dimension for v in b}:
        x = [v for v in a if v.dimension == dim]
        y = [v for v in b if v.dimension == dim]
        if len(x) == 1 and len(y) == 1 and (kind := value_difference(x[0], y[0])):
            out.append(kind)
    return out


def value_difference(x: Value, y: Value) -> str:
    """ "" when the two values are the same (24 hours and 1 day alike); "unit" when only the unit differs
    (30 minutes, 30 seconds); "number" otherwise."""
    if math.isclose(x.base, y.base, rel_tol=1e-9):
        return ""
    return "unit" if x.amount == y.amount and x.unit != y.unit else "number"
