"""Benchmark: the summaries' CPU on the round-trip case, and the disagreements' share of it, in one run.

Run: python benchmarks/summaries_cost.py [--work-items 20] [--pages 30] [--wiki-pages 8] [--repeat 3] [--profile N]

The case is benchmarks/roundtrips.py's (20 work items citing 30 Confluence and 8 wiki pages, 40 changed files,
two comments and two children an item), gathered once in this process against the sandbox (a dry run on the PR
build's checkout). Then summarize_all runs --repeat times on what was gathered, and said.with_disagreements alone
on its output: the ratio is the summaries' CPU over the same without the disagreements (1.00: they cost
nothing). --profile N prints cProfile's N costliest functions (cumulative) of one summarize_all.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time

from roundtrips import bench_servers  # benchmarks/roundtrips.py

from doc_context.comment.disagreement_lines import disagreement_line
from doc_context.demo import run_env
from doc_context.gateways import run_with
from doc_context.models import Gathered
from doc_context.settings import Settings
from doc_context.summary.said import with_disagreements
from doc_context.summary.summarize import summarize_all


def gathered_case(work_items: int, pages: int, wiki_pages: int) -> Gathered:
    """What a dry run of the round-trip case gathers (read in this process, from the sandbox on loopback)."""
    with bench_servers(work_items, pages, wiki_pages) as bench, tempfile.TemporaryDirectory() as cache:
        pr_id = bench.new_pull_request()
        env = run_env(bench.env(pr_id), cache) | {"DOC_CONTEXT_DRY_RUN": "true"}
        env |= {"BUILD_SOURCESDIRECTORY": bench.checkout, "BUILD_SOURCEBRANCH": f"refs/pull/{pr_id}/merge"}
        os.environ.clear()  # this process is the run: the environment the edge reads
        os.environ.update(env)
        outcome = run_with(Settings())
    assert outcome.reading is not None
    return outcome.reading.gathered


def cpu(call: object, repeat: int) -> float:
    """The median process CPU seconds of `repeat` calls."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        call()  # type: ignore[operator]
        times.append(time.process_time() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work-items", type=int, default=20)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--wiki-pages", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", type=int, default=0, help="print the N costliest functions of one run")
    args = parser.parse_args(argv)
    gathered = gathered_case(args.work_items, args.pages, args.wiki_pages)
    words = sum(len(p.text.split()) for p, _ in gathered.pages)
    print(
        f"case: {len(gathered.work_items)} work items, {len(gathered.pages)} pages ({words:,} words), "
        f"{len(gathered.discussion)} comments, {len(gathered.diff_lines.files) if gathered.diff_lines else 0} files"
    )
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(summarize_all, gathered)
        pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)
    items, pages = summarize_all(gathered)
    whole = cpu(lambda: summarize_all(gathered), args.repeat)
    said = cpu(lambda: with_disagreements(gathered, items, pages), args.repeat)
    found = [disagreement_line(d, s.heading) for s in (*items, *pages) for d in s.disagreements]
    print(f"summaries: {whole:.3f} s CPU (median of {args.repeat}); the disagreements alone: {said:.3f} s")
    print(f"ratio, the summaries over the same without the disagreements: {whole / max(whole - said, 1e-9):.2f}")
    print(f"disagreements found: {len(found)}")
    for line in found:
        print(f"    {line[:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
