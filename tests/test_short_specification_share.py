"""A short specification cited beside the long one the change speaks to must name a fair share of what the change
writes (speaks.SHARE of what the long page names, each name by the lines of code writing it), as a related long page
must: a change implementing one specification writes its names again and again, and a related proposal's option in
passing, once (issue 36: oslo.config's "Config Opts From Environment", 38 passages, showed a passage beside the
driver specification the change implements, on one `StrOpt` the change writes once). A team's short page of rules
in prose, no specification's kind, still speaks when a passage of it matches (tests/test_pages_speak.py)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages

from .diffs import changed
from .test_pages_speak import BUDGET, long_spec, short_spec

LOGGING = (
    "Retry logging",
    "A client logs what its retries did, as this page says.",
    ("Specification", "Each client logs its `failed_attempts` once a day."),
)
CHANGES = {  # the budget's name on five lines, the logging page's one name on one line (or on as many)
    "python": (
        "client/retries.py",
        ("token_bucket = new_bucket(retry_policy)", "if spend(token_bucket):", "    earn(token_bucket, 0.1)",
         "log.info(left(token_bucket))", "return close(token_bucket)"),
        "failed_attempts += {n}",
    ),
    "go": (
        "client/retries.go",
        ("token_bucket := newBucket(retryPolicy)", "if spend(token_bucket) {", "	earn(token_bucket, 0.1)",
         "	log.Print(left(token_bucket))", "return close(token_bucket)"),
        "failed_attempts += {n}",
    ),
}  # fmt: skip


def quoted(rst: bool, language: str, passing: int) -> tuple[bool, str]:
    """Whether the budget page quotes a passage, and what the logging page shows, the change writing the logging
    page's name on `passing` lines."""
    path, budget_lines, logging_line = CHANGES[language]
    lines = (*budget_lines, *(logging_line.format(n=n) for n in range(1, passing + 1)))
    budget = (long_spec(rst, *BUDGET), BUDGET[0])
    logging = (short_spec(rst, *LOGGING), LOGGING[0])
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[budget[0], logging[0]])
    found = weigh_pages([budget, logging], terms)
    return bool(found[0].matched), ",".join(p.section for p in found[1].matched) or found[1].text


@pytest.mark.parametrize("language", list(CHANGES))
@pytest.mark.parametrize("rst", [False, True])
def test_a_short_specification_naming_a_name_in_passing_shows_its_lead(rst: bool, language: str) -> None:
    """The logging proposal names `failed_attempts`, which the change writes once beside five lines of the budget's
    `token_bucket`: its lead only (failing before: its Specification was quoted)."""
    budget, logging = quoted(rst, language, 1)
    assert budget and "as this page says" in logging and "Specification" not in logging


@pytest.mark.parametrize("language", list(CHANGES))
@pytest.mark.parametrize("rst", [False, True])
def test_a_short_specification_naming_a_fair_share_speaks(rst: bool, language: str) -> None:
    """The control: the change writes `failed_attempts` on as many lines as the budget's name: both pages speak."""
    budget, logging = quoted(rst, language, 5)
    assert budget and logging.startswith("Specification")
