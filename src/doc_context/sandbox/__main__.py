"""python -m doc_context.sandbox: serve the seeded sandbox and print its environment until Ctrl-C."""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import threading
from collections.abc import Sequence

from . import Sandbox


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m doc_context.sandbox", description=__doc__)
    parser.add_argument("--ado-port", type=_port, default=0, help="fixed port for Azure DevOps (default: any free)")
    parser.add_argument("--confluence-port", type=_port, default=0, help="fixed port for Confluence (default: any)")
    args = parser.parse_args(argv)
    try:
        sandbox = Sandbox(ado_port=args.ado_port, confluence_port=args.confluence_port).start()
    except OSError as e:
        print(
            f"{parser.prog}: {e.strerror}: choose another port with --ado-port / --confluence-port "
            "(0 picks a free one)",
            file=sys.stderr,
        )
        return 2
    # Ctrl-C stops it even when started as a background job of a script, which starts with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for key, value in sandbox.env().items():
            print(f"export {key}={shlex.quote(value)}", flush=True)
        print(
            f"# Azure DevOps {sandbox.ado.base_url}  Confluence {sandbox.confluence.api_base}  "
            f"Jira {sandbox.jira.site_url}  "
            f"PR {sandbox.info.pr_id}; Ctrl-C to stop",
            file=sys.stderr,
            flush=True,
        )
        threading.Event().wait()
    except KeyboardInterrupt:
        print(
            f"# stopped after {len(sandbox.ado.requests())} Azure DevOps and "
            f"{len(sandbox.confluence.requests())} Confluence requests",
            file=sys.stderr,
        )
    finally:
        sandbox.close()
    return 0


def _port(value: str) -> int:
    if not value.isdigit() or int(value) > 65535:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port (0 to 65535)")
    return int(value)


if __name__ == "__main__":
    sys.exit(main())
