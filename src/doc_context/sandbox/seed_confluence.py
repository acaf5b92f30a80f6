"""The demo's Confluence: the pages its work items link to, their spaces, and the user the run signs in as."""

from __future__ import annotations

from importlib import resources

from .confluence import FakeConfluence

DESIGN_PAGE, POLICY_PAGE, MISSING_PAGE = 4521988092, 2883616774, 2883619999
HOME_PAGE, BLOGPOST, TRASHED_PAGE = 2883584001, 3101554690, 2883611111


def seed_confluence(wiki: FakeConfluence) -> None:
    """The demo's Cloud site: the CI user, two spaces, the pages the work items cite (one trashed, one a blog post)."""
    wiki.add_user("ci-bot@fabrikam.example", "sandbox-confluence-token", display_name="Fabrikam CI")
    wiki.add_space("PAY", "Payments Engineering", id=98306, homepage_id=HOME_PAGE)
    wiki.add_space("OPS", "Operations", id=131074)
    wiki.add_page(HOME_PAGE, "Payments Engineering", "PAY", data("page-payments-home.xml"), version=14)
    wiki.add_page(
        DESIGN_PAGE,
        "Gift card split payments - design",
        "PAY",
        data("page-giftcard-design.xml"),
        version=23,
        parent_id=HOME_PAGE,
        created="2025-08-19T13:02:44.120Z",
    )
    wiki.add_page(
        POLICY_PAGE,
        "Checkout rounding policy",
        "PAY",
        data("page-rounding-policy.xml"),
        version=6,
        parent_id=HOME_PAGE,
        created="2024-03-11T09:40:00.000Z",
    )
    wiki.add_page(
        TRASHED_PAGE,
        "Legacy rounding rules (2019)",
        "PAY",
        data("page-legacy-rounding.xml"),
        version=3,
        status="trashed",
        created="2019-05-02T10:00:00.000Z",
    )
    wiki.add_page(
        BLOGPOST,
        "Payments Q4 release notes",
        "PAY",
        data("blog-q4-release-notes.xml"),
        type="blogpost",
        created="2025-11-03T09:14:22.417Z",
    )


def data(name: str) -> str:
    """A file of sandbox/data/, as text."""
    return resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8").strip()
