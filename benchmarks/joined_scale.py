"""Benchmark: a criterion's word run together ("heartbeat") grows linearly with the files using its halves.

Run: python benchmarks/joined_scale.py [files]
A word run together weighs as a name where an identifier joins its halves (`heartBeat`, `heart_beat`: summary/
evidence.py's bound, change/index.files_joining). Review 10's finding 2: the bound asked, for every file of the term,
whether that file used both halves, through a sorted list of the whole diff's files each time (2,000 -> 8,000 files
using both halves apart: 1.29 -> 7.47 s, ratio 5.8; now 0.17 -> 0.53 s). For each shape (every file using both halves
apart; every file joining them: each file's lines then read, as evidence), the CPU of one criterion's evidence, the
diff parsed, on `files` files and on four times as many. Goal: every ratio under 5.
"""

from __future__ import annotations

import sys

from scale import Shapes, linear

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder


def _diff(line: str, files: int) -> str:
    return "".join(
        f"diff --git a/src/m{i}/f{i}.py b/src/m{i}/f{i}.py\n--- a/src/m{i}/f{i}.py\n+++ b/src/m{i}/f{i}.py\n"
        f"@@ -1,0 +1,1 @@\n+{line.format(i=i)}\n"
        for i in range(files)
    )


SHAPES: Shapes = {
    "every file using both halves apart": lambda n: _diff("    heart{i} = beat.load(heart, key{i})", n),
    "every file joining them": lambda n: _diff("    heart_beat{i} = send_heart_beat(key{i})", n),
}


def evidence(diff: str) -> object:
    return EvidenceFinder(parse_diff(diff)).find("Resend the heartbeat after a pause.")


def main(argv: list[str]) -> int:
    return linear(argv, SHAPES, evidence, 2_000, 4, 5)  # benchmarks/scale.py


if __name__ == "__main__":
    sys.exit(main(sys.argv))
