"""Which long page the change speaks to, by how much of the change its names are (issue 36): a change implementing a
specification writes its names again and again (the new setting read, checked, passed, logged), and names a related
specification's option in passing, once. Counting the names each page holds told them apart only when the related
page held fewer than a third as many; a related page holding two passing names beside the implemented page's one
spoke. A page's evidence is how often the change writes its telling names (summary/speaks.py).

Two long specifications of one domain (45 sections in its words each), written as markdown, as reStructuredText and
as Confluence stores them; the change in Python and in TypeScript.
"""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.quotes import weigh_pages

from .diffs import added, changed
from .test_one_word_features import STYLES, page

BUDGET = (
    "Retry budgets",
    "A client caps its retries with a budget, as this page specifies.",
    (
        ("Specification", "Each client keeps a `retry_budget_tokens` count: a retry spends one, a success earns one."),
        ("Rejected Ideas", "A fixed number of retries a request was rejected: it multiplies under load."),
    ),
)
BACKOFF = (
    "Retry backoff",
    "A client waits longer between its retries, as this page says.",
    (
        ("Specification", "The `max_backoff_seconds` setting caps the wait; `backoff_jitter_ratio` spreads it."),
        ("Rejected Ideas", "A constant wait was rejected: every client retries at once."),
    ),
)
CODE = {
    "python": (
        "client/budget.py",
        (
            "def spend(retry_budget_tokens):",
            "    if retry_budget_tokens <= 0:",
            "        raise BudgetExhausted(retry_budget_tokens)",
            "    return retry_budget_tokens - 1",
            "def earn(retry_budget_tokens, cap):",
            "    log.debug('budget %s', retry_budget_tokens)",
            "    return min(retry_budget_tokens + 1, cap)",
            "delay = min(delay * 2, max_backoff_seconds) * backoff_jitter_ratio",
        ),
    ),
    "typescript": (
        "src/client/budget.ts",
        (
            "export function spend(retryBudgetTokens: number): number {",
            "  if (retryBudgetTokens <= 0) throw new BudgetExhausted(retryBudgetTokens);",
            "  return retryBudgetTokens - 1;",
            "}",
            "export function earn(retryBudgetTokens: number, cap: number): number {",
            "  log.debug(`budget ${retryBudgetTokens}`);",
            "  return Math.min(retryBudgetTokens + 1, cap);",
            "}",
            "const delay = Math.min(delay * 2, maxBackoffSeconds) * backoffJitterRatio;",
        ),
    ),
}


@pytest.mark.parametrize("language", list(CODE))
@pytest.mark.parametrize("style", STYLES)
def test_a_related_page_named_in_passing_shows_its_lead_only(style: str, language: str) -> None:
    """The budget page speaks; the backoff page, whose two names the change writes on one line, shows its lead
    (failing before: two names against one, both pages spoke)."""
    pages = [page(style, *BUDGET), page(style, *BACKOFF)]
    path, lines = CODE[language]
    terms = change_terms(Change(parse_diff(changed(path, *lines))), within=[text for text, _ in pages])
    budget, backoff = weigh_pages(pages, terms)
    assert [p.section for p in budget.matched][:1] == ["Specification"]
    assert not backoff.matched and "as this page says" in backoff.text


@pytest.mark.parametrize("style", STYLES)
def test_a_change_writing_both_pages_names_alike_speaks_to_both(style: str) -> None:
    """The control: a change implementing both (each page's names on as many lines) speaks to both."""
    pages = [page(style, *BUDGET), page(style, *BACKOFF)]
    lines = (
        "retry_budget_tokens -= 1",
        "delay = min(delay * 2, max_backoff_seconds)",
        "delay *= backoff_jitter_ratio",
        "log.debug('%s %s', max_backoff_seconds, backoff_jitter_ratio)",
        "if retry_budget_tokens <= 0:",
    )
    terms = change_terms(Change(parse_diff(changed("client/retry.py", *lines))), within=[text for text, _ in pages])
    budget, backoff = weigh_pages(pages, terms)
    assert budget.matched and backoff.matched


REPEATED = {
    "a table-driven test": added(
        "tests/test_delay.py",
        "CASES = [",
        *(f"    pytest.param({n}, max_backoff_seconds={n * 2}, id='case-{n}')," for n in range(30)),
        "]",
    ),
    "settings for 30 environments": added(
        "deploy/settings.yaml", *(row for n in range(30) for row in (f"env{n}:", f"  max_backoff_seconds: {n + 5}"))
    ),
}


@pytest.mark.parametrize("repeated", list(REPEATED))
@pytest.mark.parametrize("language", list(CODE))
def test_a_related_name_repeated_in_a_test_or_settings_file_is_one_voice(language: str, repeated: str) -> None:
    """A related page's option written on 30 rows of a test table or of a settings file counts once: the page the
    change's code implements still speaks (failing before: every row counted, the implemented page showed its lead
    only)."""
    pages = [page("markdown", *BUDGET), page("markdown", *BACKOFF)]
    path, lines = CODE[language]
    diff = parse_diff(changed(path, *lines) + REPEATED[repeated])
    budget, _ = weigh_pages(pages, change_terms(Change(diff), within=[text for text, _ in pages]))
    assert [p.section for p in budget.matched][:1] == ["Specification"]
