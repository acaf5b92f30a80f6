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
from doc_context.text.htmltext import html_to_markdown
from doc_context.text.mdblocks import parse_blocks
from doc_context.text.rstmd import restructured
from doc_context.text.storage import storage_to_markdown
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


def test_a_proposals_header_with_a_field_left_empty_is_still_its_header() -> None:
    """A PEP's header as written before its dates were filled in (`Created:` and `Post-History:` empty, PEP 249's
    text until 2012): the header, not a passage quoting "PEP: 9999 Title: ..." first."""
    header = PROPOSAL.split("\n\n", 1)
    page = header[0] + "\nContent-Type: text/x-rst\nCreated:\nPost-History:\nReplaces: 9998\n\n" + header[1]
    found = passages(wiki_to_markdown(page).text, "Recording the installer")
    assert [p.section for p in found] == [
        "Abstract",
        "Rationale",
        "Specification",
        "Its format",
        "Storing it in METADATA",
    ]
    assert not [p for p in found if "9999" in p.plain]


def test_a_proposals_header_pasted_into_confluence_is_still_its_header() -> None:
    """A PEP's header pasted into a Confluence page: docutils' plain reader (no PEP reader) holds it as one
    paragraph, and HTML joins its lines, so the page as stored reads "PEP: 9999 Title: ... Status: Final" on one
    line. Still the header: not a passage, and its numbers ("9999", "3.13") no values a disagreement compares."""
    html = (
        "<p>PEP: 9999\nTitle: Recording the installer: one file\nAuthor: Ann J. Example &lt;ann@example.com&gt;\n"
        "Status: Final\nPython-Version: 3.13\nPost-History: 30-Sep-2022,</p>\n<blockquote><p>02-Nov-2022</p>"
        "</blockquote>\n<h2>Abstract</h2>\n<p>This proposal records which tool installed each distribution.</p>"
    )
    found = passages(storage_to_markdown(html).text, "Recording the installer")
    assert [p.plain for p in found] == ["This proposal records which tool installed each distribution."]


