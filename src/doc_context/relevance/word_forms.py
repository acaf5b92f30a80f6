"""Pure: a word's other forms, as prose and code write one thing: a noun of action and its verb, a British and an
American spelling. Words are compared as relevance/words.py reads them (stems).

    forms("deprecation")      # ("deprecat",): "emits a deprecation warning" ~ warnDeprecated(
    forms("serializ")         # ("serialization", "serialis", "serialisation"): "session serialization" ~
                              # serialize_session, SerializeSession
    forms("normalis")         # ("normaliz", "normalization", "normalisation"): "normalising" ~ normalizeHeader
    in_forms(("deprecation", "warn"))   # [("deprecat", "warn")]: the run with one word in another form

A changelog names what a change does (a deprecation, a serialization, a detection); the code names the doing
(`warnDeprecated`, `serialize_session`, `DetectChanges`): -ion nouns meet their verbs (-ation/-ization after
a -ate/-ize verb, -tion after -t, -ssion after -ss), and -ise meets -ize. Only these regular shapes, never a
guess: "resolution" is not "resolve", "option" not "opt" (a stem of fewer than MIN_STEM letters has no forms).
"""

from __future__ import annotations

from collections.abc import Sequence

from doc_context.relevance.language import LANGUAGE

MIN_STEM = 5  # letters a verb's stem keeps at least: "detect", "creat"; never "opt" (option), "act" (action)


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
    elif word.endswith(("tion", "ssion")):
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
    """The -ion nouns a verb's stem makes: serializ -> serialization, deprecat -> deprecation, detect ->
    detection, compress -> compression; none for another ending (a noun of -ment, -al, -ance is another word)."""
    if verb.endswith(("iz", "is")):
        return [verb + "ation"]
    if verb.endswith(("t", "ss")):
        return [verb + "ion"]
    return []
