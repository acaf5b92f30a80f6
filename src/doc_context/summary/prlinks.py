"""Pure: links into a pull request's web pages, and the label of a file's evidence lines.

The pull request's page is {collection}/{project}/_git/{repository}/pullrequest/{id}: the form Microsoft's
service hook reference publishes in its sample payloads ("…/DefaultCollection/_git/Fabrikam/pullrequest/1
?discussionId=5", https://learn.microsoft.com/azure/devops/service-hooks/events, "Pull request commented
on"). Its Files view at one file adds `_a=files&path=` and the file's path, percent-encoded, as Microsoft's
own repositories link a pull request's file (microsoft/vssdktestfx, README.md: "…/_git/VS/pullrequest/57056
?_a=files&path=%2Fsrc%2Fenv%2Fshell%2FConnected%2Ftests"). The slashes stay as they are, as in the repository
links Microsoft's docs write (`_git/{repository}?path=/src/app.py`): a query may hold them, and the comment is
shorter. No published parameter opens that view at a line, so the line numbers go in the link's text
(`src/loyalty.py:12-14, 40`), not in the link.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from doc_context.change.model import FileEvidence
from doc_context.models import PullRequest, PullRequestRef

MAX_LINES = 3  # line ranges named in a label; the rest is counted


def pull_request_url(pr: PullRequestRef) -> str:
    """The pull request's page: https://dev.azure.com/fabrikam/Fabrikam/_git/storefront/pullrequest/1842."""
    project, repository = quote(pr.project, safe=""), quote(pr.repository, safe="")
    return f"{pr.org_url.rstrip('/')}/{project}/_git/{repository}/pullrequest/{int(pr.pull_request_id)}"


def links_ref(pr: PullRequest) -> PullRequestRef:
    """The pull request as its web links name it: its project and repository by name where the service told
    them (a web address reads better with "Fabrikam Fiber/_git/storefront" than with their ids)."""
    ref = pr.ref
    project, repository = pr.project_name or ref.project, pr.repository_name or ref.repository
    return PullRequestRef(ref.org_url, project, repository, ref.pull_request_id)


def files_view_url(pr: PullRequestRef, path: str) -> str:
    """The pull request's Files view opened at one changed file ("/src/app.py" or "src/app.py")."""
    return f"{pull_request_url(pr)}?_a=files&path={quote('/' + path.lstrip('/'), safe='/')}"


def line_ranges(lines: Sequence[int], limit: int | None = MAX_LINES) -> str:
    """Line numbers as ranges: (12, 13, 14, 40) -> "12-14, 40"; past `limit` ranges, "+N more" lines."""
    ranges: list[list[int]] = []
    for n in sorted(set(lines)):
        if ranges and n == ranges[-1][1] + 1:
            ranges[-1][1] = n
        else:
            ranges.append([n, n])
    shown = ranges if limit is None else ranges[:limit]
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in shown)
    rest = sum(b - a + 1 for a, b in ranges[len(shown) :])
    return f"{text} +{rest} more" if rest else text


def evidence_label(evidence: FileEvidence, limit: int | None = MAX_LINES) -> str:
    """What a file's evidence reads as, inside its code span: "src/loyalty.py:12-14, 40", "old.py:removed 3-9",
    "src/loyalty.py" (by name only). `limit` None: every line (the build summary)."""
    name = evidence.path.lstrip("/")
    where = [line_ranges(evidence.lines, limit)] if evidence.lines else []
    where += [f"removed {line_ranges(evidence.removed, limit)}"] if evidence.removed else []
    return f"{name}:{'; '.join(where)}" if where else name
