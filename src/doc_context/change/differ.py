"""Pure: a pull request's change as a unified diff, made here from both sides of each changed file, whichever way
the sides were read (change/read.py: from the checkout's git objects, or through the Azure DevOps API), so
the same pull request gives the same diff, byte for byte, either way.

    wanted, by_name = plan(changed, caps)         # the files whose sides are read, in path order; the rest by name
    made = assemble(wanted, sides, by_name, caps)  # made.text: git's unified format; made.by_name: (path, why)
    by_name_summary(made.by_name, caps)           # "2 binary, 100 beyond the first 300 files and 20 MB"

A file is read by its name only (a header with no lines: change/unified.py makes it a file without changed lines,
whose evidence is its name) when it is a submodule, a side is over caps.file bytes or binary (a NUL byte in its
first 8,000, git's rule), a side could not be read, or it lies beyond the first caps.files files or the
caps.total bytes read in all. A side that is not UTF-8 is read as Windows-1252 (every byte a character) and
said. The hunks are difflib's, three lines of context as git writes them, each headed by the line above it
that starts a definition (git's default funcname: a letter, `_` or `$` first).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from doc_context.models import ChangedFile

MAX_FILES = 300  # changed files whose sides are read
MAX_TOTAL = 20_000_000  # bytes of all sides read
MAX_FILE = 1_000_000  # bytes of one side: a bigger file is read by name only
BINARY_PROBE = 8_000  # git's: a NUL in the first 8,000 bytes makes a file binary
CONTEXT = 3
FUNCNAME = 80  # characters of the definition line in a hunk header, as git keeps them

Status = Literal["modified", "added", "deleted", "renamed"]
Why = Literal["submodule", "binary", "over the size cap", "beyond the caps", "unreadable"]


@dataclass(frozen=True)
class Caps:
    files: int = MAX_FILES
    total: int = MAX_TOTAL
    file: int = MAX_FILE


CAPS = Caps()


@dataclass(frozen=True)
class Wanted:
    """A changed file whose sides are read: the old one (at `old_path`) unless it was added, the new one unless
    it was deleted."""

    path: str  # "/src/app.py"
    status: Status = "modified"
    old_path: str = ""  # renamed from; "" for the same path

    @property
    def old(self) -> str | None:
        return None if self.status == "added" else (self.old_path or self.path)

    @property
    def new(self) -> str | None:
        return None if self.status == "deleted" else self.path

    def sides(self) -> list[tuple[str, bool]]:
        """The sides to read, each (its path, whether it is the old one)."""
        old, new = self.old, self.new
        return ([(old, True)] if old is not None else []) + ([(new, False)] if new is not None else [])


@dataclass(frozen=True)
class Side:
    """One side as read: its bytes, or why it was not: too big, beyond the caps, or an error."""

    data: bytes = b""
    error: str = ""  # why it could not be read ("" when it was)
    over: bool = False  # over caps.file bytes: not read
    skipped: bool = False  # beyond caps.total: not read
    refused: bool = False  # the error was a refusal: the identity may not read the repository


@dataclass(frozen=True)
class Made:
    text: str  # the unified diff, every file in path order
    by_name: tuple[tuple[str, Why], ...] = ()  # the files read by name only, and why
    not_utf8: tuple[str, ...] = ()  # files a side of which was read as Windows-1252
    errors: tuple[tuple[str, str], ...] = field(default=())  # (path, the error) for sides that could not be read


def status_of(change_type: str) -> Status:
    """The iteration change's type ("edit", "add", "delete", "rename", "edit, rename", ...) as a diff's status."""
    kinds = {k.strip() for k in change_type.lower().split(",")}
    if "delete" in kinds:
        return "deleted"
    if "add" in kinds or "undelete" in kinds or "branch" in kinds:
        return "added"
    return "renamed" if "rename" in kinds or "sourcerename" in kinds else "modified"


def plan(changed: Sequence[ChangedFile], caps: Caps = CAPS) -> tuple[list[Wanted], list[tuple[Wanted, Why]]]:
    """The changed files in path order: the first caps.files files (not submodules) to read, the rest by name."""
    wanted: list[Wanted] = []
    by_name: list[tuple[Wanted, Why]] = []
    for change in sorted({c.path: c for c in changed if c.kind != "tree"}.values(), key=lambda c: c.path):
        status = status_of(change.change_type)
        old = change.original_path if status == "renamed" and change.original_path != change.path else ""
        want = Wanted(change.path, "renamed" if old else ("modified" if status == "renamed" else status), old)
        if change.kind == "commit":
            by_name.append((want, "submodule"))
        elif len(wanted) >= caps.files:
            by_name.append((want, "beyond the caps"))
        else:
            wanted.append(want)
    return wanted, by_name


def assemble(
    wanted: Sequence[Wanted],
    sides: Mapping[tuple[str, bool], Side],
    by_name: Sequence[tuple[Wanted, Why]] = (),
    caps: Caps = CAPS,
) -> Made:
    """The diff of every wanted file from its sides (keyed (path, True) for the old side, (path, False) for the
    new), in path order, within the caps; the files read by name only, as headers."""
    why: dict[str, Why] = {w.path: reason for w, reason in by_name}
    files = {w.path: w for w, _ in by_name} | {w.path: w for w in wanted}
    sections: dict[str, str] = {}
    not_utf8: list[str] = []
    errors: list[tuple[str, str]] = []
    total = 0
    for want in sorted(wanted, key=lambda w: w.path):  # path order: the caps bite alike either way
        old = sides.get((want.old, True)) if want.old else None
        new = sides.get((want.new, False)) if want.new else None
        got = [s for s in (old, new) if s is not None]
        failed = [s.error for s in got if s.error] + (["not read"] if len(got) < len(want.sides()) else [])
        size = sum(len(s.data) for s in got)
        if failed:
            why[want.path] = "unreadable"
            errors.append((want.path, failed[0]))
        elif any(s.over or len(s.data) > caps.file for s in got):
            why[want.path] = "over the size cap"
        elif any(s.skipped for s in got) or total + size > caps.total:
            why[want.path] = "beyond the caps"
        elif any(b"\0" in s.data[:BINARY_PROBE] for s in got):
            total += size  # read, and counted: the caps are the bytes read, whatever they hold
            why[want.path] = "binary"
        else:
            total += size
            texts = [_decode(s.data) if s is not None else None for s in (old, new)]
            if any(t is not None and not t[1] for t in texts):
                not_utf8.append(want.path)
            sections[want.path] = section(want, *(t[0] if t else None for t in texts))
    for path, reason in why.items():
        sections[path] = header(files[path], binary=reason == "binary")
    text = "".join(sections[p] for p in sorted(sections))
    return Made(text, tuple(sorted(why.items())), tuple(not_utf8), tuple(errors))


def header(want: Wanted, *, binary: bool = False) -> str:
    """A file's git header: its paths and status, no lines (a file read by name only ends there)."""
    old = want.old_path or want.path
    lines = [f"diff --git a{_slash(old)} b{_slash(want.path)}"]
    if want.status == "added":
        lines.append("new file mode 100644")
    elif want.status == "deleted":
        lines.append("deleted file mode 100644")
    elif want.status == "renamed":
        lines += [f"rename from {_slash(old)[1:]}", f"rename to {_slash(want.path)[1:]}"]
    if binary:
        lines.append(f"Binary files a{_slash(old)} and b{_slash(want.path)} differ")
    return "\n".join(lines) + "\n"


