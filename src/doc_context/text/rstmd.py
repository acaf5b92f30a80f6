"""Pure: the reStructuredText shapes a specification is written in, read as the markdown they mean.

A proposal written in reStructuredText (docutils, "reStructuredText Markup Specification") reaches the wiki
reader as it is written. On such a page (restructured: its shape tells; an Azure DevOps wiki page is markdown,
and none of this applies to it), what would read wrong as markdown is said as markdown here:

- a literal block (a paragraph ending in `::`, a blank line, lines indented under it), a code directive
  (`.. code-block:: python`, `.. code::`, `.. doctest::` ...) and a doctest block (a paragraph of `>>>`
  lines) are fenced code: their lines are never headings, quotes or passages; the paragraph's `::` reads `:`
  (` ::` and a lone `::` read nothing), as docutils renders it;
- a comment (`..` and what is indented under it: a template's notes, a licence) goes, as docutils shows
  nothing of it; a directive's options (`:alt: ...`) go and its indented content (a note's text) reads as
  paragraphs, not as indented code;
- an auto-numbered list (`#.`) is numbered 1., 2., 3. (Numbering, as the page's lines are read);
- its inline markup (links, roles, escapes) is rstinline.py's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from doc_context.text.mdlines import FENCE, LIST_MARKER, closes_fence
from doc_context.text.mdtitles import underlined
from doc_context.text.rstindents import Above, indent
from doc_context.text.rstinline import LINK
from doc_context.text.rsttables import directive_table, table_at

_EXPLICIT = re.compile(r"^([ \t]*)\.\.(?:[ \t]+(.*))?$")  # '.. something' or a lone '..'
_DIRECTIVE = re.compile(r"^([A-Za-z0-9][\w.:+-]*)::(?:[ \t]+(.*))?$")
_CODE_DIRECTIVES = {
    "code", "code-block", "sourcecode", "doctest", "testcode", "testoutput", "testsetup", "testcleanup",
    "ipython", "parsed-literal", "math", "highlight", "literalinclude",
}  # fmt: skip
_OPTION = re.compile(r"^[ \t]*:[\w -]+:(?:[ \t].*)?$")  # a directive's option, ':linenos:', ':alt: text'
_DOCTEST = re.compile(r"^[ \t]*>>>(?:[ \t]|$)")
_AUTO_NUMBER = re.compile(r"^([ \t]*)#\.([ \t]+)")
_FIELD = re.compile(r"^:[A-Za-z][\w -]*:(?:[ \t]|$)")  # a field list's line, ':Author: ...'
_DECLARED = re.compile(r"^Content-Type:[ \t]*text/x-rst\b", re.IGNORECASE)  # a header declaring it (a PEP's)
_RST_MARK = re.compile(r"^\.\.[ \t]+(?:_[^:\n]+:|\[[#*\w.-]+\]|\|[^|\n]+\|[ \t])")  # .. _target:, .. [1], .. |sub|
_ATX = re.compile(r"^#{1,6}[ \t]+\S")  # at the margin: an indented `# and:` is a literal block's comment


@dataclass(frozen=True)
class Read:
    lines: list[str]  # the markdown a block reads as: a fence, nothing (a comment), a directive's content
    end: int  # the line after the block
    again: bool = False  # the lines are the page's own, to be read as it (a directive's content)


def restructured(lines: list[str]) -> bool:
    """Whether a page is written in reStructuredText: it holds a directive (`.. note::`), a literal block's `::`
    paragraph over an indented line, a section title adorned as only reStructuredText adorns one (an overline,
    or an underline of `~`, `^`, `"`...), a field list opening it (`:Author:`), a hyperlink target or a footnote
    (`.. _name:`, `.. [1]`) or an embedded link (`` `text <url>`_ ``), or its opening header says so (a PEP's
    `Content-Type: text/x-rst`); and no markdown heading (`## Limits`) outside a fence. A markdown page (every
    Azure DevOps wiki page) is read as markdown: its `.. ` line, `>>>` quote or `[FAQ]_` stays."""
    if _markdown_headed(lines):
        return False
    opening = [line for line in lines[:50] if line.strip()][:2]
    if len(opening) == 2 and all(_FIELD.match(line) for line in opening):
        return True
    if any(_DECLARED.match(line) for line in _header(lines)):
        return True
    fence = ""
    for i, line in enumerate(lines):
        if not fence and (_RST_MARK.match(line) or LINK.search(line)):
            return True
        title = underlined(lines, i) if line.strip() and not fence else None
        if title is not None and title[1] not in ("=", "-"):
            return True
        if fence or FENCE.match(line):  # a markdown fence's code says nothing of the page
            opened = FENCE.match(line)
            fence = "" if fence and closes_fence(line, fence) else fence or (opened.group(1) if opened else "")
            continue
        explicit = _EXPLICIT.match(line)
        if explicit and _DIRECTIVE.match((explicit.group(2) or "").strip()):
            return True
        literal = line.rstrip().endswith("::") and i + 2 < len(lines) and not lines[i + 1].strip()
        if literal and lines[i + 2].strip() and indent(lines[i + 2]) > indent(line):
            return True
    return False


def _header(lines: list[str]) -> list[str]:
    """The page's opening "Key: value" header (RFC 822's, as a PEP opens), up to its first blank line."""
    out: list[str] = []
    for line in lines:
        if not line.strip():
            break
        out.append(line)
    return out if out and re.match(r"^[A-Z][\w-]*:[ \t]", out[0]) else []


def _markdown_headed(lines: list[str]) -> bool:
    """Whether the page has a markdown (ATX) heading outside its fences: no reStructuredText line starts so."""
    fence = ""
    for line in lines:
        opened = FENCE.match(line)
        if fence or opened:
            fence = "" if fence and closes_fence(line, fence) else fence or (opened.group(1) if opened else "")
        elif _ATX.match(line):
            return True
    return False


def rst_block(
    lines: list[str],
    i: int,
    prose: list[str],
    rst: bool = False,
    cell: Callable[[str], str] | None = None,
    above: Above | None = None,
) -> Read | None:
    """At lines[i], a reStructuredText block that reads otherwise as markdown; None when there is none there.
    `prose`: the lines read before it since the last fence (a literal block's `::` paragraph is its last lines,
    rewritten here); `rst`: the page is reStructuredText (restructured), where an indented block that is no
    literal and goes on with no list item is a block quote, its text the page's own, never code; `cell`: what a
    table cell's text reads as (rsttables.table_at); `above`: the page's lines above, read once as the reader goes
    down the page (rstindents.Above over `lines`; without it, read again at each call)."""
    line = lines[i]
    above = above or Above(lines)
    if rst and line.strip() and line[:1] in " \t" and _blank_before(prose) and not _in_item(above, i, indent(line)):
        end = _body_end(lines, i, indent(line) - 1)
        return Read(_dedented(lines[i:end]), end, again=True)
    explicit = _EXPLICIT.match(line)
    if explicit and _blank_before(prose):
        return _explicit(lines, i, explicit)
    table = table_at(lines, i, cell) if _blank_before(prose) else None
    if table is not None:
        return Read(table[0], table[1], again=True)  # its cells are the page's own text
    if _DOCTEST.match(line) and _blank_before(prose):
        end = next((j for j in range(i, len(lines)) if not lines[j].strip()), len(lines))
        return Read(_fenced(lines[i:end], "pycon"), end)
    if not line.strip() and _literal_marker(prose):
        start = next((j for j in range(i, len(lines)) if lines[j].strip()), len(lines))
        column = _text_column(_paragraph_start(prose))
        if start < len(lines) and indent(lines[start]) > column:
            end = _body_end(lines, start, column)
            _drop_marker(prose)
            in_item = column > indent(_paragraph_start(prose)) or _in_item(above, i, column)  # its first paragraph
            margin = " " * (column if in_item else 0)  # or a later one (indented as the item's text): in the item
            return Read(["", *(margin + code for code in _fenced(lines[start:end], ""))], end)
    return None


def _explicit(lines: list[str], i: int, explicit: re.Match[str]) -> Read | None:
    base, rest = len(explicit.group(1)), (explicit.group(2) or "").strip()
    end = _body_end(lines, i + 1, base)
    if not rest:  # a comment; a lone '..' over a blank line is an empty one and takes nothing after it
        empty = i + 1 >= len(lines) or not lines[i + 1].strip()
        return Read([], i + 1 if empty else end)
    directive = _DIRECTIVE.match(rest)
    if directive is None:
        if rest[0] in "_[|" or rest.startswith("__"):
            return None  # a target, a footnote, a citation, a substitution: the reader's navigation already
        return Read([], end)  # a comment
    body = lines[i + 1 : end]
    options = []
    while body and _OPTION.match(body[0]):
        options.append(body.pop(0).strip())
    name = directive.group(1).split(":")[-1].casefold()
    argument = (directive.group(2) or "").strip()
    if name in ("list-table", "csv-table"):  # a table: its rows (rsttables), its title a line above them
        table = directive_table(name, options, _dedented(body))
        return Read([*([argument, ""] if argument else []), *table], end, again=True) if table else Read([], end)
    if name in _CODE_DIRECTIVES:
        return Read(_fenced(body, argument.split(" ")[0] if name != "math" else "math") if _text(body) else [], end)
    said = [argument, ""] if " " in argument else []  # `.. note:: Words.`; not `.. image:: x.png`
    return Read([*said, *_dedented(body)], end, again=True) if said or _text(body) else Read([], end)


def _text(body: list[str]) -> bool:
    return any(line.strip() for line in body)


def _in_item(above: Above, i: int, width: int) -> bool:
    """Whether lines[i], indented `width`, goes on with a list item: the last line less indented above it is one (a
    literal block the item holds, indented past it, between them or not)."""
    owner = above.owner(i, width)
    return bool(LIST_MARKER.match(owner.lstrip()) or _AUTO_NUMBER.match(owner))


def _text_column(line: str) -> int:
    """Where a paragraph's text starts: a list item's after its marker (`1. ``EXPR``::` at 3), else its indent. A
    literal block the paragraph opens is indented past it, and the item's paragraphs after the block are not."""
    marker = LIST_MARKER.match(line.lstrip()) or _AUTO_NUMBER.match(line.lstrip())
    return indent(line) + (len(marker.group().expandtabs(8)) if marker else 0)


