"""Benchmark data: N work items citing M distinct Confluence pages (and W wiki pages), and a fresh PR for every run,
each changing the same 40 files (their sides served at its merge commit, which a checkout may have too).

bench = seed_bench(ado, confluence, work_items=20, pages=30, wiki_pages=10)
pr_id = bench.new_pull_request()      # the same links and changes, no threads: the same work each run
env = bench.env(pr_id)                # the pipeline variables of a PR build against the two fakes
"""

from __future__ import annotations

from dataclasses import dataclass, field

from doc_context.sandbox.ado import FakeAzureDevOps
from doc_context.sandbox.ado_state import Repository
from doc_context.sandbox.ado_workitems import relation, work_item
from doc_context.sandbox.confluence import FakeConfluence, tiny_code
from doc_context.sandbox.jira import FakeJira

FIRST_ITEM, FIRST_PAGE, FIRST_WIKI_PAGE = 7001, 5_100_000_001, 9001
WIKI = "Bench-Project.wiki"
FEATURES = (6901, 6902, 6903)  # the parents of the linked items; not linked to the PR themselves
TOKEN, EMAIL, API_TOKEN = "bench-build-token", "bench@fabrikam.example", "bench-confluence-token"
SPACES = ("PAY", "OPS", "ENG")
TYPES = ("User Story", "Bug", "Task", "Spike")
MODULES = 20  # two changed files each: a 40-file pull request
CHANGES = [
    [(f"/src/module{n}/service.py", "edit"), (f"/tests/module{n}/test_service.py", "edit")] for n in range(MODULES)
]


def files(head: bool) -> dict[str, str]:
    """Each changed file as the target branch has it (head False) or the pull request leaves it: about 60 lines,
    a few of them changed."""
    out: dict[str, str] = {}
    for path, _ in (c for changes in CHANGES for c in changes):
        n = path.split("module", 1)[1].split("/", 1)[0]
        lines = [f"def step_{k}(order):  # module {n}\n    return order.total + {k}\n" for k in range(30)]
        if head:
            lines[10] = f"def step_10(order):  # module {n}\n    return round_half_even(order.total, 2)\n"
            lines[20] = f"def step_20(order):  # module {n}\n    return round_half_even(order.total + 20, 2)\n"
        out[path.lstrip("/")] = "".join(lines)
    return out


@dataclass
class Bench:
    """The seeded fakes; each new_pull_request() links the same work items and pushes the same changes."""

    ado: FakeAzureDevOps
    confluence: FakeConfluence
    repo: Repository
    work_item_ids: tuple[int, ...]
    page_ids: tuple[int, ...]
    wiki_page_ids: tuple[int, ...] = ()
    pull_requests: list[int] = field(default_factory=list)
    checkout: str = ""  # a PR build's checkout of the change (roundtrips.bench_servers makes it)
    merge: str | None = None  # its HEAD: every benchmark PR's merge commit
    parent: str | None = None
    jira: FakeJira | None = None  # the Jira issues beside the pages (roundtrips.bench_servers seeds it)

    def new_pull_request(self) -> int:
        pr = self.ado.add_pull_request(
            self.repo,
            "Benchmark: round trips",
            description="Round-trip benchmark PR.",
            source_branch="refs/heads/bench",
            work_item_ids=self.work_item_ids,
        )
        so_far: list[tuple[str, str]] = []
        for changes in CHANGES:
            so_far += changes
            self.ado.add_iteration(pr.id, list(so_far))
        self.ado.git.add_change(pr, files(head=False), files(head=True), merge=self.merge, parent=self.parent)
        self.pull_requests.append(pr.id)
        return pr.id

    def env(self, pr_id: int) -> dict[str, str]:
        """The pipeline variables (as environment names); every cited page fits under the page cap."""
        return {
            "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI": self.ado.base_url + "/",
            "SYSTEM_TEAMPROJECT": self.repo.project.name,
            "SYSTEM_TEAMPROJECTID": self.repo.project.id,
            "BUILD_REPOSITORY_ID": self.repo.id,
            "BUILD_REPOSITORY_NAME": self.repo.name,
            "SYSTEM_PULLREQUEST_PULLREQUESTID": str(pr_id),
            "SYSTEM_ACCESSTOKEN": TOKEN,
            "TF_BUILD": "True",
            "BUILD_REASON": "PullRequest",
            "CONFLUENCE_URL": self.confluence.api_base,
            "CONFLUENCE_EMAIL": EMAIL,
            "CONFLUENCE_API_TOKEN": API_TOKEN,
            "DOC_CONTEXT_MAX_PAGES": str(max(25, len(self.page_ids), len(self.wiki_page_ids))),
        }


