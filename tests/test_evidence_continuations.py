"""Issue 32's known false positive of a wrapped expression: a line a formatter starts with an operator (`+`, `?`, `:`,
`??`, `?:`, `|>`, `and`, `or`, as `.`, `&&` and `||`) continues the line above, in every language that wraps so. Read
as its own line, it was a block under the line it continues, claimed by the neighbour whose code that line writes
(summary/evidence_claims.logical)."""

from __future__ import annotations

import pytest

from doc_context.change.index import FileWords
from doc_context.change.unified import parse_diff
from doc_context.summary.evidence_claims import logical
from tests.diffs import changed
from tests.evidence_paths import evidence

PASS = "Pass `{name}` through to the cookie jar."
WRITE = "Add `{name}` to write a cookie's header."
WRAPPED = [  # (language, path, this criterion's name, the neighbour's call, the expression as a formatter wraps it)
    ("TypeScript ??", "src/cookies.ts", "partitioned", "setCookieHeader", [
        "  const header = setCookieHeader(name, value)",
        "    ?? defaultHeader(partitioned);",
    ]),
    ("TypeScript ternary", "src/cookies.ts", "partitioned", "setCookieHeader", [
        "  const header = setCookieHeader(name, value)",
        "    ? withFlag(partitioned)",
        "    : undefined;",
    ]),
    ("Java +", "src/main/java/org/acme/Cookies.java", "partitioned", "setCookieHeader", [
        "        String header = setCookieHeader(name, value)",
        "                + partitionedFlag(partitioned);",
    ]),
    ("C# ternary", "src/Cookies/Writer.cs", "Partitioned", "SetCookieHeader", [
        "        var header = SetCookieHeader(name, value) is null",
        "            ? string.Empty",
        "            : WithFlag(Partitioned);",
    ]),
    ("Kotlin ?:", "src/main/kotlin/acme/Cookies.kt", "partitioned", "setCookieHeader", [
        "        val header = setCookieHeader(name, value)",
        "            ?: defaultHeader(partitioned)",
    ]),
    ("Elixir |>", "lib/acme/cookies.ex", "partitioned", "set_cookie_header", [
        "    header = set_cookie_header(name, value)",
        "      |> with_flag(partitioned)",
    ]),
    ("Perl or", "lib/Acme/Cookies.pm", "partitioned", "set_cookie_header", [
        "    my $header = set_cookie_header($name, $value)",
        "        or default_header($partitioned);",
    ]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "path", "mine", "theirs", "lines"), WRAPPED, ids=[c[0] for c in WRAPPED])
def test_a_line_starting_with_an_operator_continues_the_line_above(language, path, mine, theirs, lines) -> None:
    """The wrapped expression keeps the evidence it keeps on one line: this criterion's name is written beside the
    neighbour's call, in the same expression, not in a block under it."""
    criterion, sibling = PASS.format(name=mine), WRITE.format(name=theirs)
    one_line = changed(path, " ".join(line.strip() for line in lines))
    assert evidence(criterion, one_line, siblings=[sibling]) == [f"/{path}"], language
    assert evidence(criterion, changed(path, *lines), siblings=[sibling]) == [f"/{path}"], language
    assert evidence(sibling, changed(path, *lines), siblings=[criterion]) == [f"/{path}"], language


@pytest.mark.parametrize(
    ("lines", "heads"),
    [
        (["total = subtotal", "  + shipping", "  + tax"], [0, 0, 0]),
        (["Widget::Widget(int size)", "    : size_(size)"], [0, 0]),  # C++'s member initializers
        (["value = cached", "  ?? load()"], [0, 0]),
        (["- first item", "- second item"], [0, 1]),  # a list's items
        (["* first item", "* second item"], [0, 1]),
        (["before_save :normalize", ":partitioned"], [0, 1]),  # a symbol, no operator
        (["count = 1", "order = build()", "android = True"], [0, 1, 2]),  # words beginning with and, or
    ],
)
def test_logical_lines(lines, heads) -> None:
    """Each line's logical line: an operator starting it continues the line above; a list's item, a symbol, or a
    word beginning with `and` or `or` starts a line of its own."""
    added = parse_diff(changed("src/a.txt", *lines)).files[0].added
    assert logical(FileWords(added)) == heads
