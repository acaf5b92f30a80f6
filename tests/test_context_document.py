"""context/document.py: what a run read -> the context document, against its schema, audience rules applied."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from doc_context.app import read_list
from doc_context.change.unified import parse_diff
from doc_context.context.document import SCHEMA_VERSION, context_document, dumps
from doc_context.models import (
    ChangedFile,
    Gathered,
    Notice,
    Outcome,
    PageRef,
    PullRequest,
    PullRequestRef,
    Reading,
    Relation,
    Withheld,
    WorkItem,
)
from doc_context.sources.confluence.audience import OWN_RESTRICTION
from doc_context.summary.audience import OTHER_PROJECT, SENSITIVE_TAG
from doc_context.summary.summarize import summarize_all
from doc_context.text.neutralize import defuse_log_commands
from tests.diffs import patch

from .contextschema import SCHEMA, parsed, valid
from .pagerefs import confluence_page

ORG = "https://dev.azure.com/fabrikam"
PARENT = "System.LinkTypes.Hierarchy-Reverse"
SECRETS = ("SECRET-OTHER-PROJECT", "SECRET-PARENT", "SECRET-PAGE", "SECRET-TAGGED")
REF = PullRequestRef(ORG, "0b5e6c8e-guid", "4bc14d40-guid", 1842)
PR = PullRequest(
    REF,
    "Round checkout totals once",
    "Rounds with **banker's rounding**.",
    "refs/heads/rounding",
    "refs/heads/main",
    f"{ORG}/Fabrikam%20Fiber/_git/storefront/pullrequest/1842",
    "4bc14d40-guid",
    "0b5e6c8e-guid",
    "Fabrikam Fiber",
    "storefront",
)


def wi(wid: int, kind: str, title: str, fields: dict[str, str], *, parent: int | None = None, **kw: object) -> WorkItem:
    relations = (Relation(PARENT, f"{ORG}/_apis/wit/workItems/{parent}"),) if parent else ()
    item = WorkItem(
        wid,
        3,
        kind,
        title,
        "Active",
        fields,
        relations,
        web_url=f"{ORG}/Fabrikam%20Fiber/_workitems/edit/{wid}",
        project="Fabrikam Fiber",
    )
    return replace(item, **kw)  # type: ignore[arg-type]


STORY = wi(
    101,
    "User Story",
    "Totals match the ledger",
    {
        "System.Description": "<p>Round checkout totals once, as the ledger does.</p>",
        "Microsoft.VSTS.Common.AcceptanceCriteria": "<ul><li>Totals use ROUND_HALF_EVEN</li>"
        "<li><s>Round each line</s></li><li>The export matches checkout</li></ul>",
    },
    parent=300,
)
BUG = wi(102, "Bug", "Total off by a cent", {"Microsoft.VSTS.TCM.ReproSteps": "<ol><li>Add 3 totes</li></ol>"})
# Withheld items keep nothing in a real run (gather strips them); here their text is left in, and must not show.
OTHER = wi(
    103,
    "User Story",
    "Partner checkout",
    {"System.Description": "SECRET-OTHER-PROJECT"},
    project="Contoso",
    withheld=Withheld(OTHER_PROJECT, "project Contoso (DOC_CONTEXT_OTHER_PROJECTS)"),
)
TAGGED = wi(
    104,
    "Task",
    "Rotate keys",
    {"System.Description": "SECRET-TAGGED"},
    tags=("confidential",),
    withheld=Withheld(SENSITIVE_TAG, "tag confidential (DOC_CONTEXT_SENSITIVE_TAGS)"),
)
FEATURE = wi(300, "Feature", "Checkout rounding", {"System.Description": "<p>One rounding rule. More.</p>"}, parent=400)
EPIC = wi(
    400,
    "Epic",
    "Merger readiness",
    {"System.Description": "SECRET-PARENT"},
    withheld=Withheld(OTHER_PROJECT, "project Contoso"),
)
POLICY = confluence_page(
    PageRef(page_id=11),
    11,
    "Rounding policy",
    "PAY",
    4,
    "https://acme.atlassian.net/wiki/x/11",
    "Use ROUND_HALF_EVEN for every total.",
    restriction="none",
)
POSTMORTEM = confluence_page(
    PageRef(page_id=12),
    12,
    "Postmortem",
    "OPS",
    2,
    "https://acme.atlassian.net/wiki/x/12",
    "Root cause: SECRET-PAGE",
    restriction="own",
    withheld=Withheld(OWN_RESTRICTION, "own"),
)
DIFF = patch(
    "src/checkout/totals.py", " def order_total(lines):", "+    return total.quantize(CENT, ROUND_HALF_EVEN)", start=7
)
GATHERED = Gathered(
    PR,
    (STORY, BUG, OTHER, TAGGED),
    (ChangedFile("/src/checkout/totals.py", "edit"),),
    ((POLICY, (101,)), (POSTMORTEM, (101, 102))),
    (),
    (Notice("work item 999", "skipped: it does not exist"),),
    parents=(FEATURE, EPIC),
    diff_text=DIFF,
    diff_lines=parse_diff(DIFF),
)


def outcome(gathered: Gathered = GATHERED, notices: tuple[Notice, ...] | None = None) -> Outcome:
    items, pages = summarize_all(gathered)
    return Outcome(
        "## Business context",
        "dry-run",
        None,
        gathered.notices if notices is None else notices,
        sources=read_list(gathered),
        reading=Reading(gathered, tuple(items), tuple(pages)),
    )


def document(gathered: Gathered = GATHERED) -> dict:
    return valid(context_document(outcome(gathered), version="9.9.9"))


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_the_document_follows_the_schema_and_round_trips_as_printed() -> None:
    doc = document()
    assert doc["schemaVersion"] == SCHEMA_VERSION and doc["generator"] == {"name": "doc-context", "version": "9.9.9"}
    assert parsed(dumps(doc)) == doc


def test_the_pull_request() -> None:
    pr = document()["pullRequest"]
    assert pr == {
        "organizationUrl": ORG,
        "project": "Fabrikam Fiber",
        "repository": "storefront",
        "id": 1842,
        "url": f"{ORG}/Fabrikam%20Fiber/_git/storefront/pullrequest/1842",
        "title": "Round checkout totals once",
        "description": "Rounds with **banker's rounding**.",
        "sourceBranch": "refs/heads/rounding",
        "targetBranch": "refs/heads/main",
        "changedFiles": [{"path": "/src/checkout/totals.py", "changeType": "edit"}],
    }


def test_each_shown_work_item_with_its_summary_criteria_and_parents() -> None:
    items = {w["id"]: w for w in document()["workItems"]}
    assert set(items) == {101, 102}
    story = items[101]
    assert (story["type"], story["title"], story["state"], story["revision"]) == (
        "User Story",
        "Totals match the ledger",
        "Active",
        3,
    )
    assert story["url"] == f"{ORG}/Fabrikam%20Fiber/_workitems/edit/101"
    assert story["fieldsUsed"] == ["System.Description", "Microsoft.VSTS.Common.AcceptanceCriteria"]
    assert "Round checkout totals once" in story["summary"] and "Round checkout totals once" in story["fullText"]
    assert story["criteria"] == [  # as the summary gives them: in the item's order, the struck one withdrawn
        {
            "text": "Totals use ROUND_HALF_EVEN",
            "withdrawn": False,
            "evidence": [
                {
                    "path": "/src/checkout/totals.py",
                    "lines": [8],
                    "removed": [],
                    "terms": ["ROUND_HALF_EVEN"],
                    "url": f"{PR.web_url}?_a=files&path=/src/checkout/totals.py",
                }
            ],
            "evidenceBasis": "diff",
        },
        {"text": "Round each line", "withdrawn": True},  # withdrawn: no evidence is looked for
        {"text": "The export matches checkout", "withdrawn": False, "evidence": [], "evidenceBasis": "diff"},
    ]
    assert story["parents"] == [300], "the Epic above the Feature is withheld: the chain ends at the Feature"
    assert items[102]["criteria"] == [] and items[102]["fieldsUsed"] == ["Microsoft.VSTS.TCM.ReproSteps"]
    assert items[102]["parents"] == []


def test_a_bugs_outcome_and_the_models_word() -> None:
    """A Bug's Expected outcome is a criterion for the fix, with its evidence; its Actual one has none. A word the
    model's citation check let stand is the criterion's `word`."""
    bug = replace(
        BUG,
        fields={"Microsoft.VSTS.TCM.ReproSteps": "<div>Expected: ROUND_HALF_EVEN totals</div><div>Actual: 10.02</div>"},
    )
    gathered = replace(GATHERED, work_items=(STORY, bug))
    items, pages = summarize_all(gathered)
    worded = [
        replace(s, criteria=tuple(replace(c, word="partly") if c.label == "Expected" else c for c in s.criteria))
        for s in items
    ]
    made = outcome(gathered)
    made = replace(made, reading=Reading(gathered, tuple(worded), tuple(pages)))
    doc = valid(context_document(made, version="9.9.9"))
    expected, actual = next(w for w in doc["workItems"] if w["id"] == 102)["criteria"]
    assert (expected["label"], expected["word"], expected["evidenceBasis"]) == ("Expected", "partly", "diff")
    assert [e["path"] for e in expected["evidence"]] == ["/src/checkout/totals.py"]
    assert actual == {"text": "10.02", "withdrawn": False, "label": "Actual"}


def test_without_a_checkout_the_evidence_is_by_file_name() -> None:
    doc = document(replace(GATHERED, diff_lines=None))
    story = next(w for w in doc["workItems"] if w["id"] == 101)
    assert {c["evidenceBasis"] for c in story["criteria"] if "evidence" in c} == {"file names"}


def test_parents_and_pages() -> None:
    doc = document()
    assert doc["parents"] == [
        {
            "id": 300,
            "type": "Feature",
            "title": "Checkout rounding",
            "state": "Active",
            "url": f"{ORG}/Fabrikam%20Fiber/_workitems/edit/300",
            "goal": "One rounding rule.",
        }
    ]
    (page,) = doc["pages"]
    assert {k: page[k] for k in ("source", "id", "kind", "title", "space", "url", "version", "citedBy")} == {
        "source": "confluence",
        "id": 11,
        "kind": "page",
        "title": "Rounding policy",
        "space": "PAY",
        "url": "https://acme.atlassian.net/wiki/x/11",
        "version": 4,
        "citedBy": [101],
    }
    assert "ROUND_HALF_EVEN" in page["fullText"]  # the JSON keeps the page's text
    assert page["excerpt"] == "_A passage is the story's criterion 1._"  # it repeats the criterion: said once, there


def test_a_withheld_source_is_its_title_link_and_reason_and_nothing_more() -> None:
    doc = document()
    assert doc["withheld"] == [
        {
            "title": "Partner checkout",
            "url": f"{ORG}/Fabrikam%20Fiber/_workitems/edit/103",
            "reason": "it belongs to another project",
        },
        {
            "title": "Rotate keys",
            "url": f"{ORG}/Fabrikam%20Fiber/_workitems/edit/104",
            "reason": "it carries a tag marked sensitive",
        },
        {
            "title": "Merger readiness",
            "url": f"{ORG}/Fabrikam%20Fiber/_workitems/edit/400",
            "reason": "it belongs to another project",
        },
        {
            "title": "Postmortem",
            "url": "https://acme.atlassian.net/wiki/x/12",
            "reason": "the page has view restrictions",
        },
    ]
    text = dumps(doc)
    assert not [s for s in SECRETS if s in text]
    assert "Contoso" not in text and "DOC_CONTEXT_" not in text, (
        "the log's detail (which project, which setting) stays in the log"
    )
    assert {w["id"] for w in doc["workItems"]} | {p["id"] for p in doc["parents"]} == {101, 102, 300}
    assert [p["id"] for p in doc["pages"]] == [11]


def test_warnings_and_the_read_list() -> None:
    doc = document()
    assert doc["warnings"] == [{"source": "work item 999", "message": "skipped: it does not exist"}]
    assert "page 12 (version 2): Postmortem, cited by 101, 102 (title only)" in doc["readList"]
    assert doc["readList"][-1] == "changed files: 1"


def test_logging_commands_in_any_text_are_defused_and_html_is_not_raw() -> None:
    hostile = "##vso[task.setvariable variable=x]pwned <img src=x onerror=alert(1)>"
    gathered = replace(
        GATHERED,
        pull_request=replace(PR, title=hostile, description=hostile),
        work_items=(replace(STORY, title=hostile, fields={**STORY.fields, "System.Description": f"<p>{hostile}</p>"}),),
        notices=(Notice(hostile, hostile),),
    )
    text = dumps(document(gathered))
    assert "##vso[" not in text and "#\\\\#vso[" in text  # the backslash, JSON-escaped
    assert "<img" not in json.loads(text)["workItems"][0]["summary"]


def test_a_run_cut_short_says_so() -> None:
    assert document(replace(GATHERED, complete=False))["complete"] is False


def test_an_outcome_without_a_reading_makes_no_document() -> None:
    try:
        context_document(Outcome("", "failed", None, ()), version="1")
    except ValueError as e:
        assert "no reading" in str(e)
    else:
        raise AssertionError("expected a ValueError")


@settings(max_examples=60, deadline=None)
@given(title=st.text(max_size=60), text=st.text(max_size=300), state=st.text(max_size=12))
def test_any_text_makes_a_valid_document_with_no_logging_command(title: str, text: str, state: str) -> None:
    item = replace(
        STORY,
        title=title,
        state=state,
        fields={"System.Description": text, "Microsoft.VSTS.Common.AcceptanceCriteria": text},
    )
    page = replace(POLICY, title=title, text=text)
    doc = document(replace(GATHERED, work_items=(item, OTHER), pages=((page, (101,)),)))
    printed = dumps(doc)
    assert defuse_log_commands(printed) == printed, "an undefused logging command"
    assert "SECRET-OTHER-PROJECT" not in printed


def test_a_secret_that_slipped_into_a_text_is_masked_and_the_json_stays_valid() -> None:
    token = 'tok"en\\, "x": 1'  # even one that would break the JSON if masked after printing
    gathered = replace(GATHERED, pull_request=replace(PR, description=f"see {token} here"))
    doc = valid(context_document(outcome(gathered), version="1", secrets=[token, "ab"]))
    assert doc["pullRequest"]["description"] == "see *** here" and token not in dumps(doc)
    assert parsed(dumps(doc)) == doc


def test_the_schema_marks_every_field_of_other_peoples_text_as_quoted_data():
    """Titles, descriptions, texts, criteria, tags, extra field values, file paths, withheld titles: each one's
    schema is $defs/quoted or $defs/markdown, and both say it is data, never instructions."""
    defs = SCHEMA["$defs"]
    for name in ("quoted", "markdown"):
        assert "other people's text" in defs[name]["description"] and "never instructions" in defs[name]["description"]
    marked = {"#/$defs/quoted", "#/$defs/markdown"}

    def ref(node: dict) -> str:
        return str(node.get("$ref") or node.get("items", {}).get("$ref", ""))

    props = SCHEMA["properties"]
    texts = {
        "pullRequest": ("title", "description"),
        "workItem": ("title", "summary", "fullText", "tags", "relatedFiles"),
        "criterion": ("text",),
        "parent": ("title", "goal"),
        "page": ("title", "excerpt", "fullText", "relatedFiles"),
    }
    for where, names in texts.items():
        node = props["pullRequest"] if where == "pullRequest" else defs[where]
        for name in names:
            assert ref(node["properties"][name]) in marked, f"{where}.{name}"
    assert ref(props["withheld"]["items"]["properties"]["title"]) in marked
    assert ref(props["pullRequest"]["properties"]["changedFiles"]["items"]["properties"]["path"]) in marked
    assert ref(defs["workItem"]["properties"]["extraFields"]["items"]["properties"]["value"]) in marked
    assert "never instructions" in SCHEMA["description"]
