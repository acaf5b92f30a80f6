"""Pure: a Jira rich-text field -> markdown, whichever form it came in; raw ADF JSON or wiki markup never leaves.

    field_markdown(rendered, raw)   renderedFields' HTML (expand=renderedFields: "field values rendered in HTML
                                    format", both Cloud and Data Center) through the work items' HTML converter;
                                    without it, Cloud's ADF document (adf_markdown) or Data Center's wiki markup
                                    (wiki_markdown)

ADF nodes and marks as Atlassian's document structure page lists them (../shared/reference/jira.md §4.1): blocks
(paragraph, heading, lists, codeBlock, blockquote, table, panel, rule), inlines (text with marks, hardBreak,
mention's text, inlineCard's URL, emoji's shortName, status's text, date); any other node gives its text only.
Wiki markup as Atlassian's notation help gives it (§4.2): headings, *strong*, _emphasis_, {{monospace}},
[text|url] links, lists, {code}/{noformat} blocks, bq. and {quote}, tables; other macros are dropped, their text kept.
"""

from __future__ import annotations

import re
from typing import Any

from doc_context.text.htmltext import html_to_markdown

MAX_DEPTH = 40  # an ADF document nested deeper than this is read as text from there on


def field_markdown(rendered: object, raw: object) -> str:
    """A rich-text field as markdown: its rendered HTML when Jira gave it, else its raw form converted."""
    if isinstance(rendered, str) and rendered.strip():
        return html_to_markdown(rendered).strip()
    if isinstance(raw, dict):
        return adf_markdown(raw)
    if isinstance(raw, str):
        return wiki_markdown(raw)
    return ""


# -- ADF (Cloud, REST v3) ----------------------------------------------------------------------------------------------
def adf_markdown(doc: dict[str, Any]) -> str:
    """An ADF document ({"type": "doc", "version": 1, "content": [...]}) as markdown."""
    return "\n\n".join(b for b in _blocks(doc.get("content"), 0) if b.strip()).strip()


def _nodes(content: object) -> list[dict[str, Any]]:
    return [n for n in content if isinstance(n, dict)] if isinstance(content, list) else []


def _attrs(node: dict[str, Any]) -> dict[str, Any]:
    attrs = node.get("attrs")
    return attrs if isinstance(attrs, dict) else {}


def _blocks(content: object, depth: int) -> list[str]:
    return [_block(node, depth + 1) for node in _nodes(content)]


def _block(node: dict[str, Any], depth: int) -> str:
    kind, content = node.get("type"), node.get("content")
    if depth > MAX_DEPTH:
        return _inlines(content, depth)
    if kind == "paragraph":
        return _inlines(content, depth)
    if kind == "heading":
        level = _attrs(node).get("level")
        return "#" * (level if isinstance(level, int) and 1 <= level <= 6 else 3) + " " + _inlines(content, depth)
    if kind in ("bulletList", "orderedList"):
        start = _attrs(node).get("order")
        number = start if isinstance(start, int) and start >= 0 else 1
        lines = []
        for i, item in enumerate(_nodes(content)):
            marker = f"{number + i}." if kind == "orderedList" else "-"
            inner = "\n".join(b for b in _blocks(item.get("content"), depth) if b.strip()) or _inlines(item, depth)
            first, *rest = inner.splitlines() or [""]
            lines += [f"{marker} {first}", *("   " + line if line else "" for line in rest)]
        return "\n".join(lines)
    if kind == "codeBlock":
        code = "".join(str(n.get("text", "")) for n in _nodes(content))
        fence = "````" if "```" in code else "```"
        return f"{fence}\n{code}\n{fence}"
    if kind in ("blockquote", "panel"):
        label = f"**{str(_attrs(node).get('panelType', 'info')).capitalize()}:** " if kind == "panel" else ""
        inner = label + "\n\n".join(b for b in _blocks(content, depth) if b.strip())
        return "\n".join("> " + line if line else ">" for line in inner.splitlines())
    if kind == "rule":
        return "---"
    if kind == "table":
        return _table(node, depth)
    if kind in ("mediaSingle", "mediaGroup", "media"):
        return ""
    found = _blocks(content, depth)  # expand, layout, unknown blocks: their content
    return "\n\n".join(b for b in found if b.strip()) or _inlines(content, depth)


def _table(node: dict[str, Any], depth: int) -> str:
    rows = []
    for row in _nodes(node.get("content")):
        cells = [
            " ".join(b.replace("\n", " ") for b in _blocks(c.get("content"), depth)).replace("|", "\\|")
            for c in _nodes(row.get("content"))
        ]
        rows.append("| " + " | ".join(cells) + " |")
    if not rows:
        return ""
    width = rows[0].count(" | ") + 1
    return "\n".join([rows[0], "|" + " --- |" * width, *rows[1:]])


def _inlines(content: object, depth: int) -> str:
    return "".join(_inline(n, depth + 1) for n in _nodes(content)).strip()


