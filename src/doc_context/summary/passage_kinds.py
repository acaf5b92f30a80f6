"""Pure: what a page's parts are apart from what they say: a section that specifies or one aside from it
(rationale, history, examples, rejected ideas), the page's metadata and what only finds the way in it (a table
of contents, link definitions: no passages), the addresses in a passage's text (no words of it), and what a
page holds in most of its sections (its topic, which tells none of them apart).

Specifications mix their rules with why they are so, what came before and what was turned down. A passage
under an aside heading (its own or one above it, unless a nearer one specifies) ranks by ASIDE of its match,
so a rule saying the same comes first, and is quoted only when that reaches a match (quotes.py). A section saying
what the page's words mean (its Terminology, Definitions, Glossary: the whole heading) is aside too: a definition
holds the page's names and its examples' values densely, and says what a word is, not what is built. A heading level
is what its markdown says (`#` to `######`; a bold line below them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import TypeVar

from doc_context.text.mdblocks import Block

ASIDE = 0.5  # what a match weighs in a section aside from the specification
PAGE_TOPIC = 0.5  # a term in this share of a page's sections (of MIN_SECTIONS or more) is that page's topic
MIN_SECTIONS = 8
T = TypeVar("T")
MIN_TEMPLATE = 20  # characters of a passage two pages share for it to be their template ("No." is no template)
_ASIDE = re.compile(
    r"\b(?:motivation|rationale|alternatives?|prior art|drawbacks?|history|examples?|future|unresolved|"
    r"open questions?|faq|background|acknowledge?ments?|rejected|considered|discussion|non-goals|appendix|"
    r"user stories|story|test plan|graduation|production readiness|release signoff|changelog|"
    r"threat model|risks|trade-?offs?|copyright|references|footnotes|open issues|how to teach|deferred|"
    r"reference implementation)\b",
    re.IGNORECASE,
)
_DEFINES = re.compile(  # a section saying what the page's words mean: the whole heading, numbered or not
    r"^\W*(?:(?:\d+(?:\.\d+)*\.?|[a-z][.)])\s+)?(?:terminology|glossary|vocabulary|(?:key )?terms|"
    r"(?:terms and )?definitions(?: of terms)?|(?:notational )?conventions(?: used(?: in this document)?)?|"
    r"requirements (?:language|notation))\W*$",
    re.IGNORECASE,
)
_ARGUES = re.compile(  # the asides that argue against a rule or for another: why it is not so, what was not done
    r"\b(?:rationale|alternatives?|prior art|drawbacks?|history|rejected|considered|non-goals|deferred|"
    r"unresolved|open (?:questions?|issues))\b",
    re.IGNORECASE,
)
_STATES = re.compile(  # a heading naming what is built, by its start (PEPs, DEPs, KEPs, Rust RFCs, NEPs, oslo specs)
    r"^\W*(?:(?:\d+(?:\.\d+)*\.?|[a-z][.)])\s+)?(?:specification|proposal|proposed\b|detailed (?:design|description|"
    r"explanation)|(?:design|implementation) details?|reference-level)\b",
    re.I,
)
_RETELLS = re.compile(  # a page's own summary of what follows: the whole heading, numbered or not
    r"^\W*(?:(?:\d+(?:\.\d+)*\.?|[a-z][.)])\s+)?(?:abstract|summary|overview)\W*$", re.I
)
_META_ITEM = re.compile(r"^\s*\**[A-Z][\w ()/'-]{0,30}\**\s*:\s*\S")  # "RFC PR: …", "Status: **Active**"
_FIELD = re.compile(r"^:[A-Za-z][\w .()/'-]{0,30}:(?:[ \t]|$)")  # reStructuredText's ":Author: Ann"
_EMPTY_FIELD = re.compile(r"^[A-Z][\w()/'-]{0,30}:[ \t]*$")  # "Created:", a header's field with no value
_JOINED_KEY = re.compile(r"(?:^|\s)[A-Z][\w()/'-]{0,30}:\s")  # a field's key inside a line HTML joined
_SENTENCE_END = re.compile(r"[a-z]{2}[.!?](?:\s|$)")  # "clears. ", not an initial ("Michael J. Sullivan")
_JOINED_FIELDS = 4  # a header's fields run into one line: a lead naming two or three things is prose
_TOC_LINK = re.compile(r"\[[^\]]*\]\(#[^)]*\)")
_ADDRESS = re.compile(r"\]\([^)\s]*\)|<https?://[^\s>]+>|https?://[^\s)\]>]+")
_TOC_TITLE = re.compile(r"^\W*(?:table of )?contents\W*$", re.IGNORECASE)
_ANY_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+")  # a list's item at any depth of nesting
MIN_CONTENTS = 3  # items a list of headings holds, at least, to be a table of contents
_LINK_DEFINITION = re.compile(r"^(?:\s*\[[^\]]+\]:\s*\S+(?:\s+\"[^\"]*\")?)+\s*$")  # [summary]: #summary


def heading_level(line: str) -> int:
    """A heading line's level: 1 to 6 for `#` to `######`, 7 for a whole bold line."""
    hashes = len(line) - len(line.lstrip("#"))
    return hashes if 1 <= hashes <= 6 else 7


