"""Pure: whether the change speaks to a long cited page at all, decided per page before any of it is quoted.

Real specifications share a domain's vocabulary from top to bottom: a packaging specification says
`pyproject.toml` and "build backend" in every section, a related one too. Such words match passages of
every page alike, so they tell no page apart. A page the change speaks to names something the change has:
a term that is distinctive on that page and in the change, which is

- a name the page writes as code (a code span, or an identifier: `trim-paths`, `KUBECTL_KUBERC`,
  `registry.credential-process`) and the change has as an identifier or a string,
- a value with its unit ("14 days" and `REFUND_WINDOW_DAYS = 14`),
- words the change's own text copies from the page (a run of RUN words, or a string that long),

held by a passage that matches (passage_weights.MATCH), and not the documents' topic: not held by every cited page (of
two or more), nor in most sections of its page (passage_kinds.page_topic), nor only on the change's tests or import
lines (an example it checks, a module it uses), nor a name the change carries rather than writes (its deleted lines
hold it as often: relevance/carried.py). A key only a list of the page defines (code_tokens.page_listed: "- `email`: The
sender.", "- `timeout`: Seconds to wait.") neither tells nor matches for this unless the change cites the page by its
number (unlisted): a key list is mostly the commonest names code gives its parameters and fields, and any change taking
an `email` parameter names one; such a key says which passage of a page spoken to, not which page, but code citing
`# PEP 691` and naming its ``hashes`` key is the specification's. Words that merely sit side by side, an identifier of
the change that the page only says in prose ("group of resources" for `GroupResource`), a bare number, never decide
it. And a page's names are a fair share (SHARE, a third) of what the page naming most of the change's writing names,
each name counted by the distinct lines of code writing it (ChangeTerms.lines; a test's, a configuration file's, a
document's lines count once at most: a 30-row test table or a settings file for 30 environments is one voice): a
change implementing a specification writes its names again and again (the new setting read, checked, passed, logged)
and a related specification's option in passing, once; beside the specification the change implements, a related one
naming two of its options on a line is background.

Before any of that, the story (its description and criteria) says which long pages it is about: a story paraphrases
the specification its change implements, so each of its sentences belongs to the cited page one of whose passages
says most of it (passage_weights.story_match), and a long page saying under SHARE of what the page saying most of
the story's sentences says is background (story_pages), however many of the change's names it holds; so is a
short page the story does not say when a long one it says is cited (a short page beside short ones stays spoken to
when a passage of it matches: a team's pages say the story in its own words, as the story does). When that leaves
no page spoken to (a one-line story told in a related page's words, a bug's symptom), the change's names decide
alone. The others
are weighed among themselves: a name every one of them holds is their topic (NEP 35 and NEP 18 both say
`__array_function__`; with NEP 18 background, NEP 35's `array_function_dispatch` speaks for it). The change's own
code says it more plainly still when it cites a page by the number its title starts with (`# PEP 691`, `// RFC
3923`, relevance/citations.py): beside a page it cites, a page named by a number it does not write is background,
and the pages it cites are weighed as those the story says (a page named by no number, a team's, as ever); unless
the story says pages it cites none of (a comment citing a related page in passing): then the citations tell nothing.

This holds for a long page (LONG passages or more). A short page (a team's own page of a few rules) is spoken
to when a passage of it matches: there, prose that says an identifier ("the raw request body" for
`request_body`) is as good as naming it; on a long page it is the chance of many words. Beside a long page the
change speaks to (a specification), a short specification (a page holding a section that states what is built:
passage_kinds.specifies) must name something the change writes as a long one must (a short proposal cited beside
the one that replaced it, PEP 379 beside PEP 572, matches on the domain's words alone); a team's short page of rules
in prose is no specification's kind and speaks on its prose beside any page. In
prose, a hyphenated compound of plain words ("read-only") is no name unless its page writes it as code somewhere
(page_names). A page the change does not speak to shows its lead or its title only. On a long page spoken to, a
passage matching only on terms a better passage of it holds is not quoted (novel).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from doc_context.relevance.citations import identifier
from doc_context.relevance.code_tokens import TOKEN
from doc_context.relevance.terms import RUN, Key
from doc_context.relevance.words import ident_parts, parts
from doc_context.summary.passage_kinds import page_topic
from doc_context.summary.passage_weights import story_match

_CODE_SPAN = re.compile(r"(`+)([^`]+?)\1")
_SPAN_OR_COMPOUND = re.compile(  # a code span, or a hyphenated compound of plain words in prose ("read-only")
    r"(`+)[^`]+?\1|(?<![\w.\-/:])[A-Za-z][a-z]*(?:-[a-z]+)+(?![\w\-]|[./:]\w)"
)
_RST_REFERENCE = re.compile(r"(?<!`)`[^`]+`__?")  # reStructuredText's hyperlink reference
Name = tuple[str, ...]
SHARE = 0.34  # of the telling terms the most telling page holds, at least, for a long page to be spoken to
LONG = 40  # passages: a page this long shares the domain's words with any change by chance
STORY_SENTENCES = 200  # the story's distinct sentences that say which page it tells (a pasted log repeats itself)


def names(text: str) -> frozenset[Name]:
    """What a passage writes as code, each as its words: its compound identifiers (snake, camel, kebab, dotted,
    a path, a flag) and its code spans."""
    text = _RST_REFERENCE.sub(" ", text)  # `the spec <https://…>`_ is a link, not code
    found = {tuple(p) for p in ident_parts(text)}
    found |= {tuple(parts(m.group(2))) for m in _CODE_SPAN.finditer(text)}
    return frozenset(f for f in found if f)


def page_names(texts: Sequence[str], where: Sequence[tuple[int, str]]) -> list[frozenset[Name]]:
    """What each passage (`texts`, their pages in `where`) writes as code (names), a hyphenated compound of plain
    words in its prose ("read-only", "non-empty", "opt-in") only when its page writes those words as code somewhere (a
    code span, `readOnly`, `read_only`, `export.read-only`): in prose such a compound is an English word every page of
    a domain may say, not a name the page specifies."""
    split = [_prose_compounds(text) for text in texts]
    longest = max((len(name) for _, prose in split for name in prose), default=0)
    runs: dict[int, set[Name]] = {}  # every run of words of every name a page writes as code: one lookup a compound
    for (page, _), (code, _) in zip(where, split, strict=True):
        runs.setdefault(page, set()).update(run for name in code for run in _word_runs(name, longest))
    return [code | (prose & runs[page]) for (code, prose), (page, _) in zip(split, where, strict=True)]


def _word_runs(name: Name, longest: int) -> frozenset[Name]:
    """Every contiguous run of a name's words up to `longest` words (the name itself when that short): the terms
    _within finds in it."""
    return frozenset(name[i:j] for i in range(len(name)) for j in range(i + 1, min(len(name), i + longest) + 1))


def _prose_compounds(text: str) -> tuple[frozenset[Name], frozenset[Name]]:
    """The names a passage writes as code, and apart the hyphenated compounds of plain words its prose writes."""
    prose: list[str] = []

    def aside(m: re.Match[str]) -> str:
        if m.group(1) is not None:  # a code span stays as written
            return m.group()
        prose.append(m.group())
        return " "

    code = names(_SPAN_OR_COMPOUND.sub(aside, text))
    return code, names(" ".join(prose)) - code


def telling(key: Key, named: frozenset[Name]) -> bool:
    """Whether a term the passage holds can show the change speaks to its page: a name the page writes as code
    (the whole name or a run of its words), a value with its unit, or the page's words the change copies."""
    kind, term = key
    if kind in ("run", TOKEN):  # a one-word feature: the passage writes it in code (code_tokens.held)
        return True
    if kind == "value":
        return bool(term[1])
    if kind == "string":
        said = tuple(parts(term[0]))
        return len(said) >= RUN or any(_within(said, name) for name in named)
    return kind == "ident" and any(_within(term, name) for name in named)


