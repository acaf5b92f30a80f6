"""The real-changes benchmark's diagnostic line (benchmarks/real_changes.py, issue 32): of the decoys with evidence,
those whose evidence lies in a file both their own change and the measured change touch (a neighbour entry about the
same code: a follow-up, the fix's other half) are counted apart, so the share of the precision gap no reading can
close shows. A decoy whose change shares a file but whose evidence lies elsewhere is not (review 13 F1): a reading
can tell it. The changelog both changes write is no shared code, and the headline table counts every decoy as
before (the hidden set draws neighbour entries too, about the same code or not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_real_changes_benchmark import git, repository

from .benchmark_scripts import load

nearby = load("real_changes_nearby")
real = load("real_changes")

STEPS = [  # (the changelog bullet, the files the change writes: path -> text)
    (
        "Invoices round each line with `round_half_even`.",
        {
            "invoice.py": "def round_half_even(value):\n    return value\n\nzone_table = {}\nrefund_days = 14\n",
            "rates.py": "def carrier_rate():\n    pass\n",
        },
    ),
    (  # the same code: it edits invoice.py, as the change does
        "Shipping quotes use the carrier's `zone_table`.",
        {"invoice.py": "def round_half_even(value):\n    return value\n\nzone_table = {'eu': 1}\nrefund_days = 14\n"},
    ),
    (  # other code: a file of its own
        "Refunds are accepted within the `refund_days` window.",
        {"refunds.py": "WINDOW = 'refund'\n"},
    ),
    ("Loyalty points accrue through `points_ledger`.", {"loyalty.py": "def points_ledger():\n    pass\n"}),
    (  # shares invoice.py, but its evidence lies in rates.py, which only the change touches: a reading can tell it
        "Carriers quote through `carrier_rate`.",
        {
            "invoice.py": "def round_half_even(value):\n    return value\n\nzone_table = {'eu': 2}\nrefund_days = 14\n",
            "carriers.py": "RATES = {}\n",
        },
    ),
]


def test_a_decoy_whose_change_touches_the_changes_files_is_counted_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = repository(tmp_path, monkeypatch)
    changes = []
    for n, (bullet, files) in enumerate(STEPS):
        for path, text in files.items():
            (repo / path).write_text(text)
        log = repo / "CHANGELOG.md"  # every change writes it: no code they share
        log.write_text(log.read_text() + f"- {bullet}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"change {n}")
        changes.append(real.Change("acme/shop", "Python", git(repo, "rev-parse", "HEAD").strip(), "CHANGELOG.md"))
    results = real.outcomes(changes, [True] + [False] * 4, tmp_path / "mirrors")
    alarmed = {r.text: r.nearby for r in results if r.files and not r.own}
    assert alarmed == {STEPS[1][0]: True, STEPS[2][0]: False, STEPS[4][0]: False}
    assert not any(r.nearby for r in results if r.own or not r.files)
    assert "| Python | 1 | 0.25 (1 of 4) | 0.750 (3 of 4) | 1.00 (1 of 1) |" in real.table(results)  # unchanged
    assert nearby.nearby(results, real.LANGUAGES) == (
        "Decoys with evidence about the same code (in a file their change and the change both touch): 1 of 3"
        " (Python 1 of 3); precision with them set apart 0.33 (1 of 3)"
    )
    assert "XX=  Python acme/shop" in real.verbose(results)


def test_no_decoy_with_evidence_reads_as_none_set_apart() -> None:
    own = real.Outcome(real.Change("a/b", "Go", "0" * 40, "x.md"), "Fix `Dial`.", True, (("dial.go", ("Dial",)),))
    assert nearby.nearby([own], real.LANGUAGES) == (
        "Decoys with evidence about the same code (in a file their change and the change both touch): 0 of 0 ();"
        " precision with them set apart 1.00 (1 of 1)"
    )


def test_the_several_entries_benchmark_counts_its_decoys_about_the_same_code_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    several = load("real_changes_several")
    repo = repository(tmp_path, monkeypatch)
    singles = []
    for n, (bullet, files) in enumerate(STEPS[1:]):  # zone_table edits invoice.py, refund_days a file of its own
        for path, text in {**files, f"changelog.d/{n}.feature.md": bullet + "\n"}.items():
            (repo / path).write_text(text)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"change {n}")
        sha = git(repo, "rev-parse", "HEAD").strip()
        singles.append(real.Change("acme/shop", "Python", sha, f"changelog.d/{n}.feature.md"))
    added = 'def tax_total(lines):\n    return 0\n\n\nzone_table["us"] = 2\nrefund_days = 30\n'  # both on added lines
    code = STEPS[1][1]["invoice.py"] + "\n\n" + added
    (repo / "invoice.py").write_text(code)
    (repo / "CHANGELOG.md").write_text(f"# Changes\n- {STEPS[0][0]}\n- Invoice totals show `tax_total`.\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "invoices")
    sha = git(repo, "rev-parse", "HEAD").strip()
    change = several.Several(real.Change("acme/shop", "Python", sha, "CHANGELOG.md"), ("CHANGELOG.md",))
    results = several.outcomes([change], [True], tmp_path / "mirrors", singles)
    assert {r.text: r.nearby for r in results if r.files and not r.own} == {STEPS[1][0]: True, STEPS[2][0]: False}
    assert nearby.nearby(results, real.LANGUAGES).startswith(
        "Decoys with evidence about the same code (in a file their change and the change both touch): 1 of 2"
    )