def test_a_lead_naming_a_few_things_with_colons_is_no_header() -> None:
    """A lead paragraph that names two or three things with a colon is what the page says, not its header."""
    html = "<p>Scope: the refund flow. Owner: payments team. The refund window is 14 days.</p><h2>Rules</h2><p>x</p>"
    found = passages(storage_to_markdown(html).text, "Refunds")
    assert found[0].plain.startswith("Scope: the refund flow.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Rules\n=====\n\nText.", [("heading", 1, "Rules"), ("para", 0, "Text.")]),
        ("Rules\n-----\n\nText.", [("heading", 2, "Rules"), ("para", 0, "Text.")]),
        ("A\n===\n\nB\n^^^\n\nC\n---", [("heading", 1, "A"), ("heading", 2, "B"), ("heading", 3, "C")]),
        ("=======\n Title\n=======\n\nText.", [("heading", 1, "Title"), ("para", 0, "Text.")]),  # overlined
        (  # reStructuredText's levels: each adornment in the order it first appears, an overlined one another than
            # its underline alone (PEP 751's sections overlined, their subsections overlined with -, a key underlined)
            "=====\nSpec\n=====\n\n----\nFile\n----\n\nkey\n===\n\nText.\n\n=====\nIdeas\n=====\n\nMore.",
            [
                ("heading", 1, "Spec"),
                ("heading", 2, "File"),
                ("heading", 3, "key"),
                ("para", 0, "Text."),
                ("heading", 1, "Ideas"),
                ("para", 0, "More."),
            ],
        ),
        ("Long title\n^^^\n\nText.", [("para", 0, "Long title"), ("para", 0, "Text.")]),  # an underline too short
        ("Text.\n\n---\n\nMore.", [("para", 0, "Text."), ("para", 0, "---"), ("para", 0, "More.")]),  # a rule
        ("- item\n---", [("list", 0, "- item"), ("para", 0, "---")]),  # a list is no heading's title
        ("~~~\nx\n~~~", [("code", 0, "~~~")]),  # a fence, not an overlined title
        ("Or:\n```\nx\n```\nText.", [("para", 0, "Or:"), ("code", 0, "```"), ("para", 0, "Text.")]),  # closed
        (
            "A\n~~~\n\nText.\n\nB\n~~~\n\nMore.",
            [("heading", 3, "A"), ("para", 0, "Text."), ("heading", 3, "B"), ("para", 0, "More.")],
        ),
        (  # on reStructuredText's text (an overlined '=' title), a later overlined title's overline closes no
            # fence: the first title and its prose stay
            "===\nDoc\n===\n\nIntro\n~~~~~\n\nThe refund window is 14 days.\n\n~~~~~~~~~~~~~~\nSecond section\n"
            "~~~~~~~~~~~~~~\n\nMore.",
            [
                ("heading", 1, "Doc"),
                ("heading", 2, "Intro"),
                ("para", 0, "The refund window is 14 days."),
                ("heading", 3, "Second section"),
                ("para", 0, "More."),
            ],
        ),
        (  # a transition closes no fence either, and is no block
            "===\nDoc\n===\n\nIntro\n~~~~~\n\nThe refund window is 14 days.\n\n~~~~~~~~~~\n\nMore.",
            [
                ("heading", 1, "Doc"),
                ("heading", 2, "Intro"),
                ("para", 0, "The refund window is 14 days."),
                ("para", 0, "More."),
            ],
        ),
        (  # a markdown page's one-line fenced block is code, however long its fence
            "Install it:\n\n~~~~~~~~~~~~~~~~\npip install foo\n~~~~~~~~~~~~~~~~\n\nThen run it.",
            [("para", 0, "Install it:"), ("code", 0, "~~~~~~~~~~~~~~~~"), ("para", 0, "Then run it.")],
        ),
        ("Run:\n\n````\nmake\n````", [("para", 0, "Run:"), ("code", 0, "````")]),
        ("~~~~\n\nx = 1\n\ny\n~~~~", [("code", 0, "~~~~")]),  # a markdown fence whose first line is blank
        ("~~~~\n\ncode\n\n~~~~", [("code", 0, "~~~~")]),  # a fence with blank lines inside is still code
    ],
    ids=[
        "setext-1",
        "setext-2",
        "rst-levels",
        "rst-overline",
        "rst-overlined-levels",
        "too-short",
        "thematic-break",
        "list",
        "fence",
        "fence-under-a-line",
        "tilde-titles",
        "tilde-overline-after",
        "tilde-transition-after",
        "markdown-one-line-fence",
        "markdown-backtick-fence",
        "markdown-fence-blank-first",
        "fence-with-blank-lines",
    ],
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


@pytest.mark.parametrize(
    ("page", "title", "expected"),
    [
        ("# Proposal: check references to it\n\n## Proposal\n\nThe check reports each use.", "", "Proposal"),
        (
            "# Proposal: check references to it\n\n## Proposal\n\nIt reports each use.",
            "Proposal: check references to it",
            "Proposal",
        ),
        (
            "Examples of use\n===============\n\nSpecification\n-------------\n\nIt reports each use.",
            "",
            "Specification",
        ),
        ("# Examples of use\n\nIt reports each use.", "Examples of use", ""),
    ],
    ids=["h1-untitled", "h1-titled", "rst-title", "title-only"],
)
def test_the_pages_title_puts_nothing_aside(page: str, title: str, expected: str) -> None:
    """The heading the page opens with names the page, not a section: a word of it ('references', 'examples')
    puts nothing aside."""
    assert [(p.section, p.aside) for p in passages(page, title)] == [(expected, False)]


