"""Pure: make untrusted text (work items, pages, PR titles) safe to put in our markdown comment.

What it prevents: raw HTML, @mentions that notify people, lines that become headings or rules
and break the layout, pipeline logging commands (##vso[...], ##[...]), code fences that swallow
the rest of the comment, and markdown images that load remote URLs.
"""
from __future__ import annotations

import re

ZWSP = "\u200b"

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\n]*)\)")
_BACKTICKS = re.compile(r"`{3,}")
_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_RULE = re.compile(r"(?:=+|-+|(?:[-*_][ \t]*){3,}|~{3,}.*)[ \t]*$")
_MENTION = re.compile(r"@(?=[^\s\u200b])")
_LOG_COMMAND = re.compile(r"##(?=vso\\?\[|\\?\[)", re.IGNORECASE)
_WHITESPACE = re.compile(r"\s+")


def neutralize(text: str) -> str:
    """Untrusted markdown, defused; what it says stays readable."""
    text = _CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _IMAGE.sub(_image_as_text, text).replace("![", "!\\[")
    text = text.replace("<", "&lt;").replace(">", "&gt;")
    text = _BACKTICKS.sub(lambda m: "\\`" * len(m.group()), text)
    text = "\n".join(_defuse_line(line) for line in text.split("\n"))
    text = _MENTION.sub("@" + ZWSP, text)
    return _LOG_COMMAND.sub("#" + ZWSP + "#", text)


def neutralize_inline(text: str) -> str:
    """Untrusted text for one line (a heading, a link text): whitespace folded, brackets escaped."""
    folded = _WHITESPACE.sub(" ", text).strip().replace("\\", "\\\\")
    return neutralize(folded.replace("[", "\\[").replace("]", "\\]"))


def _image_as_text(match: re.Match[str]) -> str:
    alt, url = match.group(1).strip(), match.group(2).strip()
    label = f"image: {alt}" if alt else "image"
    return f"({label}, {url})" if url else f"({label})"


def _defuse_line(line: str) -> str:
    """A line that would start a heading, a rule, a setext underline or a fence starts escaped."""
    body = line.lstrip(" \t")
    if _HEADING.match(body) or _RULE.match(body):
        return line[: len(line) - len(body)] + "\\" + body
    return line
