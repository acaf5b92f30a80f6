"""Pure: the rules a page addresses to what the change is.

Specifications address their rules to roles, agents named by what they do: "Installers MUST verify...", "Type checkers
should report...", "Script runners MUST error...", "the server SHOULD NOT transmit...". A rule is a sentence whose
subject is such an agent (its last word a noun of one ending in -er or -or: installer, checker, runner, server, handler;
or one of the roles specifications name otherwise, _ROLE_HEADS: build backends, tools, clients, implementations; "front
ends" and "back ends" in two words too) and whose verb is an RFC 2119 keyword (MUST, SHOULD, SHALL, MAY, in either case)
telling it what to do: "The header MUST be sent once", "... MUST contain the token", "The number MUST NOT exceed ten",
"The counter MUST start at zero" constrain a thing the page is about (a header, an identifier, an error), a verb of
being, holding, where it starts or what it defaults to (_STATES), no agent. Holding, including, carrying, following and
repeating are a thing's as much as an agent's ("The header MUST carry the token", "Installers MUST include the file in
RECORD"): a subject told only those (_EITHER) is an agent when its page tells it to act elsewhere. A page's roles are
the agents it addresses ROLE_RULES of its passages or more (one sentence naming an agent is no part the page deals out).
The change plays a role when the paths of its code name it or what it does (ChangeTerms.paths: `installer/`,
`checker.py`; `install.py` for installers, `run.py` for script runners); a test, a document or a setting is no part
of what it is. A rule addressed to the change's role is the page telling the change its part: quotes.weigh_pages
weighs it ROLE times its match, so a type checker's change shows "Type checkers should report..." before a rule on
what the runtime does, and one the change matches a little (a phrase and a name) may reach MATCH.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence, Set

from doc_context.relevance.words import line_sentences, words

ROLE = 1.5  # what a match weighs in a rule addressed to the change's role
EVERYONE = frozenset({"tool", "implementation"})  # the roles any change implementing the page plays
ROLE_RULES = 2  # passages of a page addressing an agent, at least, for it to be a role of that page
_KEYWORD = r"(?:MUST|SHOULD|SHALL|MAY|must|should|shall|may)"  # RFC 2119's, as upper-case specifications and others
_SUBJECT = re.compile(  # the subject opening a sentence, or its main clause after a leading condition
    rf"^(?:(?:If|When|Where|Otherwise|However|Also|Instead|In addition)\b[^,]*,\s*)?"
    rf"((?:[A-Za-z][\w-]*\s+){{0,2}}?[A-Za-z][\w-]*)\s+{_KEYWORD}\b"
)
_AGENT = re.compile(r"[a-z]{3,}(?:er|or)$")  # installer, checker, runner, server, handler, processor
# "MUST (NOT) be ...", "contain", "exceed": how a thing stands or what it holds, a constraint on it, no agent's act
_STATES = re.compile(
    r"(?i)\s+(?:not\s+)?(?:(?:also|only|always|never|still)\s+)?"
    r"(?:(?:be|have|contain|consist|exceed|match|precede|appear|occur|exist|remain|equal|refer|correspond|represent"
    r"|conform|differ)s?\b|(?:start|begin|end)s?\s+(?:with|at|from|in)\b|defaults?\s+to\b|fits?\s+(?:in|into|within)\b)"
)
# what a thing holds or follows, as much as what an agent does: an agent's only where its page tells it to act too
_EITHER = re.compile(
    r"(?i)\s+(?:not\s+)?(?:(?:also|only|always|never|still)\s+)?(?:include|follow|hold|carry|repeat)s?\b"
)
_APART = re.compile(r"(?i)\b(?:front|back)\s+ends?$")  # a compound role written in two words: "Front ends", "back end"
# the roles specifications address that no -er or -or names (RFC 9110's clients, proxies and caches, PEP 517's build
# backends and frontends, PEP 621's tools, every series' implementations)
_ROLE_HEADS = frozenset(
    "agent application backend cach client frontend implementation intermediary library proxy recipient sdk "
    "tool".split()
)


def addressed(text: str, acting: Set[str] = frozenset()) -> set[str]:
    """The agents a passage's sentences address rules to (their words as relevance.words reads them): a subject told
    only what it holds, includes or follows when the text, or its page (`acting`: the agents it tells to act), tells
    it to act too."""
    return _told(*_subjects(text), acting)


def _told(acts: set[str], either: set[str], acting: Set[str]) -> set[str]:
    """The agents a text tells to act, and those it tells only what to hold that it or its page tells to act too."""
    return acts | (either & (acts | acting))


def _subjects(text: str) -> tuple[set[str], set[str]]:
    """The agents a text's sentences tell to act, and those they tell only what to hold, include or follow."""
    acts: set[str] = set()
    either: set[str] = set()
    for line in text.replace("**", "").splitlines():
        for sentence in line_sentences(" ".join(line.split())):
            subject = _SUBJECT.match(sentence)
            if subject is None or _STATES.match(sentence, subject.end()):
                continue
            said = words("".join(subject.group(1).split()[-2:])) if _APART.search(subject.group(1)) else []
            said = said or words(subject.group(1).split()[-1])
            if said and (_AGENT.fullmatch(said[-1]) or said[-1] in _ROLE_HEADS):
                (either if _EITHER.match(sentence, subject.end()) else acts).add(said[-1])
    return acts, either


