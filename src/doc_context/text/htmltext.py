"""Pure: Azure DevOps rich-text HTML (work item fields) -> compact markdown, never raw HTML.

Text is written literally (mdwrite.literal): `&lt;b&gt;` in a field reads as `<b>`, code keeps its `<`
unescaped, an entity spelled out stays spelled out. Inline wrappers (span, font, b) that hold blocks are
laid out as containers, so a table or a code block inside them keeps its shape, and a paragraph, a quote or a list
inside <b> or <i> keeps the emphasis (`<b><p>x</p></b>` is `**x**`).
"""

from __future__ import annotations

import html
import re

from doc_context.text.htmltree import BLOCK, Node, parse
from doc_context.text.images import image_text
from doc_context.text.mdwrite import cell, code_span, fence, literal, pipe_table, wrap

MAX_INPUT = 1_000_000  # characters of HTML read; the rest is ignored
_NEWLINES = re.compile(r"\r\n?")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_STYLES = {"b": "**", "strong": "**", "i": "*", "em": "*", "s": "~~", "strike": "~~", "del": "~~"}
_CODE = frozenset({"code", "kbd", "samp", "tt"})
_NOT_CONTAINERS = frozenset({"a", *_CODE})  # inline even when a block sits inside them
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")
_BLANKS = re.compile(r"\n{3,}")
Active = frozenset[str]  # the styling tags around a text: a mark is written once, by the outermost


def html_to_markdown(value: str) -> str:
    """Compact markdown for an HTML field value; never raises, never emits a raw tag."""
    text = _NEWLINES.sub("\n", (value or "")[:MAX_INPUT])  # HTML's input stream: CR LF and a lone CR are LF
    if "<" not in text and "&lt;" in text:
        text = html.unescape(text)  # stored double-escaped: unescape once
    blocks = [b for b in (_tidy(b) for b in _blocks(parse(text))) if b]
    return _INVISIBLE.sub("", _BLANKS.sub("\n\n", "\n\n".join(blocks))).strip("\n")


def looks_like_html(value: str) -> bool:
    """Whether a field value holds an HTML tag (rich text), rather than plain text or markdown."""
    return bool(_TAG.search(value))


def _tidy(block: str) -> str:
    lines = [line.rstrip() for line in block.split("\n")]
    return "\n".join(lines).strip("\n")


def _is_block(child: Node | str) -> bool:
    if not isinstance(child, Node):
        return False
    return child.tag in BLOCK or (child.holds_block and child.tag not in _NOT_CONTAINERS)


def _blocks(node: Node, active: Active = frozenset(), *, flat: bool = False) -> list[str]:
    """Blocks of a container: inline runs become paragraphs, block children add theirs. `flat`: the blocks
    will be joined on one line (a table cell), so code is written as code spans."""
    blocks: list[str] = []
    run: list[Node | str] = []
    for child in node.children:
        if isinstance(child, Node) and _is_block(child):
            blocks.append(_paragraph(run, active))
            run = []
            blocks.extend(_block(child, active, flat))
        else:
            run.append(child)
    blocks.append(_paragraph(run, active))
    return [b for b in blocks if b.strip()]


def _paragraph(run: list[Node | str], active: Active) -> str:
    text = "".join(_inline(child, active) for child in run)
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    paragraph = "\n".join(lines).strip("\n")
    for mark in dict.fromkeys(_STYLES[tag] for tag in active if tag in _STYLES):
        paragraph = wrap(paragraph, mark)
    return paragraph


def _block(node: Node, active: Active, flat: bool) -> list[str]:
    tag = node.tag
    if tag not in BLOCK:  # an inline wrapper holding blocks: its styling goes to its paragraphs
        return _blocks(node, active | {tag} if tag in _STYLES else active, flat=flat)
    if tag in ("ul", "ol"):
        return [_list(node, active, flat=flat)]
    if tag == "table":
        return _table(node)
    if tag == "pre":
        return [code_span(_text(node)) if flat else _pre(node)]
    if tag in _HEADINGS:
        title = _flat(node)
        return [f"**{title}**"] if title else []
    if tag == "li":
        return [_list(Node("ul", {}), active, [node], flat=flat)]
    inner = _blocks(node, active, flat=flat)  # a paragraph inside <b> is bold: the emphasis stays on what it wraps
    if tag == "blockquote":
        return ["\n".join("> " + line for line in "\n\n".join(inner).split("\n"))] if inner else []
    return inner


