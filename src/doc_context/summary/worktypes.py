"""Pure: the work item types in one table: which fields each shows, how, and what the overview calls it.

    TYPES["bug"] = WorkType("fixes", (REPRO_STEPS, SYSTEM_INFO), hidden=(DESCRIPTION.name,))

Everything that depends on a work item's type reads this table: the gateway fetches `FETCHED_FIELDS`,
the summary is made from `fields` (each rendered by its `how`), the Confluence links are searched in
the same fields, the overview uses `verb`, and a `hidden` field is never shown (not as a parent's goal,
not as an extra field). Adding a field to a type is one edit here. Types are matched ignoring case;
any other type, custom types included, is `OTHER`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from doc_context.models import WorkItem
from doc_context.text.htmltext import html_to_markdown
from doc_context.text.images import markdown_images

How = Literal["text", "criteria", "steps", "environment"]
# text: an excerpt, ranked against the changes; criteria: one a line, struck-through ones apart;
# steps: numbered repro steps with expected/actual; environment: one "System info" line


@dataclass(frozen=True)
class Field:
    name: str  # the reference name
    how: How


@dataclass(frozen=True)
class WorkType:
    verb: str  # "fixes", "implements", "relates to": how the overview says what the PR does with it
    fields: tuple[Field, ...]  # the summary is made from these, in order; Confluence links are found in them
    hidden: tuple[str, ...] = ()  # never shown, even when configured as an extra field or read for a parent


DESCRIPTION = Field("System.Description", "text")
ACCEPTANCE_CRITERIA = Field("Microsoft.VSTS.Common.AcceptanceCriteria", "criteria")
REPRO_STEPS = Field("Microsoft.VSTS.TCM.ReproSteps", "steps")
SYSTEM_INFO = Field("Microsoft.VSTS.TCM.SystemInfo", "environment")

_REQUIREMENT = WorkType("implements", (DESCRIPTION, ACCEPTANCE_CRITERIA))
TYPES: Mapping[str, WorkType] = {
    # A Bug's description is often a pasted ticket: its repro steps speak for it.
    "bug": WorkType("fixes", (REPRO_STEPS, SYSTEM_INFO), hidden=(DESCRIPTION.name,)),
    "user story": _REQUIREMENT,
    "product backlog item": _REQUIREMENT,
    "feature": _REQUIREMENT,
    "requirement": _REQUIREMENT,
    "epic": WorkType("implements", (DESCRIPTION,)),
}
OTHER = WorkType("relates to", (DESCRIPTION,))
VERBS = ("fixes", "implements", "relates to")  # the overview's order
FETCHED_FIELDS = tuple(dict.fromkeys(f.name for t in (*TYPES.values(), OTHER) for f in t.fields))
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def work_type(type_name: str) -> WorkType:
    """The table's row for a type name ("Bug", "user story ", "Compliance Risk")."""
    return TYPES.get(type_name.strip().casefold(), OTHER)


def shown(item: WorkItem, name: str) -> bool:
    """Whether a field of this item may appear in the comment at all."""
    return name not in work_type(item.type).hidden


def field_markdown(item: WorkItem, name: str) -> str:
    """A field as markdown: HTML converted, a field stored as markdown taken as it is."""
    raw = item.fields.get(name) or ""
    if not isinstance(raw, str):
        raw = str(raw)
    return markdown_images(raw.strip()) if name in item.markdown_fields else html_to_markdown(raw)


def label(reference_name: str) -> str:
    """Microsoft.VSTS.Common.BusinessValue -> "Business value"; Custom.RiskOwner -> "Risk owner"."""
    last = reference_name.rsplit(".", 1)[-1].replace("_", " ")
    words = _CAMEL.sub(" ", last).split()
    if not words:
        return reference_name
    return " ".join([words[0]] + [w if w.isupper() and len(w) > 1 else w.lower() for w in words[1:]])
