"""`doc-context demo`: a run against the built-in sandbox servers, and what was posted (demo.py)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from doc_context.commands.console import Console

if TYPE_CHECKING:
    from doc_context.commands import Subparsers


def add(sub: Subparsers) -> None:
    demo = sub.add_parser("demo", help="run against the built-in sandbox servers and show what was posted")
    demo.set_defaults(main=main)


def main(args: argparse.Namespace, console: Console) -> int:
    from doc_context.demo import demo

    return demo(console.emit)
