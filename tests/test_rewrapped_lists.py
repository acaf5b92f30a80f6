"""A re-wrapped list gives only the names it adds (review 5, findings 4 and 5 of d8c3b04): a re-flow replaces lines
in place, so the names a list held before are read from the deleted run right before the added one (one change
block), never from the file's every deleted line: names moved from one list to another (a deprecation: `__all__` to
`_DEPRECATED`, `export {...} from './core'` to `'./deprecated'`) are the change's subject. A re-flow's short last
line (one or two names and the list's closer) is re-flowed too."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.terms import DIFF, Key
from doc_context.relevance.words import ident_parts
from doc_context.summary.quotes import weigh_pages
from doc_context.text.wikimd import wiki_to_markdown

from .diffs import patch


def ident(name: str) -> Key:
    return ("ident", tuple(ident_parts(name)[0]))


# `is_dtype` joins the list; its last line held one name and now holds two (the closer after them).
SHORT_LAST = {
    "python": ("pkg/__init__.py", "    invert, is_busday, isclose, isfinite,", "    left_shift)",
               "    invert, is_busday, is_dtype, isclose,", "    isfinite, left_shift)", "is_dtype", "left_shift"),
    "rust": ("src/lib.rs", "    invert, is_busday, isclose, isfinite,", "    left_shift};",
             "    invert, is_busday, is_dtype, isclose,", "    isfinite, left_shift};", "is_dtype", "left_shift"),
    "typescript": ("src/index.ts", "  invert, isBusday, isClose, isFinite,", "  leftShift } from './core';",
                   "  invert, isBusday, isDtype, isClose,", "  isFinite, leftShift } from './core';", "isDtype",
                   "leftShift"),
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(SHORT_LAST))
def test_a_reflows_short_last_line_is_reflowed_too(language: str) -> None:
    path, old1, old2, new1, new2, added, last = SHORT_LAST[language]
    lines = [" def helpers():", f"-{old1}", f"-{old2}", f"+{new1}", f"+{new2}"]
    page = f"`{added}`, `{last}`, `isfinite`, `isFinite`, `core`"
    found = change_terms(Change(parse_diff(patch(path, *lines, start=140))), within=[page])
    assert ident(added) in found.weights
    assert ident(last) not in found.weights  # one name, then the closer: listed before
    assert not [key for key in found.weights if {"isfinite", "finite", "core"} & set(key[1])]  # nor the closer's module


# Three names leave the public list for the deprecated one: deleted from one list, added to another, one hunk.
MOVED = {
    "python": ("pkg/_api.py", ["__all__ = [", '    "alpha", "beta", "gamma",'], '    "row_stack", "trapz", "in1d",',
               ["]", "", "_DEPRECATED = ["], ['    "row_stack", "trapz", "in1d",', "]"], "row_stack"),
    "typescript": ("src/index.ts", ["export {", "  alpha, beta, gamma,"], "  rowStack, trapz, in1d,",
                   ["} from './core';", "", "export {"], ["  rowStack, trapz, in1d,", "} from './deprecated';"],
                   "rowStack"),
}  # fmt: skip


def moved(language: str) -> Change:
    path, above, gone, between, added, _ = MOVED[language]
    lines = [*(f" {line}" for line in above), f"-{gone}", *(f" {line}" for line in between)]
    return Change(parse_diff(patch(path, *lines, *(f"+{line}" for line in added))))


@pytest.mark.parametrize("language", sorted(MOVED))
def test_names_moved_to_another_list_are_the_changes(language: str) -> None:
    name = MOVED[language][-1]
    found = change_terms(moved(language), within=[f"`{name}`, `trapz`"])
    assert found.weights.get(ident(name)) == DIFF


MD_PAGE = """# Array functions

## Aliases

Deprecated aliases: `row_stack`, `trapz` and `in1d` warn when called, and go in the next major release.

## Sorting

Sorting keeps equal elements in their order.
"""
RST_PAGE = """===============
Array functions
===============

Aliases
=======

Deprecated aliases: ``row_stack``, ``trapz`` and ``in1d`` warn when called, and go in the next major release.

Sorting
=======

Sorting keeps equal elements in their order.
"""


@pytest.mark.parametrize("page", [MD_PAGE, RST_PAGE], ids=["markdown", "restructuredtext"])
def test_a_section_naming_names_moved_to_a_deprecated_list_speaks(page: str) -> None:
    text = wiki_to_markdown(page).text
    found = weigh_pages([(text, "Array functions")], change_terms(moved("python"), within=[text]))[0]
    assert [p.section for p in found.matched] == ["Aliases"]
