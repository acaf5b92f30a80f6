"""Pure: Confluence storage XHTML (with ac:/ri: macros) -> compact markdown, by a walk over the parsed tree."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass

from doc_context.text.storage_parse import (
    BLOCK_TAGS,
    HIDDEN,
    INLINE_MACROS,
    MACRO_TAGS,
    PANELS,
    RESOURCES,
    flat_text,
    inner_text,
    parse_storage,
    resource_name,
    table_grid,
)

MAX_DEPTH = 200  # deeper elements are rendered as flat text
_WS = re.compile(r"\s+")
_BR = "\x00"  # stands for <br/> until a paragraph is laid out (the input never keeps a NUL)
_BACKTICKS = re.compile(r"`+")
_BLANKS = re.compile(r"\n{3,}")
_MAX_COLUMNS = 100


@dataclass(frozen=True)
class Converted:
    text: str
    degraded: bool  # strict XML parsing failed; a tolerant parser (which may lose text) was used


def storage_to_markdown(xhtml: str) -> Converted:
    """Markdown for an LLM to read; never raises. Macro parameters and markup never leak."""
    root, degraded = parse_storage(xhtml)
    try:
        blocks = _blocks(root, 0)
    except RecursionError:  # a deep stack at the caller; MAX_DEPTH keeps our own use bounded
        blocks, degraded = [_collapse(flat_text(root))], True
    return Converted("\n\n".join(b for b in blocks if b).strip(), degraded)


# -- layout helpers ------------------------------------------------------------------------------


def _collapse(text: str) -> str:
    lines = _WS.sub(" ", text).split(_BR)
    return _BLANKS.sub("\n\n", "\n".join(line.strip() for line in lines)).strip()


def _indent(text: str, first: str, rest: str) -> str:
    lines = text.split("\n")
    return "\n".join([first + lines[0]] + [rest + line if line else line for line in lines[1:]])


def _quote(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.split("\n"))


def _fence(body: str, lang: str = "") -> str:
    ticks = "`" * max([3] + [len(run) + 1 for run in _BACKTICKS.findall(body)])
    return f"{ticks}{lang}\n{body}\n{ticks}"


def _wrap(inner: str, mark: str) -> str:
    core = inner.strip()
    if not core:
        return inner
    lead, trail = inner[: len(inner) - len(inner.lstrip())], inner[len(inner.rstrip()) :]
    return f"{lead}{mark}{core}{mark}{trail}"


# -- the walk ------------------------------------------------------------------------------------


def _blocks(el: ET.Element, depth: int) -> list[str]:
    """Children of a container as blocks; inline runs between block children become paragraphs."""
    out: list[str] = []
    run = [el.text or ""]
    for child in el:
        if _is_block(child):
            _flush(run, out)
            out += _block(child, depth + 1)
        else:
            run.append(_inline(child, depth + 1))
        run.append(child.tail or "")
    _flush(run, out)
    return out


def _flush(run: list[str], out: list[str]) -> None:
    text = _collapse("".join(run))
    if text:
        out.append(text)
    run.clear()


def _is_block(el: ET.Element) -> bool:
    if el.tag in MACRO_TAGS:
        return el.get("ac:name", "").lower() not in INLINE_MACROS
    return el.tag in BLOCK_TAGS or el.tag in _BLOCK


def _block(el: ET.Element, depth: int) -> list[str]:
    if depth > MAX_DEPTH:
        return [_collapse(flat_text(el))]
    handler = _BLOCK.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in MACRO_TAGS:
        return _macro(el, depth)
    return _blocks(el, depth)


def _inline(el: ET.Element, depth: int) -> str:
    if depth > MAX_DEPTH:
        return _collapse(flat_text(el)) + " "
    handler = _INLINE.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in MACRO_TAGS or el.tag in _BLOCK:
        return " ".join(_block(el, depth)) + " "
    return _inlines(el, depth)


def _inlines(el: ET.Element, depth: int) -> str:
    parts = [el.text or ""]
    for child in el:
        parts += [_inline(child, depth + 1), child.tail or ""]
    return "".join(parts)


def _one_line(el: ET.Element, depth: int) -> str:
    return " ".join(_blocks(el, depth)).replace("\n", " ")


# -- blocks --------------------------------------------------------------------------------------


def _heading(el: ET.Element, depth: int) -> list[str]:
    text = _one_line(el, depth)
    return [f"{'#' * int(el.tag[1])} {text}"] if text else []


def _list(el: ET.Element, depth: int) -> list[str]:
    items, start = [], el.get("start", "")
    number = int(start) if start.isdecimal() and len(start) < 10 else 1
    for child in el:
        if child.tag == "li":
            marker = f"{number}. " if el.tag == "ol" else "- "
            number += 1
            body = "\n".join(_blocks(child, depth + 1))
            items.append(_indent(body, marker, "  ") if body else "")
        elif child.tag in ("ul", "ol"):
            items += [_indent(b, "  ", "  ") for b in _list(child, depth + 1)]
    return ["\n".join(item for item in items if item)]


def _tasks(el: ET.Element, depth: int) -> list[str]:
    items = []
    for child in el:
        if child.tag == "ac:task":
            status = child.findtext("ac:task-status", "").strip()
            body_el = child.find("ac:task-body")
            body = "\n".join(_blocks(body_el, depth + 2)) if body_el is not None else ""
            items.append(_indent(body, "- [x] " if status == "complete" else "- [ ] ", "  "))
        elif child.tag == "ac:task-list":
            items += [_indent(b, "  ", "  ") for b in _tasks(child, depth + 1)]
    return ["\n".join(item.rstrip() for item in items)]


def _table(el: ET.Element, depth: int) -> list[str]:
    rows = table_grid(el, lambda cell: _one_line(cell, depth + 2).replace("|", "\\|"), _MAX_COLUMNS)
    return [_pipe_table(rows)] if any(any(r) for r in rows) else []


def _pipe_table(rows: list[list[str]]) -> str:
    width = max(len(r) for r in rows)
    lines = ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


def _pre(el: ET.Element, depth: int) -> list[str]:
    body = inner_text(el).strip("\r\n")
    return [_fence(body)] if body.strip() else []


def _blockquote(el: ET.Element, depth: int) -> list[str]:
    body = "\n\n".join(_blocks(el, depth))
    return [_quote(body)] if body else []


def _adf(el: ET.Element, depth: int) -> list[str]:
    """Cloud editor extension: its adf-content once; the fallback repeats it."""
    node = el.find("ac:adf-node")
    content = node.find("ac:adf-content") if node is not None else el.find("ac:adf-fallback")
    body = _blocks(content, depth + 2) if content is not None else []
    if node is None or node.get("type") != "panel":
        return body
    kind = next((a.text or "" for a in node.iter("ac:adf-attribute") if a.get("key") == "panel-type"), "")
    return _panel(kind.strip().capitalize() or "Panel", "", body)


def _panel(label: str, title: str, body: list[str]) -> list[str]:
    head = f"**{label}: {title}**" if title else f"**{label}**"
    return [_quote("\n\n".join([head, *body]))]


# -- macros --------------------------------------------------------------------------------------


def _macro(el: ET.Element, depth: int) -> list[str]:
    name = el.get("ac:name", "").lower()
    params = {p.get("ac:name", ""): p for p in el if p.tag == "ac:parameter"}
    plain, rich = el.find("ac:plain-text-body"), el.find("ac:rich-text-body")
    body = _blocks(rich, depth + 1) if rich is not None else []
    title = _collapse(inner_text(params["title"])) if "title" in params else ""
    if name in PANELS:
        return _panel(name.capitalize(), title, body)
    if name == "expand":
        return [f"**{title}**", *body] if title else body
    if name in INLINE_MACROS or name in ("include", "excerpt-include"):
        text = _inline_macro(name, params, el)
        return [text] if text else []
    if plain is not None:
        code = inner_text(plain).strip("\r\n")
        lang = _collapse(inner_text(params["language"])) if "language" in params else ""
        if not code.strip():
            return []
        return ([f"**{title}**"] if title else []) + [_fence(code, lang.replace("`", ""))]
    return body


def _inline_macro(name: str, params: dict[str, ET.Element], el: ET.Element) -> str:
    def param(key: str) -> str:
        return _collapse(inner_text(params[key])) if key in params else ""

    if name == "status":
        return f"[{param('title').upper()}]" if param("title") else ""
    if name == "jira":
        if param("key"):
            return f"[Jira {param('key')}]"
        return f"[Jira query: {param('jqlQuery')}]" if param("jqlQuery") else ""
    if name in ("include", "excerpt-include"):
        page = next((r for r in el.iter() if r.tag in ("ri:page", "ri:blog-post")), None)
        title = page.get("ri:content-title", "") if page is not None else ""
        return f"[included page: {title}]" if title else ""
    return ""


def _macro_inline(el: ET.Element, depth: int) -> str:
    return " ".join(_macro(el, depth))


# -- inline --------------------------------------------------------------------------------------


def _link(el: ET.Element, depth: int) -> str:
    target, body = None, ""
    for child in el:
        if child.tag == "ac:plain-text-link-body":
            body = inner_text(child)
        elif child.tag == "ac:link-body":
            body = _inlines(child, depth + 1)
        elif child.tag.startswith("ri:"):
            target = child
    if body.strip():
        return body
    return resource_name(target) if target is not None else el.get("ac:anchor", "")


def _anchor(el: ET.Element, depth: int) -> str:
    text, href = _inlines(el, depth), el.get("href", "").strip()
    if not href.lower().startswith(("http://", "https://")) or href in text:
        return text
    return f"{text} ({href})" if text.strip() else href


def _image(el: ET.Element, depth: int) -> str:
    caption = el.find("ac:caption")
    source = next((c for c in el if c.tag in ("ri:attachment", "ri:url")), None)
    names = [
        el.get("ac:alt", ""),
        _collapse(_inlines(caption, depth + 1)) if caption is not None else "",
        resource_name(source) if source is not None else "",
        el.get("alt", ""),
    ]
    name = next((_collapse(n) for n in names if n.strip()), "")
    return f"[image: {name}]" if name else "[image]"


def _time(el: ET.Element, depth: int) -> str:
    return el.get("datetime") or _inlines(el, depth)


_BLOCK: dict[str, Callable[[ET.Element, int], list[str]]] = {
    **{f"h{n}": _heading for n in range(1, 7)},
    "ul": _list,
    "ol": _list,
    "ac:task-list": _tasks,
    "table": _table,
    "pre": _pre,
    "blockquote": _blockquote,
    "hr": lambda el, depth: ["---"],
    "ac:adf-extension": _adf,
    "ac:plain-text-body": _pre,
}
_INLINE: dict[str, Callable[[ET.Element, int], str]] = {
    "strong": lambda el, depth: _wrap(_inlines(el, depth), "**"),
    "b": lambda el, depth: _wrap(_inlines(el, depth), "**"),
    "em": lambda el, depth: _wrap(_inlines(el, depth), "_"),
    "i": lambda el, depth: _wrap(_inlines(el, depth), "_"),
    "code": lambda el, depth: _wrap(_inlines(el, depth), "`"),
    "br": lambda el, depth: _BR,
    "a": _anchor,
    "ac:link": _link,
    "ac:image": _image,
    "img": _image,
    "time": _time,
    "ac:structured-macro": _macro_inline,
    "ac:macro": _macro_inline,
    **{tag: (lambda el, depth: resource_name(el)) for tag in RESOURCES},
    **{tag: (lambda el, depth: "") for tag in HIDDEN},
}
