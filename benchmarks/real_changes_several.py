"""Benchmark: the criteria's evidence on real changes that add SEVERAL changelog entries at once (issue 32).

Run: python benchmarks/real_changes_several.py [--mirrors DIR] [--held-out] [--own] [--data F] [-v]
A story whose criteria are all the change's own shares its code among them: two entries of one pull request name
the same class, file or folder, and each is the change's. real_changes.py's stories hold one own entry among four
decoys, so a rule keyed on a story's siblings (the decoy resting on code a sibling says more of) looks free there;
this benchmark is where such a rule pays what it costs the change's own entries.

The data file (benchmarks/data/real_changes_several.json) pins, per public repository of real_changes.json and its
language, commits of the default branch's first-parent history that add 2 to 5 changelog entries with code of the
language (benchmarks/real_changes_pick.py --several): `[commit, [paths]]`, its fragments (each one entry), or its
one changelog file (the bullets it adds, each one entry: real_changes_entries.entries). No text of theirs is
stored; the mirrors are real_changes.py's.

Each change is read as real_changes.py reads one (its diff against its first parent, without its changelog, through
the product's evidence finder). Its story: its own entries and the entries of the DECOYS changes of real_changes.json
of the same repository nearest it in time (--own: its own entries alone); each criterion's siblings are the story's
others. A quarter of the changes is held out, by real_changes.py's fixed rule (in each language, in the data file's
order, every 4th change); runs leave them out, --held-out runs only them.
Prints real_changes.py's table: precision (of the criteria with evidence, the own share), unrelated with evidence
and recall (of the own entries, the share with evidence), per language and overall, and real_changes.py's last line:
the decoys whose evidence lies in a file both their change and the change touch (about the same code), counted apart;
-v as real_changes.py's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from real_changes import (
    DECOYS,
    LANGUAGES,
    MIRRORS,
    Change,
    Outcome,
    clone,
    finder_of,
    held_out,
    load,
    option,
    story,
    table,
)
from real_changes import verbose as verbose_lines
from real_changes_entries import entries, entry
from real_changes_nearby import nearby, same_code

DATA = Path(__file__).resolve().parent / "data" / "real_changes_several.json"


@dataclass(frozen=True)
class Several:
    change: Change  # its path: the first entry's (the changelog real_changes.diff_of leaves out)
    paths: tuple[str, ...]


def load_several(path: Path = DATA) -> list[Several]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Several(Change(r["repo"], r["language"], sha, paths[0]), tuple(paths))
        for r in data["repositories"]
        for sha, paths in r["changes"]
    ]


def when(place: Path, sha: str) -> int:
    out = subprocess.run(["git", "-C", str(place), "show", "-s", "--format=%ct", sha], capture_output=True, check=True)
    return int(out.stdout.decode().strip())


def decoys(place: Path, sha: str, others: list[Change], own: list[str]) -> list[tuple[str, Change]]:
    """The entries of the DECOYS changes of real_changes.json nearest the commit in time (none of its own), each with
    its change."""
    at = when(place, sha)
    found: list[tuple[str, Change]] = []
    for other in sorted(others, key=lambda c: abs(when(place, c.sha) - at)):
        text = entry(place, other.sha, other.path)
        if text not in own and text not in (t for t, _ in found):
            found.append((text, other))
        if len(found) == DECOYS:
            break
    return found


def outcomes(several: list[Several], measured: list[bool], mirrors: Path, singles: list[Change]) -> list[Outcome]:
    """Every criterion's evidence for the measured changes: each story its own entries and the decoys drawn from the
    single-entry changes (real_changes.json's; none: its own entries alone)."""
    found: list[Outcome] = []
    for s, measure in zip(several, measured, strict=True):
        place = clone(mirrors, s.change.repo)
        if not measure:
            continue
        if place is None:
            print(f"{s.change.repo}: no clone under {mirrors}; {s.change.sha[:8]} left out", file=sys.stderr)
            continue
        finder = finder_of(place, s.change)
        if finder is None:
            continue
        own = entries(place, s.change.sha, list(s.paths))
        others = decoys(place, s.change.sha, [c for c in singles if c.repo == s.change.repo], own)
        for r in story(finder, s.change, [*own, *(t for t, _ in others)], set(own)):
            theirs = [c for t, c in others if t == r.text]
            found.append(replace(r, nearby=True) if same_code(r, place, s.change, theirs) else r)
    return found


def main(argv: list[str]) -> int:
    several = load_several(Path(option(argv, "--data", str(DATA))))
    mirrors = Path(option(argv, "--mirrors", str(MIRRORS)))
    held = held_out([s.change for s in several])
    measured = held if "--held-out" in argv else [not h for h in held]
    results = outcomes(several, measured, mirrors, [] if "--own" in argv else load())
    if "-v" in argv:
        print(verbose_lines(results))
    part = "held-out part" if "--held-out" in argv else "tuning part"
    stories = "own entries alone" if "--own" in argv else f"own entries and {DECOYS} decoys"
    own, changes = sum(r.own for r in results), len({r.change.sha for r in results})
    print(f"Real changes adding several entries, {part} ({stories}): {own} entries of {changes}")
    print(table(results))
    if "--own" not in argv:
        print(nearby(results, LANGUAGES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
