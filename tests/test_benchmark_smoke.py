"""The round-trip benchmark's core on a tiny case at 0 ms: the requests a run makes are the minimal ones.

No timing is asserted; the benchmark script prints the times.
"""

import math
from collections import Counter

import pytest

from .benchmark_scripts import load

pytestmark = pytest.mark.e2e  # the round-trip benchmark's core

FEATURES = load("seed_bench").FEATURES
roundtrips = load("roundtrips")


@pytest.mark.parametrize(("work_items", "pages", "wiki_pages"), [(3, 2, 2), (201, 0, 0)])
def test_a_run_makes_the_minimal_requests(work_items, pages, wiki_pages):
    with roundtrips.bench_servers(work_items, pages, wiki_pages) as bench:
        run = roundtrips.run_once(bench, latency_ms=0)

    assert run.code == 0, run.output
    assert f"doc-context: {work_items} work items," in run.output
    ado, wiki = run.kinds("ado"), run.kinds("confluence")
    assert ado["discovery OPTIONS"] <= 1 and ado["discovery ResourceAreas"] <= 1  # once per process
    linked = [
        r.json["ids"]
        for r in run.ado
        if roundtrips.kind_of(roundtrips.ADO_KINDS, r) == "work items batch"
        and not set(r.json["ids"]) <= set(FEATURES)
        and "fields" not in r.json
    ]
    children = [r.json["ids"] for r in run.ado if r.method == "POST" and "fields" in (r.json or {})]
    assert len(children) == math.ceil(2 * work_items / 200) and all(len(ids) <= 200 for ids in children)
    assert ado["comments"] == work_items and ado["work item types"] == 1  # one a linked item; one a run
    assert len(linked) == math.ceil(work_items / 200)
    assert all(len(ids) <= 200 for ids in linked)
    assert sorted(i for ids in linked for i in ids) == sorted(bench.work_item_ids)
    assert ado["work items batch"] - len(linked) - len(children) <= 1  # the parents: one batch per level (depth 1)
    assert ado["work items GET"] == 0
    assert ado["thread POST"] == 1 and ado["thread PATCH"] == 0 and ado["comment PATCH"] == 0
    assert wiki["credential check"] == 1
    assert wiki["blog post by id"] == 0 and wiki["title search"] == 0  # no blog post cited, every page exists
    fetched = Counter(
        r.path.rsplit("/", 1)[-1]
        for r in run.confluence
        if roundtrips.kind_of(roundtrips.CONFLUENCE_KINDS, r) == "page by id"
    )
    assert fetched == Counter(str(pid) for pid in bench.page_ids)  # each page exactly once
    assert wiki["restrictions"] == pages  # one read of each page's view restrictions, beside its body
    assert sum(wiki.values()) == 1 + 2 * pages
    assert ado["other"] == 0 and wiki["other"] == 0
    read = Counter(
        r.path.rsplit("/", 1)[-1] for r in run.ado if roundtrips.kind_of(roundtrips.ADO_KINDS, r) == "wiki page"
    )
    assert read == Counter(str(pid) for pid in bench.wiki_page_ids)  # each wiki page exactly once, by its id


def test_without_a_checkout_both_sides_of_each_changed_file_are_read_once_beside_the_pages():
    with roundtrips.bench_servers(3, 2, 2) as bench:
        run = roundtrips.run_once(bench, latency_ms=0, checkout=False)
    assert run.code == 0, run.output
    sides = [r for r in run.ado if roundtrips.kind_of(roundtrips.ADO_KINDS, r) == "changed file side"]
    asked = Counter((r.query["path"], r.query.get("versionDescriptor.versionOptions", "")) for r in sides)
    assert len(asked) == 80 and set(asked.values()) == {1}  # 40 edited files, both sides, each once
    assert run.kinds("ado")["other"] == 0
