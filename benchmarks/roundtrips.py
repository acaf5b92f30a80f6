"""Benchmark: how many sequential round trips one `doc-context run` costs, measured against the sandbox.

Run: python benchmarks/roundtrips.py [--work-items 20] [--pages 30] [--wiki-pages 8] [--issues 5] [--repeat 5]

Each run is the real `python -m doc_context run` in a fresh process with a fresh AZURE_DEVOPS_CACHE_DIR
(so the SDK's discovery happens) and a fresh PR carrying the same work items and the same 40 changed files
(so every run reads an empty thread list and creates its thread: the same work). Both fakes answer each
request after the injected latency (0 or 100 ms) without serializing concurrent requests. The effective
depth is (wall at 100 ms - wall at 0 ms) / 0.1 s, medians of --repeat runs; "waves" counts the groups of
requests the servers saw start together at 100 ms. Variants, in one run: the defaults on a PR build's
checkout (its HEAD the PR's merge commit: the change is read from it), the defaults without a checkout (a
manual rerun, `context --pr`: both sides of the 40 files read through Azure DevOps, in the pages' wave),
and one request at a time (DOC_CONTEXT_CONCURRENCY=1 and DOC_CONTEXT_CONFLUENCE_CONCURRENCY=1, on the
checkout). Jira issues beside the pages (issue 35), on the checkout with a FakeJira: --issues keys in the pull
request's description (JIRA_PROJECTS), each issue one read and one remote-links read; then the same number of
other issues whose remote links each lead to a Confluence page nothing else cites (read by Confluence in one more
wave). Peak RSS is the child's, from wait4.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from seed_bench import Bench, files, seed_bench  # benchmarks/seed_bench.py

from doc_context.demo import run_env
from doc_context.sandbox import FakeAzureDevOps, FakeConfluence, FakeJira, Request
from doc_context.settings import Settings

LATENCIES_MS = (0.0, 100.0)
HEAVY = ("azure.devops", "msrest", "httpx", "pydantic", "pydantic_settings")
DEFAULT_CONCURRENCY = int(Settings.model_fields["concurrency"].default)
VARIANTS = (  # (name, concurrency, on the checkout, the Jira issues the PR cites: none, "issues", "linked")
    ("concurrent", DEFAULT_CONCURRENCY, True, ""),
    ("no checkout", DEFAULT_CONCURRENCY, False, ""),
    ("sequential", 1, True, ""),
    ("jira issues", DEFAULT_CONCURRENCY, True, "issues"),
    ("jira remote links", DEFAULT_CONCURRENCY, True, "linked"),
)
JIRA_EMAIL, JIRA_TOKEN, LINKED = "bench@fabrikam.example", "bench-jira-token", 100  # PAY-101.. have remote links
EXTRA_PAGE = 7_000_000  # the Confluence pages only a remote link leads to
GIT_ENV = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "Bench"}
GIT_ENV |= {"GIT_AUTHOR_EMAIL": "bench@fabrikam.example", "GIT_COMMITTER_NAME": "Bench"}
GIT_ENV |= {"GIT_COMMITTER_EMAIL": "bench@fabrikam.example", "GIT_AUTHOR_DATE": "2025-11-04T09:30:00+01:00"}
GIT_ENV |= {"GIT_COMMITTER_DATE": "2025-11-04T09:30:00+01:00"}
ADO_KINDS = (  # (method, path regex, kind), first match wins
    ("OPTIONS", r"/_apis$", "discovery OPTIONS"),
    ("GET", r"/_apis/ResourceAreas", "discovery ResourceAreas"),
    ("GET", r"/_apis/connectionData", "connectionData"),
    ("GET", r"/iterations/\d+/changes$", "changes"),
    ("GET", r"/iterations$", "iterations"),
    ("GET", r"/pullRequests/\d+/workitems$", "work item refs"),
    ("GET", r"/pullRequests/\d+$", "pull request"),
    ("GET", r"/threads$", "threads GET"),
    ("POST", r"/threads$", "thread POST"),
    ("PATCH", r"/threads/\d+$", "thread PATCH"),
    ("PATCH", r"/comments/\d+$", "comment PATCH"),
    ("POST", r"/_apis/wit/workItemsBatch$", "work items batch"),
    ("GET", r"/_apis/wit/workItems/\d+/comments$", "comments"),
    ("GET", r"/_apis/wit/workitemtypes", "work item types"),
    ("GET", r"/_apis/wiki/wikis/[^/]+/pages", "wiki page"),
    ("GET", r"/_apis/wit/workItems", "work items GET"),
    ("GET", r"/_apis/git/repositories/[^/]+/items$", "changed file side"),
)
JIRA_KINDS = (
    ("GET", r"/myself$", "credential check"),
    ("GET", r"/remotelink$", "remote links"),
    ("GET", r"/issue/[^/]+$", "issue"),
)
CONFLUENCE_KINDS = (
    ("GET", r"/rest/api/user/current$", "credential check"),
    # the benchmark's Confluence is Cloud: v2 reads the bodies, v1 content/{id} the view restrictions beside them
    ("GET", r"/rest/api/content/\d+$|/restriction/byOperation/read$|/api/v2/pages/\d+/ancestors$", "restrictions"),
    ("GET", r"/api/v2/pages/\d+$", "page by id"),
    ("GET", r"/api/v2/blogposts/\d+$", "blog post by id"),
    ("GET", r"/rest/api/content$|/api/v2/(?:pages|blogposts)$", "page by title"),
    ("GET", r"/rest/api/content/search$", "title search"),
    ("GET", r"/space", "space lookup"),
)


@dataclass(frozen=True)
class Run:
    """One `doc-context run`: its exit, wall time, the child's peak RSS and what each server received."""

    code: int
    output: str
    wall_s: float
    maxrss_kb: int
    started: float  # time.time() just before the spawn, for the request timeline
    ado: tuple[Request, ...]
    confluence: tuple[Request, ...]
    jira: tuple[Request, ...] = ()

    def kinds(self, server: str) -> Counter[str]:
        table, log = {"ado": (ADO_KINDS, self.ado), "jira": (JIRA_KINDS, self.jira)}.get(
            server, (CONFLUENCE_KINDS, self.confluence)
        )
        return Counter(kind_of(table, r) for r in log)

    def waves(self, gap_s: float) -> list[list[tuple[str, Request]]]:
        """Requests grouped by start: a new wave when one starts more than gap_s after the wave began."""
        log = sorted(
            [("ado", r) for r in self.ado]
            + [("confluence", r) for r in self.confluence]
            + [("jira", r) for r in self.jira],
            key=lambda pair: pair[1].time,
        )
        waves: list[list[tuple[str, Request]]] = []
        for pair in log:
            if not waves or pair[1].time - waves[-1][0][1].time > gap_s:
                waves.append([])
            waves[-1].append(pair)
        return waves


