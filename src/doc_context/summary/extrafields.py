"""Pure: the extra fields shown per work item type ("Bug=Microsoft.VSTS.Common.Severity;User Story=...").

    parse_extra_fields("Bug=Microsoft.VSTS.Common.Severity,Microsoft.VSTS.Common.Priority;*=System.Tags")
    -> {"bug": ("Microsoft.VSTS.Common.Severity", "Microsoft.VSTS.Common.Priority"), "*": ("System.Tags",)}

Types are matched ignoring case; "*" applies to every type. Each field is shown as a short
labelled line ("**Severity:** 2 - High"), its label taken from the reference name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from doc_context.models import WorkItem
from doc_context.summary.tokens import clip
from doc_context.summary.worktypes import label, shown
from doc_context.text.htmltext import html_to_markdown, looks_like_html
from doc_context.text.mdwrite import plain

ExtraFields = Mapping[str, tuple[str, ...]]
VALUE_CHARS = 120
_FIELD_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$")


def parse_extra_fields(spec: str) -> dict[str, tuple[str, ...]]:
    """Type -> field reference names; a ValueError names the part that is not `Type=Field,Field`."""
    out: dict[str, tuple[str, ...]] = {}
    for part in (p.strip() for p in (spec or "").split(";")):
        if not part:
            continue
        type_, sep, names = part.partition("=")
        fields = tuple(dict.fromkeys(n.strip() for n in names.split(",") if n.strip()))
        bad = [n for n in fields if not _FIELD_NAME.match(n)]
        if not sep or not type_.strip() or not fields or bad:
            raise ValueError(
                f"'{part}' is not 'Work Item Type=Field.Reference.Name[,Another.Field]'"
                + (f" ({', '.join(bad)} is no field reference name)" if bad else "")
            )
        key = type_.strip().casefold()
        out[key] = tuple(dict.fromkeys(out.get(key, ()) + fields))
    return out


def fields_for(item: WorkItem, extra: ExtraFields) -> tuple[str, ...]:
    """The extra fields configured for the item's type, then those for every type; never a field
    its type hides (a Bug's description, worktypes.py)."""
    names = dict.fromkeys(extra.get(item.type.strip().casefold(), ()) + extra.get("*", ()))
    return tuple(name for name in names if shown(item, name))


def extra_values(item: WorkItem, extra: ExtraFields) -> tuple[tuple[str, str], ...]:
    """(label, value) of each configured field the item has a value for, in the configured order."""
    out: list[tuple[str, str]] = []
    for name in fields_for(item, extra):
        value = _one_line(item.fields.get(name))
        if value:
            out.append((label(name), value))
    return tuple(out)


def _one_line(value: object) -> str:
    if value is None or (isinstance(value, bool) and not value):
        return ""
    if isinstance(value, Mapping):  # an identity: {"displayName": ..., "uniqueName": ...}
        value = value.get("displayName") or value.get("uniqueName") or ""
    elif isinstance(value, Sequence) and not isinstance(value, str):
        value = ", ".join(str(v) for v in value)
    text = str(value)
    if looks_like_html(text):
        return clip(" ".join(html_to_markdown(text).split()), VALUE_CHARS)
    return plain(clip(" ".join(text.split()), VALUE_CHARS))  # markdown either way: plain text shown as written
