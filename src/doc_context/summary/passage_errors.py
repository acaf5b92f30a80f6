"""Pure: the rules a page states about what is an error, beside a change that raises one.

A specification's rules on one feature name it alike ("If a field is marked as ``Dynamic``...", "Backends MUST NOT
mark a field as ``Dynamic``..."), and the change's names meet them all. What a change does to a feature is often to
refuse it where the page says so: "tools MUST produce an error", "Script runners MUST error if...", "the command will
error if...", "Servers MUST reject...", "tools SHOULD report an error if they detect a cycle". A rule stating an error
is a modal verb (RFC 2119's, or "will") telling to error, fail, reject, raise, throw or warn, or to raise, report,
produce, emit, generate, issue, return, log or show an error, an exception, a warning or a diagnostic; what an error
holds ("The error MUST include the line number") or what is done to warnings ("will strip all of the warning
flags") states none. A change implements such a rule when its code raises, throws or returns an error, or warns
(relevance/language.raises: ChangeTerms.raises; a test's or a document's do not count): quotes.weigh_pages weighs a
rule stating an error ERRS times its match beside it, as a rule addressed to the change's role weighs ROLE
(passage_roles.py), so of two rules the change matches alike, the one telling what it refuses comes first. An error a
page tells one of its roles the change does not play ("Type checkers should emit an error" beside a change to a
runtime library, "Build frontends MAY warn" beside a backend) is that agent's to raise, not the change's: no such
weight ("tools" and "implementations" are any implementer's, passage_roles.EVERYONE).
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from doc_context.relevance.words import line_sentences, words

ERRS = 1.5  # what a match weighs in a rule stating an error, beside a change that raises one
_MODAL = r"(?:MUST|SHOULD|SHALL|MAY|must|should|shall|may|will|would)(?:\s+(?:NOT|not|also|then|instead|\w+ly))*"
_ERROR = r"(?:errors?|exceptions?|warnings?|diagnostics?)"
_STATES = re.compile(
    rf"\b{_MODAL}\s+(?:(?:error|fail|reject|raise|throw|warn)\b"
    rf"|(?:raise|report|produce|emit|generate|issue|give|return|throw|log|show|print|display|output|signal)s?"
    rf"\s+(?:an?\s+|the\s+)?(?:\w+\s+)?{_ERROR}\b)"
)

_BRACKETS = re.compile(r"\s*\([^)]*\)")
_CLAUSE = re.compile(r"[,;:]|\b(?:and|but|or|then)\b", re.I)  # where a sentence's clause starts


def states_error(text: str) -> bool:
    """Whether a passage (as written, `**MUST**` bold or not) states a rule saying what is an error."""
    return _STATES.search(" ".join(text.replace("**", "").split())) is not None


def refused(plain: Sequence[str], raises: bool, others: Sequence[Set[str]] = ()) -> list[bool]:
    """Whether each passage states an error the change may implement: none when its code raises nothing, nor when
    each error it states is told to another agent (`others`: for each passage, its page's roles the change does not
    play, passage_roles.not_played)."""
    theirs = others or [frozenset()] * len(plain)
    return [
        raises and states_error(text) and not (told and set(subjects(text)) <= told)
        for text, told in zip(plain, theirs, strict=True)
    ]


def subjects(text: str) -> list[str]:
    """The subject of each sentence of a passage stating an error, its last word as relevance.words reads it
    ("checker" for "type checkers should emit an error"): the word right before the modal verb in its clause, ""
    where the clause has none ("... and MUST reject uploads"); an aside in brackets is no subject ("the Python Package
    Index (PyPI) MUST reject")."""
    out = []
    for sentence in line_sentences(" ".join(text.replace("**", "").split())):
        found = _STATES.search(sentence)
        if found is not None:
            clause = _CLAUSE.split(_BRACKETS.sub("", sentence[: found.start()]))[-1].split()
            said = words(clause[-1]) if clause else []
            out.append(said[-1] if said else "")
    return out
