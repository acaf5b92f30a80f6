"""Pure: how a line of markdown reads inline (visible.py's block reading hands each paragraph, heading and table
cell here): code spans as written, links by their text, escapes and entities resolved, and the emphasis and
strikethrough that pair, by CommonMark's delimiter rules, unmarked."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from html import unescape

_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9+.\-]{1,31}:[^\s<>]*)>")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9\-]*(?:\s[^<>]*)?/?>")
_DESTINATION = re.compile(r"\(\s*(?:<[^<>\n]*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))*)(?:\s+\"[^\"]*\")?\s*\)")
Mark = tuple[int, int, str, int, int]  # a delimiter: where, how long, its character, the run it is in (start, end)
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def inline(text: str) -> str:
    """A line's inline markdown as it reads: code as written, links by their text, escapes and entities
    resolved, the emphasis that pairs (CommonMark's delimiter rules) unmarked."""
    chars: list[str] = []  # what each source position shows
    marks: list[Mark] = []  # delimiter runs: (start, length, char)
    _scan(text, 0, len(text), chars, marks)
    hidden = _pair(text, marks, len(text))
    return "".join(c for i, c in enumerate(chars) if i not in hidden)


def _scan(text: str, start: int, end: int, chars: list[str], marks: list[Mark]) -> None:
    """chars[i]: what source position i shows ("" for a marker, the whole of an entity at its '&')."""
    i = start
    while i < end:
        c = text[i]
        if c == "\\" and i + 1 < end and (text[i + 1] in _ASCII_PUNCT or text[i + 1] == "\n"):
            chars += ["", text[i + 1]]
            i += 2
        elif c == "`":
            run = _run(text, i, end, "`")
            close = _closing_ticks(text, i + run, end, run)
            if close < 0:
                chars += ["`"] * run
                i += run
                continue
            code = text[i + run : close].replace("\n", " ")
            if code.startswith(" ") and code.endswith(" ") and code.strip():
                code = code[1:-1]
            chars += [code] + [""] * (close + run - i - 1)
            i = close + run
        elif c == "&" and (entity := _ENTITY.match(text, i, end)) and unescape(entity.group()) != entity.group():
            chars += [unescape(entity.group())] + [""] * (entity.end() - i - 1)
            i = entity.end()
        elif c == "<" and (link := _AUTOLINK.match(text, i, end)):
            chars += ["", link.group(1)] + [""] * (link.end() - i - 2)
            i = link.end()
        elif c == "<" and (tag := _TAG.match(text, i, end)):
            chars += [""] * (tag.end() - i)
            i = tag.end()
        elif c in "![" and (found := _link(text, i, end)) is not None:
            inner, after = found
            nested: list[Mark] = []
            label: list[str] = []
            _scan(text, inner, after, label, nested)
            hidden = _pair(text, nested, after)
            shown = "" if c == "!" else "".join(x for k, x in enumerate(label) if k + inner not in hidden)
            target = _DESTINATION.match(text, after + 1, end)
            stop = target.end() if target else after + 1
            chars += [shown] + [""] * (stop - i - 1)
            i = stop
        elif c in "*_~":
            run = _run(text, i, end, c)
            if c != "~":
                marks.append((i, run, c, i, i + run))
            elif run >= 2:  # markdown-it's strikethrough: an odd run's first tilde is text, then pairs
                marks += [(k, 2, c, i, i + run) for k in range(i + run % 2, i + run, 2)]
            chars += [c] * run
            i += run
        else:
            chars.append(c)
            i += 1


def _run(text: str, i: int, end: int, c: str) -> int:
    return next((n - i for n in range(i, end) if text[n] != c), end - i)


def _closing_ticks(text: str, i: int, end: int, run: int) -> int:
    while i < end:
        at = text.find("`", i, end)
        if at < 0:
            return -1
        n = _run(text, at, end, "`")
        if n == run:
            return at
        i = at + n
    return -1


def _link(text: str, i: int, end: int) -> tuple[int, int] | None:
    """(where the link's text starts, where its `]` is) for `[text](target)` or `![alt](target)` at i."""
    inner = i + (2 if text[i] == "!" else 1)
    if text[i] == "!" and text[i + 1 : i + 2] != "[":
        return None
    depth, k = 1, inner
    while k < end:
        ch = text[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "`":
            run = _run(text, k, end, "`")
            close = _closing_ticks(text, k + run, end, run)
            k = close + run if close >= 0 else k + run
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                break
        k += 1
    if depth or k >= end or not _DESTINATION.match(text, k + 1, end):
        return None
    return inner, k


@dataclass
class _Run:
    """A delimiter run as pairing sees it: what is left of it, and what it can do."""

    start: int
    length: int
    char: str
    opens: bool
    closes: bool
    size: int  # its length before any pairing (the rule of three reads it)
    first: int  # where the run of the same character it belongs to starts


def _pair(text: str, marks: list[Mark], end: int) -> set[int]:
    """The source positions of the delimiters that pair (CommonMark's rules, the rule of three among them)."""
    hidden: set[int] = set()
    runs = [_run_of(text, mark, end) for mark in marks]  # past `end` (a link text's) reads as white space
    active = [True] * len(runs)  # still an opener: not used up, and not inside a pair found since
    bottom: dict[tuple[str, bool, int], int] = {}  # below this run, no opener for such a closer (a failed search)
    for at, run in enumerate(runs):
        below = next((k for k in range(at - 1, -1, -1) if runs[k].first != run.first), -1)  # not its own run's
        while run.closes and run.length:
            key = (run.char, run.opens, run.size % 3)
            candidates = range(below, bottom.get(key, -1), -1)
            match = next((k for k in candidates if active[k] and _pairs(runs[k], run)), None)
            if match is None:
                bottom[key] = max(below, bottom.get(key, -1))  # markdown-it: the search began below its own run
                break
            opener = runs[match]
            use = 2 if opener.length >= 2 and run.length >= 2 else 1
            hidden.update(range(opener.start + opener.length - use, opener.start + opener.length))
            hidden.update(range(run.start, run.start + use))
            opener.length -= use
            run.start, run.length = run.start + use, run.length - use
            active[match + 1 : at] = [False] * (at - match - 1)
            active[match] = opener.length > 0
        active[at] = bool(run.length and run.opens)
    return hidden


def _run_of(text: str, mark: Mark, end: int) -> _Run:
    start, length, c, first, last = mark
    before = text[first - 1] if first > 0 else " "
    after = text[last] if last < end else " "
    left = not after.isspace() and (not _punct(after) or before.isspace() or _punct(before))
    right = not before.isspace() and (not _punct(before) or after.isspace() or _punct(after))
    if c == "_":
        return _Run(
            start,
            length,
            c,
            left and (not right or _punct(before)),
            right and (not left or _punct(after)),
            length,
            first,
        )
    return _Run(start, length, c, left, right, length, first)


def _pairs(opener: _Run, closer: _Run) -> bool:
    """Whether the opener can take the closer: the same character, not the same run, and the rule of three."""
    if opener.char != closer.char or not opener.opens or not opener.length or opener.first == closer.first:
        return False
    odd = (opener.closes or closer.opens) and (opener.size + closer.size) % 3 == 0
    return closer.char == "~" or not (odd and (opener.size % 3 or closer.size % 3))


def _punct(c: str) -> bool:  # CommonMark's punctuation: ASCII's, and Unicode's P and S categories
    return c in _ASCII_PUNCT or unicodedata.category(c)[0] in "PS"