def test_a_proposal_whose_sections_share_the_first_level_has_no_title() -> None:
    page = "Examples\n========\n\nIt reports each use, with its line.\n\nRules\n=====\n\nEach use is one line."
    assert [p.aside for p in passages(page)] == [True, False]


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


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("The format::\n\n  # a comment\n  key = value\n\nAfter it.", [("para", "The format:"), ("para", "After it.")]),
        (
            "For example::\n\n  >>> np.float64 == np.double\n  True\n\nAfter it.",
            [("para", "For example:"), ("para", "After it.")],
        ),
        ("Run it ::\n\n   run --now\n\n::\n\n   also\n\nAfter it.", [("para", "Run it"), ("para", "After it.")]),
        (">>> x = np.int8(1)\n>>> x + 300\n\nAfter it.", [("para", "After it.")]),  # a doctest block
        (
            ".. code-block:: python\n   :linenos:\n\n   # set it\n   def load(self): pass\n\nAfter it.",
            [("para", "After it.")],
        ),
        (
            "A list:\n\n#. Read the file.\n#. Write it back.\n\nAfter it.",
            [("para", "A list:"), ("rule", "Read the file."), ("rule", "Write it back."), ("para", "After it.")],
        ),
        (
            ".. note::\n\n    The option is read once, at start.\n\nAfter it.",
            [("para", "The option is read once, at start."), ("para", "After it.")],
        ),  # a note's text is no code
        (
            "..\n  This template should be in ReSTructured text.\n\n  To test out your formatting, build the docs.\n\n"
            "After it.",
            [("para", "After it.")],
        ),  # a comment, its indented lines with it
        ("Flow\n----\n.. code-block:: none\n\n   +---+\n   | a |\n\nAfter it.", [("para", "After it.")]),
        (".. A comment on one line\n\nAfter it.", [("para", "After it.")]),
        ("..\n\n  A block quote after an empty comment.", [("para", "A block quote after an empty comment.")]),
    ],
    ids=[
        "literal-heading",
        "literal-doctest",
        "literal-markers",
        "doctest",
        "code-block",
        "auto-numbered",
        "note",
        "comment-block",
        "code-under-a-title",
        "comment-line",
        "empty-comment",
    ],
)
def test_restructuredtext_blocks_read_as_what_they_are(page: str, expected: list[tuple[str, str]]) -> None:
    assert [(p.kind, p.plain) for p in passages(wiki_to_markdown(page, rst=True).text)] == expected


def test_a_leading_comment_is_no_lead_and_a_title_underlined_with_tildes_opens_no_code() -> None:
    page = "..\n  This work is licensed under a Creative Commons Attribution 3.0 Unported License.\n\n"
    page += "  To test out your formatting, build the docs using tox, or see the guide.\n\n"
    page += "=======\n Title\n=======\n\nThe service loads one backend at start, and keeps it.\n\n"
    page += "Backends\n~~~~~~~~\n\nA backend is chosen by name.\n\nErrors\n~~~~~~\n\nAn unknown name is an error."
    found = passages(wiki_to_markdown(page).text, "Title")
    assert [(p.section, p.plain, p.lead) for p in found] == [
        ("", "The service loads one backend at start, and keeps it.", True),
        ("Backends", "A backend is chosen by name.", False),
        ("Errors", "An unknown name is an error.", False),
    ]
    assert wiki_to_markdown(page).text.endswith("An unknown name is an error.")  # no fence closed at the end


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "See `the launcher <https://docs.example/launcher>`_ now.",
            "See [the launcher](https://docs.example/launcher) now.",
        ),
        ("See `<https://docs.example/a>`__.", "See [https://docs.example/a](https://docs.example/a)."),
        ("The `drivers`_ section.", "The drivers section."),
        ("As :ref:`NEP 41 <NEP41>` says.", "As NEP 41 says."),
        ("Call :func:`~numpy.isdtype` or :py:meth:`Conf.load`.", "Call `numpy.isdtype` or `Conf.load`."),
        ("As :pep:`517` and :rfc:`2119` say, see :term:`backend`.", "As PEP 517 and RFC 2119 say, see backend."),
        ("Keep ``literal `x`_ text`` as is.", "Keep ``literal `x`_ text`` as is."),
        ("As proposed [2]_ and noted [#]_ in [PEP8]_.", "As proposed and noted in."),
        (
            "Both ``TypeVar``\\ s and :class:`Generic`\\ s, as ``Foo``\\s.",
            "Both ``TypeVar``s and `Generic`s, as ``Foo``s.",
        ),
        ("Write \\*args as is, a\\\\b too, and ``x\\ y``.", "Write \\*args as is, a\\\\b too, and ``x\\ y``."),
    ],
    ids=[
        "link",
        "anonymous-link",
        "reference",
        "ref-role",
        "code-roles",
        "pep-role",
        "literal",
        "footnotes",
        "escaped-space",
        "escaped-punctuation",
    ],
)
def test_restructuredtext_links_and_roles_read_as_markdown(text: str, expected: str) -> None:
    assert wiki_to_markdown(text, rst=True).text == expected


