"""Pure: a line's string literals, read once left to right in linear time: the one scanner every reader of a changed
line asks (summary/evidence_prose's sentences, relevance/line_terms' quoted strings, summary/evidence_claims' lines
without their literals), beside relevance/language.comment_at.

    literals('log("said \\"hi\\" twice"); x = \'a\'')     # ['said \\"hi\\" twice', 'a']
    literals("don't say 'quoted'word")                   # []: a quote inside a word is a contraction

A literal opens at `"`, at a backtick, or at `'` outside a word (don't, it's), and closes at the same quote, an
escaped one (`\\"`) inside; an escape may end the line. Its close is optional (the match then says it is open), so the
scan never fails after an opening quote: a line of escaped quotes with no close is read once, not again from each
quote (review 8's finding 8: 63 s for a 60 KB line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_STRING = re.compile(r'"((?:[^"\\\n]|\\.?)*)("?)|`([^`\n]*)(`?)|(?<!\w)\'((?:[^\'\\\n]|\\.?)*)(\'?)(?!\w)')
_QUOTES = {1: '"', 3: "`", 5: "'"}


@dataclass(frozen=True)
class Literal:
    """One string literal of a line: where it is (its quotes included), its body, its quote, whether the line
    closes it."""

    start: int
    end: int
    body: str
    quote: str
    closed: bool


def scan(line: str) -> list[Literal]:
    """The line's string literals in order, the one it leaves open (at its end) included."""
    found = []
    for match in _STRING.finditer(line):
        group = next(k for k in _QUOTES if match.group(k) is not None)
        closed = bool(match.group(group + 1))
        found.append(Literal(match.start(), match.end(), match.group(group), _QUOTES[group], closed))
    return found


def literals(line: str) -> list[str]:
    """The body of each string literal the line closes (`"..."`, `'...'`, a backtick's span)."""
    return [literal.body for literal in scan(line) if literal.closed]


def blanked(line: str) -> str:
    """The line with each literal it closes emptied (`""`), one it leaves open as written: its code's shape."""
    out, last = [], 0
    for literal in scan(line):
        out += [line[last : literal.start], '""' if literal.closed else line[literal.start : literal.end]]
        last = literal.end
    return "".join([*out, line[last:]])
