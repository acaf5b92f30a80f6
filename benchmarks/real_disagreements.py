"""Benchmark: the disagreement lines on real, long specifications, where none is labelled.

Run: python benchmarks/real_disagreements.py [--mirrors DIR] [--storage] [--batch N] [--family NAME] [--held-out] [-v]

The pull requests of benchmarks/real_documents.py (public changes, each story citing the specification it
implements and a related one; read from bare clones under DIR, default /work/.mirror), summarized as a run does.
Their stories are written to say what the specifications say, so no disagreement is labelled there: each line
found is counted as false, and the figure is the false lines a pull request (every disagreement the summaries
hold, not only those the comment's ceiling leaves); --batch, --family and --held-out choose the pull requests as
real_documents.py does. -v prints each line as the comment says it; --storage reads
each page as Confluence stores it (benchmarks/real_documents_storage.py: reStructuredText rendered to HTML).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import real_documents
import real_documents_storage
from real_documents import DATA, MIRRORS, summarized  # benchmarks/real_documents.py

from doc_context.comment.disagreement_lines import disagreement_line


def lines_for(pr: dict[str, object], mirrors: Path) -> list[str]:
    """Every disagreement line the summaries of one pull request hold, as the comment says them."""
    _, items, summaries, _, _ = summarized(pr, mirrors)
    return [disagreement_line(d, s.heading) for s in (*items, *summaries) for d in s.disagreements]


def main(argv: list[str]) -> int:
    mirrors = Path(argv[argv.index("--mirrors") + 1]) if "--mirrors" in argv else MIRRORS
    if "--storage" in argv:
        real_documents.page = real_documents_storage.storage_page
    data = json.loads(DATA.read_text(encoding="utf-8"))
    total = 0
    prs = real_documents.selected(data["pull_requests"], argv)  # --batch N, --family NAME, --held-out
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
