"""Pure: a unified diff (`git diff` output) read once, line by line, into its files and their added and
deleted lines, with line numbers.

    diff = parse_diff(text)                   # str or bytes
    reader = DiffReader(); reader.write(chunk) ...; diff = reader.close()   # streamed, bytes

Never raises, whatever the input: binary files ("Binary files a/x and b/x differ", a GIT binary patch),
renamed, copied, added and deleted files, a 5 MB line (clipped to MAX_LINE characters; a streamed line
is held to MAX_HELD while it is read), no newline at the end, non-UTF-8 bytes (replaced), quoted
paths, and malformed or cut hunks (read as far as they go). A hunk is read by its counts, so a deleted
line "-- x" or an added "++ y" is never taken for a file header. The data it makes (Diff, DiffFile, Lines)
is model.py's: it flows from the sources through the run to the summaries.
"""

from __future__ import annotations

import codecs
import re
from array import array

from doc_context.change.model import Diff, DiffFile, Lines, Status
from doc_context.change.paths import header_path, side_path, unquote

__all__ = ["MAX_HELD", "MAX_LINE", "Diff", "DiffFile", "DiffReader", "Lines", "Status", "parse_diff"]

MAX_LINE = 1_000  # characters kept of one diff line: a minified file does not dominate
MAX_HELD = 4 * MAX_LINE  # characters held of a line while its end is not yet read (a 5 MB line is not kept)

# A line that opens a definition, as git's default funcname sees one (a line starting with a letter, `_` or `$`),
# or an indented def, class, function or method
_DEFINES = re.compile(
    r"[A-Za-z_$]|[ \t]+(?=[a-z])(?:(?:export|public|private|protected|internal|static|async|override|final|abstract)"
    r"[ \t]+)*"
    r"(?:def|class|function|func|fn|sub|interface|struct|enum|impl|module)\b"
)
AHEAD = 3  # unchanged lines above a run of changes read for what it sits in (git's default context)
_OPENS = re.compile(r"[({\[,:]\s*$|=>\s*$")  # a line ending open: a block, a call, a list, an argument beside
KEEPS_CONTEXT = (".yaml", ".yml")  # files whose unchanged lines are kept: a YAML key is read under its parents
_DOCUMENTS = re.compile(r"[ \t]*(?://|#|/\*|\*|@|\[[A-Z])")  # a comment, doc comment, annotation or attribute line
_HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def parse_diff(diff: str | bytes) -> Diff:
    """Every file of a unified diff, read in one pass."""
    reader = DiffReader()
    if isinstance(diff, bytes):
        reader.write(diff)
    else:
        reader.feed(diff)
    return reader.close()