def test_an_escaped_space_joins_a_suffix_to_code_in_a_heading_and_its_passage() -> None:
    # reStructuredText writes a plural of code as ``Name``\ s: the escaped space is removed, no backslash shows
    page = "Spec\n====\n\n``TypeVarLike``\\s as Parameters\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n"
    page += "``TypeVarLike``\\ s are valid as parameters to ``Generic``\\ s."
    found = passages(wiki_to_markdown(page).text, "Spec")
    assert [(p.section, p.plain) for p in found] == [
        ("``TypeVarLike``s as Parameters", "``TypeVarLike``s are valid as parameters to ``Generic``s.")
    ]


def test_the_field_list_under_a_documents_title_is_its_metadata_not_its_lead() -> None:
    page = ".. _NEP99:\n\n=================================\nNEP 99 — Recording the installer\n"
    page += "=================================\n\n:Author: Ann Example <ann@example.com>\n:Status: Final\n"
    page += ":Resolution: https://mail.example.org/thread/1\n\nAbstract\n--------\n\n"
    page += "We propose recording which tool installed each package, in one file.\n\n"
    page += "Usage\n-----\n\n:Key: a field list in the body is what the page says."
    found = passages(wiki_to_markdown(page).text, "NEP 99: Recording the installer")
    assert [(p.section, p.plain, p.lead) for p in found] == [
        ("Abstract", "We propose recording which tool installed each package, in one file.", True),
        ("Usage", ":Key: a field list in the body is what the page says.", False),
    ]


def test_a_list_items_indented_paragraphs_and_nested_list_are_no_code() -> None:
    page = "- A new array object, which:\n\n    - is a thin wrapper,\n    - conforms to the standard.\n\n"
    page += "- Functions, which:\n\n    - do not accept array-like inputs.\n\n    Scalars are not supported.\n\n"
    page += "After the list.\n\n    an indented block after a paragraph is code"
    assert [(p.kind, p.plain) for p in passages(wiki_to_markdown(page).text)] == [
        ("item", "A new array object, which:"),
        ("item", "is a thin wrapper,"),
        ("item", "conforms to the standard."),
        ("item", "Functions, which:"),
        ("item", "do not accept array-like inputs."),
        ("para", "Scalars are not supported."),
        ("para", "After the list."),
    ]


