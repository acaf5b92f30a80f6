"""Pure: Azure DevOps rich-text HTML (work item fields) -> compact markdown, never raw HTML."""

from __future__ import annotations

import html
import re

from doc_context.text.htmltree import Node, parse

MAX_INPUT = 1_000_000  # characters of HTML read; the rest is ignored
_BLOCK = frozenset(
    """
    address article aside blockquote center dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6
    header hr li main nav ol p pre section table tbody td tfoot th thead tr ul
    """.split()
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_STYLES = {"b": "**", "strong": "**", "i": "*", "em": "*", "s": "~~", "strike": "~~", "del": "~~"}
_CODE = frozenset({"code", "kbd", "samp", "tt"})
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")
_BLANKS = re.compile(r"\n{3,}")


def html_to_markdown(value: str) -> str:
    """Compact markdown for an HTML field value; never raises, never emits a raw tag."""
    text = (value or "")[:MAX_INPUT]
    if "<" not in text and "&lt;" in text:
        text = html.unescape(text)  # stored double-escaped: unescape once
    blocks = [b for b in (_tidy(b) for b in _blocks(parse(text))) if b]
    out = _BLANKS.sub("\n\n", "\n\n".join(blocks))
    return _TAG_START.sub("&lt;", _INVISIBLE.sub("", out)).strip("\n")


def looks_like_html(value: str) -> bool:
    """Whether a field value holds an HTML tag (rich text), rather than plain text or markdown."""
    return bool(_TAG.search(value))


def _tidy(block: str) -> str:
    lines = [line.rstrip() for line in block.split("\n")]
    return "\n".join(lines).strip("\n")


def _blocks(node: Node) -> list[str]:
    """Blocks of a container: inline runs become paragraphs, block children add theirs."""
    blocks: list[str] = []
    run: list[Node | str] = []
    for child in node.children:
        if isinstance(child, Node) and child.tag in _BLOCK:
            blocks.append(_paragraph(run))
            run = []
            blocks.extend(_block(child))
        else:
            run.append(child)
    blocks.append(_paragraph(run))
    return [b for b in blocks if b.strip()]


def _paragraph(run: list[Node | str]) -> str:
    text = "".join(_inline(child, frozenset()) for child in run)
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(lines).strip("\n")


def _block(node: Node) -> list[str]:
    tag = node.tag
    if tag in ("ul", "ol"):
        return [_list(node)]
    if tag == "table":
        return _table(node)
    if tag == "pre":
        return [_pre(node)]
    if tag in _HEADINGS:
        title = _flat(node)
        return [f"**{title}**"] if title else []
    if tag == "li":
        return [_list(Node("ul", {}), [node])]
    inner = _blocks(node)
    if tag == "blockquote":
        return ["\n".join("> " + line for line in "\n\n".join(inner).split("\n"))] if inner else []
    return inner


def _inline(node: Node | str, active: frozenset[str]) -> str:
    if isinstance(node, str):
        return node.replace("\n", " ")
    tag = node.tag
    if tag == "br":
        return "\n"
    if tag == "img":
        alt = _SPACES.sub(" ", node.attrs.get("alt", "")).strip()
        return f" (image: {alt}) " if alt else ""
    if tag in _CODE:
        return _code_span(_text(node))
    if tag in _BLOCK:
        return "\n" + "\n".join(_blocks(node)) + "\n"
    inner = "".join(_inline(child, active | {tag}) for child in node.children)
    if tag == "a":
        return _link(inner, node.attrs.get("href", ""))
    mark = _STYLES.get(tag)
    if mark is None or mark in {_STYLES.get(t) for t in active}:
        return inner
    return _wrap(inner, mark)


def _wrap(inner: str, mark: str) -> str:
    core = inner.strip()
    if not core:
        return inner
    lead = inner[: len(inner) - len(inner.lstrip())]
    trail = inner[len(inner.rstrip()) :]
    return f"{lead}{mark}{core}{mark}{trail}"


def _link(text: str, href: str) -> str:
    label = _SPACES.sub(" ", text).strip()
    url = href.strip().replace(" ", "%20")
    if not url.lower().startswith(("http://", "https://", "mailto:")):
        return label
    if not label:
        return url
    same = {url.rstrip("/"), url.removeprefix("mailto:")}
    return label if label.rstrip("/") in same else f"{label} ({url})"


def _code_span(text: str) -> str:
    core = _SPACES.sub(" ", text.replace("\n", " ")).strip()
    if not core:
        return ""
    return f"`` {core} ``" if "`" in core else f"`{core}`"


def _text(node: Node | str) -> str:
    if isinstance(node, str):
        return node
    if node.tag == "br":
        return "\n"
    return "".join(_text(child) for child in node.children)


def _flat(node: Node) -> str:
    return _SPACES.sub(" ", " ".join(_blocks(node)).replace("\n", " ")).strip()


def _pre(node: Node) -> str:
    lines = _text(node).replace("\u00a0", " ").replace("\t", "    ").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join("    " + line.rstrip() for line in lines)


def _list(node: Node, items: list[Node | str] | None = None) -> str:
    ordered = node.tag == "ol"
    number = _start(node) if ordered else 1
    lines: list[str] = []
    indent = "   " if ordered else "  "
    for child in node.children if items is None else items:
        if isinstance(child, Node) and child.tag in ("ul", "ol"):
            lines.extend(indent + line if line else line for line in _list(child).split("\n"))
            continue
        content = _blocks(child) if isinstance(child, Node) and child.tag == "li" else _blocks(_wrap_node(child))
        if not content:
            continue
        marker = f"{number}. " if ordered else "- "
        number += 1
        indent = " " * len(marker)
        body = "\n".join(content).split("\n")
        lines.append(marker + body[0])
        lines.extend(indent + line if line else line for line in body[1:])
    return "\n".join(line for line in lines if line.strip())


def _wrap_node(child: Node | str) -> Node:
    node = Node("span", {})
    node.children.append(child)
    return node


def _start(node: Node) -> int:
    value = node.attrs.get("start", "1").strip()
    return int(value) if value.isdigit() and len(value) < 7 else 1


def _table(node: Node) -> list[str]:
    rows = [r for r in _rows(node) if any(r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)
    if width == 1:
        return [r[0] for r in rows]
    rows = [r + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(r) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * width)
    return ["\n".join(lines)]


def _rows(node: Node) -> list[list[str]]:
    rows: list[list[str]] = []
    for child in node.children:
        if not isinstance(child, Node):
            continue
        if child.tag == "tr":
            cells = [c for c in child.children if isinstance(c, Node) and c.tag in ("td", "th")]
            rows.append([_flat(c).replace("|", "\\|") for c in cells])
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(_rows(child))
    return rows
