"""Pure: the opening paragraph of the comment, what the pull request is for: what it does with each work
item (fixes Bug 4211, implements User Story 4198) and the most relevant page. Titles are not repeated:
the PR's own is right above the comment, the work items' head their sections right below. An
LLM-written paragraph (llm.py) may replace it."""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.models import PullRequest, Summary
from doc_context.summary.tokens import clip
from doc_context.summary.worktypes import VERBS, work_type
from doc_context.text.neutralize import neutralize_inline, plain_inline

TITLE_CHARS = 200
ITEM_TITLE_CHARS = 90
NAMED_PER_GROUP = 4
LLM_NOTE = "_Overview written by a language model from the sources below; the sections below quote the sources._"


def overview(pr: PullRequest | None, items: Sequence[Summary], pages: Sequence[Summary], changed: int) -> str:
    """What the PR is for, in one sentence: what it does with each work item (the sections below say the
    rest, and the PR page shows its files)."""
    if not items:
        title = plain_inline(clip(pr.title, TITLE_CHARS)) if pr and pr.title.strip() else ""
        subject = f"This pull request (“{title}”)" if title else "This pull request"
        return f"{subject} has no linked work items; link one to see its business context here."
    return f"This pull request {_purposes(items)}."


def llm_paragraph(text: str) -> str:
    """A language model's overview as one paragraph, defused like any untrusted text, marked as machine-written."""
    return neutralize_inline(text) + "\n\n" + LLM_NOTE


def _purposes(items: Sequence[Summary]) -> str:
    groups: dict[str, list[Summary]] = {}
    for item in items:
        groups.setdefault(work_type(item.kind).verb, []).append(item)
    phrases = [f"{verb} {_named(groups[verb])}" for verb in dict.fromkeys((*VERBS, *groups)) if verb in groups]
    return _and(phrases)


def _named(items: list[Summary]) -> str:
    shown = [_name(s.heading) for s in items[:NAMED_PER_GROUP]]
    if len(items) > NAMED_PER_GROUP:
        shown.append(f"{len(items) - NAMED_PER_GROUP} more")
    return _and(shown)


def _name(heading: str) -> str:
    """ "Bug 4211: Checkout total is off" -> Bug 4211 (its title heads its section, right below)"""
    head, sep, _ = heading.partition(": ")
    if not sep:
        return f"“{plain_inline(clip(heading, ITEM_TITLE_CHARS))}”"
    return plain_inline(clip(head, 60))


def _and(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def count(n: int, noun: str) -> str:
    if n == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return f"{n} {noun[:-1]}ies"
    return f"{n} {noun}{'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'}"
