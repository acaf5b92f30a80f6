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


def called(text: str, code: str, typed: bool = False) -> bool:
    """Whether a line calls the member a qualified name names on a receiver tied to its type (`formatter.formatTo(`),
    the member of two pieces or more and no language's word. A receiver is tied when it shares a piece with the
    type's name (DATE_FORMATTER and DateTimeFormatter, factory and HttpClientFactory) or when the file writes the
    type's name (`typed`: a declaration, Go's `c *Client`): `order.toString()` is not `Money#toString`."""
    member = instance_member(code)
    if not member:
        return False
    owner = {piece.lower() for piece in pieces(qualified(code)[-2])}
    for call in re.finditer(rf"(\w*)\s*\.\s*{re.escape(member)}\s*\(", text):
        if typed or owner & {piece.lower() for piece in pieces(call.group(1))}:
            return True
    return False


def writes_type(texts: Iterable[str], code: str) -> bool:
    """Whether one of the texts writes the type a qualified name's member belongs to, as a word (`Client` of
    `(*Client).DoRequest` in `func (c *Client) Get(`)."""
    found = qualified(code)
    if len(found) < 2:
        return False
    written = re.compile(rf"(?<![\w$]){re.escape(found[-2])}(?![\w$])")
    return any(written.search(text) for text in texts)


def instance_member(code: str) -> str:
    """The member a qualified name names, when its own name tells it apart (two pieces or more): `formatTo` of
    `DateTimeFormatter#formatTo(StringBuilder)`; "" for a one-piece member or a name that is not qualified."""
    found = qualified(code)
    if len(found) < 2 or len(pieces(found[-1])) < 2 or language_word(found[-1]):
        return ""
    return found[-1]
