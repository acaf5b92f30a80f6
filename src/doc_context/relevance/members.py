"""Pure: a member a criterion names with its type (`Type.member`, Javadoc's and Ruby's `Type#member`,
`Module::Type.member`, Go's `(Type).Member`), where the code says it without the type.

    called("        DATE_FORMATTER.formatTo(buffer);", "DateTimeFormatter#formatTo(StringBuilder)")   # True
    called("        formatter.format(buffer);", "DateTimeFormatter#format")                         # False
    called("        log.info(order.toString());", "Money#toString")                                     # False

An instance's method is called on the instance, never on its type: `formatter.formatTo(buffer)` calls
`DateTimeFormatter#formatTo`. A member of two pieces or more (formatTo, chat_update) is that member where it is
called on a receiver tied to the type: its name shares a piece with the type's, or the file writes the type's name
(toString, getValue, read_text are every type's). A one-piece one (`format`, `stop`, `exit`) is every type's, and
meets only its type's file. A change inside the member's definition in its type's file (git's funcname, a
definition line above the change: relevance/definitions.defines) is about it, though no changed line writes its name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from doc_context.relevance.language import language_word
from doc_context.relevance.names import qualified
from doc_context.relevance.words import pieces

SELF = frozenset({"this", "self", "base", "super"})
ANY = "*"  # every receiver


def called(text: str, code: str, typed: Iterable[str] = ()) -> bool:
    """Whether a line calls the member a qualified name names on a receiver tied to its type (`formatter.formatTo(`),
    the member of two pieces or more and no language's word. A receiver is tied when it shares a piece with the
    type's name (DATE_FORMATTER and DateTimeFormatter, factory and HttpClientFactory) or when it is one of the names
    the file declares of the type (`typed`: receivers(), Go's `c *Client`): `order.toString()` is not
    `Money#toString`, nor `parser.formatTo(b)` in a file that only imports DateTimeFormatter."""
    member = instance_member(code)
    if not member:
        return False
    owner = {piece.lower() for piece in pieces(qualified(code)[-2])}
    declared = set(typed)
    for call in re.finditer(rf"(\w*)\s*\.\s*{re.escape(member)}\s*\(", text):
        if ANY in declared or call.group(1) in declared or owner & {piece.lower() for piece in pieces(call.group(1))}:
            return True
    return False


def receivers(texts: Iterable[str], code: str) -> frozenset[str]:
    """The names the texts declare of the type a qualified name's member belongs to: a parameter, a field or a
    variable of it (Go's `c *Client`, Java's and C#'s `DateTimeFormatter f`, `f: DateTimeFormatter`), or one made of
    it (`f = new DateTimeFormatter(`, `c := NewClient(`, `c = Client.new`); `this` in a class extending or implementing
    it; ANY in a test describing it (RSpec's, Jest's `describe`). A line merely writing the type's name (an import, a
    comment, a log message) declares none."""
    found = qualified(code)
    if len(found) < 2:
        return frozenset()
    kind = re.escape(found[-2])
    declared = (
        rf"(\w+)\s+\*?(?:\w+\.)?{kind}\b(?!\s*[.(])",  # Go: c *Client, c tfe.Client
        rf"(?<![\w.]){kind}(?:<[^<>()]*>)?(?:\[\])?\s+(\w+)\s*[,;=)]",  # Java, C#: DateTimeFormatter f
        rf"(\w+)\s*\??:\s*(?:\w+\.)?{kind}\b",  # TypeScript, Python, Kotlin: f: DateTimeFormatter
        rf"(\w+)\s*:?=\s*(?:new\s+|&)?(?:\w+\.)?(?:New)?{kind}\s*(?:[({{]|\.new\b)",  # made of it
    )
    texts = list(texts)
    names = {m.group(1) for text in texts for pattern in declared for m in re.finditer(pattern, text)}
    if any(re.search(rf"\bclass\s+\w+.*(?:[:<(,]|extends|implements)\s*(?:\w+(?:\.|::))*{kind}\b", t) for t in texts):
        names |= SELF  # a class of the type, extending or implementing it: its own calls
    if any(re.search(rf"\bdescribe\s*\(?\s*['\"]?(?:\w+(?:\.|::))*{kind}\b", t) for t in texts):
        names.add(ANY)  # a test of the type (`describe Hashie::Extensions::DeepMerge do`): any call is on it
    return frozenset(names)


def instance_member(code: str) -> str:
    """The member a qualified name names, when its own name tells it apart (two pieces or more): `formatTo` of
    `DateTimeFormatter#formatTo(StringBuilder)`; "" for a one-piece member or a name that is not qualified."""
    found = qualified(code)
    if len(found) < 2 or len(pieces(found[-1])) < 2 or language_word(found[-1]):
        return ""
    return found[-1]
