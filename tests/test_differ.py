"""change/differ.py: both sides of each changed file -> git's unified diff, within the caps; pure."""

from __future__ import annotations

from doc_context.change.differ import CAPS, Caps, Made, Side, Wanted, assemble, by_name_summary, plan
from doc_context.change.unified import parse_diff
from doc_context.models import ChangedFile

OLD = b"".join(b"line %d\n" % n for n in range(1, 21))
NEW = OLD.replace(b"line 10\n", b"line ten\n")


def made(wanted: list[Wanted], sides: dict[tuple[str, bool], Side], caps: Caps = CAPS) -> Made:
    return assemble(wanted, sides, (), caps)


def test_the_changed_files_in_path_order_the_first_n_read_the_rest_by_name() -> None:
    changed = [ChangedFile(f"/f{n:03}.py", "edit") for n in reversed(range(5))]
    changed += [ChangedFile("/lib", "edit", kind="commit"), ChangedFile("/src", "edit", kind="tree")]
    changed += [ChangedFile("/new.py", "edit, rename", "/old.py")]
    wanted, by_name = plan(changed, Caps(files=3))
    assert [w.path for w in wanted] == ["/f000.py", "/f001.py", "/f002.py"]
    assert [(w.path, why) for w, why in by_name] == [
        ("/f003.py", "beyond the caps"),
        ("/f004.py", "beyond the caps"),
        ("/lib", "submodule"),
        ("/new.py", "beyond the caps"),
    ]
    [renamed], _ = plan([ChangedFile("/new.py", "edit, rename", "/old.py")])
    assert renamed.sides() == [("/old.py", True), ("/new.py", False)]


def test_an_edit_is_one_hunk_with_three_lines_of_context_as_git_writes_it() -> None:
    result = made([Wanted("/a.txt")], {("/a.txt", True): Side(OLD), ("/a.txt", False): Side(NEW)})
    assert result.text == (
        "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -7,7 +7,7 @@ line 6\n"
        " line 7\n line 8\n line 9\n-line 10\n+line ten\n line 11\n line 12\n line 13\n"
    )
    diff = parse_diff(result.text)
    assert diff.files[0].added.numbers.tolist() == [10] and diff.files[0].scopes == (
        "line 9",
    )  # unified: the nearest definition-like line


def test_added_deleted_renamed_and_no_final_newline() -> None:
    wanted = [Wanted("/n.txt", "added"), Wanted("/d.txt", "deleted"), Wanted("/b.txt", "renamed", "/a.txt")]
    sides = {("/n.txt", False): Side(b"x\ny"), ("/d.txt", True): Side(b"gone\n")}
    sides |= {("/a.txt", True): Side(OLD), ("/b.txt", False): Side(OLD)}
    diff = parse_diff(made(wanted, sides).text)
    by_path = {f.path: f for f in diff.files}
    assert by_path["/n.txt"].status == "added" and by_path["/n.txt"].added.split() == ["x", "y"]
    assert by_path["/d.txt"].status == "deleted" and by_path["/d.txt"].deleted.split() == ["gone"]
    assert by_path["/b.txt"].status == "renamed" and by_path["/b.txt"].old_path == "/a.txt"
    assert not len(by_path["/b.txt"].added)


def test_what_is_read_by_name_only_and_why() -> None:
    wanted = [Wanted(p) for p in ("/big.js", "/bin.png", "/gone.py", "/ok.py", "/late.py")]
    sides = {
        ("/big.js", True): Side(b"a\n"),
        ("/big.js", False): Side(over=True),  # a 5 MB minified line: over the cap, never held
        ("/bin.png", True): Side(b"\x89PNG\0\0"),
        ("/bin.png", False): Side(b"\x89PNG\0\1"),
        ("/gone.py", True): Side(error="TF401174: not found"),  # force-pushed away
        ("/gone.py", False): Side(b"x\n"),
        ("/ok.py", True): Side(b"a\n" * 10),
        ("/ok.py", False): Side(b"b\n" * 10),
        ("/late.py", True): Side(b"a\n"),
        ("/late.py", False): Side(b"b\n"),
    }
    result = made(wanted, sides, Caps(total=45))
    assert dict(result.by_name) == {
        "/big.js": "over the size cap",
        "/bin.png": "binary",
        "/gone.py": "unreadable",
        "/ok.py": "beyond the caps",  # in path order, after /late.py: the caps bite the same way from a checkout
    }
    assert result.errors == (("/gone.py", "TF401174: not found"),)
    diff = parse_diff(result.text)
    assert [f.path for f in diff.files] == ["/big.js", "/bin.png", "/gone.py", "/late.py", "/ok.py"]
    assert [bool(len(f.added)) for f in diff.files] == [False, False, False, True, False]
    assert diff.file("/bin.png").binary  # type: ignore[union-attr]
    summary = by_name_summary(result.by_name, Caps(total=45))
    assert summary == "1 binary, 1 over 1 MB, 1 could not be read, 1 beyond the first 300 files and 45 bytes"


def test_a_file_that_is_not_utf8_is_read_as_windows_1252_and_said() -> None:
    result = made([Wanted("/l.txt")], {("/l.txt", True): Side(b"caf\xe9\n"), ("/l.txt", False): Side(b"th\xe9\n")})
    assert result.not_utf8 == ("/l.txt",) and "+thé\n" in result.text


def test_the_same_sides_give_the_same_text_whatever_order_they_came_in() -> None:
    wanted = [Wanted("/b.py"), Wanted("/a.py")]
    sides = {("/a.py", True): Side(OLD), ("/a.py", False): Side(NEW), ("/b.py", True): Side(NEW)}
    sides[("/b.py", False)] = Side(OLD)
    assert made(wanted, sides).text == made(list(reversed(wanted)), dict(reversed(list(sides.items())))).text
