"""Benchmark: the criteria's evidence for a pull request of 3,000 changed files and a 20 MB diff.

Run: python benchmarks/criteria_scale.py [files] [megabytes]
Prints the time to read the diff (fed in 64 KB chunks, as git writes it), index it and find the evidence of 12
criteria, wall and CPU (on a machine other work shares, the CPU time is what the wall would be without it),
and the memory that took beyond the diff itself (tracemalloc's peak, in a second run: tracing slows Python
down). Goal: at most 2 s and 300 MB. The diff is generated: code-like lines from a vocabulary of 2,000
words, a quarter of them deleted or unchanged context, with the criteria's terms in a few files each.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from dataclasses import dataclass

from doc_context.change.unified import DiffReader
from doc_context.summary.evidence import EvidenceFinder

CHUNK = 65_536
CRITERIA = (
    "Gold members get 5% off and Platinum members 10% off the order subtotal.",
    "Orders over 500.00 get an extra 2% loyalty bonus.",
    "The gift card is charged first, up to its balance; the remainder goes to the chosen card or PayPal.",
    "If the second payment fails, the gift card hold is released within 30 seconds.",
    "Card payments are retried at most 3 times (`payments.retry.max_attempts`).",
    "A declined card is never retried.",
    'The sign-in page shows "Too many attempts. Try again in 15 minutes."',
    "The legacy XML export is removed.",
    "`round_money` uses `ROUND_HALF_EVEN` everywhere.",
    "The delivery estimate is 2 to 4 business days, not counting weekends.",
    "Documentation is updated.",
    "~~Free shipping applies to Austria too.~~",
)
PLANTED = (  # lines carrying the criteria's terms, each put into a few files
    '    "gold": Decimal("0.05"), "platinum": Decimal("0.10"),  # Gold and Platinum members',
    'BONUS_THRESHOLD = Decimal("500.00")',
    "def charge_gift_card_first(order, gift_card, method):  # then PayPal or the card",
    "    release_hold(hold, timeout_seconds=30)",
    '    attempts = settings["payments"]["retry"]["max_attempts"]',
    'NEVER_RETRIED = frozenset({"card_declined"})',
    '    return f"Too many attempts. Try again in {minutes} minutes."',
    "-def export_xml(report):  # the legacy XML export",
    "    return amount.quantize(CENT, rounding=ROUND_HALF_EVEN)  # round_money",
    "MIN_DAYS, MAX_DAYS = 2, 4  # business days, weekends skipped",
)


@dataclass(frozen=True)
class Run:
    seconds: float  # wall
    cpu: float  # this process's CPU time: what the wall would be on a machine nothing else uses
    files: int
    found: int


def vocabulary(rng: random.Random, size: int = 2_000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    return ["".join(rng.choice(letters) for _ in range(rng.randint(4, 10))) for _ in range(size)]


def generate(files: int, megabytes: float, seed: int = 22) -> bytes:
    """A git diff of `files` files, about `megabytes` MB in all."""
    rng = random.Random(seed)
    words = vocabulary(rng)
    per_file = int(megabytes * 1_000_000 / files)
    planted = {rng.randrange(files): line for line in PLANTED for _ in range(3)}
    out: list[str] = []
    for n in range(files):
        path = f"src/{rng.choice(words)}/{rng.choice(words)}_{n}.py"
        body: list[str] = []
        size = 0
        while size < per_file - 200:
            a, b, c = rng.choice(words), rng.choice(words), rng.choice(words)
            text = f"    {a}_{b} = {c.capitalize()}{b.capitalize()}({a}, {rng.randint(0, 9999)})  # {c} {a}"
            kind = rng.choices("+- ", weights=(6, 2, 2))[0]
            body.append(kind + text)
            size += len(text) + 2
        if n in planted:
            body.insert(len(body) // 2, planted[n] if planted[n].startswith("-") else "+" + planted[n])
        old = sum(1 for line in body if line[0] in " -")
        new = sum(1 for line in body if line[0] in " +")
        out.append(f"diff --git a/{path} b/{path}\nindex 1111111..2222222 100644\n--- a/{path}\n+++ b/{path}\n")
        out.append(f"@@ -1,{old} +1,{new} @@\n" + "\n".join(body) + "\n")
    return "".join(out).encode()


def run(diff: bytes) -> Run:
    start, cpu = time.perf_counter(), time.process_time()
    reader = DiffReader()
    for at in range(0, len(diff), CHUNK):
        reader.write(diff[at : at + CHUNK])
    parsed = reader.close()
    finder = EvidenceFinder(parsed)
    found = 0
    for criterion in CRITERIA:
        struck = criterion.startswith("~~")
        found += len(finder.find(criterion.strip("~"), struck=struck).files)
    return Run(time.perf_counter() - start, time.process_time() - cpu, len(parsed.files), found)


def main(argv: list[str]) -> int:
    files = int(argv[0]) if argv else 3_000
    megabytes = float(argv[1]) if len(argv) > 1 else 20.0
    diff = generate(files, megabytes)
    timed = run(diff)
    tracemalloc.start()
    run(diff)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"criteria scale: {len(CRITERIA)} criteria, {timed.files:,} files, {len(diff) / 1e6:.1f} MB diff: "
        f"{timed.seconds:.2f} s ({timed.cpu:.2f} s of CPU), peak {peak / 2**20:.0f} MiB beyond the diff; "
        f"{timed.found} evidence files"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