def aside(headings: list[tuple[int, str]]) -> bool:
    """Whether the section the headings lead to (outermost first) is aside from the specification: one of
    them says rationale, history, examples... and no heading nearer than it states what is built by its start, as
    specifies() reads one (`Specification`, `Proposed change`, `Design Details`); a word inside a heading says
    nothing ("Monitoring Requirements" in a questionnaire, "Rules of thumb" among rejected ideas)."""
    for _, text in reversed(headings):
        if _STATES.match(text):
            return False
        if _aside_heading(text):
            return True
    return False


def argues(headings: list[tuple[int, str]]) -> bool:
    """Whether an aside section (aside()) argues about the rule rather than showing it: its nearest aside heading
    says rationale, alternatives, rejected or deferred ideas, history (an Example, a FAQ, a Background shows the
    rule at work or says what it stands on)."""
    for _, text in reversed(headings):
        if _STATES.match(text):
            return False
        if _aside_heading(text):
            return bool(_ARGUES.search(text))
    return False


def specifies(headings: list[tuple[int, str]]) -> bool:
    """Whether the section the headings lead to (outermost first) states what is built: one of them starts by
    naming a specification, proposal or design (`Specification`, `Proposed change`, `Detailed design`, `Design
    Details`, `Implementation details`, `Reference-level explanation`), and none of them is an aside: under
    `Rejected Ideas`, `Rationale and alternatives` or a KEP's `Production Readiness Review Questionnaire`, a question
    about requirements or a design is no statement of what is built. A word inside a heading says nothing
    (`Monitoring Requirements`), nor does a bare `Implementation` (a PEP's link to its reference implementation, an
    oslo spec's assignees and work items)."""
    if any(_aside_heading(text) for _, text in headings):
        return False
    return any(_STATES.match(text) for _, text in headings)


def _aside_heading(text: str) -> bool:
    """Whether a heading names a section aside from the specification: rationale, history, examples... (a word of
    it), or the page's terminology (the whole heading: `Terminology`, `Definitions`, `Glossary`, `Conventions`)."""
    return bool(_ASIDE.search(text) or _DEFINES.match(text))


def retells(headings: list[tuple[int, str]]) -> bool:
    """Whether the section the headings lead to (outermost first, the heading naming the page not among them)
    retells the page in brief: a top-level section whose whole heading is Abstract, Summary or Overview. What it
    says, the specification says in full. A heading holding the word says something else ("Abstract base
    classes", "Overview of the retry API"), and so does a subsection (a metrics specification's `Summary` point)."""
    return len(headings) == 1 and bool(_RETELLS.match(headings[0][1]))


def page_title(blocks: Sequence[Block], levels: Sequence[int], title: str = "") -> int | None:
    """The block of the heading that names the page, if one does: the heading equal to its title, or the first
    heading when every other heading is below it ("# Proposal: check references to..." above "## Abstract"; a
    reStructuredText proposal whose sections all share the first level has none)."""
    headings = [b for b, block in enumerate(blocks) if block.kind == "heading"]
    wanted = title.strip().casefold()
    named = [b for b in headings if wanted and blocks[b].lines[0].casefold() == wanted]
    if named:
        return named[0]
    if len(headings) >= 2 and all(levels[b] > levels[headings[0]] for b in headings[1:]):
        return headings[0]
    return None


def nest(headings: list[tuple[int, str]], level: int, text: str) -> list[tuple[int, str]]:
    """The headings above a new one at `level`, and it."""
    return [*(h for h in headings if h[0] < level), (level, text)]


def metadata(kind: str, lines: list[str], titled: bool = False) -> bool:
    """A list of "Key: value" items, or a paragraph of "Key: value" lines (a proposal's header: "PEP: 9",
    "Status: Final", an indented line going on with the one above), or those lines joined into one (a page's
    storage: HTML joins a paragraph's lines), before the first heading: the page's metadata, not what it says.
    `titled`: under the page's first heading, where only a reStructuredText field list (`:Author: Ann`,
    `:Status: Final`: docutils' bibliographic fields under the document's title) is."""
    if titled:
        return kind == "para" and bool(_FIELD.match(lines[0] if lines else "")) and _all_fields(lines, _FIELD)
    if kind == "list":
        return bool(lines) and all(_META_ITEM.match(item) for item in lines)
    if kind != "para" or not (_META_ITEM.match(lines[0] if lines else "") or _FIELD.match(lines[0])):
        return False
    if len(lines) == 1:  # the header as a Confluence page holds it: HTML joins its lines into one; its values
        # are names, dates and numbers, never sentences (a decision record's labelled lead is prose)
        return len(_JOINED_KEY.findall(lines[0])) >= _JOINED_FIELDS and not _SENTENCE_END.search(lines[0])
    return _all_fields(lines, _META_ITEM) or _all_fields(lines, _FIELD)


