"""Pure: Confluence storage XHTML (with ac:/ri: macros) -> compact markdown."""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from html.entities import html5
from html.parser import HTMLParser
from xml.parsers import expat

MAX_DEPTH = 200  # deeper elements are rendered as flat text
_ROOT = (
    '<root xmlns:ac="http://atlassian.com/content" xmlns:ri="http://atlassian.com/resource/identifier"'
    ' xmlns:at="http://atlassian.com/template">'
)
_CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.S)
_CDATA_MARKS = re.compile(r"<!\[CDATA\[|\]\]>")  # unpaired ones, in broken input
_REF = re.compile(r"&(?:#([0-9]{1,8})|#[xX]([0-9a-fA-F]{1,8})|([A-Za-z][A-Za-z0-9]{0,31}))?;?")
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_CLEAN = str.maketrans({"\u00a0": " ", "\u200b": None, "\u200c": None, "\u200d": None, "\u2060": None, "\ufeff": None})
_XML_REFS = {"amp", "lt", "gt", "quot", "apos"}
_BAD_DECL = re.compile(r"<!\[(?![A-Za-z])")  # html.parser raises AssertionError on these
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
    source = _prepare(xhtml)
    degraded = False
    try:
        root = _parse_strict(source)
    except (expat.ExpatError, ValueError):
        root, degraded = _parse_tolerant(source), True
    try:
        blocks = _blocks(root, 0)
    except RecursionError:  # a deep stack at the caller; MAX_DEPTH keeps our own use bounded
        blocks, degraded = [_flat(root)], True
    return Converted("\n\n".join(b for b in blocks if b).strip(), degraded)


# -- parsing -------------------------------------------------------------------------------------


def _prepare(xhtml: str) -> str:
    """Drop characters XML forbids; HTML entities -> numeric references, except inside CDATA."""
    text = _BAD_CHARS.sub("", xhtml).translate(_CLEAN)
    out, pos = [], 0
    for m in _CDATA.finditer(text):
        out += [_REF.sub(_fix_ref, text[pos : m.start()]), m.group()]
        pos = m.end()
    out.append(_REF.sub(_fix_ref, text[pos:]))
    return "".join(out)


def _fix_ref(m: re.Match[str]) -> str:
    dec, hexa, name = m.groups()
    if not m.group().endswith(";") or (dec or hexa or name) is None:
        return "&amp;" + m.group()[1:]
    if name is not None:
        if name in _XML_REFS:
            return m.group()
        chars = html5.get(name + ";")
        return "".join(_char_ref(ord(c)) for c in chars) if chars else f"&amp;{name};"
    return _char_ref(int(dec) if dec else int(hexa, 16))


def _char_ref(code: int) -> str:
    char = chr(code) if code < 0x110000 else ""
    if not char or _BAD_CHARS.match(char):
        return ""
    return char.translate(_CLEAN) if char in "\u00a0\u200b\u200c\u200d\u2060\ufeff" else f"&#{code};"


def _parse_strict(source: str) -> ET.Element:
    """expat without namespace processing: tags stay "ac:link", so undeclared prefixes parse too."""
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.Parse(_ROOT + source + "</root>", True)
    return builder.close()


