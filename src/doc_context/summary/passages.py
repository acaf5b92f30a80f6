"""Pure: a page's passages, and the quotes the comment shows of them.

A passage is a paragraph, a list item (a rule of a numbered list keeps its number), a table row (shown under
its header row), or a paragraph of a callout; at most PASSAGE_CHARS visible characters (a longer paragraph
shows its best sentences). How much a passage shares with the change is passage_weights.py's. A passage that
repeats what a work item already shows (the same sentence, or most of its words, stating the same values,
negation, modality and named values: statements.py) is not shown again; one that reads nearly the same with
another value is no repeat, it disagrees (disagreements.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from doc_context.relevance.statements import Statement, adds, differences, statement
from doc_context.relevance.terms import ChangeTerms, text_terms
from doc_context.relevance.words import line_sentences, parts
from doc_context.summary.mdcut import clip_markdown
from doc_context.summary.passage_kinds import (
    argues,
    aside,
    contents,
    goes_on,
    heading_level,
    metadata,
    navigation,
    nest,
    page_heading,
    page_title,
    retells,
    specifies,
)
from doc_context.summary.passage_weights import weigh
from doc_context.text.mdblocks import Block, heading_text, parse_blocks
from doc_context.text.mdlines import LIST_MARKER
from doc_context.text.visible import visible_size

PASSAGE_CHARS = 300  # visible characters of one quote, at most
REPEATS = 0.6  # a sentence repeats one a work item tells when most of its words are in that one
REPEATS_ASKED = 0.8  # or one of its criteria, when nearly all of them are
MIN_WORDS = 4  # a shorter sentence is too short to tell whether it repeats one
EXCERPT = "_Excerpt_"


@dataclass(frozen=True)
class SaidSentence:
    """A sentence a work item shows, for `repeats`: its words, the share of them a passage's sentence must hold
    to repeat it, what it states, and which criterion it is ("" for what else the item shows)."""

    share: float
    words: frozenset[str]
    statement: Statement
    label: str = ""  # "criterion 3"


Said = Sequence[SaidSentence]


@dataclass(frozen=True)
class Passage:
    section: str  # the heading above it
    kind: str  # "para", "item", "rule", "row", "quote"
    text: str  # as the quote shows it (a row: its header and separator rows above it)
    plain: str  # what is matched: the passage's own text (a row without its header)
    index: int  # its place on the page
    block: int
    lead: bool = False  # the page's lead paragraph
    aside: bool = False  # under a heading aside from the specification: rationale, history, examples...
    head: int = -1  # the block of the heading it is under (-1: none): the passages of one section share it
    specifies: bool = False  # under a heading that states what is built: specification, design, proposal...
    opens: bool = False  # the first passage of its section
    retells: bool = False  # in a section retelling the page in brief: its Abstract, Summary, Overview
    argues: bool = False  # aside, arguing about the rule: rationale, rejected ideas, history (passage_kinds.argues)


def passages(markdown: str, title: str = "") -> list[Passage]:
    """Every passage of a page, in order (code is never one; a heading equal to the title is no section, and the
    heading naming the page (passage_kinds.page_title) no aside; the page's metadata and table of contents are
    none)."""
    out: list[Passage] = []
    section = ""
    lead = -1
    lines = markdown.replace("\r\n", "\n").split("\n")
    headings: list[tuple[int, str]] = []
    depth = 0  # the headings the block is under, the page's title included
    blocks = parse_blocks(markdown)
    levels = [(b.level or heading_level(lines[b.start].lstrip())) if b.kind == "heading" else 0 for b in blocks]
    named = page_title(blocks, levels, title)
    titles = {page_heading(block.lines[0]) for block in blocks if block.kind == "heading" and block.lines}
    head = header = -1
    for b, block in enumerate(blocks):
        if block.kind == "list" and contents(block.lines, titles):  # its table of contents, its links gone
            continue
        if block.kind == "heading":
            text, head = block.lines[0], b
            section = "" if text.casefold() == title.strip().casefold() else text
            depth = len(nest(headings, levels[b], text)) + (named is not None and b > named)  # the title's too
            # the heading naming the page puts nothing aside ("Proposal: check references to...")
            headings = [h for h in headings if h[0] < levels[b]] if b == named else nest(headings, levels[b], text)
            continue
        said = block.items if block.kind == "list" else lines[block.start : block.end]
        if depth <= 1 and (
            metadata(block.kind, said, titled=bool(section))
            or (0 <= header == b - 1 and block.kind == "quote" and goes_on(said))
        ):
            # a header joined into one line (a page's storage) goes on in the quote after it: its indented field
            header = b if block.kind in ("para", "quote") and len(said) == 1 else -1
            continue
        aside_, states = aside(headings), specifies(headings)  # a lead is no aside either (a template's checklist)
        brief = retells(headings)  # the page's Abstract: it ranks as an aside does, yet may lead
        argue = aside_ and argues(headings)
        leads = lead < 0 and block.kind in ("para", "quote") and len(" ".join(block.lines).split()) >= 6 and not aside_
        for kind, text, plain in _block_passages(block):
            if not navigation(plain):  # link definitions are no lead either
                lead = b if leads else lead
                opens = not out or out[-1].head != head
                out.append(
                    Passage(
                        section, kind, text, plain, len(out), b, b == lead, aside_, head, states, opens, brief, argue
                    )
                )
    return out


def _block_passages(block: Block) -> list[tuple[str, str, str]]:
    if block.kind == "table":
        lines = list(block.lines)
        if len(lines) < 3 or not set(lines[1].replace("|", "").strip()) <= set("-: "):
            return []
        head = "\n".join(lines[:2])
        return [("row", f"{head}\n{row}", row) for row in lines[2:] if row.strip("| ")]
    if block.kind == "list":
        kind = "rule" if block.ordered else "item"
        items = block.numbered_items()
        return [(kind, f"{n}. {t}" if block.ordered else t, t) for n, t in items if t.strip()]
    if block.kind == "quote":
        lines = list(block.lines)
        title = heading_text(lines[0]) if lines else None
        body = lines[1:] if title is not None else lines
        paras = " ".join(line.strip() for line in body).strip()
        if not paras:
            return []
        label = f"{title}: " if title else ""
        return [("quote", label + paras, paras)]
    if block.kind == "para":
        text = " ".join(line.strip() for line in block.lines if line.strip())
        if heading_text(text) is not None or LIST_MARKER.match(text):
            return []
        return [("para", text, text)]
    return []


def repeats(text: str, said: Said) -> bool:
    """Whether a work item already shows what the text says: most of its words in one of its sentences, and
    the same values, negation, modality and named values (another value is a disagreement, not a repeat)."""
    return repeated(text, said) is not None


def repeated(text: str, said: Said) -> SaidSentence | None:
    """The work item's sentence the text repeats, if any (see repeats)."""
    own = frozenset(parts(text))
    if len(own) < MIN_WORDS:
        return None
    found = [s for s in said if len(own & s.words) >= s.share * len(own)]
    if not found:
        return None
    mine = statement(text)
    return next((s for s in found if not differences(mine, s.statement) and not adds(mine, s.statement)), None)


