"""Pure: the words every criterion and every codebase use (code, test, update, user, should, ...: COMMON), which never
set a criterion apart alone (relevance/criterion_terms.py), with the names every file of a language uses (nil, async,
self: relevance/language.py)."""

from __future__ import annotations

from doc_context.relevance.language import LANGUAGE
from doc_context.relevance.words import parts, stem

_COMMON_WORDS = """
    able accept accepted access account action actions active add added adding adds admin administrator after
    again against all allow allowed allows also always another any api app application applications apply approve
    approved area available back backend bad based basic before behavior behaviour being both bug bugs build
    button buttons call called calls can cannot case cases change changed changes check checked checks clear click
    client close code column columns complete completed component components config configurable configuration
    configured confirm contain contains content context correct correctly cover covered create created creates
    current customer customers data database date decide decided decides default defined delete deleted deletes
    description detail details display displayed displays doc docs document documentation documented done each
    edit empty enable enabled end ensure entry error errors event events every exist existing exists expected
    explain fail failed fails failure false feature features field fields file files first fix fixed flow follow
    following form format frontend full function functional functionality functions get gets given good handle
    handled handles has have help hidden id ids implement implementation implemented include included includes
    information input inputs instead invalid issue issues item items just keep key keys label last later least
    less level like limit line lines link links list listed lists load loaded loads local log logged logic login
    look looks main make makes manual member members message messages method methods mode model models module more
    must name names need needed needs new next none normal note number numbers object objects old once one only
    open option optional options other output page pages part pass passed passes passing path per perform
    performance possible present previous process processed properly property provide provided read ready reason
    receive received record records refactor refactored related release remove removed removes replace replaced
    request requests required requirement requirements response responses result results return returned returns
    review reviewed right role roles rule rules run runs same save saved screen section see select selected send
    sends sent server service services set sets setting settings should show showing shown shows side simple
    single size specific start started state status step steps still stored string success successful successfully
    support supported supports system table tables task tasks team test tested testing tests text than then thing
    things time title total totals true type types unit units update updated updates url use used user users using
    valid validate validated validation value values verified verify version via view views visible way when where
    whether which while will with within without work working works write written wrong yes between
"""
COMMON_ACRONYMS = "API APIS UI UX URL URI HTTP HTTPS JSON ID IDS QA PR CI CD UAT DB REST SDK HTML CSS JS OK TBD NA"
PROSE_COMMON = frozenset(stem(w) for w in _COMMON_WORDS.split())  # a subcommand's name may be a language's (init)
COMMON = (
    PROSE_COMMON
    | frozenset(w.lower() for w in COMMON_ACRONYMS.split())
    | frozenset(w for name in LANGUAGE for w in parts(name))  # nil, async, self, exceptions: every language's words
)
