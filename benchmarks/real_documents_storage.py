"""Benchmark: benchmarks/real_documents.py with every specification read as a Confluence page holds it.

Run: python benchmarks/real_documents_storage.py [the same arguments as real_documents.py]
A team that keeps its specifications in Confluence pastes them there: the page the tool reads is storage XHTML
(headings, paragraphs, lists, definition lists, tables, code blocks), not the markdown or reStructuredText the
document was written in. This run renders each specification to HTML as a reader of its source would see it
(reStructuredText with docutils, Sphinx's roles read as inline code; markdown with markdown-it), reads that HTML
as the Confluence source reads a page's storage (text/storage.py), and measures the same labels the same way.
A figure far from real_documents.py's says the storage path reads long real documents differently from the wiki
path: a reader's defect, not a weighing one. Needs docutils (the test extra).
"""

from __future__ import annotations

import dataclasses
import functools
import re
import sys

import real_documents
from docutils.core import publish_parts
from docutils.nodes import literal
from docutils.parsers.rst import roles
from markdown_it import MarkdownIt

from doc_context.models import Page
from doc_context.summary.passages import Passage
from doc_context.text.rstmd import restructured
from doc_context.text.storage import storage_to_markdown

# Sphinx's roles (and the Python domain's) that plain docutils does not know: their text, as inline code.
SPHINX_ROLES = (
    "attr class const data doc envvar exc file func kbd keyword meth mod obj option program py:attr py:class "
    "py:const py:data py:exc py:func py:meth py:mod py:obj ref samp term token type c:func c:macro c:type "
    "c:data c:member gh issue pypi command dfn menuselection ref download numref abbr"
).split()
WIKI_PAGE, ANCHORED = real_documents.page, real_documents.anchored
UNANCHORED: list[str] = []
_LITERAL = re.compile(r'<span class="docutils literal">(.*?)</span>', re.S)
_MARKDOWN = MarkdownIt("commonmark", {"xhtmlOut": True}).enable("table").enable("strikethrough")


@functools.cache
def _sphinx_roles() -> None:
    for name in SPHINX_ROLES:
        roles.register_generic_role(name, literal)


def rst_html(source: str) -> str:
    """The body docutils renders (warnings and errors kept out of it; no file or raw inclusion)."""
    _sphinx_roles()
    overrides = {
        "report_level": 5,
        "halt_level": 5,
        "file_insertion_enabled": False,
        "raw_enabled": False,
        "doctitle_xform": False,
        "syntax_highlight": "none",
    }
    body = str(publish_parts(source, writer="html5", settings_overrides=overrides)["body"])
    return _LITERAL.sub(r"<code>\1</code>", body)  # Confluence holds inline code as <code>


def storage_page(n: int, title: str, source: str) -> Page:
    """The wiki page real_documents.page makes, its text read from the HTML a Confluence page would hold."""
    html = rst_html(source) if restructured(source.splitlines()) else _MARKDOWN.render(source)
    return dataclasses.replace(WIKI_PAGE(n, title, ""), text=storage_to_markdown(html).text)


def lenient(found: list[Passage], anchor: str, where: str, source: str = "") -> Passage | None:
    """real_documents.anchored on the page as stored: an anchor's reStructuredText literal (``x``) is the
    storage's inline code (`x`); an anchor the stored page splits or joins otherwise counts as lost (missed)."""
    for written in dict.fromkeys([anchor, anchor.replace("``", "`")]):
        try:
            at = ANCHORED(found, written, where, source.replace("``", "`") if written != anchor else source)
        except SystemExit as lost:
            at, message = None, str(lost)
        else:
            message = f"{where}: anchor {anchor!r} is lost"
        if at is not None:
            return at
    UNANCHORED.append(message)
    return None


def main(argv: list[str]) -> int:
    real_documents.page, real_documents.anchored = storage_page, lenient
    code = real_documents.main(argv)
    print(f"labels the stored pages cut otherwise (counted as missed): {len(UNANCHORED)}")
    for message in UNANCHORED if "-v" in argv else ():
        print(f"  {message}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
