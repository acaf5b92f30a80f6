"""reStructuredText's table directives and substitutions, read as the page means them (docutils: `list-table`,
`csv-table`, `|name|` references): each table row a row under its header, each reference the text it stands for."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doc_context.summary.passages import passages
from doc_context.text.rstsubs import substitutions
from doc_context.text.wikimd import wiki_to_markdown

LIST_TABLE = """.. list-table:: Limits
   :header-rows: 1
   :widths: 20 80

   * - Setting
     - Meaning
   * - ``max_retries``
     - How many times a request is retried
       before it fails.
   * - ``backoff``
     - The wait between retries.
"""
CSV_TABLE = """.. csv-table:: Codes
   :header: "Code", "Meaning"
   :widths: 10, 40

   "E1", "The payment was refused, ""hard""."
   E2, The gateway timed out.
"""
NO_HEADER = """.. list-table::

   * - ``max_retries``
     - How many times a request is retried.
"""
SEMICOLONS = """.. csv-table:: Codes
   :header-rows: 1
   :delim: ;

   Code; Meaning
   E1; Refused, hard.
"""
WIDE = """.. list-table::
   :header-rows: 1

   *   - Setting
       - Meaning
   *
       - ``backoff``
       - The wait between retries,
         doubled.

         Never over a minute.
"""
ELSEWHERE = """.. csv-table:: Codes
   :file: codes.csv
"""


def rows(table: str) -> list[tuple[str, str]]:
    page = f"Title\n=====\n\nThe limits a client keeps.\n\n{table}\nAfter the table.\n"
    return [(p.kind, p.text) for p in passages(wiki_to_markdown(page, rst=True).text, "Title") if p.kind == "row"]


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (
            LIST_TABLE,
            [
                "| Setting | Meaning |\n|---|---|\n"
                "| ``max_retries`` | How many times a request is retried before it fails. |",
                "| Setting | Meaning |\n|---|---|\n| ``backoff`` | The wait between retries. |",
            ],
        ),
        (
            CSV_TABLE,
            [
                '| Code | Meaning |\n|---|---|\n| E1 | The payment was refused, "hard". |',
                "| Code | Meaning |\n|---|---|\n| E2 | The gateway timed out. |",
            ],
        ),
        (NO_HEADER, ["|  |  |\n|---|---|\n| ``max_retries`` | How many times a request is retried. |"]),
        (SEMICOLONS, ["| Code | Meaning |\n|---|---|\n| E1 | Refused, hard. |"]),
        (
            WIDE,
            [
                "| Setting | Meaning |\n|---|---|\n"
                "| ``backoff`` | The wait between retries, doubled. Never over a minute. |"
            ],
        ),
        (ELSEWHERE, []),
    ],
    ids=["list-table", "csv-table", "no-header", "delimiter", "wide-markers", "rows-in-a-file"],
)
def test_a_table_directive_is_a_table_each_row_under_its_header(table: str, expected: list[str]) -> None:
    assert [text for _, text in rows(table)] == expected


def test_a_table_directives_options_and_markup_are_no_text() -> None:
    text = wiki_to_markdown(f"Title\n=====\n\n{LIST_TABLE}", rst=True).text
    assert ":header-rows:" not in text and "* -" not in text
    assert "Limits" in text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("The |project| tool reads |cfg|.", "The Acme Pay tool reads ``pay.toml``, the settings file."),
        ("|Project| and |project|_ alike.", "Acme Pay and Acme Pay alike."),  # any case; a reference's link
        ("Not ``|project|`` in code.", "Not ``|project|`` in code."),
        ("An |unknown| one, and | a | b | cells.", "An |unknown| one, and | a | b | cells."),
        ("|(c)| 2024", "\u00a9 2024"),
    ],
    ids=["replace", "case-and-link", "literal", "undefined-and-cells", "unicode"],
)
def test_a_substitution_reads_as_its_text(line: str, expected: str) -> None:
    page = (
        f"Title\n=====\n\n{line}\n\n.. |project| replace:: Acme Pay\n.. |cfg| replace:: ``pay.toml``, the\n"
        "   settings file\n.. |(c)| unicode:: 0xA9\n.. |logo| image:: logo.png\n"
    )
    assert wiki_to_markdown(page, rst=True).text.split("\n")[3] == expected


def test_substitutions_are_what_the_page_defines() -> None:
    lines = [".. |a| replace:: Alpha", ".. |b| unicode:: U+2014", ".. |c| image:: c.png", "|a| text"]
    assert substitutions(lines) == {"a": "Alpha", "b": "\u2014"}


def test_a_markdown_page_keeps_its_bars() -> None:
    page = "# Title\n\nThe |project| tool.\n\n.. |project| replace:: Acme Pay\n"
    assert "The |project| tool." in wiki_to_markdown(page).text


FRAGMENTS = [
    ".. list-table:: T", ".. csv-table:: T", "   :header-rows: 1", "   :header-rows: x", '   :header: "a", "b',
    "   :delim: ;", "   :delim: tab", "   :file: x.csv", "   * - a", "     - b", "   *", "   - c", '   "a, b", c',
    '   "unclosed, d', "", "text |a| and |b|_", ".. |a| replace:: A", ".. |b| unicode:: 0xZZ U+2014 x 0xFFFFFF",
    ".. |c| replace::", "   more", "``|a|``", "| x | y |",
]  # fmt: skip


@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("\n".join))
def test_any_table_directive_or_substitution_reads_without_an_error(text: str) -> None:
    wiki_to_markdown(f"Title\n=====\n\n{text}", rst=True)


GRID = """+-----------+-------+---------------+
| Backend   | Async | Streaming     |
+===========+=======+===============+
| asyncio   | |yes| | |no|          |
+-----------+-------+---------------+
| trio      | |no|  | |yes|         |
+-----------+-------+---------------+"""
SIMPLE = """=========  =====  =========
Backend    Async  Streaming
=========  =====  =========
asyncio    |yes|  |no|
trio       |no|   |yes|
=========  =====  ========="""


@pytest.mark.parametrize(
    ("table", "yes"),
    [(GRID, "U+2714"), (SIMPLE, "U+2714"), (GRID, "U+2714 U+D800"), (SIMPLE, "0xDFFF U+2714")],
    ids=["grid", "simple", "grid-surrogate", "simple-surrogate"],
)
def test_a_table_cells_substitutions_keep_its_columns(table: str, yes: str) -> None:
    # a `|name|` replaced before the table is cut by column would move every cell after it (review 4, finding 1);
    # a surrogate's code (U+D800..U+DFFF) is no character: the page must still encode as UTF-8
    defined = f".. |yes| unicode:: {yes}\n.. |no| replace:: not supported"
    page = f"Support\n=======\n\n{defined}\n\n{table}\n\nThe |no| end.\n"
    text = wiki_to_markdown(page, rst=True).text
    assert "| asyncio | \u2714 | not supported |\n| trio | not supported | \u2714 |" in text
    assert "The not supported end." in text
    assert text.encode("utf-8")
