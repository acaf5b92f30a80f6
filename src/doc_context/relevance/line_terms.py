"""Pure: the terms one changed line gives (relevance/change_terms.py reads the change with it, relevance/carried.py
an edited line): its identifiers and their runs of two words, its values with their units, its quoted strings, and
the phrases of its strings, its comment and, for a line of prose, the line itself; which files give none (another
project's code, a generator's output) and which lines are prose.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from doc_context.relevance.file_kinds import is_generated
from doc_context.relevance.language import comment
from doc_context.relevance.literals import scan
from doc_context.relevance.terms import ASKED, BARE, DIFF, PROSE, RUN, ChangeTerms, clauses
from doc_context.relevance.units import values
from doc_context.relevance.words import ident_parts

Everywhere = Callable[[str], bool]

_ESCAPE = re.compile(r"\\.")
_CODE = re.compile(r"[=(){};\[\]<>]")
PROSE_FILES = (".md", ".txt", ".rst", ".adoc", ".feature")
# Another project's code, by the vendoring conventions as written (case and place): _vendor/ (pip's), vendored/,
# node_modules/, third_party/ anywhere; a lower-case vendor/ holding a vendoring layout (Ruby's vendor/bundle/,
# Rails' vendor/assets/, Go's vendor/<host.tld>/) anywhere; the project's root vendor/; a monorepo subproject's
# vendor/ (one folder deep) holding packages in folders of their own (Composer's backend/vendor/symfony/console/).
# Never a project's own Vendor/, nor a deeper vendor/ or a source file right inside one (marketplace/vendor/
# payouts.py, app/models/vendor/, src/features/vendor/, a Java package .../procurement/vendor/): a domain's.
_VENDORED = re.compile(
    r"(?:^|/)(?:_vendor|vendored|third[_-]party|node_modules)/|(?:^|/)vendor/(?:bundle|assets|[^/]+\.[a-z]+)/"
)
_ROOT_VENDOR = re.compile(r"^/?vendor/|^/?(?!(?:src|lib|app|internal|pkg)/)[^/]+/vendor/[^/]+/[^/]+/")
_LISTING = re.compile(r"(?:^|/)(?:schema\.json|publicapi\.\w+\.txt)$")  # often hand-written: no generated file


def collect(out: ChangeTerms, line: str, weight: float, everywhere: Everywhere, *, prose: bool, path: str = "") -> None:
    """Add the terms one line gives to `out` (`prose`: a line of words; `path`: its file, whose language says what
    opens a comment: relevance/language.comment)."""
    for found in ident_parts(line):  # an identifier counts whole, even of words everywhere (sent_key)
        out.add("ident", tuple(found), weight)
        for i in range(len(found) - 2):  # a long identifier's runs of two: release_hold_within_seconds
            if not all(map(everywhere, found[i : i + 2])):
                out.add("phrase", tuple(found[i : i + 2]), weight * PROSE)
    for number, unit in values(line):
        out.add("value", (number, unit), weight * (1.0 if unit else BARE))
    closed = [literal for literal in scan(line) if literal.closed]  # relevance/literals: in linear time
    quoted = [s.body for s in closed if len(s.body) - len(_ESCAPE.findall(s.body)) >= 3]  # three characters or more
    spans = {s.body for s in closed if s.quote == "`" and len(s.body) >= 3} if weight == ASKED else set()
    for string in quoted:
        one = string in spans and re.fullmatch(r"[A-Za-z]\w{2,}", string)  # a work item's `lxml`: code, no word
        if re.search(r"[A-Za-z]", string) and (one or re.search(r"\w\W+\w", string.strip())):
            out.add("string", (" ".join(string.casefold().split()),), weight)
    said = comment(line, path)
    texts = [*quoted, *([said] if said else []), *([line] if prose else [])]
    for text in texts:
        seq = clauses(text)
        for first, second in itertools.pairwise(seq):
            if first != second and "|" not in (first, second) and not (everywhere(first) and everywhere(second)):
                out.add("phrase", (first, second), weight * PROSE)
        for i in range(len(seq) - RUN + 1) if weight == DIFF else ():  # the change's text quotes the passage
            if "|" not in seq[i : i + RUN] and not all(map(everywhere, seq[i : i + RUN])):
                out.add("run", tuple(seq[i : i + RUN]), weight)


def vendored(path: str) -> bool:
    """Another project's code, copied in (_VENDORED, _ROOT_VENDOR): no term of the change, no Touches line."""
    return bool(_VENDORED.search(path) or _ROOT_VENDOR.match(path))


def foreign(path: str) -> bool:
    """Another project's code (vendored) or a generator's output (file_kinds.is_generated, a schema or an API
    listing aside: those are often written by hand, `context/schema.json`)."""
    return vendored(path) or (is_generated(path) and not _LISTING.search(path.lower()))


def is_prose(line: str) -> bool:
    """A line of words (a docstring's, a comment block's): four words or more and no code punctuation."""
    return not _CODE.search(line) and len(line.split()) >= 4
