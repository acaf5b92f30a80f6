"""Pure: the values the diff's added lines set, read as values of the words in their names.

`RETENTION_DAYS = 14` is 14 days of "retention"; `MaxAttempts = 3` is 3 attempts; `lockout_minutes: 20` (YAML,
under its parent keys) is 20 minutes of "lockout"; `TimeSpan.FromMinutes(15)`, `Duration.ofDays(3)`,
`timedelta(hours=2)` and `48 * time.Hour` are durations; a named value (`RoundingMode.HALF_EVEN`,
`MidpointRounding.ToEven`) is one of the words around it. C#, TypeScript, Java, Python, Go, YAML, JSON and
properties files alike: the forms are the languages' shared ones (a name, `=`, `:=` or `:`, a value).
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterator
from dataclasses import dataclass

from doc_context.change.model import Diff, DiffFile
from doc_context.change.unified import parse_diff
from doc_context.relevance.named_values import Named, named_values, word
from doc_context.relevance.stated_values import Value, shown
from doc_context.relevance.units import unit
from doc_context.relevance.words import PATH_NOISE, PIECES

_NUMBER = r"\d+(?:_\d{3})*(?:\.\d+)?"
_DURATION = re.compile(
    r"TimeSpan\.From(Milliseconds|Seconds|Minutes|Hours|Days)\(\s*(" + _NUMBER + r")\s*\)"
    r"|Duration\.of(Millis|Seconds|Minutes|Hours|Days)\(\s*(" + _NUMBER + r")\s*\)"
    r"|timedelta\(\s*(milliseconds|seconds|minutes|hours|days|weeks)\s*=\s*(" + _NUMBER + r")\s*\)"
    r"|(?:time\.Duration\()?(" + _NUMBER + r")\)?\s*\*\s*time\.(Millisecond|Second|Minute|Hour)\b"
)
_DURATION_UNITS = {"milliseconds": "ms", "millis": "ms", "millisecond": "ms", "seconds": "s", "second": "s",
                   "minutes": "min", "minute": "min", "hours": "h", "hour": "h", "days": "d", "weeks": "w"}  # fmt: skip
_ASSIGN = re.compile(
    r"""["']?([A-Za-z_][\w.\-]*)["']?\s*(?::\s*[\w.<>\[\]?, ]+?\s*)?(?:\{\s*get;[^}]*\}\s*)?(?::=|=(?!=)|:)\s*"""
)
_PLAIN_VALUE = re.compile(r"\(?(" + _NUMBER + r")\)?\s*(?:[,;)}\]]|$|//|#)")
_MAYBE = re.compile(  # what every line setting a value holds: a file or line without it is not read (20 MB)
    r"[:=]\s*(?:\(?\d|timedelta|time\.Duration|Duration\.of|[A-Z][A-Za-z0-9]*\.[A-Z]|[A-Z][A-Z0-9]*_[A-Z0-9])"
    r"|\.[A-Z]|ROUND|MODE|Duration\.of|timedelta\(|time\.(?:Milli|Second|Minute|Hour)"
)
CONFIG_FILES = (".yaml", ".yml", ".json", ".properties", ".ini", ".toml", ".env", ".cfg", ".conf", ".config", ".xml")
QUALIFIERS = frozenset(
    word(w)
    for w in """max maximum min minimum limit threshold default count num number size total value amount after before
    in of per at for the a get set const""".split()
)
NAME_UNITS = {"length": "chars", "len": "chars", "ttl": "", "sec": "s", "mins": "min", "secs": "s", "ms": "ms"}
SYNONYMS: dict[str, tuple[str, ...]] = {  # a setting's word (stemmed) -> the prose words a page says it with
    "timeout": ("expir", "time"), "ttl": ("expir", "remember", "kept", "keep", "live", "reserv"),
    "retention": ("kept", "keep", "retain", "retent"), "idl": ("inactiv",), "lockout": ("lock",),
    "interval": ("every",), "delay": ("wait",), "expiry": ("expir",),
}  # fmt: skip


