"""Benchmark: the passages of the cited pages that the comment quotes, against labelled pull requests.

Run: python benchmarks/passages.py [-v]
Prints four figures over every case (and each for the tuning and the held-out cases): best-passage recall
(each page's top labelled passage is quoted), recall over all labelled passages, the share of decoy passages
quoted (they share only common or topic words with the change), and the largest comment's visible size.
-v prints each page's labelled and decoy passages, shown or not, and each comment.

Each case under benchmarks/data/passages/ is a pull request: case.json names its change (a case of the criteria
benchmark, benchmarks/data/criteria/NAME: its pr.diff and its work item's criteria) and its cited pages (files
beside it, or in _common/: Confluence storage XHTML, *.xml, or Azure DevOps wiki markdown, *.md), each with
its labels: "best", the passage the change speaks to most, "labelled", the others it speaks to, "decoys",
passages that share only common or topic words with it; a page labelled "none" matches nothing in it. The
labels are passages' own words (a piece of each, plain text). Cases with "held_out" were written after the
rules were tuned and were not used to tune them.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from doc_context.app import Options, compose
from doc_context.change.unified import parse_diff
from doc_context.models import (
    PULL_REQUEST,
    ChangedFile,
    Gathered,
    Page,
    PageRef,
    PullRequest,
    PullRequestRef,
    WorkItem,
)
from doc_context.summary.summarize import summarize_all
from doc_context.text.storage import storage_to_markdown
from doc_context.text.visible import visible_size, visible_text
from doc_context.text.wikimd import wiki_to_markdown

DATA = Path(__file__).resolve().parent / "data" / "passages"
CRITERIA = Path(__file__).resolve().parent / "data" / "criteria"
ORG = "https://dev.azure.com/fabrikam"
GOALS = (0.95, 0.7, 0.05, 3_000)


@dataclass
class Tally:
    best: list[bool]
    labelled: list[bool]
    decoys: list[bool]
    sizes: list[int]

    def figures(self) -> tuple[float, float, float, int]:
        return (
            _share(self.best),
            _share(self.labelled),
            _share(self.decoys),
            max(self.sizes, default=0),
        )


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def work_item(case: dict[str, object], n: int) -> WorkItem:
    kind, _, rest = str(case["work_item"]).partition(" ")
    kind = "User Story" if kind == "User" else kind
    number, _, title = rest.removeprefix("Story ").partition(": ")
    criteria = [c for c in case["criteria"] if not c.get("struck")]  # type: ignore[attr-defined]
    items = "".join(f"<li>{c['text']}</li>" for c in criteria)
    fields = {
        "System.Description": f"<div>{case.get('description', '')}</div>",
        "Microsoft.VSTS.Common.AcceptanceCriteria": f"<ul>{items}</ul>",
    }
    if kind == "Bug":  # a Bug shows its repro steps: the criteria as what is expected
        fields["Microsoft.VSTS.TCM.ReproSteps"] = f"<div>{case.get('description', '')}</div><ol>{items}</ol>"
    return WorkItem(
        int(number) if number.isdigit() else n,
        1,
        kind,
        title,
        "Active",
        fields,
        web_url=f"{ORG}/Shop/_workitems/edit/{number}",
    )


def page(path: Path, n: int, title: str) -> Page:
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".xml":
        url = f"https://fabrikam.atlassian.net/wiki/spaces/ENG/pages/{7000 + n}"
        text = storage_to_markdown(raw).text
        said = {"source": "confluence", "scope": "", "section": "Confluence pages", "restriction": "none"}
        return Page(PageRef(page_id=7000 + n), 7000 + n, title, "ENG", 1, url, text, **said)  # type: ignore[arg-type]
    url = f"{ORG}/Shop/_wiki/wikis/Shop.wiki/{n}/{title.replace(' ', '-')}"
    said = {"source": "wiki", "scope": "Shop.wiki", "section": "Wiki pages", "restriction": "none"}
    return Page(PageRef(page_id=n), n, title, "", "abc", url, wiki_to_markdown(raw).text, noun="wiki page", **said)  # type: ignore[arg-type]


def run_case(case_dir: Path) -> tuple[str, dict[str, object], str]:
    case = json.loads((case_dir / "case.json").read_text(encoding="utf-8"))
    change = CRITERIA / case["change"]
    spec = json.loads((change / "case.json").read_text(encoding="utf-8"))
    raw = (change / "pr.diff").read_bytes()
    diff = raw.decode("utf-8", "replace")
    item = work_item(spec, 1)
    paths = sorted({m.group(1) for m in re.finditer(r"^\+\+\+ b(/\S+)", diff, re.M)})
    cited = []
    for n, p in enumerate(case["pages"], start=1):
        where = (case_dir / p["file"]) if (case_dir / p["file"]).exists() else DATA / "_common" / p["file"]
        ids = (PULL_REQUEST,) if p.get("cited_by") == "pull request" else (item.id,)
        cited.append((page(where, n, p["title"]), ids))
    ref = PullRequestRef(ORG, "Shop", "shop", 100 + len(case_dir.name))
    gathered = Gathered(
        PullRequest(ref, case.get("title", item.title), ""),
        (item,),
        tuple(ChangedFile(p, "edit") for p in paths),
        tuple(cited),
        (),
        (),
        diff_text=diff,
        diff_lines=parse_diff(raw),
    )
    items, pages = summarize_all(gathered)
    comment = compose(gathered, items, pages, Options("k"))
    return comment, case, diff


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    tallies = {"tuning": Tally([], [], [], []), "held out": Tally([], [], [], [])}
    for case_dir in sorted(p for p in DATA.iterdir() if (p / "case.json").exists()):
        comment, case, _ = run_case(case_dir)
        shown = " ".join(visible_text(comment).split())
        tally = tallies["held out" if case.get("held_out") else "tuning"]
        tally.sizes.append(visible_size(comment))
        if verbose:
            print(f"\n=== {case_dir.name} ({visible_size(comment):,} visible characters)")
        for p in case["pages"]:
            for kind, labels in (
                ("best", [p.get("best")]),
                ("labelled", p.get("labelled", [])),
                ("decoy", p.get("decoys", [])),
            ):
                for label in (x for x in labels if x):
                    found = " ".join(label.split()) in shown
                    if kind == "best":
                        tally.best.append(found)
                    if kind in ("best", "labelled"):
                        tally.labelled.append(found)
                    else:
                        tally.decoys.append(found)
                    if verbose and (found == (kind == "decoy") or "-vv" in argv):
                        print(f"  {'SHOWN' if found else 'missed'} {kind:8} {p['title'][:30]:30} {label[:70]}")
        if "-vv" in argv:
            print(comment)
    every = Tally(
        *([x for t in tallies.values() for x in getattr(t, f)] for f in ("best", "labelled", "decoys", "sizes"))
    )
    for name, tally in [*tallies.items(), ("all", every)]:
        best, labelled, decoys, size = tally.figures()
        counts = f"{sum(tally.best)}/{len(tally.best)}, {sum(tally.labelled)}/{len(tally.labelled)}, "
        counts += f"{sum(tally.decoys)}/{len(tally.decoys)}"
        print(
            f"{name:9} best-passage recall {best:.2f}  labelled recall {labelled:.2f}  decoys shown {decoys:.2f}  "
            f"largest comment {size:,} visible characters  ({len(tally.sizes)} pull requests; {counts})"
        )
    best, labelled, decoys, size = every.figures()
    met = best >= GOALS[0] and labelled >= GOALS[1] and decoys <= GOALS[2] and size <= GOALS[3]
    print(f"goals (>= {GOALS[0]}, >= {GOALS[1]}, <= {GOALS[2]}, <= {GOALS[3]:,}): {'met' if met else 'NOT met'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
