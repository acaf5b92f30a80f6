"""Frozen data that flows between the gateways, the pure logic and the edge; one module a side:

sources.py   what the gateways read: the pull request, work items, pages and how links name them, threads
results.py   what a run makes of it: summaries, criteria, what was gathered, checks, the Outcome
"""

from doc_context.models.results import Check, Criterion, Gathered, Outcome, Reading, Summary, Yields
from doc_context.models.sources import (
    PULL_REQUEST,
    WORK_ITEM_BATCH,
    ChangedFile,
    Clock,
    Fetched,
    LinkFamily,
    Notice,
    Page,
    PageKey,
    PageKind,
    PageRef,
    PullRequest,
    PullRequestRef,
    Ref,
    Relation,
    Remark,
    Restriction,
    SignedIn,
    StateCategories,
    Thread,
    Withheld,
    WorkItem,
)

__all__ = [
    "PULL_REQUEST",
    "WORK_ITEM_BATCH",
    "ChangedFile",
    "Check",
    "Clock",
    "Criterion",
    "Fetched",
    "Gathered",
    "LinkFamily",
    "Notice",
    "Outcome",
    "Page",
    "PageKey",
    "PageKind",
    "PageRef",
    "PullRequest",
    "PullRequestRef",
    "Reading",
    "Ref",
    "Relation",
    "Remark",
    "Restriction",
    "SignedIn",
    "StateCategories",
    "Summary",
    "Thread",
    "Withheld",
    "WorkItem",
    "Yields",
]