@pytest.mark.parametrize(
    "table",
    [
        "+--------+------------------+\n| Field  | Meaning          |\n+========+==================+\n"
        "| name   | the tool's name, |\n|        | in ASCII         |\n+--------+------------------+\n"
        "| reason | why it installed |\n+--------+------------------+",
        "======  ================\nField   Meaning\n======  ================\nname    the tool's name,\n"
        "        in ASCII\nreason  why it installed\n======  ================",
    ],
    ids=["grid", "simple"],
)
def test_a_restructuredtext_tables_rows_are_rows_under_its_header(table: str) -> None:
    found = passages(wiki_to_markdown(f"The file's fields:\n\n{table}\n\nAfter it.", rst=True).text)
    assert [(p.kind, p.plain) for p in found] == [
        ("para", "The file's fields:"),
        ("row", "| name | the tool's name, in ASCII |"),
        ("row", "| reason | why it installed |"),
        ("para", "After it."),
    ]
    assert found[1].text.startswith("| Field | Meaning |\n|---|---|\n")


QUOTED = "Flags that may be passed:\n\n    ``ITER_RANGED``\n\n        Enables iteration of sub-ranges.\n\n"
QUOTED += "Steps to follow:\n\n   * the divisor is the number of events\n   * the remainder is the event\n"


def test_an_indented_block_of_a_restructuredtext_page_is_a_block_quote_not_code() -> None:
    page = f"Iterators\n~~~~~~~~~\n\n{QUOTED}"  # a `~` underline: the page is reStructuredText
    assert [(p.kind, p.plain) for p in passages(wiki_to_markdown(page).text)] == [
        ("para", "Flags that may be passed:"),
        ("para", "``ITER_RANGED``"),
        ("para", "Enables iteration of sub-ranges."),
        ("para", "Steps to follow:"),
        ("item", "the divisor is the number of events"),
        ("item", "the remainder is the event"),
    ]
    markdown = f"## Iterators\n\n{QUOTED}"  # in markdown, the same lines indented four spaces are code
    assert [p.plain for p in passages(wiki_to_markdown(markdown).text)][:2] == [
        "Flags that may be passed:",
        "Steps to follow:",
    ]


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        (".. note::\n\n   Read once.", True),
        ("The format::\n\n  key = value", True),
        ("=====\nTitle\n=====\n\nText.", True),
        ("Title\n^^^^^\n\nText.", True),
        ("Title\n=====\n\nText.\n\n    code", False),  # setext: markdown as much as reStructuredText
        ("## Title\n\nSee the C++ name std::\n\nText.", False),
        ("## Title\n\n```rust\nfn main() {\n}\n```\n\n    code", False),  # `}` over a fence's end is no title
        ("## Title\n\n```\n.. note::\n```", False),  # nor is a fence's code a directive
    ],
    ids=["directive", "literal", "overline", "underline", "setext", "markdown", "fence-end", "fenced"],
)
def test_what_makes_a_page_restructuredtext(page: str, expected: bool) -> None:
    assert restructured(page.split("\n")) is expected


def test_a_transition_on_a_restructuredtext_page_opens_no_code() -> None:
    """A `~~~~` transition between blank lines, closed by no later run, is no fence on a reStructuredText page: the
    text after it stays prose (read as markdown, an unclosed fence would make it code to the page's end)."""
    page = "=====\nSpec\n=====\n\nRules\n~~~~~\n\nThe refund window is 14 days.\n\n~~~~~~~~~~\n\nA second approver."
    blocks = parse_blocks(wiki_to_markdown(page).text)
    assert [(b.kind, b.lines[0]) for b in blocks][-2:] == [
        ("para", "The refund window is 14 days."),
        ("para", "A second approver."),
    ]


def test_a_labelled_lead_written_on_one_line_is_prose() -> None:
    """Markdown editors do not wrap: a decision record's lead labelling its sentences is one line holding four
    keys, and it is what the page decides, not its header (review 8)."""
    page = (
        "# Ship after payment\n\nDecision: Orders ship only after payment clears. Context: card payments failed "
        "after shipping. Consequences: a day's delay for some orders. Status: Accepted.\n\n## Context\n\n"
        "Card payments failed after shipping.\n"
    )
    found = passages(page, "Ship after payment")
    assert found[0].plain.startswith("Decision: Orders ship only after payment clears.")


