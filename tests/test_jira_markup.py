"""A Jira rich-text field -> markdown (sources/jira/markup.py), table-driven: ADF nodes as Atlassian's document
structure page lists them, wiki markup as its notation help gives it (jira.md §4), and renderedFields' HTML first.
Whatever comes in, no raw ADF JSON and no wiki markup comes out (a property)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doc_context.sources.jira.markup import adf_markdown, field_markdown, wiki_markdown


def doc(*blocks: dict) -> dict:
    return {"type": "doc", "version": 1, "content": list(blocks)}


def para(*inline: dict) -> dict:
    return {"type": "paragraph", "content": list(inline)}


def text(value: str, *marks: dict) -> dict:
    return {"type": "text", "text": value, **({"marks": list(marks)} if marks else {})}


def items(kind: str, *texts: str, **attrs: object) -> dict:
    listed = [{"type": "listItem", "content": [para(text(t))]} for t in texts]
    return {"type": kind, "content": listed, **({"attrs": attrs} if attrs else {})}


@pytest.mark.parametrize(
    ("adf", "markdown"),
    [
        (doc(para(text("Main order flow broken"))), "Main order flow broken"),  # S1's getIssue example
        (doc({"type": "heading", "attrs": {"level": 3}, "content": [text("Rules")]}), "### Rules"),
        (doc(para(text("a "), text("b", {"type": "strong"}), text(" "), text("c", {"type": "em"}))), "a **b** _c_"),
        (doc(para(text("x", {"type": "code"}))), "`x`"),
        (
            doc(para(text("spec", {"type": "link", "attrs": {"href": "https://x.example/s"}}))),
            "[spec](https://x.example/s)",
        ),
        (doc(para(text("bad", {"type": "link", "attrs": {"href": "javascript:alert(1)"}}))), "bad"),
        (doc(items("bulletList", "one", "two")), "- one\n- two"),
        (doc(items("orderedList", "one", "two", order=3)), "3. one\n4. two"),
        (doc({"type": "codeBlock", "attrs": {"language": "py"}, "content": [text("x = 1")]}), "```\nx = 1\n```"),
        (
            doc({"type": "panel", "attrs": {"panelType": "warning"}, "content": [para(text("Careful"))]}),
            "> **Warning:** Careful",
        ),
        (doc({"type": "blockquote", "content": [para(text("q"))]}), "> q"),
        (doc({"type": "rule"}), "---"),
        (doc(para(text("a"), {"type": "hardBreak"}, text("b"))), "a\nb"),
        (doc(para({"type": "mention", "attrs": {"id": "5b10ac8d82e05b22cc7d4ef5", "text": "@Mia"}})), "@Mia"),
        (
            doc(para({"type": "inlineCard", "attrs": {"url": "https://acme.atlassian.net/browse/PAY-1"}})),
            "<https://acme.atlassian.net/browse/PAY-1>",
        ),
        (doc(para({"type": "status", "attrs": {"text": "DONE", "color": "green"}})), "[DONE]"),
        (doc({"type": "mediaSingle", "content": [{"type": "media", "attrs": {"id": "x"}}]}), ""),
        (
            doc(
                {
                    "type": "table",
                    "content": [
                        {
                            "type": "tableRow",
                            "content": [
                                {"type": "tableHeader", "content": [para(text("K"))]},
                                {"type": "tableHeader", "content": [para(text("V"))]},
                            ],
                        },
                        {
                            "type": "tableRow",
                            "content": [
                                {"type": "tableCell", "content": [para(text("a|b"))]},
                                {"type": "tableCell", "content": [para(text("1"))]},
                            ],
                        },
                    ],
                }
            ),
            "| K | V |\n| --- | --- |\n| a\\|b | 1 |",
        ),
        (doc({"type": "expand", "content": [para(text("inside"))]}), "inside"),
    ],
)
def test_adf(adf, markdown):
    assert adf_markdown(adf) == markdown


@pytest.mark.parametrize(
    ("wiki", "markdown"),
    [
        ("h2. Receipts", "## Receipts"),
        ("Send a *receipt* now", "Send a **receipt** now"),
        ("_soon_ and {{code()}}", "_soon_ and `code()`"),
        ("-gone- but re-read", "~~gone~~ but re-read"),
        (
            "[the spec|https://x.example/s] and [https://y.example]",
            "[the spec](https://x.example/s) and <https://y.example>",
        ),
        ("* one\n** two\n# three", "- one\n   - two\n1. three"),
        ("{code:java}\nint *x* = 1;\n{code}", "```\nint *x* = 1;\n```"),  # no markup inside code
        ("{noformat}a_b_c{noformat}", "```\na_b_c\n```"),
        ("bq. quoted", "> quoted"),
        ("{quote}said{quote}", "said"),
        ("{panel:title=T}inside{panel}", "inside"),
        ("||K||V||\n|a|1|", "| K | V |\n| --- | --- |\n| a | 1 |"),
        ("[~jdoe] asked", "@jdoe asked"),
        ("!screenshot.png|thumbnail! see", "see"),
        ("----", "---"),
    ],
)
def test_wiki_markup(wiki, markdown):
    assert wiki_markdown(wiki) == markdown


def test_rendered_html_wins_over_the_raw_field():
    assert field_markdown("<p>Send a <b>receipt</b></p>", {"type": "doc", "content": []}) == "Send a **receipt**"
    assert field_markdown(None, "h1. Raw") == "# Raw" and field_markdown("", doc(para(text("adf")))) == "adf"
    assert field_markdown(None, None) == "" and field_markdown(None, 42) == ""


NODE_TYPES = st.sampled_from(["paragraph", "heading", "text", "bulletList", "listItem", "codeBlock", "table", "x", 7])
nodes = st.recursive(
    st.fixed_dictionaries(
        {"type": NODE_TYPES},
        optional={
            "text": st.text(max_size=20),
            "attrs": st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5)),
        },
    ),
    lambda children: st.fixed_dictionaries({"type": NODE_TYPES, "content": st.lists(children, max_size=4)}),
    max_leaves=20,
)


@given(st.lists(nodes, max_size=5))
def test_any_adf_gives_text_never_its_json(content):
    out = adf_markdown({"type": "doc", "version": 1, "content": content})
    assert '"type"' not in out and "{'type'" not in out
    assert isinstance(json.dumps(out), str)
