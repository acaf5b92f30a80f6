"""Work item context: the parent chain as one line, and the extra fields configured per type."""

from __future__ import annotations

import pytest

from doc_context.models import Relation, WorkItem
from doc_context.summary.extrafields import extra_values, parse_extra_fields
from doc_context.summary.parents import goal, heading, parent_chain, parent_ids, parent_line
from doc_context.summary.worktypes import label

API = "https://dev.azure.com/fabrikam/_apis/wit/workItems"


def wi(id_: int, type_: str = "Bug", parent: int | None = None, **fields: str) -> WorkItem:
    relations = (Relation("System.LinkTypes.Hierarchy-Reverse", f"{API}/{parent}"),) if parent else ()
    return WorkItem(
        id_,
        3,
        type_,
        f"Title {id_}",
        "Active",
        fields=fields,
        relations=relations,
        web_url=f"https://dev.azure.com/fabrikam/Shop/_workitems/edit/{id_}",
    )


FEATURE = WorkItem(
    3907,
    9,
    "Feature",
    "Gift card payments at checkout",
    "Active",
    fields={"System.Description": "Let shoppers use **gift cards** for any part of an order.\n\n- split"},
    markdown_fields=frozenset({"System.Description"}),
    relations=(Relation("System.LinkTypes.Hierarchy-Reverse", f"{API}/12"),),
    web_url="https://dev.azure.com/fabrikam/Shop/_workitems/edit/3907",
)
EPIC = wi(12, "Epic", None, **{"System.Description": "<div>Payments that never lose a cent. More text.</div>"})


def test_one_line_for_a_chain() -> None:
    chain = parent_chain(wi(4211, parent=3907), {3907: FEATURE, 12: EPIC})
    assert parent_line(chain) == (
        "Part of [Feature 3907: Gift card payments at checkout](https://dev.azure.com/fabrikam/Shop/_workitems/edit/3907)"
        " — Let shoppers use **gift cards** for any part of an order."
        " (in [Epic 12: Title 12](https://dev.azure.com/fabrikam/Shop/_workitems/edit/12))"
    )
    assert "\n" not in parent_line(chain)


@pytest.mark.parametrize(
    ("parents", "depth", "expected"),
    [
        ({}, 5, ()),  # not fetched: no line
        ({3907: FEATURE}, 5, (3907,)),
        ({3907: FEATURE, 12: EPIC}, 1, (3907,)),
        ({3907: FEATURE, 12: wi(12, "Epic", parent=4211)}, 5, (3907, 12)),  # a cycle back to the item ends it
    ],
)
def test_chain(parents: dict[int, WorkItem], depth: int, expected: tuple[int, ...]) -> None:
    chain = parent_chain(wi(4211, parent=3907), parents, depth)
    assert tuple(int(h.split(":")[0].split()[-1]) for h, _, _ in chain) == expected


def test_parent_ids_are_one_batch_without_the_items_at_hand() -> None:
    items = [wi(1, parent=3907), wi(2, parent=3907), wi(3, parent=1), wi(4)]
    assert parent_ids(items) == [3907]


def test_goal_is_the_first_sentence() -> None:
    assert goal(EPIC) == "Payments that never lose a cent."
    assert goal(wi(5)) == ""


def test_parent_text_is_neutralized() -> None:
    evil = WorkItem(
        9,
        1,
        "Feature",
        "<script>x</script> @<6A3E2B11-4613-60D7-A201-537155816713>",
        "New",
        web_url="javascript:alert(1)",
        fields={"System.Description": "<p>##vso[task.setvariable variable=x]1</p>"},
    )
    line = parent_line(parent_chain(wi(1, parent=9), {9: evil}))
    assert "<script" not in line and "@<" not in line and "javascript:" not in line and "##vso[" not in line


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("", {}),
        ("Bug=Microsoft.VSTS.Common.Severity", {"bug": ("Microsoft.VSTS.Common.Severity",)}),
        (
            "Bug=Microsoft.VSTS.Common.Severity, Microsoft.VSTS.Common.Priority;"
            "User Story=Microsoft.VSTS.Common.BusinessValue",
            {
                "bug": ("Microsoft.VSTS.Common.Severity", "Microsoft.VSTS.Common.Priority"),
                "user story": ("Microsoft.VSTS.Common.BusinessValue",),
            },
        ),
        (" bug = A.B ; BUG = C.D,A.B ;", {"bug": ("A.B", "C.D")}),
        ("*=System.Tags", {"*": ("System.Tags",)}),
    ],
)
def test_parse_extra_fields(spec: str, expected: dict[str, tuple[str, ...]]) -> None:
    assert parse_extra_fields(spec) == expected


@pytest.mark.parametrize("spec", ["Bug", "=System.Tags", "Bug=", "Bug=not a field", "Bug=A.B;Story"])
def test_parse_extra_fields_rejects(spec: str) -> None:
    with pytest.raises(ValueError, match=r"Work Item Type=Field\.Reference\.Name"):
        parse_extra_fields(spec)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Microsoft.VSTS.Common.BusinessValue", "Business value"),
        ("Microsoft.VSTS.Common.Severity", "Severity"),
        ("Custom.RiskOwner", "Risk owner"),
        ("Custom.SLA_Tier", "SLA tier"),
        ("System.Tags", "Tags"),
    ],
)
def test_label(name: str, expected: str) -> None:
    assert label(name) == expected


def test_extra_values_in_order_with_every_type_last() -> None:
    extra = parse_extra_fields("Bug=Microsoft.VSTS.Common.Severity,Custom.Missing,Custom.Notes;*=System.Tags")
    bug = wi(
        1,
        **{
            "Microsoft.VSTS.Common.Severity": "2 - High",
            "System.Tags": "checkout; ledger",
            "Custom.Notes": "<div>Seen <b>twice</b></div>",
        },
    )
    assert extra_values(bug, extra) == (
        ("Severity", "2 - High"),
        ("Notes", "Seen **twice**"),
        ("Tags", "checkout; ledger"),
    )
    assert extra_values(wi(2, "Task", **{"System.Tags": "x"}), extra) == (("Tags", "x"),)
    plain = wi(3, "Task", **{"System.Tags": "a &amp; b; `x`"})
    assert extra_values(plain, extra) == (("Tags", "a &amp;amp; b; &#96;x&#96;"),)  # plain text: shown as written


@pytest.mark.parametrize(
    ("type_", "title", "expected"),
    [
        (
            "Spike",
            "Spike: banker's rounding in the ledger export",
            "Spike 4230: banker's rounding in the ledger export",
        ),
        ("Spike", "[Spike] banker's rounding", "Spike 4230: banker's rounding"),
        ("Bug", "bug - crash on pay", "Bug 4230: crash on pay"),
        ("User Story", "User story: split tender", "User Story 4230: split tender"),
        ("Task", "Task-list rendering: fix", "Task 4230: Task-list rendering: fix"),
        ("Bug", "Bugfix: rounding", "Bug 4230: Bugfix: rounding"),
        ("Spike", "Spike:", "Spike 4230: Spike:"),
    ],
)
def test_a_heading_says_the_type_once(type_: str, title: str, expected: str) -> None:
    assert heading(WorkItem(4230, 1, type_, title, "Active")) == expected
