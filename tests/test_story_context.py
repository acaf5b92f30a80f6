"""The story in the context document for AI reviewers: each work item's children (id, type, title, state, url)
and its discussion (author, date, text, url), quoted data like the pages; another project's child withheld."""

from __future__ import annotations

from doc_context.sandbox.ado_workitems import relation, work_item
from doc_context.sandbox.seed_story import DECIDING
from doc_context.summary.children import CHILD

from .contextschema import SCHEMA, parsed


def test_the_document_has_each_items_children_and_discussion(sandbox, cli):
    ado, story_id = sandbox.ado, sandbox.info.story_id
    ado.add_project("Contoso Platform")
    ado.add_work_item(work_item(9001, "Task", "Partner receipt", project="Contoso Platform"))
    raw = ado.work_items.raw(story_id)
    ado.work_items.add({**raw, "relations": [*raw["relations"], relation(CHILD, ado.work_item_url(9001))]})
    ran = cli(sandbox.env(), "context", "--format", "json")
    assert ran.code == 0, ran.output
    doc = parsed(ran.stdout)
    story = next(w for w in doc["workItems"] if w["id"] == story_id)
    assert [(c["id"], c["type"], c["state"], c["done"]) for c in story["children"]] == [
        (4251, "Task", "Active", False),
        (4252, "Task", "Closed", True),
    ]
    assert story["children"][0]["title"] == "E-mail the receipt for both payments"
    assert story["children"][0]["url"].endswith("/Fabrikam%20Fiber/_workitems/edit/4251")
    talk = story["discussion"]
    assert [c["date"][:10] for c in talk] == ["2025-10-18", "2025-10-16", "2025-10-15", "2025-10-14"]  # newest first
    assert talk[1] == {
        "author": "Priya Raman",
        "date": talk[1]["date"],
        "text": f"Agreed with finance: {DECIDING}, not 30.",
        "url": story["url"],
    }
    assert talk[2]["text"].startswith("Priya Raman if the card payment fails")  # the mention: a plain name
    assert {
        "title": "Partner receipt",
        "url": f"{ado.base_url}/Contoso%20Platform/_workitems/edit/9001",
    }.items() <= next(w for w in doc["withheld"] if w["title"] == "Partner receipt").items()
    assert "Partner receipt" not in str(story)
    assert "Wrong story" not in ran.stdout  # deleted: never read


def test_the_schema_marks_a_childs_title_and_a_comments_text_as_quoted_data():
    item = SCHEMA["$defs"]["workItem"]["properties"]
    assert item["children"]["items"]["properties"]["title"] == {"$ref": "#/$defs/quoted"}
    said = item["discussion"]["items"]["properties"]
    assert said["text"] == {"$ref": "#/$defs/quoted"} and said["author"] == {"$ref": "#/$defs/quoted"}
