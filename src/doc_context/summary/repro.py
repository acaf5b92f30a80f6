"""Pure: a Bug's repro steps and system info (markdown) -> context, numbered steps, expected/actual, environment.

The expected and actual outcomes are shown as criteria (summary/acceptance_criteria.py), the Expected one with
its evidence.

Only real steps are numbered: when the repro steps hold a list (or "Step 1:" lines), its items are
the steps and any other line before them ("Found while reconciling…") is context, shown apart;
without a list, every line is a step. Lines after an "Expected:" / "Actual:" label belong to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from doc_context.summary.mdcut import clip_markdown
from doc_context.summary.tokens import clip
from doc_context.text.images import shows_attachment
from doc_context.text.mdlines import FENCE, LIST_MARKER, closes_fence
from doc_context.text.mdwrite import code_span

MAX_STEPS = 15
STEP_CHARS = 200
STEPS_BUDGET = 1_200
CONTEXT_CHARS = 300
OUTCOME_CHARS = 300  # an expected or actual outcome in the comment (comment/criteria_list.py)
SYSTEM_INFO_CHARS = 300

_EMPHASIS = re.compile(r"[*_`]+")
_ATTACHED = re.compile(r"\(image: \[(?:[^\[\]\n]|\\[\[\]])*\]\([^)\s]*\)\)")  # images.image_text's link
_WORDS = re.compile(r"\w")
_STEP_PREFIX = re.compile(r"(?i)^step\s*\d+\s*[:.)-]\s*")
_STEPS_HEADER = re.compile(r"(?i)^(?:steps?(?: to reproduce)?|repro(?:duction)?(?: steps)?)\s*:?$")
_MARKS = r"[*_`]*"  # emphasis around a label: **Expected:**
_OUTCOME = re.compile(  # the value is taken as written after the label: `to_cents` and _apis keep their marks
    rf"(?i)^{_MARKS}(expected|actual)(?:\s+(?:results?|behaviou?rs?|outcomes?|output))?{_MARKS}\s*"
    rf"(?::|-|–|—|$){_MARKS}\s*(.*)$"
)


@dataclass(frozen=True)
class Repro:
    steps: tuple[str, ...] = ()
    expected: str = ""
    actual: str = ""
    context: tuple[str, ...] = field(default=())  # lines that are no step, when real steps exist


def parse_repro(markdown: str) -> Repro:
    """The parts of a Bug's repro steps."""
    marked: list[str] = []  # list items and "Step n:" lines
    plain: list[str] = []  # other lines before the outcome labels
    outcome: dict[str, list[str]] = {"expected": [], "actual": []}
    current = ""
    for line, code in _lines(markdown):
        if code:  # a line of a code block: a code span, as written, with the step above it
            (outcome[current] if current else marked if marked else plain).append(code)
            if marked and not current and len(marked) > 1:
                marked[-2:] = [f"{marked[-2]} {marked[-1]}"]
            continue
        text = LIST_MARKER.sub("", line.strip()).strip()
        label = _OUTCOME.match(text)
        if label:
            current = label.group(1).lower()
            outcome[current].append(label.group(2).strip())
        elif current and text:
            outcome[current].append(text)
        elif text and not _STEPS_HEADER.match(_EMPHASIS.sub("", text)):
            _add_line(line, text, marked, plain)
    expected, actual = (" ".join(p for p in outcome[k] if p) for k in ("expected", "actual"))
    if not marked:
        return Repro(tuple(plain), expected, actual)
    return Repro(tuple(marked), expected, actual, tuple(plain))


def _lines(markdown: str) -> list[tuple[str, str]]:
    """(line, "") per line; a fenced block's lines as ("", the line as a code span) (a step is one line)."""
    out: list[tuple[str, str]] = []
    fence = ""
    for line in markdown.splitlines():
        opener = FENCE.match(line)
        if fence and closes_fence(line, fence):
            fence = ""
        elif fence:
            out += [("", code_span(line))] if line.strip() else []
        elif opener:
            fence = opener.group(1)
        else:
            out.append((line, ""))
    return out


def _add_line(line: str, text: str, marked: list[str], plain: list[str]) -> None:
    stripped = line.strip()
    is_item = bool(LIST_MARKER.match(stripped)) or bool(_STEP_PREFIX.match(stripped))
    if not is_item and marked and shows_attachment(text) and not _WORDS.search(_ATTACHED.sub("", text)):
        marked[-1] = f"{marked[-1]} {text}"  # a screenshot after a step shows that step
    elif is_item and line[:1] in (" ", "\t") and marked:
        marked[-1] = f"{marked[-1]} — {text}"  # a nested item belongs to its step
    elif is_item:
        marked.append(_STEP_PREFIX.sub("", text))
    else:
        plain.append(text)


def numbered_steps(steps: tuple[str, ...] | list[str], most: int = MAX_STEPS) -> str:
    """Steps numbered 1..n, each kept whole up to STEP_CHARS, as many as the budget holds (at most `most`)."""
    lines: list[str] = []
    used = 0
    for step in steps[: min(most, MAX_STEPS)]:
        line = f"{len(lines) + 1}. {clip_markdown(step, STEP_CHARS)}"  # a cut code span closed
        if lines and used + len(line) > STEPS_BUDGET:
            break
        lines.append(line)
        used += len(line) + 1
    if len(lines) < len(steps):
        lines.append(f"\n…and {len(steps) - len(lines)} more steps")
    return "\n".join(lines)


def system_info(markdown: str) -> str:
    """The environment on one line."""
    lines = (LIST_MARKER.sub("", line.strip()).strip() for line in markdown.splitlines())
    return clip("; ".join(line for line in lines if line), SYSTEM_INFO_CHARS)


def repro_text(repro_steps: str, *, context: bool = True, steps: int = MAX_STEPS) -> str:
    """A Bug's repro steps as context and numbered steps (at most `steps`); its expected and actual outcomes are
    criteria (summary/acceptance_criteria.py: outcome_criteria), shown with the evidence for the fix after the text.
    Without `context` (the comment), the steps come first and unlabelled, under the Bug's own heading."""
    repro = parse_repro(repro_steps)
    parts: list[str] = []
    if repro.context and (context or not (repro.steps or repro.expected or repro.actual)):
        parts.append(clip(" ".join(repro.context), CONTEXT_CHARS))
    if repro.steps:
        parts.append(("**Repro steps**\n" if parts or context else "") + numbered_steps(repro.steps, steps))
    return "\n\n".join(parts)


def environment_text(info: str) -> str:
    """The system info as one labelled line, or nothing."""
    environment = system_info(info)
    return f"**System info:** {environment}" if environment else ""