def _within(term: Name, name: Name) -> bool:
    n = len(term)
    return n > 0 and any(name[i : i + n] == term for i in range(len(name) - n + 1))


def story_pages(
    words: Sequence[frozenset[str]], where: Sequence[tuple[int, str]], story: Sequence[frozenset[str]]
) -> set[int] | None:
    """The cited pages that say a fair share (SHARE) of the story's sentences, each sentence said by the page one of
    whose passages says most of it (passage_weights.story_match), of what the page saying most of them says; None
    when fewer than two pages, or no sentence any page says."""
    pages = sorted({page for page, _ in where})
    if len(pages) < 2 or not story:
        return None
    owned: dict[int, int] = {}
    for sentence in list(dict.fromkeys(story))[:STORY_SENTENCES]:  # a sentence said twice is said once
        best: dict[int, float] = {}
        for share, (page, _) in zip(story_match(words, where, [sentence]), where, strict=True):
            best[page] = max(best.get(page, 0.0), share)
        top = max(best.values())
        for page in (p for p, share in best.items() if top > 0 and share == top):
            owned[page] = owned.get(page, 0) + 1
    most = max(owned.values(), default=0)
    return {p for p in pages if owned.get(p, 0) >= SHARE * most} if most else None


def spoken_to(
    held: Sequence[set[Key]],
    scores: Sequence[float],
    named: Sequence[frozenset[Name]],
    where: Sequence[tuple[int, str]],
    match: float,
    borrowed: frozenset[Key] = frozenset(),
    told_by: set[int] | None = None,
    lines: Mapping[Key, int] | None = None,
    specifying: set[int] | None = None,
    citing: Mapping[int, bool] | None = None,
) -> set[int]:
    """The pages (their numbers in `where`) the change speaks to: a short page (under LONG passages) when a passage
    of it matches (`match`), holding a telling term too when a long page is spoken to; a long one when its matching
    passages hold telling terms that are neither in every cited page nor in most sections of their own, nor only on
    the change's tests or import lines (`borrowed`), that the change writes at least SHARE as often as the page's
    holding the most (`lines`: how often it writes each; None: once each). `told_by`: the pages the story says
    (story_pages; None: every page): a long page out of them is not spoken to, nor a short one when a long page is
    among them (the story paraphrases a specification, not the short page), and "every cited page" is every one of
    them; when that leaves no page spoken to, the names decide as without a story. `specifying`: the pages holding
    a section that states what is built (passage_kinds.specifies; None: every page): beside a long page spoken to,
    only a short page of that kind must hold a telling term (a short proposal beside the specification replacing
    it); a team's short page of rules in prose speaks when a passage of it matches, beside any page. `citing`: the
    pages whose title starts with a series' number (citations.identifier), and whether the change cites it
    (citing()): when it cites one, a page it does not cite is not spoken to and the cited ones are weighed as the
    pages the story says (the change says which specification it implements, as a story does, only more plainly); a
    page named by no number (a team's page) is weighed as ever. When the story says pages the change cites none of
    (a comment citing a related page in passing: `# normalized as PEP 503 says` in a change implementing PEP 691),
    the citations tell nothing: the story and the names decide, as ever."""
    cited = {page for page, cites in (citing or {}).items() if cites}
    uncited = {page for page, cites in (citing or {}).items() if not cites} if cited else set()
    if not uncited or (told_by is not None and not cited & told_by):  # none, or the story says another page
        return _spoken(held, scores, named, where, match, borrowed, told_by, lines, specifying)
    told_by = ((told_by if told_by is not None else {page for page, _ in where}) | cited) - uncited
    return _spoken(held, scores, named, where, match, borrowed, told_by, lines, specifying) - uncited


