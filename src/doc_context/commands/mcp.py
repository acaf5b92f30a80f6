"""`doc-context mcp`: serve the pull_request_context tool over stdio (mcp_server.py; the `mcp` extra)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from doc_context.commands.console import Console

if TYPE_CHECKING:
    from doc_context.commands import Subparsers


def add(sub: Subparsers) -> None:
    mcp = sub.add_parser(
        "mcp", help="serve the pull_request_context tool over stdio (Model Context Protocol; the mcp extra)"
    )
    mcp.set_defaults(main=main)


def main(args: argparse.Namespace, console: Console) -> int:
    from doc_context.mcp_server import serve

    return serve()
