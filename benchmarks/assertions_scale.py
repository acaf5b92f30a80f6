"""Benchmark: whether a long test line asserts a name grows linearly with the line.

Run: python benchmarks/assertions_scale.py [characters]
relevance/assertions.asserts matches a line's parentheses once and looks each assertion head's closing one up (review
14 F4: each place of the name walked every head before it to its closing parenthesis, 2.71 s of CPU on a 26,000
character line of unclosed heads, `expect(toBe, ` 2,000 times; 0.10 s after 7c88a0d). For each shape (unclosed heads,
closed assertions, nested calls in an unclosed head), the CPU of one answer on a line of `characters` characters and
on ten times as long, and the CPU per 100,000 characters of the longer. Goal: every ratio under 20 (linear: about
10) and at most 1 s per 100,000 characters (the walk was linear too, bounded by its 400-character window, but 9.4 s
per 100,000 characters of unclosed heads: 2.45 s on 26,000 before 7c88a0d, 0.36 s after). The behaviour on these
lines is tests/test_evidence_test_tools.py's (its test asserted the CPU before session 16).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from scale import Shapes, ratios

from doc_context.relevance.assertions import asserts


def _line(unit: str) -> Callable[[int], str]:
    return lambda n: unit * (n // len(unit))


SHAPES: Shapes = {
    "unclosed heads (expect(toBe, )": _line("expect(toBe, "),
    "closed assertions": _line("expect(cart).toBe(1); "),
    "nested calls in unclosed heads": _line("assertThat(f(g(x)).isNull("),
}


def answer(line: str) -> object:
    return asserts(line, "isNull" if "isNull" in line else "toBe")


def main(argv: list[str]) -> int:
    size, times = int(argv[1]) if len(argv) > 1 else 26_000, 10
    worst, slowest = ratios(SHAPES, answer, size, times)  # benchmarks/scale.py
    per = slowest * 100_000 / (size * times)
    print(f"CPU per 100,000 characters at most {per:.2f} s")
    met = worst < 20 and per <= 1
    print(f"goal (every ratio under 20, at most 1 s per 100,000 characters): {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
