"""Pure: a criterion that speaks of much the change never writes, met only away from what the change is about (for
summary/evidence.py). An entry of another change shares a word or a name with this one now and then (`asyncio` in
an import, `object_changes` in `where_object_changes`), while the rest of what it says (its references, its adapter,
its strategy, the error it names) is written nowhere in the diff. A criterion saying SAYS telling words or more (no
common word: relevance/common_words), of whose phrases of two words and named code the change writes WRITTEN at most
(all of a term's words on one changed line, added or deleted, or in one changed file's path), and none of whose files
is the change's most changed file (its subject: the most added and deleted lines of a file no tool writes and no
data: a lock file, go.sum, a snapshot or an expected .sarif grows with any change, review 18 F1), is about other
code: it has no evidence. An entry of the change itself writes its subject where the change does most; a long one
telling its story in prose still names what it changes (measured in docs/benchmarks.md, session 18: prec18).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.change.index import DiffIndex
from doc_context.relevance.common_words import COMMON
from doc_context.relevance.criterion_terms import CriterionTerms, Term
from doc_context.relevance.file_kinds import is_generated
from doc_context.relevance.words import parts
from doc_context.summary.evidence_file import Scored

SAYS = 8  # telling words a criterion says, at least, before what the change leaves unsaid counts
WRITTEN = 0.2  # the share of its phrases and named code the change writes, at most
# files that grow with a change whatever it is about: lock files, checksums, snapshots, expected outputs, pictures
_DATA = re.compile(r"(?:\.(?:lock|sum|sarif|snap|csv|svg|png|jpe?g|gif)|(?:^|/)pnpm-lock\.yaml)$", re.IGNORECASE)


def unsaid(criterion: str, terms: CriterionTerms, found: Sequence[Scored], index: DiffIndex) -> bool:
    """Whether the criterion says much the change writes nowhere, and its files are not the change's subject."""
    files = index.diff.files
    if not found or not files or len([w for w in dict.fromkeys(parts(criterion)) if w not in COMMON]) < SAYS:
        return False
    subject = max(
        [f for f in files if not is_generated(f.path) and not _DATA.search(f.path)] or files,
        key=lambda f: len(f.added) + len(f.deleted),
    ).path
    if any(s.evidence.path == subject for s in found):
        return False
    spoken = [t for t in terms.terms if t.weight and ((t.kind == "phrase" and len(t.parts) == 2) or named(t))]
    paths = [set(parts(f.path)) for f in files]
    most, written = WRITTEN * len(spoken), 0
    for term in spoken:  # read until the change writes more than `most` of them
        written += any(set(term.parts) <= p for p in paths) or _written(term, index)
        if written > most:
            return False
    return bool(spoken)


def named(term: Term) -> bool:
    return term.kind == "ident" and term.named


def _written(term: Term, index: DiffIndex) -> bool:
    """Whether every word of the term is on one changed line of some file, added or deleted."""
    need = set(term.parts)
    for side in ("added", "deleted"):
        for n in index.candidates(side, need):
            words = index.file_words(side, n)
            if set.intersection(*(words.word(w) for w in need)):
                return True
    return False
