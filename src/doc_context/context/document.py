"""Pure: what a run read and summarized -> the context document for AI reviewers (`doc-context context
--format json`, the file a pipeline run writes, the MCP tool), checked against schema.json beside this file.

    schemaVersion, generator, complete
    pullRequest   organization URL, project, repository, id, url, title, description, branches, changed files
    workItems     id, type, title, state, url, revision, fields used, summary, full text, related files,
                  parents (ids), extra fields, criteria (text, withdrawn; a Bug's outcome labelled Expected or
                  Actual; each live one's evidence: the changed files and lines that carry its terms, the basis
                  it was found on, and a language model's checked word when there is one), children (id,
                  type, title, state, url, done), discussion (author, date, text, url: every comment read)
    parents       id, type, title, state, url, goal
    pages         source (confluence, wiki), scope, id, kind, title, space, url, version, cited by (work items; the
                  pull request's own description apart), excerpt, full text
    withheld      title, url and the reason only
    disagreements where the pages, the criteria and the diff state different values for one thing: the kinds,
                  each source (page, criterion, diff), its value, its sentence or line, its link, those saying the same
    warnings      source, message (what the pipeline log shows)
    readList      one line per source read (the pipeline log's group)

The audience rules hold as in the comment (summary/audience.py): a withheld work item, parent or page is
listed in `withheld` alone, by its title, its link and the reason the comment gives, never with its text,
and nowhere else. Texts from sources are the markdown the comment shows (neutralize); every string has its
pipeline logging commands defused, so printing the document in a pipeline's log runs none.
A minor version (1.x) only adds optional fields; a consumer reads the ones it knows. 1.1 added a page's
`citedByPullRequest` (and wiki pages, `source` "wiki"); 1.2 a criterion's `evidence` (filled in), `evidenceBasis`,
`label` and `word`; 1.3 a page's `scope` (what its id is unique within: two wikis may each have a page 5);
1.4 `disagreements`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from doc_context.models import (
    PULL_REQUEST,
    Criterion,
    Disagreement,
    Gathered,
    Outcome,
    Page,
    PullRequestRef,
    Summary,
    WorkItem,
)
from doc_context.summary.children import child_ids, finished
from doc_context.summary.parents import goal, parent_id
from doc_context.summary.prlinks import files_view_url, links_ref
from doc_context.text.masking import mask
from doc_context.text.neutralize import defuse_log_commands, neutralize, strip_invisible

SCHEMA_VERSION = "1.4"  # 1.1: a page's citedByPullRequest; 1.2: a criterion's evidence, evidenceBasis, label and
# word; 1.3: a page's scope; 1.4: a page's status, criteria and children (a Jira issue's type and status, acceptance
# criteria with evidence, subtasks), and disagreements (where pages, criteria and the diff state different values);
# a work item's children and discussion
# In a pipeline run: the file in the agent's temp folder, the output variable with its path, the build artifact
FILE_NAME = "doc-context.json"
OUTPUT_VARIABLE = "contextFile"
ARTIFACT = "doc-context"
Json = dict[str, Any]


def context_document(outcome: Outcome, *, version: str, secrets: Sequence[str] = ()) -> Json:
    """The document for what a run read (outcome.reading), its warnings and read list; `version`: doc-context's.
    A secret value (a token) that slipped into any string is masked there, as the CLI masks every line."""
    if outcome.reading is None:
        raise ValueError("the outcome holds no reading: only app.run's outcomes make a context document")
    gathered = outcome.reading.gathered
    items = {f"work item {w.id}": w for w in gathered.work_items if not w.withheld}
    pages = {p.key: (p, ids) for p, ids in gathered.pages if not p.withheld}  # (source, scope, id): Summary.page
    shown_parents = {p.id: p for p in gathered.parents if not p.withheld}
    document: Json = {
        "schemaVersion": SCHEMA_VERSION,
        "generator": {"name": "doc-context", "version": version},
        "complete": gathered.complete,
        "pullRequest": _pull_request(gathered),
        "workItems": [
            _work_item(items[s.source_id], s, gathered, shown_parents)
            for s in outcome.reading.items
            if s.source_id in items and not s.withheld
        ],
        "parents": [_parent(p) for p in gathered.parents if not p.withheld],
        "pages": [
            _page(*pages[s.page], s, links_ref(gathered.pull_request) if gathered.pull_request else None)
            for s in outcome.reading.pages
            if s.page in pages and not s.withheld
        ],
        "withheld": _withheld(gathered),
        "warnings": [{"source": n.source, "message": n.message} for n in outcome.notices],
        "readList": list(outcome.sources),
        "disagreements": [
            _disagreement(d)
            for s in (*outcome.reading.items, *outcome.reading.pages)
            if not s.withheld
            for d in s.disagreements
        ],
    }
    cleaned: Json = _cleaned(document, secrets)
    return cleaned


def dumps(document: Json) -> str:
    """The document as printed and written: UTF-8 JSON, indented, one string a line."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _pull_request(gathered: Gathered) -> Json:
    pr = gathered.pull_request
    if pr is None:
        raise ValueError("the reading holds no pull request")
    return {
        "organizationUrl": pr.ref.org_url,
        "project": pr.project_name or pr.ref.project,
        "repository": pr.repository_name or pr.ref.repository,
        "id": pr.ref.pull_request_id,
        "url": pr.web_url,
        "title": _plain(pr.title),
        "description": neutralize(pr.description),
        "sourceBranch": pr.source_branch,
        "targetBranch": pr.target_branch,
        "changedFiles": [{"path": f.path, "changeType": f.change_type} for f in gathered.changed_files],
    }