@dataclass(frozen=True)
class Setting:
    """One value the diff sets: where, its name's words, the value (a number with a unit, or a named value)."""

    path: str  # as the diff names the file: "src/refunds/policy.py"
    line: int  # the new file's line number
    code: str  # as the comment shows it: "SUPERVISOR_AFTER_DAYS = 14"
    subject: frozenset[str]  # the name's words, without its unit and qualifiers (max, limit, ...)
    context: frozenset[str]  # its parent keys' and its file's words
    value: Value | None = None
    named: Named | None = None


def settings(diff: str) -> list[Setting]:
    """Every value the added lines of a unified diff's text set (context lines give a YAML key its parents)."""
    return settings_of(parse_diff(diff))


def settings_of(diff: Diff) -> list[Setting]:
    """Every value the added lines of the parsed diff set, the whole diff (a YAML file's context lines, which
    the parser keeps, give its keys their parents)."""
    out: list[Setting] = []
    for changed in diff.files:
        if _MAYBE.search(changed.added.text) is None:
            continue  # no added line of it sets a value
        path = changed.path.lstrip("/")
        yaml = path.endswith((".yaml", ".yml"))
        stack: list[tuple[int, str]] = []
        folder, _, name = path.rpartition("/")  # the file's name and its folder's: internal/api/ratelimit.go
        file_words = (_words(re.sub(r"\.\w+$", "", name)) | _words(folder.rsplit("/", 1)[-1])) - PATH_NOISE
        for number, added, text in _lines(changed):
            parents: list[str] = []
            if yaml and (key := re.match(r"(\s*)(?:-\s+)?([\w.\-]+)\s*:", text)):
                indent = len(key.group(1))
                stack = [(i, k) for i, k in stack if i < indent]
                parents = [k for _, k in stack]
                stack.append((indent, key.group(2)))
            if added:
                context = file_words | frozenset(w for p in parents for w in _words(p))
                out += _line_settings(path, number, text, context)
    return list({s.code: s for s in reversed(out)}.values())[::-1]  # a setting set twice is one, its first


def _lines(changed: DiffFile) -> Iterator[tuple[int, bool, str]]:
    """A file's added lines, (new line number, True, text), with the context lines kept (False), in order."""
    added = zip(changed.added.numbers, changed.added.split(), strict=True)
    if not changed.context:
        yield from ((n, True, text) for n, text in added)
        return
    context = zip(changed.context.numbers, changed.context.split(), strict=True)
    yield from heapq.merge(((n, True, t) for n, t in added), ((n, False, t) for n, t in context))


def _line_settings(path: str, number: int, text: str, context: frozenset[str]) -> Iterator[Setting]:
    line = text.strip()
    if (
        not line
        or _MAYBE.search(line) is None
        or line.startswith(("//", "#", "*", "/*", "namespace ", "package ", "import ", "using ", "from "))
    ):
        return
    config = path.lower().endswith(CONFIG_FILES) or "appsettings" in path.lower()
    for m in _ASSIGN.finditer(line):
        if not config and not _constant(line, m):
            continue
        name, rest = m.group(1).rsplit(".", 1)[-1], line[m.end() :]
        duration = _DURATION.match(rest)
        plain = _PLAIN_VALUE.match(rest)
        named = [n for n in named_values(rest[:80]) if rest.startswith(n.shown) and _is_named(n.shown)]
        if not (duration or plain or named):
            continue
        words, name_unit = _name_words(name)
        if len(PIECES.findall(name)) < 2 and not words and not duration:
            continue  # a unit alone names the unit, not an amount of it: {"EUR": 2}
        if duration:  # the name's words are what the duration is of: `retry_after` is no count of retries
            value = _duration(duration)
            shown = rest[: duration.end()]
            words = _words(name) - QUALIFIERS - {word(w) for w in _DURATION_UNITS}
            if not words:
                continue  # `per=timedelta(hours=1)`: nothing says what the duration is of
        elif plain:
            amount = float(plain.group(1).replace("_", ""))
            value, shown = Value(amount, name_unit, _shown(amount, name_unit)), plain.group(1)
        else:
            value, shown = None, named[0].shown
        code = f"{m.group(1).strip(chr(34) + chr(39))} = {shown}"
        prefix = frozenset(w for part in m.group(1).split(".")[:-1] for w in _words(part))  # payments.retry.
        named_value = named[0] if named and not value else None
        yield Setting(path, number, code, words, context | prefix, value, named_value)
        return
    for n in (n for n in named_values(line) if n.family):  # in use: Math.Round(x, 2, MidpointRounding.ToEven)
        around = frozenset(
            w for ident in re.findall(r"[A-Za-z_]\w*", line.replace(n.shown, " ")) for w in _words(ident)
        )
        yield Setting(path, number, n.shown, around - QUALIFIERS, context, None, n)
    for m in _DURATION.finditer(line):  # a duration passed along: Cache(TimeSpan.FromMinutes(5))
        before = re.findall(r"[A-Za-z_]\w*", line[: m.start()])
        words = frozenset(w for ident in before[-2:] for w in _words(ident)) - QUALIFIERS
        if words:
            yield Setting(path, number, m.group(), words, context, _duration(m))


