"""What the fake Jira's renderedFields hold (expand=renderedFields: "field values rendered in HTML format", S1): a
Cloud ADF document or Data Center wiki markup rendered to HTML, as Jira's renderers shape it (paragraphs as <p>,
headings with an anchor, code in a "code panel" <div> around a <pre>, links with class="external-link"); and an
ADF document as wiki markup, for Cloud's REST v2 (the same operations, rich text as strings, jira.md §1).
"""

from __future__ import annotations

import html
import re
from typing import Any

CODE_OPEN = '<div class="code panel"><div class="codeContent panelContent">\n<pre class="code-java">'
CODE_CLOSE = "</pre>\n</div></div>"


def adf_html(doc: object) -> str:
    return "".join(_block(n) for n in _nodes(doc))


def _nodes(node: object) -> list[dict[str, Any]]:
    content = node.get("content") if isinstance(node, dict) else None
    return [n for n in content if isinstance(n, dict)] if isinstance(content, list) else []


def _block(node: dict[str, Any]) -> str:
    kind, attrs = node.get("type"), node.get("attrs") or {}
    inner = "".join(_inline(n) for n in _nodes(node))
    if kind == "paragraph":
        return f"<p>{inner}</p>\n"
    if kind == "heading":
        level = attrs.get("level", 2)
        anchor = re.sub(r"\W+", "", html.unescape(re.sub(r"<[^>]+>", "", inner)))
        return f'<h{level}><a name="{anchor}"></a>{inner}</h{level}>\n'
    if kind in ("bulletList", "orderedList"):
        tag = "ul" if kind == "bulletList" else "ol"
        return f"<{tag}>\n" + "".join(_block(n) for n in _nodes(node)) + f"</{tag}>\n"
    if kind == "listItem":
        return "\t<li>" + "".join(_block(n) for n in _nodes(node)).replace("<p>", "").replace("</p>\n", "") + "</li>\n"
    if kind == "codeBlock":
        code = html.escape("".join(str(n.get("text", "")) for n in _nodes(node)))
        return f"{CODE_OPEN}{code}{CODE_CLOSE}\n"
    if kind == "table":
        rows = "".join("<tr>" + "".join(_cell(c) for c in _nodes(row)) + "</tr>\n" for row in _nodes(node))
        return f"<div class='table-wrap'>\n<table class='confluenceTable'><tbody>\n{rows}</tbody></table>\n</div>\n"
    if kind in ("blockquote", "panel"):
        return "<blockquote>" + "".join(_block(n) for n in _nodes(node)) + "</blockquote>\n"
    if kind == "rule":
        return "<hr />\n"
    return "".join(_block(n) for n in _nodes(node)) or inner


def _cell(node: dict[str, Any]) -> str:
    tag = "th" if node.get("type") == "tableHeader" else "td"
    inner = "".join(_block(n) for n in _nodes(node)).replace("<p>", "").replace("</p>\n", "")
    return f"<{tag} class='confluence{tag.capitalize()}'>{inner}</{tag}>"


def _inline(node: dict[str, Any]) -> str:
    kind, attrs = node.get("type"), node.get("attrs") or {}
    if kind == "text":
        text = html.escape(str(node.get("text", "")))
        for mark in node.get("marks") or []:
            mark_kind = mark.get("type")
            if mark_kind == "strong":
                text = f"<b>{text}</b>"
            elif mark_kind == "em":
                text = f"<em>{text}</em>"
            elif mark_kind == "code":
                text = f"<tt>{text}</tt>"
            elif mark_kind == "link":
                href = html.escape(str((mark.get("attrs") or {}).get("href", "")))
                text = f'<a href="{href}" class="external-link" rel="nofollow noreferrer">{text}</a>'
        return text
    if kind == "hardBreak":
        return "<br/>"
    if kind == "mention":
        account, text = html.escape(str(attrs.get("id", ""))), html.escape(str(attrs.get("text", "")))
        return f'<a href="#" class="user-hover" rel="{account}">{text}</a>'
    if kind == "inlineCard":
        url = html.escape(str(attrs.get("url", "")))
        return f'<a href="{url}" class="external-link" rel="nofollow noreferrer">{url}</a>'
    return "".join(_inline(n) for n in _nodes(node))


def adf_wiki(doc: object) -> str:
    """Cloud's v2 description: the document's text as wiki markup (paragraphs, headings, bullets, code)."""
    out = []
    for node in _nodes(doc):
        kind = node.get("type")
        text = _text(node)
        if kind == "heading":
            out.append(f"h{(node.get('attrs') or {}).get('level', 2)}. {text}")
        elif kind in ("bulletList", "orderedList"):
            mark = "*" if kind == "bulletList" else "#"
            out += [f"{mark} {_text(item)}" for item in _nodes(node)]
        elif kind == "codeBlock":
            out.append("{code}\n" + text + "\n{code}")
        else:
            out.append(text)
    return "\n\n".join(out)


def _text(node: dict[str, Any]) -> str:
    if node.get("type") == "text":
        return str(node.get("text", ""))
    return "".join(_text(n) for n in _nodes(node))


# -- wiki markup -> HTML (Data Center's renderer, as far as the demo and tests write it) -------------------------------
_LINK = re.compile(r"\[(?:([^|\]]*)\|)?(https?://[^\]\s]+)\]")


def wiki_html(text: str) -> str:
    out: list[str] = []
    lines = text.replace("\r\n", "\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i].rstrip()
        if line.startswith("{code") or line.startswith("{noformat"):
            code = []
            i += 1
            while i < len(lines) and not lines[i].startswith(("{code}", "{noformat}")):
                code.append(lines[i])
                i += 1
            out.append(CODE_OPEN + html.escape("\n".join(code)) + CODE_CLOSE)
        elif re.match(r"h[1-6]\. ", line):
            anchor = re.sub(r"\W+", "", line[4:])
            out.append(f'<h{line[1]}><a name="{anchor}"></a>{_wiki_inline(line[4:])}</h{line[1]}>')
        elif line.startswith(("* ", "# ")):
            tag = "ul" if line[0] == "*" else "ol"
            items = []
            while i < len(lines) and lines[i].startswith(line[0] + " "):
                items.append(f"\t<li>{_wiki_inline(lines[i][2:])}</li>")
                i += 1
            out.append(f"<{tag}>\n" + "\n".join(items) + f"\n</{tag}>")
            continue
        elif line.strip():
            out.append(f"<p>{_wiki_inline(line)}</p>")
        i += 1
    return "\n".join(out)


def _wiki_inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _LINK.sub(
        lambda m: f'<a href="{m.group(2)}" class="external-link" rel="nofollow">{m.group(1) or m.group(2)}</a>', text
    )
    text = re.sub(r"\{\{(.+?)\}\}", r"<tt>\1</tt>", text)
    text = re.sub(r"(?<!\w)\*(\S[^*]*?)\*(?!\w)", r"<b>\1</b>", text)
    return re.sub(r"(?<!\w)_(\S[^_]*?)_(?!\w)", r"<em>\1</em>", text)
