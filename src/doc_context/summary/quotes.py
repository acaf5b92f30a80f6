"""Pure: what the comment quotes of each cited page, and what that becomes as the comment yields.

Every page's passages (passages.py) are weighed together (passage_weights.py) against the change's terms
(relevance/change_terms.py): a term that most passages of the cited pages hold is their topic and weighs nothing. A
page the change speaks to shows its matching passages as quotes (one aside from the specification, a rationale or a
rejected idea, matches by ASIDE of its match: _shows), its best first to stay: the others yield with the
page middles (models.Yields.PAGE_MIDDLE, the weakest first), the best at Yields.PAGE_BEST, the page with the
weakest match first; a builtin exception the change only raises or catches weighs nothing in a passage
(passage_weights.own_terms), though which pages the change speaks to still reads every name they write. A page that
matches nothing shows its lead sentence while there is room (it yields with the
page middles), then its title only. A passage that states what a criterion states is not quoted again but said in a
line ("_Rules 2 and 3 are the story's criteria 1 and 3._"): a page the change speaks to never falls back to its
lead while it has such a passage. A page whose every passage a work item already shows is `told`. On a long page
the change speaks to, a passage it matches gains what it says of one of the story's sentences
(passage_weights.story_match): a long specification shares its domain's words top to bottom, the story says which part
the change is; on a short page, a passage of a section stating what is built (passage_kinds.specifies) gains it too (a
short proposal's rule said in prose the change writes a few words of); never an aside (a rationale, an example: why, not
what is built). A section that states what is built (a specification, a design, a proposal) says it in its opening
paragraph, then details it: when the change names more than one thing in the section, that paragraph is quoted too,
below the passage the change names (with_openings); an opening naming nothing of the change and matching little on its
own is the section's background: not quoted, its place among the page's quotes left empty (quoted).
A rule addressed to a role the change plays ("Installers MUST...", beside a change to an installer) weighs ROLE
times its match (passage_roles.py), and a rule stating an error ("tools MUST produce an error") beside a change
whose code raises one ERRS times (passage_errors.py). A one-word feature weighs in full in the passage defining or
introducing it (code_tokens.defined: "``hashes``: A dictionary...", "A new field, ``Dynamic``, will be added"),
however many passages name it after; a passage writing syntax the change's strings hold (``# ///``) gains as a
term of the diff would (passage_syntax.py). A rule beside a quote in its section matching a little less is quoted
after the page's matches while there is room (passage_siblings.py).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, replace

from doc_context.models import Yields
from doc_context.relevance.code_tokens import defined as tokens_defined
from doc_context.relevance.code_tokens import page_listed
from doc_context.relevance.terms import ChangeTerms, Key, text_terms
from doc_context.relevance.words import line_sentences, parts
from doc_context.summary import passage_weights
from doc_context.summary.passage_errors import ERRS, refused
from doc_context.summary.passage_headings import heading_terms, with_headings
from doc_context.summary.passage_kinds import ASIDE, boilerplate, without_addresses
from doc_context.summary.passage_openings import OPENS, openings_background, with_openings
from doc_context.summary.passage_roles import ROLE, not_played, to_the_change
from doc_context.summary.passage_siblings import siblings, spread_out
from doc_context.summary.passage_syntax import syntax_held, with_syntax
from doc_context.summary.passage_weights import MATCH, STORY, held_with_tokens, own_terms, story_match, weigh
from doc_context.summary.passage_words import rare_words
from doc_context.summary.passages import Passage, Said, passages, quote, short, sorted_out
from doc_context.summary.speaks import LONG, citing, novel, page_names, spoken_to, story_pages, unlisted

MAX_QUOTES = 4  # a page's matching passages the comment quotes, at most (the build summary has the page)
_PLACES = 9  # a rank's digits: a lifted opening's match over OPENS is its detail's, give or take a rounding
Rungs = tuple[tuple[Yields, str], ...]


@dataclass(frozen=True)
class Quoted:
    """A page's quotes: the text, its rungs, how well its best passage matches (0: nothing matches)."""

    text: str
    rungs: Rungs
    score: float
    matched: tuple[Passage, ...] = ()
    told: bool = False  # every passage of the page is one a work item already shows


