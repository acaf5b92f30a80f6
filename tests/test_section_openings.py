"""A section that states what is built says it first (issue 36): its opening passage ("Installers look for the
lock file beside the project's configuration...") is quoted beside the passage whose names the change writes
(`pylock.toml`, `--lock-file`), below it; never a rationale's or a rejected idea's opening, never a section the change
does not speak to. And an abstract retells the specification: when both match alike, the specification comes first.
The same pages in markdown and as a reStructuredText proposal (a PEP's shape)."""

from __future__ import annotations

import pytest

from doc_context.change.unified import parse_diff
from doc_context.relevance.change import Change
from doc_context.relevance.change_terms import change_terms
from doc_context.summary.passage_kinds import retells, specifies
from doc_context.summary.passages import passages, said_sentences
from doc_context.summary.quotes import Quoted, weigh_pages
from doc_context.text.wikimd import wiki_to_markdown

OPENS = "Installers look for the lock file beside the project's configuration before any other place."
NAMES = "The file is named `pylock.toml`, and a path given with `--lock-file` wins."
WHY = "Teams keep lock files in many places today, so installers have to guess where to look."
WHY_NAMES = "Scripts wait on the `lock_timeout` of each tool by hand."
COMPAT = "Older installers ignore the new file, which is harmless."
COMPAT_NAMES = "An older installer given `--offline-lock` fails with a usage error."
IDLE = "Lock files are written by the resolver once a day."
REJECTED = "Searching every parent folder was rejected as too slow."
REJECTED_NAMES = "A `lock_retries` setting was rejected too."

MARKDOWN = f"""\
# Lock file lookups

## Abstract

This page says how installers find a project's lock file, and how a user points them at another one.

## Motivation

{WHY}

{WHY_NAMES}

## Specification

### Discovery

{OPENS}

{NAMES}

### Writing

{IDLE}

## Backwards Compatibility

{COMPAT}

{COMPAT_NAMES}

## Rejected Ideas

### Searching parent folders

{REJECTED}

{REJECTED_NAMES}
"""


def _rst(title: str, mark: str) -> str:
    return f"{title}\n{mark * len(title)}\n"


PEP = f"""\
PEP: 9999
Title: Lock file lookups
Status: Draft

{_rst("Abstract", "=")}
This page says how installers find a project's lock file, and how a user points them at another one.

{_rst("Motivation", "=")}
{WHY}

{WHY_NAMES.replace("`", "``")}

{_rst("Specification", "=")}
{_rst("Discovery", "-")}
{OPENS}

{NAMES.replace("`", "``")}

{_rst("Writing", "-")}
{IDLE}

{_rst("Backwards Compatibility", "=")}
{COMPAT}

{COMPAT_NAMES.replace("`", "``")}

{_rst("Rejected Ideas", "=")}
{_rst("Searching parent folders", "-")}
{REJECTED}

{REJECTED_NAMES.replace("`", "``")}
"""

CHANGE = (
    "diff --git a/src/installer/lock.py b/src/installer/lock.py\n--- a/src/installer/lock.py\n"
    "+++ b/src/installer/lock.py\n@@ -1,0 +1,5 @@\n"
    '+LOCK_FILE = "pylock.toml"\n+parser.add_argument("--lock-file", dest="lock_file")\n'
    '+parser.add_argument("--offline-lock")\n+lock_timeout = read_timeout()\n+lock_retries = read_retries()\n'
)


def quoted(page: str) -> Quoted:
    text = wiki_to_markdown(page).text
    terms = change_terms(Change(parse_diff(CHANGE)), within=[text])
    return weigh_pages([(text, "Lock file lookups")], terms)[0]


@pytest.mark.parametrize("page", [MARKDOWN, PEP], ids=["markdown", "restructuredtext-pep"])
def test_a_specifying_sections_opening_is_quoted_below_the_passage_the_change_names(page: str) -> None:
    shown = [p.plain.replace("``", "`") for p in quoted(page).matched]
    assert shown[0] == NAMES  # the names the change writes come first
    assert OPENS in shown  # what the section specifies, said first in it
    assert WHY not in shown and REJECTED not in shown  # an aside's opening is no statement of what is built
    assert COMPAT not in shown  # nor a section that states nothing built
    assert IDLE not in shown  # nor a specifying section the change does not speak to


@pytest.mark.parametrize("page", [MARKDOWN, PEP], ids=["markdown", "restructuredtext-pep"])
def test_which_sections_state_what_is_built(page: str) -> None:
    found = passages(wiki_to_markdown(page).text, "Lock file lookups")
    assert {p.section: p.specifies for p in found} == {
        "Abstract": False,
        "Motivation": False,
        "Discovery": True,  # under Specification
        "Writing": True,
        "Backwards Compatibility": False,
        "Searching parent folders": False,  # under Rejected Ideas
    }
    discovery = [p for p in found if p.section == "Discovery"]
    assert len({p.head for p in discovery}) == 1 and discovery[0].plain == OPENS
    assert [p.opens for p in discovery] == [True, False]


