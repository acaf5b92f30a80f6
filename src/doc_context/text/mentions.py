"""Pure: mentions in work item comments as plain text: a person by name (no ping, no @<id>, no markup).

Azure DevOps writes a person's mention in HTML as `<a href="#" data-vss-mention="version:2.0,{id}">@Name</a>`
(an older form: `<a href="mailto:…" data-vss-mention="version:1.0">@Name</a>`) and in markdown comments as
`@<{id}>`; a work item's as `<a href="…/_workitems/edit/123/" data-vss-mention="version:1.0">#123</a>`
(azure-devops.md §10.5). A person becomes their name, a work item "work item 123": `#123` in a pull request
comment would link that work item to the pull request.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_ANCHOR = re.compile(r"<a\b[^>]*\bdata-vss-mention\s*=[^>]*>(.*?)</a\s*>", re.I | re.S)
_TAGS = re.compile(r"<[^>]*>")
_ID_MENTION = re.compile(r"@<\s*([0-9A-Fa-f-]{8,})\s*>")
_AT = re.compile(r"@(?=[<\w])")


def html_mentions(html: str) -> str:
    """Each mention anchor in comment HTML as its plain label: "@Jamal Hartnett" -> "Jamal Hartnett"."""
    return _ANCHOR.sub(lambda m: _label(_TAGS.sub("", m.group(1))), html)


def markdown_mentions(text: str, names: Mapping[str, str]) -> str:
    """Each `@<id>` of a markdown comment as the name it stands for (`names`: identity id -> display name, the
    comments' authors), else "someone"; any other `@` before a word loses its `@`."""
    named = _ID_MENTION.sub(lambda m: names.get(m.group(1).casefold(), "someone"), text)
    return _AT.sub("", named)


def _label(text: str) -> str:
    label = " ".join(text.split())
    if label.startswith("#") and label[1:].isdigit():
        return f"work item {label[1:]}"
    return label.lstrip("@")
