"""A third document source is one package and one registration: a toy source with a URL setting and a secret
(tests/toy_source.py, written as its package would be), registered in one place (the declarations `wire` opens, its
settings among Settings' bases), is configured from the environment, found, read in the pages' wave, rendered under
its own heading with its own audience rule, listed in the log, said once in the work item's text, its secret masked,
and asked by `doc-context check`. What registering it generates: tests/test_generated.py.
"""

from __future__ import annotations

import pytest

from doc_context.app import Options, read_list, run
from doc_context.gateways import wire
from doc_context.models import Check, Notice
from doc_context.preflight import preflight
from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_workitems import work_item

from .toy_source import ToyDocs, ToyRef, WithToy, registered

TOY = "https://toy.example/docs/"
TOKEN = "toy-secret-5f1e"


@pytest.fixture
def opened() -> list[ToyDocs]:
    return []


def toy_of(opened: list[ToyDocs]) -> ToyDocs:
    [toy] = opened
    return toy


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox) -> Sandbox:
    for name, value in {**sandbox.env(), "TOY_URL": TOY, "TOY_TOKEN": TOKEN}.items():
        monkeypatch.setenv(name, value)
    story = work_item(
        7001,
        "User Story",
        "Round totals as the toy docs say",
        project=sandbox.info.project_name,
        fields={"System.Description": f"<div>Round once.</div><div>Docs: <a href='{TOY}3'>doc 3</a></div>"},
        relations=[],
    )
    sandbox.ado.add_work_item(story)
    sandbox.ado.link_work_items(sandbox.info.pr_id, 7001)
    pr = sandbox.ado.pull_request(sandbox.info.pr_id)
    pr.description += f"\n\nSee {TOY}3, {TOY}8 and {TOY}13."
    return sandbox


def test_a_toy_source_registered_in_one_place_is_read_and_shown(env: Sandbox, opened: list[ToyDocs]) -> None:
    settings = WithToy(dry_run=True)
    assert TOKEN in settings.secrets()  # its secret is masked as every other is
    with wire(settings, registered(opened)) as wired:
        outcome = run(wired.sources, None, settings.pull_request(), Options("toy", dry_run=True))

    toy = toy_of(opened)
    assert (toy.site, toy.token) == (TOY.rstrip("/"), TOKEN)  # configured from TOY_URL and TOY_TOKEN
    assert toy.read == [3, 8, 13] and toy.closed and toy.asked == {(3, 8, 13)}
    assert "### Toy docs" in outcome.markdown and f"[Toy doc 3]({TOY}3)" in outcome.markdown
    assert "**Cited by** the pull request" in outcome.markdown  # the PR's description cites doc 3 too
    assert "Docs: [doc 3]" not in outcome.markdown  # the line only cites a doc the comment shows: said once
    assert "toy doc 3 (version 1): Toy doc 3, cited by the pull request, 7001" in outcome.sources
    assert Notice("toy doc 13", "skipped: doc 13 is unlucky") in outcome.notices
    assert Notice("toy", "read 2 toy docs") in outcome.notices
    assert "### Confluence pages" in outcome.markdown  # the registered sources still run beside it
    assert "#### [Toy doc 8]" in outcome.markdown and "Toy doc 8 says" not in outcome.summary  # its audience rule
    assert "_Title only: the toy keeps it to itself._" in outcome.summary


def test_check_asks_the_toy_source(env: Sandbox, opened: list[ToyDocs]) -> None:
    settings = WithToy()
    with wire(settings, registered(opened)) as wired:
        checks = preflight(wired.publisher, wired.sources.documents, settings.pull_request())

    assert Check("read the cited toy docs", True, "3 cited") in checks


def test_the_page_cap_is_applied_once_by_gather_and_no_source_knows_it(
    env: Sandbox, opened: list[ToyDocs], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five toy docs cited, DOC_CONTEXT_MAX_PAGES=2: gather chooses two, round-robin (the PR's first, then the
    second story's first), and passes the toy exactly those; the other three are said once, by gather."""
    monkeypatch.setenv("DOC_CONTEXT_MAX_PAGES", "2")
    docs = {"System.Description": f"<div>Docs: <a href='{TOY}9'>doc 9</a></div>"}
    env.ado.add_work_item(work_item(7002, "User Story", "Toy too", project=env.info.project_name, fields=docs))
    env.ado.link_work_items(env.info.pr_id, 7002)
    env.ado.pull_request(env.info.pr_id).description += f" And {TOY}4."  # cited: 3, 8, 13, 4 (PR); 3; 9
    settings = WithToy(dry_run=True)
    with wire(settings, registered(opened)) as wired:
        outcome = run(wired.sources, None, settings.pull_request(), Options("toy", dry_run=True))
        checks = preflight(
            wired.publisher, wired.sources.documents, settings.pull_request(), max_pages=wired.sources.max_pages
        )

    toy = toy_of(opened)
    assert sorted(toy.read) == [3, 9] and toy.asked == {(3, 9)}  # asked for the two gather chose, by run and check
    capped = [n for n in outcome.notices if n.source == "toy" and "more pages were not read" in n.message]
    assert capped == [
        Notice("toy", "3 more pages were not read (DOC_CONTEXT_MAX_PAGES=2): toy doc 8, toy doc 13, toy doc 4")
    ]
    assert Check("read the cited toy docs", True, "5 cited") in checks


def test_read_list_names_a_page_by_its_sources_noun() -> None:
    from doc_context.models import Gathered

    page = ToyDocs(TOY, TOKEN).fetch(ToyRef(4), (ToyRef(4),))
    assert read_list(Gathered(None, (), (), ((page, (0, 12)),), (), ())) == (
        "toy doc 4 (version 1): Toy doc 4, cited by the pull request, 12",
        "changed files: 0",
    )
