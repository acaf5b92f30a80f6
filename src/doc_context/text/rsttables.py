"""Pure: reStructuredText's tables (docutils: grid tables and simple tables) as markdown pipe tables.

A grid table draws its cells (`+-----+-----+` borders, `|` between cells, `+=====+` under the header); a simple
table lines its columns up under runs of `=` (`=====  =====`, a second such line under the header when it has
one). Read as markdown, neither is a table: its rows would be lost or run together. Each row becomes one pipe
table row, a cell's lines joined (a row of a simple table goes on in a line whose first column is blank); a
table without a header gets an empty one, so every row is a row. A cell spanning columns is read by the
columns it covers.

The table directives are tables too: a `list-table` (a bullet list of rows, each a bullet list of its cells) and
a `csv-table` (its rows as comma-separated values, its header in a `:header:` option), the first `:header-rows:`
rows their header; a csv-table whose data is in another file (`:file:`, `:url:`) has no rows here.
"""

from __future__ import annotations

import csv
import itertools
import re
from collections.abc import Callable

_GRID_BORDER = re.compile(r"^[ \t]*\+(?:[-=]+\+)+[ \t]*$")
_GRID_LINE = re.compile(r"^[ \t]*[+|]")
_SIMPLE_BORDER = re.compile(r"^[ \t]*=+(?:[ \t]+=+)+[ \t]*$")
_BAR = re.compile(r"^\|(?=\s|$)|(?<=\s)\|$")  # a border's bar a row left out of line, not a `|name|`'s
_COLUMN_RULE = re.compile(r"^[ \t]*-+(?:[ \t]+-+)*[ \t]*$")  # a span's underline inside a simple table


def table_at(lines: list[str], i: int, cell: Callable[[str], str] | None = None) -> tuple[list[str], int] | None:
    """The table starting at lines[i] as pipe table lines, and the line after it; None when none starts there.
    `cell`: what a cell's text reads as (its substitutions, rstsubs.reader), read once the table is cut."""
    table = _grid(lines, i) if _GRID_BORDER.match(lines[i]) else None
    table = _simple(lines, i) if table is None and _SIMPLE_BORDER.match(lines[i]) else table
    if table is None:
        return None
    rows, header, end = table
    return _pipe([[cell(text) for text in row] for row in rows] if cell else rows, header), end


def _grid(lines: list[str], i: int) -> tuple[list[list[str]], int, int] | None:
    end = i
    while end < len(lines) and _GRID_LINE.match(lines[end]):
        end += 1
    if end - i < 3 or not _GRID_BORDER.match(lines[end - 1]):
        return None
    border = lines[i].rstrip()
    cuts = [n for n, char in enumerate(border) if char == "+"]
    rows: list[list[str]] = []
    header = 0
    cells: list[list[str]] = []
    for line in lines[i + 1 : end]:
        if _GRID_BORDER.match(line):
            if cells:
                rows.append([" ".join(part for part in cell if part) for cell in cells])
            header = len(rows) if "=" in line and not header else header
            cells = []
            continue
        parts = [_BAR.sub("", line[a + 1 : b].strip()).strip() for a, b in itertools.pairwise(cuts)]
        cells = cells or [[] for _ in parts]
        for cell, part in zip(cells, parts, strict=False):
            cell.append(part)
    return rows, header, end


def _simple(lines: list[str], i: int) -> tuple[list[list[str]], int, int] | None:
    """It ends at a border a blank line (or the text's end) follows; a border before it closes the header."""
    starts = [m.start() for m in re.finditer(r"=+", lines[i])]
    ends = (j for j in range(i + 1, len(lines)) if _SIMPLE_BORDER.match(lines[j]))
    end = next((j for j in ends if j + 1 == len(lines) or not lines[j + 1].strip()), None)
    if end is None:
        return None
    header = 0
    rows: list[list[str]] = []
    for line in lines[i + 1 : end]:
        if _SIMPLE_BORDER.match(line):
            header = len(rows)
        elif line.strip() and not _COLUMN_RULE.match(line):
            cells = [line[a:b].strip() for a, b in zip(starts, [*starts[1:], len(line) + 1], strict=True)]
            if rows and not cells[0]:  # the row goes on
                rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], cells, strict=True)]
            else:
                rows.append(cells)
    return rows, header, end + 1


def directive_table(name: str, options: list[str], body: list[str]) -> list[str] | None:
    """A `list-table` or `csv-table` directive's rows (`body`, dedented; `options`: its option lines) as pipe
    table lines; None when it has no rows here."""
    given = {m.group(1).casefold(): m.group(2).strip() for o in options if (m := re.match(r"^:([\w -]+):(.*)$", o))}
    header = int(given["header-rows"]) if given.get("header-rows", "").isdigit() else 0
    if name == "csv-table":
        delimiter = given.get("delim", ",")
        delimiter = {"tab": "\t", "space": " "}.get(delimiter, delimiter[:1] or ",")
        rows = _csv([line for line in body if line.strip()], delimiter)
        head = _csv([given["header"]], ",") if given.get("header") else []
        rows, header = ([*head, *rows], len(head)) if head else (rows, header)
    else:
        rows = _list_rows(body)
    return _pipe(rows, min(header, len(rows))) if rows else None


def _csv(lines: list[str], delimiter: str) -> list[list[str]]:
    reader = csv.reader(lines, delimiter=delimiter, skipinitialspace=True)
    return [[" ".join(cell.split()) for cell in row] for row in reader if any(cell.strip() for cell in row)]


def _list_rows(body: list[str]) -> list[list[str]]:
    """A list-table's rows: `* - cell` opens a row, `- cell` under it (its marker under the first cell's) the next
    cell, what is indented more goes on with the cell."""
    rows: list[list[str]] = []
    column = -1  # where the row's cell markers stand
    for line in (line.expandtabs(8) for line in body):
        text = line.strip()
        row = re.match(r"^[*+-]([ \t]+)[*+-](?:[ \t]+(.*))?$", line)
        cell = re.match(r"^([ \t]+)[*+-](?:[ \t]+(.*))?$", line)
        if not text:
            continue
        if row:
            rows.append([(row.group(2) or "").strip()])
            column = 1 + len(row.group(1))
        elif re.match(r"^[*+-][ \t]*$", line):
            rows.append([])
            column = -1
        elif rows and cell and (len(cell.group(1)) == column or (column < 0 and not rows[-1])):
            rows[-1].append((cell.group(2) or "").strip())
            column = len(cell.group(1))
        elif rows and rows[-1]:
            rows[-1][-1] = f"{rows[-1][-1]} {text}".strip()
    return rows


def _indent(line: str) -> int:
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _pipe(rows: list[list[str]], header: int) -> list[str]:
    width = max((len(row) for row in rows), default=0)

    def line(cells: list[str]) -> str:
        cells = [cell.replace("|", "\\|") for cell in cells] + [""] * (width - len(cells))
        return "| " + " | ".join(cells) + " |"

    head = [" / ".join(filter(None, column)) for column in zip(*rows[:header], strict=False)] if header else []
    return [line(head or [""] * width), "|" + "---|" * width, *(line(row) for row in rows[header:])]