def _blank_before(prose: list[str]) -> bool:
    """Whether a block may start here: after a blank line, or right under a section title's underline."""
    return not prose or not prose[-1].strip() or (len(prose) >= 2 and underlined(prose, len(prose) - 2) is not None)


def _paragraph_start(prose: list[str]) -> str:
    """The first line of the paragraph that ends the prose (its last lines up to a blank one, or up to the list item
    they are: a list's items need no blank line between them, `10.`'s text column is not `9.`'s)."""
    start = len(prose)
    while start > 0 and prose[start - 1].strip():
        start -= 1
        if LIST_MARKER.match(prose[start].lstrip()) or _AUTO_NUMBER.match(prose[start].lstrip()):
            break
    return prose[start] if start < len(prose) else ""


def _literal_marker(prose: list[str]) -> bool:
    """Whether the prose ends with a paragraph whose last line ends in `::` (a literal block follows)."""
    return bool(prose) and prose[-1].rstrip().endswith("::") and not FENCE.match(prose[-1])


def _drop_marker(prose: list[str]) -> None:
    """The paragraph's `::` as docutils renders it: `text::` reads `text:`; ` ::` and a lone `::` nothing."""
    last = prose[-1].rstrip()
    if last.strip() == "::":
        prose.pop()
    elif last.endswith(" ::") or last.endswith("\t::"):
        prose[-1] = last[:-2].rstrip()
    else:
        prose[-1] = last[:-1]


