"""The sliver of CQL the sandbox answers on rest/api/content/search: clauses joined by AND.

    space="KEY" and type=page and title~"retry policy"      id=123      title="Exact Title"

`=` matches exactly (titles with their case, as Confluence's title filters do), `~` is the text match:
every word of the value appears among the title's words, ignoring case. Anything else is a CQL error (400).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .confluence_content import Page

_CLAUSE = re.compile(r'\s*(space|type|title|id)\s*(=|~)\s*("(?:[^"\\]|\\.)*"|[\w.~:+-]+)\s*', re.I)
_AND = re.compile(r"\s+and\s+", re.I)
_WORD = re.compile(r"\w+")

Match = Callable[[Page], bool]


class CqlError(ValueError):
    pass


def parse(cql: str) -> Match:
    """A predicate on pages; CqlError for what the sandbox does not understand."""
    tests: list[Match] = []
    for clause in _AND.split(cql.strip()):
        m = _CLAUSE.fullmatch(clause)
        if m is None:
            raise CqlError(f"Could not parse cql : {cql}")
        field, op, raw = m.group(1).lower(), m.group(2), m.group(3)
        value = re.sub(r"\\(.)", r"\1", raw[1:-1]) if raw.startswith('"') else raw
        tests.append(_test(field, op, value))
    return lambda page: all(test(page) for test in tests)


def _test(field: str, op: str, value: str) -> Match:
    if field == "title" and op == "~":
        wanted = {w.casefold() for w in _WORD.findall(value)}
        return lambda page: wanted <= {w.casefold() for w in _WORD.findall(page.title)}
    if op == "~":
        raise CqlError(f"the ~ operator is not supported for field {field}")
    if field == "space":
        return lambda page: page.space_key == value
    if field == "type":
        return lambda page: page.type == value
    if field == "title":
        return lambda page: page.title == value
    return lambda page: str(page.id) == value
