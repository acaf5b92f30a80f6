"""Benchmark: the criteria's evidence on real changes of public projects in six languages (issue 32).

Run: python benchmarks/real_changes.py [--mirrors DIR] [--held-out] [--fresh|--old|--new|--new2|--new3|--new4|
  --new5|--new6|--new7|--every] [--data F] [-v]
The data file (benchmarks/data/real_changes.json, read by real_changes_data.py) pins, per public repository and its
language, commits that add one changelog entry with the change, and that entry's path. No text of theirs is stored:
the benchmark reads each repository's history at run time from a bare clone under --mirrors (default /work/.mirror,
the `fetch` tool's layout DIR/owner+name/repo; DIR/owner+name or DIR/name also do: `git clone --bare
https://github.com/OWNER/NAME DIR/OWNER+NAME/repo`).

Each change is read as real_history.py reads a commit: its diff against its first parent (a merge commit: the
whole pull request; a squash: the commit), through the evidence finder the product runs, with the repository's
and its owner's names as a run's repository and project names. Its criteria are its own entry (as a changelog
reader sees it: real_changes_entries.py) and the entries of the four nearest changes of the same repository in
the data file (the story's decoys); each criterion's siblings are the other four, as a work item's other criteria.

Which changes a run takes (the held-out quarter, the fresh part, the untuned batches --new to --new7,
--every's pool) is real_changes_data.py's: its docstring tells how each batch came.

Prints, per language and overall: precision (of the criteria with evidence, the share that are the change's own),
unrelated with evidence (of the decoys, the share with any) and recall (of the own entries, the share with
evidence). -v prints each criterion with evidence, its files and the terms each rests on, and each own entry
without. Issue 32's goals, in each language: precision >= 0.95, unrelated <= 0.02, recall >= 0.7.
A last line counts apart the decoys whose evidence lies in a file both their change and the change touch (-v: XX=),
about the same code; the table counts them as any decoy (the hidden set's are neighbours too). A decoy pointing at
a file its own change never touched is not counted apart: a reading can tell that one (real_changes_nearby.py).
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from real_changes_data import DATA, LANGUAGES, PARTS, Change, chosen_by, held_out, load
from real_changes_entries import changelog, entry
from real_changes_nearby import nearby, same_code

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder

MIRRORS = Path("/work/.mirror")
DECOYS = 4  # the entries of the nearest changes of the same repository, beside the change's own
MAX_DIFF = 20_000_000  # bytes, the product's cap


@dataclass(frozen=True)
class Outcome:
    change: Change
    text: str
    own: bool
    files: tuple[tuple[str, tuple[str, ...]], ...]  # (path, the terms it carries)
    nearby: bool = False  # a decoy whose evidence lies in a file its change and the change both touch: the same code


def clone(mirrors: Path, repo: str) -> Path | None:
    """The repository's bare clone under mirrors, as `fetch` lays it out or as a plain clone named for it."""
    owner, name = repo.split("/")
    for path in (mirrors / f"{owner}+{name}" / "repo", mirrors / f"{owner}+{name}", mirrors / name):
        if (path / "HEAD").exists() or (path / ".git").exists():
            return path
    return None


