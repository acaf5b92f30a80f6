"""Pure, as text/ is: the paths a unified diff's headers name, as git writes them (for unified.py): "diff --git a/P
b/P" (one path twice; a path holding " b/"), a ---/+++ line's (/dev/null for none, a tab ending a name holding a space),
and git's C-style quoting of unusual paths ("a/tab\\there", octal UTF-8 bytes) undone.
"""

from __future__ import annotations

import re

_ESCAPES = {"a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def header_path(rest: str) -> str:
    """The new path of "diff --git a/P b/P" (the header alone names a binary or mode-only change)."""
    if rest.startswith('"') or rest.endswith('"'):
        quoted = re.findall(r'"(?:[^"\\]|\\.)*"|\S+', rest)
        return _strip_prefix(unquote(quoted[-1]), "b/") if quoted else ""
    half = (len(rest) - 1) // 2
    if rest[:2] == "a/" and rest[half + 1 : half + 3] == "b/" and rest[2:half] == rest[half + 3 :]:
        return rest[half + 3 :]
    cut = rest.rfind(" b/")
    return rest[cut + 3 :] if cut >= 0 else ""


def side_path(text: str, prefix: str) -> str:
    """The path of a ---/+++ line; "" for /dev/null. git ends a name holding a space with a tab."""
    name = text[:-1] if text.endswith("\t") else text
    if name == "/dev/null":
        return ""
    return _strip_prefix(unquote(name), prefix)


def _strip_prefix(path: str, prefix: str) -> str:
    return path[len(prefix) :] if path.startswith(prefix) else path


def unquote(name: str) -> str:
    """git's C-style quoting of unusual paths ("a/tab\\there", octal UTF-8 bytes) undone; as is otherwise."""
    if len(name) < 2 or not (name.startswith('"') and name.endswith('"')):
        return name
    out = bytearray()
    body, i = name[1:-1], 0
    while i < len(body):
        char = body[i]
        if char == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            octal = body[i + 1 : i + 4]
            if len(octal) == 3 and all(c in "01234567" for c in octal):
                out.append(int(octal, 8) & 0xFF)
                i += 4
                continue
            out += _ESCAPES.get(nxt, nxt).encode("utf-8")
            i += 2
            continue
        out += char.encode("utf-8", "replace")
        i += 1
    return out.decode("utf-8", "replace")
