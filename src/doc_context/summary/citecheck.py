"""Pure: the optional language model's one word per criterion, kept only when the line it cites checks out.

    words, notices = check_words(judgements, evidence, diff, about="work item 101")

The model may say, per criterion, "addressed", "partly" or "not visible", citing the diff's lines
("src/loyalty.py:42"). "addressed" and "partly" stay only when every cited line is an added line of one
of that criterion's evidence files in this diff (a deleted line of it, numbered as in the old file, for a
criterion about removing something); "not visible" stays only when it cites nothing and the diff shows no
evidence for the criterion either. Anything else (no citation, a made-up line or file, a line outside the
criterion's evidence, a word not among the three, an unknown criterion, no diff to check against) is
dropped, with a Notice for the log: never a word in the comment that the diff does not back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from doc_context.models import Notice
from doc_context.summary.evidence import Evidence, FileEvidence
from doc_context.text.unidiff import Diff

Word = Literal["addressed", "partly", "not visible"]
WORDS: tuple[Word, ...] = get_args(Word)
SOURCE = "llm"
_CITATION = re.compile(r"^\s*[`'\"]?(?P<path>[^\s:#`'\"]+?)(?::|#L|\s+line\s+|,\s*line\s+)(?P<line>\d{1,9})\b", re.I)


@dataclass(frozen=True)
class Citation:
    path: str  # "src/loyalty.py" or "/src/loyalty.py"
    line: int


@dataclass(frozen=True)
class Judgement:
    """What the model answered for one criterion."""

    criterion: int  # its index among the criteria the model was given
    word: str  # as answered
    cited: tuple[Citation, ...] = ()


def parse_citation(text: str) -> Citation | None:
    """A citation as a model writes one: "src/a.py:42", "/src/a.py#L42", "src/a.py line 42"; None otherwise."""
    found = _CITATION.match(text)
    return Citation(found["path"], int(found["line"])) if found else None


def check_words(
    judgements: Sequence[Judgement], evidence: Sequence[Evidence], diff: Diff | None, *, about: str
) -> tuple[dict[int, Word], tuple[Notice, ...]]:
    """The words that stand, by criterion index, and a Notice for each one dropped."""
    if diff is None:
        if not judgements:
            return {}, ()
        why = "there was no checkout to read the diff from, so no citation could be checked"
        return {}, (Notice(SOURCE, f"{about}: the model's words were left out: {why}"),)
    kept: dict[int, Word] = {}
    notices: list[Notice] = []
    for judgement in judgements:
        if judgement.criterion in kept:
            continue
        word, why = _verdict(judgement, evidence, diff)
        if word is not None:
            kept[judgement.criterion] = word
        else:
            notices.append(Notice(SOURCE, f"{about}, criterion {judgement.criterion + 1}: {why}; the word was dropped"))
    return kept, tuple(notices)


def _verdict(judgement: Judgement, evidence: Sequence[Evidence], diff: Diff) -> tuple[Word | None, str]:
    word = " ".join(judgement.word.lower().split()).strip(" .!\"'")
    said = f"the model's '{judgement.word.strip()[:40]}'"
    if word not in WORDS:
        return None, f"{said} is not one of {', '.join(WORDS)}"
    if not 0 <= judgement.criterion < len(evidence):
        return None, f"{said} is for a criterion it was not given"
    files = evidence[judgement.criterion].files
    if word == "not visible":
        if judgement.cited or files:
            return None, f"{said} contradicts the evidence the diff shows for it"
        return "not visible", ""
    if not judgement.cited:
        return None, f"{said} cites no line of the diff"
    for citation in judgement.cited:
        if not _backs(citation, files, diff):
            where = f"{citation.path.lstrip('/')}:{citation.line}"
            return None, f"{said} cites {where}, which is not a changed line of this criterion's evidence files"
    return word if word in ("addressed", "partly") else None, ""


def _backs(citation: Citation, files: Sequence[FileEvidence], diff: Diff) -> bool:
    """Whether the cited line is a changed line, in this diff, of one of the criterion's evidence files."""
    path = "/" + citation.path.strip().removeprefix("./").lstrip("/")
    for evidence in files:
        if evidence.path != path:
            continue
        changed = diff.file(path)
        if changed is None:
            return False
        if changed.added.has(citation.line):
            return True
        return bool(evidence.removed) and changed.deleted.has(citation.line)
    return False