def weigh_pages(
    texts: Sequence[tuple[str, str]],
    change: ChangeTerms,
    said: Said = (),
    whose: str = "the story's",
    split: Sequence[Sequence[Passage]] | None = None,
    *,
    gate: bool = True,
) -> list[Quoted]:
    """Each page's quotes ((markdown, title) a page), its passages weighed among every page's; `whose`: the work
    item the criteria a passage repeats are of ("the story's"); `split`: each page's passages, when the caller
    has them already (summarize.py splits each page once, for the quotes and what the pages say); `gate`: a page
    the change does not speak to (speaks.py) quotes nothing (a work item's comments are no pages: each is weighed
    on its own match)."""
    found: list[list[Passage]] = []
    again: list[str] = []
    told: list[bool] = []
    for every in split if split is not None else [passages(text, title) for text, title in texts]:
        page = [sorted_out(p, said) for p in every]
        found.append([p for p, _ in page if p is not None])
        again.append(repeat_line([(p, labels) for p, (q, labels) in zip(every, page, strict=True)
                                  if q is None and labels], whose))  # fmt: skip
        told.append(bool(page) and not found[-1] and not again[-1])
    flat = [p for page in found for p in page]
    where = [(n, p.section) for n, page in enumerate(found) for p in page]
    template = boilerplate([[p.plain for p in page] for page in found])
    plain = [without_addresses(p.plain) for p in flat]
    terms = [text_terms(text) for text in plain]
    held = held_with_tokens(terms, plain, change)
    introduces = [not (p.aside or p.retells) for p in flat]  # a rationale, an abstract defines no term
    defines = [
        tokens_defined(text, change.tokens) if new else set() for text, new in zip(plain, introduces, strict=True)
    ]

    asks = passage_weights.criteria_said(terms, change, where, introduces)  # once: both weighings, the novelty

    def matching(keys: Sequence[set[Key]]) -> list[float]:
        scores = weigh(terms, change, where, keys, introduces, asks, defines)
        return [
            0.0 if " ".join(p.plain.casefold().split()) in template else s for p, s in zip(flat, scores, strict=True)
        ]

    mine = own_terms(held, change)  # a builtin exception the change raises or catches weighs nothing in a passage
    weighed = matching(mine)
    if gate:  # a page the change does not speak to shows its lead or its title only (speaks.py)
        story = story_pages([frozenset(parts(text)) for text in plain], where, [s.words for s in said])
        unsaid = change.borrowed | change.carried  # the change's examples, modules used, names its edits carry
        specifying = {page for p, (page, _) in zip(flat, where, strict=True) if p.specifies}
        cites = citing([title for _, title in texts], change.cites)  # the pages the change cites by their number
        listed = [page_listed(text, title, change.tokens) for text, title in texts]  # keys only its lists define
        heard = unlisted(held, where, listed, cites)  # tell no page the change does not cite
        whole = matching(heard) if mine != heard else weighed  # which pages speak reads every name they write
        speaking = spoken_to(
            heard, whole, page_names(plain, where), where, MATCH, unsaid, story, change.lines, specifying, cites
        )
        weighed = [s if page in speaking else 0.0 for s, (page, _) in zip(weighed, where, strict=True)]
    own = weighed
    lifted = with_openings(weighed, flat, where)
    long = [len(page) >= LONG for page in found]  # the story lifts a long page's passages, a short one's rules
    lifts = [(long[n] or p.specifies) and not _weighs_aside(p) for p, (n, _) in zip(flat, where, strict=True)]
    weighed = with_story(lifted, plain, where, said, lifts)
    background = iter(openings_background(own, lifted, weighed, mine, plain))
    spread = iter(spread_out(mine, where))  # a passage holding a term many passages hold: passage_siblings.py
    roles = to_the_change(plain, where, change.paths)  # a rule addressed to what the change is: passage_roles.py
    weighed = [s * ROLE if s > 0 and told else s for s, told in zip(weighed, roles, strict=True)]
    others = not_played(plain, where, change.paths)  # its page's roles the change does not play: no error of theirs
    errs = refused(plain, change.raises, others)  # a rule stating an error, beside a change raising one: passage_errors
    weighed = [s * ERRS if states else s for s, states in zip(weighed, errs, strict=True)]
    lent = heading_terms(flat, change, mine)  # what a passage's heading names of the change: passage_headings.py
    weighed = with_headings(weighed, lent, mine, change, where, introduces)
    marks = syntax_held(plain, change.syntax)  # the syntax its strings hold (`# ///`): passage_syntax.py
    weighed = with_syntax(weighed, marks)
    code_words = rare_words([t.sequence for t in terms], change.words)
    asked = passage_weights.criteria_words(asks)  # what a passage's match counts, its novelty counts
    novel_by = [k | w | a | h | m for k, w, a, h, m in zip(mine, code_words, asked, lent, marks, strict=True)]
    scores, keys = iter(weighed), iter(novel_by)
    out = [
        quoted(
            [(p, next(scores)) for p in page],
            change,
            line,
            [next(keys) for _ in page] if gate else (),
            {p.index for p in page if next(background)},
            {p.index for p in page if next(spread)},
        )
        for page, line in zip(found, again, strict=True)
    ]
    return [replace(q, told=t) for q, t in zip(out, told, strict=True)]


