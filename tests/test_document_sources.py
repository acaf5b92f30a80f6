"""A third document source is one module and one registration: a toy source, written here as its module would be,
registered in one place (the sources `wire` opens), is found, read in the pages' wave, rendered under its own
heading, listed in the log, said once in the work item's text, and asked by `doc-context check`.

Nothing else is edited for it: this file touches no other module of doc-context.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from doc_context.app import Options, read_list, run
from doc_context.errors import SourceError
from doc_context.gateways import wire
from doc_context.models import Check, Notice, Page, Ref, SignedIn
from doc_context.preflight import preflight
from doc_context.registry import SOURCES, Opener
from doc_context.sandbox import Sandbox
from doc_context.sandbox.ado_workitems import work_item
from doc_context.settings import load_settings
from doc_context.summary.citations import Citer, Found, Read, cited

TOY = "https://toy.example/docs/"
_DOC = re.compile(re.escape(TOY) + r"(\d+)$")


# -- the toy source's module: its link family, its reads, its notices ---------------------------------------------
@dataclass(frozen=True)
class ToyRef:
    number: int

    @property
    def key(self) -> tuple[object, ...]:
        return ("doc", self.number)

    def describe(self) -> str:
        return f"toy doc {self.number}"


class ToyLinks:
    name = "toy"

    def resolve(self, url: str) -> ToyRef | None:
        match = _DOC.match(url)
        return ToyRef(int(match.group(1))) if match else None


class ToyDocs:
    """Docs 1..9 exist; doc 13 is unlucky."""

    name, links, ready, concurrency = "toy", ToyLinks(), True, 4

    def __init__(self) -> None:
        self.read: list[int] = []
        self.closed = False

    def find(self, who: Sequence[Citer]) -> Found:
        return Found(tuple(cited(who, self.links)))

    def check_access(self) -> SignedIn:
        return SignedIn("the toy", None)

    def fetch(self, ref: Ref) -> Page:
        assert isinstance(ref, ToyRef)
        self.read.append(ref.number)
        if ref.number == 13:
            raise SourceError("doc 13 is unlucky")
        return Page(
            ref,
            ref.number,
            f"Toy doc {ref.number}",
            "",
            1,
            f"{TOY}{ref.number}",
            f"Toy doc {ref.number} says: round checkout totals once.",
            restriction="none",  # toy docs have no view restrictions of their own
            source="toy",
            scope="",  # a toy doc's number is unique among toy docs
            section="Toy docs",
            noun="toy doc",
        )

    def settled(self, reads: Sequence[Read]) -> list[Notice]:
        return [Notice("toy", f"read {len(reads)} toy docs")]

    def check(self, who: Sequence[Citer]) -> list[Check]:
        return [Check("read the cited toy docs", True, f"{len(self.find(who).refs)} cited")]

    def close(self) -> None:
        self.closed = True


# -- the one registration --------------------------------------------------------------------------------------------
@pytest.fixture
def toy() -> ToyDocs:
    return ToyDocs()


def registered(toy: ToyDocs) -> tuple[Opener, ...]:
    return (*SOURCES, lambda settings, ado: toy)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, sandbox: Sandbox) -> Sandbox:
    for name, value in sandbox.env().items():
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
    pr.description += f"\n\nSee {TOY}3 and {TOY}13."
    return sandbox


def test_a_toy_source_registered_in_one_place_is_read_and_shown(env: Sandbox, toy: ToyDocs) -> None:
    settings = load_settings(dry_run=True)
    with wire(settings, registered(toy)) as wired:
        outcome = run(wired.sources, None, settings.pull_request(), Options("toy", dry_run=True))

    assert toy.read == [3, 13] and toy.closed
    assert "### Toy docs" in outcome.markdown and f"[Toy doc 3]({TOY}3)" in outcome.markdown
    assert "**Cited by** the pull request" in outcome.markdown  # the PR's description cites doc 3 too
    assert "Docs: [doc 3]" not in outcome.markdown  # the line only cites a doc the comment shows: said once
    assert "toy doc 3 (version 1): Toy doc 3, cited by the pull request, 7001" in outcome.sources
    assert Notice("toy doc 13", "skipped: doc 13 is unlucky") in outcome.notices
    assert Notice("toy", "read 1 toy docs") in outcome.notices
    assert "### Confluence pages" in outcome.markdown  # the registered sources still run beside it


def test_check_asks_the_toy_source(env: Sandbox, toy: ToyDocs) -> None:
    settings = load_settings()
    with wire(settings, registered(toy)) as wired:
        checks = preflight(wired.publisher, wired.sources.documents, settings.pull_request())

    assert Check("read the cited toy docs", True, "2 cited") in checks


def test_read_list_names_a_page_by_its_sources_noun() -> None:
    from doc_context.models import Gathered

    page = ToyDocs().fetch(ToyRef(4))
    assert read_list(Gathered(None, (), (), ((page, (0, 12)),), (), ())) == (
        "toy doc 4 (version 1): Toy doc 4, cited by the pull request, 12",
        "changed files: 0",
    )
