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

from doc_context.text.mdblocks import FENCE, closes_fence

MAX_CHARS = 200_000  # a longer page is read up to here (at a line's end), and the log says so
_TOC = re.compile(r"^\s*\[\[_(?:TOC|TOSP)_\]\]\s*$", re.IGNORECASE)
_CONTAINER = re.compile(r"^\s*:::\s*([A-Za-z][\w-]*)?(.*)$")  # ::: mermaid, ::: video, ::: query-table <id>, :::
_SHOWS = {"mermaid": "a Mermaid diagram", "video": "a video", "query-table": "a table of query results"}
_DROPPED = re.compile(r"<(script|style|iframe|object|embed|template|noscript|svg)\b.*?(?:</\1\s*>|\Z)", re.I | re.S)
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_ANCHOR = re.compile(r"<a\b[^>]*?\bhref\s*=\s*[\"']?(https?://[^\"'\s>]+)[\"']?[^>]*>(.*?)</a\s*>", re.I | re.S)
_IMG_TAG = re.compile(r"<img\b[^>]*?>", re.I | re.S)
_ALT = re.compile(r"\balt\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))", re.I)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<![^<>]*>")
_MD_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"\n]*\")?\s*\)")
_MD_LINK = re.compile(r"(?<![!\\])\[([^\]\n]+)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"\n]*\")?\s*\)")
_REMOTE = re.compile(r"(?i)^(?:https?://|mailto:|#)")


@dataclass(frozen=True)
class Converted:
    text: str
    cut: bool = False  # the page was longer than MAX_CHARS: only its start was read


def wiki_to_markdown(source: str, *, limit: int = MAX_CHARS) -> Converted:
    text = source.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    cut = len(text) > limit
    if cut:
        text = text[: text.rfind("\n", 0, limit) + 1 or limit]
    lines = _without_front_matter(text.split("\n"))
    out: list[str] = []
    prose: list[str] = []  # lines outside fences and containers, converted together (a tag may span lines)
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        container = _CONTAINER.match(line)
        if fence and not _in_comment(prose):  # a fence inside an HTML comment is the comment's, hidden with it
            out += _prose(prose)
            end = next((j for j in range(i + 1, len(lines)) if closes_fence(lines[j], fence.group(1))), None)
            out += lines[i : end + 1] if end is not None else [*lines[i:], fence.group(1)]  # closed at the end
            i = len(lines) if end is None else end + 1
        elif container and container.group(1):
            out += _prose(prose)
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == ":::"), len(lines))
            name = container.group(1).lower()
            out += [f"_({_SHOWS[name]} is on the page)_"] if name in _SHOWS else _prose(lines[i + 1 : end])
            i = end + 1
        elif _TOC.match(line) or line.strip() == ":::":
            i += 1
        else:
            prose.append(line)
            i += 1
    out += _prose(prose)
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


def _prose(lines: list[str]) -> list[str]:
    """Markdown outside code: HTML and images turned into text; taken from `lines`, which is emptied."""
    if not lines:
        return []
    text = "\n".join(lines)
    lines.clear()
    text = _COMMENT.sub("", _DROPPED.sub("", text))
    text = _ANCHOR.sub(lambda m: f"[{_TAG.sub('', m.group(2)).strip() or m.group(1)}]({m.group(1)})", text)
    text = _IMG_TAG.sub(_img_alt, text)
    text = _TAG.sub("", text)
    text = _MD_IMAGE.sub(_image, text)
    text = _MD_LINK.sub(_link, text)
    return text.split("\n")


def _img_alt(match: re.Match[str]) -> str:
    alt = _ALT.search(match.group())
    words = next((g for g in alt.groups() if g), "") if alt else ""
    return f"(image: {words.strip()})" if words.strip() else ""


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