def with_story(
    weighed: Sequence[float], plain: Sequence[str], where: Sequence[tuple[int, str]], said: Said, lifts: Sequence[bool]
) -> list[float]:
    """Each passage's match, a passage the story may lift (`lifts`) that the change speaks to (its match above 0)
    gaining STORY times what it says of one of the story's sentences (`said`): the story alone matches nothing."""
    if not said or not any(lifts):
        return list(weighed)
    story = story_match([frozenset(parts(text)) for text in plain], where, [s.words for s in said])
    return [s + STORY * t if s > 0 and lift else s for s, t, lift in zip(weighed, story, lifts, strict=True)]


def repeat_line(repeated: Sequence[tuple[Passage, tuple[str, ...]]], whose: str) -> str:
    """Passages that state what criteria state, said in a line, not quoted again: "_Rules 2 and 3 are the story's
    criteria 1 and 3._", "_The passage under Limits is the story's criterion 2._" ("" when there are none)."""
    if not repeated:
        return ""
    rules = [p.text.split(".", 1)[0] for p, _ in repeated if p.kind == "rule"]
    others = [p for p, _ in repeated if p.kind != "rule"]
    sections = list(dict.fromkeys(p.section for p in others))
    named = [f"rule{'s' if len(rules) > 1 else ''} {_and(rules)}"] if rules else []
    if others and len(others) == 1 and sections[0]:
        named.append(f"the passage under {sections[0]}")
    elif others:
        named.append("a passage" if len(others) == 1 else f"{len(others)} passages")
    numbers = list(dict.fromkeys(label.removeprefix("criterion ") for _, labels in repeated for label in labels))
    nouns = f"criteri{'a' if len(numbers) > 1 else 'on'} {_and(numbers)}"
    line = f"{_and(named)} {'are' if len(repeated) > 1 else 'is'} {whose} {nouns}"
    return f"_{line[:1].upper()}{line[1:]}._"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _rank(scored: tuple[Passage, float]) -> tuple[float, bool, int]:
    """Most telling first: a passage aside from the specification (rationale, history, examples) ranks by ASIDE
    of its match, so a rule comes before the reasons for it; it still matches as much. So does one of a section
    retelling the page in brief (an Abstract, a Summary: passage_kinds.retells), so the rule it retells comes first;
    it stays the page's lead. A table row is data, wherever it stands (a worked example's values are the rule's).
    A specifying section's opening paragraph ranks by 1/OPENS of its match: it says what the section specifies, and
    its details say it again holding more of the change's names (a field's definition, a schema's row, an example's
    values), so an opening matching as much as 3/4 of a detail comes first. One with_openings lifted (OPENS of the
    best detail's match) then ties with that detail, and comes after it."""
    passage, score = scored
    if _weighs_aside(passage) or (passage.kind != "row" and passage.retells):
        return (round(-score * ASIDE, _PLACES), False, passage.index)
    opening = passage.opens and passage.specifies and passage.kind == "para"
    return (round(-score / OPENS if opening else -score, _PLACES), opening, passage.index)


def _weighs_aside(passage: Passage) -> bool:
    """Whether a passage's match weighs ASIDE: it is aside from the specification, and no table row (data wherever
    it stands)."""
    return passage.aside and passage.kind != "row"


