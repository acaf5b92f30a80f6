"""Benchmark: the criteria's evidence against a real repository's history, as issue 26's hidden set judges it.

Run: python benchmarks/real_history.py [repository] [commits] [revision] [--name NAME ...] [-v]
For `commits` commits spread evenly over the repository's history up to `revision` (default HEAD; name one to
measure the same commits as the history grows) (merges and the first commit left out; all
kinds: features, fixes, tests, docs, refactorings), builds each commit's diff with git (against its first
parent, as a pull request's merge commit is read) and runs the evidence finder the product runs, with the
commit's own subject as one criterion among four decoys: the subjects of the commits OFFSETS away (the same
project, the same weeks; not the adjacent ones: here those are often steps of one change, which a changelog
would give one entry). Each criterion's siblings are the other four, as a work item's
other criteria are. A subject is cut to its first sentence and at most WORDS words, as a changelog entry is.
Prints precision (of the criteria with evidence, how many are the commit's own subject), decoys with evidence
(of the decoys, the share with any), and recall (of the own subjects, the share with evidence). -v prints every
criterion with evidence and the terms it rests on, and each own subject without. `--name` gives the
repository's and project's names, as a run knows them (default: the repository directory's name).
Issue 26's goals on real changes: precision >= 0.95, decoys with evidence <= 0.02, recall >= 0.75.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder

WORDS = 30  # of a subject kept as its criterion, at most
OFFSETS = (-12, -6, 6, 12)  # the decoys' commits, from the commit's own
MAX_DIFF = 20_000_000  # bytes, the product's cap


@dataclass(frozen=True)
class Commit:
    sha: str
    subject: str


@dataclass(frozen=True)
class Outcome:
    sha: str
    text: str
    own: bool
    files: tuple[tuple[str, tuple[str, ...]], ...]  # (path, the terms it carries)


def entry(subject: str) -> str:
    """A subject as a changelog entry: its first sentence, at most WORDS words."""
    first = re.split(r"(?<=[a-z0-9)`'\"])[.;] +(?=[A-Z(`'\"a-z])", subject, maxsplit=1)[0]
    return " ".join(first.split()[:WORDS]).rstrip(".;:,")


def history(repo: Path, revision: str = "HEAD") -> list[Commit]:
    out = subprocess.run(
        ["git", "-C", str(repo), "log", "--no-merges", "--reverse", "--format=%H%x00%P%x00%s", revision],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = [line.split("\0") for line in out.splitlines()]
    return [Commit(sha, entry(subject)) for sha, parents, subject in rows if parents]  # the first commit aside


def diff_of(repo: Path, sha: str) -> bytes:
    return subprocess.run(
        ["git", "-C", str(repo), "diff", "--no-color", "--no-ext-diff", "-U3", f"{sha}^1", sha],
        capture_output=True,
        check=True,
    ).stdout


def chosen(commits: list[Commit], count: int) -> list[int]:
    """`count` indexes spread evenly, each with its decoys' commits in the history."""
    inner = range(-min(OFFSETS), len(commits) - max(OFFSETS))
    if count >= len(inner):
        return list(inner)
    step = len(inner) / count
    return [inner[int(i * step)] for i in range(count)]


def outcomes(repo: Path, count: int, names: list[str], revision: str = "HEAD") -> list[Outcome]:
    commits = history(repo, revision)
    found: list[Outcome] = []
    for i in chosen(commits, count):
        raw = diff_of(repo, commits[i].sha)
        if len(raw) > MAX_DIFF:
            continue
        own = commits[i].subject
        decoys = [commits[i + o].subject for o in OFFSETS if commits[i + o].subject != own]
        criteria = [own, *decoys]
        finder = EvidenceFinder(parse_diff(raw), names=names)
        for text in criteria:
            siblings = [t for t in criteria if t != text]
            evidence = finder.find(text, work_item=siblings, siblings=siblings)
            files = tuple((f.path, f.terms) for f in evidence.files)
            found.append(Outcome(commits[i].sha, text, text == own, files))
    return found


def figures(results: list[Outcome]) -> str:
    own = [r for r in results if r.own]
    decoys = [r for r in results if not r.own]
    right = sum(1 for r in own if r.files)
    alarmed = sum(1 for r in decoys if r.files)
    return (
        f"precision {right / max(right + alarmed, 1):.2f}, decoys with evidence {alarmed / max(len(decoys), 1):.3f} "
        f"({alarmed} of {len(decoys)}), recall {right / max(len(own), 1):.2f} ({right} of {len(own)} commits)"
    )


def main(argv: list[str]) -> int:
    args = [a for a in argv if a != "-v"]
    names = [args[i + 1] for i, a in enumerate(args) if a == "--name"]
    rest = [a for i, a in enumerate(args) if a != "--name" and (i == 0 or args[i - 1] != "--name")]
    repo = Path(rest[0] if rest else ".").resolve()
    count = int(rest[1]) if len(rest) > 1 else 40
    revision = rest[2] if len(rest) > 2 else "HEAD"
    results = outcomes(repo, count, names or [repo.name], revision)
    if "-v" in argv:
        for r in results:
            if r.files or r.own:
                mark = ("ok  " if r.files else "miss") if r.own else "XX  "
                print(f"{mark} {r.sha[:8]} {r.text}")
                for path, terms in r.files[:3]:
                    print(f"       {path} ({', '.join(terms)})")
    print(f"{repo.name}, {len({r.sha for r in results})} commits: {figures(results)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
