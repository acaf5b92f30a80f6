"""Pure: the syntax a specification writes as code and the change's code holds in its strings.

A specification writes its syntax as code made of symbols alone: a block's marker (PEP 723's ``# ///``), an operator
(PEP 440's ``~=``, ``!=``). No word of the change meets such a span (a term is words, relevance/terms.py), yet a change
implementing the syntax holds it in a string of its code: its parser's pattern (`re.compile(r'^# /// (?P<type>...)')`),
its token table. A span is syntax when it holds no letter or digit and two different symbols at least (a run of one,
`__`, `..`, `**`, `==`, is a dunder's, a path's, a glob's as much: too many things); the change holds it when one
string literal (relevance/literals.py; Python's prefixed `r'...'` too) of an added line of its code holds it, before
the line's comment. A test's, a document's, a setting's or another project's lines do not count. What a passage
weighs for the syntax it writes is summary/passage_syntax.py's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from doc_context.relevance.code_tokens import SPAN
from doc_context.relevance.file_kinds import is_config, is_test, maintenance
from doc_context.relevance.language import comment_at
from doc_context.relevance.line_terms import PROSE_FILES
from doc_context.relevance.literals import scan

if TYPE_CHECKING:
    from doc_context.relevance.change import Change

_PREFIX = re.compile(r"(?<![\w$])[rRbBuUfF]{1,2}(?=['\"])")  # a string's prefix (`r'...'`): its quote opens it


def spans(text: str) -> set[str]:
    """The syntax a text writes as code: each code span of symbols alone, two different ones at least."""
    found = (m.group(2).strip() for m in SPAN.finditer(text))
    return {s for s in found if not any(c.isalnum() for c in s) and len(set(s.replace(" ", ""))) >= 2}


def written(change: Change, texts: Iterable[str], foreign: Callable[[str], bool]) -> frozenset[str]:
    """Of the syntax the texts (the pages) write, what a string of the change's added code holds."""
    syntax = set().union(*(spans(text) for text in texts))
    if not syntax or change.diff is None:
        return frozenset()
    found: set[str] = set()
    for f in change.diff.files:
        path = f.path
        if foreign(path) or is_test(path) or is_config(path) or maintenance(path) or path.lower().endswith(PROSE_FILES):
            continue
        for line in f.added.split():
            if not any(s in line for s in syntax - found):
                continue
            strings = _strings(line, path)
            found.update(s for s in syntax - found if any(s in body for body in strings))
    return frozenset(found)


def _strings(line: str, path: str) -> list[str]:
    """The bodies of the string literals a line of code closes before its comment (a `//` inside a string opens
    none: `"# ///"`), a prefixed one's (`r'...'`) included."""
    line = _PREFIX.sub(lambda m: " " * len(m.group()), line)
    found = [literal for literal in scan(line) if literal.closed]
    masked = list(line)
    for literal in found:
        masked[literal.start : literal.end] = "x" * (literal.end - literal.start)
    at = comment_at("".join(masked), path)
    return [literal.body for literal in found if at is None or literal.start < at]