class DiffReader:
    """The diff, fed in chunks as git writes them: bytes (`write`, decoded as UTF-8, bad bytes replaced) or text
    (`feed`). A line is held to MAX_HELD characters while its end has not come."""

    _old_left: int  # lines of the hunk still to come, old side and new
    _new_left: int
    _old_no: int  # the number the next line has, old side and new
    _new_no: int
    _scope: str  # the definition the next changed line sits in, not yet recorded
    _above: str | None  # the indent of the added comment or annotation just read: it may document the next line

    def __init__(self) -> None:
        self._files: list[DiffFile] = []
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._partial = ""  # the start of a line whose end has not come yet
        self._start()

    def write(self, chunk: bytes) -> None:
        self.feed(self._decoder.decode(chunk))

    def feed(self, text: str) -> None:
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        lines = text.split("\n")
        if len(lines) == 1:
            self._partial = (self._partial + text)[:MAX_HELD]
            return
        lines[0] = self._partial + lines[0]
        self._partial = lines.pop()[:MAX_HELD]
        self._lines(lines)

    def close(self) -> Diff:
        rest = self._partial + self._decoder.decode(b"", final=True)
        self._partial = ""
        if rest:
            self._lines([rest.removesuffix("\r")[:MAX_HELD]])  # no newline at the end
        self._finish()
        return Diff(tuple(self._files))

    def _lines(self, lines: list[str]) -> None:
        """Read lines: a hunk's by its counts (the hot loop, on local names), any other as a header."""
        added, added_numbers, deleted, deleted_numbers, scopes = self._lists()
        old_left, new_left, old_no, new_no, scope = self._counts()
        context, context_numbers = self._context, self._context_numbers
        ahead, leads = self._ahead, self._leads
        defines, documents = _DEFINES.match, _DOCUMENTS.match
        above = self._above  # an added comment's indent: it speaks to a definition below it at the same indent
        for text in lines:
            if old_left > 0 or new_left > 0:
                kind = text[:1]
                if ahead and kind in ("+", "-"):  # a run of changes begins: the unchanged lines above it sits in
                    for lead in enclosing(ahead, text[1:MAX_LINE]):  # most often none
                        leads.append((old_no, new_no, lead))
                    ahead.clear()
                if kind == "+":
                    if scope:  # the definition this change sits in, recorded once
                        scopes[scope] = None
                        scope = ""
                    found = documents(text, 1)
                    above = text[1 : len(text) - len(text[1:].lstrip())] if found else None
                    added.append(text[1:MAX_LINE])
                    added_numbers.append(new_no)
                    new_no += 1
                    new_left -= 1
                    continue
                if kind == "-":
                    above = None
                    if scope:
                        scopes[scope] = None
                        scope = ""
                    deleted.append(text[1:MAX_LINE])
                    deleted_numbers.append(old_no)
                    old_no += 1
                    old_left -= 1
                    continue
                if kind == " " or not kind:  # context ("" when a tool stripped the space of an empty line)
                    if context_numbers is not None:
                        context.append(text[1:MAX_LINE])
                        context_numbers.append(new_no)
                    old_no, new_no, old_left, new_left = old_no + 1, new_no + 1, old_left - 1, new_left - 1
                    ahead.append(text[1:MAX_LINE])  # cleared where a run begins; enclosing reads its last AHEAD
                    if defines(text, 1):
                        scope = text[1:MAX_LINE]
                        self._spans.append((old_no, new_no, scope))
                        if above == text[1 : len(text) - len(text[1:].lstrip())]:  # at the comment's indent:
                            scopes[scope] = None  # `// Deprecated: ...` added above `func TestCheckModuleResourceAttr(`
                    above = None
                    continue
                if kind == "\\":  # "\ No newline at end of file"
                    continue
                old_left = new_left = 0  # anything else ends the hunk: a cut one
            self._keep(old_left, new_left, old_no, new_no, scope)
            self._header(text[:MAX_HELD])
            added, added_numbers, deleted, deleted_numbers, scopes = self._lists()  # a new file's
            old_left, new_left, old_no, new_no, scope = self._counts()
            context, context_numbers = self._context, self._context_numbers
            ahead, leads = self._ahead, self._leads
            above = self._above
        self._above = above  # kept across feed()'s chunks, as the scope is
        self._keep(old_left, new_left, old_no, new_no, scope)

    def _keep(self, old_left: int, new_left: int, old_no: int, new_no: int, scope: str) -> None:
        """_lines' locals back, before a header or at the end of a chunk."""
        self._old_left, self._new_left, self._old_no, self._new_no, self._scope = (
            old_left,
            new_left,
            old_no,
            new_no,
            scope,
        )

    def _lists(self) -> tuple[list[str], array[int], list[str], array[int], dict[str, None]]:
        """The current file's lines and definitions, for _lines' locals."""
        return self._added, self._added_numbers, self._deleted, self._deleted_numbers, self._scopes

    def _counts(self) -> tuple[int, int, int, int, str]:
        """Where the current hunk stands (lines left, line numbers) and the definition above it."""
        return self._old_left, self._new_left, self._old_no, self._new_no, self._scope

    def _start(self, path: str = "") -> None:
        self._path = path
        self._old = ""
        self._status: Status = "modified"
        self._binary = False
        self._added: list[str] = []
        self._added_numbers = array("I")
        self._deleted: list[str] = []
        self._deleted_numbers = array("I")
        self._old_left = self._new_left = 0
        self._old_no = self._new_no = 0
        self._open = False
        self._skipping = False
        self._scope = ""
        self._above = None
        self._ahead: list[str] = []  # the hunk's unchanged lines since its last change (enclosing reads the last AHEAD)
        self._leads: list[tuple[int, int, str]] = []
        self._scopes: dict[str, None] = {}
        self._spans: list[tuple[int, int, str]] = []
        self._context: list[str] = []
        self._context_numbers: array[int] | None = None  # an array only once the file's path keeps its context

    def _finish(self) -> None:
        if not self._open:
            return
        path = self._path or self._old
        if path:
            old = self._old if self._status in ("renamed", "copied") else ""
            self._files.append(
                DiffFile(
                    "/" + path.lstrip("/"),
                    self._status,
                    "/" + old.lstrip("/") if old else "",
                    self._binary,
                    Lines(self._added_numbers, "\n".join(self._added)),
                    Lines(self._deleted_numbers, "\n".join(self._deleted)),
                    tuple(self._scopes),
                    Lines(self._context_numbers, "\n".join(self._context)) if self._context_numbers else Lines(),
                    tuple(self._spans),
                    tuple(self._leads),
                )
            )
        self._open = False

    def _header(self, text: str) -> None:
        self._above = None  # the comment read last was another hunk's or file's
        if text.startswith("diff --git "):
            self._finish()
            self._start(header_path(text[len("diff --git ") :]))
            self._open = True
        elif text.startswith("diff --"):  # a combined diff (--cc): not a two-way one, skipped to the next file
            self._finish()
            self._start()
            self._skipping = True
        elif not self._open and not self._skipping and text.startswith("--- "):  # `diff -u`, no git header
            self._start()
            self._open = True
            self._old = side_path(text[4:], "a/")
        elif not self._open:
            return  # before the first file, or after a combined diff's header
        elif text.startswith("@@"):
            self._hunk(text)
        elif text.startswith("--- "):
            self._old = side_path(text[4:], "a/") or self._old
        elif text.startswith("+++ "):
            self._path = side_path(text[4:], "b/") or self._path
        elif text.startswith("new file mode"):
            self._status = "added"
        elif text.startswith("deleted file mode"):
            self._status = "deleted"
        elif text.startswith(("rename from ", "copy from ")):
            self._status = "renamed" if text.startswith("rename") else "copied"
            self._old = unquote(text.split(" ", 2)[2])
        elif text.startswith(("rename to ", "copy to ")):
            self._path = unquote(text.split(" ", 2)[2])
        elif text.startswith(("Binary files ", "GIT binary patch")):
            self._binary = True

    def _hunk(self, text: str) -> None:
        found = _HUNK.match(text)
        if not found:
            return
        if self._context_numbers is None and (self._path or self._old).lower().endswith(KEEPS_CONTEXT):
            self._context_numbers = array("I")  # the path is known by its first hunk
        old_start, old_count, new_start, new_count = found.groups()
        self._old_no, self._new_no = int(old_start), int(new_start)
        self._old_left = int(old_count) if old_count is not None else 1
        self._new_left = int(new_count) if new_count is not None else 1
        self._ahead.clear()  # another hunk's lines are not above this one's
        self._scope = text[found.end() :].strip()[:MAX_LINE]  # git's funcname: the definition above the hunk
        self._spans.append((self._old_no, self._new_no, self._scope))


