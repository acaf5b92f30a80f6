"""Pure: make untrusted text (work items, pages, PR titles) safe to put in our markdown comment.

What it prevents: raw HTML, @mentions that notify people, lines that become headings or rules
and break the layout, pipeline logging commands (##vso[...], ##[...]), code fences that swallow
the rest of the comment, markdown images that load remote URLs, and links to anything but http(s).
What it keeps: markdown blockquotes (a leading "> "; every other ">" is escaped), lists, tables,
emphasis and http(s) links, and code as written: a fenced block or a code span that every renderer
reads as we do (codespans.py) keeps its `<`, `&amp;` and `*a*`, so `List<T>` reads `List<T>`; any other
backtick run of three or more is escaped as before. An indented code block that no list item can hold
becomes a fence holding its lines as written: indented, our escapes (`&lt;`) would show literally.

Nothing invisible is added and invisible characters (Unicode format characters: zero-width spaces,
joiners, bidi controls) are removed, so what a reader copies is what the text says. An Azure DevOps
comment mentions someone only as `@<GUID>` (learn.microsoft.com, "Use @mentions in work items and
pull requests": the Markdown editor's form is `@<UserID>`); plain `@name` notifies nobody and stays
as written. Every `<` outside kept code becomes `&lt;` (code holding `@<` is not kept), so `@<GUID>`
reaches the comment as `@&lt;GUID&gt;`: it reads the same and mentions nobody. Logging commands are
broken with a backslash (`#\\#vso[`), a visible character: the agent's culture-aware search skips zero-width characters.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache

from doc_context.text.codespans import MENTION, blank, code_spans, columns, fence_end, may_open_after
from doc_context.text.mdwrite import plain

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SELECTORS = re.compile("[\u034f\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")  # invisible, and Mn
_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(([^)\n]*)\)")
_BACKTICKS = re.compile(r"`{3,}")
_RUNS = re.compile(r"`+")
_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_RULE = re.compile(r"(?:=+|-+|(?:[-*_][ \t]*){3,}|~{3,}.*)[ \t]*$")
# What a culture-aware (ICU) search such as the agent's IndexOf("##vso[") skips: Unicode's default-ignorable code
# points (DerivedCoreProperties), every format character (Cf) and the C0/C1 controls but tab, LF and CR.
IGNORABLE = (
    "\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_I = f"[{IGNORABLE}]*"
# '#' that a second '#' follows, then 'vso[' or '[' (any case, '\\[' too), ignorable characters anywhere between
_LOG_COMMAND = re.compile(rf"#{_I}(?=#{_I}(?:v{_I}s{_I}o{_I})?\\?{_I}\[)", re.IGNORECASE)
_WHITESPACE = re.compile(r"\s+")
_QUOTE_MARKS = re.compile(r"^(?:[ \t]{0,3}>[ \t]?)+")
_LIST_MARKER = re.compile(r"[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)")
_SAFE_URL = re.compile(r"(?i)^https?://[^\s<>\"'`]+$")
_LINK = re.compile(r"(?<!\\)\]\((?!\s*(?:https?://|mailto:|#))", re.IGNORECASE)  # an inline link to another scheme
_LINK_DEFINITION = re.compile(r"^(\s{0,3}(?:(?:[-*+]|\d{1,9}[.)])\s+)?)\[([^\]\n]+)\]:")


def neutralize(text: str) -> str:
    """Untrusted markdown, defused; what it says stays readable, and its code stays as written (codespans.py)."""
    return _neutralize_remembered(text) if len(text) <= REMEMBERED_CHARS else _neutralize(text)


REMEMBERED_CHARS = 16_000  # a run lays its texts out more than once (the comment, its hash, the build summary):
# texts up to this size are defused once; the bound keeps a long-lived process (`doc-context mcp`) small


@lru_cache(maxsize=512)
def _neutralize_remembered(text: str) -> str:
    return _neutralize(text)


def _neutralize(text: str) -> str:
    text = strip_invisible(_CONTROL.sub("", text.replace("\r\n", "\n").replace("\r", "\n")))
    return defuse_log_commands("\n".join(_defuse_lines(text.split("\n"))))


def _defuse_lines(lines: list[str]) -> Iterator[str]:
    """Each line defused, but a kept fence's lines kept as written. `dirty`: an earlier line of the paragraph
    left a backtick the renderer may pair across lines; `settled`: no earlier line since the last blank one
    can take the next line into a table or a link definition (codespans.may_open)."""
    i, dirty, settled, contained = 0, False, True, False
    while i < len(lines):
        end = fence_end(lines, i) if settled else None
        if end is not None:
            yield from lines[i : end + 1]
            i, dirty, settled = end + 1, False, True
            continue
        opens = i == 0 or blank(lines[i - 1])  # a block may start here: no paragraph goes on
        code = indented_code(lines, i) if opens and not contained else None
        if code is not None:
            yield from code[0]
            i, dirty, settled = code[1], False, True
            continue
        if opens and not blank(lines[i]) and lines[i][0] not in " \t":  # a list before has ended
            contained = False
        contained = contained or bool(_LIST_MARKER.match(lines[i]))  # its items' lines are indented
        spans, clean = code_spans(lines[i]) if not dirty else ([], False)
        yield _defuse_line(lines[i], spans)
        dirty = not blank(lines[i]) and (dirty or not clean)
        settled = blank(lines[i]) or (settled and may_open_after(lines[i]))
        i += 1


def indented_code(lines: list[str], start: int) -> tuple[list[str], int] | None:
    """An indented code block opening at lines[start] (CommonMark 4.4: 4 columns or more, where no paragraph
    goes on; the caller knows no list item holds it) as a fence holding its lines as written: as indented code the
    renderer would show our escapes literally (`&lt;`, `\\*`). Also the index of the line after it. A block
    holding a mention is not kept as code: its lines lose their indentation, to be defused as text (None)."""
    if blank(lines[start]) or columns(_indent(lines[start])) < 4:
        return None  # first: a run of blank lines is each looked at once, never scanned from each of them
    end = start
    while end < len(lines) and (blank(lines[end]) or columns(_indent(lines[end])) >= 4):
        end += 1
    while blank(lines[end - 1]):
        end -= 1
    block = [_dedent(line) for line in lines[start:end]]
    if any(MENTION in line for line in block):
        lines[start:end] = [line.lstrip(" \t") for line in lines[start:end]]
        return None
    ticks = "`" * max(3, 1 + max((len(run) for line in block for run in _RUNS.findall(line)), default=0))
    return [ticks, *block, ticks], end


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _dedent(line: str) -> str:
    """The line without its first 4 columns of indentation (a tab reaches the next multiple of 4)."""
    at = 0
    while at < len(line) and columns(line[: at + 1]) <= 4 and line[at] in " \t":
        at += 1
    return line[at:]


def defuse_log_commands(text: str) -> str:
    """'##vso[' and '##[' broken by a visible backslash ('#\\#vso['), also when invisible characters sit inside
    them or the case differs: the agent's culture-aware search would still find those."""
    return _LOG_COMMAND.sub(lambda m: m.group() + "\\", text)


