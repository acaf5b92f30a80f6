"""Pure: the specifications a change cites by their number (`PEP 691`, `RFC 3923`, `KEP-3104`, `NEP 56`).

A series of specifications names each of its documents by an acronym and a number, and a page's title starts with
them: "PEP 691: JSON-based Simple API", "RFC 3923: cargo min publish age", "KEP-3104: Introduce kuberc", "NEP 56 —
Array API standard support", "ADR-0012 Use one queue" (identifier). Code implementing one cites it so, in a comment
or a docstring (`# PEP 691`, `// See RFC 3923 section 4`, "according to PEP 691 (JSON)", :pep:`691`) or in a link
(`https://peps.python.org/pep-0691/`, `/rfc3923.txt`): the acronym in any case, then the number, a space or a
hyphen between them (glued only in a link's path), leading zeros or none. A name glued of them (`time.RFC3339`,
`hashlib.sha256`, a `pep517` module) uses a standard; it cites none, nor do the comments of a file using it so.

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
# a title's start: capitals, then the number, then a colon, a dash or the title's end ("PEP 691: ...", "NEP 56 —
# ..."), or the title's words after a zero-padded number ("ADR-0012 Use one queue"): "SHA-256 Checksums", "UTF-8
# Everywhere" or "EC2 Instances" name an algorithm, an encoding or a product, no document of a series; glued, a
# number of three digits or more ("RFC9412: ..."): "HTTP2", "OAUTH2" are a protocol's version
_TITLE = re.compile(
    r"\s*([A-Z]{2,5})(?:[ -]|(?=\d{3}))(\d{1,5})(?=\s*(?:[:\u2013\u2014-]|$))"
    r"|\s*([A-Z]{2,5})[ -]?(0\d{1,4})(?=\s+[A-Z])"
)


def identifier(title: str) -> Identifier | None:
    """The series' acronym and number a page's title starts with ("PEP 691: ..." -> ("pep", "691")), if any."""
    if (found := _TITLE.match(title)) is None:
        return None
    acronym, number = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
    return acronym.casefold(), str(int(number))


def cited(change: Change, within: Iterable[str], foreign: Callable[[str], bool]) -> frozenset[Identifier]:
    """Of the identifiers the texts `within` start with (the cited pages' titles), those the change's code or
    documentation (its files but tests and `foreign` ones: vendored, generated) writes more often on its added
    lines than on its deleted ones."""
    wanted = {found for text in within if (found := identifier(text)) is not None}
    if not wanted or change.diff is None:
        return frozenset()
    acronyms = "|".join(sorted({re.escape(acronym) for acronym, _ in wanted}))
    # as prose, a reST role or a link writes it ("PEP 691", "KEP-3104", :pep:`691`, /rfc9412.txt), never glued into
    # a name: `time.RFC3339`, `hashlib.sha256` or a `pep517` module use a standard, they do not cite it
    pattern = re.compile(
        rf"(?<![\w.])({acronyms})(?:[ \u00a0-]|:`)0*(\d{{1,5}})(?!\d)|(?<=/)({acronyms})0*(\d{{1,5}})(?!\d)", re.I
    )
    # a standard a file uses by another module's name for it (`time.RFC3339`, `DateTimeFormatter.RFC_1123_DATE_TIME`):
    # what its comments say of that one glosses the use ("// RFC 3339, UTC"), it cites nothing
    used = re.compile(rf"(?<=\.)({acronyms})_?0*(\d{{1,5}})(?!\d)", re.I)
    folded = {acronym for acronym, _ in wanted}
    balance: dict[Identifier, int] = {}
    for f in change.diff.files:
        if foreign(f.path) or is_test(f.path):
            continue
        uses: set[Identifier] | None = None  # read only in a file that cites
        for lines, sign in ((f.added, 1), (f.deleted, -1)):  # each side's text once, not line by line
            lowered = lines.text.lower()
            if not any(acronym in lowered for acronym in folded):
                continue  # most texts name no series: a plain search first, then the pattern (20 MB: 0.04 s, not 1)
            for m in pattern.finditer(lines.text):
                acronym, number = m.group(1, 2) if m.group(1) else m.group(3, 4)
                if (found := (acronym.casefold(), number)) not in wanted:
                    continue
                if uses is None:
                    uses = {(u.group(1).casefold(), u.group(2)) for u in used.finditer(f.added.text)}
                if found not in uses:
                    balance[found] = balance.get(found, 0) + sign
    return frozenset(found for found, count in balance.items() if count > 0)