def kind_of(table: tuple[tuple[str, str, str], ...], request: Request) -> str:
    return next(
        (
            kind
            for method, pattern, kind in table
            if method == request.method and re.search(pattern, request.path, re.I)
        ),
        "other",
    )


@contextmanager
def bench_servers(work_items: int = 20, pages: int = 30, wiki_pages: int = 0, issues: int = 0) -> Iterator[Bench]:
    """The fakes seeded with the benchmark case, served on loopback while open, and a PR build's checkout of
    its change (a git repository whose HEAD is every benchmark PR's merge commit)."""
    ado, wiki = FakeAzureDevOps("fabrikam"), FakeConfluence("cloud")
    bench = seed_bench(ado, wiki, work_items=work_items, pages=pages, wiki_pages=wiki_pages)
    bench.jira = FakeJira("cloud")
    seed_issues(bench.jira, wiki, issues)
    with ado, wiki, bench.jira, tempfile.TemporaryDirectory(prefix="doc-context-bench-checkout-") as root:
        bench.checkout = root
        bench.merge, bench.parent = _checkout(root, files(head=False), files(head=True))
        yield bench


def seed_issues(jira: FakeJira, wiki: FakeConfluence, issues: int) -> None:
    """PAY-1..N, and PAY-101..100+N, each with a remote link to a Confluence page that nothing else cites."""
    jira.add_user(JIRA_EMAIL, JIRA_TOKEN, display_name="Bench CI")
    for n in range(1, issues + 1):
        description = {
            "type": "doc",
            "version": 1,
            "content": [
                {
                    "type": "paragraph",
                    "content": [{"type": "text", "text": f"Issue {n}: every module rounds once, half-even."}],
                }
            ],
        }
        jira.add_issue(f"PAY-{n}", f"Bench issue {n}", description=description)
        page = EXTRA_PAGE + n
        wiki.add_page(page, f"Issue note {n}", "PAY", f"<p>Issue note {n}: round once.</p>")
        link = f"{wiki.api_base}/pages/viewpage.action?pageId={page}"
        jira.add_issue(f"PAY-{LINKED + n}", f"Bench linked issue {n}", description=description, remote_links=(link,))


