"""Draw the extension's Marketplace icon, images/icon.png (128x128 RGBA), with the standard library alone.

python scripts/icon.py            # check that images/icon.png is what this draws (exit 1 if not)
python scripts/icon.py --write    # draw it

A page (the work item or the Confluence page) on Azure blue, its corner folded, lines of text, and a speech
bubble below it: the comment that carries its context to the pull request. Drawn at 4x and averaged down, so
the edges are smooth; the bytes are the same on every machine (zlib level 9, no timestamps).
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON = ROOT / "images" / "icon.png"
SIZE = 128
SCALE = 4
BLUE = (0, 120, 212)
WHITE = (255, 255, 255)
INK = (0, 90, 158)
Shape = Callable[[float, float], bool]


def _rounded(x0: float, y0: float, x1: float, y1: float, r: float) -> Shape:
    def inside(x: float, y: float) -> bool:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    return inside


def _page(x: float, y: float) -> bool:
    """The page, its top right corner cut off."""
    return _rounded(30, 14, 98, 92, 5)(x, y) and (x - 78) + (22 - y) <= 8


def _fold(x: float, y: float) -> bool:
    return 78 <= x <= 98 and 14 <= y <= 34 and (x - 78) + (34 - y) >= 20 - 0.5 and x - 78 <= y - 14


def _lines(x: float, y: float) -> bool:
    return any(_rounded(42, top, right, top + 6, 3)(x, y) for top, right in ((44, 86), (58, 86), (72, 70)))


def _bubble(inset: float) -> Shape:
    """The speech bubble, `inset` inside its outline."""
    body = _rounded(52 + inset, 82 + inset, 114 - inset, 116 - inset, 9 - inset)

    def inside(x: float, y: float) -> bool:
        tail = 62 + inset <= x <= 78 and 112 <= y <= 126 - inset * 1.5 and (x - 62 - inset) <= (126 - inset * 1.5 - y)
        return body(x, y) or tail

    return inside


def _dots(x: float, y: float) -> bool:
    return any((x - cx) ** 2 + (y - 99) ** 2 <= 16 for cx in (71, 83, 95))


LAYERS: tuple[tuple[Shape, tuple[int, int, int]], ...] = (  # the topmost first
    (_dots, BLUE),
    (_bubble(2.5), WHITE),
    (_bubble(0), INK),
    (_lines, INK),
    (_fold, (199, 224, 244)),
    (_page, WHITE),
)


def color(x: float, y: float) -> tuple[int, int, int, int]:
    """The colour at a point; transparent outside the rounded square."""
    if not _rounded(0, 0, SIZE, SIZE, 22)(x, y):
        return (0, 0, 0, 0)
    rgb = next((rgb for shape, rgb in LAYERS if shape(x, y)), BLUE)
    return (*rgb, 255)


def pixels() -> list[list[tuple[int, int, int, int]]]:
    rows = []
    step = 1 / SCALE
    for py in range(SIZE):
        row = []
        for px in range(SIZE):
            samples = [color(px + (i + 0.5) * step, py + (j + 0.5) * step) for j in range(SCALE) for i in range(SCALE)]
            alpha = sum(s[3] for s in samples)
            if alpha == 0:
                row.append((0, 0, 0, 0))
                continue
            rgb = [round(sum(s[c] * s[3] for s in samples) / alpha) for c in range(3)]
            row.append((rgb[0], rgb[1], rgb[2], round(alpha / len(samples))))
        rows.append(row)
    return rows


def png(rows: list[list[tuple[int, int, int, int]]]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + bytes(value for pixel in row for value in pixel) for row in rows)
    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"write {ICON.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    drawn = png(pixels())
    if args.write:
        ICON.parent.mkdir(exist_ok=True)
        ICON.write_bytes(drawn)
        return 0
    if not ICON.is_file() or ICON.read_bytes() != drawn:
        print(f"{ICON.relative_to(ROOT)} is stale: python scripts/icon.py --write", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
