"""Pure: a disagreement as the comment says it, in one line, each source beside its value, never which is right.

    _This page says 30 days; criterion 3 and `SUPERVISOR_AFTER_DAYS`, 14._

Sources that state the same value are named together; a page by its title ("this page" under it), a criterion
by its number, a comment by its author, the diff by its name. A negation or a modal is shown by each source's
sentence. The line stands under the page among its sources (else under the work item) and yields after every
page excerpt and work item text (yields.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.models import Disagreement, Stated
from doc_context.text.neutralize import plain_inline


def disagreement_line(found: Disagreement, here: str = "") -> str:
    """The one line: each group of sources that say the same, with its value ("says" once: "_This page says 30
    days; criterion 3 and `SUPERVISOR_AFTER_DAYS`, 14._"); the page it stands under (`here`) is "this page", and a
    value in the first group's unit is said without it."""
    groups = found.groups or tuple((i,) for i in range(len(found.stated)))
    said: list[str] = []
    first = ""
    for group in groups:
        names = [_name(found.stated[i], here) for i in group]
        verb = "says" if len(names) == 1 else "say"
        value = _value(found.stated[group[0]].value)
        unit = value.partition(" ")[2] if value[:1].isdigit() else ""
        short = value.partition(" ")[0] if unit and first and unit == first else value
        first = first or unit
        said.append(f"{_and(names)} {verb} {short}" if not said else f"{_and(names)}, {short}")
    line = "; ".join(said)
    return f"_{line[:1].upper()}{line[1:]}._"


def disagreement_lines(found: Sequence[Disagreement], here: str = "") -> str:
    """Every disagreement said under one source (`here`: the page's name), a line each."""
    return "\n\n".join(disagreement_line(d, here) for d in found)


def _name(stated: Stated, here: str) -> str:
    source, name = stated.source, stated.name
    if source == "page" and here and name == here:
        return "this page"
    if source == "comment":  # "Priya Raman's comment of 2025-10-16": its author (the JSON keeps the date)
        return plain_inline(name.split(" of ", 1)[0])
    if source == "diff":  # its name without the value the line says beside it: `RETENTION_DAYS` says 14 days
        code = re.sub(r"\s+", " ", name.strip("`")).replace("`", "'").split(" = ", 1)[0]
        return f"`{code}`"
    return plain_inline(name)


def _value(value: str) -> str:
    return plain_inline(value).rstrip(".")


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
