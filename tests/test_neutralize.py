"""neutralize: untrusted markdown defused, its code kept as written (text/neutralize.py, text/codespans.py).

What a renderer makes of the output is checked with markdown-it-py (CommonMark with GFM tables, raw HTML
enabled so any that slipped through would show).
"""

from __future__ import annotations

import html
import re
import unicodedata

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from doc_context.comment.render import render_comment
from doc_context.models import Summary, WorkItem
from doc_context.summary.summarize import work_item_summary
from doc_context.text.htmltext import html_to_markdown
from doc_context.text.neutralize import defuse_log_commands, neutralize, neutralize_inline, strip_invisible
from doc_context.text.storage import storage_to_markdown

from .rendering import visible_text

RENDERER = MarkdownIt("commonmark", {"html": True}).enable("table")
RAW_TAG = re.compile(r"<(?:x|b|img|script|details)[\s/>]", re.IGNORECASE)  # no markdown syntax makes these
SAFE_HREF = re.compile(r'href="(?:https?://|mailto:|#)', re.IGNORECASE)
END = "#### END"  # the comment's next section starts so


def tokens(markdown: str) -> list[Token]:
    def walk(found: list[Token]) -> list[Token]:
        return [t for token in found for t in (token, *walk(token.children or []))]

    return walk(RENDERER.parse(markdown))


def assert_defused(out: str) -> None:
    html = RENDERER.render(out)
    assert not RAW_TAG.search(html), html
    assert not [t for t in tokens(out) if t.type in ("html_block", "html_inline")], html
    assert not re.search(r"<h[1-6]|<hr", html), html  # no heading or rule breaks the layout
    assert html.count("href=") == len(SAFE_HREF.findall(html)), html
    assert "##vso[" not in out.lower() and "##[" not in out
    assert "@<" not in out  # the only form of a mention in a comment
    assert not any(unicodedata.category(c) == "Cf" for c in out)
    assert RENDERER.render(out + "\n\n" + END).endswith("<h4>END</h4>\n")  # no fence swallows the rest


# ---- as before ----------------------------------------------------------------------------

NEUTRALIZE = [
    ("plain text", "The total is wrong.", "The total is wrong."),
    ("logging command", "##vso[task.setvariable variable=x]1", "#\\#vso[task.setvariable variable=x]1"),
    ("logging command upper case", "x ##VSO[task.complete]", "x #\\#VSO[task.complete]"),
    ("formatting command", "##[error]boom", "#\\#[error]boom"),
    ("logging command hidden by zero widths", "#\u200b#v\u00adso\ufe0f[task.complete]", "#\\#vso[task.complete]"),
    ("script tag", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("comment tag", "<!-- x -->", "&lt;!-- x --&gt;"),
    ("plain at-name mentions nobody", "ping @alice, ops@acme.example", "ping @alice, ops@acme.example"),
    ("ado mention", "@<6A3E-11>", "@&lt;6A3E-11&gt;"),
    ("invisible characters", "a\u200bb\u200dc\u2060d\ufeffe\u00adf\u202eg\u2066h\x85i", "abcdefghi"),
    ("lone at", "a @ b", "a @ b"),
    ("fence", "```\ncode", "\\`\\`\\`\ncode"),
    ("tilde fence", "~~~python", "\\~~~python"),
    ("heading", "## heading", "\\## heading"),
    ("indented heading", "  # title", "  \\# title"),
    ("hash number", "#123 is a work item", "#123 is a work item"),
    ("setext dashes", "Title\n---", "Title\n\\---"),
    ("setext equals", "Title\n===", "Title\n\\==="),
    ("thematic break", "* * *", "\\* * *"),
    ("list item kept", "- item\n1. item", "- item\n1. item"),
    ("image", "see ![chart](https://evil.example/p.png)", "see (image: chart, https://evil.example/p.png)"),
    ("reference image", "![chart][r]", "!\\[chart][r]"),
    ("link kept", "[docs](https://x.io)", "[docs](https://x.io)"),
    ("control chars", "a\x00b\x1bc\r\nd", "abc\nd"),
    ("blockquote kept", "> quoted\n>\n> more", "> quoted\n>\n> more"),
    ("nested quote kept", "> > deep", "> > deep"),
    ("tag in a quote", "> <b>x</b> a>b", "> &lt;b&gt;x&lt;/b&gt; a&gt;b"),
    ("heading in a quote", "> ## title", "> \\## title"),
    ("rule in a quote", ">---", ">\\---"),
    ("heading in a list item", "- # x", "- \\# x"),
    ("rule in a nested list item", "1. - ---", "1. \\- ---"),
    ("fence in a list item", "+ ~~~", "+ \\~~~"),
    ("heading in a quoted list item", "> 1) ## x", "> 1) \\## x"),
    ("not at the start", "a > b", "a &gt; b"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in NEUTRALIZE], ids=[c[0] for c in NEUTRALIZE])
def test_neutralize(text: str, expected: str) -> None:
    assert neutralize(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a\nb\t c", "a b c"),
        ("[x](y)", "\\[x\\](y)"),
        ("back\\slash]", "back\\\\slash\\]"),
        ("## x", "\\## x"),
    ],
)
def test_neutralize_inline(text: str, expected: str) -> None:
    assert neutralize_inline(text) == expected


