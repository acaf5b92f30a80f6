"""SDK objects -> our models, and our thread property values -> the service's typed form."""

from __future__ import annotations

from urllib.parse import quote

from doc_context.models import Relation, Thread, WorkItem
from doc_context.sources import ado_sdk as sdk
from doc_context.text.htmltext import looks_like_html

STATUS_NAMES = ("unknown", "active", "fixed", "wontFix", "closed", "byDesign", "pending")  # CommentThreadStatus


def work_item(w: sdk.WorkItem, org_url: str, default_project: str, keep: frozenset[str]) -> WorkItem:
    """Our model of a work item, its web link under its own project (another project's item lives there)."""
    fields = w.fields or {}
    home = str(fields.get("System.TeamProject") or default_project)
    text = {k: _plain(v) for k, v in fields.items() if k in keep and v is not None and _plain(v).strip()}
    relations = tuple(
        Relation(r.rel or "", r.url or "", str((r.attributes or {}).get("comment") or "")) for r in (w.relations or [])
    )
    return WorkItem(
        id=int(w.id),
        rev=int(w.rev or 0),
        type=str(fields.get("System.WorkItemType", "")),
        title=str(fields.get("System.Title", "")),
        state=str(fields.get("System.State", "")),
        fields=text,
        relations=relations,
        web_url=f"{org_url}/{quote(home)}/_workitems/edit/{int(w.id)}",
        markdown_fields=frozenset(k for k, v in text.items() if not looks_like_html(v)),
        project=str(fields.get("System.TeamProject") or ""),
        area_path=str(fields.get("System.AreaPath") or ""),
        tags=tuple(t.strip() for t in str(fields.get("System.Tags") or "").split(";") if t.strip()),
    )


def _plain(value: object) -> str:
    """A field value as text: identities by display name, 8.0 as '8'."""
    if isinstance(value, dict):
        return str(value.get("displayName") or value.get("uniqueName") or "")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def thread(t: sdk.CommentThread) -> Thread:
    comments = sorted(t.comments or [], key=lambda c: c.id or 0)
    first = comments[0] if comments else None
    props = {
        k: (v.get("$value") if isinstance(v, dict) and "$value" in v else v) for k, v in (t.properties or {}).items()
    }
    status = t.status if isinstance(t.status, str) or t.status is None else STATUS_NAMES[int(t.status)]
    return Thread(
        id=int(t.id),
        status=status,
        properties=props,
        first_comment_id=first.id if first else None,
        first_comment=(first.content or "") if first else "",
        is_deleted=bool(t.is_deleted),
    )


def typed(value: object) -> dict[str, object]:
    if isinstance(value, int) and not isinstance(value, bool):
        return {"$type": "System.Int32", "$value": value}
    return {"$type": "System.String", "$value": str(value)}
