"""Hostile input end to end: huge and nested fields, bad entities, injected titles, hundreds of links,
1,000 linked work items. Bounded memory, no crash, a comment within the limit, nothing injected."""

import resource
import subprocess
import sys

import pytest

from doc_context.demo import run_env
from doc_context.sandbox import FakeAzureDevOps, FakeConfluence

from .benchmark_scripts import load

pytestmark = pytest.mark.e2e  # hostile PRs end to end, 1,000 work items among them
bench_seed = load("seed_bench")
FIRST_ITEM, seed_bench = bench_seed.FIRST_ITEM, bench_seed.seed_bench

HOSTILE_TITLE = (
    "##vso[task.setvariable variable=pwned]1 <img src=x onerror=alert(1)> @<6A3E2B11-4613-60D7-A201-537155816713>"
    " ## [x](javascript:y)"
)


@pytest.fixture
def hostile(tmp_path):
    with FakeAzureDevOps() as ado, FakeConfluence("cloud") as confluence:
        bench = seed_bench(ado, confluence, work_items=1000, pages=30)
        wiki = confluence.api_base
        story, bug, spike = FIRST_ITEM, FIRST_ITEM + 1, FIRST_ITEM + 4  # User Story, Bug, User Story
        ado.work_items.update(
            story,
            {
                "System.Title": HOSTILE_TITLE,
                "System.Description": "<div>" + "Totals are rounded once per order. " * 150_000 + "</div>",  # ~5 MB
            },
        )
        ado.work_items.update(
            bug,
            {
                "Microsoft.VSTS.TCM.ReproSteps": "<div>" * 20_000
                + "deep &bogus; &#xD800; &#99999999; \udcff"
                + "</div>" * 20_000,
            },
        )
        ado.work_items.update(
            spike,
            {
                "System.Description": "".join(
                    f'<a href="{wiki}/spaces/PAY/pages/{9_000_000 + n}">p{n}</a> ' for n in range(400)
                ),
            },
        )
        yield bench, bench.new_pull_request(), tmp_path


def test_hostile_pr_with_1000_work_items(hostile):
    bench, pr_id, tmp = hostile
    env = run_env({**bench.env(pr_id), "DOC_CONTEXT_DEADLINE": "240"}, str(tmp / "cache"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run(
        [sys.executable, "-m", "doc_context", "run"], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert done.returncode == 0, done.stdout + done.stderr
    threads = bench.ado.threads(pr_id)
    assert len(threads) == 1
    body = threads[0]["comments"][0]["content"]
    assert 0 < len(body) <= 150_000
    assert "##vso[" not in body
    assert "<img" not in body
    assert "@<" not in body  # a comment mentions only as @<GUID>
    assert "9000399" not in body and "more pages were not read" in done.stdout
    assert len([r for r in bench.ado.requests(path_regex="workItemsBatch")]) >= 5  # 1,000 ids in batches of 200
    assert max(peak_kib, before) < 1024 * 1024, f"peak {peak_kib} KiB"
