"""Benchmark: the disagreement lines on real, long specifications, where none is labelled.

Run: python benchmarks/real_disagreements.py [--mirrors DIR] [-v]

The pull requests of benchmarks/real_documents.py (public changes, each story citing the specification it
implements and a related one; read from bare clones under DIR, default /work/.mirror), summarized as a run does.
Their stories are written to say what the specifications say, so no disagreement is labelled there: each line
found is counted as false, and the figure is the false lines a pull request (every disagreement the summaries
hold, not only those the comment's ceiling leaves). -v prints each line as the comment says it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from real_documents import DATA, MIRRORS, ORG, git, page, work_item  # benchmarks/real_documents.py

from doc_context.change.unified import parse_diff
from doc_context.comment.disagreement_lines import disagreement_line
from doc_context.models import ChangedFile, Gathered, PullRequest, PullRequestRef
from doc_context.summary.summarize import summarize_all


def lines_for(pr: dict[str, object], mirrors: Path) -> list[str]:
    """Every disagreement line the summaries of one pull request hold, as the comment says them."""
    change: dict[str, str] = pr["change"]  # type: ignore[assignment]
    args = ("diff", "--no-color", "--no-ext-diff", "--no-renames", change["base"], change["commit"])
    raw = git(mirrors, change["repo"], *args)
    diff = raw.decode("utf-8", "replace")
    item = work_item(pr["story"])  # type: ignore[arg-type]
    paths = sorted({m.group(1) for m in re.finditer(r"^\+\+\+ b(/\S+)", diff, re.M)})
    pages = [
        page(n, p["title"], git(mirrors, p["repo"], "show", f"{p['commit']}:{p['path']}").decode("utf-8", "replace"))
        for n, p in enumerate(pr["pages"], start=1)  # type: ignore[arg-type]
    ]
    gathered = Gathered(
        PullRequest(PullRequestRef(ORG, "Shop", "shop", 4200), str(pr["title"]), ""),
        (item,),
        tuple(ChangedFile(p, "edit") for p in paths),
        tuple((p, (item.id,)) for p in pages),
        (),
        (),
        diff_text=diff,
        diff_lines=parse_diff(raw),
    )
    items, summaries = summarize_all(gathered)
    return [disagreement_line(d, s.heading) for s in (*items, *summaries) for d in s.disagreements]


def main(argv: list[str]) -> int:
    mirrors = Path(argv[argv.index("--mirrors") + 1]) if "--mirrors" in argv else MIRRORS
    data = json.loads(DATA.read_text(encoding="utf-8"))
    total = 0
    prs = data["pull_requests"]
    for pr in prs:
        found = lines_for(pr, mirrors)
        total += len(found)
        print(f"{pr['name']:30} {len(found)} disagreement line(s)")
        for line in found if "-v" in argv else ():
            print(f"    {line[:200]}")
    print(f"all: {total} lines on {len(prs)} pull requests, {total / len(prs):.2f} false lines a PR (none labelled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