def test_a_page_opening_with_a_quote_keeps_it() -> None:
    """Only a quote right after a header goes on with it: a page that opens with a quote says it."""
    found = passages(storage_to_markdown("<blockquote><p>The refund window is 14 days.</p></blockquote>").text, "R")
    assert [p.plain for p in found] == ["The refund window is 14 days."]


@pytest.mark.parametrize(
    "head",
    [
        "<ul><li>Owner: Payments</li><li>Status: Approved</li><li>Release: 2024.3</li></ul>",  # page properties
        "<p>Owner: Payments\nStatus: Approved\nRelease: 2024.3\nReviewers: Ann, Bo</p>",  # a header joined
    ],
)
def test_a_summary_panel_under_the_pages_properties_stays(head: str) -> None:
    """Confluence pages open with their properties, then an info panel stating the feature (review 8): the panel
    is what the page says, not the header going on, whether the properties are a list or a joined paragraph."""
    page = (
        head + '<ac:structured-macro ac:name="info"><ac:rich-text-body><p>Customers in the EU can pay by invoice; '
        "the order ships once the invoice is issued.</p></ac:rich-text-body></ac:structured-macro>"
        "<h2>Motivation</h2><p>Card payments fail for many business customers.</p>"
    )
    found = passages(storage_to_markdown(page).text, "Invoice payments")
    assert [p.plain[:30] for p in found] == ["Customers in the EU can pay by", "Card payments fail for many bu"]


def test_a_markdown_front_list_then_a_summary_quote_keeps_the_quote() -> None:
    page = (
        "- Status: Accepted\n- Owner: Ann\n\n> Orders ship only after payment clears.\n\n## Context\n\nCards failed.\n"
    )
    found = passages(page, "Ship after payment")
    assert found[0].plain == "Orders ship only after payment clears."


# Session 9: a style guide pasted into Confluence holds its examples in list items; an example's blank lines are the
# code's. Read before as the list's end, the item's closing fence opened code that ran on to the page's end, headings
# and rules within it.
GUIDE = (
    "<h2>Statements</h2><ul><li><p>Avoid compound statements on one line.</p><p>Rather not:</p>"
    "<pre>try: something()\nfinally: cleanup()\n\ndo_one(); do_two()\n\nif x: y()</pre></li>"
    "<li><p>Keep one statement a line.</p></li></ul>"
    "<h2>Names to Avoid</h2><p>Never name a variable with a single ambiguous letter.</p>"
    "<h2>Comments</h2><p>Comments are complete sentences.</p><pre>x = x + 1  # Compensate</pre>"
    "<p>Inline comments are rare.</p>"
)


def test_a_list_items_code_with_blank_lines_ends_at_its_fence_not_at_a_blank_line() -> None:
    text = storage_to_markdown(GUIDE).text
    found = {(p.section, p.plain) for p in passages(text, "Style guide")}
    assert ("Names to Avoid", "Never name a variable with a single ambiguous letter.") in found  # failing before
    assert ("Comments", "Inline comments are rare.") in found
    assert [b.kind for b in parse_blocks(text)].count("code") == 1  # the comment's example: the item's is its text


# Review 9's finding 4: an item's fence left open looked for its closing fence past the item, at any indentation, and
# took the page's next sections (headings and rules) into the list.
OPEN_FENCE = """## Setup

- Install the tool:
  ```bash
  pip install tool

## Retries

A failed call is retried three times.

## Example

```python
retry(call, times=3)
```
"""


def test_a_list_items_fence_left_open_ends_with_the_item_not_the_pages_next_fence() -> None:
    blocks = [(b.kind, b.lines) for b in parse_blocks(OPEN_FENCE)]
    assert ("heading", ("Retries",)) in blocks  # failing before
    assert ("para", ("A failed call is retried three times.",)) in blocks
    assert ("heading", ("Example",)) in blocks
    assert ("code", ("```python", "retry(call, times=3)", "```")) in blocks


