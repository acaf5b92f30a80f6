"""Pure: writing markdown for both converters: literal text escaped, emphasis wrapped, code spans and fences, and
blocks separated where a renderer would run them together (separate_blocks).

Literal text is escaped only where a CommonMark renderer would read it otherwise: an `&` that starts a
character reference (`&amp;` as written must not render as `&`) and a `<` that could open a tag. Both
escapes are entities, never backslashes, so they survive `neutralize_inline` (which doubles backslashes).
Code (spans and fences) is never escaped: a renderer shows it as written.
"""

from __future__ import annotations

import re
from html.entities import html5

from doc_context.text.mdlines import LIST_MARKER

_REFERENCE = re.compile(r"&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|([A-Za-z][A-Za-z0-9]{1,31});)")
_TAG_OPEN = re.compile(r"<(?=[A-Za-z/!?]|$)")  # at the end too: the next text may open a tag
_BACKTICKS = re.compile(r"`+")


def literal(text: str) -> str:
    """Text that renders as written: `&copy;` stays `&copy;`, `<b>` stays `<b>` (and is no tag)."""
    if "&" in text:
        text = _REFERENCE.sub(_amp, text)
    return _TAG_OPEN.sub("&lt;", text) if "<" in text else text


def plain(text: str) -> str:
    """Plain text (a title, a state) that renders as written: literal(), and a backtick as an entity, so no
    code span starts in it (a title reads `List<T>` with its backticks, as the work item shows it)."""
    return literal(text).replace("`", "&#96;")


def _amp(match: re.Match[str]) -> str:
    name = match.group(1)
    return "&amp;" if name is None or name + ";" in html5 else "&"


def wrap(inner: str, mark: str) -> str:
    """`**text**` around the text, the spaces around it left outside (`a<b> b </b>c` -> `a **b** c`)."""
    core = inner.strip()
    if not core or not mark:
        return inner
    lead, trail = inner[: len(inner) - len(inner.lstrip())], inner[len(inner.rstrip()) :]
    return f"{lead}{mark}{core}{mark}{trail}"


def code_span(text: str) -> str:
    """Inline code on one line; a backtick inside gets a longer fence, padded when at an end."""
    core = " ".join(text.split())
    if not core:
        return ""
    ticks = "`" * (max((len(run) for run in _BACKTICKS.findall(core)), default=0) + 1)
    pad = " " if core.startswith("`") or core.endswith("`") or ticks != "`" else ""
    return f"{ticks}{pad}{core}{pad}{ticks}"


def fence(body: str, lang: str = "") -> str:
    """A fenced code block longer than any backtick run inside it."""
    ticks = "`" * max([3] + [len(run) + 1 for run in _BACKTICKS.findall(body)])
    return f"{ticks}{lang}\n{body}\n{ticks}"


def quote(text: str) -> str:
    """A blockquote; blank lines inside it stay inside (`>`)."""
    return "\n".join("> " + line if line else ">" for line in text.split("\n"))


def indent(text: str, first: str, rest: str) -> str:
    """`first` before the first line, `rest` before every other non-empty line (a list item's body)."""
    lines = text.split("\n")
    return "\n".join([first + lines[0]] + [rest + line if line else line for line in lines[1:]])


def cell(text: str) -> str:
    """A table cell's text: a `|` in it would end the cell."""
    return text.replace("|", "\\|")


def pipe_table(rows: list[list[str]]) -> str:
    """A pipe table, the first row its header, short rows padded; cells come escaped (`cell`)."""
    width = max(len(r) for r in rows)
    lines = ["| " + " | ".join(r + [""] * (width - len(r))) + " |" for r in rows]
    lines.insert(1, "|" + " --- |" * width)
    return "\n".join(lines)


_LABEL = re.compile(r"^\*\*[^*\n]+\*\*(?: \([^)\n]*\))?:?$")


def separate_blocks(markdown: str) -> str:
    """A blank line where a list or quote follows text, and after a bold label line.

    CommonMark lets a list interrupt a paragraph, other renderers do not: separated, it reads the same
    everywhere (the PR page, the build summary, an AI reviewer's markdown parser).
    """
    out: list[str] = []
    for line in markdown.split("\n"):
        prev = out[-1] if out else ""
        if prev.strip() and line.strip() and not prev.startswith("    ") and _needs_gap(prev, line):
            out.append("")
        out.append(line)
    return "\n".join(out)


def _needs_gap(prev: str, line: str) -> bool:
    if _LABEL.match(prev):
        return True
    starts_list = bool(LIST_MARKER.match(line))
    in_list = bool(LIST_MARKER.match(prev)) or prev.startswith(" ")
    if starts_list and not in_list:
        return True
    return line.startswith(">") and not prev.startswith(">")