def test_links_to_other_schemes_stay_text() -> None:
    assert (
        neutralize("[x](javascript:alert(1)) [y](https://ok.example)")
        == "[x]\\(javascript:alert(1)) [y](https://ok.example)"
    )
    assert neutralize("[z]( data:text/html,abc)") == "[z]\\( data:text/html,abc)"
    assert neutralize("[ref]: javascript:alert(1)") == "\\[ref]: javascript:alert(1)"


# ---- safe, and code as written --------------------------------------------------------------

MARKDOWNISH = st.sampled_from(
    [*"`<>|\\-*#[]()!@&; \n", "\n\n", "```", "    ", "img", "b", "x", "1.", "a", "7", "http://e.x/", "vso"]
)


@pytest.mark.e2e  # slow (over a second): the full suite runs it, the fast tier leaves it out
@settings(max_examples=1500, deadline=None)
@given(st.lists(MARKDOWNISH, max_size=40).map("".join) | st.text())
@example("```\n<b>x</b>\n```")
@example("- a\n  ```\n     ```\n  <b>x</b>\n  ```")  # a list item's fence closes on the deeper line
@example("| a |\n| - |\n```\n<b>x</b>\n```")  # after a table row: a row to markdown-it
@example("[a\nb]:\n```\n<b>x</b>\n```")  # a link definition's destination
@example("a `\n`<b>` c")  # the first line's backtick pairs across the line
@example("| `a|` `<b>` |\n| - |")
@example("- #")  # a heading in a list item (hypothesis found it)
@example("1. - ---\n+ * * *")  # rules in nested list items
def test_neutralize_defuses_anything(text: str) -> None:
    assert_defused(neutralize(text))
    assert_defused(neutralize_inline(text))
    assert "\n" not in neutralize_inline(text)


def expected(code: str) -> str:
    """What a reader sees of code: invisible and control characters gone, logging commands defused."""
    return defuse_log_commands(strip_invisible(re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", "", code)))


CODE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r"), max_size=80)


@settings(max_examples=500, deadline=None)
@given(code=CODE, info=st.sampled_from(["", "bash", "c++", "python"]), indent=st.sampled_from(["", "  "]))
@example(code="echo *a* &amp; List<T>\n# not a heading\n<b>x</b>", info="bash", indent="")
@example(code="@\x1f<", info="", indent="")  # visibly `@<` once the control character goes: not kept, by design
def test_a_fence_renders_as_written(code: str, info: str, indent: str) -> None:
    if "@<" in expected(code):  # code that reads as a mention is not kept as code (neutralize's docstring)
        assert not [t for t in tokens(neutralize(f"```\n{code}\n```")) if t.type == "fence" and "@<" in t.content]
        return
    ticks = "`" * max([3] + [len(run) + 1 for run in re.findall(r"`+", code)])
    lines = [indent + line for line in code.split("\n")]
    text = f"Run:\n\n{indent}{ticks}{info}\n" + "\n".join(lines) + f"\n{indent}{ticks}\n\nthen <b>x</b>"
    fences = [t for t in tokens(neutralize(text)) if t.type == "fence"]
    assert [(f.info, f.content) for f in fences] == [(info, expected(code) + "\n")]
    assert_defused(neutralize(text))


SPAN = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="|"), max_size=40)


