"""What a reader sees: markdown rendered by a CommonMark renderer (markdown-it-py), as text and as tokens."""

from __future__ import annotations

import html
import re

from markdown_it import MarkdownIt
from markdown_it.token import Token

_COMMONMARK = MarkdownIt("commonmark").enable("strikethrough").enable("table")
_TAG = re.compile(r"<[^>]*>")


def visible_text(markdown: str) -> str:
    """The rendered page's text, whitespace folded: what a reader can read and copy."""
    return " ".join(html.unescape(_TAG.sub(" ", _COMMONMARK.render(markdown))).split())


_BLOCK_TAG = re.compile(r"</?(?:p|li|ul|ol|h[1-6]|blockquote|pre|table|thead|tbody|tr|td|th|hr|br)\b[^>]*>")


def read_text(markdown: str) -> str:
    """The rendered text as a reader reads it: block boundaries (paragraphs, items, cells) as white space,
    inline tags (emphasis, links, code) as nothing, entities as their characters, white space folded."""
    rendered = _TAG.sub("", _BLOCK_TAG.sub(" ", _COMMONMARK.render(markdown)))
    return " ".join(html.unescape(rendered).split())


def raw_html(markdown: str) -> list[str]:
    """Raw HTML a renderer would pass through (html_block, html_inline tokens): must stay empty."""
    return [t.content for t in _walk(_COMMONMARK.parse(markdown)) if t.type in ("html_block", "html_inline")]


def _walk(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    for token in tokens:
        out.append(token)
        out += _walk(token.children or [])
    return out


def tokens(markdown: str) -> list[Token]:
    """Every token a renderer makes of the markdown, nested ones included (code_inline, fence, ...)."""
    return _walk(_COMMONMARK.parse(markdown))
