"""benchmarks/real_documents_storage.py reads a specification as a Confluence page would hold it: reStructuredText
rendered by docutils (inline literals and Sphinx's roles as inline code), markdown by markdown-it, and the HTML
read by the Confluence source's reader (text/storage.py)."""

from __future__ import annotations

import pytest

from doc_context.summary.passages import passages

from .benchmark_scripts import load

pytest.importorskip("docutils", reason="the test extra holds docutils: pip install -e '.[test]'")

PEP = """\
PEP: 9999
Title: Frobnicate the widgets

Abstract
========

This PEP proposes a ``frobnicate`` keyword for :func:`widgets.open`.

Specification
=============

``widgets.open(path, frobnicate=False)`` frobnicates the widget when
``frobnicate`` is true. See :pep:`8` and :class:`widgets.Widget`.

.. code-block:: python

    widgets.open("a.txt", frobnicate=True)

Rejected Ideas
==============

A global ``FROBNICATE`` setting was rejected.
"""


def test_a_rst_specification_reads_as_stored_with_its_sections_and_inline_code() -> None:
    load("real_documents")
    storage = load("real_documents_storage")
    page = storage.storage_page(1, "PEP 9999", PEP)
    found = {p.section: p.plain for p in passages(page.text, page.title) if not p.lead}
    assert "`frobnicate`" in found["Specification"] and "`widgets.Widget`" in found["Specification"]
    assert "``frobnicate``" not in page.text and ":func:" not in page.text and ":class:" not in page.text
    assert 'widgets.open("a.txt", frobnicate=True)' in page.text  # the code block kept, as code
    assert "`FROBNICATE`" in found["Rejected Ideas"]


def test_a_markdown_specification_reads_as_stored() -> None:
    load("real_documents")
    storage = load("real_documents_storage")
    source = "# RFC 1\n\n## Reference-level explanation\n\nAdd `--frob` to `cargo publish`.\n"
    page = storage.storage_page(2, "RFC 1", source)
    assert "`--frob`" in page.text and "## Reference-level explanation" in page.text.replace("#### ", "## ")
