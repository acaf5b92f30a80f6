"""Pure: two shapes of a changed line that relevance/change_terms.py reads by their place, not their words.

An export or import list's lines (`__all__ = [` and the lines below it until its bracket closes, `from x import (`,
`export {`, `import type {`, `module.exports = {`, Rust's `pub use x::{`) name one of a module's many names; a line
listing names elsewhere (an enum's members `STRICT, LAX, NONE_REQUIRES_SECURE;`, a formatted call's arguments
`response, cookie_jar, partitioned_cookie`) is the change's own code. The list's opener is an added line of the same
run of added lines (never the unchanged line a hunk sits under: see in_lists).

An address in a comment, a doc comment or a docstring's prose (`/// Link: <https://github.com/mona/LinkedList>`) is
where the line points, no term, as it is none in a page's passage (summary/passage_kinds.without_addresses); a
string literal's address (`"http://localhost:4318/v1/traces"`) is the code's subject, and its path a page's term.
"""

from __future__ import annotations

import re

from doc_context.change.model import Lines

_LIST_OPENS = re.compile(
    r"^[ \t]*(?:__all__\s*(?::[^=\n]*)?(?:\+?=|\.extend\()\s*[\[(]|from\s+\S+\s+import\s*\("
    r"|(?:export|import)\s+(?:type\s+)?\{|(?:module\.)?exports\s*=\s*[\[{]|(?:pub(?:\([\w:]+\))?\s+)?use\s+[\w:]*\{)",
    re.M,
)
_NAME = r"(?:[A-Za-z_][\w.]*|\"[\w.\-]+\"|'[\w.\-]+')"
LISTED = re.compile(rf"[\s(\[{{]*(?:{_NAME}\s*,\s*){{2,}}{_NAME}?[\s,)\]}};]*")  # a line only listing names: 3 or more
_ADDRESS = re.compile(r"https?://[^\s\"'<>)\]`]+")
_COMMENTED = re.compile(r"\s*(?:#|//|/\*|\*|--|<!--|\"\"\"|''')")  # a comment, doc comment or docstring line
_QUOTED_OR_COMMENT = re.compile(  # a string literal, a code span, or a comment's marker
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`|#|//|/\*"
)
_COMMENT_MARKERS = ("#", "//", "/*")


def in_lists(added: Lines) -> frozenset[str]:
    """The added lines inside an export or import list's brackets: below its opener, an added line of the same
    run of added lines, until the brackets close. The unchanged line a hunk sits under (git's funcname) is no
    opener: the hunk's unchanged lines are not kept (change/unified.KEEPS_CONTEXT), so whether a bracket closed
    between it and the added lines cannot be told, and git names an import that closed (`from .helpers import (`
    above `)` and a call's arguments `response, cookie_jar, partitioned_cookie`)."""
    if _LIST_OPENS.search(added.text) is None:
        return frozenset()
    inside: set[str] = set()
    depth, last = 0, -1
    for number, line in zip(added.numbers, added.split(), strict=True):
        if number != last + 1:  # a new run of added lines: under no opener of its own yet
            depth = 0
        last = number
        if _LIST_OPENS.match(line):
            depth = _opens(line)
        elif depth > 0:
            inside.add(line)
            depth += _opens(line)
    return frozenset(inside)


def rewrapped(deleted: Lines) -> frozenset[str]:
    """The names the deleted lines list (lines that only list names, LISTED): where the change's added lines list
    them again, the list is re-wrapped (a name joining an alphabetical import list re-flows every line after it),
    and only the names it adds are the change's."""
    if "," not in deleted.text:
        return frozenset()
    return frozenset(m.group() for line in deleted.split() if LISTED.fullmatch(line) for m in re.finditer(_NAME, line))


def new_names(line: str, listed: frozenset[str]) -> str:
    """A line only listing names, without those the deleted lines list too (rewrapped): what it adds."""
    return ", ".join(m.group() for m in re.finditer(_NAME, line) if m.group() not in listed)


def without_addresses(line: str, *, prose: bool = False) -> str:
    """The line without the addresses it points to outside its string literals (a comment's, a docstring's
    link), or anywhere when the whole line is a comment or a documentation file's (`prose`, as a page's).
    Scanned left to right: a quote opens a string literal only before the line's first comment marker, so an
    apostrophe in a trailing comment (`# don't retry POST, see https://... (it's unsafe)`) opens none."""
    if prose or _COMMENTED.match(line):
        return _ADDRESS.sub(" ", line)
    kept, last = [], 0
    for m in _QUOTED_OR_COMMENT.finditer(line):
        if m.group() in _COMMENT_MARKERS:  # the comment runs to the line's end
            break
        kept += [_ADDRESS.sub(" ", line[last : m.start()]), m.group()]
        last = m.end()
    return "".join([*kept, _ADDRESS.sub(" ", line[last:])])


def _opens(line: str) -> int:
    """How many brackets the line leaves open (negative: it closes some)."""
    return sum(map(line.count, "([{")) - sum(map(line.count, ")]}"))