def _checkout(root: str, base: dict[str, str], head: dict[str, str]) -> tuple[str, str]:
    """A repository at root: the target branch, then the change; (HEAD, HEAD^1)."""

    def git(*args: str) -> str:
        env = {**os.environ, **GIT_ENV}
        return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True).stdout

    git("init", "-q", "-b", "main")
    for step, tree in (("target", base), ("change", head)):
        for path, text in tree.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        git("add", "-A")
        git("commit", "-q", "-m", step)
    merge, parent = git("rev-parse", "HEAD", "HEAD^1").split()
    return merge, parent


def run_once(
    bench: Bench,
    *,
    latency_ms: float,
    concurrency: int | None = None,
    checkout: bool = True,
    jira: str = "",
    issues: int = 0,
    timeout: float = 120,
) -> Run:
    """The real CLI in a fresh process, a fresh SDK cache and a fresh PR, at this latency; `checkout`: a PR
    build's (the change read from it), else none (the change read through Azure DevOps); `jira`: the PR's
    description names `issues` Jira issues ("issues": PAY-1.., "linked": PAY-101.., with remote links)."""
    pr_id = bench.new_pull_request()
    assert bench.jira is not None
    for server in (bench.ado, bench.confluence, bench.jira):
        server.clear()
        server.latency_ms = latency_ms
    with tempfile.TemporaryDirectory(prefix="doc-context-bench-") as cache:
        env = run_env(bench.env(pr_id), cache)
        if jira:
            first = LINKED + 1 if jira == "linked" else 1
            keys = " ".join(f"PAY-{n}" for n in range(first, first + issues))
            bench.ado.pull_request(pr_id).description += f"\n\nJira: {keys}"
            env |= {"JIRA_URL": bench.jira.site_url, "JIRA_EMAIL": JIRA_EMAIL, "JIRA_API_TOKEN": JIRA_TOKEN}
            env |= {"JIRA_PROJECTS": "PAY"}  # and room under the page cap for the pages remote links lead to
            env["DOC_CONTEXT_MAX_PAGES"] = str(int(env["DOC_CONTEXT_MAX_PAGES"]) + issues)
        if checkout:
            env |= {"BUILD_SOURCESDIRECTORY": bench.checkout, "BUILD_SOURCEBRANCH": f"refs/pull/{pr_id}/merge"}
        if concurrency is not None and concurrency != DEFAULT_CONCURRENCY:  # one request at a time, pages too
            env["DOC_CONTEXT_CONCURRENCY"] = env["DOC_CONTEXT_CONFLUENCE_CONCURRENCY"] = str(concurrency)
        started = time.time()
        code, output, wall, maxrss = spawn([sys.executable, "-m", "doc_context", "run"], env, timeout)
    ado, confluence, jira_log = (tuple(s.requests()) for s in (bench.ado, bench.confluence, bench.jira))
    return Run(code, output, wall, maxrss, started, ado, confluence, jira_log)