def strip_invisible(text: str) -> str:
    """Text without invisible characters: format characters (Unicode category Cf: zero-width spaces and
    joiners, soft hyphens, bidi controls, byte order marks), variation selectors, the grapheme joiner."""
    if text.isascii():
        return text
    text = _SELECTORS.sub("", text)
    hidden = {c for c in set(text) if not c.isascii() and unicodedata.category(c) == "Cf"}  # each character once
    return text.translate(dict.fromkeys(map(ord, hidden))) if hidden else text


def neutralize_inline(text: str) -> str:
    """Untrusted text for one line (a heading, a link text): whitespace folded, brackets and backslashes
    escaped outside code spans."""
    folded = _WHITESPACE.sub(" ", text).strip()
    out, at = "", 0
    for start, end in code_spans(folded)[0]:  # code stays as written; neutralize keeps what is certainly code
        out += _inline_text(folded[at:start]) + folded[start:end]
        at = end
    out += _inline_text(folded[at:])
    return neutralize("&gt;" + out[1:] if out.startswith(">") else out)  # no quote: other ">" neutralize escapes


def plain_inline(text: str) -> str:
    """Plain text (a title, a state, a field's name) for one line, shown as written: `Fix &amp; <b>` reads so."""
    return neutralize_inline(plain(text))


def _inline_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _image_as_text(match: re.Match[str]) -> str:
    alt, url = match.group(1).strip(), match.group(2).strip()
    label = f"image: {alt}" if alt else "image"
    return f"({label}, {url})" if url else f"({label})"


def safe_link(text: str, url: str) -> str:
    """A markdown link for an http(s) URL, the plain text (a title) alone for anything else."""
    label = plain_inline(text)
    url = url.strip()
    if not _SAFE_URL.match(url):
        return label
    return f"[{label}]({url.replace('(', '%28').replace(')', '%29')})"


def _defuse_line(line: str, spans: Sequence[tuple[int, int]] = ()) -> str:
    """Tags escaped, quote marks and code spans kept; a line that would start a heading, a rule, a setext
    underline or a fence (inside a quote or a list item too) starts escaped."""
    marks = _QUOTE_MARKS.match(line)
    prefix = marks.group() if marks else ""
    rest, at = "", len(prefix)  # no span starts in the quote marks: they hold no backtick
    for start, end in spans:
        rest += _defuse_text(line[at:start]) + line[start:end]
        at = end
    rest += _defuse_text(line[at:])
    rest = _LINK_DEFINITION.sub(r"\1\\[\2]:", rest)  # "[x]: javascript:..." defines no link
    return prefix + _escape_block_start(rest)


def _escape_block_start(rest: str) -> str:
    """A heading, a rule or a fence escaped where it would start: at the line's start or after any list
    markers (`- # x` is a heading in a list item, `1. - ---` a rule in a nested one)."""
    at = 0
    while True:
        body = rest[at:].lstrip(" \t")
        if _HEADING.match(body) or _RULE.match(body):
            return rest[: len(rest) - len(body)] + "\\" + body
        marker = _LIST_MARKER.match(rest, at)
        if marker is None:
            return rest
        at = marker.end()


def _defuse_text(text: str) -> str:
    """Text outside code: images as text, fences and links to other schemes broken, tags escaped."""
    text = _IMAGE.sub(_image_as_text, text).replace("![", "!\\[")
    text = _BACKTICKS.sub(lambda m: "\\`" * len(m.group()), text)
    text = _LINK.sub("]\\(", text)  # javascript:, data:, vbscript: ... stay text
    return text.replace("<", "&lt;").replace(">", "&gt;")
