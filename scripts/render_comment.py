"""Render the demo's posted comment to docs/comment.png, as a reviewer sees it, and its acceptance criteria with
their evidence to docs/criteria.png (needs the 'docs' extra and chromium; a dev-time tool, never run by tests).

python -m pip install -e ".[docs]" && apt-get install -y chromium && python scripts/render_comment.py

The demo runs as a PR build does, on a git checkout of the pull request's change, so the criteria's evidence
comes from the diff.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from markdown_it import MarkdownIt

from doc_context.demo import demo_env
from doc_context.sandbox import Sandbox
from doc_context.sandbox.checkout import checkout_env, demo_checkout

DOCS = Path(__file__).resolve().parent.parent / "docs"

STYLE = """body{font-family:'Segoe UI',Helvetica,Arial,sans-serif;font-size:14px;color:#201f1e;margin:0;
background:#f8f8f8}
.thread{max-width:860px;margin:16px;background:#fff;border:1px solid #e1dfdd;border-radius:4px;padding:8px 20px 16px}
.who{color:#605e5c;font-size:12px;border-bottom:1px solid #edebe9;padding:8px 0;margin-bottom:8px}
h2{font-size:20px}h3{font-size:16px;margin-top:22px}h4{font-size:14px}a{color:#0078d4;text-decoration:none}
code{background:#f3f2f1;padding:1px 4px;border-radius:2px;font-size:12px}blockquote{border-left:3px solid #c8c6c4;
margin:8px 0;padding:2px 12px;color:#484644}table{border-collapse:collapse}
td,th{border:1px solid #e1dfdd;padding:3px 8px}"""


def main() -> int:
    with Sandbox() as sandbox, tempfile.TemporaryDirectory() as tmp, demo_checkout() as checkout:
        env = demo_env(sandbox.env(), tmp)  # with a build id, as in a pipeline: the link to its summary
        env.update(checkout_env(checkout, sandbox.info.pr_id, sandbox.ado))
        done = subprocess.run(
            [sys.executable, "-m", "doc_context", "run"], env=env, capture_output=True, text=True, check=False
        )
        if done.returncode:
            print(done.stdout + done.stderr)
            return done.returncode
        body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
        shoot(body, DOCS / "comment.png", Path(tmp), height=1560)
        shoot(criteria_block(body), DOCS / "criteria.png", Path(tmp), height=365)
    return 0


def criteria_block(body: str) -> str:
    """The comment's acceptance criteria and a bug's outcome, with their evidence, under their work items' headings."""
    blocks = body.split("\n\n")
    kept: list[str] = []
    for n, block in enumerate(blocks):
        if block == "**Acceptance criteria**" or block.startswith("- **Expected:**"):
            heading = next(b for b in reversed(blocks[:n]) if b.startswith(("### ", "#### ")))
            kept += [heading.split("\n")[0].replace("### ", "#### ", 1), block]
            kept += [blocks[n + 1]] if block == "**Acceptance criteria**" else []
    return "\n\n".join(kept)


def shoot(body: str, out: Path, tmp: Path, *, height: int) -> None:
    html = MarkdownIt("commonmark").enable("table").render(body)
    html = re.sub(r"<h4>", "<h4 style='margin-top:12px'>", html)
    page = tmp / f"{out.stem}.html"
    page.write_text(
        f"<html><head><meta charset='utf-8'><style>{STYLE}</style></head><body><div class='thread'>"
        f"<div class='who'><b>Fabrikam Build Service (fabrikam)</b> commented · Closed</div>"
        f"{html}</div></body></html>",
        encoding="utf-8",
    )
    subprocess.run(
        [
            os.environ.get("CHROMIUM", "chromium"),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={tmp}/profile",
            "--hide-scrollbars",
            f"--screenshot={out}",
            f"--window-size=900,{height}",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    print(f"wrote {out}")


if __name__ == "__main__":
    sys.exit(main())
