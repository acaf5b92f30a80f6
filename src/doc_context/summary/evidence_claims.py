"""Pure: the changed lines a neighbouring criterion claims (for summary/evidence.py): a line writing code another
criterion of the story names is that criterion's evidence for the code this one names, unless it writes this one's
name apart from the neighbour's: the file `Formatter` is (formatter.rb), changed only to `include
PrecomputedContentTypes`, which the neighbour names, is the neighbour's line, not the `Formatter` cleanup's; a
`content_type` met only inside `PrecomputedContentTypes` is that name. Code both criteria name is neither's alone
(relevance/everywhere.SHARED). Only named code is claimed: a value or a phrase on the line (`duration_minutes: int =
15` for "locked for 15 minutes", beside a criterion naming `duration_minutes`) is both criteria's.
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
    line the name meets by the file's name, as `Formatter` meets formatter.rb)."""
    if not others or not (term.kind == "ident" and term.named):
        return set()
    code = not (is_doc(path) or is_config(path))  # names are read in their case in code (relevance/names.spelled)
    return {i for i in hit if _claimed(lines.texts[i], others, term, code)}


def _claimed(text: str, others: Sequence[str], term: Term, code: bool) -> bool:
    theirs = [name for name in others if spelled(text, name, cased=code)]
    if not theirs:
        return False
    rest = " ".join(t for t in _TOKEN.findall(text) if not any(spelled(t, name, cased=code) for name in theirs))
    return not spelled(rest, term.label, cased=code)
