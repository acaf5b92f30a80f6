"""Pure: where a file's added lines stand on the old side, to measure them against its deleted lines on one axis.

An added line's number is the new file's and a deleted line's the old file's; a block added or deleted above them
shifts one against the other. The lines neither side changed are the same on both: an added line stands after the
unchanged lines above it and after every deleted line with no more unchanged lines above it (a diff writes a
change's deleted lines before its added ones), so its place on the old side is those counted.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence


def on_old_side(added: Sequence[int], deleted: Sequence[int]) -> list[int]:
    """For each added line (its new-side number, ascending), the old-side number it stands at: 2 for a line added
    where the old file's line 2 was rewritten, whatever was added or deleted above it."""
    kept_above = [number - 1 - j for j, number in enumerate(deleted)]  # ascending: unchanged lines above each
    places = []
    for i, number in enumerate(added):
        unchanged = number - 1 - i
        places.append(unchanged + bisect_right(kept_above, unchanged) + 1)
    return places
