"""Benchmark: the acceptance criteria's evidence against labelled pull requests.

Run: python benchmarks/criteria.py [-v [--held-out]]
Prints, for each set (the first set, and the saturated one: topic words in most changed lines, the repository's
name in most identifiers, half the criteria untouched) and for both together, its tuning cases, its held-out
cases and all of them: criterion precision (the criteria with evidence that should have some, pointing at a
labelled file), untouched criteria with evidence, criterion recall (the criteria that should have evidence and
point at a labelled file), and precision and recall over criterion-file pairs; -v prints each tuning criterion's
evidence beside its label (--held-out: the held-out ones too).

Each case under benchmarks/data/criteria/ is a pull request: pr.diff (built with git from spec.txt by
make_diffs.py) and case.json, its work item's criteria, each labelled with the changed files whose added
lines carry it (an implementation, a test, a configuration or a documentation line of that criterion), and a
kind: plain, a value, a quoted string, an identifier, a configuration key, two files or more, removal, the
bug's expected outcome, or a decoy (terms only in unchanged context lines, only in files outside the diff,
only in the work item's own text pasted into the change; struck through; generic). Cases with "held_out"
were written after the engine was tuned and were not used to tune it. Cases with "set": "saturated" (issue 26)
name their "repository" and "project", as a run knows them; their untouched criteria share the change's topic
words (kind "untouched: ...").
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from doc_context.change.unified import parse_diff
from doc_context.summary.evidence import EvidenceFinder
from doc_context.summary.tokens import split_sentences

DATA = Path(__file__).resolve().parent / "data" / "criteria"


@dataclass(frozen=True)
class Outcome:
    case: str
    set: str
    held_out: bool
    kind: str
    text: str
    expected: frozenset[str]
    found: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]  # (path, lines, removed lines)

    @property
    def predicted(self) -> frozenset[str]:
        return frozenset(path for path, _, _ in self.found)


def outcomes(data: Path = DATA) -> Iterator[Outcome]:
    for case_dir in sorted(p for p in data.iterdir() if (p / "case.json").exists()):
        case = json.loads((case_dir / "case.json").read_text(encoding="utf-8"))
        names = [case[key] for key in ("repository", "project") if case.get(key)]
        finder = EvidenceFinder(parse_diff((case_dir / "pr.diff").read_bytes()), names=names)
        texts = [c["text"] for c in case["criteria"]]
        title = case.get("work_item", "").partition(": ")[2]
        for criterion in case["criteria"]:
            siblings = [t for t in texts if t != criterion["text"]]
            own = siblings + split_sentences(case.get("description", ""))
            evidence = finder.find(
                criterion["text"],
                struck=criterion.get("struck", False),
                work_item=own,
                siblings=siblings,
                title=title,
            )
            yield Outcome(
                case_dir.name,
                case.get("set", "first"),
                bool(case.get("held_out")),
                criterion["kind"],
                criterion["text"],
                frozenset(criterion["expected"]),
                tuple((f.path, f.lines, f.removed) for f in evidence.files),
            )


def scores(results: list[Outcome]) -> tuple[float, float, int, int]:
    """(precision, recall, criteria, cases) over criterion-file pairs."""
    hits = sum(len(r.predicted & r.expected) for r in results)
    predicted = sum(len(r.predicted) for r in results)
    expected = sum(len(r.expected) for r in results)
    return hits / max(predicted, 1), hits / max(expected, 1), len(results), len({r.case for r in results})


@dataclass(frozen=True)
class Criteria:
    """The figures over criteria: of those with evidence, how many should have it (pointing at a labelled file);
    of the untouched ones (no labelled file), how many got evidence; of the touched ones, how many point right."""

    precision: float
    untouched: float  # share of the untouched criteria with any evidence
    recall: float
    alarmed: int
    quiet: int  # untouched criteria

    @classmethod
    def of(cls, results: list[Outcome]) -> Criteria:
        right = [r for r in results if r.predicted & r.expected]
        shown = [r for r in results if r.predicted]
        touched = [r for r in results if r.expected]
        untouched = [r for r in results if not r.expected]
        alarmed = sum(1 for r in untouched if r.predicted)
        return cls(
            len(right) / max(len(shown), 1),
            alarmed / max(len(untouched), 1),
            len(right) / max(len(touched), 1),
            alarmed,
            len(untouched),
        )


def line(name: str, results: list[Outcome]) -> str:
    if not results:
        return f"{name}: no cases"
    pairs, pair_recall, criteria, cases = scores(results)
    c = Criteria.of(results)
    return (
        f"{name}: criterion precision {c.precision:.2f}, untouched with evidence {c.untouched:.2f} "
        f"({c.alarmed} of {c.quiet}), recall {c.recall:.2f}; file pairs {pairs:.2f} / {pair_recall:.2f} "
        f"({criteria} criteria, {cases} pull requests)"
    )


def main(argv: list[str]) -> int:
    results = list(outcomes())
    if "-v" in argv:
        for r in results if "--held-out" in argv else [r for r in results if not r.held_out]:
            mark = "ok " if r.predicted == r.expected else "XX "
            print(f"{mark}[{r.case}] ({r.kind}) {r.text}")
            for path, lines, removed in r.found:
                tag = "" if path in r.expected else "   <- not labelled"
                print(f"      found {path} {list(lines)}{f' removed {list(removed)}' if removed else ''}{tag}")
            for path in sorted(r.expected - r.predicted):
                print(f"      missed {path}")
    for name, chosen in (
        ("first set", [r for r in results if r.set != "saturated"]),
        ("saturated set", [r for r in results if r.set == "saturated"]),
        ("both sets", results),
    ):
        print(line(f"{name}, tuning cases", [r for r in chosen if not r.held_out]))
        print(line(f"{name}, held-out cases", [r for r in chosen if r.held_out]))
        print(line(f"{name}, all cases", chosen))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
