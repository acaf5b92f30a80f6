"""An issue's JSON (Get issue, REST v3 on Cloud or v2, with expand=renderedFields) -> the Page the comment shows:
key and summary as its title, linked to {JIRA_URL}/browse/{KEY}; its type, status and parent as its status line;
its description as its text and its acceptance field as its criteria, both markdown (markup.py); its subtasks as
children with their state (fields.subtasks, inline: the real shape, not the published example's `sub-tasks`,
§3.3); its remote links' URLs and the links in its description and criteria as the pages it cites (a Confluence
page is as often pasted into the description as linked; another Jira issue's /browse/ link is not followed: the
onward wave reads the pages an issue cites, not more issues). An issue with a security level keeps its title and
link only.
"""

from __future__ import annotations

from typing import Any

from doc_context.models import Child, Page, Withheld
from doc_context.sources.jira.client import Issue
from doc_context.sources.jira.links import NAME, IssueRef, JiraSite, issue_key, looks_like_issue
from doc_context.sources.jira.markup import field_markdown
from doc_context.text.urls import find_urls

SECTION = "Jira issues"  # the comment's heading over its issues
SECURED = "it has an issue security level"
MAX_CHILDREN = 50  # subtasks listed, at most


def issue_page(issue: Issue, ref: IssueRef, site: JiraSite, acceptance_field: str = "") -> Page:
    """The page an issue becomes; its key as Jira answered it (a moved issue answers with its new key, §3)."""
    body = issue.body
    fields = _dict(body.get("fields"))
    rendered = _dict(body.get("renderedFields"))
    key = issue_key(str(body.get("key", ""))) or ref.issue
    summary = _text(fields.get("summary")) or "(no summary)"
    security = _dict(fields.get("security"))
    hidden = bool(security)
    status = " · ".join(s for s in (_name(fields.get("issuetype")), _name(fields.get("status"))) if s)
    parent = _dict(fields.get("parent"))
    parent_key = issue_key(str(parent.get("key", "")))
    if parent_key:
        status += f" · under {parent_key}: {_text(_dict(parent.get('fields')).get('summary'))}".rstrip(": ")
    text = "" if hidden else field_markdown(rendered.get("description"), fields.get("description"))
    criteria = ""
    if acceptance_field and not hidden:
        criteria = field_markdown(rendered.get(acceptance_field), fields.get(acceptance_field))
    return Page(
        ref,
        key,
        f"{key}: {summary}",
        "",
        "",
        site.browse(key),
        text,
        noun="jira issue",
        place=f"project {key.split('-')[0]}",
        cited_as=frozenset({ref.key, IssueRef(key).key}),
        status=status,
        criteria=criteria,
        children=() if hidden else _children(fields.get("subtasks"), site),
        cites=() if hidden else _cited(issue.remote_links, text, criteria),
        source=NAME,
        scope="",
        section=SECTION,
        restriction="own" if hidden else "none",  # its own security level: title_only says so
    )


def _children(subtasks: object, site: JiraSite) -> tuple[Child, ...]:
    found = []
    for task in subtasks[:MAX_CHILDREN] if isinstance(subtasks, list) else ():
        task = _dict(task)
        key = issue_key(str(task.get("key", "")))
        if key:
            task_fields = _dict(task.get("fields"))
            title = f"{key}: {_text(task_fields.get('summary'))}".rstrip(": ")
            status = _dict(task_fields.get("status"))
            done = _dict(status.get("statusCategory")).get("key") == "done"  # category keys are not localized
            kind = _name(task_fields.get("issuetype"))
            found.append(Child(title, _name(status), site.browse(key), done, kind))
    return tuple(found)


def _cited(links: list[dict[str, Any]] | None, *markdown: str) -> tuple[str, ...]:
    """The URLs of the issue's remote links (a Confluence page's: .../viewpage.action?pageId=N), then those its
    description and criteria link to, each once; no Jira issue's /browse/ link."""
    remote = (_dict(link.get("object")).get("url") for link in links or ())
    written = (url for text in markdown for url in find_urls(text, markdown=True))
    urls = (u for u in (*remote, *written) if isinstance(u, str) and u.startswith(("https://", "http://")))
    return tuple(dict.fromkeys(u for u in urls if not looks_like_issue(u)))


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _name(value: object) -> str:
    return _text(_dict(value).get("name"))


def _text(value: object) -> str:
    return " ".join(value.split())[:300] if isinstance(value, str) else ""


def secured(page: Page) -> Withheld | None:
    """Jira's audience rule: an issue with a security level is shown by its title and link only (Jira lets fewer
    people read it than may read the pull request, §8)."""
    return Withheld(SECURED, "an issue security level (fields.security)") if page.restriction == "own" else None
