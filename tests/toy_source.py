"""A third document source, written here as its package under sources/ would be: its link family, its reads, its
settings (a URL and a secret token) and its declaration. Registering it is its declaration among the registry's
SOURCES and its settings among Settings' bases (WithToy below); nothing else is edited for it, by hand:
tests/test_document_sources.py runs it, tests/test_generated.py shows what registering it generates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from doc_context.errors import SourceError
from doc_context.models import Check, Notice, Page, Ref, SignedIn, Withheld
from doc_context.registry import SOURCES
from doc_context.settings import Settings
from doc_context.settings.fields import HttpUrl, Secret, env
from doc_context.settings.source import DeclaredSource
from doc_context.summary.cited_pages import Citer, Found, Read, cited

NAME, SECTION = "toy", "Toy docs"
SECRET_DOC = 8  # the toy's audience rule: doc 8 is shown by title only


# -- its pages.py: the link family, the reads, the audience rule -------------------------------------------------------
@dataclass(frozen=True)
class ToyRef:
    number: int

    @property
    def key(self) -> tuple[object, ...]:
        return ("doc", self.number)

    def describe(self) -> str:
        return f"toy doc {self.number}"


class ToyLinks:
    name = NAME

    def __init__(self, site: str) -> None:
        self.doc = re.compile(re.escape(site.rstrip("/")) + r"/(\d+)$")

    def resolve(self, url: str) -> ToyRef | None:
        match = self.doc.match(url)
        return ToyRef(int(match.group(1))) if match else None


class ToyDocs:
    """Docs 1..9 exist on the configured site, read with its token; doc 13 is unlucky."""

    name, ready, concurrency = NAME, True, 4

    def __init__(self, site: str, token: str) -> None:
        self.site, self.token = site.rstrip("/"), token
        self.links = ToyLinks(site)
        self.read: list[int] = []  # each fetch, in order
        self.asked: set[tuple[int, ...]] = set()  # the pages gather chose for it (`reading`), as each call gave them
        self.closed = False

    def find(self, who: Sequence[Citer]) -> Found:
        return Found(tuple(cited(who, self.links)))

    def check_access(self) -> SignedIn:
        if not self.token:
            raise SourceError("no TOY_TOKEN")
        return SignedIn("the toy", None)

    def fetch(self, ref: Ref, reading: Sequence[Ref]) -> Page:
        assert isinstance(ref, ToyRef) and ref in reading
        self.read.append(ref.number)
        self.asked.add(tuple(r.number for r in reading if isinstance(r, ToyRef)))
        if ref.number == 13:
            raise SourceError("doc 13 is unlucky")
        return Page(
            ref,
            ref.number,
            f"Toy doc {ref.number}",
            "",
            1,
            f"{self.site}/{ref.number}",
            f"Toy doc {ref.number} says: round checkout totals once.",
            restriction="none",  # toy docs have no view restrictions of their own
            source=NAME,
            scope="",  # a toy doc's number is unique among toy docs
            section=SECTION,
            noun="toy doc",
        )

    def title_only(self, page: Page) -> Withheld | None:
        return Withheld("the toy keeps it to itself", f"toy doc {SECRET_DOC}") if page.id == SECRET_DOC else None

    def settled(self, reads: Sequence[Read]) -> list[Notice]:
        return [Notice(NAME, f"read {len(reads)} toy docs")]

    def check(self, who: Sequence[Citer], reading: Sequence[Ref]) -> list[Check]:
        self.asked.add(tuple(r.number for r in reading if isinstance(r, ToyRef)))
        return [Check("read the cited toy docs", True, f"{len(self.find(who).refs)} cited")]

    def close(self) -> None:
        self.closed = True


# -- its settings.py: its settings and its declaration ----------------------------------------------------------------
class ToySettings(BaseModel):
    toy_url: HttpUrl = Field(
        None, validation_alias=env("TOY_URL"), description="The toy docs' site, e.g. https://toy.example/docs."
    )
    toy_token: Secret = Field(None, validation_alias=env("TOY_TOKEN"), description="The toy docs' API token.")


def declared(opened: list[ToyDocs]) -> DeclaredSource:
    """The toy's declaration; each run's ToyDocs lands in `opened`, for the tests to look at."""

    def open_toy(settings: Settings, ado: object) -> ToyDocs:
        token = settings.toy_token  # type: ignore[attr-defined]
        opened.append(ToyDocs(settings.toy_url or "", token.get_secret_value() if token else ""))  # type: ignore[attr-defined]
        return opened[-1]

    return DeclaredSource(NAME, "Toy docs", SECTION, open_toy, ToySettings)


# -- the registration: its declaration in registry.SOURCES, its settings among Settings' bases ------------------------
class WithToy(Settings, ToySettings):
    """Settings with the toy's own among its bases (in settings/__init__.py: one more base)."""


def registered(opened: list[ToyDocs]) -> tuple[DeclaredSource, ...]:
    return (*SOURCES, declared(opened))
