"""sources/confluence/restrictions.py: a page's view restrictions from v1 JSON shaped as Atlassian documents it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doc_context.sources.confluence.restrictions import combine, page_restriction, restriction_object

DATA = Path(__file__).parent / "data" / "restrictions"


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("cloud-own-and-ancestor.json", "own"),  # its own restriction names it first
        ("dc-inherited.json", "inherited"),  # empty lists on the page, a user on an ancestor
        ("dc-open.json", "none"),
        # a real Data Center answer with only .user expanded: the group list is left in _expandable, unknown
        ("dc-unrestricted-user-only.json", "unknown"),
    ],
)
def test_pages(name: str, expected: str) -> None:
    assert page_restriction(load(name)) == expected


def test_ancestors_not_expanded_are_unknown() -> None:
    page = load("dc-open.json")
    del page["ancestors"]
    assert page_restriction(page) == "unknown"
    page["type"] = "blogpost"  # a blog post has no ancestors: its own lists decide
    assert page_restriction(page) == "none"


def test_an_ancestor_without_its_lists_is_unknown_unless_another_restricts() -> None:
    page = load("dc-inherited.json")
    page["ancestors"][0] = {"id": "1000", "type": "page", "title": "Operations", "_expandable": {"restrictions": ""}}
    assert page_restriction(page) == "inherited"
    page["ancestors"].pop()
    assert page_restriction(page) == "unknown"


def test_a_size_without_results_still_restricts() -> None:
    read = {
        "operation": "read",
        "restrictions": {"user": {"results": [], "size": 0}, "group": {"results": [], "size": 2}},
    }
    assert restriction_object(read) == "own"
    assert restriction_object({"operation": "read"}) == "unknown"
    assert restriction_object(None) == "unknown"


@pytest.mark.parametrize(
    ("own", "ancestors", "expected"),
    [("none", [], "none"), ("none", ["none", "own"], "inherited"), ("own", ["unknown"], "own"),
     ("unknown", ["own"], "inherited"), ("none", ["unknown"], "unknown"), ("unknown", [], "unknown")],
)  # fmt: skip
def test_combine(own: str, ancestors: list[str], expected: str) -> None:
    assert combine(own, ancestors) == expected  # type: ignore[arg-type]
