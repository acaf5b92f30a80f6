"""Pure: a story's criteria sharing a file (for summary/evidence.py). Criteria of one work item meet the same file
when they are about one feature. One resting there on a plain phrase alone (words of prose, no code named, just
ENOUGH) where a sibling weighs SHARE times as much in that file says the sibling's subject there, not its own ("custom
choices" on a comment in config.go, whose change a sibling's "environment variables override settings by prefix"
says): a criterion whose every file is such a file has no evidence. A phrase an identifier on its lines joins names
that code (the captured amount: `captured_amount`, `CapturedAmount`), and a criterion naming code keeps its files
(two entries of one change each name the code it adds in a shared file, `SqlDecimal` and `AddTypeMap`); so does one
with a file of its own beside the files its siblings say more of.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.words import parts
from doc_context.summary.evidence_file import ENOUGH, Scored

SHARE = 2.0  # a sibling weighing this many times as much in the file says it
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # one piece: snake_case, camelCase, PascalCase


def on_a_phrase(scored: Scored, terms: CriterionTerms, texts: Callable[[Scored], Sequence[str]]) -> bool:
    """Whether a file's evidence rests on one plain phrase (no code named), its words apart on its lines (`texts`: the
    file's evidence lines, read only then; no identifier joins them), and weighs just ENOUGH."""
    kinds = {t.label: t for t in terms.terms}
    rests = scored.evidence.terms
    term = kinds.get(rests[0]) if len(rests) == 1 else None
    if scored.apart > ENOUGH or term is None or term.kind != "phrase" or term.named:
        return False
    return not any(_joins(term, text) for text in texts(scored))


def _joins(term: Term, text: str) -> bool:
    """Whether an identifier on the line is the phrase's words run together (`captured_amount`)."""
    return any(set(term.parts) <= set(parts(name)) for name in _IDENTIFIER.findall(text) if len(parts(name)) > 1)


def yields_to_siblings(
    found: Sequence[Scored],
    terms: CriterionTerms,
    texts: Callable[[Scored], Sequence[str]],
    siblings: Callable[[], Iterable[Sequence[Scored]]],
) -> bool:
    """Whether every file of a criterion's evidence rests on a plain phrase in a file a sibling says SHARE times as
    much of (`texts`: a file's evidence lines; `siblings`: each sibling's files, read only when the criterion's own
    rest on phrases alone, and only until every file is a sibling's)."""
    if not found or not all(on_a_phrase(s, terms, texts) for s in found):
        return False
    left = {s.evidence.path: s.apart for s in found}
    for files in siblings():
        for o in files:
            if o.evidence.path in left and o.apart >= SHARE * left[o.evidence.path]:
                del left[o.evidence.path]
        if not left:
            return True
    return False