# Session 10: a list item's sentence wrapped onto a line written without indentation goes on in the item (CommonMark's
# lazy continuation, as a renderer shows it); read as a paragraph after the list, one rule was two passages, and its
# second half was quoted alone. A line that starts a block (a heading, a fence, a quote, a table, another item, an
# underlined title) still ends the item.
WRAPPED = """## Batching

Each batch of spans holds:

- The count of spans in the batch.
- The spans' total duration. Exporters MUST NOT report it for spans
that were dropped before export (e.g. by a sampler).
- The oldest span's start time.

A batch is sent when it is full.
"""


def test_a_list_items_line_written_without_indentation_goes_on_in_the_item() -> None:
    found = [(p.kind, p.plain) for p in passages(WRAPPED, "Spans")]
    assert (
        "item",
        "The spans' total duration. Exporters MUST NOT report it for spans that were dropped before export (e.g. by "
        "a sampler).",
    ) in found  # failing before: the item ended at "for spans", its end a paragraph of its own
    assert ("item", "The oldest span's start time.") in found
    assert ("para", "A batch is sent when it is full.") in found
    assert len(found) == 5


@pytest.mark.parametrize(
    ("after", "kind"),
    [("## Limits", "heading"), ("```", "code"), ("> A note.", "quote"), ("| a | b |\n|---|---|\n| 1 | 2 |", "table")],
)
def test_a_line_starting_a_block_after_a_list_item_ends_the_list(after: str, kind: str) -> None:
    blocks = parse_blocks(f"- One item of the list\n{after}\n")
    assert [b.kind for b in blocks][:2] == ["list", kind]
    assert blocks[0].lines == ("- One item of the list",)


def test_a_title_underlined_after_a_list_item_is_a_heading() -> None:
    blocks = parse_blocks("- One item of the list\nLimits\n------\n\nA batch is sent when it is full.\n")
    assert [(b.kind, b.lines) for b in blocks][:2] == [("list", ("- One item of the list",)), ("heading", ("Limits",))]


def test_a_line_at_the_margin_after_an_items_open_fence_is_no_text_of_the_item() -> None:
    blocks = parse_blocks("- Install the tool:\n  ```bash\n  pip install tool\nA failed call is retried three times.\n")
    assert [b.kind for b in blocks] == ["list", "para"]
    assert blocks[1].lines == ("A failed call is retried three times.",)


ALTERNATIVES = """\
PEP: 9999
Title: Naming the receipt
Content-Type: text/x-rst

Rejected spellings
------------------

Broadly the same semantics, spelled differently.

1. ``receipt as NAME``::

       send(order) as receipt

   Since ``as`` already names a context manager's value, this would confuse readers.

   Additional reasons include:

   - In ``if send(order) as receipt`` the name does not stand out.

2. ``receipt <- EXPR``::

       receipt <- send(order)

   This spelling is inspired by languages such as R.

Receipts
--------

Every paid order sends one receipt.
"""


def test_a_literal_block_in_a_list_item_ends_where_the_items_text_goes_on() -> None:
    # `1. text::` opens a literal block indented past the item's text; the item's next paragraph is text again
    found = passages(wiki_to_markdown(ALTERNATIVES).text, "Naming the receipt")
    assert [(p.kind, p.plain) for p in found] == [
        ("para", "Broadly the same semantics, spelled differently."),
        ("rule", "``receipt as NAME``:"),
        ("para", "Since ``as`` already names a context manager's value, this would confuse readers."),
        ("para", "Additional reasons include:"),
        ("item", "In ``if send(order) as receipt`` the name does not stand out."),
        ("rule", "``receipt <- EXPR``:"),
        ("para", "This spelling is inspired by languages such as R."),
        ("para", "Every paid order sends one receipt."),
    ]
    assert "send(order) as receipt\n" in wiki_to_markdown(ALTERNATIVES).text  # the example is still code


