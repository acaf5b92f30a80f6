"""Pure: two shapes of a changed line that relevance/change_terms.py reads by their place, not their words.

An export or import list's lines (`__all__ = [` and the lines below it until its bracket closes, `from x import (`,
`export {`, `import type {`, `module.exports = {`, Rust's `pub use x::{`) name one of a module's many names; a line
listing names elsewhere (an enum's members `STRICT, LAX, NONE_REQUIRES_SECURE;`, a formatted call's arguments
`response, cookie_jar, partitioned_cookie`) is the change's own code. The list's opener is an added line of the same
run of added lines (never the unchanged line a hunk sits under: see in_lists). A name only such lines give names
one of a module's many (a page listing the module's functions is not about each change to its list). A list
re-wrapped in place gives only the names it adds (rewrapped, own).

An address in a comment, a doc comment or a docstring's prose (`/// Link: <https://github.com/mona/LinkedList>`) is
where the line points, no term, as it is none in a page's passage (summary/passage_kinds.without_addresses); a
string literal's address (`"http://localhost:4318/v1/traces"`) is the code's subject, and its path a page's term.
`//` opens a comment only in a language whose comments open with it (slashes_comment): Python's `total // size` is
floor division, Perl's `$x // "..."` defined-or.
"""

from __future__ import annotations

import re

from doc_context.change.model import Lines
from doc_context.relevance.language import HASH_COMMENTED

