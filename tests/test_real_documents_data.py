"""The real-documents benchmark's data is what issue 36 asks of it, without the clones: twelve pull requests or
more from four families of public specifications or more, each pinned (repository, 40-hex commits, path), its
story citing the specification it implements and a related one, a best passage and up to four more labelled,
every fourth one held out, and no third-party text beyond short anchors; a second batch of twelve adds families."""

from __future__ import annotations

import json
import re

from .benchmark_scripts import BENCHMARKS

DATA = json.loads((BENCHMARKS / "data" / "real_documents.json").read_text(encoding="utf-8"))["pull_requests"]
COMMIT = re.compile(r"[0-9a-f]{40}")


def test_the_benchmark_data_has_the_shape_the_issue_asks() -> None:
    assert len(DATA) >= 12 and len({pr["family"] for pr in DATA}) >= 4
    assert [pr["held_out"] for pr in DATA] == [n % 4 == 3 for n in range(len(DATA))]
    assert len({pr["name"] for pr in DATA}) == len(DATA)
    batches = [pr["batch"] for pr in DATA]
    assert batches == sorted(batches) and set(batches) == {1, 2}  # batch 2: twelve more, two new families
    assert len(batches) - batches.index(2) >= 12
    assert {pr["family"] for pr in DATA if pr["batch"] == 2} - {pr["family"] for pr in DATA if pr["batch"] == 1}
    for pr in DATA:
        change = pr["change"]
        assert COMMIT.fullmatch(change["base"]) and COMMIT.fullmatch(change["commit"]), pr["name"]
        assert len(pr["story"]["criteria"]) >= 3 and pr["story"]["title"], pr["name"]
        implements, related = pr["pages"]
        assert (implements["cited"], related["cited"]) == ("implements", "related"), pr["name"]
        assert implements["path"] != related["path"], pr["name"]
        assert implements["best"] and len(implements["labelled"]) <= 4, pr["name"]
        assert "best" not in related and not related.get("labelled"), pr["name"]
        for page in (implements, related):
            assert COMMIT.fullmatch(page["commit"]) and page["path"].endswith(".md"), pr["name"]
            for anchor in [page.get("best", ""), *page.get("labelled", []), *page.get("related", [])]:
                assert len(anchor) <= 100 and len(anchor.split()) <= 16, (pr["name"], anchor)


def test_the_pipeline_is_not_checked_in() -> None:
    """Pins and anchors only: no diff, no page text, beside the data file."""
    assert sorted(p.name for p in (BENCHMARKS / "data").glob("real_documents*")) == ["real_documents.json"]
