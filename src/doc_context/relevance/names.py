"""Pure: names as each language writes them: a name read whole on a line, and its qualified parts (a name meeting the
file that defines it is relevance/name_files.py's).

    spelled("val := NewFloat64Value(x)", "Float64Value")   # True: one identifier holds it whole
    spelled("actorRef from", "ActorRefFrom")                # False: never across identifiers
    spelled("TEmitted", "emit"), spelled("ClusterIp", "Cluster")   # False: nor inside a piece, nor a part
    spelled("=== References", "Reference")                   # False: a one-piece name is its letters, no stem
    spelled("return self._origin", "origin")                 # True: a private name's underscores aside
    spelled("range testCase.Providers", "TestCase", cased=True)   # False: in code, camel case is read in its case
    spelled("'acme-session-store-redis'", "SessionStore")   # False: a part of another kebab-case name
"""

from __future__ import annotations

import re
from functools import lru_cache

from doc_context.relevance.attributes import applies, marked
from doc_context.relevance.language import ruby_method
from doc_context.relevance.terraform import resource_type
from doc_context.relevance.words import expand, fold, pieces, stem

CONSTRUCTING = (".py", ".pyi", ".kt", ".kts", ".swift")  # a class called is constructed: no `new` (Ruby: `.new`)


_IDENTIFIER = re.compile(r"[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*")  # as change/index.py reads a line's identifiers


@lru_cache(maxsize=65_536)
def whole(name: str) -> tuple[str, ...]:
    """A name's pieces as compared whole: every piece kept (short ones, stop words, digits), stemmed, folded and
    written out as words.parts reads them ("ActorRefFrom": actor, ref, from; "Float64Value": float, 64, valu)."""
    return tuple(p if p.isdigit() else expand(fold(stem(p.lower()))) for p in pieces(name))


def spelled(text: str, name: str, *, cased: bool = False, path: str = "") -> bool:
    """Whether a line writes the name whole: one identifier whose pieces hold the name's, run together or apart at
    its joints (`Float64Value`: float64Value, NewFloat64Value, float64_value; PayPal: paypal_client), never across
    identifiers nor inside a piece; a one-piece name is the identifier whole, letter for letter (`Cluster` is not
    `ClusterIp`, `Reference` not "References": a word's other forms are prose, not the name).
    A qualified name is read by its last part (`NumberUtils.isParsable()`: isParsable), its parts written together
    on the line, apart by their joints only (`python3.exe` is not "python3, exe").
    `cased` (in code): a name in camel case, in an identifier in camel case, begins where a piece begins in its first
    letter's case: `TestCase` is the type, not the variable `testCase` of it; `typesSuffix` is not `mapperTypeSuffix`;
    a lower-case-first name meets the identifier it is whole with an upper first letter (`userId`: a C# property
    `UserId`, Go's exported `ParseConfig` for `parseConfig`). Snake case tells no case (`ServerHostname` is
    `server_host_name`), nor one word (`RuboCop` is `rubocop`); a type's name after other pieces of a name beginning
    upper case, ending it, is another type's (`TypedDocumentNode`, `FakeSessionStore`), unless it is called where the
    line's file (`path`) constructs with `new` (`NewFloat64Value(`), or its one piece before is C#'s `I`
    (`ISessionStore`, the type's interface). A name in camel case meets a kebab-case one only whole
    (`session-store`): kebab case names packages, artifacts, headers and options, and inside a longer one
    (`acme-session-store-redis`, `x-session-store-id`) its words are that other thing's name."""
    if mark := marked(name):  # `[JsonIgnore]`, `@cache`: where applied or declared (relevance/attributes.py)
        return applies(text, mark)
    if resource := resource_type(name):  # `r/acme_teams`: the type, one token whole (`acme_teams_v2` is another)
        return any(token == resource for token in _IDENTIFIER.findall(text))
    found_parts = qualified(name)
    last = found_parts[-1].lstrip("-") if found_parts else ""  # a command-line option's name, its dashes aside
    if last != (found_parts[-1] if found_parts else "") and len(whole(last)) == 1:  # `--failfast`: with its dashes
        return _option(text, last)  # or as a string alone
    if "#" in name and not ruby_method(text, name, last):  # `#content?` with its mark; `#call` where defined
        return False
    named = whole(last)
    wanted = "".join(named)
    if not wanted or (len(found_parts) > 1 and not _together(found_parts).search(text)):
        return False
    wanted_letters = last.lower()
    upper = _case(last) if cased else None
    camel = _case(last) is not None  # never within a longer kebab-case name: another thing's
    for token in _IDENTIFIER.findall(text):
        found = whole(token)
        if camel and _kebab(token) and len(found) != len(named):
            continue
        written = pieces(token) if upper is not None and _case(token.strip("_")) is not None else []
        if len(named) == 1:
            if token.strip("_").lower() == last.strip("_").lower() or _across(token, wanted_letters):
                return True
            continue
        for at in range(len(found)):
            joined = ""
            for end, piece in enumerate(found[at:], at):
                joined += piece
                if (
                    joined == wanted
                    and not _longer_type(text, token, written, (at, end), upper, path.endswith(CONSTRUCTING))
                    and (
                        not written
                        or end == at
                        or written[at][0].isupper() == upper
                        or _exported(written, at, end, upper)
                    )
                ):
                    return True  # (one piece holding it all is the name in one word: rubocop, paypal)
                if not wanted.startswith(joined):
                    break
    return False