_LIST_OPENS = re.compile(
    r"^[ \t]*(?:__all__\s*(?::[^=\n]*)?(?:\+?=|\.extend\()\s*[\[(]|from\s+\S+\s+import\s*\("
    r"|(?:export|import)\s+(?:type\s+)?\{|(?:module\.)?exports\s*=\s*[\[{]|(?:pub(?:\([\w:]+\))?\s+)?use\s+[\w:]*\{)",
    re.M,
)
_NAME = r"(?:[A-Za-z_][\w.]*|\"[\w.\-]+\"|'[\w.\-]+')"
LISTED = re.compile(rf"[\s(\[{{]*(?:{_NAME}\s*,\s*){{2,}}{_NAME}?[\s,)\]}};]*")  # a line only listing names: 3 or more
_FROM = re.compile(r"\bfrom\s+(['\"])[^'\"\n]*\1\s*;?\s*$")  # `} from './core';`: the list's module
_NAMES_ONLY = re.compile(  # a line of one name or more and closers: a list's line, its last one too
    rf"[\s(\[{{]*(?:{_NAME}\s*,\s*)*{_NAME}\s*,?[\s)\]}};]*(?:from\s+(['\"])[^'\"\n]*\1\s*;?\s*)?"
)
_NONE: frozenset[str] = frozenset()
_ADDRESS = re.compile(r"https?://[^\s\"'<>)\]`]+")
_COMMENTED = re.compile(r"\s*(?:#|//|/\*|\*|--|<!--|\"\"\"|''')")  # a comment, doc comment or docstring line
_QUOTED_OR_COMMENT = re.compile(  # a string literal, a code span, or a comment's marker
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`|#|//|/\*"
)
_QUOTED_OR_HASH = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`|#")  # where `//` is an operator
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


def rewrapped(added: Lines, deleted: Lines) -> list[frozenset[str]]:
    """For each added line, the names a list held in the deleted lines it replaces: a re-flow replaces lines in
    place (a name joining an alphabetical import list re-wraps every line after it), so only the deleted run right
    before the line's run of added lines (one change block: no unchanged line between them) is read, and only when
    it lists names (a line of three or more, LISTED; its other lines only names, `left_shift)`, `} from './a';`).
    Names moved to another list (`__all__` to `_DEPRECATED`, `./core` to `./deprecated`) are the change's."""
    out = [_NONE] * len(added)
    if "," not in deleted.text:
        return out
    old = deleted.split()
    for new_run, old_run in replaced(added, deleted):
        lines = [old[i] for i in old_run if _NAMES_ONLY.fullmatch(old[i])]
        if any(LISTED.fullmatch(line) for line in lines):
            names = frozenset(name for line in lines for name in _names(line))
            out[new_run.start : new_run.stop] = [names] * len(new_run)
    return out


def own(line: str, in_list: frozenset[str], moved: frozenset[str]) -> tuple[str, bool]:
    """The added line as the change's: a re-flowed list's line only of names (or closers) without the names the
    list held before (`moved`, rewrapped: "" when it adds none), and whether it is an export or import list's line
    only listing names (in_list: a name only such lines give names one of a module's many)."""
    listed = line in in_list and bool(LISTED.fullmatch(line))
    if moved and _NAMES_ONLY.fullmatch(line):
        return ", ".join(name for name in _names(line) if name not in moved), listed
    return line, listed


def _names(line: str) -> list[str]:
    """The names a line only of names lists (a closer's module, `} from './core'`, is none)."""
    return re.findall(_NAME, _FROM.sub("", line))


def replaced(added: Lines, deleted: Lines) -> list[tuple[range, range]]:
    """The change blocks replacing lines: each run of deleted lines and the run of added lines right after it (as
    indices into each), told by their numbers: an unchanged line's new number is its old one shifted by the lines
    added less those deleted before it, so a run added where a deleted run's first line stood replaces it."""
    pairs: list[tuple[range, range]] = []
    shift = 0
    runs = iter(_runs(added))
    run = next(runs, None)
    for first, gone in _runs(deleted):
        while run is not None and run[0] < first + shift:  # added before it, with unchanged lines between
            shift += len(run[1])
            run = next(runs, None)
        if run is not None and run[0] == first + shift:
            pairs.append((run[1], gone))
            shift += len(run[1])
            run = next(runs, None)
        shift -= len(gone)
    return pairs


def _runs(lines: Lines) -> list[tuple[int, range]]:
    """The runs of consecutive line numbers: each one's first number and its lines' indices."""
    runs: list[tuple[int, range]] = []
    for i, number in enumerate(lines.numbers):
        if runs and number == runs[-1][0] + len(runs[-1][1]):
            runs[-1] = (runs[-1][0], range(runs[-1][1].start, i + 1))
        else:
            runs.append((number, range(i, i + 1)))
    return runs


def slashes_comment(path: str) -> bool:
    """Whether `//` opens a comment in the file's language: not in those whose comments open with `#`, where it is
    an operator (Python's floor division `total // size`, Perl's defined-or `$x // "..."`)."""
    return HASH_COMMENTED.search(path) is None  # relevance/language's family of `#` comments


def without_addresses(line: str, *, prose: bool = False, slashes: bool = True) -> str:
    """The line without the addresses it points to outside its string literals (a comment's, a docstring's
    link), or anywhere when the whole line is a comment or a documentation file's (`prose`, as a page's).
    Scanned left to right: a quote opens a string literal only before the line's first comment marker, so an
    apostrophe in a trailing comment (`# don't retry POST, see https://... (it's unsafe)`) opens none; `//` is one
    only where it opens comments (`slashes`: slashes_comment of the line's file)."""
    if prose or _COMMENTED.match(line):
        return _ADDRESS.sub(" ", line)
    kept, last = [], 0
    for m in (_QUOTED_OR_COMMENT if slashes else _QUOTED_OR_HASH).finditer(line):
        if m.group() in _COMMENT_MARKERS:  # the comment runs to the line's end
            break
        kept += [_ADDRESS.sub(" ", line[last : m.start()]), m.group()]
        last = m.end()
    return "".join([*kept, _ADDRESS.sub(" ", line[last:])])


def _opens(line: str) -> int:
    """How many brackets the line leaves open (negative: it closes some)."""
    return sum(map(line.count, "([{")) - sum(map(line.count, ")]}"))
