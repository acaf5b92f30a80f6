"""The decoys about the same code (benchmarks/real_changes.py, real_changes_several.py): a decoy with evidence whose
evidence lies in a file both its own change and the measured change touch (a follow-up, the fix's other half, the
next step of one feature). No reading of the code can tell those from the change's own work; the benchmarks' tables
count them as any decoy (the hidden set draws neighbour entries too) and a last line counts them apart. A decoy
pointing at a file its own change never touched is not one: a reading can tell it.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from real_changes_entries import changelog

if TYPE_CHECKING:
    from real_changes import Change, Outcome


@cache
def touched(repo: Path, change: Change) -> frozenset[str]:
    """The files the change touches against its first parent, its changelog aside (read once a change)."""
    out = subprocess.run(
        ["git", "-C", str(repo), "diff", "--name-only", "-z", "--no-renames", f"{change.sha}^1", change.sha],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "replace")
    return frozenset(p for p in out.split("\0") if p and not changelog(p, change.path))


def same_code(outcome: Outcome, repo: Path, change: Change, theirs: Iterable[Change]) -> bool:
    """Whether a decoy's evidence lies in a file the change and one of the changes whose entry it is (`theirs`) both
    touch (the evidence's paths are /-rooted, the repository's are not)."""
    if outcome.own or not outcome.files:
        return False
    where = {path.lstrip("/") for path, _ in outcome.files} & touched(repo, change)
    return any(where & touched(repo, other) for other in theirs)


def nearby(results: Sequence[Outcome], languages: Sequence[str]) -> str:
    """The decoys with evidence about the same code (in a file their change and the change both touch), per language,
    and the precision were they set apart."""
    alarmed = [r for r in results if r.files and not r.own]
    near = [r for r in alarmed if r.nearby]
    per = [
        f"{language} {sum(r.change.language == language for r in near)} of {count}"
        for language in languages
        if (count := sum(r.change.language == language for r in alarmed))
    ]
    right, rest = sum(1 for r in results if r.own and r.files), len(alarmed) - len(near)
    return (
        "Decoys with evidence about the same code (in a file their change and the change both touch): "
        f"{len(near)} of {len(alarmed)} ({', '.join(per)}); precision with them set apart "
        f"{right / max(right + rest, 1):.2f} ({right} of {right + rest})"
    )