@pytest.mark.parametrize(
    ("headings", "expected"),
    [
        (["Specification"], True),
        (["Proposed change"], True),  # an OpenStack spec's
        (["Reference-level explanation", "Cargo's part"], True),  # a Rust RFC's
        (["Detailed design"], True),  # Swift Evolution's
        (["Detailed description"], True),  # a NumPy enhancement proposal's
        (["Design Details"], True),  # a Kubernetes enhancement proposal's
        (["Implementation"], False),  # a PEP's link to its reference implementation, an oslo spec's work items
        (["Implementation details"], True),  # a PEP's (465's new functions, 487's hooks' order)
        (["Reference Implementation"], False),  # a PEP's aside
        (["Specification", "Rejected ideas"], False),  # an aside anywhere on the path wins
        (["Rationale", "Proposed change"], False),
        (["Rejected Ideas", "Why not use a requirements file for dependencies?"], False),  # a PEP's
        (["Rationale and alternatives", "Why is this design the best in the space of possible designs?"], False),
        (["Drawbacks", "Limitations in the design"], False),  # a Rust RFC's
        (["Production Readiness Review Questionnaire", "Monitoring Requirements", "What are the SLIs?"], False),
        (["Monitoring Requirements"], False),  # a word inside a heading says nothing
        (["Design Details", "Test Plan"], False),  # a KEP's
        (["Design Details", "Version Skew Strategy"], True),
        (["Proposed Solution"], True),  # Swift Evolution's
        (["Proposal", "Notes/Constraints/Caveats"], True),  # a KEP's
        (["3. Specification"], True),
        (["Why the specification changed"], False),
        (["Rules"], False),
        (["Requirements"], False),
        (["Motivation"], False),
        (["Backwards Compatibility"], False),
        (["How to Teach This"], False),
        ([], False),
    ],
)
def test_a_section_states_what_is_built_by_a_headings_start_under_no_aside(headings: list[str], expected: bool) -> None:
    assert specifies([(n + 1, h) for n, h in enumerate(headings)]) is expected


def test_a_section_opening_with_a_list_lifts_none_of_its_rules() -> None:
    page = (
        "# Rounding\n\n## Rules\n\n1. Compute with decimals, never floats.\n"
        "2. Round once with `round_once`, on the order total.\n3. Show two decimals.\n"
    )
    change = "diff --git a/r.py b/r.py\n--- a/r.py\n+++ b/r.py\n@@ -1,0 +1,1 @@\n+def round_once(total): ...\n"
    terms = change_terms(Change(parse_diff(change)), within=[page])
    shown = [p.plain for p in weigh_pages([(page, "Rounding")], terms)[0].matched]
    assert shown == ["Round once with `round_once`, on the order total."]  # rule 1 is one rule of many


OPENING = "A payment left waiting by a silent gateway is let go after half a minute."
HOLDS = [
    ("Holds", 1, "This page says how payment holds are kept and let go."),
    ("Specification", 2, ""),
    ("Audits", 3, "Each audit entry records the hold's outcome for the nightly report."),
    ("", 0, "The `audit_hold` call writes one line per hold."),
    ("Releases", 3, OPENING),
    ("", 0, "The `release_hold` call frees the payment."),
    *((f"Part {n}", 2, f"Topic {n} is described in its own chapter of the handbook.") for n in range(45)),
]


def _markdown(parts: list[tuple[str, int, str]]) -> str:
    return "".join(
        (f"{'#' * level} {title}\n\n" if title else "") + (f"{text}\n\n" if text else "")
        for title, level, text in parts
    )


def _restructured(parts: list[tuple[str, int, str]]) -> str:
    marks = {1: "=", 2: "-", 3: "~"}
    return "".join(
        (_rst(title, marks[level]) + "\n" if title else "") + (f"{text.replace('`', '``')}\n\n" if text else "")
        for title, level, text in parts
    )


@pytest.mark.parametrize("page", [_markdown(HOLDS), _restructured(HOLDS)], ids=["markdown", "restructuredtext"])
def test_on_a_long_page_the_story_weighs_a_sections_opening_as_any_passage_the_change_speaks_to(page: str) -> None:
    change = (
        "diff --git a/hold.py b/hold.py\n--- a/hold.py\n+++ b/hold.py\n@@ -1,0 +1,2 @@\n"
        "+def release_hold(): ...\n+def audit_hold(): ...\n"
    )
    text = wiki_to_markdown(page).text
    told = "A silent gateway must not keep a waiting payment."  # the story's description
    terms = change_terms(Change(parse_diff(change)), within=[text])
    quoted = weigh_pages([(text, "Holds")], terms, said_sentences([told]))[0]
    assert quoted.matched[0].plain == OPENING  # what the story says of the section the change speaks to


