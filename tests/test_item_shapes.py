"""A list item's shapes as a CommonMark renderer (markdown-it-py) and docutils read them (review 11's lows): a line
opening with an inline code span of three backticks is the item's text, no fence; a literal block an item's second
paragraph opens stays in the item, and so do the item's paragraphs after it; an auto-numbered (`#.`) item renumbered
past 9 keeps its code and paragraphs."""

from __future__ import annotations

import docutils.core
import pytest

from doc_context.text.mdblocks import parse_blocks
from doc_context.text.visible import visible_text
from doc_context.text.wikimd import wiki_to_markdown

from .rendering import read_text, tokens

SPAN_OPENS_A_LINE = (
    "1. Call it as\n   ```send()``` once per order.\n   It is sent when the payment clears.\n"
    "2. A refund sends a second receipt."
)


@pytest.mark.parametrize(
    "text",
    [
        SPAN_OPENS_A_LINE,
        "Call it as\n```send()``` once per order.\nIt is sent.",
        "```send()``` once per order.\nIt is sent.",
        "- ``` `x` ```\n- It is sent.",
    ],
)
def test_a_line_opening_with_a_code_span_of_three_backticks_is_no_fence(text: str) -> None:
    """CommonMark: a backtick fence's info string holds no backtick, so ```send()``` is an inline code span."""
    assert "fence" not in [t.type for t in tokens(text)]  # the reference: markdown-it reads no fence
    assert "code" not in [b.kind for b in parse_blocks(text)]
    assert visible_text(text) == read_text(text)


def test_an_item_keeps_the_text_after_a_line_opening_with_a_code_span() -> None:
    assert parse_blocks(SPAN_OPENS_A_LINE)[0].numbered_items() == [
        (1, "Call it as ```send()``` once per order. It is sent when the payment clears."),
        (2, "A refund sends a second receipt."),
    ]


def _rst(body: str) -> str:
    """The body, on a reStructuredText page (a PEP's header says so), as markdown from its list on."""
    text = wiki_to_markdown(f"PEP: 9999\nTitle: R\nContent-Type: text/x-rst\n\nRules\n-----\n\n{body}").text
    return text[text.index("\n1. ") + 1 :]


def _docutils(body: str) -> str:
    """docutils' HTML of a reStructuredText body: the reference for what is in an item."""
    parts = docutils.core.publish_parts(body, writer="html5", settings_overrides={"report_level": 5})
    return str(parts["body"])


SECOND_PARAGRAPH = (
    "1. A receipt names the order.\n\n   It is written as::\n\n       send_receipt(order)\n\n   It is sent once.\n\n"
    "2. A refund sends a second receipt.\n"
)


def test_a_literal_block_an_items_second_paragraph_opens_stays_in_the_item() -> None:
    assert "<li><p>A receipt names the order.</p>\n<p>It is written as:</p>\n<pre" in _docutils(SECOND_PARAGRAPH)
    markdown = _rst(SECOND_PARAGRAPH)
    found = [(t.type, t.level) for t in tokens(markdown) if t.type in ("fence", "ordered_list_open", "paragraph_open")]
    assert found == [
        ("ordered_list_open", 0),
        ("paragraph_open", 2),
        ("paragraph_open", 2),
        ("fence", 2),  # in the item: failing before, at the margin (level 0) it ended the list
        ("paragraph_open", 2),
        ("paragraph_open", 2),
    ]
    assert read_text(markdown).endswith(
        "It is written as: send_receipt(order) It is sent once. A refund sends a second receipt."
    )


def test_the_paragraph_after_an_items_literal_block_stays_in_the_item() -> None:
    body = "1. A receipt names the order::\n\n       send_receipt(order)\n\n   It is sent once.\n\n2. A refund.\n"
    assert "</pre>\n<p>It is sent once.</p>\n</li>" in _docutils(body)
    markdown = _rst(body)
    found = [(t.type, t.level) for t in tokens(markdown) if t.type in ("fence", "ordered_list_open", "paragraph_open")]
    assert found == [
        ("ordered_list_open", 0),
        ("paragraph_open", 2),
        ("fence", 2),
        ("paragraph_open", 2),  # failing before: "It is sent once." at the margin ended the list
        ("paragraph_open", 2),  # and 2. opened another
    ]


TENTH = "".join(f"#. Item {n}.\n" for n in range(1, 10)) + (
    "#. The tenth, written::\n\n       EXPR as NAME\n\n   It was rejected.\n\n#. The eleventh.\n"
)


def test_an_auto_numbered_item_past_nine_keeps_its_code_and_paragraphs() -> None:
    reference = _docutils(TENTH)  # the tenth item holds its literal block and its paragraph
    assert "<li><p>The tenth, written:</p>\n<pre" in reference and "It was rejected.</p>\n</li>" in reference
    markdown = _rst(TENTH)
    assert "10. The tenth, written:" in markdown and "\n11. The eleventh." in markdown
    found = [(t.type, t.level) for t in tokens(markdown) if t.type in ("fence", "ordered_list_open", "paragraph_open")]
    assert found.count(("ordered_list_open", 0)) == 1  # one list: the tenth item's code did not end it
    assert ("fence", 2) in found and ("fence", 0) not in found
    assert read_text(markdown).endswith("The tenth, written: EXPR as NAME It was rejected. The eleventh.")


def test_a_comment_at_the_margin_ends_an_auto_numbered_list() -> None:
    body = "#. One.\n#. Two.\n\n.. a note for the editors\n\n#. Another list.\n"
    assert _docutils(body).count("<ol") == 2
    assert _rst(body).split("\n")[-1] == "1. Another list."
