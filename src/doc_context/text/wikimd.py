"""Pure: an Azure DevOps wiki page's markdown (written by someone else) -> the markdown a page excerpt reads.

A wiki page is as untrusted as a Confluence page. What the wiki's own syntax means is said in words, what
only a browser could show is left out, and nothing is loaded from elsewhere:

- `[[_TOC_]]` and `[[_TOSP_]]` (the table of contents, of subpages) go: the excerpt makes its own choice;
- `::: mermaid`, `::: video` and `::: query-table` blocks become one line saying what the page shows there;
- raw HTML is not rendered: `<script>`, `<style>`, `<iframe>` and comments go with their content, other
  tags go and leave their text; an `<a href>` to http(s) stays a link, an `<img>` leaves its alt text;
- images are not embedded: a markdown image becomes its alt text, or a link to a remote image; an
  attachment (`/.attachments/...`) or another page (a relative link) is named, not linked;
- a YAML front matter block (the page's metadata) goes; a code fence left open is closed at the end;
- fenced code is kept as written.

neutralize (at render) still defuses what is left (tags, mentions, logging commands): this only makes the
page read as its authors meant. Syntax: learn.microsoft.com, "Markdown syntax for wikis" (wiki-markdown-
guidance: TOC, Mermaid, video, query-table, YAML tags, HTML tags) and "Wiki Git repository files and file
structure" (.attachments).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doc_context.text.codespans import code_spans
from doc_context.text.mdlines import FENCE, LIST_MARKER, closes_fence
from doc_context.text.mdtitles import adornment
from doc_context.text.rawhtml import html_dropped, unsafe_dropped
from doc_context.text.rstindents import Above
from doc_context.text.rstinline import inline
from doc_context.text.rstmd import Numbering, restructured, rst_block
from doc_context.text.rstsubs import reader, substituted

MAX_CHARS = 200_000  # a longer page is read up to here (at a line's end), and the log says so
_TOC = re.compile(r"^\s*\[\[_(?:TOC|TOSP)_\]\]\s*$", re.IGNORECASE)
_CONTAINER = re.compile(r"^\s*:::\s*([A-Za-z][\w-]*)?(.*)$")  # ::: mermaid, ::: video, ::: query-table <id>, :::
_SHOWS = {"mermaid": "a Mermaid diagram", "video": "a video", "query-table": "a table of query results"}
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_KEPT = re.compile(r"\x00(\d+)\x00")
_MD_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"\n]*\")?\s*\)")
_MD_LINK = re.compile(r"(?<![!\\])\[([^\]\n]+)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"\n]*\")?\s*\)")
_REMOTE = re.compile(r"(?i)^(?:https?://|mailto:|#)")


@dataclass(frozen=True)
class Converted:
    text: str
    cut: bool = False  # the page was longer than MAX_CHARS: only its start was read


def wiki_to_markdown(source: str, *, limit: int = MAX_CHARS, rst: bool | None = None) -> Converted:
    """The page as markdown; reStructuredText's shapes read as markdown only on a page written in it (`rst`: the
    caller knows it, a `.rst` file; None: the page's shape tells, rstmd.restructured)."""
    text = source.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    cut = len(text) > limit
    if cut:
        text = text[: text.rfind("\n", 0, limit) + 1 or limit]
    lines = _without_front_matter(text.split("\n"))
    out: list[str] = []
    prose: list[str] = []  # lines outside fences and containers, converted together (a tag may span lines)
    rst = restructured(lines) if rst is None else rst
    cell = reader(lines) if rst else None  # a table's cells: their `|name|` read once the table is cut
    lines = substituted(lines) if rst else lines  # `|name|` read as what the page defines it as
    number = Numbering()  # `#.` items, numbered as the page's lines are read (on its pages only)
    above = Above(lines)  # the lines above the one read, for the list item an indented one goes on with
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        container = _CONTAINER.match(line)
        read = None if fence or not rst else rst_block(lines, i, prose, rst, cell, above)
        # a reStructuredText title's underline (`~~~~`) opens no code, nor does a transition on its pages
        if fence and adornment(lines, i, rst=rst):
            prose.append(line)
            i += 1
        elif fence and not _in_comment(prose):  # a fence inside an HTML comment is the comment's, hidden with it
            out += _prose(prose, rst)
            number(line)  # a block ends the lists it is no deeper than
            end = next((j for j in range(i + 1, len(lines)) if closes_fence(lines[j], fence.group(1))), None)
            out += lines[i : end + 1] if end is not None else [*lines[i:], fence.group(1)]  # closed at the end
            i = len(lines) if end is None else end + 1
        elif container and container.group(1):
            out += _prose(prose, rst)
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == ":::"), len(lines))
            name = container.group(1).lower()
            inner = [number(text) for text in lines[i + 1 : end]] if rst else lines[i + 1 : end]
            out += [f"_({_SHOWS[name]} is on the page)_"] if name in _SHOWS else _prose(inner, rst)
            i = end + 1
        elif read is not None and read.again:
            lines[i : read.end] = read.lines  # a directive's content, read as the page's own lines
        elif read is not None:
            out += _prose(prose, rst) + read.lines
            number(line)  # a comment, a directive's code: the lists it is no deeper than end
            i = read.end
        elif _TOC.match(line) or line.strip() == ":::":
            i += 1
        else:
            prose.append(number(line) if rst else line)
            i += 1
    out += _prose(prose, rst)
    return Converted("\n".join(out).strip("\n"), cut)


