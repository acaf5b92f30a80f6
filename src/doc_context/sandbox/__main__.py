"""python -m doc_context.sandbox: serve the seeded sandbox and print its environment until Ctrl-C."""

from __future__ import annotations

import argparse
import shlex
import sys
import threading
from collections.abc import Sequence

from . import Sandbox


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m doc_context.sandbox", description=__doc__)
    parser.add_argument("--ado-port", type=int, default=0, help="fixed port for Azure DevOps (default: any free)")
    parser.add_argument("--confluence-port", type=int, default=0, help="fixed port for Confluence (default: any)")
    args = parser.parse_args(argv)
    sandbox = Sandbox(ado_port=args.ado_port, confluence_port=args.confluence_port).start()
    try:
        for key, value in sandbox.env().items():
            print(f"export {key}={shlex.quote(value)}", flush=True)
        print(
            f"# Azure DevOps {sandbox.ado.base_url}  Confluence {sandbox.confluence.api_base}  "
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


if __name__ == "__main__":
    sys.exit(main())