CHILD = "System.LinkTypes.Hierarchy-Forward"


def seed_bench(
    ado: FakeAzureDevOps, confluence: FakeConfluence, *, work_items: int = 20, pages: int = 30, wiki_pages: int = 0
) -> Bench:
    """N linked items, each the child of one of three Features. Item i cites pages i, i+N, i+2N, ...
    (every page once across the items) and the page its predecessor cited first (a repeat: fetched
    once). Links mix the Cloud URL shapes that resolve to a page id: /spaces/KEY/pages/ID/Title,
    viewpage.action?pageId= and /x/CODE. Wiki pages alike: item i cites wiki pages i, i+N, ... by the
    address the wiki shows ({project}/_wiki/wikis/{wiki}/{id}/{Title})."""
    if work_items < 1 or pages < 0 or wiki_pages < 0:
        raise ValueError("at least one work item, and zero or more pages")
    project = ado.add_project("Bench Project")
    ado.add_token(TOKEN, ado.add_identity(f"{project.name} Build Service ({ado.org})"))
    repo = ado.add_repository(project, "bench-repo")
    wiki = confluence.api_base
    confluence.add_user(EMAIL, API_TOKEN, display_name="Bench CI")
    for key in SPACES:
        confluence.add_space(key, f"Space {key}")
    page_ids = tuple(FIRST_PAGE + n for n in range(pages))
    for n, pid in enumerate(page_ids):
        confluence.add_page(pid, f"Design note {n}", SPACES[n % len(SPACES)], _storage(n), version=n % 7 + 1)
    wiki_ids = tuple(FIRST_WIKI_PAGE + n for n in range(wiki_pages))
    bench_wiki = ado.wikis.add_wiki(project, WIKI)
    for n, pid in enumerate(wiki_ids):
        ado.wikis.add_page(bench_wiki, f"/Notes/Wiki note {n}", _markdown(n), page_id=pid)
    item_ids = tuple(FIRST_ITEM + i for i in range(work_items))
    for n, fid in enumerate(FEATURES):
        ado.add_work_item(
            work_item(
                fid,
                "Feature",
                f"Benchmark feature {n}: one rounding rule everywhere",
                rev=2,
                project=project.name,
                fields={"System.Description": f"<div>Feature {n}: every module rounds once, half-even.</div>"},
                relations=[
                    relation("System.LinkTypes.Hierarchy-Forward", ado.work_item_url(wid), name="Child")
                    for wid in item_ids[n :: len(FEATURES)]
                ],
            )
        )
    for i, wid in enumerate(item_ids):
        cited = list(page_ids[i::work_items]) + ([page_ids[i - 1]] if 0 < i <= pages else [])
        links = "".join(
            f"<div>See {_link(wiki, pid, n, SPACES[(pid - FIRST_PAGE) % len(SPACES)])}</div>"
            for n, pid in enumerate(cited)
        )
        links += "".join(
            f'<div>Notes: <a href="{ado.base_url}/Bench%20Project/_wiki/wikis/{WIKI}/{pid}/Wiki-note">note</a></div>'
            for pid in wiki_ids[i::work_items]
        )
        kind = TYPES[i % len(TYPES)]
        field_name = "Microsoft.VSTS.TCM.ReproSteps" if kind == "Bug" else "System.Description"  # what is read
        parent = relation(
            "System.LinkTypes.Hierarchy-Reverse", ado.work_item_url(FEATURES[i % len(FEATURES)]), name="Parent"
        )
        related = [relation("System.LinkTypes.Related", ado.work_item_url(item_ids[i - 1]), name="Related")][:i]
        ado.add_work_item(
            work_item(
                wid,
                kind,
                f"Benchmark work item {i}: round module {i % 8} totals once",
                rev=3,
                project=project.name,
                fields={
                    field_name: f"<div>Work item {i} of the round-trip benchmark: module {i % 8} rounds the order "
                    f"total once, half-even.</div>{links}"
                },
                relations=[
                    parent,
                    *related,
                    *(relation(CHILD, ado.work_item_url(k), name="Child") for k in _kids(wid)),
                ],
            )
        )
        for k, state in zip(_kids(wid), ("Closed", "Active"), strict=True):  # its story: two tasks, two comments
            ado.add_work_item(work_item(k, "Task", f"Task {k} of item {i}", state=state, project=project.name))
        ado.story.add_comment(ado, wid, f"<div>Module {i % 8} rounds once, half-even: agreed.</div>")
        ado.story.add_comment(ado, wid, "<div>Thanks!</div>")
    return Bench(ado, confluence, repo, item_ids, page_ids, wiki_ids)


