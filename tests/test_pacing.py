"""Thread writes answered 429: retried until the run's deadline, honouring Retry-After, with jitter.

The gateway runs through the real SDK against the sandbox; time is a hand-written clock that sleeping
advances, so the tests read the waits instead of waiting them.
"""

from __future__ import annotations

from email.utils import formatdate

import pytest

from doc_context.errors import PublishError
from doc_context.models import PullRequestRef
from doc_context.sources import ado
from doc_context.sources.ado_pacing import Pacing
from doc_context.sources.ado_transport import MAX_RETRY_AFTER, token_auth

from .clock import FakeClock

THREADS = r"/pullRequests/\d+/threads$"


def gateway(sandbox, clock: FakeClock, *, deadline: float = 300.0, jitter: float = 0.5) -> ado.AzureDevOps:
    pacing = Pacing(end=deadline, clock=clock, jitter=lambda: jitter)
    return ado.connect(sandbox.ado.base_url, token_auth(sandbox.info.token), timeout=10, user_agent="t", pacing=pacing)


def pr_of(sandbox) -> PullRequestRef:
    info = sandbox.info
    return PullRequestRef(sandbox.ado.base_url, info.project_id, info.repo_id, info.pr_id)


def post(gw: ado.AzureDevOps, sandbox) -> int:
    return gw.create_thread(pr_of(sandbox), "## Business context", properties={"k": "v"}, status="closed").id


def throttled(seconds: str | None) -> tuple[int, dict[str, str], None]:
    return (429, {"Retry-After": seconds} if seconds is not None else {}, None)


def test_a_post_throttled_five_times_waits_what_retry_after_says_plus_jitter(sandbox):
    clock = FakeClock()
    sandbox.ado.add_fault("POST", THREADS, [throttled("7")] * 5)
    thread_id = post(gateway(sandbox, clock, jitter=0.5), sandbox)
    assert clock.sleeps == [7 + 0.5 * 3.5] * 5  # jitter: up to half the wait again
    assert len(sandbox.ado.requests("POST", THREADS)) == 6
    assert [t["id"] for t in sandbox.ado.threads(sandbox.info.pr_id)] == [thread_id]


def test_jitter_spreads_the_waits_of_runs_throttled_together(sandbox):
    waits = []
    for jitter in (0.0, 0.3, 0.9):
        clock = FakeClock()
        sandbox.ado.add_fault("POST", THREADS, [throttled("2")])
        post(gateway(sandbox, clock, jitter=jitter), sandbox)
        waits += clock.sleeps
    assert waits == [2.0, 2.3, 2.9]


def test_without_retry_after_the_waits_back_off(sandbox):
    clock = FakeClock()
    sandbox.ado.add_fault("POST", THREADS, [throttled(None)] * 6)
    post(gateway(sandbox, clock, jitter=0.0), sandbox)
    assert clock.sleeps == [1.0, 2.0, 4.0, 8.0, 15.0, 15.0]


def test_an_http_date_retry_after_is_honoured(sandbox):
    clock = FakeClock()
    when = formatdate(clock.time() + 40, usegmt=True)
    sandbox.ado.add_fault("POST", THREADS, [throttled(when)])
    post(gateway(sandbox, clock, jitter=0.0), sandbox)
    assert clock.sleeps == [40.0]


def test_the_run_deadline_ends_the_waiting_and_nothing_was_posted(sandbox):
    clock = FakeClock()
    sandbox.ado.add_fault("POST", THREADS, [throttled("7")] * 10)
    with pytest.raises(PublishError, match=r"rate limiting this identity \(429, 3 times\).*DOC_CONTEXT_DEADLINE") as e:
        post(gateway(sandbox, clock, deadline=20.0, jitter=0.0), sandbox)
    assert clock.sleeps == [7.0, 7.0]  # a third wait would end past 20 s
    assert not e.value.ambiguous  # a 429 was not processed: no thread to look for
    assert sandbox.ado.threads(sandbox.info.pr_id) == []