RECEIPT_RULES_MD = """\
## Receipts

1. A receipt names the order it is for:
   ```python
   send_receipt(order_id=42, copy_to="billing")
   ```
   It is sent once, when the payment clears.
2. A refund sends a second receipt.
"""
RECEIPT_RULES_STORAGE = (
    "<h2>Receipts</h2><ol><li><p>A receipt names the order it is for:</p>"
    '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter>'
    '<ac:plain-text-body><![CDATA[send_receipt(order_id=42, copy_to="billing")]]></ac:plain-text-body>'
    "</ac:structured-macro><p>It is sent once, when the payment clears.</p></li>"
    "<li><p>A refund sends a second receipt.</p></li></ol>"
)


@pytest.mark.parametrize(
    "markdown",
    [RECEIPT_RULES_MD, storage_to_markdown(RECEIPT_RULES_STORAGE).text],
    ids=["markdown", "storage"],
)
def test_a_list_items_code_is_no_text_of_the_item(markdown: str) -> None:
    # an item's example is code, as a paragraph's is: the rule's passage is its text, the example no words of it
    found = passages(markdown, "Receipt rules")
    assert [(p.kind, p.plain) for p in found] == [
        ("rule", "A receipt names the order it is for: It is sent once, when the payment clears."),
        ("rule", "A refund sends a second receipt."),
    ]


# Review 11's finding 4: an item that OPENS with its example (`1. ```` `, as storage_to_markdown and html_to_markdown
# write a Confluence or HTML `<li>` starting with a code macro or a `<pre>`) kept the code as its text and dropped its
# prose: the fence on the marker line was read as text, its closing fence as an opening one, and a blank line of the
# code ended the list. The marker line opens the item's fence; the item's text is what follows the code.
OPENS_WITH_CODE_MD = """\
## Receipts

1. ```python
   send_receipt(order)

   send_receipt(refund)
   ```
   It is sent once, when the payment clears.
2. A refund sends a second receipt.

Receipts are kept for a year.
"""
OPENS_WITH_CODE_STORAGE = (
    '<h2>Receipts</h2><ol><li><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python'
    "</ac:parameter><ac:plain-text-body><![CDATA[send_receipt(order)\n\nsend_receipt(refund)]]></ac:plain-text-body>"
    "</ac:structured-macro><p>It is sent once, when the payment clears.</p></li>"
    "<li><p>A refund sends a second receipt.</p></li></ol><p>Receipts are kept for a year.</p>"
)
OPENS_WITH_CODE_HTML = (
    "<h2>Receipts</h2><ol><li><pre><code>send_receipt(order)\n\nsend_receipt(refund)</code></pre>"
    "<p>It is sent once, when the payment clears.</p></li><li><p>A refund sends a second receipt.</p></li></ol>"
    "<p>Receipts are kept for a year.</p>"
)


@pytest.mark.parametrize(
    "markdown",
    [OPENS_WITH_CODE_MD, storage_to_markdown(OPENS_WITH_CODE_STORAGE).text, html_to_markdown(OPENS_WITH_CODE_HTML)],
    ids=["markdown", "storage", "html"],
)
def test_a_list_item_opening_with_its_code_keeps_its_prose(markdown: str) -> None:
    blocks = parse_blocks(markdown)
    assert [b.kind for b in blocks] == ["heading", "list", "para"]  # failing before: a blank line of the code ended it
    assert blocks[1].numbered_items() == [
        (1, "It is sent once, when the payment clears."),
        (2, "A refund sends a second receipt."),
    ]
    found = passages(markdown, "Receipt rules")
    assert [(p.kind, p.plain) for p in found] == [
        ("rule", "It is sent once, when the payment clears."),
        ("rule", "A refund sends a second receipt."),
        ("para", "Receipts are kept for a year."),
    ]
