"""The several-entries benchmark (benchmarks/real_changes_several.py, issue 32): real changes adding several
changelog entries at once, each entry the change's own. Its data file holds only pins, a quarter held out by
real_changes.py's rule; a changelog's added bullets read as its entries; the picker takes commits adding two entries
or more; a run on a repository built in tmp_path finds each own entry and reads the decoys beside them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.test_real_changes_benchmark import HIDDEN, REQUIRED, git, repository

from .benchmark_scripts import BENCHMARKS, load

entries = load("real_changes_entries")
real = load("real_changes")
pick = load("real_changes_pick")
several = load("real_changes_several")


def test_the_data_file_pins_forty_changes_or_more_in_five_languages() -> None:
    raw = json.loads((BENCHMARKS / "data" / "real_changes_several.json").read_text(encoding="utf-8"))
    assert set(raw) == {"about", "repositories"}
    singles = {c.repo for c in real.load()}
    for repo in raw["repositories"]:
        assert set(repo) == {"repo", "language", "changes"}, repo["repo"]
        assert repo["repo"] in singles, repo["repo"]  # real_changes.json's repositories: its decoys are theirs
        assert repo["repo"].split("/")[1].lower() not in HIDDEN, repo["repo"]
        for sha, paths in repo["changes"]:  # a commit and its entries' paths: no text of theirs
            assert re.fullmatch(r"[0-9a-f]{40}", sha) and 1 <= len(paths) <= pick.MOST, sha
            assert all(len(p) < 120 and "\n" not in p and not p.startswith("/") for p in paths), sha
    changes = several.load_several()
    assert len(changes) >= 40
    held = real.held_out([s.change for s in changes])
    for language in REQUIRED:
        mine = [h for s, h in zip(changes, held, strict=True) if s.change.language == language]
        assert len(mine) >= 8 and sum(mine) == len(mine) // 4, language


@pytest.mark.parametrize(
    ("added", "found"),
    [
        ("- Fix `a`\n  across lines.\n- Add `b`.", ["- Fix `a`\n  across lines.", "- Add `b`."]),
        ('<action type="fix">Fix a.</action>\n<action type="add">\n  Add b.\n</action>',
         ['<action type="fix">Fix a.</action>', '<action type="add">\n  Add b.\n</action>']),
        ("#4512: Fix a\n (contributed by x)\n#4513: Add b", ["#4512: Fix a\n (contributed by x)", "#4513: Add b"]),
        ("Some preface\n* Add c.", ["* Add c."]),  # lines before the first bullet are no entry
    ],
)  # fmt: skip
def test_a_changelogs_added_lines_split_into_its_entries(added: str, found: list[str]) -> None:
    assert entries.split_bullets(added) == found


def commit(repo: Path, subject: str, files: dict[str, str]) -> str:
    for path, text in files.items():
        (repo / path).parent.mkdir(parents=True, exist_ok=True)
        (repo / path).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", subject)
    return git(repo, "rev-parse", "HEAD").strip()


def test_the_picker_takes_commits_adding_several_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = repository(tmp_path, monkeypatch)
    commit(repo, "Round invoices", {"changelog.d/1.feature.md": "Round invoices half even always.\n", "a.py": "1\n"})
    two = {"changelog.d/2.feature.md": "Quote shipping by the zone table.\n"}
    two |= {"changelog.d/3.bugfix.md": "Shipping quotes no longer drop the zone.\n", "b.py": "2\n"}
    commit(repo, "Quote shipping by zone", two)
    alike = {"changelog.d/4.feature.md": "Exempt tax by the buyer's code.\n"}
    alike |= {"changelog.d/5.feature.md": "Exempt tax by the buyer's code.\n", "c.py": "3\n"}  # two alike: one
    commit(repo, "Exempt tax", alike)
    found = pick.eligible(repo, "Python", "changelog.d/", 100, several=True)
    assert [paths for _, *paths in found] == [["changelog.d/2.feature.md", "changelog.d/3.bugfix.md"]]
    bullets = "# Changes\n- Refunds are accepted within the window.\n- Refund totals include the shipping fee.\n"
    commit(repo, "Refund window", {"CHANGELOG.md": bullets, "d.py": "4\n"})
    nested = bullets + "- Loyalty points accrue per order.\n  - Points expire after a year now.\n"
    commit(repo, "Loyalty points", {"CHANGELOG.md": nested, "e.py": "5\n"})  # a bullet and its sub-bullet: one
    assert [paths for _, *paths in pick.eligible(repo, "Python", "CHANGELOG.md", 100, several=True)] == [
        ["CHANGELOG.md"]
    ]


def test_a_run_reads_each_own_entry_beside_the_decoys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = repository(tmp_path, monkeypatch)
    singles = []
    for n, name in enumerate(("zone_table", "refund_days", "points_ledger", "exemption_code")):
        monkeypatch.setenv("GIT_COMMITTER_DATE", f"{1_700_000_000 + 1000 * n} +0000")  # changes 1,000 s apart
        fragment = f"changelog.d/{n}.feature.md"
        sha = commit(repo, name, {fragment: f"Add the `{name}` setting.\n", f"{name}.py": f"def {name}():\n    pass\n"})
        singles.append(real.Change("acme/shop", "Python", sha, fragment))
    bullets = "# Changes\n- Invoices round with `round_half_even`.\n- Invoice totals show `tax_total`.\n"
    code = "def round_half_even(x):\n    return x\n\n\ndef tax_total(lines):\n    return 0\n"
    monkeypatch.setenv("GIT_COMMITTER_DATE", "1700002400 +0000")  # between the 3rd and the 4th, nearer the 3rd
    sha = commit(repo, "Invoices", {"CHANGELOG.md": bullets, "invoice.py": code})
    change = several.Several(real.Change("acme/shop", "Python", sha, "CHANGELOG.md"), ("CHANGELOG.md",))
    results = several.outcomes([change], [True], tmp_path / "mirrors", singles)
    assert [(r.text, r.own, bool(r.files)) for r in results] == [
        ("Invoices round with `round_half_even`.", True, True),
        ("Invoice totals show `tax_total`.", True, True),
        ("Add the `points_ledger` setting.", False, False),  # the nearest in time first
        ("Add the `exemption_code` setting.", False, False),
        ("Add the `refund_days` setting.", False, False),
        ("Add the `zone_table` setting.", False, False),
    ]
    assert "| Python | 2 | 1.00 (2 of 2) | 0.000 (0 of 4) | 1.00 (2 of 2) |" in real.table(results)
