"""Pure: images in work item text -> markdown that shows where they are and never loads one.

A screenshot stored as a work item attachment (`https://dev.azure.com/{org}/{project}/_apis/wit/attachments/{guid}?fileName=x.png`)
becomes a link with its file name: `(image: [x.png](…))`. Never an embedded image, not even one of Azure DevOps'
own: Microsoft's Markdown guidance says pull request comments render images by URL and the files attached to
the comment itself ("Images" and "Attachments" in
https://learn.microsoft.com/azure/devops/project/wiki/markdown-guidance), and nothing that a work item's
attachment URL renders for the pull request's readers. Reading it needs access to the work item's project,
which a reader of the pull request may not have (and the comment shows other projects' items by title only).
An image from any other host is its alt text alone: never embedded, never a request on a reader's behalf.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, unquote, urlsplit

from doc_context.text.mdwrite import literal

NAME_CHARS = 100
_ATTACHMENT = re.compile(r"/_apis/wit/attachments/[0-9a-fA-F]{8}-?(?:[0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}(?:[/?#]|$)")
_SPACES = re.compile(r"\s+")
_MD_IMAGE = re.compile(r"!\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"\n]*\")?\s*\)")


def is_attachment(url: str) -> bool:
    """Whether a URL is a work item attachment of Azure DevOps (any host: it is only ever linked)."""
    parts = urlsplit(url.strip())
    return parts.scheme in ("http", "https") and bool(parts.netloc) and bool(_ATTACHMENT.search(parts.path + "?"))


def image_text(src: str, alt: str = "") -> str:
    """An image as markdown text: an attachment as a link named by its file, any other as its alt text."""
    alt = _SPACES.sub(" ", alt).strip()
    url = src.strip().replace(" ", "%20").replace("<", "%3C").replace(">", "%3E")
    if is_attachment(url):
        name = _file_name(url) or alt or "attachment"
        label = literal(name[:NAME_CHARS]).replace("[", "\\[").replace("]", "\\]")
        return f"(image: [{label}]({literal(url).replace(')', '%29').replace('(', '%28')}))"
    return f"(image: {literal(alt)})" if alt else "(image)"


def shows_attachment(text: str) -> bool:
    """Whether a text holds an attachment's link as image_text writes it (a screenshot: the item's own)."""
    return "(image: [" in text


def markdown_images(text: str) -> str:
    """A markdown field's images (`![alt](url)`) as image_text: attachments linked, others their alt text."""
    return _MD_IMAGE.sub(lambda m: image_text(m.group(2), m.group(1)), text)


def _file_name(url: str) -> str:
    names = parse_qs(urlsplit(url).query).get("fileName") or parse_qs(urlsplit(url).query).get("filename")
    return unquote(names[0]).strip() if names and names[0].strip() else ""