def spawn(args: list[str], env: dict[str, str] | None = None, timeout: float = 120) -> tuple[int, str, float, int]:
    """(exit code, output, wall seconds, peak RSS in KiB) of one child, reaped with wait4 for its own rusage."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            killer.cancel()
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return proc.returncode, out.read().decode(errors="replace"), wall, usage.ru_maxrss


def median_wall(args: list[str], times: int = 5) -> float:
    return statistics.median(spawn(args)[2] for _ in range(times))


def help_imports() -> list[str]:
    """Heavy packages `doc-context --help` imports (it should import none of them)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "doc_context", "--help"], capture_output=True, text=True, check=True
    )
    modules = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return [pkg for pkg in HEAVY if any(m == pkg or m.startswith(pkg + ".") for m in modules)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work-items", type=int, default=20)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument(
        "--wiki-pages",
        type=int,
        default=8,
        help="distinct wiki pages cited, read beside the pages, 8 (the pool) at once",
    )
    parser.add_argument("--issues", type=int, default=5, help="Jira issues the Jira variants' PR names")
    parser.add_argument("--repeat", type=int, default=5, help="runs per variant and latency (median)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    runs: dict[tuple[str, float], list[Run]] = {}
    with bench_servers(args.work_items, args.pages, args.wiki_pages, args.issues) as bench:
        for _ in range(args.repeat):
            for name, concurrency, checkout, jira in VARIANTS:
                for latency in LATENCIES_MS:
                    run = run_once(
                        bench,
                        latency_ms=latency,
                        concurrency=concurrency,
                        checkout=checkout,
                        jira=jira,
                        issues=args.issues,
                    )
                    if run.code != 0:
                        print(f"{name} at {latency:.0f} ms exited with {run.code}:\n{run.output}")
                        return 1
                    runs.setdefault((name, latency), []).append(run)
    report(args, runs)
    startup = {
        "python -c pass": median_wall([sys.executable, "-c", "pass"]),
        "python -m doc_context --help": median_wall([sys.executable, "-m", "doc_context", "--help"]),
    }
    heavy = help_imports()
    print(
        "\nstart-up (median of 5): "
        + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in startup.items())
        + f"; --help costs {(startup['python -m doc_context --help'] - startup['python -c pass']) * 1000:.0f} ms "
        f"over bare Python and imports {', '.join(heavy) if heavy else 'none of ' + ', '.join(HEAVY)}"
    )
    print(f"benchmark took {time.perf_counter() - began:.0f} s")
    return 0


def report(args: argparse.Namespace, runs: dict[tuple[str, float], list[Run]]) -> None:
    first = runs[(VARIANTS[0][0], 0.0)][0]
    print(
        f"case: 1 PR, {args.work_items} work items, {args.pages} distinct Confluence pages, {args.wiki_pages} wiki "
        "pages; "
        f"medians of {args.repeat} runs per cell; fresh process, SDK cache and PR each run"
    )
    for server in ("ado", "confluence"):
        kinds = first.kinds(server)
        print(
            f"requests to {'Azure DevOps' if server == 'ado' else 'Confluence'}: {sum(kinds.values())} ("
            + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
            + ")"
        )
    same = all(
        (r.kinds("ado"), r.kinds("confluence")) == (first.kinds("ado"), first.kinds("confluence"))
        for (name, _), cell in runs.items()
        for r in cell
        if name in ("concurrent", "sequential")
    )
    print(f"same requests in every run and variant on the checkout: {'yes' if same else 'NO'}")
    api = runs[("no checkout", 0.0)][0].kinds("ado")
    print(f"without a checkout, beside them: {api['changed file side']} reads of a changed file's side (Items - Get)")
    for name in ("concurrent", "no checkout", "jira issues", "jira remote links"):
        slow = runs[(name, 100.0)][0]
        print(f"\ntimeline, {name} (pool {DEFAULT_CONCURRENCY}) at 100 ms: the waves of requests the servers saw")
        for n, wave in enumerate(slow.waves(0.05), 1):
            tables = {"ado": ADO_KINDS, "jira": JIRA_KINDS}
            kinds = Counter(f"{s} {kind_of(tables.get(s, CONFLUENCE_KINDS), r)}" for s, r in wave)
            print(
                f"  {n:2}  +{(wave[0][1].time - slow.started) * 1000:5.0f} ms  "
                + ", ".join(f"{k} x{c}" if c > 1 else k for k, c in kinds.items())
            )
    fast = runs[(VARIANTS[0][0], 0.0)][0]
    times = sorted(r.time for r in fast.ado + fast.confluence)
    print(
        f"at 0 ms: first request +{(times[0] - fast.started) * 1000:.0f} ms after the spawn (start-up, imports, "
        f"settings), last request +{(times[-1] - fast.started) * 1000:.0f} ms, exit +{fast.wall_s * 1000:.0f} ms"
    )
    thinking = statistics.median(_own_work(r) for r in runs[(VARIANTS[0][0], 0.0)])
    print(f"at 0 ms: the run's own work between its last read and its post (summaries, layout): {thinking:.0f} ms")
    print(
        "\n| variant | requests (ADO + Confluence + Jira) | wall @ 0 ms | wall @ 100 ms | effective depth | waves | "
        "peak RSS |"
    )
    print("|---|---|---|---|---|---|---|")
    depth = {}
    for name, concurrency, checkout, jira in VARIANTS:
        t0, t100 = (statistics.median(r.wall_s for r in runs[(name, lat)]) for lat in LATENCIES_MS)
        depth[name] = (t100 - t0) / 0.1
        r = runs[(name, 100.0)][0]
        rss = max(x.maxrss_kb for lat in LATENCIES_MS for x in runs[(name, lat)]) / 1024
        knobs = (
            "defaults" if concurrency == DEFAULT_CONCURRENCY else f"DOC_CONTEXT_[CONFLUENCE_]CONCURRENCY={concurrency}"
        ) + ("" if checkout else ", the change through Azure DevOps")
        knobs += {
            "issues": f", {args.issues} Jira issues",
            "linked": f", {args.issues} Jira issues with remote links",
        }.get(jira, "")
        print(
            f"| {name} ({knobs}) | {len(r.ado)} + {len(r.confluence)} + {len(r.jira)} | "
            f"{t0:.2f} s | {t100:.2f} s | {depth[name]:.1f} | {len(r.waves(0.05))} | {rss:.0f} MiB |"
        )
    walls_api = [statistics.median(r.wall_s for r in runs[(name, 100.0)]) for name in ("no checkout", "concurrent")]
    print(
        f"\nno checkout / checkout (40 changed files): effective depth {depth['no checkout']:.1f} / "
        f"{depth['concurrent']:.1f}, wall at 100 ms {walls_api[0]:.2f} / {walls_api[1]:.2f} s = "
        f"{walls_api[0] / walls_api[1]:.2f}x (goal: depth unchanged, <= 1.5x)"
    )
    for name in ("jira issues", "jira remote links"):
        r = runs[(name, 100.0)][0]
        asked = r.kinds("jira")
        per_issue = (asked["issue"] + asked["remote links"]) / max(1, args.issues)
        print(f"\n{name} at 100 ms: {_levels(r)}")
        print(
            f"{name}: Jira {dict(asked)} ({per_issue:.0f} requests an issue), Confluence "
            f"{sum(r.kinds('confluence').values()) - sum(first.kinds('confluence').values())} more; effective depth "
            f"{depth['concurrent']:.1f} before -> {depth[name]:.1f} (goal: +0 without a page to follow, +1 at most)"
        )
    seq, conc = depth["sequential"], depth["concurrent"]
    walls = [statistics.median(r.wall_s for r in runs[(name, 100.0)]) for name in ("sequential", "concurrent")]
    print(
        f"\nsequential / concurrent: effective depth {seq:.1f} / {conc:.1f} = {seq / conc:.1f}x, wall at 100 ms "
        f"{walls[0]:.2f} / {walls[1]:.2f} s = {walls[0] / walls[1]:.1f}x (target for the concurrent run: depth <= 6)"
    )


