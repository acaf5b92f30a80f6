"""Pure: the optional language model's one word per criterion, kept only when the line it cites checks out.

    data = criteria_data(items, diff)                       # what the model is given: C1, C2, … and their lines
    paragraph, judgements = parse_answer(answer)            # "C2: partly src/loyalty.py:42" lines, apart
    items, notices = with_words(items, judgements, diff)    # the words that stand, on their criteria
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
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from doc_context.change.model import Diff, Evidence, FileEvidence
from doc_context.models import Criterion, Notice, Summary
from doc_context.summary.tokens import clip

Word = Literal["addressed", "partly", "not visible"]
WORDS: tuple[Word, ...] = get_args(Word)
SOURCE = "llm"
WORDS_PROMPT = (
    "The data also lists acceptance criteria, each with an id (C1, C2, …) and the changed lines of the diff that "
    "carry its terms, as file:line: code. After the paragraph you may add one line for each criterion those lines "
    "let you judge: 'C<n>: addressed <file>:<line>' or 'C<n>: partly <file>:<line>', citing the changed lines "
    "that show it (comma-separated), or 'C<n>: not visible' when none does. Cite only lines given for that "
    "criterion. Never write that a criterion is met, done, passed or satisfied; leave out any you are unsure of."
)
WORD_CHARS = 160  # characters of the answer allowed for each criterion's word line
WORD_TOKENS = 40
LINES_PER_CRITERION = 4  # changed lines sent for each criterion
LINE_CHARS = 160
_WORD_LINE = re.compile(  # "C2: partly src/a.py:42, src/b.py:7" (a list marker or emphasis around it is fine)
    r"^\s*(?:[-*]\s+)?[*_`]*C(?P<id>\d{1,4})[*_`]*\s*[:.)\-–—]\s*[*_]*(?P<word>addressed|partly|not visible|[a-z]+)"
    r"[*_]*(?P<rest>.*)$",
    re.I,
)
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


def numbered(items: Sequence[Summary]) -> list[tuple[Summary, int]]:
    """The criteria a model may put a word to, across the run's work items, in order (the prompt numbers them
    C1, C2, …): each live one and a Bug's Expected outcome of every work item the comment quotes, as (its work
    item, its index in summary.criteria)."""
    return [
        (summary, n)
        for summary in items
        if not summary.withheld
        for n, criterion in enumerate(summary.criteria)
        if criterion.evidence is not None
    ]


def criteria_data(items: Sequence[Summary], diff: Diff | None) -> list[dict[str, object]]:
    """The criteria as the model is given them (numbered), each with the changed lines its evidence found."""
    return [_criterion(n, summary, summary.criteria[at], diff) for n, (summary, at) in enumerate(numbered(items), 1)]


def _criterion(n: int, summary: Summary, criterion: Criterion, diff: Diff | None) -> dict[str, Any]:
    """One criterion as the model sees it: its id, its text and the changed lines its evidence found."""
    lines: list[str] = []
    for found in criterion.evidence.files if criterion.evidence else ():
        changed = diff.file(found.path) if diff is not None else None
        if changed is None:  # no checkout: the file's name is all there is
            lines.append(found.path.lstrip("/"))
            continue
        text = dict(zip(changed.added.numbers, changed.added.split(), strict=False))
        text |= {-k: v for k, v in zip(changed.deleted.numbers, changed.deleted.split(), strict=False)}
        lines += [f"{found.path.lstrip('/')}:{k}: {clip(text.get(k, '').strip(), LINE_CHARS)}" for k in found.lines]
        lines += [
            f"{found.path.lstrip('/')}:{k} (removed): {clip(text.get(-k, '').strip(), LINE_CHARS)}"
            for k in found.removed
        ]
    label = f"{criterion.label}: " if criterion.label else ""
    return {
        "id": f"C{n}",
        "work_item": summary.source_id,
        "text": clip(label + criterion.text, 400),
        "changed_lines": lines[:LINES_PER_CRITERION] or "none found",
    }


def parse_answer(answer: str) -> tuple[str, tuple[Judgement, ...]]:
    """The model's paragraph, and its word lines ("C2: partly src/a.py:42, src/b.py:7"), C1 as criterion 0."""
    paragraph: list[str] = []
    judged: list[Judgement] = []
    for line in answer.splitlines():
        found = _WORD_LINE.match(line)
        if found is None:
            paragraph.append(line)
            continue
        cited = (parse_citation(part) for part in re.split(r"[,;]\s*|\s+(?=\S+:\d)", found["rest"]))
        judged.append(Judgement(int(found["id"]) - 1, found["word"], tuple(c for c in cited if c is not None)))
    return "\n".join(paragraph).strip(), tuple(judged)


def with_words(
    items: Sequence[Summary], judgements: Sequence[Judgement], diff: Diff | None
) -> tuple[list[Summary], tuple[Notice, ...]]:
    """The work items with the model's checked words on their criteria, and a Notice for each word dropped."""
    order = numbered(items)
    notices: list[Notice] = []
    unknown = sum(1 for j in judgements if not 0 <= j.criterion < len(order))
    if unknown:
        notices.append(Notice(SOURCE, f"{unknown} of the model's words were for criteria it was not given; dropped"))
    out = []
    for summary in items:
        mine = [(at, n) for at, (s, n) in enumerate(order) if s is summary]
        if not mine:
            out.append(summary)
            continue
        first = mine[0][0]
        judged = [
            replace(j, criterion=j.criterion - first) for j in judgements if first <= j.criterion < first + len(mine)
        ]
        evidence = [summary.criteria[n].evidence or Evidence() for _, n in mine]
        words, dropped = check_words(judged, evidence, diff, about=summary.source_id)
        notices += dropped
        criteria = list(summary.criteria)
        for local, word in words.items():
            n = mine[local][1]
            criteria[n] = replace(criteria[n], word=word)
        out.append(replace(summary, criteria=tuple(criteria)))
    return out, tuple(notices)
