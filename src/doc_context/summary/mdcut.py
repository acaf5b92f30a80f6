"""Pure: cutting markdown without breaking it: what a reader sees of it, a clip never inside a link, a cut
text's open marks closed, and a finished text shortened at a block or a line (never half a table)."""

from __future__ import annotations

import re

from doc_context.summary.tokens import ELLIPSIS, clip
from doc_context.text.mdblocks import heading_text, parse_blocks

MIN_CLIP = 40  # shorten() ends with a clipped line only when this much room is left

_LINK = re.compile(r"\[((?:[^\[\]\n]|\\[\[\]])*)\]\((?:[^()\s]|\([^()\s]*\))*\)")
_BARE_URL = re.compile(r"https?://[^\s<>()\[\]]+")


def visible_len(text: str) -> int:
    """The length a reader reads: a markdown link counts its text, not its address; a bare address counts
    as a short word (the eye skips it)."""
    return len(_BARE_URL.sub("https://…", _LINK.sub(lambda m: m.group(1), text)))


def clip_markdown(text: str, limit: int) -> str:
    """clip(), never inside a link, and closing what the cut left open."""
    if visible_len(text) <= limit:
        return text
    cut = clip(text, limit)
    end = len(cut.removesuffix(ELLIPSIS))
    for m in _LINK.finditer(text):
        if m.start() < end < m.end():
            cut = text[: m.start()].rstrip(" ,;:.-") + ELLIPSIS
    return balance(cut)


def shorten(markdown: str, limit: int) -> str:
    """The text cut to the limit at a block or line: a table or code fits whole or goes; a last line may be clipped."""
    if len(markdown) <= limit:
        return markdown
    lines = markdown.split("\n")
    ends = [0]  # ends[i]: the length of the first i lines joined
    for line in lines:
        ends.append(ends[-1] + len(line) + (1 if len(ends) > 1 else 0))
    keep, clipped = 0, ""
    for block in parse_blocks(markdown):
        if ends[block.end] <= limit:
            keep = block.end
            continue
        if block.kind in ("para", "list", "quote"):
            keep = max([j for j in range(block.start, block.end) if ends[j] <= limit], default=keep)
            room = limit - ends[keep] - 1
            if room >= MIN_CLIP and heading_text(lines[keep]) is None:
                clipped = balance(clip(lines[keep], room - 5))
        break
    kept = lines[:keep]
    while not clipped and kept and (not kept[-1].strip() or heading_text(kept[-1]) is not None):
        kept.pop()  # no heading left without its text
    return "\n".join(kept + ([clipped] if clipped else [])).strip("\n")


def balance(text: str) -> str:
    """Close what a cut left open: `code`, **bold**, ~~strike~~ (so the rest of the comment is unaffected)."""
    closing = ""
    for mark in ("`", "**", "~~"):
        if text.count(mark) % 2:
            closing = mark + closing
    return text + closing
