"""Pure: Confluence storage XHTML (with ac:/ri: macros) -> compact markdown, by a walk over the parsed tree.

Text is written literally (mdwrite.literal): what the page says is what the markdown renders, entities
spelled out included. Macros are laid out by storage_macros.py; this module walks blocks and inline runs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from doc_context.text.mdwrite import cell, code_span, fence, indent, literal, pipe_table, quote, wrap
from doc_context.text.storage_macros import adf, macro
from doc_context.text.storage_parse import (
    BLOCK_TAGS,
    BR,
    HIDDEN,
    INLINE_MACROS,
    MACRO_TAGS,
    RESOURCES,
    collapse,
    flat_text,
    inner_text,
    parse_storage,
    resource_name,
    table_grid,
)

MAX_DEPTH = 200  # deeper elements are rendered as flat text
_MAX_COLUMNS = 100
_LIFTED = "lifted block"  # an inline element holding blocks, laid out as a container (no parsed tag has a space)
_LIFTED_FROM = " tag"  # the lifted element's own tag (no parsed attribute name has a space)
_MARKS = {"strong": "**", "b": "**", "em": "_", "i": "_", "s": "~~", "del": "~~", "strike": "~~", "code": ""}
_STYLING = "span font u sub sup small big mark ins abbr cite q dfn var kbd samp tt bdi bdo nobr html body"
_WRAPPERS = frozenset([*_STYLING.split(), "ac:inline-comment-marker", *_MARKS])  # _lift_wrappers may lift these
_IMAGES = ("ac:image", "img")


@dataclass(frozen=True)
class Converted:
    text: str
    degraded: bool  # strict XML parsing failed; a tolerant parser (which may lose text) was used


def storage_to_markdown(xhtml: str) -> Converted:
    """Markdown for an LLM to read; never raises. Macro parameters and markup never leak."""
    root, degraded = parse_storage(xhtml)
    _lift_wrappers(root)
    try:
        blocks = _blocks(root, 0)
    except RecursionError:  # a deep stack at the caller; MAX_DEPTH keeps our own use bounded
        blocks, degraded = [collapse(literal(flat_text(root)))], True
    return Converted("\n\n".join(b for b in blocks if b).strip(), degraded)


def _lift_wrappers(root: ET.Element) -> None:
    """Inline wrappers (span, font, strong, a stray html or body) that hold a block become containers, so a
    code macro inside <strong> keeps its lines and a table inside <font> its rows."""
    order = list(root.iter())
    parent = {child: el for el in order for child in el}
    holding: set[ET.Element] = set()
    for el in reversed(order):  # children before their parents
        if el in holding and el.tag in _WRAPPERS:
            el.set(_LIFTED_FROM, el.tag)
            el.tag = _LIFTED
        if _is_block(el) and el in parent:
            holding.add(parent[el])


# -- the walk ------------------------------------------------------------------------------------


def _blocks(el: ET.Element, depth: int, mark: str = "") -> list[str]:
    """Children of a container as blocks; inline runs between block children become paragraphs."""
    out: list[str] = []
    run = [literal(el.text or "")]
    for child in el:
        if _is_block(child):
            _flush(run, out, mark)
            out += _block(child, depth + 1)
        else:
            run.append(_inline(child, depth + 1))
        run.append(literal(child.tail or ""))
    _flush(run, out, mark)
    return out


def _flush(run: list[str], out: list[str], mark: str) -> None:
    text = collapse("".join(run))
    if text:
        out.append(wrap(text, mark))
    run.clear()


def _is_block(el: ET.Element) -> bool:
    if el.tag in MACRO_TAGS:
        return el.get("ac:name", "").lower() not in INLINE_MACROS
    return el.tag in BLOCK_TAGS or el.tag in _BLOCK


def _block(el: ET.Element, depth: int) -> list[str]:
    if depth > MAX_DEPTH:
        return [collapse(literal(flat_text(el)))]
    handler = _BLOCK.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in MACRO_TAGS:
        return macro(el, depth, _blocks)
    return _blocks(el, depth)


def _inline(el: ET.Element, depth: int) -> str:
    if depth > MAX_DEPTH:
        return collapse(literal(flat_text(el))) + " "
    handler = _INLINE.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in MACRO_TAGS or el.tag in _BLOCK:
        return " ".join(_block(el, depth)) + " "
    return _inlines(el, depth)


def _inlines(el: ET.Element, depth: int) -> str:
    parts = [literal(el.text or "")]
    for child in el:
        parts += [_inline(child, depth + 1), literal(child.tail or "")]
    return "".join(parts)


def _one_line(el: ET.Element, depth: int) -> str:
    return " ".join(_blocks(el, depth)).replace("\n", " ")


# -- blocks --------------------------------------------------------------------------------------


def _heading(el: ET.Element, depth: int) -> list[str]:
    text = _one_line(el, depth)
    return [f"{'#' * int(el.tag[1])} {text}"] if text else []


def _list(el: ET.Element, depth: int) -> list[str]:
    """Items numbered as the page numbers them (`start`, an item's `value`); bodies indented under the marker."""
    items: list[str] = []
    number, width = _number(el.get("start"), 1), 2
    for child in el:
        if child.tag == "li":
            number = _number(child.get("value"), number)
            marker = f"{number}. " if el.tag == "ol" else "- "
            number, width = number + 1, len(marker)
            body = "\n".join(_blocks(child, depth + 1))
            items.append(indent(body, marker, " " * width) if body else "")
        elif child.tag in ("ul", "ol"):  # a list right inside a list: nested under the item before it
            items += [indent(b, " " * width, " " * width) for b in _list(child, depth + 1)]
    return ["\n".join(item for item in items if item)]


def _number(value: str | None, default: int) -> int:
    value = (value or "").strip()
    return int(value) if value.isdecimal() and len(value) < 10 else default


def _tasks(el: ET.Element, depth: int) -> list[str]:
    items = []
    for child in el:
        if child.tag == "ac:task":
            status = child.findtext("ac:task-status", "").strip()
            body_el = child.find("ac:task-body")
            body = "\n".join(_blocks(body_el, depth + 2)) if body_el is not None else ""
            items.append(indent(body, "- [x] " if status == "complete" else "- [ ] ", "  "))
        elif child.tag == "ac:task-list":
            items += [indent(b, "  ", "  ") for b in _tasks(child, depth + 1)]
    return ["\n".join(item.rstrip() for item in items)]


def _table(el: ET.Element, depth: int) -> list[str]:
    rows = table_grid(el, lambda td: cell(_one_line(td, depth + 2)), _MAX_COLUMNS)
    return [pipe_table(rows)] if any(any(r) for r in rows) else []


def _pre(el: ET.Element, depth: int) -> list[str]:
    body = inner_text(el).strip("\r\n")
    return [fence(body)] if body.strip() else []


def _definitions(el: ET.Element, depth: int) -> list[str]:
    """A definition list: each term in bold before its definition, in one paragraph (the term stays with it)."""
    out: list[str] = []
    term = ""
    for child in el:
        text = _one_line(child, depth + 1).strip()
        if child.tag == "dt":
            out += [f"**{term}**"] if term else []
            term = text
        elif child.tag == "dd" and text:
            out.append(f"**{term}**: {text}" if term else text)
            term = ""
    return out + ([f"**{term}**"] if term else [])


def _blockquote(el: ET.Element, depth: int) -> list[str]:
    body = "\n\n".join(_blocks(el, depth))
    return [quote(body)] if body else []


def _lifted(el: ET.Element, depth: int) -> list[str]:
    return _blocks(el, depth, _MARKS.get(el.get(_LIFTED_FROM, ""), ""))


# -- inline --------------------------------------------------------------------------------------


def _link(el: ET.Element, depth: int) -> str:
    """A link's body; the target's name when there is no body, or when the body is only an image."""
    target, body, images_only = None, "", False
    for child in el:
        if child.tag == "ac:plain-text-link-body":
            body = literal(inner_text(child))
        elif child.tag == "ac:link-body":
            body = _inlines(child, depth + 1)
            images_only = not (child.text or "").strip() and all(
                c.tag in _IMAGES and not (c.tail or "").strip() for c in child
            )
        elif child.tag.startswith("ri:"):
            target = child
    name = literal(resource_name(target) if target is not None else el.get("ac:anchor", ""))
    if not body.strip():
        return name
    return f"{body} ({name})" if images_only and name.strip() else body


def _anchor(el: ET.Element, depth: int) -> str:
    text, href = _inlines(el, depth), el.get("href", "").strip()
    if not href.lower().startswith(("http://", "https://")) or literal(href) in text:
        return text
    href = literal(href.replace(" ", "%20"))
    return f"{text} ({href})" if text.strip() else href


def _image(el: ET.Element, depth: int) -> str:
    """`[image: alt text — caption]`, or the file's name when the image has neither."""
    caption_el = el.find("ac:caption")
    caption = collapse(_inlines(caption_el, depth + 1)) if caption_el is not None else ""
    alt = collapse(literal(el.get("ac:alt", "") or el.get("alt", "")))
    source = next((c for c in el if c.tag in ("ri:attachment", "ri:url")), None)
    if not alt and not caption:
        alt = collapse(literal(resource_name(source))) if source is not None else ""
    name = " — ".join(dict.fromkeys(n for n in (alt, caption) if n)).replace("\n", " ")
    return f"[image: {name}]" if name else "[image]"


def _time(el: ET.Element, depth: int) -> str:
    return literal(el.get("datetime", "")) or _inlines(el, depth)


_BLOCK: dict[str, Callable[[ET.Element, int], list[str]]] = {
    **{f"h{n}": _heading for n in range(1, 7)},
    "ul": _list,
    "ol": _list,
    "ac:task-list": _tasks,
    "table": _table,
    "pre": _pre,
    "blockquote": _blockquote,
    "dl": _definitions,
    "hr": lambda el, depth: ["---"],
    "ac:adf-extension": lambda el, depth: adf(el, depth, _blocks),
    "ac:plain-text-body": _pre,
    _LIFTED: _lifted,
}
_INLINE: dict[str, Callable[[ET.Element, int], str]] = {
    **{tag: (lambda el, depth: wrap(_inlines(el, depth), _MARKS[el.tag])) for tag in _MARKS if tag != "code"},
    "code": lambda el, depth: code_span(flat_text(el)),
    "br": lambda el, depth: BR,
    "a": _anchor,
    "ac:link": _link,
    "ac:image": _image,
    "img": _image,
    "time": _time,
    "ac:structured-macro": lambda el, depth: " ".join(macro(el, depth, _blocks)),
    "ac:macro": lambda el, depth: " ".join(macro(el, depth, _blocks)),
    **{tag: (lambda el, depth: literal(resource_name(el))) for tag in RESOURCES},
    **{tag: (lambda el, depth: "") for tag in HIDDEN},
}
