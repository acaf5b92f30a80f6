"""Pure: shapes of a changed line that relevance/change_terms.py reads by their place, not their words.

An address in a comment, a doc comment or a docstring's prose (`/// Link: <https://github.com/mona/LinkedList>`) is
where the line points, no term, as it is none in a page's passage (summary/passage_kinds.without_addresses); a
string literal's address (`"http://localhost:4318/v1/traces"`) is the code's subject, and its path a page's term.
"""

from __future__ import annotations

import re

_ADDRESS = re.compile(r"https?://[^\s\"'<>)\]`]+")
_COMMENTED = re.compile(r"\s*(?:#|//|/\*|\*|--|<!--|\"\"\"|''')")  # a comment, doc comment or docstring line
_QUOTED = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`")  # a string literal, a code span


def without_addresses(line: str, *, prose: bool = False) -> str:
    """The line without the addresses it points to outside its string literals (a comment's, a docstring's
    link), or anywhere when the whole line is a comment or a documentation file's (`prose`, as a page's)."""
    if prose or _COMMENTED.match(line):
        return _ADDRESS.sub(" ", line)
    kept, last = [], 0
    for m in _QUOTED.finditer(line):
        kept += [_ADDRESS.sub(" ", line[last : m.start()]), m.group()]
        last = m.end()
    return "".join([*kept, _ADDRESS.sub(" ", line[last:])])
