"""Pure: a work item's acceptance criteria as the comment and the build summary show them, with their evidence.

Every live criterion is shown, in the work item's order, each as ONE list item: its text, then in the same
item its evidence (each file a code span with its line numbers, linking into the pull request's Files view
at that file) or the exact words NO_EVIDENCE. In the comment up to MAX_SHOWN criteria, each clipped at about
CRITERION_CHARS, with up to MAX_FILES files (FEW_FILES once the comment's further evidence has yielded) and
MAX_RANGES line ranges each, then how many more the build summary holds; after each file, in italics, the term
that sets the criterion apart there (it yields after the pages' text: models.Yields.TERMS).
The build summary shows every criterion with all of its evidence lines and terms. A Bug's outcome comes first:
its Expected outcome with its evidence, its Actual one beside it. Withdrawn (struck-through) criteria stay
apart, struck through, and never get evidence. Criteria are never shortened for length: they yield last, with
the whole work item text; before that, only their evidence files beyond the first and their terms
(comment/yields.py).

The evidence points; it never says a criterion is met: the only verdict-like word is a language model's
(addressed, partly, not visible), kept when the line it cites is in the diff (summary/model_words.py) and
shown as the model's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from doc_context.change.model import Evidence, FileEvidence
from doc_context.models import Criterion, PullRequestRef
from doc_context.summary.evidence import NAMES_ONLY
from doc_context.summary.mdcut import clip_markdown
from doc_context.summary.prlinks import evidence_label, files_view_url
from doc_context.summary.repro import OUTCOME_CHARS
from doc_context.summary.tokens import clip
from doc_context.text.mdwrite import code_span
from doc_context.text.neutralize import plain_inline, strip_invisible

__all__ = ["NAMES_ONLY", "NO_EVIDENCE", "by_name_line", "criteria_markdown", "criterion_item", "names_only"]

MAX_SHOWN = 12  # live criteria per work item in the comment
MAX_WITHDRAWN = 5  # withdrawn ones in the comment
CRITERION_CHARS = 200  # one criterion in the comment, at most about this much (whole words, links whole)
FULL_CHARS = 1_000  # one criterion in the build summary
MAX_FILES = 3  # evidence files per criterion in the comment while it has room; the build summary names them all
FEW_FILES = 1  # once the comment's further evidence has yielded (models.Yields.EVIDENCE)
MAX_RANGES = 2  # line ranges per file in the comment
PATH_CHARS = 120  # of a file's path in its code span
MAX_TERMS = 1  # of a file's terms in the comment (its most telling); the build summary names them all
TERM_CHARS = 40
_EMPHASIS = re.compile(r"[*~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")  # what would end the italics or start another
NO_EVIDENCE = "no evidence in the diff"
NO_NAMED_EVIDENCE = "no evidence in the diff's file names"  # without a checkout: NAMES_ONLY says why, once


def criteria_markdown(
    criteria: Sequence[Criterion],
    *,
    full: bool = False,
    pr: PullRequestRef | None = None,
    files: int = MAX_FILES,
    terms: bool = True,
) -> str:
    """A Bug's outcome, the acceptance criteria block, then the withdrawn criteria apart; "" when there are none.
    `pr`: the pull request whose Files view each evidence file links into (no links without it); `files`: how
    many evidence files each criterion names in the comment (the build summary names them all); `terms`:
    whether each file names its term (models.Yields.TERMS)."""
    outcome = [c for c in criteria if c.label and not c.struck]
    live = [c for c in criteria if not c.struck and not c.label]
    withdrawn = [c for c in criteria if c.struck]
    shown = Shown(full, pr, _short_names(criteria) if not full else frozenset(), files, terms or full)
    parts = []
    if outcome:
        parts.append("\n".join(criterion_item(c, full=full, pr=pr, shown=shown) for c in outcome))
    if live:
        parts.append(_block("**Acceptance criteria**", live, MAX_SHOWN, shown))
    if withdrawn:
        parts.append(_block("**Withdrawn criteria** (struck through)", withdrawn, MAX_WITHDRAWN, shown))
    return "\n\n".join(parts)


@dataclass(frozen=True)
class Shown:
    """How evidence is shown: in the build summary (`full`: every file, every line, whole paths) or the comment;
    linking into `pr`'s Files view; the paths shown by their file name alone (`short`: none other shares it)."""

    full: bool = False
    pr: PullRequestRef | None = None
    short: frozenset[str] = frozenset()
    files: int = MAX_FILES  # evidence files named per criterion in the comment
    terms: bool = True  # each file's term named after it


