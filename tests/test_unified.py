"""change/unified: a git diff read into files and their added and deleted lines; no input makes it raise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doc_context.change.unified import MAX_HELD, MAX_LINE, Diff, DiffReader, parse_diff
from tests.diffs import added, deleted, patch

GIT_DIFF = (
    "diff --git a/gone.py b/gone.py\n"
    "deleted file mode 100644\n"
    "index b2bbfcb..0000000\n"
    "--- a/gone.py\n"
    "+++ /dev/null\n"
    "@@ -1,2 +0,0 @@\n"
    "-old\n"
    "-stuff\n"
    "diff --git a/img.png b/img.png\n"
    "index f584f40..6bf43ff 100644\n"
    "Binary files a/img.png and b/img.png differ\n"
    "diff --git a/keep.txt b/keep.txt\n"
    "index de98044..efad564 100644\n"
    "--- a/keep.txt\n"
    "+++ b/keep.txt\n"
    "@@ -1,3 +1,4 @@\n"
    " a\n"
    "-b\n"
    "+B2\n"
    " c\n"
    "+d\n"
    "\\ No newline at end of file\n"
    "diff --git a/ren.py b/moved.py\n"
    "similarity index 52%\n"
    "rename from ren.py\n"
    "rename to moved.py\n"
    "index 0ec1772..7abbc51 100644\n"
    "--- a/ren.py\n"
    "+++ b/moved.py\n"
    "@@ -2,4 +2,4 @@ r1\n"
    " r2\n"
    " r3\n"
    " r4\n"
    "-r5\n"
    "+r5 changed\n"
    "diff --git a/sp ace.py b/sp ace.py\n"
    "index 7d4290a..407de30 100644\n"
    "--- a/sp ace.py\t\n"
    "+++ b/sp ace.py\t\n"
    "@@ -1 +1 @@\n"
    "-x = 1\n"
    "+x = 2\n"
    r'diff --git "a/tab\\there.py" "b/tab\\there.py"'
    "\n"
    "new file mode 100644\n"
    "index 0000000..bca70f3\n"
    "--- /dev/null\n"
    r'+++ "b/tab\\there.py"'
    "\n"
    "@@ -0,0 +1 @@\n"
    "+q\n"
)


def summary(diff: Diff) -> list[tuple[str, str, str, bool, list[int], list[str], list[int], list[str]]]:
    return [
        (
            f.path,
            f.status,
            f.old_path,
            f.binary,
            list(f.added.numbers),
            f.added.split(),
            list(f.deleted.numbers),
            f.deleted.split(),
        )
        for f in diff.files
    ]


def test_what_git_writes() -> None:
    """Recorded from git 2.x: a deletion, a binary file, a missing final newline, a rename with an edit, a path
    with a space (git ends its ---/+++ lines with a tab) and a quoted path (a backslash in the name)."""
    assert summary(parse_diff(GIT_DIFF)) == [
        ("/gone.py", "deleted", "", False, [], [], [1, 2], ["old", "stuff"]),
        ("/img.png", "modified", "", True, [], [], [], []),
        ("/keep.txt", "modified", "", False, [2, 4], ["B2", "d"], [2], ["b"]),
        ("/moved.py", "renamed", "/ren.py", False, [5], ["r5 changed"], [5], ["r5"]),
        ("/sp ace.py", "modified", "", False, [1], ["x = 2"], [1], ["x = 1"]),
        ("/tab\\there.py", "added", "", False, [1], ["q"], [], []),
    ]


CASES = [
    ("empty", "", []),
    ("not a diff at all", "hello\nworld\n", []),
    (
        "a deleted line that looks like a header",
        patch("a.py", "--- not a header", "+++ nor this", " ctx"),
        [("/a.py", [1], ["++ nor this"], [1], ["-- not a header"])],
    ),
    (
        "a hunk cut short by the next file",
        patch("a.py", "+one").replace("+1,1 @@", "+1,5 @@") + added("b.py", "two"),
        [("/a.py", [1], ["one"], [], []), ("/b.py", [1], ["two"], [], [])],
    ),
    (
        "a hunk header without counts",
        "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -3 +3 @@\n-x\n+y\n",
        [("/a", [3], ["y"], [3], ["x"])],
    ),
    (
        "CRLF line ends",
        "diff --git a/a b/a\r\n--- a/a\r\n+++ b/a\r\n@@ -1 +1 @@\r\n-x\r\n+y\r\n",
        [("/a", [1], ["y"], [1], ["x"])],
    ),
    (
        "no newline at the very end",
        "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y",
        [("/a", [1], ["y"], [1], ["x"])],
    ),
    (
        "a plain diff -u, no git header",
        "--- a/x.txt\n+++ b/x.txt\n@@ -1,2 +1,2 @@\n keep\n-old\n+new\n",
        [("/x.txt", [2], ["new"], [2], ["old"])],
    ),
    ("a garbled hunk header", "diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -x +y @@\n+z\n", [("/a", [], [], [], [])]),
    (
        "a combined diff is not read as a two-way one",
        "diff --cc a.py\nindex 1,2..3\n--- a/a.py\n+++ b/a.py\n@@@ -1,1 -1,1 +1,1 @@@\n- x\n +y\n",
        [],
    ),
    (
        "a binary patch",
        "diff --git a/b.bin b/b.bin\nGIT binary patch\nliteral 5\nMcmZQz\n",
        [("/b.bin", [], [], [], [])],
    ),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_odd_input(text: str, expected: list[tuple[str, list[int], list[str], list[int], list[str]]]) -> None:
    found = [
        (f.path, list(f.added.numbers), f.added.split(), list(f.deleted.numbers), f.deleted.split())
        for f in parse_diff(text).files
    ]
    assert found == expected


def test_a_5_mb_line_is_clipped() -> None:
    diff = added("min.js", "x" * 5_000_000, "after")
    got = parse_diff(diff.encode()).files[0]
    assert list(got.added.numbers) == [1, 2]
    assert got.added.split() == ["x" * (MAX_LINE - 1), "after"]


def test_a_streamed_5_mb_line_is_held_to_a_bound() -> None:
    reader = DiffReader()
    reader.write(b"diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n+")
    for _ in range(80):
        reader.write(b"y" * 65_536)
        assert len(reader._partial) <= MAX_HELD
    reader.write(b"\n")
    assert reader.close().files[0].added.split() == ["y" * (MAX_LINE - 1)]


def test_non_utf8_bytes_are_replaced() -> None:
    got = parse_diff(added("latin1.txt", "x").encode().replace(b"+x", b"+caf\xe9 \xff")).files[0]
    assert got.added.split() == ["caf\ufffd \ufffd"]


def test_line_lookup() -> None:
    lines = parse_diff(patch("a", " a", "+b", " c", "+d", "+e", start=10)).files[0].added
    assert [n for n in range(8, 16) if lines.has(n)] == [11, 13, 14]


def test_a_file_by_path() -> None:
    diff = parse_diff(added("src/a.py", "x") + deleted("src/b.py", "y"))
    assert diff.file("src/a.py") is diff.file("/src/a.py") is diff.files[0]
    assert diff.file("/src/b.py") is diff.files[1]
    assert diff.file("/src/c.py") is None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3_000))
def test_any_bytes_parse(data: bytes) -> None:
    parse_diff(data)
    parse_diff(data.decode("utf-8", "replace"))


HEADERS = st.sampled_from(
    ["diff --git a/a b/a\n", "--- a/a\n", "+++ b/a\n", "@@ -1,2 +1,3 @@\n", "@@ -0,0 +1 @@\n", "rename from x\n"]
)
BODY = st.sampled_from(
    [" ctx\n", "+add\n", "-del\n", "\\ No newline at end of file\n", "\n", "Binary files a/a and b/a differ\n"]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(HEADERS, BODY), max_size=40), st.lists(st.integers(1, 50), max_size=20))
def test_diff_like_noise_streams_as_it_parses(lines: list[str], cuts: list[int]) -> None:
    """Lines that look like a diff in any order parse without raising, and alike whole or in chunks."""
    data = "".join(lines).encode()
    reader = DiffReader()
    at = 0
    for cut in cuts:
        reader.write(data[at : at + cut])
        at += cut
    reader.write(data[at:])
    assert summary(reader.close()) == summary(parse_diff(data))


@st.composite
def file_changes(draw: st.DrawFn) -> tuple[str, list[str]]:
    path = draw(st.sampled_from(["a.py", "src/b.py", "docs/c d.md", "tests/x/test_e.py", "f"]))
    body = draw(st.lists(st.sampled_from(" +-"), min_size=1, max_size=12))
    text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"))
    return path, [f"{kind}{draw(text)}" for kind in body]


@settings(max_examples=150, deadline=None)
@given(st.lists(file_changes(), min_size=1, max_size=3, unique_by=lambda f: f[0]), st.integers(1, 500))
def test_written_diffs_read_back(files: list[tuple[str, list[str]]], start: int) -> None:
    """Every added and deleted line comes back with its number, whatever the text of the lines."""
    got = parse_diff("".join(patch(path, *lines, start=start) for path, lines in files))
    assert [f.path for f in got.files] == [f"/{path}" for path, _ in files]
    for f, (_, lines) in zip(got.files, files, strict=True):
        new = old = start
        want_added, want_deleted = [], []
        for line in lines:
            if line[0] == "+":
                want_added.append((new, line[1:]))
                new += 1
            elif line[0] == "-":
                want_deleted.append((old, line[1:]))
                old += 1
            else:
                new, old = new + 1, old + 1
        assert list(zip(f.added.numbers, f.added.split(), strict=True)) == want_added
        assert list(zip(f.deleted.numbers, f.deleted.split(), strict=True)) == want_deleted


def test_the_definitions_changes_sit_in() -> None:
    """git's funcname: the hunk header's text, or the last context line that opens a definition before a change."""
    diff = parse_diff(
        "diff --git a/r.py b/r.py\n--- a/r.py\n+++ b/r.py\n"
        "@@ -8,6 +8,6 @@ RATE = 1\n"
        "     x = 1\n-    y = 2\n+    y = 3\n"
        " class Money:\n"
        "     def round(self):\n"
        "-        return 1\n+        return 2\n"
        " \n"
    )
    (changed,) = diff.files
    assert changed.scopes == ("RATE = 1", "    def round(self):")


@pytest.mark.parametrize(
    ("path", "kept"),
    [("config/auth.yaml", [(1, "session:"), (3, "  remember_me_days: 30")]), ("src/auth.py", [])],
)
def test_a_yaml_files_context_lines_are_kept_for_its_keys_parents(path: str, kept: list[tuple[int, str]]) -> None:
    """A YAML key is read under its parent keys, which the hunk often shows only as context (diff_values.py);
    other files keep no context (a 20 MB diff's unchanged lines are not held twice)."""
    text = f"--- a/{path}\n+++ b/{path}\n@@ -1,3 +1,3 @@\n session:\n-  idle_minutes: 15\n+  idle_minutes: 20\n"
    text += "   remember_me_days: 30\n"
    (found,) = parse_diff(text).files
    assert list(zip(found.context.numbers, found.context.split(), strict=True)) == kept
    assert list(found.added.numbers) == [2]


COMMENTED = "diff --git a/r.py b/r.py\n--- a/r.py\n+++ b/r.py\n@@ -1,3 +1,4 @@\n"
DOCUMENTED = [  # (the diff's chunks as feed() gets them, the definitions the change sits in or documents)
    ([COMMENTED + "     return total\n+    # TODO: log the total\n def refund(order):\n \n"], ()),  # end of a function
    (
        [COMMENTED + "     return total\n+# Refunds the order in full.\n def refund(order):\n \n"],
        ("def refund(order):",),
    ),
    (
        [COMMENTED + "     return total\n+# Refunds the order in full.\n", " def refund(order):\n \n"],
        ("def refund(order):",),
    ),
    (
        [
            "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,0 +1,1 @@\n+# the end of a.py\n"
            "diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1,1 +1,1 @@\n def pay(order):\n",
        ],
        (),  # a.py's last comment documents nothing of b.py
    ),
]


@pytest.mark.parametrize(("chunks", "scopes"), DOCUMENTED)
def test_an_added_comment_documents_the_definition_below_at_its_indent(chunks: list[str], scopes: tuple) -> None:
    """A comment or annotation added just above an unchanged definition at the same indent documents it (one at the
    end of the function before does not), across feed()'s chunks, never across a file header."""
    reader = DiffReader()
    for chunk in chunks:
        reader.feed(chunk)
    found = [s for f in reader.close().files for s in f.scopes if s.startswith("def ")]
    assert tuple(found) == scopes
