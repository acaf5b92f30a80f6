"""Pure: Confluence storage XHTML -> an element tree (entities fixed, wrapped, parsed strictly or leniently),
and the format's structure read off that tree: what never shows, what is a block, a table's grid.

Tags keep their prefixes ("ac:link", "ri:page"): expat runs without namespace processing, so the
undeclared ac:/ri:/at: prefixes of a storage body parse as they are. No DTD, no entity expansion.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from html.entities import html5
from html.parser import HTMLParser
from xml.parsers import expat

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
# html.parser raises AssertionError on a marked section but its own keywords' (`<![A:`, `<![ `): text, escaped
_BAD_DECL = re.compile(r"<!\[(?!(?i:temp|cdata|ignore|include|rcdata|if|else|endif)(?![-_.a-zA-Z0-9]))")
_WS = re.compile(r"\s+")
_BLANKS = re.compile(r"\n{3,}")
BR = "\x00"  # stands for <br/> until a paragraph is laid out (the input never keeps a NUL)

PANELS = frozenset({"info", "note", "warning", "tip", "panel"})
INLINE_MACROS = frozenset({"status", "jira", "anchor", "emoticon"})
MACRO_TAGS = frozenset({"ac:structured-macro", "ac:macro"})
HIDDEN = frozenset(  # never shown: macro parameters, task ids, editor hints, styling
    """
    ac:parameter ac:default-parameter ac:placeholder ac:emoticon ac:task-id ac:task-uuid ac:task-status
    ac:adf-fallback ac:adf-attribute at:declarations at:var style script colgroup col head title
    """.split()
)
_SEALED = frozenset(t for t in HIDDEN if t.startswith(("ac:", "at:")))  # a stray end tag never closes these
RESOURCES = ("ri:page", "ri:blog-post", "ri:attachment", "ri:user", "ri:url", "ri:space")
BLOCK_TAGS = frozenset(
    """
    root div p section article main header footer aside figure figcaption center dl dt dd details summary
    ac:layout ac:layout-section ac:layout-cell ac:rich-text-body ac:adf-content ac:task-body li tr td th
    """.split()
)


def parse_storage(xhtml: str) -> tuple[ET.Element, bool]:
    """The body under one <root>, and whether the tolerant parser (which may lose text) had to be used."""
    source = _prepare(xhtml)
    try:
        return _parse_strict(source), False
    except (expat.ExpatError, ValueError):
        return _parse_tolerant(source), True


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

    _VOID = frozenset(
        ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
    )

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
        """Close up to the tag, but never out of a macro parameter (or a task id, an ADF attribute...): what
        it holds stays hidden."""
        if self.open[tag] == 0:
            return
        inner = self.stack[len(self.stack) - 1 - self.stack[::-1].index(tag) :]
        if any(t in _SEALED for t in inner[1:]):
            return
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


# -- reading the tree ----------------------------------------------------------------------------


def inner_text(el: ET.Element) -> str:
    return "".join(el.itertext())


def collapse(text: str) -> str:
    """Text laid out as a paragraph: whitespace folded, BR marks as line breaks."""
    lines = _WS.sub(" ", text).split(BR)
    return _BLANKS.sub("\n\n", "\n".join(line.strip() for line in lines)).strip()


def flat_text(root: ET.Element) -> str:
    """Text of a subtree without recursion, skipping what never shows (parameters, task ids)."""
    out: list[str] = []
    stack: list[tuple[ET.Element, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            out.append(node.tail or "" if node is not root else "")
            continue
        stack.append((node, True))
        if node.tag not in HIDDEN:
            out.append(node.text or "")
            stack += [(child, False) for child in reversed(node)]
    return "".join(out)


def resource_name(el: ET.Element) -> str:
    """What a link target is called in text: a page title, a file name, @user (ids are noise)."""
    if el.tag in ("ri:page", "ri:blog-post"):
        return el.get("ri:content-title", "")
    if el.tag == "ri:attachment":
        return el.get("ri:filename", "")
    if el.tag == "ri:user":
        return "@" + (el.get("ri:username") or "user")
    if el.tag == "ri:url":
        return el.get("ri:value", "")
    return el.get("ri:space-key", "") if el.tag == "ri:space" else ""


def table_grid(table: ET.Element, cell_text: Callable[[ET.Element], str], max_columns: int) -> list[list[str]]:
    """Rows of cell texts; a colspan or rowspan repeats nothing: the covered cells are left empty."""
    rows: list[list[str]] = []
    spans: dict[int, tuple[int, str]] = {}  # column -> (rows still covered, text)
    for tr in _rows(table):
        row: list[str] = []
        for cell in (c for c in tr if c.tag in ("td", "th")):
            _fill_spans(row, spans)
            content = cell_text(cell)
            rowspan = _int(cell.get("rowspan"))
            for _ in range(min(_int(cell.get("colspan")), max_columns - len(row))):
                if rowspan > 1:
                    spans[len(row)] = (rowspan - 1, "")
                row.append(content)
                content = ""
        _fill_spans(row, spans)
        rows.append(row)
    return rows


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
        left, content = spans.pop(len(row))
        if left > 1:
            spans[len(row)] = (left - 1, content)
        row.append(content)


def _int(value: str | None) -> int:
    return max(1, int(value)) if value and value.isdecimal() and len(value) < 4 else 1
