"""Opt-in threads for the demo pull request (the demo seed leaves it without any): what a reviewed PR carries."""

from __future__ import annotations

from typing import Any

from .ado import FakeAzureDevOps


def add_review_threads(ado: FakeAzureDevOps, pr_id: int) -> list[dict[str, Any]]:
    """Opt-in (the demo seed leaves the PR without threads): what a reviewed PR carries before our run,
    a vote (a system thread, no status) and a reviewer's comment on a file."""
    reviewer = ado.add_identity("Priya Raman", unique_name="priya@fabrikam.example").ref(ado.base_url)
    now = ado.clock.now()
    vote = {
        "comments": [
            {
                "id": 1,
                "parentCommentId": 0,
                "commentType": "system",
                "content": "Priya Raman voted 5",
                "author": reviewer,
                "publishedDate": now,
                "lastUpdatedDate": now,
            }
        ],
        "properties": {
            "CodeReviewThreadType": {"$type": "System.String", "$value": "VoteUpdate"},
            "CodeReviewVoteResult": {"$type": "System.String", "$value": "5"},
        },
    }
    review = {
        "status": "active",
        "threadContext": {
            "filePath": "/src/checkout/totals.py",
            "rightFileStart": {"line": 42, "offset": 1},
            "rightFileEnd": {"line": 42, "offset": 38},
        },
        "comments": [
            {
                "id": 1,
                "parentCommentId": 0,
                "commentType": "text",
                "author": reviewer,
                "content": "Can we keep `Decimal` here until the very end? The policy says round once.",
                "publishedDate": now,
                "lastUpdatedDate": now,
                "lastContentUpdatedDate": now,
            }
        ],
        "properties": {"Microsoft.TeamFoundation.Discussion.SupportsMarkdown": {"$type": "System.Int32", "$value": 1}},
    }
    return [ado.add_thread(pr_id, vote), ado.add_thread(pr_id, review)]
