"""Pure: an attribute, annotation or decorator named as code writes it where it applies, its sigil included (review
14 F3): C#'s `[JsonIgnore]` (`[Obsolete("...")]`), Java's `@Deprecated`, Python's `@functools.cache`, TypeScript's
`@Input()`, Rust's `#[non_exhaustive]`. It meets a line applying it so (with the arguments the span writes, if
any: `@GetMapping("/users/{id}")` never `@GetMapping("/orders/{id}")`; C#'s one of a list, `[DataMember,
JsonIgnore]`, or for a target, `[property: JsonIgnore]`, its class's `JsonIgnoreAttribute` too) or declaring it
(`def cache(`, `function Input(`, `class JsonIgnoreAttribute`, `@interface Deprecated`, `fn name(`), never a line
writing its name for another purpose (a `cache` variable, `settings.JsonIgnore`, `command(name)`). Arguments a
formatter wraps onto the lines after the name (`@GetMapping(`, `value = "/users/{id}",`, `)`) are its line's
(wrapped).

    marked("[JsonIgnore]"), marked("@functools.cache")   # Mark("[", "JsonIgnore"), Mark("@", "functools.cache")
    marked("@types/node"), marked("[x]"), marked("[0]")  # None: an npm scope, a checkbox, an index
    applies("    [DataMember, JsonIgnore]", Mark("[", "JsonIgnore"))   # True
    applies("    cache = {}", Mark("@", "cache"))                        # False

A C# attribute's name begins upper case (`[items]`, `[tool.acme]` are an index, a TOML table); an `@` after a word
character is an address's. The name is compared as written, case and qualifier included: `@command` is not
`@click.command`, nor Javadoc's `@deprecated` Java's `@Deprecated`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from doc_context.relevance.literals import blanked


@dataclass(frozen=True)
class Mark:
    sigil: str  # "[" (C#), "@" (Java, Python, TypeScript), "#[" (Rust)
    name: str  # as written, qualified or not: JsonIgnore, functools.cache, non_exhaustive
    arguments: str = ""  # as written inside its parentheses, if the span writes any: `"/users/{id}"`, `Debug`


_NAME = r"[A-Za-z_]\w*(?:(?:\.|::)[A-Za-z_]\w*)*"
_MARKED = re.compile(
    rf"\[(?P<bracketed>[A-Z]\w*(?:\.[A-Za-z_]\w*)*)(?:\((?P<a1>.*)\))?\]|#!?\[(?P<rust>{_NAME})(?:\((?P<a2>.*)\))?\]"
    rf"|@(?P<marked>{_NAME})(?:\((?P<a3>.*)\))?"
)
_LIST = re.compile(r"(?<![\w)\"'.$])\[([^\[\]]*)\]")  # a C# attribute list, `[A, B(x)]`, never an index's `a[i]`
_ARGUMENTS = re.compile(r"\((?:[^()]|\([^()]*\))*\)")  # an attribute's arguments, a call nested in them
MAX_WRAPPED = 12  # the lines after its name an attribute's arguments are read on


@lru_cache(maxsize=4_096)  # asked for every name a line is read for (names.spelled)
def marked(code: str) -> Mark | None:
    """The attribute a code span names, written with its sigil; None for any other code."""
    found = _MARKED.fullmatch(code.strip())
    if found is None:
        return None
    sigil = "[" if found.group("bracketed") else "#[" if found.group("rust") else "@"
    arguments = (found.group("a1") or found.group("a2") or found.group("a3") or "").strip()
    return Mark(sigil, found.group("bracketed") or found.group("rust") or found.group("marked"), arguments)


def applies(text: str, mark: Mark) -> bool:
    """Whether a line applies the attribute, as its language writes it (with the arguments the span writes, if it
    writes any: `@GetMapping("/users/{id}")` is not `@GetMapping("/orders/{id}")`, review 15 F2), or declares it."""
    if _declaring(mark).search(text) is not None:
        return True
    if mark.arguments and _plain(mark.arguments) not in _plain(text):
        return False
    if mark.sigil == "[":
        return any(_in_list(inner, mark.name) for inner in _LIST.findall(text))
    return _applying(mark).search(text) is not None


def wrapped(texts: Sequence[str], i: int, numbers: Sequence[int]) -> str:
    """Line i with the lines its parentheses or brackets left open go on to, in a row of the file (`numbers`: each
    line's), up to MAX_WRAPPED more: `@GetMapping(`, `value = "/users/{id}",`, `)` is one text, as one line."""
    depth, end = _depth(texts[i]), i
    while depth > 0 and end + 1 < len(texts) and end - i < MAX_WRAPPED and numbers[end + 1] == numbers[end] + 1:
        end += 1
        depth += _depth(texts[end])
    return " ".join(texts[i : end + 1])


def _depth(text: str) -> int:
    """The brackets a line opens and leaves open (its string literals aside)."""
    code = blanked(text)
    return code.count("(") + code.count("[") - code.count(")") - code.count("]")


def _plain(code: str) -> str:
    """Code without its spaces, its quotes one kind: `@Route( '/login' )` holds `"/login"`."""
    return re.sub(r"\s+", "", code).replace("'", '"')


def _in_list(inner: str, name: str) -> bool:
    """Whether a C# attribute list (`[A, B(x)]`, `[property: B]`) holds the attribute, `B` or `BAttribute`."""
    found = _ARGUMENTS.sub("", re.sub(r"^\s*\w+\s*:(?!:)", "", inner))
    return any(_attribute(item.strip(), name) for item in found.split(","))


def _attribute(item: str, name: str) -> bool:
    return item in (name, f"{name}Attribute") or item.endswith((f".{name}", f".{name}Attribute"))


@lru_cache(maxsize=1_024)
def _applying(mark: Mark) -> re.Pattern[str]:
    """`@Deprecated(`, `@functools.cache`, `#[non_exhaustive]`: the sigil, the name whole, no more of a name after."""
    sigil = r"(?<![\w.@])@" if mark.sigil == "@" else r"#!?\[\s*"
    return re.compile(sigil + re.escape(mark.name) + r"(?![\w.:])")


@lru_cache(maxsize=1_024)
def _declaring(mark: Mark) -> re.Pattern[str]:
    """The line defining it: a function (Python, TypeScript, Rust), a C# attribute's class, Java's `@interface`."""
    last = re.split(r"\.|::", mark.name)[-1]
    named = re.escape(last) + ("(?:Attribute)?" if mark.sigil == "[" else "")
    return re.compile(rf"(?<![\w.$])(?:def|function|fn|class|@interface)\s+{named}\b")
