"""Pure: a word's other forms, as prose and code write one thing: a noun of action and its verb, a British and an
American spelling. Words are compared as relevance/words.py reads them (stems).

    forms("deprecation")      # ("deprecat",): "emits a deprecation warning" ~ warnDeprecated(
    forms("serializ")         # ("serialization", "serialis", "serialisation"): "session serialization" ~
                              # serialize_session, SerializeSession
    forms("normalis")         # ("normaliz", "normalization", "normalisation"): "normalising" ~ normalizeHeader
    in_forms(("deprecation", "warn"))   # [("deprecat", "warn")]: the run with one word in another form

A changelog names what a change does (a deprecation, a serialization, a creation); the code names the doing
(`warnDeprecated`, `serialize_session`, `createTable`): -ation/-ization nouns meet their -ate/-ize verbs, and -ise
meets -ize. Only these regular shapes, never a guess: "resolution" is not "resolve", "option" not "opt" (a stem
of fewer than MIN_STEM letters has no forms). An -ate/-ize verb's stem (creat, deprecat, serializ) is that doing
and no other word; the stem of another -tion or -ssion noun mostly is a word of its own, another thing as often as
the same (question: a quest, projection: Java's project(), expression: Express, selection: Go's select; review 5),
so "detection" does not meet `detectCycle`.
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.relevance.language import LANGUAGE

MIN_STEM = 5  # letters a verb's stem keeps at least: "creat", "relat"; never "stat" (station), "nat" (nation)


def forms(word: str) -> tuple[str, ...]:
    """The word's other forms, as stems, in a fixed order (the word itself aside)."""
    verbs = _verbs(word)
    found: list[str] = []
    for verb in verbs:
        found += [verb, *_nouns(verb)]
    return tuple(w for w in dict.fromkeys(found) if w != word and w not in LANGUAGE)  # "exception": not `except`


def in_forms(run: Sequence[str]) -> list[tuple[str, ...]]:
    """The run with one of its words in another form, each way (bounded: a word's forms are few)."""
    return [(*run[:i], other, *run[i + 1 :]) for i, word in enumerate(run) for other in forms(word)]


def _verbs(word: str) -> list[str]:
    """The verb stems a word may be (its American spelling first): itself, or the verb of its -ion noun."""
    if word.endswith(("isation", "ization")):
        verb = word[: -len("ation")]
    elif word.endswith("ation"):
        verb = word[: -len("ion")]
    else:
        verb = word
    if len(verb) < MIN_STEM:
        return [word] if verb == word else []
    if verb.endswith("is") and len(verb) >= MIN_STEM + 1:  # normalis(e): normaliz(e)
        return [verb[:-1] + "z", verb]
    if verb.endswith("iz"):
        return [verb, verb[:-1] + "s"]
    return [verb]


def _nouns(verb: str) -> list[str]:
    """The -ion nouns a verb's stem makes: serializ -> serialization, deprecat -> deprecation, creat -> creation;
    none for another ending (detect, compress: their stems are words of their own as often, see above)."""
    if verb.endswith(("iz", "is")):
        return [verb + "ation"]
    if verb.endswith("at"):
        return [verb + "ion"]
    return []
