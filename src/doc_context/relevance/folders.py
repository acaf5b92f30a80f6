"""Pure: two words with a slash between them, read as the change reads them: a folder's path or one word or the other.

    slashed_words("low/reasonable", ["/src/Bridge.cs"])                # True: "low or reasonable", no code
    slashed_words("GET/HEAD", ["/client/retry.py"])                    # True
    slashed_words("helper/resource", ["/helper/schema/provider.go"])   # False: its sibling folder is changed
    slashed_words("Style/Sample", ["/lib/style/sample.rb"])            # False: a name (not two plain words)
    no_alternatives(criterion_terms("Polyfill `Object.is` for old/unsupported browsers"), index)   # `Object.is`

Two plain words (lower case, or an acronym's capitals) with a slash between, in prose as in a code span
("old/unsupported", "read/write", "GET/HEAD"), say one or the other, unless the change has a folder named as one of
them: then they are a package's path (`helper/resource` beside a change to helper/schema), code the criterion names.
They stay code where an added line writes them (`cqroot/prompt` in go.mod: a module's path).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from doc_context.change.index import DiffIndex
from doc_context.relevance.criterion_terms import CriterionTerms
from doc_context.relevance.words import parts

_WORDS = re.compile(r"(?:[a-z]+|[A-Z]+)/(?:[a-z]+|[A-Z]+)")


def slashed_words(code: str, paths: Iterable[str]) -> bool:
    """Whether the code is two plain words with a slash between that no changed file's folder is named as."""
    if not _WORDS.fullmatch(code):
        return False
    words = set(code.split("/"))
    return not any(words & set(path.strip("/").split("/")[:-1]) for path in paths)


def no_alternatives(terms: CriterionTerms, index: DiffIndex | None) -> CriterionTerms:
    """The criterion's terms without the slashed words that name no code of this change: no changed folder is named
    as them, no added line writes them (without the change read, all of them)."""
    if index is None:
        return terms
    paths = [f.path for f in index.diff.files]
    kept = tuple(
        t
        for t in terms.terms
        if not (t.kind == "ident" and t.named and slashed_words(t.label, paths) and not _written(t.label, index))
    )
    return replace(terms, terms=kept) if len(kept) != len(terms.terms) else terms


def _written(code: str, index: DiffIndex) -> bool:
    """Whether an added line writes the code as it is (`cqroot/prompt` in go.mod)."""
    files = index.candidates("added", tuple(parts(code)))
    return any(code in text for n in files for text in index.file_words("added", n).texts)