def citing(titles: Sequence[str], cites: frozenset[tuple[str, str]]) -> dict[int, bool]:
    """For each page (its title, by its number in `titles`) named by a series' number (citations.identifier),
    whether the change cites it (`cites`: ChangeTerms.cites)."""
    return {n: found in cites for n, title in enumerate(titles) if (found := identifier(title)) is not None}


def unlisted(
    held: Sequence[set[Key]],
    where: Sequence[tuple[int, str]],
    listed: Sequence[frozenset[Key]],
    citing: Mapping[int, bool],
) -> list[set[Key]]:
    """Each passage's terms (`held`, its page in `where`) that may say the change speaks to its page: the keys only
    a list of that page defines (`listed`, a page's: code_tokens.page_listed, "- `email`: The sender.") aside, on a
    page the change does not cite (`citing`: citing()). A key list is mostly the commonest names code gives its
    parameters and fields (`email`, `timeout`, `host`, `token`): an ordinary change taking an `email` parameter names
    one of a settings page's keys. The key still says which passage of a page the change speaks to by its other
    names, or cites by its number."""
    return [
        keys if citing.get(page) or not listed[page] else keys - listed[page]
        for keys, (page, _) in zip(held, where, strict=True)
    ]


def _spoken(
    held: Sequence[set[Key]],
    scores: Sequence[float],
    named: Sequence[frozenset[Name]],
    where: Sequence[tuple[int, str]],
    match: float,
    borrowed: frozenset[Key],
    told_by: set[int] | None,
    lines: Mapping[Key, int] | None,
    specifying: set[int] | None,
) -> set[int]:
    """spoken_to without the citations."""
    pages: dict[int, set[Key]] = {}
    sizes: dict[int, int] = {}
    for keys, (page, _) in zip(held, where, strict=True):
        sizes[page] = sizes.get(page, 0) + 1
        if told_by is None or page in told_by:
            pages.setdefault(page, set()).update(keys)
    every = set.intersection(*pages.values()) if len(pages) >= 2 else set()
    specified = told_by is not None and any(sizes[p] >= LONG for p in told_by)  # the story is a specification's
    topic = page_topic(held, where)
    told: dict[int, set[Key]] = {}
    for i, (keys, score, (page, _)) in enumerate(zip(held, scores, where, strict=True)):
        if score >= match and (told_by is None or page in told_by or (sizes[page] < LONG and not specified)):
            found = told.setdefault(page, set())
            found.update(k for k in keys - every - borrowed - topic.get(i, set()) if telling(k, named[i]))

    def evidence(found: set[Key]) -> int:  # how often the change writes them (each once, without `lines`)
        return sum(lines.get(k, 1) for k in found) if lines is not None else len(found)

    most = max(map(evidence, told.values()), default=0)
    naming = {p for p, found in told.items() if found and evidence(found) >= SHARE * most}
    specification = any(sizes[p] >= LONG for p in naming)  # a long page the change speaks to: short ones weigh alike
    gated = specifying if specifying is not None else set(sizes)  # the short pages a specification's kind
    spoken = naming | {
        p for p, found in told.items() if sizes[p] < LONG and (found or not specification or p not in gated)
    }
    if not spoken and told_by is not None:  # the story says only pages the change does not speak to: its names tell
        return _spoken(held, scores, named, where, match, borrowed, None, lines, specifying)
    return spoken


def novel(ranked: Sequence[set[Key]], size: int) -> list[bool]:
    """Whether each of a page's matching passages (best first, their terms) may be quoted: on a long page (LONG
    passages or more: `size`), only one holding a term of the change that no passage ranked above it holds. A long
    specification says its names again and again (a section on every aggregation, the key rotation beside the keys
    endpoint): a passage matching on what a better quote of the page already shows adds nothing. A short page's
    every matching passage is a rule of its own."""
    if size < LONG:
        return [True] * len(ranked)
    seen: set[Key] = set()
    kept: list[bool] = []
    for keys in ranked:
        kept.append(not seen or bool(keys - seen))
        seen |= keys
    return kept