def _shows(passage: Passage, score: float) -> bool:
    """Whether a passage matches enough to be quoted: MATCH, weighed as it ranks when it argues about the rule
    (ASIDE of its match, passage_kinds.argues: a rejected idea naming one name of the change, "Special handling of
    ``Requires-Python``" beside a change listing every metadata field, says why the rule is not so, not what the
    change builds; one naming as much as the rule does still shows, below it). An Example, a FAQ, a Background
    shows the rule at work: it ranks below the rule, and shows on its match. A section retelling the page (its
    Abstract) may still show, as the page's lead may."""
    return score * (ASIDE if _weighs_aside(passage) and passage.argues else 1.0) >= MATCH


def quoted(
    scored: list[tuple[Passage, float]],
    change: ChangeTerms,
    again: str = "",
    held: Sequence[set[Key]] = (),
    background: Set[int] = frozenset(),
    spread: Set[int] = frozenset(),
) -> Quoted:
    """A page's quotes: its matching passages, the best first to stay, then the line naming the passages that
    state what criteria state (`again`); or that line alone; or its lead sentence. `held`: each passage's terms,
    when a long page's passage matching only on what a better one holds is not quoted (speaks.novel).
    `background`: the passages (by index) of section openings with_openings lifted that name nothing of the change
    and match under OWN on their own, the story's share included (openings_background): such an opening ("Shops have
    always mailed a paper receipt...", "Tasks can be queued using the enqueue method") is the section's background, not
    what the change builds. It is not quoted, and its place among the page's MAX_QUOTES stays empty: the passage
    ranked below it matched less than the opening was lifted to, and is no better for its going (the count is a
    ceiling, never a target). `spread`: the passages (by index) holding a term many passages hold (siblings')."""
    ranked = _ranked([(p, s) for p, s in scored if _shows(p, s)], scored, held, background, spread)
    if not ranked and again:
        return Quoted(again, ((Yields.PAGE_BEST, ""),), MATCH)
    if not ranked:
        lead = next((p for p in scored if p[0].lead), None) or next((p for p in scored if p[0].kind == "para"), None)
        if lead is None:
            return Quoted("", (), 0.0)
        first = line_sentences(lead[0].text)[:1] or [lead[0].text]
        text = quote(lead[0], short(Passage(lead[0].section, "para", first[0], first[0], 0, 0), change))
        return Quoted(text, ((Yields.PAGE_MIDDLE, ""),), 0.0)
    best = ranked[0]
    weakest_first = [p for p, _ in reversed(ranked[1:])]
    kept = [p for p, _ in ranked]
    rungs: list[tuple[Yields, str]] = []
    for n in range(1, len(weakest_first) + 1):
        rungs.append((Yields.PAGE_MIDDLE, _with(_text([p for p in kept if p not in weakest_first[:n]], change), again)))
    rungs.append((Yields.PAGE_BEST, ""))
    return Quoted(_with(_text(kept, change), again), tuple(rungs), best[1], tuple(kept))


def _ranked(
    matched: list[tuple[Passage, float]],
    scored: list[tuple[Passage, float]],
    held: Sequence[set[Key]],
    background: Set[int],
    spread: Set[int] = frozenset(),
) -> list[tuple[Passage, float]]:
    """The page's quotes, most telling first (quoted's): its MAX_QUOTES best, less the background openings; the
    passages beside one of them that match a little less after them (passage_siblings.py)."""
    ranked = sorted(matched, key=_rank) + sorted(siblings(scored, _shows, spread), key=_rank)  # passage_siblings
    if held:
        terms = {p.index: keys for (p, _), keys in zip(scored, held, strict=True)}
        fresh = novel([terms[p.index] for p, _ in ranked], len(scored))
        ranked = [r for r, keep in zip(ranked, fresh, strict=True) if keep]
    return [(p, s) for p, s in ranked[:MAX_QUOTES] if p.index not in background]


def _with(text: str, again: str) -> str:
    return f"{text}\n\n{again}" if again else text


def _text(kept: list[Passage], change: ChangeTerms) -> str:
    """The quotes in the page's order; rows of one table under one header."""
    out: list[str] = []
    ordered = sorted(kept, key=lambda p: p.index)
    done: set[int] = set()
    for p in ordered:
        if p.index in done:
            continue
        if p.kind == "row":
            rows = [q for q in ordered if q.kind == "row" and q.block == p.block]
            done.update(q.index for q in rows)
            head = p.text.split("\n")[:2]
            out.append(quote(p, "\n".join([*head, *(q.plain for q in rows)])))
        else:
            out.append(quote(p, short(p, change)))
    return "\n\n".join(out)