def test_a_long_retry_after_is_not_cut_short(sandbox):
    """Waiting less than asked would only earn another 429: the wait is what the service said."""
    clock = FakeClock()
    sandbox.ado.add_fault("POST", THREADS, [throttled("120")])
    post(gateway(sandbox, clock, jitter=0.0), sandbox)
    assert clock.sleeps == [120.0]


def test_other_refusals_are_not_retried(sandbox):
    clock = FakeClock()
    sandbox.ado.add_fault("POST", THREADS, [403])
    with pytest.raises(PublishError):
        post(gateway(sandbox, clock), sandbox)
    assert clock.sleeps == [] and len(sandbox.ado.requests("POST", THREADS)) == 1


@pytest.mark.parametrize(
    ("method", "path", "write"),
    [
        ("PATCH", r"/threads/\d+/comments/\d+$", lambda gw, pr, tid: gw.update_comment(pr, tid, 1, "v2")),
        ("PATCH", r"/threads/\d+$", lambda gw, pr, tid: gw.update_thread(pr, tid, status="closed")),
    ],
    ids=["comment update", "thread update"],
)
def test_updates_throttled_are_paced_too(sandbox, method, path, write):
    clock = FakeClock()
    gw = gateway(sandbox, clock, jitter=0.0)
    thread_id = post(gw, sandbox)
    sandbox.ado.add_fault(method, path, [throttled("3")] * 3)
    write(gw, pr_of(sandbox), thread_id)
    assert clock.sleeps == [3.0] * 3
    assert len(sandbox.ado.requests(method, path)) == 4


def test_reads_wait_on_the_clock_too(sandbox):
    """A read is tried again by urllib3 (ado_transport's retry policy): its waits, what Retry-After asks or the
    backoff, go by the run's clock as the writes' do."""
    clock = FakeClock()
    sandbox.ado.add_fault("GET", r"/pullRequests/\d+$", [throttled("7"), 503])
    assert (
        gateway(sandbox, clock).pull_request(pr_of(sandbox)).title == sandbox.ado.pull_request(sandbox.info.pr_id).title
    )
    assert clock.sleeps == [7.0, 1.0]  # Retry-After, then the backoff of a second error in a row (0.5 s x 2)
    assert len(sandbox.ado.requests("GET", r"/pullRequests/\d+$")) == 3


def test_a_read_in_the_thread_that_connected_waits_no_longer_than_the_bound(sandbox):
    """The thread that built the SDK's clients has our retries too (msrest gave it a session then, with its own
    defaults, which honour any Retry-After, on the real clock): more than the bound asked is the bound waited."""
    clock = FakeClock()
    sandbox.ado.add_fault("GET", r"/pullRequests/\d+$", [throttled(str(int(MAX_RETRY_AFTER) + 5))])
    gateway(sandbox, clock).pull_request(pr_of(sandbox))
    assert clock.sleeps == [MAX_RETRY_AFTER]


def test_cli_posts_through_a_burst_of_429s(sandbox, cli):
    sandbox.ado.add_fault("POST", THREADS, [throttled("1")] * 3)
    clock = FakeClock()
    ran = cli(sandbox.env(), "run", clock=clock)
    assert ran.code == 0, ran.output
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1
    assert len(sandbox.ado.requests("POST", THREADS)) == 4
    assert len(clock.sleeps) == 3 and all(1.0 <= s <= 1.5 for s in clock.sleeps)  # Retry-After, with jitter


def test_cli_gives_up_at_the_deadline_in_one_line_and_keeps_the_markdown(sandbox, cli, tmp_path):
    sandbox.ado.add_fault("POST", THREADS, [throttled("3600")])
    out = tmp_path / "comment.md"
    ran = cli({**sandbox.env(), "DOC_CONTEXT_DEADLINE": "60"}, "run", "--output", str(out))
    assert ran.code == 1, ran.output
    assert "rate limiting this identity" in ran.stdout and "DOC_CONTEXT_DEADLINE" in ran.stdout
    assert "Traceback" not in ran.output
    assert sandbox.ado.threads(sandbox.info.pr_id) == []
    assert "Gift card split payments" in out.read_text()
