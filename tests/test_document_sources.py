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
    assert toy.read == [3, 8, 13] and toy.closed
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


def test_read_list_names_a_page_by_its_sources_noun() -> None:
    from doc_context.models import Gathered

    page = ToyDocs(TOY, TOKEN).fetch(ToyRef(4))
    assert read_list(Gathered(None, (), (), ((page, (0, 12)),), (), ())) == (
        "toy doc 4 (version 1): Toy doc 4, cited by the pull request, 12",
        "changed files: 0",
    )
