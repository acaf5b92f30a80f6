"""Pure: the specifications a change cites by their number (`PEP 691`, `RFC 3923`, `KEP-3104`, `NEP 56`).

A series of specifications names each of its documents by an acronym and a number, and a page's title starts with
them: "PEP 691: JSON-based Simple API", "RFC 3923: cargo min publish age", "KEP-3104: Introduce kuberc", "NEP 56 —
Array API standard support", "ADR-0012 Use one queue" (identifier). Code implementing one cites it so, in a comment
or a docstring (`# PEP 691`, `// See RFC 3923 section 4`, "according to PEP 691 (JSON)"), in a name
(`_pep691_hashes`) or in a link (`https://peps.python.org/pep-0691/`, `rfc3923.txt`): the acronym in any case, then
the number, a space, a hyphen or an underscore between them, leading zeros or none.

The change cites a page when its code or its documentation writes the page's identifier anew: more often on its
added lines than on its deleted ones (a comment it only edits carries the citation: it was there before), never only
in a test (an example may cite anything). summary/speaks.py reads what a citation tells.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from doc_context.relevance.file_kinds import is_test

if TYPE_CHECKING:
    from doc_context.relevance.change import Change

Identifier = tuple[str, str]  # the acronym casefolded, the number without leading zeros: ("pep", "691")
# a title's start: capitals, then the number, then the title's words (a colon, a dash, a capital) or its end:
# "SHA-256 digests" or "UTF-8 handling" name an algorithm or an encoding, no document of a series
_TITLE = re.compile(r"\s*([A-Z]{2,5})[ -]?(\d{1,5})(?=\s*(?:[:\u2013\u2014-]|\s+[A-Z]|$))")


def identifier(title: str) -> Identifier | None:
    """The series' acronym and number a page's title starts with ("PEP 691: ..." -> ("pep", "691")), if any."""
    found = _TITLE.match(title)
    return (found.group(1).casefold(), str(int(found.group(2)))) if found else None


def cited(change: Change, within: Iterable[str], foreign: Callable[[str], bool]) -> frozenset[Identifier]:
    """Of the identifiers the texts `within` start with (the cited pages' titles), those the change's code or
    documentation (its files but tests and `foreign` ones: vendored, generated) writes more often on its added
    lines than on its deleted ones."""
    wanted = {found for text in within if (found := identifier(text)) is not None}
    if not wanted or change.diff is None:
        return frozenset()
    acronyms = "|".join(sorted({re.escape(acronym) for acronym, _ in wanted}))
    pattern = re.compile(rf"(?<![A-Za-z])({acronyms})[ _-]?0*(\d{{1,5}})(?!\d)", re.IGNORECASE)
    balance: dict[Identifier, int] = {}
    for f in change.diff.files:
        if foreign(f.path) or is_test(f.path):
            continue
        for lines, sign in ((f.added, 1), (f.deleted, -1)):  # each side's text once, not line by line
            for m in pattern.finditer(lines.text):
                if (found := (m.group(1).casefold(), m.group(2))) in wanted:
                    balance[found] = balance.get(found, 0) + sign
    return frozenset(found for found, count in balance.items() if count > 0)
