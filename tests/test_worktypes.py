"""worktypes.py is the one table of work item types: every row and field in it reaches every consumer.

The tests walk the table itself, so a field added to it is fetched, summarized and searched for links
without any other edit, or a test here fails.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from doc_context.comment.overview import overview
from doc_context.models import ChangedFile, Relation, WorkItem
from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_workitems import work_item
from doc_context.sources import ado
from doc_context.sources.ado_transport import token_auth
from doc_context.sources.confluence.links import Site
from doc_context.summary.cited_pages import cited, citers
from doc_context.summary.extrafields import extra_values
from doc_context.summary.parents import PARENT, goal, parent_chain
from doc_context.summary.summarize import work_item_summary
from doc_context.summary.worktypes import OTHER, TYPES, VERBS, Field, work_type

SITE = Site.from_url("https://acme.atlassian.net/wiki")
CUSTOM = "Compliance Risk"  # no row of its own: OTHER
ROWS = [(name, field) for name, row in TYPES.items() for field in row.fields]
ROWS += [(CUSTOM, field) for field in OTHER.fields]
CHANGED = (ChangedFile("/src/checkout/cart.py", "edit"),)


def marked(n: int) -> str:
    """A field value with a word found nowhere else and a link to page n."""
    return f"<div>Zyxmark{n} rounds totals, see https://acme.atlassian.net/wiki/spaces/ENG/pages/{n}/Policy</div>"


@pytest.fixture(scope="module")
def fetched() -> Iterator[dict[int, WorkItem]]:
    """Each (type, field) of the table as a work item of that type holding only that field, read by the gateway."""
    with Sandbox() as box:
        for n, (type_name, field) in enumerate(ROWS, start=7000):
            box.ado.add_work_item(work_item(n, type_name.title(), f"row {n}", fields={field.name: marked(n)}))
        gateway = ado.connect(box.ado.base_url, token_auth(box.info.token), timeout=10, user_agent="test")
        got = gateway.work_items(list(range(7000, 7000 + len(ROWS))), box.info.project_name)
        assert got.notices == ()
        yield {item.id: item for item in got.items}


@pytest.mark.parametrize(("n", "type_name", "field"), [(n, t, f) for n, (t, f) in enumerate(ROWS, start=7000)])
def test_each_field_in_the_table_is_fetched_summarized_and_cited_from(
    fetched: dict[int, WorkItem], n: int, type_name: str, field: Field
) -> None:
    item = fetched[n]
    assert work_type(item.type) == work_type(type_name)
    assert field.name in item.fields  # the gateway kept it
    summary = work_item_summary(item, CHANGED)
    shown = "\n".join([summary.more or summary.text, *(c.text for c in summary.criteria)])
    assert f"Zyxmark{n}" in shown  # the build summary shows it (the comment may not); criteria: Summary.criteria
    assert summary.fields_used == (field.name,)
    assert [(ref.page_id, ids) for ref, ids in cited(citers(None, [item]), SITE)] == [(n, (n,))]


@pytest.mark.parametrize(
    ("type_name", "row"),
    [("Bug", "bug"), (" bug ", "bug"), ("USER STORY", "user story"), ("Product Backlog Item", "product backlog item")],
)
def test_types_match_ignoring_case_and_space(type_name: str, row: str) -> None:
    assert work_type(type_name) is TYPES[row]


@pytest.mark.parametrize("type_name", ["Task", "Issue", "Compliance Risk", ""])
def test_any_other_type_is_summarized_from_its_description(type_name: str) -> None:
    assert work_type(type_name) is OTHER
    assert [f.name for f in OTHER.fields] == ["System.Description"]


def test_a_bug_shows_its_repro_steps_and_system_info_never_its_description() -> None:
    bug = work_type("Bug")
    assert [f.name for f in bug.fields] == ["Microsoft.VSTS.TCM.ReproSteps", "Microsoft.VSTS.TCM.SystemInfo"]
    assert bug.hidden == ("System.Description",)


@pytest.mark.parametrize(
    ("type_name", "hidden"),
    [(t, h) for t, row in TYPES.items() for h in row.hidden] + [(CUSTOM, h) for h in OTHER.hidden],
)
def test_a_hidden_field_never_shows(type_name: str, hidden: str) -> None:
    """Not in the summary, not as an extra field, not as a parent's goal."""
    secret = f"<div>SECRET in {hidden}. More.</div>"
    item = WorkItem(1, 1, type_name, "hides", "New", {hidden: secret}, web_url="https://x/1")
    child = WorkItem(2, 1, "Task", "child", "New", relations=(Relation(PARENT, "https://x/_apis/wit/workitems/1"),))
    assert "SECRET" not in work_item_summary(item, CHANGED).text
    assert extra_values(item, {"*": (hidden,), type_name.casefold(): (hidden,)}) == ()
    assert goal(item) == ""
    assert parent_chain(child, {1: item}) == ((f"{type_name} 1: hides", "", "https://x/1"),)


@pytest.mark.parametrize(
    ("type_name", "verb"), [(t.title(), row.verb) for t, row in TYPES.items()] + [(CUSTOM, OTHER.verb)]
)
def test_the_overview_uses_each_types_verb(type_name: str, verb: str) -> None:
    item = work_item_summary(WorkItem(3, 1, type_name, "Round once", "New"), CHANGED)
    assert verb in VERBS
    assert f"This pull request {verb} {type_name} 3." in overview(None, [item], [], 0)


def test_an_empty_item_names_what_it_lacks() -> None:
    texts = {
        row: work_item_summary(WorkItem(4, 1, row, "t", "New"), CHANGED).text for row in ("Bug", "User Story", "Task")
    }
    assert texts == {
        "Bug": "_No repro steps or system info._",
        "User Story": "_No description or acceptance criteria._",
        "Task": "_No description._",
    }
