"""A list item's shapes as a CommonMark renderer (markdown-it-py) reads them (review 11's lows): a line opening with an
inline code span of three backticks is the item's text, no fence."""

from __future__ import annotations

import pytest

from doc_context.text.mdblocks import parse_blocks
from doc_context.text.visible import visible_text

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
