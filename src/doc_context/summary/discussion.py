"""Pure: a work item's discussion -> the comments that bear on the change, quoted.

A comment bears on the change when its passages hold the change's terms (the diff's added lines), weighed as
the pages' passages are (quotes.py), all the linked items' comments together. The comment shows at most
MAX_SHOWN an item, newest first, each as an excerpt with its author's display name and date:

    **Discussion**

    > _Comment, Priya Raman, 2025-10-16:_ Agreed with finance: release the gift card hold within 60 seconds …

Chit-chat ("Thanks!", "+1", "LGTM") never shows. The build summary lists every comment, one line each.
Mentions are already plain names (text/mentions.py); everything is neutralized here, as a page's text is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from doc_context.models import Remark
from doc_context.relevance.terms import ChangeTerms
from doc_context.summary.passages import short
from doc_context.summary.quotes import Quoted, weigh_pages
from doc_context.summary.tokens import clip
from doc_context.text.neutralize import neutralize, plain_inline

MAX_SHOWN = 2  # comments quoted under one work item
LINE_CHARS = 300  # a comment's line in the build summary
TITLE = "**Discussion**"
CHIT_CHAT = frozenset(
    "thanks thank you thx ty cheers lgtm +1 -1 ok okay done nice great cool agreed sure yes no np noted "
    "ack sounds good looks good to me ship it will do fixed merged approved".split()
)
_WORD = re.compile(r"[+-]?\w+", re.UNICODE)


def chit_chat(text: str) -> bool:
    """A comment that says nothing of the work: a few polite words, a vote, an emoji."""
    found = [w.casefold() for w in _WORD.findall(text)]
    return len(found) <= 5 and all(w in CHIT_CHAT or w.isdigit() for w in found)


def weighed(remarks: Sequence[Remark], change: ChangeTerms) -> dict[tuple[int, int], Quoted]:
    """Each comment's quotes, its passages weighed among every comment's: (work item, comment) -> Quoted."""
    quotes = weigh_pages([(r.text, "") for r in remarks], change, gate=False)
    return {(r.work_item, r.id): q for r, q in zip(remarks, quotes, strict=True)}


def discussion(
    item: int, remarks: Sequence[Remark], quotes: Mapping[tuple[int, int], Quoted], change: ChangeTerms
) -> tuple[str, str, str]:
    """(the comment's block, that block with its newest comment only as it yields, the build summary's) for one
    work item; "" where there is nothing to show (the shorter one: where it would be the same)."""
    own = sorted((r for r in remarks if r.work_item == item), key=lambda r: (r.date, r.id), reverse=True)
    shown = [r for r in own if not chit_chat(r.text) and (q := quotes.get((r.work_item, r.id))) and q.matched]
    block = [_quoted(r, quotes[(r.work_item, r.id)], change) for r in shown[:MAX_SHOWN]]
    comment = neutralize("\n\n".join([TITLE, *block])) if block else ""
    newest = neutralize("\n\n".join([TITLE, block[0]])) if len(block) > 1 else ""
    every = [f"- _{plain_inline(_who(r))}:_ {plain_inline(clip(' '.join(r.text.split()), LINE_CHARS))}" for r in own]
    return comment, newest, (neutralize("\n".join([TITLE, "", *every])) if every else "")


def _who(remark: Remark) -> str:
    return f"{remark.author}, {remark.date[:10]}" if remark.date else remark.author


def _quoted(remark: Remark, quotes: Quoted, change: ChangeTerms) -> str:
    text = " … ".join(" ".join(short(p, change).split()) for p in sorted(quotes.matched, key=lambda p: p.index))
    return f"> _Comment, {plain_inline(_who(remark))}:_ {text}"
