"""Pure: a work item's acceptance criteria field (markdown) -> one Criterion per line, struck-through ones marked;
a Bug's outcome as two labelled ones; and each live criterion's evidence, looked up once per run.

    criteria = parse_criteria(field) + outcome_criteria(repro_steps)     # a Bug's Expected is a criterion too
    criteria = with_evidence(criteria, finder, own_text)                 # finder: one EvidenceFinder a run
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from doc_context.models import Criterion
from doc_context.summary.evidence import EvidenceFinder
from doc_context.summary.repro import parse_repro
from doc_context.summary.tokens import split_sentences
from doc_context.text.mdlines import LIST_MARKER

EXPECTED, ACTUAL = "Expected", "Actual"
_HEADER = re.compile(r"(?i)^\W*acceptance criteria\W*$")
_STRUCK = re.compile(r"~~.*?~~")


def parse_criteria(markdown: str) -> tuple[Criterion, ...]:
    """Acceptance criteria, one a line, in their order; a wholly struck-through one is withdrawn (`struck`)."""
    found: list[Criterion] = []
    for line in markdown.splitlines():
        text = LIST_MARKER.sub("", line.strip()).strip()
        if not text or _HEADER.match(text):
            continue
        if "~~" in text and not re.search(r"\w", _STRUCK.sub("", text)):
            found.append(Criterion(text.replace("~~", "").strip(" *_"), struck=True))
        else:
            found.append(Criterion(text))
    return tuple(found)


def outcome_criteria(repro_steps: str) -> tuple[Criterion, ...]:
    """A Bug's Expected outcome, a criterion for the fix, and its Actual one beside it (never given evidence)."""
    repro = parse_repro(repro_steps)
    return tuple(
        Criterion(text, label=label) for label, text in ((EXPECTED, repro.expected), (ACTUAL, repro.actual)) if text
    )


def with_evidence(
    criteria: Sequence[Criterion],
    finder: EvidenceFinder | None,
    own_text: Sequence[str] = (),
    elsewhere: Sequence[str] = (),
    title: str = "",
) -> tuple[Criterion, ...]:
    """The criteria, each live one (and a Bug's Expected outcome) with its evidence; withdrawn ones and the Actual
    outcome get none. `own_text`: the work item's other fields, whose sentences pasted into the diff are no
    evidence (nor are its other criteria); `elsewhere`: the pull request's other work items' text, whose shared
    phrases are the change's topic; the live criteria and the `title` say the work item's (EvidenceFinder.find)."""
    if finder is None:
        return tuple(criteria)
    sentences = [s for text in own_text for s in split_sentences(text)]
    sentences += [c.text for c in criteria]
    said = [c.text for c in criteria if not c.struck and c.label != ACTUAL]

    def find(c: Criterion) -> Criterion:
        others = [s for s in sentences if s != c.text]
        siblings = [s for s in said if s != c.text]
        evidence = finder.find(c.text, work_item=others, elsewhere=elsewhere, siblings=siblings, title=title)
        return replace(c, evidence=evidence)

    return tuple(c if c.struck or c.label == ACTUAL else find(c) for c in criteria)


def live(criteria: Sequence[Criterion]) -> list[Criterion]:
    """The criteria evidence was looked for: what a language model may put one word to, in their order."""
    return [c for c in criteria if c.evidence is not None]


def criteria_lines(criteria: tuple[Criterion, ...]) -> str:
    """The criteria as a plain list, the withdrawn ones struck through (for a language model's input)."""
    return "\n".join(f"- ~~{c.text}~~" if c.struck else f"- {c.text}" for c in criteria if c.label != ACTUAL)
