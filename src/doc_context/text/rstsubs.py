"""Pure: reStructuredText's substitutions, read as the text they stand for.

A substitution definition (`.. |name| replace:: text`, its text going on in the lines indented under it; `..
|name| unicode:: U+00A9`) says what each `|name|` reference (`|name|_` too) in the page's text reads as, as
docutils renders it; a reference to a definition the page does not hold, or to one of another kind (an image),
stays as written, and so does a reference inside a literal (``|name|``). A name is looked up as written, then
whatever its case. A table's lines (a grid or simple table, cut into cells by column) are left as written here:
replacing a `|name|` there would move every cell after it, so each cell's text is read after the table is cut
(`reader`, given to rsttables). A code of a surrogate (U+D800..U+DFFF) is no character and reads nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from doc_context.text.rsttables import table_at

_DEFINITION = re.compile(r"^\.\.[ \t]+\|([^|\n]+)\|[ \t]+(replace|unicode)::[ \t]*(.*)$")
_REFERENCE = re.compile(r"(?<![\w|`])\|([^|\s](?:[^|\n]*[^|\s])?)\|(?:__?)?(?![\w|])")
_LITERAL = re.compile(r"(``[^`\n](?:[^\n]*?[^`\n])?``)")
_CODE = re.compile(r"^(?:0x|x|\\x|U\+|u|\\u)?([0-9A-Fa-f]+)$")


def substitutions(lines: list[str]) -> dict[str, str]:
    """The page's `replace::` and `unicode::` definitions: each name and the text it stands for."""
    found: dict[str, str] = {}
    for i, line in enumerate(lines):
        match = _DEFINITION.match(line)
        if match is None:
            continue
        name, kind, text = " ".join(match.group(1).split()), match.group(2), match.group(3).strip()
        for more in lines[i + 1 :]:
            if not more.strip() or more[:1] not in " \t":
                break
            text = f"{text} {more.strip()}".strip()
        found[name] = " ".join(text.split()) if kind == "replace" else _unicode(text)
    return found


def _unicode(text: str) -> str:
    """A `unicode::` definition's characters: character codes (0xA9, U+00A9, x2014) and other words as written."""
    out: list[str] = []
    for token in text.split(".. ")[0].split():
        code = _CODE.match(token)
        value = int(code.group(1), 16) if code and len(code.group(1)) <= 6 and token != code.group(1) else -1
        if 0xD800 <= value <= 0xDFFF:  # a lone surrogate cannot be written (UTF-8): skipped
            continue
        out.append(chr(value) if 0 <= value <= 0x10FFFF else token)
    return " ".join(out)


def reader(lines: list[str]) -> Callable[[str], str]:
    """What a text of the page reads as: each `|name|` the page defines read as its text (outside ``literals``)."""
    found = substitutions(lines)
    folded = {name.casefold(): text for name, text in found.items()}

    def text(match: re.Match[str]) -> str:  # case-sensitive, else case-insensitive, as docutils looks them up
        name = " ".join(match.group(1).split())
        return found.get(name, folded.get(name.casefold(), match.group(0)))

    def read(line: str) -> str:
        if not found or "|" not in line:
            return line
        parts = _LITERAL.split(line)
        return "".join(p if n % 2 else _REFERENCE.sub(text, p) for n, p in enumerate(parts))

    return read


def substituted(lines: list[str]) -> list[str]:
    """The lines with each `|name|` the page defines read as its text (outside ``literals``; the definitions
    themselves and a table's lines left as they are: its cells are read once it is cut, `reader`)."""
    if not substitutions(lines):
        return lines
    read = reader(lines)
    tables: set[int] = set()
    i = 0
    while i < len(lines):
        table = table_at(lines, i)
        tables.update(range(i, table[1]) if table else ())
        i = table[1] if table else i + 1
    return [line if n in tables or _DEFINITION.match(line) else read(line) for n, line in enumerate(lines)]
