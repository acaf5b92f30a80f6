"""summary/prlinks: the pull request's Files view at a file, and the label of its evidence lines."""

from __future__ import annotations

import pytest

from doc_context.models import PullRequestRef
from doc_context.summary.evidence import FileEvidence
from doc_context.summary.prlinks import evidence_label, files_view_url, line_ranges, pull_request_url

PR = PullRequestRef("https://dev.azure.com/fabrikam", "Fabrikam Fiber", "store front", 1842)


def test_the_pull_request_page() -> None:
    assert pull_request_url(PR) == "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_git/store%20front/pullrequest/1842"


@pytest.mark.parametrize("path", ["/src/checkout/loyalty.py", "src/checkout/loyalty.py"])
def test_the_files_view_at_a_file(path: str) -> None:
    assert files_view_url(PR, path) == (
        "https://dev.azure.com/fabrikam/Fabrikam%20Fiber/_git/store%20front/pullrequest/1842"
        "?_a=files&path=/src/checkout/loyalty.py"
    )


def test_a_path_that_could_break_the_query_is_encoded() -> None:
    url = files_view_url(PR, "/docs/a&b #1?.md")
    assert url.endswith("?_a=files&path=/docs/a%26b%20%231%3F.md")


@pytest.mark.parametrize(
    ("lines", "limit", "expected"),
    [
        ((12, 13, 14, 40), 3, "12-14, 40"),
        ((40, 12, 13, 13), 3, "12-13, 40"),
        ((1, 3, 5, 7, 8), 3, "1, 3, 5 +2 more"),
        ((1, 3, 5, 7, 8), None, "1, 3, 5, 7-8"),
        ((), 3, ""),
    ],
)
def test_line_ranges(lines: tuple[int, ...], limit: int | None, expected: str) -> None:
    assert line_ranges(lines, limit) == expected


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [
        (FileEvidence("/src/loyalty.py", (12, 13, 40)), "src/loyalty.py:12-13, 40"),
        (FileEvidence("/src/old.py", (), (3, 4, 5)), "src/old.py:removed 3-5"),
        (FileEvidence("/src/a.py", (1,), (9,)), "src/a.py:1; removed 9"),
        (FileEvidence("/src/a.py"), "src/a.py"),
    ],
)
def test_evidence_label(evidence: FileEvidence, expected: str) -> None:
    assert evidence_label(evidence) == expected
