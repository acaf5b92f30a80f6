"""Pure: a small, bounded HTML tree built with the stdlib parser, tolerant of any input."""

from __future__ import annotations

from html.parser import HTMLParser

MAX_DEPTH = 48  # elements nested deeper are flattened into their ancestor
MAX_NODES = 50_000  # elements past this count are ignored (their text is kept)

VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]
)
_SKIP = frozenset({"script", "style"})
BLOCK = frozenset(
    """
    address article aside blockquote center dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6
    header hr li main nav ol p pre section table tbody td tfoot th thead tr ul
    """.split()
)
# HTML's formatting elements: their end tag closes them past a block (the adoption agency's reading, roughly: the
# text after `</b>` is bold no more); any other inline element's end tag closes nothing past a block
FORMATTING = frozenset("a b big code em font i nobr s small strike strong tt u".split())


class Node:
    __slots__ = ("attrs", "children", "holds_block", "tag")

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node | str] = []
        self.holds_block = False  # a block element is somewhere below this one


# (tag being opened, tags it closes when open, tags that stop the search)
_IMPLIED = {
    "li": ({"li"}, {"ol", "ul", "table"}),
    "p": ({"p"}, {"div", "li", "td", "th", "table", "blockquote"}),
    "tr": ({"tr", "td", "th"}, {"table"}),
    "td": ({"td", "th"}, {"tr", "table"}),
    "th": ({"td", "th"}, {"tr", "table"}),
}


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]
        self.nodes = 0
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skipping += 1
            return
        self._close_implied(tag)
        if len(self.stack) > MAX_DEPTH or self.nodes >= MAX_NODES:
            return
        self.nodes += 1
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag in BLOCK:
            self._mark_holders()
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            return
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1].tag == tag and len(self.stack) > 1:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag == "br":
            self.handle_starttag("br", [])
        else:  # `</span>` never closes an outer <span> and a block inside it ("any other end tag" in HTML)
            self._pop_to(tag, stop=BLOCK if tag not in BLOCK and tag not in FORMATTING else frozenset())

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        children = self.stack[-1].children
        if children and isinstance(children[-1], str):
            children[-1] += data
        else:
            children.append(data)

    def _mark_holders(self) -> None:
        for ancestor in reversed(self.stack):
            if ancestor.holds_block:
                return
            ancestor.holds_block = True

    def _close_implied(self, tag: str) -> None:
        closes, stop = _IMPLIED.get(tag, (set(), set()))
        for name in closes:
            if self._pop_to(name, stop=frozenset(stop)):
                return

    def _pop_to(self, tag: str, *, stop: frozenset[str]) -> bool:
        for i in range(len(self.stack) - 1, 0, -1):
            name = self.stack[i].tag
            if name == tag:
                del self.stack[i:]
                return True
            if name in stop:
                return False
        return False


def parse(text: str) -> Node:
    """The tree of whatever parsed; the stdlib parser's rare complaints end the parse early."""
    builder = TreeBuilder()
    try:
        builder.feed(text)
        builder.close()
    except (AssertionError, ValueError, IndexError):
        pass
    return builder.root