def criterion_item(
    criterion: Criterion, *, full: bool = False, pr: PullRequestRef | None = None, shown: Shown | None = None
) -> str:
    """One criterion as one list item: its text, then its evidence (or NO_EVIDENCE) when it was looked for."""
    chars = FULL_CHARS if full else OUTCOME_CHARS if criterion.label else CRITERION_CHARS
    text = clip_markdown(criterion.text, chars)
    if criterion.struck:
        return f"- ~~{text}~~"
    head = f"**{criterion.label}:** " if criterion.label else ""
    return f"- {head}{text}{_evidence(criterion, shown or Shown(full, pr))}"


def by_name_line(count: int, why: str) -> str:
    """The comment's one line on the changed files read by name only (too big, binary, beyond the caps)."""
    if not count:
        return ""
    files = "1 changed file was" if count == 1 else f"{count:,} changed files were"
    return f"{files} read by name only ({why}): their evidence is by file name."


def names_only(criteria: Sequence[Criterion]) -> bool:
    """Whether the criteria's evidence is by file name only (no checkout): the comment says NAMES_ONLY once."""
    return any(c.evidence is not None and c.evidence.basis == "file names" for c in criteria)


def _evidence(criterion: Criterion, shown: Shown) -> str:
    evidence = criterion.evidence
    if evidence is None:
        return ""
    word = f"_{criterion.word}_, says the language model; " if criterion.word else ""
    if not evidence.files:
        return f" — {word}_{NO_EVIDENCE if evidence.basis == 'diff' else NO_NAMED_EVIDENCE}_"
    return f" — {word}{_files(evidence, shown)}"


def _files(evidence: Evidence, shown: Shown) -> str:
    files = evidence.files if shown.full else evidence.files[: max(1, shown.files)]
    links = ", ".join(_file(f, shown) for f in files)
    more = len(evidence.files) - len(files)
    return links + (f" and {more} more file{'s' if more > 1 else ''}" if more else "")


def _file(evidence: FileEvidence, shown: Shown) -> str:
    """A file's evidence as a code span (its path, or its name alone where no other file of the work item's
    evidence has it, and its line numbers, as written: a backtick in a path gets a longer fence), linking into
    the pull request's Files view at the file."""
    path = evidence.path if evidence.path not in shown.short else _name(evidence.path)
    path = clip(strip_invisible(path), PATH_CHARS)
    label = evidence_label(FileEvidence(path, evidence.lines, evidence.removed), None if shown.full else MAX_RANGES)
    span = code_span(label).replace("@<", "@&lt;")  # `@<` is a mention's form: never one, even in code
    linked = f"[{span}]({files_view_url(shown.pr, evidence.path)})" if shown.pr is not None else span
    return linked + _terms(evidence, shown)


def _terms(evidence: FileEvidence, shown: Shown) -> str:
    """The criterion's terms the file carries, the most telling first, in italics: ` (*captured amount*)`; in
    the comment MAX_TERMS of them, each clipped at TERM_CHARS, so the reviewer can judge a weak match."""
    if not shown.terms:  # yielded (models.Yields.TERMS)
        return ""
    terms = evidence.terms if shown.full else evidence.terms[:MAX_TERMS]
    said = ", ".join(clip(" ".join(strip_invisible(t).split()), TERM_CHARS) for t in terms)
    return f" (*{_EMPHASIS.sub(_entity, plain_inline(said))}*)" if said.strip() else ""


def _entity(match: re.Match[str]) -> str:
    return f"&#{ord(match.group())};"


def _short_names(criteria: Sequence[Criterion]) -> frozenset[str]:
    """The evidence paths whose file name no other evidence path of these criteria shares."""
    paths = {f.path for c in criteria if c.evidence is not None for f in c.evidence.files}
    names = Counter(_name(p) for p in paths)
    return frozenset(p for p in paths if names[_name(p)] == 1)


def _name(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]


def _block(label: str, criteria: list[Criterion], most: int, shown: Shown) -> str:
    listed = criteria if shown.full else criteria[:most]
    more = len(criteria) - len(listed)
    lines = "\n".join(criterion_item(c, full=shown.full, pr=shown.pr, shown=shown) for c in listed)
    return f"{label}\n{lines}" + (f"\n\n_…and {more} more in the build summary_" if more else "")