_OPTION = (  # `--failfast`; "failfast" as Go's flag packages write it; fish's `complete -l failfast`
    r"(?<![\w-])(?:--?|(?:-l|--long(?:-option)?)\s+){0}(?![\w-])|([\"'`]){0}\1"
)


def _option(text: str, word: str) -> bool:
    """Whether a line writes a one-word command-line option: with its dashes (argparse, System.CommandLine, picocli,
    commander, a completion script; fish's `-l word`) or the word as a string of its own (Go's flag, pflag, cobra:
    `"failfast"`), never an identifier of the word (a `force` parameter is no `--force`)."""
    return re.search(_OPTION.format(re.escape(word.lower())), text.lower()) is not None


def _kebab(token: str) -> bool:
    """Whether a token is a kebab-case name: words of one piece each, joined by hyphens (`acme-session-store`,
    `X-Request-Id`); never an expression (`OpTypeValidateStacks-7`)."""
    return "-" in token and all(len(pieces(word)) <= 1 for word in token.split("-"))


def _longer_type(
    text: str, token: str, written: list[str], span: tuple[int, int], upper: bool | None, by_call: bool
) -> bool:
    """Whether a type's name (upper case first) ends an identifier with other pieces, not called: a compound's head is
    its last piece, so that is another type of its kind (`TypedDocumentNode<User>`, `new InMemorySessionStore()`, Go's
    `&fakeSessionStore{}`) or a value named for its kind (`mockDocumentNode`), not a factory of it
    (`NewFloat64Value(x)`, `newSessionStore()`); a name going on after it is a thing of it (`DurableTaskClientOptions`,
    `SessionStoreTest`). A single capital `I` before it is C#'s interface mark (`ISessionStore`: the type's own
    interface). `by_call`: the language constructs by calling a class (Python, Kotlin, Swift), so an upper-case-first
    name called is constructed (`InMemorySessionStore()`), no factory; only a lower-case-first one is
    (`createSessionStore()`)."""
    at, end = span
    if not (upper and at > 0 and end == len(written) - 1) or (at == 1 and written[0] == "I"):
        return False
    if by_call and token[0].isupper():
        return True
    return not any(not m.group(1) for m in re.finditer(rf"(\bnew\s+)?(?<!\w){re.escape(token)}\s*\(", text))


def _exported(written: list[str], at: int, end: int, upper: bool | None) -> bool:
    """Whether the identifier is a lower-case-first name whole, only its first letter upper: a field's or a
    variable's name (`userId`, `parseConfig`) as a C# property or a Go exported name writes it (`UserId`,
    `ParseConfig`). A type's name is not met the other way: `testCase` is a variable of `TestCase`."""
    return upper is False and at == 0 and end == len(written) - 1 and written[0][0].isupper()


def _case(name: str) -> bool | None:
    """Whether a camel-case name begins upper case (TestCase) or lower (testCase); None for one case (MAX_RETRIES,
    split_url) or joints (Content-Type): its case tells nothing."""
    letters = [c for c in name if c.isalpha()]
    if name.isalnum() and any(c.isupper() for c in letters) and any(c.islower() for c in letters):
        return letters[0].isupper()
    return None


def _across(token: str, name: str) -> bool:
    """Whether two or more of the identifier's pieces, run together, are the one-piece name: `ktlint` in KtLintStep,
    `greclipse` in GrEclipseFormatterStep (the name in another case); never one piece of it (`Cluster`: ClusterIp)."""
    found = [p.lower() for p in pieces(token)]
    for at in range(len(found) - 1):
        joined = found[at]
        for piece in found[at + 1 :]:
            joined += piece
            if joined == name:
                return True
            if not name.startswith(joined):
                break
    return False


@lru_cache(maxsize=4_096)
def _joints(parts: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"[^\w\s]{1,3}".join(re.escape(p) for p in parts), re.IGNORECASE)


def _together(parts: list[str]) -> re.Pattern[str]:
    """A qualified name's parts as one token: apart by a joint (. :: / # ->), never by a space or a comma."""
    return _joints(tuple(parts))


def qualified(code: str) -> list[str]:
    """A name's parts, its arguments and value aside: `NumberUtils.isParsable()` -> NumberUtils, isParsable; a Go
    receiver's `(Value).Equal` -> Value, Equal; an npm package's scope, `@emotion/css/x`, its @ aside (a decorator's
    or an annotation's, `@command`, stays: no file's name)."""
    return list(_qualified(code))


@lru_cache(maxsize=4_096)  # a criterion's name is read against each of a change's paths: split it once
def _qualified(code: str) -> tuple[str, ...]:
    head = re.split(r"[^\w.:/#\-]", re.sub(r"^\(\*?([\w.]+)\)|^@(?=[\w.-]+/)", r"\1", code.strip()), maxsplit=1)[0]
    return tuple(part for part in re.split(r"[.:/#]+", head) if part)
