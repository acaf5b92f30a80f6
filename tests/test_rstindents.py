"""text/rstindents.Above: the nearest less indented line above a line, read once as a page's reader goes down it
(session 16, fix16: rstmd._in_item walked every line above each indented paragraph, quadratic in one list item's
paragraphs; benchmarks/rstmd_scale.py measures the cost). Its answers are the walk's, in any order of asking."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from doc_context.text.rstindents import Above, indent
from doc_context.text.wikimd import wiki_to_markdown


def walked(lines: list[str], i: int, width: int) -> str:
    """The walk up from lines[i] that Above answers in its stead."""
    return next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip() and indent(lines[j]) < width), "")


_LINES = st.lists(st.sampled_from(["", "  ", "- item", "  text", "    code", "\tTab", "#. auto", "   more", "x"]))


@settings(max_examples=300)
@given(_LINES, st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12)), max_size=20))
def test_the_owner_is_the_walks_in_any_order(lines: list[str], asks: list[tuple[int, int]]) -> None:
    above = Above(lines)
    for i, width in asks:
        i = min(i, len(lines))
        assert above.owner(i, width) == walked(lines, i, width)


def test_lines_changed_below_the_line_reached_are_read_as_changed() -> None:
    """The page's reader puts a directive's content in its place below the line it reached (wikimd)."""
    lines = ["- item", "", ".. note::", "", "   Noted.", "", "  text"]
    above = Above(lines)
    assert above.owner(2, 2) == "- item"
    lines[2:5] = ["Noted.", ""]
    assert above.owner(5, 2) == walked(lines, 5, 2) == "Noted."


def test_an_items_paragraphs_and_literal_blocks_stay_in_it() -> None:
    """What _in_item decides, read through the page: paragraphs of one item are its, never block quotes."""
    page = "#. The item.\n\n" + "".join(f"   Paragraph {k}::\n\n       code({k})\n\n" for k in range(3)) + "Out.\n"
    assert wiki_to_markdown(page, rst=True).text == (
        "1. The item.\n\n"
        + "\n\n".join(f"   Paragraph {k}:\n\n   ```\n   code({k})\n   ```" for k in range(3))
        + "\n\nOut."
    )
