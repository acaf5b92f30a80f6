"""Pure: reStructuredText's inline markup, read as the markdown it means (for wikimd.py, on a page rstmd.py finds
restructured): a hyperlink reference (`` `text <https://...>`_ ``) is a markdown link, a named one (`` `text`_ ``)
its text, a cross-reference role (``:ref:`text <target>` ``) its text and a code role (``:func:`name` ``) the name
as code; a footnote's or a citation's mark (`[1]_`, `[#]_`, `[PEP8]_`) goes; a backslash escape reads as docutils
renders it.
"""

from __future__ import annotations

import re

LINK = re.compile(r"(?<![`\w])`([^`<>\n]*?)\s*<([^<>`\s]+)>`__?(?![\w`])")  # `text <url>`_
_REFERENCE = re.compile(r"(?<![`\w])`([^`<>\n]+)`__?(?![\w`])")  # `text`_
_ROLE = re.compile(r"(?<![\w`]):((?:[\w+-]+:)?[\w+-]+):`([^`\n]+)`(?!`)")  # :ref:`text <target>`, :func:`name`
_NOTE_MARK = re.compile(r"[ \t]?\[(?:\d+|#[\w-]*|\*|[A-Za-z][\w.-]*)\]_(?!\w)")  # a footnote's or citation's mark
_LITERAL = re.compile(r"(``[^`\n](?:[^\n]*?[^`\n])?``)")
_ESCAPE = re.compile(r"\\(\s|.)")  # a backslash and the character it escapes
_TEXT_ROLES = {"ref", "doc", "term", "numref", "pep", "rfc", "abbr", "emphasis", "strong", "sup", "sub", "title"}


def inline(text: str) -> str:
    """Hyperlink references, named references, roles and escapes as markdown (outside literals: `` ``code`` `` is
    left as it is, for a double backtick is no single one)."""
    parts = _LITERAL.split(text)  # odd parts: ``literals``
    for n in range(0, len(parts), 2):
        parts[n] = _REFERENCE.sub(lambda m: m.group(1), _ROLE.sub(_role, LINK.sub(_link, parts[n])))
        parts[n] = _ESCAPE.sub(_escaped, _NOTE_MARK.sub("", parts[n]))
    return "".join(parts)


def _escaped(match: re.Match[str]) -> str:
    """A backslash escape as docutils renders it: an escaped space is removed (``TypeVar``\\ s reads "TypeVar"s, a
    plural of code), an escaped letter or digit is itself; escaped punctuation stays, markdown's escape alike."""
    char = match.group(1)
    return "" if char.isspace() else char if char.isalnum() else match.group()


def _link(match: re.Match[str]) -> str:
    words, target = match.group(1).strip(), match.group(2)
    if re.match(r"(?i)^(?:https?://|mailto:)", target):
        return f"[{words or target}]({target})"
    return words or target.rstrip("_")


def _role(match: re.Match[str]) -> str:
    name, content = match.group(1).split(":")[-1].casefold(), match.group(2).strip()
    titled = re.match(r"^(.*?)\s*<([^<>]+)>$", content)
    if titled and titled.group(1):
        return titled.group(1)
    content = content.lstrip("~!")
    if name in ("pep", "rfc"):
        return f"{name.upper()} {content}"  # :pep:`517` reads "PEP 517", as Sphinx renders it
    return content if name in _TEXT_ROLES else f"`{content}`"
