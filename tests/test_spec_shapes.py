"""Specifications as they are written (issue 36): a reStructuredText proposal's underlined sections, header and
directives, a wiki's setext headings, a template's HTML comment around a code block, a checklist before the
summary: each read as a page's sections, its metadata and its lead, not as what it specifies."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passages import passages
from doc_context.summary.quotes import weigh_pages
from doc_context.summary.speaks import names
from doc_context.text.mdblocks import parse_blocks
from doc_context.text.wikimd import wiki_to_markdown

PROPOSAL = """\
PEP: 9999
Title: Recording the installer
Author: Ann Example <ann@example.com>,
        Bo Example <bo@example.com>
Status: Final

Abstract
========

This proposal records which tool installed each distribution, in one small file.

Rationale
=========

Tools that share an environment need to know who installed what, so they can cooperate.

Specification
=============

The ``INSTALLER`` file MUST hold the installing tool's name on one line.

Its format
----------

* The name is written in ASCII, without a version.

.. code-block:: python

    print("installer")

Rejected Ideas
==============

Storing it in METADATA
----------------------

Writing the installer into ``METADATA`` was rejected, see `the core metadata <https://example.com/m>`_.
"""


def test_a_restructuredtext_proposal_has_sections_a_header_and_a_lead() -> None:
    found = passages(wiki_to_markdown(PROPOSAL).text, "Recording the installer")
    assert [(p.section, p.aside) for p in found] == [
        ("Abstract", False),
        ("Rationale", True),
        ("Specification", False),
        ("Its format", False),
        ("Storing it in METADATA", True),  # under Rejected Ideas, one level up
    ]
    assert [p.plain for p in found if p.lead] == [
        "This proposal records which tool installed each distribution, in one small file."
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rules\n=====\n\nText.", [("heading", 1, "Rules"), ("para", 0, "Text.")]),
        ("Rules\n-----\n\nText.", [("heading", 2, "Rules"), ("para", 0, "Text.")]),
        ("A\n===\n\nB\n^^^\n\nC\n---", [("heading", 1, "A"), ("heading", 3, "B"), ("heading", 2, "C")]),
        ("=======\n Title\n=======\n\nText.", [("heading", 1, "Title"), ("para", 0, "Text.")]),  # overlined
        ("Long title\n^^^\n\nText.", [("para", 0, "Long title"), ("para", 0, "Text.")]),  # an underline too short
        ("Text.\n\n---\n\nMore.", [("para", 0, "Text."), ("para", 0, "---"), ("para", 0, "More.")]),  # a rule
        ("- item\n---", [("list", 0, "- item"), ("para", 0, "---")]),  # a list is no heading's title
        ("~~~\nx\n~~~", [("code", 0, "~~~")]),  # a fence, not an overlined title
    ],
    ids=["setext-1", "setext-2", "rst-levels", "rst-overline", "too-short", "thematic-break", "list", "fence"],
)
def test_underlined_headings(text: str, expected: list[tuple[str, int, str]]) -> None:
    assert [(b.kind, b.level, b.lines[0]) for b in parse_blocks(text)] == expected


def test_an_html_comment_around_a_code_block_hides_what_follows_it_too() -> None:
    page = "<!--\nFill in this template.\n\n```\n<<[UNRESOLVED]>>\n```\n\nWhen editing, keep it short.\n-->\n\n"
    page += "## Summary\n\nThis proposal adds a preferences file for every user of the tool."
    assert "When editing" not in wiki_to_markdown(page).text
    assert [p.plain for p in passages(wiki_to_markdown(page).text) if p.lead] == [
        "This proposal adds a preferences file for every user of the tool."
    ]


def test_a_checklist_before_the_summary_is_no_lead() -> None:
    page = "## Release Signoff Checklist\n\nItems marked with (R) are required before the release.\n\n"
    page += "## Summary\n\nThis proposal adds a preferences file for every user of the tool."
    assert [p.plain for p in passages(page) if p.lead] == [
        "This proposal adds a preferences file for every user of the tool."
    ]


def test_a_restructuredtext_link_is_no_code() -> None:
    assert names("See `the build backend <https://example.com/b>`_ and ``build_backend``.") == {("build", "backend")}
    assert names("See `the build backend`_.") == set()


def long_page(extra: str) -> str:
    body = "".join(f"## Part {n}\n\nInstalls are recorded by the tool, case {n}.\n\n" for n in range(45))
    return f"Installs are recorded as this page says, in detail.\n\n{body}## Special\n\n{extra}\n"


def test_what_only_the_changes_tests_name_does_not_speak_for_a_long_page() -> None:
    diff = "".join(
        f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,0 +1,1 @@\n+{line}\n"
        for path, line in (("src/record.py", "INSTALLER_FILE = 'x'"), ("tests/test_record.py", "example_dist_name = 1"))
    )
    change = change_terms(Change(parse_diff(diff)))
    other = ("Installs follow the usual rules of the tool.", "Installs")
    example = weigh_pages([(long_page("The `example_dist_name` is shown."), "Examples"), other], change)[0]
    assert not example.matched and "as this page says" in example.text  # its lead only
    named = weigh_pages([(long_page("The `installer_file` is written."), "Spec"), other], change)[0]
    assert named.matched  # the control: the change's own code names it