def _body_end(lines: list[str], start: int, base: int) -> int:
    """The line after an indented body starting at `start`: it ends before the first line indented `base` or
    less (blank lines inside it are its own; those after it are not)."""
    end = last = start
    while end < len(lines) and (not lines[end].strip() or indent(lines[end]) > base):
        end += 1
        last = end if lines[end - 1].strip() else last
    return last


def _dedented(body: list[str]) -> list[str]:
    width = min((indent(line) for line in body if line.strip()), default=0)
    return [line.expandtabs(8)[width:] if line.strip() else "" for line in body]


def _fenced(body: list[str], info: str) -> list[str]:
    """Lines as a fenced code block, dedented; the fence longer than any backtick run they start with."""
    code = _dedented(body)
    while code and not code[-1].strip():
        code.pop()
    while code and not code[0].strip():
        code.pop(0)
    longest = max((len(line) - len(line.lstrip("`")) for line in code), default=0)
    fence = "`" * max(3, longest + 1)
    return [f"{fence}{info}", *code, fence]


class Numbering:
    """Auto-numbered items (`#.`) numbered from 1 as a page's lines are read, one at a time, each list apart (a line
    of its indent or less that is no item ends it); an item numbered past 9 moves the lines it holds right by as
    many columns as its number grew, so its paragraphs and its literal blocks stay in it (`10. ` is wider than
    `#. `)."""

    def __init__(self) -> None:
        self._counts: dict[int, int] = {}
        self._items: list[tuple[int, int]] = []  # the open items: their indent, and how far each moves its lines

    def __call__(self, line: str) -> str:
        if not line.strip():
            return line
        width = indent(line)
        item = _AUTO_NUMBER.match(line)
        self._counts = {k: v for k, v in self._counts.items() if k < width or (k == width and item)}
        self._items = [(k, moved) for k, moved in self._items if k < width]
        moved = " " * sum(by for _, by in self._items)
        if item:
            number = self._counts[width] = self._counts.get(width, 0) + 1
            self._items.append((width, len(str(number)) - 1))
            line = f"{item.group(1)}{number}.{item.group(2)}{line[item.end() :]}"
        return moved + line
