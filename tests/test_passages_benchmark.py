"""The page passages benchmark's data is what issue 27 asks of it: eight pull requests or more, each citing 2 to
6 pages of 2 to 40 KB (Confluence storage or wiki markdown), one of them matching nothing, and every label a
piece of its page's own text."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "passages"


def test_the_benchmark_data_has_the_shape_the_issue_asks() -> None:
    cases = sorted(p for p in DATA.iterdir() if (p / "case.json").exists())
    assert len(cases) >= 8
    for case_dir in cases:
        case = json.loads((case_dir / "case.json").read_text(encoding="utf-8"))
        assert 2 <= len(case["pages"]) <= 6, case_dir.name
        assert any(p.get("none") for p in case["pages"]), case_dir.name
        for page in case["pages"]:
            path = case_dir / page["file"] if (case_dir / page["file"]).exists() else DATA / "_common" / page["file"]
            assert path.suffix in (".xml", ".md") and 2_048 <= path.stat().st_size <= 40_960, path
            raw = " ".join(path.read_text(encoding="utf-8").split())
            labels = [page.get("best"), *page.get("labelled", []), *page.get("decoys", [])]
            for label in filter(None, labels):
                words = [w.strip("`*'\":;,.") for w in label.split()[:4]]
                assert all(w in raw for w in words), (path.name, label)