def _inline(node: dict[str, Any], depth: int) -> str:
    kind, attrs = node.get("type"), _attrs(node)
    if kind == "text":
        return _marked(str(node.get("text", "")), node.get("marks"))
    if kind == "hardBreak":
        return "\n"
    if kind == "mention":
        return str(attrs.get("text", "")).strip() or "@someone"  # the account id is noise
    if kind in ("inlineCard", "blockCard", "embedCard"):
        url = attrs.get("url")
        return f"<{url}>" if isinstance(url, str) and url.startswith(("http://", "https://")) else ""
    if kind == "emoji":
        return str(attrs.get("text") or attrs.get("shortName") or "")
    if kind == "status":
        return f"[{attrs.get('text', '')}]"
    if kind == "date":
        return str(attrs.get("timestamp", ""))
    return _inlines(node.get("content"), depth) if depth <= MAX_DEPTH else ""


def _marked(text: str, marks: object) -> str:
    href = ""
    for mark in _nodes(marks):
        kind = mark.get("type")
        if kind == "code":
            text = f"`{text}`"
        elif kind == "strong" and text.strip():
            text = f"**{text}**"
        elif kind == "em" and text.strip():
            text = f"_{text}_"
        elif kind == "strike" and text.strip():
            text = f"~~{text}~~"
        elif kind == "link":
            value = _attrs(mark).get("href")
            href = value if isinstance(value, str) and value.startswith(("http://", "https://", "mailto:")) else ""
    return f"[{text}]({href})" if href else text


# -- wiki markup (Data Center, and Cloud's REST v2) --------------------------------------------------------------------
_HEADING = re.compile(r"^h([1-6])\.\s+(.*)$")
_LIST = re.compile(r"^([*#-]+)\s+(.*)$")
_CODE_OPEN = re.compile(r"^\{(code|noformat)(?::[^}]*)?\}(.*)$")
_CODE_CLOSE = re.compile(r"^(.*)\{(code|noformat)\}\s*$")
_MACRO = re.compile(r"\{(?:quote|panel|color|anchor|section|column|info|note|tip|warning)(?::[^}]*)?\}")
_LINK = re.compile(r"\[(?:([^|\]\n]*)\|)?((?:https?://|mailto:)[^\]\s]+)\]")
_INLINE = (
    (re.compile(r"\{\{(.+?)\}\}"), r"`\1`"),
    (re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])"), r"**\1**"),
    (re.compile(r"(?<![\w_])_(?=\S)([^_\n]+?)(?<=\S)_(?![\w_])"), r"_\1_"),
    (re.compile(r"(?<![\w-])-(?=\S)([^-\n]+?)(?<=\S)-(?![\w-])"), r"~~\1~~"),
    (re.compile(r"\[~([^\]\n]+)\]"), r"@\1"),
    (re.compile(r"\[\^([^\]\n]+)\]"), r"\1"),
    (re.compile(r"!([^!\s|]+)(?:\|[^!]*)?!"), r""),
    (re.compile(r"\?\?(.+?)\?\?"), r"_\1_"),
    (re.compile(r"(?<!\S)\+(\S[^+\n]*?)\+(?!\S)"), r"\1"),
)


def wiki_markdown(text: str) -> str:
    """Wiki markup as markdown; the text of a construct it does not know stays, its markup does not."""
    out: list[str] = []
    code: list[str] | None = None
    for line in text.replace("\r\n", "\n").split("\n"):
        if code is not None:
            close = _CODE_CLOSE.match(line)
            if close:
                code += [close.group(1)] if close.group(1).strip() else []
                out += ["```", *code, "```"]
                code = None
            else:
                code.append(line)
            continue
        opened = _CODE_OPEN.match(line.strip())
        if opened:
            code = [opened.group(2)] if opened.group(2).strip() else []
            rest = _CODE_CLOSE.match(opened.group(2))
            if rest:
                out += ["```", rest.group(1), "```"]
                code = None
            continue
        out.append(_wiki_line(line.rstrip()))
    if code is not None:
        out += ["```", *code, "```"]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


def _wiki_line(line: str) -> str:
    line = _MACRO.sub("", line)
    stripped = line.strip()
    if stripped == "----":
        return "---"
    if stripped.startswith("||") or (stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1):
        cells = [c.strip() for c in re.split(r"\|\|?", stripped.strip("|"))]
        row = "| " + " | ".join(_wiki_inline(c) for c in cells) + " |"
        return row + ("\n|" + " --- |" * len(cells) if stripped.startswith("||") else "")
    heading = _HEADING.match(stripped)
    if heading:
        return "#" * int(heading.group(1)) + " " + _wiki_inline(heading.group(2))
    if stripped.startswith("bq. "):
        return "> " + _wiki_inline(stripped[4:])
    listed = _LIST.match(stripped)
    if listed and not (listed.group(1) == "-" and listed.group(2).startswith("-")):
        marks = listed.group(1)
        marker = "1." if marks[-1] == "#" else "-"
        return "   " * (len(marks) - 1) + f"{marker} {_wiki_inline(listed.group(2))}"
    return _wiki_inline(line)


def _wiki_inline(text: str) -> str:
    text = _LINK.sub(lambda m: f"[{m.group(1)}]({m.group(2)})" if m.group(1) else f"<{m.group(2)}>", text)
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return text.replace("\\\\", "  ")