@settings(max_examples=500, deadline=None)
@given(code=SPAN)
@example(code="List<T> && *p")
@example(code="`<b>`")
@example(code="0`\xad")  # a soft hyphen hid that the code ends with a backtick
def test_a_code_span_renders_as_written(code: str) -> None:
    code = re.sub(r"`+", "`", code).replace("\\`", "`")
    assume("@<" not in code and "\\`" not in f"`{code}`" and expected(code).strip(" "))
    ticks = "``" if "`" in code else "`"
    seen = expected(code)  # invisible characters go first: a backtick they hid may end up beside the fence
    pad = " " if seen.startswith("`") or seen.endswith("`") else ""
    written = f"{ticks}{pad}{code}{pad}{ticks}"
    shown = expected(pad + code + pad)
    shown = shown[1:-1] if shown[0] == shown[-1] == " " else shown  # CommonMark strips one space each side
    spans = [t.content for t in tokens(neutralize(f"a <b> {written} c")) if t.type == "code_inline"]
    assert spans == [expected(shown)]


def test_a_fence_may_interrupt_a_paragraph() -> None:
    assert neutralize("1. Step\n   ```\n   echo <x>\n   ```") == "1. Step\n   ```\n   echo <x>\n   ```"


def test_code_in_the_issue_renders_as_written() -> None:
    out = neutralize("Run:\n\n```bash\necho *a* &amp; List<T>\n```\n\nand `List<T>`")
    assert out == "Run:\n\n```bash\necho *a* &amp; List<T>\n```\n\nand `List<T>`"


INDENTED = [
    # (id, text, the code a reader sees, or None: read as text, defused)
    ("a tab", "\t<", "<\n"),
    ("spaces and a tab", "  \tList<T> *p", "List<T> *p\n"),
    ("after a blank line", "Run:\n\n    if a < b: *p\n\n      x\n\ndone <b>", "if a < b: *p\n\n  x\n"),
    ("backticks inside", "    a ``` b", "a ``` b\n"),
    ("a mention inside", "    @<6A3E-11> <b>", None),
    ("a list item's paragraph", "- item\n\n    <b>", None),
    ("after a quote", "> a\n\n    <b>", "<b>\n"),
    ("after a list", "- a\n\nb\n\n    <b>", "<b>\n"),
    ("a paragraph's lazy line", "a\n    <b>", None),
]


@pytest.mark.parametrize(("text", "code"), [c[1:] for c in INDENTED], ids=[c[0] for c in INDENTED])
def test_indented_code_reads_as_written(text: str, code: str | None) -> None:
    """An indented code block shows its text literally: the escapes text needs (`&lt;`, `\\*`) would show as
    written, so where nothing but code can be read there it is kept as a fence; elsewhere it is text."""
    out = neutralize(text)
    fences = [t.content for t in tokens(out) if t.type in ("fence", "code_block")]
    assert fences == ([code] if code else [])
    assert "&lt;" not in "".join(fences)
    assert_defused(out)


FALLBACK = [
    ("no closer", "```\n<b>"),
    ("closer less indented", "  ```\n  x\n```"),
    ("content less indented", "  ```\nx\n  ```"),
    ("a mention inside", "```\n@<6A3E-11>\n```"),
    ("after a table row", "a | b\n- | -\n```\nx\n```"),
    ("a link definition's destination", "[a\nb]:\n```\nx\n```"),
    ("tilde fence", "~~~\nx\n~~~"),
    ("info with a tag", "```<b>\nx\n```"),
]


@pytest.mark.parametrize("text", [c[1] for c in FALLBACK], ids=[c[0] for c in FALLBACK])
def test_a_fence_read_otherwise_is_escaped(text: str) -> None:
    assert "```" not in neutralize(text) and not [t for t in tokens(neutralize(text)) if t.type == "fence"]