def section(want: Wanted, old: str | None, new: str | None) -> str:
    """One file's part of the diff: its header, then its hunks (none when its text did not change)."""
    a, b = _lines(old), _lines(new)
    if a == b and want.status == "modified":
        return ""
    out = [header(want)]
    if a != b:
        out.append(f"--- {'a' + _slash(want.old_path or want.path) if old is not None else '/dev/null'}\n")
        out.append(f"+++ {'b' + _slash(want.path) if new is not None else '/dev/null'}\n")
        out += hunks(a, b)
    return "".join(out)


def hunks(a: list[str], b: list[str]) -> list[str]:
    """Unified hunks of two lists of lines (each ending "\\n", or not for a last line without one)."""
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, a, b)
    for group in matcher.get_grouped_opcodes(CONTEXT):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        above = _funcname(a, i1)
        out.append(f"@@ -{_range(i1, i2)} +{_range(j1, j2)} @@{' ' + above if above else ''}\n")
        for tag, x1, x2, y1, y2 in group:
            if tag == "equal":
                out += [_line(" ", line) for line in a[x1:x2]]
                continue
            out += [_line("-", line) for line in a[x1:x2]]
            out += [_line("+", line) for line in b[y1:y2]]
    return out


def by_name_summary(by_name: Sequence[tuple[str, Why]], caps: Caps = CAPS) -> str:
    """Why files were read by name only, counted: "2 binary, 1 over 1 MB, 100 beyond the first 300 files and
    20 MB"."""
    counts: dict[Why, int] = {}
    for _, reason in by_name:
        counts[reason] = counts.get(reason, 0) + 1
    words: dict[Why, str] = {  # in this order, whatever the paths' order
        "binary": "binary",
        "over the size cap": f"over {size(caps.file)}",
        "submodule": "submodule" if counts.get("submodule") == 1 else "submodules",
        "unreadable": "could not be read",
        "beyond the caps": f"beyond the first {caps.files:,} files and {size(caps.total)}",
    }
    return ", ".join(f"{counts[w]:,} {said}" for w, said in words.items() if w in counts)


def size(n: int) -> str:
    """1000000 -> "1 MB", 20000000 -> "20 MB", 40 -> "40 bytes"."""
    return f"{n / 1e6:g} MB" if n >= 1_000_000 else f"{n / 1e3:g} KB" if n >= 1_000 else f"{n} bytes"


def _decode(data: bytes) -> tuple[str, bool]:
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace"), False


def _lines(text: str | None) -> list[str]:
    """The lines as git reads them: split at "\n" only, each keeping it (the last may have none)."""
    if not text:
        return []
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _line(mark: str, line: str) -> str:
    return f"{mark}{line}" if line.endswith("\n") else f"{mark}{line}\n\\ No newline at end of file\n"


def _range(start: int, stop: int) -> str:
    """git's: "start,count", the count left out when it is 1, the start the line before when it is 0."""
    count = stop - start
    if count == 1:
        return str(start + 1)
    return f"{start if count == 0 else start + 1},{count}"


def _funcname(a: list[str], start: int) -> str:
    """The nearest line above `start` that starts a definition, as git's default funcname finds one."""
    for i in range(start - 1, -1, -1):
        line = a[i]
        if line[:1].isalpha() or line[:1] in ("_", "$"):
            return line.rstrip("\r\n")[:FUNCNAME].rstrip()
    return ""


def _slash(path: str) -> str:
    """'src/a.py' or '/src/a.py' -> '/src/a.py': after "a" and "b" in the header, git's a/src/a.py."""
    return "/" + path.lstrip("/")
