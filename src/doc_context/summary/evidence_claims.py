"""Pure: the changed lines a neighbouring criterion claims (for summary/evidence.py): a line writing code another
criterion of the story names is that criterion's evidence for the code this one names, unless it writes this one's
name apart from the neighbour's: the file `Formatter` is (formatter.rb), changed only to `include
PrecomputedContentTypes`, which the neighbour names, is the neighbour's line, not the `Formatter` cleanup's; a
`content_type` met only inside `PrecomputedContentTypes` is that name. So is a block the change adds under such a
line, but a line opening a block of its own: the body of `KeyEncodingAsync`, a method the neighbour names, calling
`ExecuteAsync`, which this one names.
Code both criteria name is neither's alone (relevance/everywhere.SHARED). Only named code is claimed: a value or a
phrase on the line (`duration_minutes: int = 15` for "locked for 15 minutes", beside a criterion naming
`duration_minutes`) is both criteria's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import FileWords
from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.everywhere import is_config, is_doc
from doc_context.relevance.names import qualified, spelled

_TOKEN = re.compile(r"[\w.:/#-]+")


def neighbours(named_by_siblings: Sequence[str], terms: CriterionTerms) -> tuple[str, ...]:
    """The names (their last parts) the story's other criteria write as code, those this criterion names aside, whole
    or as a part of its qualified names (`Session` beside `Session.request`: this one's qualifier)."""
    mine = {p.lower() for t in terms.terms if t.kind == "ident" and t.named for p in qualified(t.label)}
    found = (q[-1] for label in named_by_siblings if (q := qualified(label)))
    return tuple(dict.fromkeys(name for name in found if name.lower() not in mine))


def claimed(lines: FileWords, hit: set[int], others: Sequence[str], term: Term, path: str) -> set[int]:
    """The hit lines of a named term that write a neighbour's name and this one's only inside it, or not at all (a
    line the name meets by the file's name, as `Formatter` meets formatter.rb), and those in a block the change adds
    whose opening line does (a method the neighbour names, calling this one's `ExecuteAsync`), unless they open a
    block of their own (this one's method, defined in the class the neighbour adds)."""
    if not others or not hit or not (term.kind == "ident" and term.named):
        return set()
    code = not (is_doc(path) or is_config(path))  # names are read in their case in code (relevance/names.spelled)
    above = enclosing(lines)
    opens = set(above)
    return {
        i
        for i in hit
        if _claimed(lines.texts[i], others, term, code)
        or (i not in opens and (parent := above[i]) is not None and _claimed(lines.texts[parent], others, term, code))
    }


def enclosing(lines: FileWords) -> list[int | None]:
    """Each line's enclosing line: the nearest one above, in the same run of consecutive lines, indented less (a
    definition's body under its signature); None at a run's top level, and for lines of brackets alone or blank."""
    found: list[int | None] = []
    stack: list[tuple[int, int]] = []  # (indent, line index) of the open blocks
    for i, text in enumerate(lines.texts):
        if i and lines.numbers[i] != lines.numbers[i - 1] + 1:
            stack = []  # an unchanged line between: another run
        indent, worded = len(text) - len(text.lstrip()), text.strip(" \t{}()[];,") != ""
        while worded and stack and stack[-1][0] >= indent:
            stack.pop()
        found.append(stack[-1][1] if stack and worded else None)
        if worded:
            stack.append((indent, i))
    return found


def _claimed(text: str, others: Sequence[str], term: Term, code: bool) -> bool:
    theirs = [name for name in others if spelled(text, name, cased=code)]
    if not theirs:
        return False
    rest = " ".join(t for t in _TOKEN.findall(text) if not any(spelled(t, name, cased=code) for name in theirs))
    return not spelled(rest, term.label, cased=code)