SPANS = [
    ("kept", "a `<b>` c", "a `<b>` c"),
    ("a pipe: a table splits cells first", "a `x|<b>` c", "a `x|&lt;b&gt;` c"),
    ("an earlier line left a backtick open", "a `\n`<b>` c", "a `\n`&lt;b&gt;` c"),
    ("a blank line ends the paragraph", "a `\n\n`<b>` c", "a `\n\n`<b>` c"),
    ("backslash before a backtick", "\\`a `<b>`", "\\`a `&lt;b&gt;`"),
    ("a mention", "`@<6A3E-11>` and @`<6A3E-11>`", "`@&lt;6A3E-11&gt;` and @`&lt;6A3E-11&gt;`"),
    (
        "no link rewriting inside",
        "`[x](javascript:y) ![i](https://e.x/i.png)`",
        "`[x](javascript:y) ![i](https://e.x/i.png)`",
    ),
    ("outside as before", "`x` [y](javascript:z) <i>", "`x` [y]\\(javascript:z) &lt;i&gt;"),
    ("heading with code", "# `<b>`", "\\# `<b>`"),
    ("link definition with code", "[`x`]: javascript:y", "\\[`x`]: javascript:y"),
]


@pytest.mark.parametrize(("text", "out"), [c[1:] for c in SPANS], ids=[c[0] for c in SPANS])
def test_code_spans(text: str, out: str) -> None:
    assert neutralize(text) == out


def test_inline_text_keeps_its_code() -> None:
    assert neutralize_inline("Use `List<T>[0]` > [x]") == "Use `List<T>[0]` &gt; \\[x\\]"
    assert neutralize_inline("> quoted") == "&gt; quoted"


# ---- from the converters to the comment ------------------------------------------------------

GUARD = "if a < b && c: x = *p"


def fences_in(markdown: str) -> list[tuple[str, str]]:
    return [(t.info, t.content) for t in tokens(markdown) if t.type == "fence"]


def test_a_confluence_code_macro_reaches_the_comment_as_written() -> None:
    storage = (
        '<p>The guard:</p><ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python'
        f"</ac:parameter><ac:plain-text-body><![CDATA[{GUARD}]]></ac:plain-text-body></ac:structured-macro>"
        "<p>Keep it &amp;amp; <b>it</b>.</p>"
    )
    text = storage_to_markdown(storage).text
    page = Summary("page 5", "Guard", text, kind="page", url="https://x.atlassian.net/wiki/spaces/S/pages/5")
    for full in (False, True):
        out = render_comment(None, [], [page], full=full)
        assert fences_in(out) == [("python", GUARD + "\n")]
        assert "Keep it &amp; it" in visible_text(out)


def test_a_work_item_pre_reaches_the_comment_as_written() -> None:
    """A <pre> converts to a fence (shown whole in a section's text) or, in repro steps, one code span a line.
    Excerpts never pick code (summary/excerpt.py), so the fence is given as a section's text here."""
    pre = f"<div>The guard:</div><pre>{html.escape(GUARD)}\n  List&lt;T&gt; xs = null;</pre>"
    story = Summary("work item 7", "User Story 7: Guard", html_to_markdown(pre), kind="User Story")
    assert fences_in(render_comment(None, [story], [])) == [("", GUARD + "\n  List<T> xs = null;\n")]
    bug = WorkItem(8, 1, "Bug", "Guard", "Active", fields={"Microsoft.VSTS.TCM.ReproSteps": pre})
    out = render_comment(None, [work_item_summary(bug, (), "")], [])  # a step is one line: each a code span
    assert [t.content for t in tokens(out) if t.type == "code_inline"] == [GUARD, "List<T> xs = null;"]


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
@example("a\u200bb\u00adc\ufeffd\u202ee\u2060f\U000e0001g é")
def test_strip_invisible_drops_every_format_character_and_keeps_the_rest(text: str) -> None:
    """Each distinct character is looked up once; the result is the per-character rule, exactly."""
    selectors = re.compile("[\u034f\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")
    expected = "".join(c for c in selectors.sub("", text) if c.isascii() or unicodedata.category(c) != "Cf")
    assert strip_invisible(text) == expected


def test_only_short_texts_are_remembered_so_a_long_lived_process_stays_small() -> None:
    from doc_context.text import neutralize as module

    before = module._neutralize_remembered.cache_info().currsize
    long = "<b>x</b> " * (module.REMEMBERED_CHARS // 9 + 1)
    assert neutralize(long) == neutralize(long) and module._neutralize_remembered.cache_info().currsize == before
    short = "<b>a short text</b> " + str(before)
    assert neutralize(short) == neutralize(short) == "&lt;b&gt;a short text&lt;/b&gt; " + str(before)
    assert module._neutralize_remembered.cache_info().currsize == before + 1 or before == 512