class _Tolerant(HTMLParser):
    """html.parser into the same element tree: void tags closed, stray end tags ignored."""

    _VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.builder = ET.TreeBuilder()
        self.builder.start("root", {})
        self.stack: list[str] = []
        self.open: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.builder.start(tag, {k: v or "" for k, v in attrs})
        if tag in self._VOID:
            self.builder.end(tag)
        else:
            self.stack.append(tag)
            self.open[tag] += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.builder.start(tag, {k: v or "" for k, v in attrs})
        self.builder.end(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.open[tag] > 0:
            while self._pop() != tag:
                pass

    def _pop(self) -> str:
        tag = self.stack.pop()
        self.open[tag] -= 1
        self.builder.end(tag)
        return tag

    def handle_data(self, data: str) -> None:
        self.builder.data(data)

    def tree(self) -> ET.Element:
        self.close()
        while self.stack:
            self._pop()
        self.builder.end("root")
        return self.builder.close()


def _parse_tolerant(source: str) -> ET.Element:
    parts = _CDATA.split(source)  # text, cdata body, text, ...
    escaped = [html.escape(p, quote=False) if i % 2 else _CDATA_MARKS.sub("", p) for i, p in enumerate(parts)]
    parser = _Tolerant()
    parser.feed(_BAD_DECL.sub("&lt;![", "".join(escaped)))
    return parser.tree()


# -- layout helpers ------------------------------------------------------------------------------


def _collapse(text: str) -> str:
    lines = _WS.sub(" ", text).split(_BR)
    return _BLANKS.sub("\n\n", "\n".join(line.strip() for line in lines)).strip()


def _text(el: ET.Element) -> str:
    return "".join(el.itertext())


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


def _flat(root: ET.Element) -> str:
    """Text of a subtree without recursion, skipping what never shows (parameters, task ids)."""
    out: list[str] = []
    stack: list[tuple[ET.Element, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            out.append(node.tail or "" if node is not root else "")
            continue
        stack.append((node, True))
        if node.tag not in _DROP and node.tag != "ac:parameter":
            out.append(node.text or "")
            stack += [(child, False) for child in reversed(node)]
    return _collapse("".join(out))


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
    if el.tag in _MACRO_TAGS:
        return el.get("ac:name", "").lower() not in _INLINE_MACROS
    return el.tag in _BLOCK_TAGS or el.tag in _BLOCK


def _block(el: ET.Element, depth: int) -> list[str]:
    if depth > MAX_DEPTH:
        return [_flat(el)]
    handler = _BLOCK.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in _MACRO_TAGS:
        return _macro(el, depth)
    return _blocks(el, depth)


def _inline(el: ET.Element, depth: int) -> str:
    if depth > MAX_DEPTH:
        return _flat(el) + " "
    handler = _INLINE.get(el.tag)
    if handler is not None:
        return handler(el, depth)
    if el.tag in _MACRO_TAGS or el.tag in _BLOCK:
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
    rows: list[list[str]] = []
    spans: dict[int, tuple[int, str]] = {}  # column -> (rows still covered, text)
    for tr in _rows(el):
        row: list[str] = []
        for cell in (c for c in tr if c.tag in ("td", "th")):
            _fill_spans(row, spans)
            text = _one_line(cell, depth + 2).replace("|", "\\|")
            rowspan = _int(cell.get("rowspan"))
            for _ in range(min(_int(cell.get("colspan")), _MAX_COLUMNS - len(row))):
                if rowspan > 1:
                    spans[len(row)] = (rowspan - 1, "")
                row.append(text)
                text = ""
        _fill_spans(row, spans)
        rows.append(row)
    return [_pipe_table(rows)] if any(any(r) for r in rows) else []


def _rows(table: ET.Element) -> list[ET.Element]:
    rows = []
    for child in table:
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in ("thead", "tbody", "tfoot"):
            rows += [tr for tr in child if tr.tag == "tr"]
    return rows


def _fill_spans(row: list[str], spans: dict[int, tuple[int, str]]) -> None:
    while len(row) in spans:
        left, text = spans.pop(len(row))
        if left > 1:
            spans[len(row)] = (left - 1, text)
        row.append(text)


def _int(value: str | None) -> int:
    return max(1, int(value)) if value and value.isdecimal() and len(value) < 4 else 1


def _pipe_table(rows: list[list[str]]) -> str:
    width = max(len(r) for r in rows)
    lines = ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


def _pre(el: ET.Element, depth: int) -> list[str]:
    body = _text(el).strip("\r\n")
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
    title = _collapse(_text(params["title"])) if "title" in params else ""
    if name in _PANELS:
        return _panel(name.capitalize(), title, body)
    if name == "expand":
        return [f"**{title}**", *body] if title else body
    if name in _INLINE_MACROS or name in ("include", "excerpt-include"):
        text = _inline_macro(name, params, el)
        return [text] if text else []
    if plain is not None:
        code = _text(plain).strip("\r\n")
        lang = _collapse(_text(params["language"])) if "language" in params else ""
        if not code.strip():
            return []
        return ([f"**{title}**"] if title else []) + [_fence(code, lang.replace("`", ""))]
    return body


def _inline_macro(name: str, params: dict[str, ET.Element], el: ET.Element) -> str:
    def param(key: str) -> str:
        return _collapse(_text(params[key])) if key in params else ""

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
            body = _text(child)
        elif child.tag == "ac:link-body":
            body = _inlines(child, depth + 1)
        elif child.tag.startswith("ri:"):
            target = child
    if body.strip():
        return body
    return _resource(target, depth) if target is not None else el.get("ac:anchor", "")


def _resource(el: ET.Element, depth: int) -> str:
    if el.tag in ("ri:page", "ri:blog-post"):
        return el.get("ri:content-title", "")
    if el.tag == "ri:attachment":
        return el.get("ri:filename", "")
    if el.tag == "ri:user":
        return "@" + (el.get("ri:username") or "user")
    if el.tag == "ri:url":
        return el.get("ri:value", "")
    return el.get("ri:space-key", "") if el.tag == "ri:space" else ""


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
        _resource(source, depth) if source is not None else "",
        el.get("alt", ""),
    ]
    name = next((_collapse(n) for n in names if n.strip()), "")
    return f"[image: {name}]" if name else "[image]"


def _time(el: ET.Element, depth: int) -> str:
    return el.get("datetime") or _inlines(el, depth)


_PANELS = frozenset({"info", "note", "warning", "tip", "panel"})
_INLINE_MACROS = frozenset({"status", "jira", "anchor", "emoticon"})
_MACRO_TAGS = frozenset({"ac:structured-macro", "ac:macro"})
_DROP = frozenset(
    "ac:parameter ac:placeholder ac:emoticon ac:task-id ac:task-uuid ac:task-status ac:adf-fallback "
    "ac:adf-attribute at:declarations at:var style script colgroup col head title".split()
)
_BLOCK_TAGS = frozenset(
    "root div p section article main header footer aside figure figcaption center dl dt dd details summary "
    "ac:layout ac:layout-section ac:layout-cell ac:rich-text-body ac:adf-content ac:task-body li tr td th".split()
)
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
    **{tag: _resource for tag in ("ri:page", "ri:blog-post", "ri:attachment", "ri:user", "ri:url", "ri:space")},
    **{tag: (lambda el, depth: "") for tag in _DROP},
}