def enclosing(ahead: list[str], first: str) -> list[str]:
    """Of the AHEAD unchanged lines above a run of changes (nearest last), those it sits in, read by their indent from
    the run's first line: the nearest line indented less that opens the block, call or list it is in
    (`if (AppOrPage.getInitialProps) {`, `MustRegister(`), and, in a call, an argument beside it ending with a comma
    (`"operator.golang.flags",` above `featuregate.StageBeta,`; a list's elements are each their own); a statement
    beside it (`x = f();`) is none, nor anything above the opener, nor anything when the opener is out of sight.
    A brace on a line of its own (C#'s, Java's) opens the block the line above it heads (`if (options.UseLegacy)`)."""
    indent, braced = len(first) - len(first.lstrip()), False
    beside: list[str] = []
    for line in reversed(ahead[-AHEAD:]):
        text = line.lstrip()  # read once a line: this runs at every run of changes
        if not text:
            continue
        at = len(line) - len(text)
        if at < indent and text.rstrip() == "{" and not braced:  # a brace on its own line: the head is above it
            indent, braced = at + 1, True
            continue
        if at < indent:
            call = line.rstrip().endswith("(")  # a call's arguments belong together; a list's elements do not
            return [*(beside if call else []), line] if braced or _OPENS.search(line) else []
        if at == indent and line.rstrip().endswith(","):
            beside.append(line)
    return []  # the opener out of sight: no line above is known to hold the run
