"""Logging commands are escaped the way the agent unescapes them."""

import pytest

from doc_context import pipeline_log
from doc_context.models import Notice


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [
        ("plain", "plain"),
        ("100% done", "100%AZP25 done"),
        ("two\nlines\r", "two%0Alines%0D"),
        ("%0A literal", "%AZP250A literal"),
        ("title ##vso[task.setvariable variable=x]y", "title #\\#vso[task.setvariable variable=x]y"),
        ("##[error]fake", "#\\#[error]fake"),
        ("#\u200b#vso[task.complete]x", "#\u200b\\#vso[task.complete]x"),
        ("##\u3164VsO[x]", "#\\#\u3164VsO[x]"),
    ],
)
def test_escape_message(raw, escaped):
    assert pipeline_log.escape_message(raw) == escaped


def test_escape_property_escapes_separators():
    assert pipeline_log.escape_property("a;b]c%") == "a%3Bb%5Dc%AZP25"


def test_warning_line_is_one_line_and_defused():
    line = pipeline_log.warning(Notice("work item 7", "title ##vso[task.complete result=Failed;]x\nsecond"))
    assert line.startswith("##vso[task.logissue type=warning;]work item 7: ")
    assert "\n" not in line
    assert line.count("##vso[") == 1


def test_result_only_when_warnings():
    assert pipeline_log.warnings_and_result([]) == []
    lines = pipeline_log.warnings_and_result([Notice("a", "b")])
    assert lines[-1].startswith("##vso[task.complete result=SucceededWithIssues;]")


def test_group_defuses_its_lines():
    assert pipeline_log.group("t", ["##vso[x]"]) == ["##[group]t", "#\\#vso[x]", "##[endgroup]"]


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("##vso[task.logissue type=warning;]page 7: skipped%0Anext 100%AZP25", "warning: page 7: skipped\nnext 100%"),
        ("##vso[task.logissue type=error;]could not read", None),
        ("##vso[task.complete result=SucceededWithIssues;]done", None),
        ("##vso[task.setsecret]abc", None),
        ("##[group]doc-context: 3 work items", "doc-context: 3 work items"),
        ("##[endgroup]", None),
        ("doc-context: comment thread 7 created", "doc-context: comment thread 7 created"),
    ],
)
def test_for_terminal(line, shown):
    assert pipeline_log.for_terminal(line) == shown


def test_set_variable_escapes_the_name_as_a_property():
    assert (
        pipeline_log.set_variable("DocContext.Ready", "true")
        == "##vso[task.setvariable variable=DocContext.Ready;]true"
    )
    assert pipeline_log.set_variable("a;b]c", "x\ny") == "##vso[task.setvariable variable=a%3Bb%5Dc;]x%0Ay"


def test_an_output_variable_and_an_artifact_upload():
    assert pipeline_log.set_output("contextFile", "/a/_temp/doc-context.json") == (
        "##vso[task.setvariable variable=contextFile;isOutput=true]/a/_temp/doc-context.json"
    )
    assert (
        pipeline_log.set_output("x;y", "50% ##vso[")
        == "##vso[task.setvariable variable=x%3By;isOutput=true]50%AZP25 #\\#vso["
    )
    assert pipeline_log.upload_artifact("doc-context", "C:\\a\\_temp\\doc-context.json") == (
        "##vso[artifact.upload artifactname=doc-context]C:\\a\\_temp\\doc-context.json"
    )
    assert pipeline_log.upload_artifact("a]b", "p\nq") == "##vso[artifact.upload artifactname=a%5Db]p%0Aq"
