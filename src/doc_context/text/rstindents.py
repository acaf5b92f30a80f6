"""Pure: a reStructuredText line's indent, and the nearest less indented line above it (the one it goes on with).

    above = Above(lines)
    above.owner(i, 2)   # the nearest line above lines[i] indented less than 2 columns ("" for none)

The page's reader asks at each line it reaches, going down the page (rstmd._in_item), so the lines above are read
once, into a stack of strictly growing indents: a line hides every line above it indented as much or more, never
the nearest less indented one of any width. An answer takes as many steps as the stack has indents, not as many as
there are lines above (asking each paragraph of a long list item walked the whole item: quadratic).
"""

from __future__ import annotations


def indent(line: str) -> int:
    """A line's indent in columns, tabs at every 8th."""
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


class Above:
    """The lines above the one a reader reaches: the nearest less indented one for any width."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines  # the page's, as the reader changes them below the line it reaches
        self._read = 0  # the lines read into the stack: every one above the last line asked about
        self._stack: list[tuple[int, str]] = []  # (indent, line), indents strictly growing

    def owner(self, i: int, width: int) -> str:
        """The nearest non-blank line above lines[i] indented less than `width`, "" for none."""
        if i < self._read:  # asked about a line above the last one: read again from the top
            self._read, self._stack = 0, []
        for line in self._lines[self._read : i]:
            if line.strip():
                column = indent(line)
                while self._stack and self._stack[-1][0] >= column:
                    self._stack.pop()
                self._stack.append((column, line))
        self._read = i
        return next((line for column, line in reversed(self._stack) if column < width), "")