def _constant(line: str, m: re.Match[str]) -> bool:
    """In code, a value set once: a CONSTANT_CASE name, a declaration (const, final, readonly, static), an object
    or struct literal's key (`maxAttempts: 3,`) or a named argument (`Retry(max_attempts=3)`); never a variable's
    new value (`attempts = 0`, `account.failed_attempts = 4`) nor one of several names (`MIN, MAX = 2, 4`)."""
    name, before = m.group(1), line[: m.start()]
    if re.fullmatch(r"\s*(?:[A-Za-z_][\w.]*\s*,\s*)+", before):
        return False  # MIN_DAYS, MAX_DAYS = 2, 4
    if re.search(r"\{\s*get;", m.group(0)):
        return True  # a C# property's initial value: public int MaxAttempts { get; set; } = 3;
    last = name.rsplit(".", 1)[-1]
    if (re.fullmatch(r"[A-Z][A-Z0-9_]*", last) and "_" in last) or re.fullmatch(r"[A-Z]{2,}[0-9]*", last):
        return "." not in name or name.split(".")[0][:1].isupper()
    if "." in name:
        return False
    if re.search(r"\b(?:const|final|readonly|static)\b", before):
        return True
    operator = line[m.start() : m.end()].rstrip()[-1:]
    return operator == ":" or bool(re.search(r"[(,]\s*$", before))


def _is_named(shown: str) -> bool:
    """A value named in capitals, not another setting's name: no unit among its words (RELEASE_WITHIN_SECONDS)."""
    return not any(unit(p) or word(p) in QUALIFIERS for p in re.split(r"[_.]", shown) if p)


def _duration(m: re.Match[str]) -> Value:
    groups = [g for g in m.groups() if g is not None]
    number, name = (groups[1], groups[0]) if not groups[0][0].isdigit() else (groups[0], groups[1])
    code = _DURATION_UNITS[name.casefold()]
    amount = float(number.replace("_", ""))
    return Value(amount, code, _shown(amount, code))


def _name_words(name: str) -> tuple[frozenset[str], str]:
    """A name's words without its qualifiers, and the unit its words say (`RequestsPerSecond`: req/s)."""
    parts = [p.casefold() for p in PIECES.findall(name) if not p.isdigit()]
    found_unit = ""
    for i, part in enumerate(parts):
        found = "" if word(part) in QUALIFIERS else NAME_UNITS.get(part, unit(part))
        if found and i >= 1 and parts[i - 1] == "per" and found_unit:
            found_unit = f"{found_unit}/{found}"
        elif found and not found_unit:
            found_unit = found
    named = frozenset(word(p) for p in parts if not unit(p) and p not in NAME_UNITS and word(p) not in QUALIFIERS)
    return frozenset(w for w in named if len(w) > 1), found_unit


def _shown(amount: float, unit: str) -> str:
    return shown(Value(amount, unit, ""))


def _words(identifier: str) -> frozenset[str]:
    return frozenset(word(p) for p in PIECES.findall(identifier) if len(p) > 1 and not p.isdigit())