def _in_comment(prose: list[str]) -> bool:
    """Whether the prose so far ends inside an HTML comment (a `<!--` not closed yet)."""
    text = "\n".join(prose)
    return text.rfind("<!--") > text.rfind("-->")


def _without_front_matter(lines: list[str]) -> list[str]:
    """A YAML block that opens the page (the wiki shows it as a table of metadata) left out."""
    if lines and lines[0].strip() == "---":
        end = next((j for j in range(1, min(len(lines), 200)) if lines[j].strip() in ("---", "...")), None)
        if end is not None:
            return lines[end + 1 :]
    return lines


def _prose(lines: list[str], rst: bool) -> list[str]:
    """Markdown outside fences: HTML and images turned into text, reStructuredText's links and roles into
    markdown (`rst`: on its pages only); code (a code span, an indented block) kept as written. Taken from `lines`,
    which is emptied."""
    if not lines:
        return []
    text = unsafe_dropped(_COMMENT.sub("", "\n".join(lines)))
    lines.clear()
    kept: list[str] = []
    text = html_dropped(_masked(inline(text) if rst else text, kept))
    text = _MD_LINK.sub(_link, _MD_IMAGE.sub(_image, text))
    return _KEPT.sub(lambda m: kept[int(m.group(1))], text).split("\n")


def _masked(text: str, kept: list[str]) -> str:
    """The text with its code spans and indented code blocks (CommonMark: four spaces in, after a blank line,
    outside a list) each replaced by a mark of what `kept` holds."""

    def keep(code: str) -> str:
        kept.append(code)
        return f"\x00{len(kept) - 1}\x00"

    out: list[str] = []
    code = in_list = False
    for line in text.split("\n"):
        indented = line.startswith(("    ", "\t"))
        code = indented and not in_list and (code or not out or not out[-1].strip())
        if line.strip() and not indented:
            in_list = bool(LIST_MARKER.match(line)) or (in_list and line[:1] in " \t")
        if code:
            out.append(keep(line))
            continue
        spans, _ = code_spans(line)
        for start, end in reversed(spans):
            line = line[:start] + keep(line[start:end]) + line[end:]
        out.append(line)
    return "\n".join(out)


def _image(match: re.Match[str]) -> str:
    alt, url = match.group(1).strip(), match.group(2).strip()
    if re.match(r"(?i)^https?://", url):
        return f"[image: {alt or 'untitled'}]({url})"  # a link to it: nothing is loaded with the comment
    return f"(image: {alt})" if alt else "(image)"


def _link(match: re.Match[str]) -> str:
    words, url = match.group(1), match.group(2).strip()
    if _REMOTE.match(url):
        return match.group()
    if "/.attachments/" in url or url.startswith(".attachments/"):
        return f"{words} (attachment)"
    return words  # another wiki page, by its path: no address to link that a reader could open from here
