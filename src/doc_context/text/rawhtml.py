"""Pure: raw HTML in someone else's markdown, read as text: what is a tag, and what goes with it.

A `<...>` is a tag when CommonMark would pass it to the browser (0.31, section 6.6 "Raw HTML": a name of
letters, digits and hyphens, attributes whose names start with a letter, `_` or `:`, values quoted or bare)
and its name is an HTML element's. Anything else is text as written: a placeholder (`pip install
<package>`, `<service name>:<port>`), a repr (`<object object at 0x7f...>`), a shell's here-document
(`<<EOF`). A tag goes and leaves its text; `<script>`, `<style>` and `<iframe>` (any `<script ...>`, as a
browser reads it) and the elements whose content is no text (`<object>`, `<svg>`, `<template>`...) go with
their content, up to their closing tag or, left unclosed, to the end of their paragraph: never further.
"""

from __future__ import annotations

import re

_ELEMENTS = frozenset(
    """a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink blockquote
    body br button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl
    dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr
    html i iframe img input ins kbd keygen label legend li link main map mark marquee math menu menuitem meta meter
    nav nobr noembed noframes noscript object ol optgroup option output p param picture plaintext pre progress q rb
    rp rt rtc ruby s samp script search section select slot small source span strike strong style sub summary sup
    svg table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp""".split()
)
_NAME = r"[A-Za-z][A-Za-z0-9-]*"
_ATTRIBUTE = r"(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s\"'=<>`]+|'[^']*'|\"[^\"]*\"))?)"
_TAG = re.compile(rf"<({_NAME}){_ATTRIBUTE}*\s*/?>|</({_NAME})\s*>|<!--.*?-->|<![A-Za-z][^<>]*>|<\?.*?\?>", re.S)
_UNSAFE = re.compile(r"<(script|style|iframe)(?![A-Za-z0-9-])[^<>]*>?", re.I)  # as a browser reads it
_HIDDEN = frozenset({"script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "noembed"})
_BLOCK_END = re.compile(r"\n[ \t]*\n")
_ANCHOR = re.compile(r"<a\b[^>]*?\bhref\s*=\s*[\"']?(https?://[^\"'\s>]+)[\"']?[^>]*>(.*?)</a\s*>", re.I | re.S)
_IMG = re.compile(r"<img\b[^>]*?>", re.I | re.S)
_ALT = re.compile(r"\balt\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))", re.I)


def tag_name(match: re.Match[str]) -> str:
    """The element a tag match opens or closes, casefolded ("" for a comment, a declaration)."""
    return (match.group(1) or match.group(2) or "").casefold()


def unsafe_dropped(text: str) -> str:
    """`<script>`, `<style>` and `<iframe>` gone with their content (even in code: nothing of them is read)."""
    return _hidden(text, _UNSAFE)


def html_dropped(text: str) -> str:
    """The text with its tags gone: a link to http(s) stays a markdown link, an image leaves its alt text, an
    element whose content is no text goes with it; a `<...>` that is no tag stays as written."""
    text = _hidden(text, _TAG)
    text = _ANCHOR.sub(lambda m: f"[{_tags_out(m.group(2)).strip() or m.group(1)}]({m.group(1)})", text)
    text = _IMG.sub(_img_alt, text)
    return _tags_out(text)


def _tags_out(text: str) -> str:
    return _TAG.sub(lambda m: "" if _is_tag(m) else m.group(), text)


def _is_tag(match: re.Match[str]) -> bool:
    name = tag_name(match)
    return name in _ELEMENTS or not name  # a comment, a declaration, a processing instruction


def _hidden(text: str, opener: re.Pattern[str]) -> str:
    """Hidden elements gone, each with its content: to its closing tag, or to its paragraph's end."""
    out: list[str] = []
    at = 0
    while (match := opener.search(text, at)) is not None:
        name = tag_name(match) if opener is _TAG else match.group(1).casefold()
        if name not in _HIDDEN or (opener is _TAG and match.group(1) is None):
            out.append(text[at : match.end()])
            at = match.end()
            continue
        close = re.compile(rf"</{name}\s*>", re.I).search(text, match.end())
        block = _BLOCK_END.search(text, match.end())
        out.append(text[at : match.start()])
        at = close.end() if close is not None else block.start() if block is not None else len(text)
    return "".join(out) + text[at:]


def _img_alt(match: re.Match[str]) -> str:
    alt = _ALT.search(match.group())
    words = next((g for g in alt.groups() if g), "") if alt else ""
    return f"(image: {words.strip()})" if words.strip() else ""
