"""Children (Hierarchy-Forward) under each linked work item: done or open by their state's category, in the
process template's own words; read in the parents' wave, batches of 200; another project's title only."""

from __future__ import annotations

import re

import pytest

from doc_context.models import Relation, Withheld, WorkItem
from doc_context.sandbox.ado_story import PROCESSES
from doc_context.sandbox.ado_workitems import relation, work_item
from doc_context.summary.children import CHILD, MAX_OPEN, children_line, finished

# Microsoft's table of state categories (azure-devops.md §10.3): (process, type, state, finished by its category)
STATE_WORDS = [
    ("Agile", "User Story", "New", False),
    ("Agile", "User Story", "Active", False),
    ("Agile", "User Story", "Resolved", False),  # In Progress for a story
    ("Agile", "User Story", "Closed", True),
    ("Agile", "User Story", "Removed", True),
    ("Agile", "Bug", "Resolved", True),  # Resolved for a Bug
    ("Agile", "Task", "Closed", True),
    ("Scrum", "Product Backlog Item", "New", False),
    ("Scrum", "Product Backlog Item", "Approved", False),
    ("Scrum", "Product Backlog Item", "Committed", False),
    ("Scrum", "Product Backlog Item", "Done", True),
    ("Scrum", "Product Backlog Item", "Removed", True),
    ("Scrum", "Task", "To Do", False),
    ("Scrum", "Task", "In Progress", False),
    ("Scrum", "Task", "Done", True),
    ("Scrum", "Impediment", "Open", False),
    ("Scrum", "Impediment", "Closed", True),
    ("CMMI", "Requirement", "Proposed", False),
    ("CMMI", "Requirement", "Active", False),
    ("CMMI", "Requirement", "Resolved", False),  # In Progress for a Requirement
    ("CMMI", "Requirement", "Closed", True),
    ("CMMI", "Requirement", "Removed", True),
    ("CMMI", "Bug", "Resolved", True),  # Resolved for a Bug
    ("CMMI", "Task", "Resolved", False),
    ("Basic", "Issue", "To Do", False),
    ("Basic", "Issue", "Doing", False),
    ("Basic", "Issue", "Done", True),
    ("Basic", "Task", "Doing", False),
]
# where the categories could not be read: the usual words (the list), any other state open
FALLBACK = [
    ("Done", True),
    ("Closed", True),
    ("Resolved", True),
    ("Removed", True),
    ("New", False),
    ("Active", False),
    ("Committed", False),
    ("To Do", False),
    ("In Progress", False),
    ("Doing", False),
    ("Waiting for QA", False),
]


def categories(process: str) -> dict[tuple[str, str], str]:
    return {(t.casefold(), s.casefold()): c for t, states in PROCESSES[process].items() for s, c in states}


@pytest.mark.parametrize(("process", "kind", "state", "done"), STATE_WORDS)
def test_each_state_word_is_done_or_open_by_its_category(process, kind, state, done):
    assert finished(kind, state, categories(process)) is done


@pytest.mark.parametrize(("state", "done"), FALLBACK)
def test_without_categories_the_usual_words_decide(state, done):
    assert finished("Task", state, None) is done


def test_a_state_the_categories_do_not_name_falls_back_to_the_words():
    assert finished("Task", "Done", {("task", "active"): "InProgress"}) is True
    assert finished("Task", "Waiting for QA", categories("Agile")) is False


def item(wid: int, kind: str = "Task", state: str = "Active", **kw) -> WorkItem:
    return WorkItem(
        wid, 1, kind, f"Title {wid}", state, web_url=f"https://dev.azure.com/f/P/_workitems/edit/{wid}", **kw
    )


def story(*kids: int) -> WorkItem:
    rels = tuple(Relation(CHILD, f"https://dev.azure.com/f/_apis/wit/workItems/{k}") for k in kids)
    return item(100, "User Story", relations=rels)


def test_the_line_counts_done_names_the_open_ones_and_shows_a_custom_state_by_name():
    kids = {7011: item(7011, state="Closed"), 7012: item(7012), 7013: item(7013, state="Waiting for QA")}
    kids |= {7014: item(7014, state="New"), 7015: item(7015, state="Closed"), 7016: item(7016, state="Closed")}
    line = children_line(story(*kids), kids, categories("Agile"))
    assert line.startswith("**Tasks:** 3 of 6 done; open: [Task 7012: Title 7012](")
    assert "(Waiting for QA)" in line and "(New)" in line and "7011" not in line


