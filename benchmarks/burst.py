"""Load test: a burst of concurrent `doc-context run`s on different PRs against shared rate limits.

Run: python benchmarks/burst.py [--runs 16] [--throttle 2] [--retry-after 1]

An organization-wide service hook, or a busy morning, starts many runs at once. Here every run is the
real CLI in its own process, all started together against one sandbox organization and one Confluence
site, sharing one SDK cache dir (one agent machine). Each PR has its own two work items and its own
page. The first --throttle thread POSTs of each PR, the first --throttle work item batch reads of each
PR and the first --throttle reads of each page are answered 429 with Retry-After. The script prints
the burst's wall time; tests/test_burst.py runs the same burst and asserts that every run exits 0
with exactly one thread on its PR, holding its own content and nothing of any other PR's.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from doc_context.demo import run_env
from doc_context.sandbox import FakeAzureDevOps, FakeConfluence, Request
from doc_context.sandbox.ado_workitems import work_item

TOKEN, EMAIL, API_TOKEN = "burst-build-token", "burst@fabrikam.example", "burst-confluence-token"
FIRST_ITEM, FIRST_PAGE = 9000, 6_200_000_000
Start = Callable[..., "subprocess.Popen[bytes]"]


def mark(n: int) -> str:
    """A word only PR n's sources contain (zero-padded: no mark is part of another)."""
    return f"burstmark{n:03d}x"


@dataclass(frozen=True)
class Burst:
    ado: FakeAzureDevOps
    confluence: FakeConfluence
    pull_requests: tuple[int, ...]  # PR n is pull_requests[n]
    base_env: dict[str, str]

    def env(self, n: int) -> dict[str, str]:
        return {**self.base_env, "SYSTEM_PULLREQUEST_PULLREQUESTID": str(self.pull_requests[n])}

    def comments(self) -> list[list[str]]:
        """Per PR, the first comment of each of its threads."""
        return [[t["comments"][0]["content"] for t in self.ado.threads(pr)] for pr in self.pull_requests]


@dataclass(frozen=True)
class Result:
    codes: tuple[int, ...]
    outputs: tuple[str, ...]
    wall_s: float
    throttled: int  # 429s answered, all servers


def seed(ado: FakeAzureDevOps, confluence: FakeConfluence, runs: int) -> Burst:
    project = ado.add_project("Burst Project")
    ado.add_token(TOKEN, ado.add_identity(f"{project.name} Build Service ({ado.org})"))
    repo = ado.add_repository(project, "burst-repo")
    confluence.add_user(EMAIL, API_TOKEN, display_name="Burst CI")
    confluence.add_space("OPS", "Operations")
    prs = []
    for n in range(runs):
        page_id, story, bug = FIRST_PAGE + n, FIRST_ITEM + 2 * n, FIRST_ITEM + 2 * n + 1
        confluence.add_page(
            page_id,
            f"Runbook {mark(n)}",
            "OPS",
            f"<h2>Export {n}</h2><p>The nightly export of ledger {n} ({mark(n)}) runs after the close.</p>",
        )
        link = f'<a href="{confluence.api_base}/spaces/OPS/pages/{page_id}/Runbook">runbook</a>'
        ado.add_work_item(
            work_item(
                story,
                "User Story",
                f"Ledger export {n} ({mark(n)})",
                project=project.name,
                fields={"System.Description": f"<div>Export ledger {n} nightly ({mark(n)}). See the {link}.</div>"},
            )
        )
        ado.add_work_item(
            work_item(
                bug,
                "Bug",
                f"Export {n} misses late entries ({mark(n)})",
                project=project.name,
                fields={"Microsoft.VSTS.TCM.ReproSteps": f"<ol><li>Close ledger {n} late ({mark(n)})</li></ol>"},
            )
        )
        pr = ado.add_pull_request(
            repo,
            f"Ledger export {n}",
            work_item_ids=[story, bug],
            iterations=[[f"/src/ledger{n}/export.py"]],
        )
        prs.append(pr.id)
    env = {
        "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": ado.base_url + "/",
        "SYSTEM_TEAMPROJECTID": project.id,
        "BUILD_REPOSITORY_ID": repo.id,
        "SYSTEM_ACCESSTOKEN": TOKEN,
        "TF_BUILD": "True",
        "BUILD_REASON": "PullRequest",
        "CONFLUENCE_URL": confluence.api_base,
        "CONFLUENCE_EMAIL": EMAIL,
        "CONFLUENCE_API_TOKEN": API_TOKEN,
    }
    return Burst(ado, confluence, tuple(prs), env)


def throttle(burst: Burst, times: int, retry_after: str) -> None:
    """The first `times` thread POSTs of each PR, batch reads of each PR and reads of each page: 429."""
    answers = [(429, {"Retry-After": retry_after}, None)] * times
    burst.ado.add_fault("POST", r"/pullRequests/\d+/threads$", answers, per=lambda r: r.path)
    burst.ado.add_fault("POST", r"/_apis/wit/workItemsBatch$", answers, per=_first_id)
    burst.confluence.add_fault("GET", r"/api/v2/pages/\d+$", answers, per=lambda r: r.path)


def _first_id(request: Request) -> Any:
    body = request.json if isinstance(request.json, dict) else {}
    return (body.get("ids") or [None])[0]  # the PR's first work item: one key per PR


@contextmanager
def burst_servers(runs: int) -> Iterator[Burst]:
    with FakeAzureDevOps("fabrikam") as ado, FakeConfluence("cloud") as confluence:
        yield seed(ado, confluence, runs)


def run_burst(burst: Burst, cache_dir: str, start: Start = subprocess.Popen) -> Result:
    """Start one `doc-context run` per PR at once; wait for all."""
    began = time.monotonic()
    procs = [
        start(
            [sys.executable, "-m", "doc_context", "run"],
            env=run_env(burst.env(n), cache_dir),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for n in range(len(burst.pull_requests))
    ]
    outputs = [p.communicate(timeout=600)[0].decode("utf-8", "replace") for p in procs]
    wall = time.monotonic() - began
    throttled = sum(1 for r in [*burst.ado.requests(), *burst.confluence.requests()] if r.fault == "status 429")
    return Result(tuple(p.returncode for p in procs), tuple(outputs), wall, throttled)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=16)
    parser.add_argument("--throttle", type=int, default=2, help="429s per PR and call kind")
    parser.add_argument("--retry-after", default="1")
    args = parser.parse_args(argv)
    with burst_servers(args.runs) as burst, tempfile.TemporaryDirectory(prefix="doc-context-burst-") as cache:
        throttle(burst, args.throttle, args.retry_after)
        result = run_burst(burst, cache)
        comments = burst.comments()
    one_each = all(len(c) == 1 for c in comments)
    print(
        f"{args.runs} concurrent runs, {args.throttle} x 429 (Retry-After: {args.retry_after}) per PR on thread "
        f"POSTs, work item batches and page reads ({result.throttled} in all): wall {result.wall_s:.1f} s; "
        f"exit codes {sorted(set(result.codes))}; one thread per PR: {one_each}"
    )
    return 0 if one_each and set(result.codes) == {0} else 1


if __name__ == "__main__":
    sys.exit(main())
