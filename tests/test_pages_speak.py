"""Which pages and sections speak (issue 36, sixth session): generic reproductions, each in two languages or two
document styles (markdown and reStructuredText), of what made a page or a section speak though the change does not
implement it."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import Key, change_terms
from doc_context.relevance.words import ident_parts
from doc_context.summary.quotes import weigh_pages

from .diffs import patch

# A name joining an alphabetical list re-flows every line after it: the lines are added again, with the names the
# deleted lines listed. Only the name the change adds is the change's; the opener (`from x import (`, `export {`)
# is an unchanged line above the hunk, so the lines read as the change's code.
REWRAPPED = {
    "python": (
        "pkg/__init__.py",
        ["    invert, is_busday, isclose, isfinite, isfortran,", "    isinf, isnan, left_shift, less, less_equal,"],
        ["    invert, is_busday, isclose, is_dtype, isfinite,", "    isfortran, isinf, isnan, left_shift, less,",
         "    less_equal,"],
    ),
    "typescript": (
        "src/index.ts",
        ["  invert, isBusday, isClose, isFinite, isFortran,", "  isInf, isNan, leftShift, less, lessEqual,"],
        ["  invert, isBusday, isClose, isDtype, isFinite,", "  isFortran, isInf, isNan, leftShift, less,",
         "  lessEqual,"],
    ),
    "rust": (
        "src/lib.rs",
        ["    invert, is_busday, isclose, isfinite, isfortran,", "    isinf, isnan, left_shift, less, less_equal,"],
        ["    invert, is_busday, isclose, is_dtype, isfinite,", "    isfortran, isinf, isnan, left_shift, less,",
         "    less_equal,"],
    ),
}  # fmt: skip


def ident(name: str) -> Key:
    return ("ident", tuple(ident_parts(name)[0]))


def rewrapped(language: str) -> Change:
    path, old, new = REWRAPPED[language]
    lines = [" def helpers():", *(f"-{line}" for line in old), *(f"+{line}" for line in new)]
    return Change(parse_diff(patch(path, *lines, start=140)))


@pytest.mark.parametrize("language", sorted(REWRAPPED))
def test_a_rewrapped_list_gives_only_the_names_it_adds(language: str) -> None:
    found = change_terms(rewrapped(language), within=["`left_shift`, `is_busday` and `is_dtype`"])
    assert ident("is_dtype") in found.weights  # the name the change adds
    assert ident("left_shift") not in found.weights  # listed before, re-wrapped
    assert ident("is_busday") not in found.weights


def test_a_list_the_change_writes_anew_keeps_its_names() -> None:
    """The control: no deleted line lists them, so the names are the change's (its own code: no opener seen)."""
    path, _, new = REWRAPPED["python"]
    found = change_terms(Change(parse_diff(patch(path, *(f"+{line}" for line in new)))), within=["`left_shift`"])
    assert ident("left_shift") in found.weights


MD_SPEC = """# Array API support

## Bit-wise functions

The ``left_shift`` function is renamed; the old name stays an alias of the new one.

## Introspection

A new function ``is_dtype`` tells whether a dtype is of a given kind.
"""
RST_SPEC = """=================
Array API support
=================

Abstract
--------

The array API standard asks for a few new functions and renames.

Specification
-------------

A new function ``is_dtype`` tells whether a dtype is of a given kind.

Rejected Ideas
--------------

Renaming ``left_shift`` was turned down; the old name stays an alias of the new one.
"""


@pytest.mark.parametrize(("spec", "rewrapped_section"), [(MD_SPEC, "Bit-wise functions"), (RST_SPEC, "Rejected Ideas")])
@pytest.mark.parametrize("language", sorted(REWRAPPED))
def test_a_section_naming_a_rewrapped_name_is_not_quoted(spec: str, rewrapped_section: str, language: str) -> None:
    found = weigh_pages([(spec, "Array API support")], change_terms(rewrapped(language), within=[spec]))[0]
    sections = [p.section for p in found.matched]
    assert "Introspection" in sections or "Specification" in sections
    assert rewrapped_section not in sections
