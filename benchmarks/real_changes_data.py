"""The real-changes benchmark's pinned changes (issue 32): the data file read as changes, the held-out rule, and
which changes a run's options take.

The data file (benchmarks/data/real_changes.json) pins, per public repository and its language, the changes: a
commit of the default branch's first-parent history that adds one changelog entry with the change (a towncrier
fragment, a changeset, a changie fragment, an Apache changes.xml action, a CHANGELOG.md bullet), and that entry's
path. No text of theirs is stored: real_changes.py reads each repository's history at run time.

A quarter of the changes is held out, chosen before any measurement by a fixed rule: in each language, in the data
file's order, every 4th change (the 4th, 8th, ...). Runs leave them out; --held-out runs only them.
The repositories marked `fresh` in the data file were added after the rules were tuned on the others (the hidden
set's stand-in: projects the rules never saw); --fresh runs only theirs, --old only the others' (with --held-out,
their held-out changes). A plain run is the tuning part of both. The repositories marked `"batch": "new"` came
after both (issue 32's fifth session, 24 projects no rule was tuned on, for checking that a rule generalises): only
--new runs them (its tuning part; with --held-out, its held-out part), so the plain, --fresh and --old runs, and the
held-out changes of the others, stay as they were (the new ones follow them in the file: a language's count before
them is a multiple of 4). The repositories marked `"batch": "new2"` came after those (issue 32's sixth session, 24
more no rule was tuned on, a verdict on the rules): only --new2 runs them, as --new runs the new ones; they follow
all the others in the file, so no other change's held-out mark moved. The repositories marked `"batch": "new3"`
(session 14: 12 projects of C#, TypeScript, Java and Go, used by no other batch) follow those, the same way: only
--new3 runs them. --every pools the tuning parts of every batch (POOLED: the largest sample a rule can be judged
on; with --held-out, their held-out changes); the third new batch joined it at the end of session 14, after its first
run (its whole batch .79 / .047 / .72 on the rules of the session's start) and the session's rules. The repositories
marked `"batch": "new4"` (session 15: 12 projects, C# 3, TypeScript 2, Java 3, Ruby 2, Python 2, used by no other
batch nor data file) follow all those, the same way: only --new4 runs them; --every pooled them at the end of
session 15, after their first run (the whole batch .72 / .065 / .67 on the rules of the session's start) and the
session's rules. The repositories marked `"batch": "new5"` (session 16: 12 projects, C# 3, TypeScript 3, Java 3, Go 3,
used by no other batch nor data file) follow all those, the same way: only --new5 runs them; --every pooled them at the
end of session 16, after their first run (the whole batch .81 / .042 / .71 on the rules of the session's start) and
the session's rules. The repositories marked `"batch": "new6"` (session 17: 12 projects, Python 3, Ruby 3, C# 3,
TypeScript 3, used by no other batch nor data file) follow all those, the same way: only --new6 runs them; --every
pooled them at the end of session 17, after their first run (the whole batch .78 / .049 / .69 on the rules of the
session's start) and the session's rules. The repositories marked `"batch": "new7"` (session 18: 12 projects, Java 3,
Go 3, C# 3, TypeScript 3, used by no other batch nor data file) follow all those, the same way: only --new7 runs them;
--every pooled them at the end of session 18, after their first run (the whole batch .79 / .036 / .56 on the rules of
the session's start) and the session's rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "real_changes.json"
LANGUAGES = ("Python", "C#", "TypeScript", "Java", "Go", "Ruby")
HELD_OUT_EVERY = 4  # in each language, every 4th change is held out
BATCHES = ("new7", "new6", "new5", "new4", "new3", "new2", "new")  # the untuned batches, by their options, latest 1st
POOLED = ("", "new", "new2", "new3", "new4", "new5", "new6", "new7")  # --every's ("": the first 16, the fresh ones)

PARTS = (  # a run's option and whose tuning (or held-out) part it reads, in the order they are asked
    ("--every", "every pooled batch's"),
    ("--new7", "the seventh new batch's"),
    ("--new6", "the sixth new batch's"),
    ("--new5", "the fifth new batch's"),
    ("--new4", "the fourth new batch's"),
    ("--new3", "the third new batch's"),
    ("--new2", "the second new batch's"),
    ("--new", "the new"),
    ("--fresh", "the fresh"),
    ("--old", "the first 16"),
)


@dataclass(frozen=True)
class Change:
    repo: str  # owner/name
    language: str
    sha: str
    path: str  # the changelog entry's file in the repository
    fresh: bool = False  # of a repository added after the rules were tuned on the others
    batch: str = ""  # the untuned batch it came in ("new", "new2", ...: BATCHES), run only with its option


def load(path: Path = DATA) -> list[Change]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        Change(r["repo"], r["language"], sha, entry_path, bool(r.get("fresh", False)), r.get("batch", ""))
        for r in data["repositories"]
        for sha, entry_path in r["changes"]
    ]


def held_out(changes: list[Change]) -> list[bool]:
    """The fixed rule: in each language, in the data's order, every HELD_OUT_EVERY-th change."""
    seen: dict[str, int] = {}
    marks = []
    for c in changes:
        seen[c.language] = seen.get(c.language, 0) + 1
        marks.append(seen[c.language] % HELD_OUT_EVERY == 0)
    return marks


def chosen_by(change: Change, argv: list[str]) -> bool:
    """Whether a run's options take the change: --every the POOLED batches, --new7, --new6, --new5, --new4, --new3,
    --new2 or --new that batch alone (the latest asked), else the others (--fresh, --old: a part)."""
    if "--every" in argv:
        return change.batch in POOLED
    asked = next((batch for batch in BATCHES if f"--{batch}" in argv), "")
    if asked or change.batch:
        return change.batch == asked
    return ("--fresh" not in argv or change.fresh) and ("--old" not in argv or not change.fresh)