def _work_item(item: WorkItem, summary: Summary, gathered: Gathered, parents: dict[int, WorkItem]) -> Json:
    return {
        "id": item.id,
        "type": item.type,
        "title": _plain(item.title),
        "state": item.state,
        "url": item.web_url,
        "revision": item.rev,
        "project": item.project,
        "areaPath": item.area_path,
        "tags": list(item.tags),
        "fieldsUsed": list(summary.fields_used),
        "summary": neutralize(summary.text),
        "fullText": neutralize(summary.more or summary.text),
        "relatedFiles": list(summary.related_files),
        "relevance": summary.relevance,
        "parents": _chain(item, {p.id: p for p in gathered.parents}, parents),
        "extraFields": [{"label": label, "value": _plain(value)} for label, value in summary.extra],
        "criteria": criteria(summary, links_ref(gathered.pull_request) if gathered.pull_request else None),
    } | _story(item, gathered)


def _story(item: WorkItem, gathered: Gathered) -> Json:
    """1.4: its children the PR's readers may read, and every comment of its discussion, newest first."""
    known = {w.id: w for w in (*gathered.children, *gathered.work_items)}
    linked = {w.id for w in gathered.work_items}
    kids = [known[i] for i in child_ids(item) if i in known and not known[i].withheld]
    children = [
        {"id": k.id, "type": k.type, "title": _plain(k.title), "state": k.state, "url": k.web_url}
        | {"done": finished(k.type, k.state, gathered.state_categories)}
        | ({"thisPullRequest": True} if k.id in linked else {})
        for k in kids
    ]
    said = sorted(
        (r for r in gathered.discussion if r.work_item == item.id), key=lambda r: (r.date, r.id), reverse=True
    )
    talk = [{"author": _plain(r.author), "date": r.date, "text": neutralize(r.text), "url": r.url} for r in said]
    return ({"children": children} if children else {}) | ({"discussion": talk} if talk else {})


def criteria(summary: Summary, pr: PullRequestRef | None = None) -> list[Json]:
    """Every acceptance criterion as the summary gives it, in the item's order (a Bug's Expected and Actual outcome
    labelled); a struck-through one is withdrawn. Each one evidence was looked for carries it (the comment's
    evidence, every file and line: the changed files whose added lines carry its terms, each linking into `pr`'s
    Files view), the basis it was found on (the diff, or the changed files' names without a checkout), and the
    language model's word when one stood its citation check."""
    return [_criterion(c, pr) for c in summary.criteria]