def goes_on(lines: list[str]) -> bool:
    """Whether a quote right after a header joined into one line is its field going on (an indented
    `Post-History:` value, as stored HTML holds it): dates, names and addresses, never a sentence nor a panel's
    title (`**Info**`: a Confluence page's summary in an info panel under its properties)."""
    text = " ".join(line.lstrip("> \t").strip() for line in lines)
    return bool(text) and not text.startswith("**") and ";" not in text and not _SENTENCE_END.search(text)


def _all_fields(lines: list[str], field: re.Pattern[str]) -> bool:
    """Every line a field, one going on with the line above (indented) or, in a header, a field left empty
    (a PEP's `Created:` or `Post-History:` before its value was written)."""
    return all(field.match(line) or line[:1] in " \t" or _EMPTY_FIELD.match(line) for line in lines)


def navigation(text: str) -> bool:
    """An item or paragraph that only finds the way or says nothing: links within the page (a table of contents,
    or its title), link reference definitions, reStructuredText's explicit markup (`.. code-block:: python`,
    `.. _target: url`, a comment), a line of punctuation (a rule)."""
    if _TOC_TITLE.match(text) or _LINK_DEFINITION.match(text) or text.startswith(".. ") or not re.search(r"\w", text):
        return True
    rest = _TOC_LINK.sub("", text)
    return rest != text and not re.search(r"\w", rest)


def contents(lines: Sequence[str], titles: Set[str]) -> bool:
    """Whether a list (`lines`: as written, nested items indented) is the page's table of contents with its links
    gone (a Confluence page keeps an in-page link's text only: "- MeterProvider", "  - MeterProvider Creation"):
    MIN_CONTENTS items or more, each one line naming a heading of the page (`titles`: as page_heading reads them).
    A list naming a few of its headings among other words ("Refunds", "Partial refunds", "issued by the bank") says
    something; one whose every item is a heading only finds the way."""
    items = [line for line in lines if line.strip()]
    return len(items) >= MIN_CONTENTS and all(
        _ANY_ITEM.match(line) and page_heading(_ANY_ITEM.sub("", line)) in titles for line in items
    )


def page_heading(text: str) -> str:
    """A heading's text as a table of contents names it: its code and emphasis marks gone, spaces folded, casefolded."""
    return " ".join(text.replace("`", "").replace("*", "").split()).casefold()


def without_addresses(text: str) -> str:
    """The text without its links' addresses (their text stays) and its bare URLs: an address is no term."""
    return _ADDRESS.sub(lambda m: "]" if m.group().startswith("]") else " ", text)


def page_topic(
    held: Sequence[set[T]], where: Sequence[tuple[int, str]], introduces: Sequence[bool] = ()
) -> dict[int, set[T]]:
    """For each passage, what its page holds in PAGE_TOPIC of its sections or more (MIN_SECTIONS or more): the
    page's topic, which tells none of its sections apart. Save in the section that introduces it (`introduces`:
    each passage that may, one neither aside nor retelling the page): the first such section holding it, in the
    page's order, defines it ("A new `Sentinel` class will be added..."); the sections after it only use it. A
    section is known by its place: a run of passages under one heading (a second "Format" is another section)."""
    if not where:
        return {}
    places = _places(where)
    sections: dict[int, set[str]] = {}
    holding: dict[tuple[int, T], set[str]] = {}
    first: dict[tuple[int, T], int] = {}  # the section introducing each term: its place
    for i, (keys, (page, section)) in enumerate(zip(held, where, strict=True)):
        sections.setdefault(page, set()).add(section)
        for key in keys:
            holding.setdefault((page, key), set()).add(section)
            if introduces and introduces[i]:
                first.setdefault((page, key), places[i])
    topic: dict[int, set[T]] = {}
    for (page, key), found in holding.items():
        if len(sections[page]) >= MIN_SECTIONS and len(found) >= PAGE_TOPIC * len(sections[page]):
            topic.setdefault(page, set()).add(key)
    return {i: {k for k in topic.get(page, set()) if first.get((page, k)) != places[i]}
            for i, (page, _) in enumerate(where)}  # fmt: skip


def _places(where: Sequence[tuple[int, str]]) -> list[int]:
    """Each passage's section by its place: passages in the pages' order, a section the run under one heading."""
    out: list[int] = []
    for i, at in enumerate(where):
        out.append(out[-1] + (at != where[i - 1]) if out else 0)
    return out


def boilerplate(pages: Sequence[Sequence[str]]) -> set[str]:
    """The passages (casefolded, white space folded) that two cited pages or more say word for word: a
    template's questions and instructions (every enhancement proposal asks "Will enabling the feature require
    downtime?"), not what one page specifies."""
    seen: dict[str, set[int]] = {}
    for n, texts in enumerate(pages):
        for text in texts:
            seen.setdefault(" ".join(text.casefold().split()), set()).add(n)
    return {text for text, found in seen.items() if len(found) >= 2 and len(text) >= MIN_TEMPLATE}