RETOLD = [
    ("Lock file lookups", 1, ""),
    ("Abstract", 2, "This PEP adds `--lock-file`, which names the `pylock.toml` an installer reads."),
    ("Specification", 2, "An installer MUST read the `pylock.toml` that `--lock-file` names, else none."),
    ("Backwards Compatibility", 2, "Older installers ignore the new file."),
]


@pytest.mark.parametrize("page", [_markdown(RETOLD), _restructured(RETOLD)], ids=["markdown", "restructuredtext"])
def test_a_specification_comes_before_the_abstract_retelling_it(page: str) -> None:
    text = wiki_to_markdown(page).text
    terms = change_terms(Change(parse_diff(CHANGE)), within=[text])
    shown = [p.section for p in weigh_pages([(text, "Lock file lookups")], terms)[0].matched]
    assert shown == ["Specification", "Abstract"]  # they match alike: the abstract retells, the rule says it in full


# Review 6 (fe94d3b): a heading holding the word, or a subsection, is no retelling: it ranks by its whole match.
NAMED = [
    ("Lock file lookups", 1, ""),
    ("Abstract", 2, "This PEP adds a way to name the lock file an installer reads."),
    ("Specification", 2, "An installer MUST read the `pylock.toml` that `--lock-file` names, else none."),
]
SUBSECTION = "The `--lock-file` and `--offline-lock` options name the `pylock.toml` to read; both are required."


@pytest.mark.parametrize(
    ("heading", "level"), [("Abstract base classes", 3), ("Summary", 3), ("Overview of lock files", 2)]
)
@pytest.mark.parametrize("restructured", [False, True], ids=["markdown", "restructuredtext"])
def test_a_section_naming_more_of_the_change_comes_first_though_its_heading_says_summary(
    heading: str, level: int, restructured: bool
) -> None:
    parts = [*NAMED, (heading, level, SUBSECTION)]
    page = _restructured(parts) if restructured else _markdown(parts)
    shown = [p.section for p in quoted(page).matched]
    assert shown[:2] == [heading, "Specification"]  # failing before: [Specification, heading]


@pytest.mark.parametrize(
    ("headings", "expected"),
    [
        ([(2, "Abstract")], True),
        ([(1, "Summary")], True),
        ([(2, "1. Overview")], True),
        ([(2, "Overview of the change")], False),
        ([(2, "Abstract base classes")], False),
        ([(2, "Specification"), (3, "Summary")], False),  # a metrics specification's `Summary` point
        ([(2, "Specification")], False),
        ([(2, "Motivation")], False),
        ([], False),
    ],
)
def test_which_sections_retell_the_page(headings: list[tuple[int, str]], expected: bool) -> None:
    assert retells(headings) is expected


# Session 9: a specifying section says what it specifies first, then details it with more of the names; of the two,
# the opening comes first while the detail matches up to 1/OPENS as much (a field's definition, a schema's row).
SAYS = "A failed delivery is sent again after `retry_delay`, from `initial_delay` on, until `max_attempts` fail."
DETAIL = "The `retry_delay` starts at `initial_delay` and doubles, to `max_delay` at most, for `max_attempts` tries."
DELIVERIES = [
    ("Webhook deliveries", 1, ""),
    ("Abstract", 2, "This page says how webhook deliveries are retried."),
    ("Motivation", 2, "Receivers go down for hours, longer than any `max_delay` one could pick."),
    ("Specification", 2, ""),
    ("Payloads", 3, "A delivery's body is the event as JSON, signed with the endpoint's secret."),
    ("Retries", 3, SAYS),
    ("", 0, DETAIL),
    *((f"Event {n}", 3, f"Event {n} is sent when its resource changes, once per change.") for n in range(40)),
    ("Rejected Ideas", 2, "Retrying forever, `max_delay` apart, was rejected."),
]
RETRIES = (
    "diff --git a/hooks/retry.py b/hooks/retry.py\n--- a/hooks/retry.py\n+++ b/hooks/retry.py\n@@ -1,0 +1,3 @@\n"
    "+def next_wait(retry_delay, initial_delay, max_delay, max_attempts):\n"
    "+    return min(max(retry_delay, initial_delay) * 2, max_delay) if max_attempts else None\n"
)


@pytest.mark.parametrize(
    "page", [_markdown(DELIVERIES), _restructured(DELIVERIES)], ids=["markdown", "restructuredtext"]
)
def test_a_specifying_sections_opening_comes_before_the_detail_repeating_it_with_more_names(page: str) -> None:
    text = wiki_to_markdown(page).text
    terms = change_terms(Change(parse_diff(RETRIES)), within=[text])
    shown = [p.plain.replace("``", "`") for p in weigh_pages([(text, "Webhook deliveries")], terms)[0].matched]
    assert shown[:2] == [SAYS, DETAIL]  # failing before: the detail first, naming four of the change's names to three