def _kids(wid: int) -> tuple[int, int]:
    """A work item's two child tasks (Hierarchy-Forward), read in the parents' wave."""
    return (wid * 10 + 1, wid * 10 + 2)


def _link(wiki: str, pid: int, n: int, space: str) -> str:
    shape = (pid + n) % 3
    if shape == 0:
        return f'<a href="{wiki}/spaces/{space}/pages/{pid}/Design+note">design note {pid}</a>'
    if shape == 1:
        return f"{wiki}/pages/viewpage.action?pageId={pid}"
    return f'<a href="{wiki}/x/{tiny_code(pid)}">{wiki}/x/{tiny_code(pid)}</a>'


def _storage(n: int) -> str:
    """A few KB of storage format: headings, paragraphs, a table and a code macro."""
    rows = "".join(f"<tr><td>setting_{n}_{r}</td><td>{r * 7 % 13}</td><td>per request</td></tr>" for r in range(12))
    sections = "".join(
        f"<h2>Section {s}</h2><p>Module {n} rounds the <strong>order total</strong> once (ROUND_HALF_EVEN); "
        f"line items keep full precision until the total is computed. Step {s} of the rollout.</p>"
        for s in range(6)
    )
    code = (
        '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">python</ac:parameter>'
        f"<ac:plain-text-body><![CDATA[total = round_half_even(sum(lines), {n % 3 + 2})]]>"
        "</ac:plain-text-body></ac:structured-macro>"
    )
    table = f"<table><tbody><tr><th>Setting</th><th>Default</th><th>Notes</th></tr>{rows}</tbody></table>"
    return sections + table + code


def _markdown(n: int) -> str:
    """A few KB of wiki markdown: a table of contents, headings, paragraphs, a table and a fence."""
    rows = "".join(f"| setting_{n}_{r} | {r * 7 % 13} | per request |\n" for r in range(12))
    sections = "".join(
        f"## Section {s}\n\nModule {n} rounds the **order total** once (ROUND_HALF_EVEN); line items keep full "
        f"precision until the total is computed. Step {s} of the rollout.\n\n"
        for s in range(6)
    )
    table = f"| Setting | Default | Notes |\n| --- | --- | --- |\n{rows}"
    return f"[[_TOC_]]\n\n{sections}{table}\n```python\ntotal = round_half_even(sum(lines), {n % 3 + 2})\n```\n"
