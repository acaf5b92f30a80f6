"""Pure: a disagreement as the comment says it, in one line, each source beside its value, never which is right.

    _Refund policy says 30 days; criterion 3 and `SUPERVISOR_AFTER_DAYS = 14` say 14 days._

Sources that state the same value are named together; a page by its title, a criterion by its number, the diff
by its line of code. A negation or a modal is shown by each source's sentence. The line stands under the page
among its sources (else under the work item) and yields after every page excerpt and work item text
(yields.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.models import Disagreement
from doc_context.text.neutralize import plain_inline


def disagreement_line(found: Disagreement) -> str:
    """The one line: each group of sources that say the same, with its value."""
    groups = found.groups or tuple((i,) for i in range(len(found.stated)))
    said = []
    for group in groups:
        names = [_name(found.stated[i].source, found.stated[i].name) for i in group]
        verb = "says" if len(names) == 1 else "say"
        said.append(f"{_and(names)} {verb} {_value(found.stated[group[0]].value)}")
    line = "; ".join(said)
    return f"_{line[:1].upper()}{line[1:]}._"


def disagreement_lines(found: Sequence[Disagreement]) -> str:
    """Every disagreement said under one source, a line each."""
    return "\n\n".join(disagreement_line(d) for d in found)


def _name(source: str, name: str) -> str:
    if source == "diff":
        code = re.sub(r"\s+", " ", name.strip("`")).replace("`", "'")
        return f"`{code}`"
    return plain_inline(name)


def _value(value: str) -> str:
    return plain_inline(value).rstrip(".")


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