def _criterion(criterion: Criterion, pr: PullRequestRef | None) -> Json:
    found: Json = {"text": neutralize(criterion.text), "withdrawn": criterion.struck}
    found |= {"label": criterion.label} if criterion.label else {}
    if criterion.evidence is not None:
        found["evidence"] = [
            {
                "path": f.path,
                "lines": list(f.lines),
                "removed": list(f.removed),
                "terms": [_plain(t) for t in f.terms],
                **({"url": files_view_url(pr, f.path)} if pr is not None else {}),
            }
            for f in criterion.evidence.files
        ]
        found["evidenceBasis"] = criterion.evidence.basis
    found |= {"word": criterion.word} if criterion.word else {}
    return found


def _chain(item: WorkItem, fetched: dict[int, WorkItem], shown: dict[int, WorkItem]) -> list[int]:
    """The ids of the item's shown ancestors, nearest first; a withheld one ends the chain (its links are gone)."""
    chain: list[int] = []
    current = parent_id(item)
    while current is not None and current in shown and current not in chain and current != item.id:
        chain.append(current)
        current = parent_id(fetched[current])
    return chain


def _parent(parent: WorkItem) -> Json:
    return {
        "id": parent.id,
        "type": parent.type,
        "title": _plain(parent.title),
        "state": parent.state,
        "url": parent.web_url,
        "goal": neutralize(goal(parent)),
    }


def _page(page: Page, cited_by: Sequence[int], summary: Summary, pr: PullRequestRef | None = None) -> Json:
    found: Json = {
        "source": page.source,
        "scope": page.scope,
        "id": page.id,
        "kind": str(getattr(page.ref, "kind", "page")),
        "title": _plain(page.title),
        "space": page.space_key,
        "url": page.web_url,
        "version": page.version,
        "citedBy": sorted(set(cited_by) - {PULL_REQUEST}),
        "citedByPullRequest": PULL_REQUEST in cited_by,
        "excerpt": neutralize(summary.text),
        "fullText": neutralize(summary.more or summary.text),
        "relatedFiles": list(summary.related_files),
        "relevance": summary.relevance,
    }
    found |= {"status": page.status} if page.status else {}  # 1.4: what a Jira issue has beyond its text
    found |= {"criteria": criteria(summary, pr)} if summary.criteria else {}
    children = [{"title": _plain(c.title), "state": c.state, "done": c.done, "url": c.url} for c in page.children]
    return found | ({"children": children} if children else {})


def _disagreement(found: Disagreement) -> Json:
    """Each source's word side by side (never which one is right); sameAs: the sources stating the same value."""
    same = {i: list(group) for group in found.groups for i in group}
    return {
        "kinds": list(found.kinds),
        "statements": [
            {
                "source": s.source,
                "name": _plain(s.name),
                "value": _plain(s.value),
                "quote": _plain(s.quote),
                "link": s.link,
                "sameAs": same.get(i, [i]),
            }
            for i, s in enumerate(found.stated)
        ],
    }


def _withheld(gathered: Gathered) -> list[Json]:
    """Title, link and reason: nothing else of a source the PR's readers may not be able to read."""
    pages = (p for p, _ in gathered.pages)
    sources: Iterable[WorkItem | Page] = (*gathered.work_items, *gathered.parents, *gathered.children, *pages)
    return [
        {"title": _plain(s.title), "url": s.web_url, "reason": s.withheld.why}
        for s in sources
        if s.withheld is not None
    ]


def _plain(text: str) -> str:
    """A title or a value as written: no invisible characters, one line."""
    return " ".join(strip_invisible(text).split())


def _cleaned(value: Any, secrets: Sequence[str]) -> Any:
    """Every string with its logging commands defused and any secret masked."""
    if isinstance(value, str):
        return defuse_log_commands(mask(value, secrets))
    if isinstance(value, dict):
        return {key: _cleaned(v, secrets) for key, v in value.items()}
    if isinstance(value, list):
        return [_cleaned(v, secrets) for v in value]
    return value