def plays(role: str, paths: Set[str]) -> bool:
    """Whether a change whose code's paths hold these words (ChangeTerms.paths) plays the role: a path names the
    agent (`installer/`), or what it does (`install.py`, `run.py`, `check.py`)."""
    if role in paths:
        return True
    return any(len(w) >= 3 and role in (w + "er", w + "or", w + "r", w + w[-1] + "er") for w in paths)


def _played(roles: Set[str], paths: Set[str]) -> set[str]:
    """Of a page's roles, those the change plays: each role asked once (a scan of the path words), not per passage."""
    return {role for role in roles if plays(role, paths)}


def to_the_change(plain: Sequence[str], where: Sequence[tuple[int, str]], paths: Set[str]) -> list[bool]:
    """Whether each passage (`plain`, on the page `where` says) addresses a rule to a role of its page that the
    change plays."""
    if not paths:
        return [False] * len(plain)
    agents, count = _addressed_all(plain, where)
    played = _played({a for (_, a), n in count.items() if n >= ROLE_RULES}, paths)
    return [
        any(count[(page, a)] >= ROLE_RULES and a in played for a in found)
        for found, (page, _) in zip(agents, where, strict=True)
    ]


def page_roles(plain: Sequence[str], where: Sequence[tuple[int, str]]) -> dict[int, set[str]]:
    """Each page's roles (by its number in `where`): the agents ROLE_RULES of its passages or more address rules to."""
    roles: dict[int, set[str]] = {}
    for (page, agent), n in _addressed_all(plain, where)[1].items():
        if n >= ROLE_RULES:
            roles.setdefault(page, set()).add(agent)
    return roles


def not_played(plain: Sequence[str], where: Sequence[tuple[int, str]], paths: Set[str]) -> list[frozenset[str]]:
    """Each passage's page roles (page_roles) that the change does not play: none when no code path tells what it
    plays, and never the roles every implementer plays (EVERYONE: "tools MUST...", "implementations SHOULD...")."""
    if not paths:
        return [frozenset()] * len(plain)
    roles = {page: frozenset(r for r in found if r not in EVERYONE and not plays(r, paths))
             for page, found in page_roles(plain, where).items()}  # fmt: skip
    return [roles.get(page, frozenset()) for page, _ in where]


def _addressed_all(
    plain: Sequence[str], where: Sequence[tuple[int, str]]
) -> tuple[list[set[str]], Counter[tuple[int, str]]]:
    """The agents each passage addresses (its page's acting agents read first), and how many passages of each page
    address each agent."""
    read = [_subjects(text) for text in plain]
    acting: dict[int, set[str]] = {}
    for (acts, _), (page, _) in zip(read, where, strict=True):
        acting.setdefault(page, set()).update(acts)
    agents = [_told(acts, either, acting[page]) for (acts, either), (page, _) in zip(read, where, strict=True)]
    count = Counter((page, a) for found, (page, _) in zip(agents, where, strict=True) for a in found)
    return agents, count