def unrepeated(passage: Passage, said: Said) -> Passage | None:
    """The passage without the sentences a work item already shows (None when that is all it says): a callout
    repeating a Bug's actual outcome keeps only what it adds."""
    return sorted_out(passage, said)[0]


def sorted_out(passage: Passage, said: Said) -> tuple[Passage | None, tuple[str, ...]]:
    """unrepeated's passage, and the criteria a passage wholly repeated repeats ("criterion 1")."""
    if not said or passage.kind == "row":
        found = repeated(passage.plain, said) if said else None
        return (None, (found.label,) if found.label else ()) if found is not None else (passage, ())
    sentences = line_sentences(passage.plain)
    hits = [repeated(s, said) for s in sentences]
    kept = [s for s, hit in zip(sentences, hits, strict=True) if hit is None]
    if len(kept) == len(sentences):
        return passage, ()
    if not kept:
        labels = tuple(dict.fromkeys(h.label for h in hits if h is not None and h.label))
        return None, labels if len(labels) == len(hits) else ()
    plain = " ".join(kept)
    label = passage.text[: len(passage.text) - len(passage.plain)] if passage.text.endswith(passage.plain) else ""
    return replace(passage, text=label + plain, plain=plain), ()


def said_sentences(told: Sequence[str], asked: Sequence[str | tuple[str, str]] = ()) -> Said:
    """What the work items show, for `repeats`: each sentence's words, and the share of them a passage's sentence
    must hold to repeat it: most (REPEATS) of what an item tells (its description, a Bug's steps and outcome),
    nearly all (REPEATS_ASKED) of a criterion (a rule the criterion was written from is the page's own word);
    `asked`: each criterion's text, or (its label, its text): "criterion 3"."""
    out: list[SaidSentence] = []
    labelled = [("", t) for t in told], [(("", t) if isinstance(t, str) else t) for t in asked]
    for share, texts in zip((REPEATS, REPEATS_ASKED), labelled, strict=True):
        for label, text in texts:
            for line in text.splitlines():
                for sentence in line_sentences(line.strip()):
                    found = frozenset(parts(sentence))
                    if len(found) >= 3:
                        out.append(SaidSentence(share, found, statement(sentence), label))
    return out


def short(passage: Passage, terms: ChangeTerms) -> str:
    """The passage within PASSAGE_CHARS: a long paragraph's best sentences around its best one, marked."""
    if visible_size(passage.text) <= PASSAGE_CHARS or passage.kind == "row":
        return passage.text
    sentences = line_sentences(passage.text)
    if len(sentences) < 2:
        return clip_markdown(passage.text, PASSAGE_CHARS)
    scores = weigh([text_terms(s) for s in sentences], terms)
    best = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    first = last = best
    while True:
        grown = False
        for lo, hi in ((first - 1, last), (first, last + 1)):
            if lo >= 0 and hi < len(sentences) and visible_size(" ".join(sentences[lo : hi + 1])) <= PASSAGE_CHARS:
                first, last, grown = lo, hi, True
                break
        if not grown:
            break
    text = " ".join(sentences[first : last + 1])
    text = clip_markdown(text, PASSAGE_CHARS) if visible_size(text) > PASSAGE_CHARS else text
    return ("… " if first else "") + text + (" …" if last < len(sentences) - 1 else "")


def quote(passage: Passage, text: str) -> str:
    """A passage as a quote, marked as an excerpt, with its section."""
    where = f", {passage.section}" if passage.section else ""
    label = f"> {EXCERPT[:-1]}{where}:_"
    if passage.kind == "row":
        return label + "\n>\n" + "\n".join(f"> {line}" for line in text.split("\n"))
    body = text.replace("\n", " ")
    if passage.kind == "rule":
        body = body.replace(". ", "\\. ", 1)  # "4\. Percentage…": the rule's number, not a list in the quote
    return f"{label} {body}"
