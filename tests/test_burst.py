"""The load test: 16 concurrent runs on different PRs against shared rate limits (benchmarks/burst.py).

Each PR's thread POSTs, work item batch reads and page reads are answered 429 + Retry-After twice first.
Every run must exit 0, with exactly one thread on its PR, holding its own content and no other PR's.
The burst's wall time is printed at the end of the test session (and by the script, for docs/benchmarks.md).
"""

from .benchmark_scripts import load
from .fault_tally import TALLY

burst = load("burst")

RUNS, THROTTLE = 16, 2


def test_a_burst_of_concurrent_runs_each_posts_once_with_its_own_content(tmp_path, spawn):
    with burst.burst_servers(RUNS) as b:
        burst.throttle(b, THROTTLE, "1")
        result = burst.run_burst(b, str(tmp_path / "sdk-cache"), start=spawn)
        comments = b.comments()
        posts = [len(b.ado.requests("POST", rf"/pullRequests/{pr}/threads$")) for pr in b.pull_requests]
        pending = b.ado.pending_faults() + b.confluence.pending_faults()
    TALLY.burst = f"{RUNS} concurrent runs, {result.throttled} answers 429: wall {result.wall_s:.1f} s"

    for n, (code, output) in enumerate(zip(result.codes, result.outputs, strict=True)):
        assert code == 0, f"run {n}:\n{output}"
    assert [len(c) for c in comments] == [1] * RUNS  # exactly one thread per PR
    for n, [body] in enumerate(comments):
        own = burst.mark(n)
        assert f"Ledger export {n} ({own})" in body and f"Export {n} misses late entries ({own})" in body
        assert f"Runbook {own}" in body, body  # its page, read through the 429s
        crossed = [m for m in range(RUNS) if m != n and burst.mark(m) in body]
        assert not crossed, f"PR {n}'s comment holds content of PRs {crossed}"
    assert result.throttled == RUNS * 3 * THROTTLE and pending == 0  # every 429 was met
    assert posts == [THROTTLE + 1] * RUNS  # each POST throttled twice, then created once