def test_up_to_ten_open_by_title_the_rest_counted_and_the_build_summary_names_every_one():
    kids = {i: item(i) for i in range(1, 14)} | {20: item(20, state="Closed")}
    line = children_line(story(*kids), kids, None)
    assert line.count("](") == MAX_OPEN and line.endswith(" and 3 more")
    full = children_line(story(*kids), kids, None, full=True)
    assert full.count("](") == 14 and "; done: [Task 20: Title 20]" in full


def test_a_child_linked_to_the_pull_request_is_marked_not_repeated_and_another_projects_is_title_only():
    other = item(9001, withheld=Withheld("it belongs to another project", "project Contoso"))
    kids = {7012: item(7012), 9001: other}
    line = children_line(story(7012, 9001), kids, None, linked=frozenset({7012}))
    assert line == (
        "**Tasks:** 0 of 1 done; open: Task 7012 (this pull request's, Active); "
        "elsewhere: [Task 9001: Title 9001](https://dev.azure.com/f/P/_workitems/edit/9001)"
    )
    assert children_line(item(5), kids, None) == ""  # no child, no line


def test_mixed_types_are_children():
    kids = {1: item(1, "Bug"), 2: item(2, "Task", "Closed")}
    assert children_line(story(1, 2), kids, None).startswith("**Children:** 1 of 2 done")


def comment(sandbox) -> str:
    threads = sandbox.ado.threads(sandbox.info.pr_id)
    return threads[0]["comments"][0]["content"]


ROOM = {"DOC_CONTEXT_COMMENT_BUDGET": "20000"}  # what is read and shown, not what fits, is tested here


def test_the_demo_story_shows_its_tasks_read_in_the_parents_wave(sandbox, cli):
    ran = cli({**sandbox.env(), **ROOM}, "run")
    assert ran.code == 0, ran.output
    assert re.search(
        r"\*\*Tasks:\*\* 1 of 2 done; open: \[Task 4251: E-mail the receipt for both payments\]", comment(sandbox)
    )
    batches = sandbox.ado.requests("POST", r"/_apis/wit/workItemsBatch$")
    fields = [r.json for r in batches if "fields" in r.json]
    assert [sorted(b["ids"]) for b in fields] == [[4251, 4252]] and "$expand" not in fields[0]
    assert len(sandbox.ado.requests("GET", r"/_apis/wit/workitemtypes$")) == 1  # one a run, the PR's project
    assert not sandbox.ado.requests("GET", r"/states$")  # the types carried their states


def test_types_without_states_are_asked_one_by_one_and_a_refusal_falls_back_to_the_words(sandbox, cli):
    sandbox.ado.story.types_with_states = False
    ran = cli({**sandbox.env(), **ROOM}, "run")
    assert ran.code == 0, ran.output
    assert len(sandbox.ado.requests("GET", r"/workitemtypes/[^/]+/states$")) == len(PROCESSES["Agile"])
    assert "1 of 2 done" in comment(sandbox)
    sandbox.ado.story.refused.add(sandbox.info.project_name.casefold())
    ran = cli({**sandbox.env(), **ROOM, "DOC_CONTEXT_DRY_RUN": "true"}, "run")
    assert ran.code == 0, ran.output
    assert "state categories could not be read" in ran.output and "1 of 2 done" in ran.stdout


def test_children_come_in_batches_of_200_and_another_projects_child_is_title_only(sandbox, cli):
    ado = sandbox.ado
    ado.add_project("Contoso Platform")
    ids = list(range(8000, 8250))
    for i in ids:
        ado.add_work_item(work_item(i, "Task", f"Task {i}", state="Closed" if i % 2 else "New"))
    ado.add_work_item(work_item(9001, "Task", "Partner receipt", project="Contoso Platform"))
    raw = ado.work_items.raw(sandbox.info.story_id)
    kids = [relation(CHILD, ado.work_item_url(i)) for i in (*ids, 9001)]
    ado.work_items.add({**raw, "relations": [*raw["relations"], *kids]})
    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "20000"}, "run")
    assert ran.code == 0, ran.output
    asked = [r.json["ids"] for r in ado.requests("POST", r"/_apis/wit/workItemsBatch$") if "fields" in r.json]
    # 250 + the demo's 2 + the other project's: ceil(253 / 200) batches, read at once (gather_story.start), so in
    # either order; each child asked once
    assert sorted(len(a) for a in asked) == [53, 200], asked
    assert sorted(i for a in asked for i in a) == sorted([*ids, 4251, 4252, 9001])
    body = comment(sandbox)
    assert "126 of 252 done" in body and " and 116 more" in body
    assert "elsewhere: [Task 9001: Partner receipt](" in body and "Partner receipt** (" not in body