def _inline(node: Node | str, active: Active) -> str:
    if isinstance(node, str):
        return literal(node.replace("\n", " "))
    tag = node.tag
    if tag == "br":
        return "\n"
    if tag == "img":  # a screenshot attachment as a link with its file name, never an embedded image
        return " " + image_text(node.attrs.get("src", ""), node.attrs.get("alt", "")) + " "
    if tag in _CODE:
        return code_span(_text(node))
    if tag == "pre":
        return " " + code_span(_text(node)) + " "
    if _is_block(node):
        return "\n" + "\n".join(_blocks(node, flat=True)) + "\n"
    inner = "".join(_inline(child, active | {tag}) for child in node.children)
    if tag == "a":
        return _link(inner, node.attrs.get("href", ""))
    mark = _STYLES.get(tag)
    if mark is None or mark in {_STYLES.get(t) for t in active}:
        return inner
    return wrap(inner, mark)


def _link(text: str, href: str) -> str:
    label = _SPACES.sub(" ", text).strip()
    url = href.strip().replace(" ", "%20").replace("<", "%3C").replace(">", "%3E")
    if not url.lower().startswith(("http://", "https://", "mailto:")):
        return label
    if not label:
        return literal(url)
    same = {literal(url).rstrip("/"), literal(url.removeprefix("mailto:"))}
    if label.rstrip("/") in same:
        return label
    text = label.replace("[", "\\[").replace("]", "\\]")
    return f"[{text}](" + literal(url).replace(")", "%29").replace("(", "%28") + ")"


def _text(node: Node | str) -> str:
    if isinstance(node, str):
        return node
    if node.tag == "br":
        return "\n"
    return "".join(_text(child) for child in node.children)


def _flat(node: Node) -> str:
    """One line: a table cell, a heading; code in it becomes a code span."""
    return _SPACES.sub(" ", " ".join(_blocks(node, flat=True)).replace("\n", " ")).strip()


def _pre(node: Node) -> str:
    lines = _text(node).replace("\u00a0", " ").replace("\t", "    ").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return fence("\n".join(line.rstrip() for line in lines)) if lines else ""


def _list(
    node: Node, active: Active = frozenset(), items: list[Node | str] | None = None, *, flat: bool = False
) -> str:
    """Items numbered as the field numbers them (`start`, an item's `value`, empty items counted)."""
    ordered = node.tag == "ol"
    number = _number(node.attrs.get("start"), 1) if ordered else 1
    lines: list[str] = []
    indent = "   " if ordered else "  "
    for child in node.children if items is None else items:
        if isinstance(child, Node) and child.tag in ("ul", "ol"):
            lines.extend(indent + line if line else line for line in _list(child, active, flat=flat).split("\n"))
            continue
        is_item = isinstance(child, Node) and child.tag == "li"
        if is_item and isinstance(child, Node):
            number = _number(child.attrs.get("value"), number)
        content = _blocks(child if isinstance(child, Node) and is_item else _wrap_node(child), active, flat=flat)
        if not content:
            number += 1 if is_item else 0
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


def _number(value: str | None, default: int) -> int:
    value = (value or "").strip()
    return int(value) if value.isdigit() and len(value) < 7 else default


def _table(node: Node) -> list[str]:
    rows = [r for r in _rows(node) if any(r)]
    if not rows:
        return []
    width = max(len(r) for r in rows)
    if width == 1:
        return [r[0] for r in rows]
    return [pipe_table(rows)]


def _rows(node: Node) -> list[list[str]]:
    rows: list[list[str]] = []
    for child in node.children:
        if not isinstance(child, Node):
            continue
        if child.tag == "tr":
            cells = [c for c in child.children if isinstance(c, Node) and c.tag in ("td", "th")]
            rows.append([cell(_flat(c)) for c in cells])
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows.extend(_rows(child))
    return rows
