"""Benchmark: a cited page's quotes and what the sources say, against a pull request of 3,000 files and a 20 MB diff.

Run: python benchmarks/pages_scale.py [files] [megabytes] [--profile N]
The diff is criteria_scale.py's (generated, code-like, the criteria's terms planted in a few files), parsed once
as a run does (not timed here: criteria_scale.py times it). Then, timed: the change read once (relevance/change.py:
its index's words and what is everywhere in it, which the criteria's evidence reads too), the pages' step (its
distinctive terms, change_terms.py, for the one cited page; the page's passages weighed,
quotes.py) and the disagreements' (the values the whole diff sets, diff_values.py; what the page, the criteria
and the diff say, disagreements.py), on the whole diff and, for comparison, on its first 2 MB. Prints each one's
CPU (on a shared machine, what the wall would be without the others), the ratio of the whole diff's to the first
2 MB's, what the page quotes (it must not change with speed-ups), and the process's peak RSS (the diff's text
and its parsed lines included). --profile N prints cProfile's N costliest functions of the whole diff's steps.
"""

from __future__ import annotations

import cProfile
import pstats
import resource
import sys
import time
from collections.abc import Callable

from criteria_scale import CRITERIA, generate  # benchmarks/criteria_scale.py

from doc_context.change.unified import parse_diff
from doc_context.relevance.carried import carried
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.relevance.disagreements import Sentence, find
from doc_context.relevance.statements import statement
from doc_context.summary.quotes import weigh_pages

PAGE_TITLE = "Checkout payments design"
PAGE = """How checkout takes payment, and what it keeps.

## Loyalty

- Gold members get 5% off the order subtotal, Platinum members 10%.
- Orders over 500.00 earn an extra 2% loyalty bonus.

## Gift cards

The gift card is charged first, up to its balance. If the second payment fails, the hold on the gift card is
released within 60 seconds.

## Retries

1. Card payments are retried at most 3 times.
2. A declined card is never retried.
3. Retries wait 2, 4 and 8 seconds.

## Rounding

Money is rounded once, on the order total, with `ROUND_HALF_EVEN`.

## Delivery

The delivery estimate counts business days only, 2 to 4 of them.

## Support

Support answers within one business day and keeps tickets for 90 days.
"""


def pages_step(change: Change) -> str:
    """The one cited page's quotes, as summarize_all weighs them."""
    terms = change_terms(change, CRITERIA, within=[PAGE])
    terms.carried = carried(change, terms)
    (quoted,) = weigh_pages([(PAGE, PAGE_TITLE)], terms)
    return quoted.text


def said_step(change: Change) -> int:
    """The disagreements among the page's sentences, the criteria and the values the whole diff sets."""
    said = [Sentence("page", PAGE_TITLE, "", "page 1", "page 1", statement(s)) for s in PAGE.split("\n") if s]
    said += [Sentence("criterion", f"criterion {n}", "", "wi", "wi", statement(c)) for n, c in enumerate(CRITERIA)]
    return len(find(said, change.settings))


def shared(change: Change) -> None:
    """What the criteria's evidence reads of the change too: its index's words, what is everywhere in it."""
    change.everywhere("")
    if change.index is not None:
        change.index.files_with("added", "")


def cpu(call: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    out = call()
    return time.process_time() - start, out


def main(argv: list[str]) -> int:
    profile = int(argv[argv.index("--profile") + 1]) if "--profile" in argv else 0
    args = [a for a in argv if not a.startswith("--") and (not argv or a != str(profile))]
    files = int(args[0]) if args else 3_000
    megabytes = float(args[1]) if len(args) > 1 else 20.0
    text = generate(files, megabytes)
    first = text[: 2 * 1024 * 1024]
    whole, head = parse_diff(text), parse_diff(first[: first.rfind(b"\ndiff --git ") + 1])
    if profile:
        stats = cProfile.Profile()
        change = Change(whole)
        shared(change)
        stats.runcall(lambda: (pages_step(change), said_step(change)))
        pstats.Stats(stats, stream=sys.stdout).sort_stats("cumulative").print_stats(profile)
    changes: dict[str, Change] = {}  # the run's one reading of the change, shared with the criteria's evidence
    shared_whole, _ = cpu(lambda: shared(changes.setdefault("whole", Change(whole))))
    shared_head, _ = cpu(lambda: shared(changes.setdefault("head", Change(head))))
    pages_whole, quotes = cpu(lambda: pages_step(changes["whole"]))
    pages_head, quotes_head = cpu(lambda: pages_step(changes["head"]))
    said_whole, found = cpu(lambda: said_step(changes["whole"]))
    said_head, _ = cpu(lambda: said_step(changes["head"]))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"diff: {len(parsed_files := whole.files):,} files, {len(text) / 1e6:.1f} MB (first 2 MB: {len(head.files)})")
    print(
        f"the change read once (its index's words, what is everywhere in it; the evidence reads it too): "
        f"{shared_whole:.2f} s CPU on the whole diff, {shared_head:.2f} s on its first 2 MB"
    )
    print(
        f"pages: {pages_whole:.2f} s CPU on the whole diff, {pages_head:.2f} s on its first 2 MB "
        f"({pages_whole / max(pages_head, 1e-9):.1f}x); with the change's reading, "
        f"{pages_whole + shared_whole:.2f} s and {pages_head + shared_head:.2f} s"
    )
    print(
        f"what the sources say: {said_whole:.2f} s CPU on the whole diff, {said_head:.2f} s on its first 2 MB; "
        f"{found} disagreement(s)"
    )
    print(f"peak RSS {peak:.0f} MiB (the diff's text and {len(parsed_files):,} parsed files included)")
    print(f"quoted ({'the same' if quotes == quotes_head else 'NOT the same'} on the first 2 MB):")
    print("    " + str(quotes).replace("\n", "\n    "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