def _levels(run: Run) -> str:
    """Where the Jira reads sit among the pages' reads, from when the servers saw them start (one latency apart is
    one more level): the issues and their remote links beside the pages' first reads, and the pages only a remote
    link leads to after the issues' answers."""
    pages = [r.time for r in run.confluence if kind_of(CONFLUENCE_KINDS, r) == "page by id"]
    jira = [r.time for r in run.jira if kind_of(JIRA_KINDS, r) in ("issue", "remote links")]
    onward = [r.time for r in run.confluence if re.search(rf"/pages/{EXTRA_PAGE // 1000}\d{{3}}$", r.path)]
    said = f"every Jira read starts {(max(jira) - min(pages)) * 1000:.0f} ms after the first page read"
    if onward:
        said += f"; the {len(onward)} pages only remote links lead to start {(min(onward) - max(jira)) * 1000:.0f} ms"
        said += " after the last Jira read (one more level)"
    return said + f"; the last page read starts {(max(pages) - min(pages)) * 1000:.0f} ms after the first"


def _own_work(run: Run) -> float:
    """Milliseconds from the last read that arrived before the thread POST to that POST: the summaries and the
    comment's layout, done between them."""
    requests = sorted(run.ado + run.confluence, key=lambda r: r.time)
    post = next(r for r in requests if r.method == "POST" and r.path.lower().endswith("/threads"))
    last = max(r.time for r in requests if r.method == "GET" and r.time < post.time)
    return (post.time - last) * 1000


if __name__ == "__main__":
    sys.exit(main())
