"""The ratio loop the *_scale.py benchmarks share: the CPU of some work on each shape of input at a size and at a
multiple of it, and their ratio (about the multiple when the work is linear, its square when quadratic)."""

from __future__ import annotations

import time
from collections.abc import Callable

Shapes = dict[str, Callable[[int], str]]


def cpu(work: Callable[[str], object], text: str, runs: int = 1) -> float:
    """The CPU one run of the work on the text takes (the mean of `runs`)."""
    start = time.process_time()
    for _ in range(runs):
        work(text)
    return (time.process_time() - start) / runs


def ratios(shapes: Shapes, work: Callable[[str], object], size: int, times: int, runs: int = 1) -> tuple[float, float]:
    """Print each shape's CPU at `size` and at `times` that, and their ratio; return the worst ratio and the slowest
    run at the larger size."""
    worst, slowest = 0.0, 0.0
    for name, shape in shapes.items():
        small, large = cpu(work, shape(size), runs), cpu(work, shape(times * size), runs)
        ratio = large / max(small, 1e-6)
        worst, slowest = max(worst, ratio), max(slowest, large)
        print(f"{name:38} {size:>7,} {small:8.4f} s  {times * size:>7,} {large:8.4f} s  ratio {ratio:5.1f}")
    return worst, slowest


def linear(argv: list[str], shapes: Shapes, work: Callable[[str], object], size: int, times: int, goal: float) -> int:
    """A *_scale.py benchmark's main: the ratios at argv's size (or `size`) and `times` that; the goal is every ratio
    under `goal` (linear work)."""
    worst, _ = ratios(shapes, work, int(argv[1]) if len(argv) > 1 else size, times)
    print(f"goal (every ratio under {goal:g}, linear): {'met' if worst < goal else 'NOT met'}")
    return 0