def nearest(index: int, count: int) -> list[int]:
    """The DECOYS positions nearest `index` among `count` (a window around it, shifted at the ends)."""
    start = min(max(index - DECOYS // 2, 0), max(count - DECOYS - 1, 0))
    return [i for i in range(start, min(start + DECOYS + 1, count)) if i != index]


def diff_of(repo: Path, sha: str, entry_path: str) -> bytes:
    """The change's diff against its first parent, without its changelog: a story's criteria are not in its diff."""
    raw = subprocess.run(
        ["git", "-C", str(repo), "diff", "--no-color", "--no-ext-diff", "--no-renames", "-U3", f"{sha}^1", sha],
        capture_output=True,
        check=True,
    ).stdout
    parts = re.split(rb"(?m)^(?=diff --git )", raw)
    kept = [
        p for p in parts if not (m := re.match(rb"diff --git a/(.*?) b/", p)) or not changelog(_path(m[1]), entry_path)
    ]
    return b"".join(kept)


def _path(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").strip('"')


def outcomes(changes: list[Change], measured: list[bool], mirrors: Path) -> list[Outcome]:
    """Every criterion's evidence for the measured changes, their decoys drawn from all changes of their repository."""
    found: list[Outcome] = []
    for repo in dict.fromkeys(c.repo for c in changes):
        place = clone(mirrors, repo)
        own_changes = [(c, m) for c, m in zip(changes, measured, strict=True) if c.repo == repo]
        if place is None:
            print(
                f"{repo}: no clone under {mirrors}; its {sum(m for _, m in own_changes)} changes left out",
                file=sys.stderr,
            )
            continue
        texts = [entry(place, c.sha, c.path) for c, _ in own_changes]
        for i, (change, measure) in enumerate(own_changes):
            finder = finder_of(place, change) if measure else None
            if finder is not None:
                near = [j for j in nearest(i, len(texts)) if texts[j] != texts[i]]
                for r in story(finder, change, [texts[i], *(texts[j] for j in near)], {texts[i]}):
                    theirs = [own_changes[j][0] for j in near if texts[j] == r.text]
                    found.append(replace(r, nearby=True) if same_code(r, place, change, theirs) else r)
    return found


def finder_of(place: Path, change: Change) -> EvidenceFinder | None:
    """The evidence finder over the change's diff (without its changelog), as a run of the repository makes it; None
    when the diff is over the product's cap."""
    raw = diff_of(place, change.sha, change.path)
    owner, name = change.repo.split("/")
    return None if len(raw) > MAX_DIFF else EvidenceFinder(parse_diff(raw), names=[name, owner])


def story(finder: EvidenceFinder, change: Change, criteria: list[str], own: set[str]) -> list[Outcome]:
    """Each criterion of one story against the change, its siblings the story's other criteria (a work item's)."""
    found = []
    for text in criteria:
        siblings = [t for t in criteria if t != text]
        evidence = finder.find(text, work_item=siblings, siblings=siblings)
        files = tuple((f.path, f.terms) for f in evidence.files)
        found.append(Outcome(change, text, text in own, files))
    return found


def row(label: str, results: list[Outcome]) -> str:
    own = [r for r in results if r.own]
    decoys = [r for r in results if not r.own]
    right = sum(1 for r in own if r.files)
    alarmed = sum(1 for r in decoys if r.files)
    precision = f"{right / (right + alarmed):.2f}" if right + alarmed else "-"
    return (
        f"| {label} | {len(own)} | {precision} ({right} of {right + alarmed}) "
        f"| {alarmed / max(len(decoys), 1):.3f} ({alarmed} of {len(decoys)}) "
        f"| {right / max(len(own), 1):.2f} ({right} of {len(own)}) |"
    )


def table(results: list[Outcome]) -> str:
    lines = [
        "| language | changes | precision | unrelated with evidence | own with evidence (recall) |",
        "|---|---|---|---|---|",
    ]
    for language in LANGUAGES:
        mine = [r for r in results if r.change.language == language]
        if mine:
            lines.append(row(language, mine))
    lines.append(row("all", results))
    return "\n".join(lines)


def verbose(results: list[Outcome]) -> str:
    lines = []
    for r in results:
        if r.files or r.own:
            mark = ("ok  " if r.files else "miss") if r.own else "XX= " if r.nearby else "XX  "
            lines.append(f"{mark} {r.change.language} {r.change.repo} {r.change.sha[:8]} {r.text}")
            lines.extend(f"       {path} ({', '.join(terms)})" for path, terms in r.files[:3])
    return "\n".join(lines)


def option(args: list[str], name: str, default: str) -> str:
    return args[args.index(name) + 1] if name in args and args.index(name) + 1 < len(args) else default


def main(argv: list[str]) -> int:
    changes = load(Path(option(argv, "--data", str(DATA))))
    mirrors = Path(option(argv, "--mirrors", str(MIRRORS)))
    held = held_out(changes)
    measured = held if "--held-out" in argv else [not h for h in held]
    chosen = [chosen_by(c, argv) for c in changes]
    results = outcomes(changes, [m and k for m, k in zip(measured, chosen, strict=True)], mirrors)
    if "-v" in argv:
        print(verbose(results))
    part = "held-out part" if "--held-out" in argv else "tuning part"
    part += next((f" of {whose} repositories" for flag, whose in PARTS if flag in argv), "")
    repos = len({r.change.repo for r in results})
    print(f"Real changes, {part}: {sum(r.own for r in results)} changes of {repos} repositories")
    print(table(results))
    print(nearby(results, LANGUAGES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
