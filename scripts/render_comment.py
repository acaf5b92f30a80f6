"""Render the demo's posted comment to docs/comment.png, as a reviewer sees it (needs the 'docs' extra and chromium).

python -m pip install -e ".[docs]" && apt-get install -y chromium && python scripts/render_comment.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import markdown

from doc_context.demo import demo_env
from doc_context.sandbox import Sandbox

STYLE = """body{font-family:'Segoe UI',Helvetica,Arial,sans-serif;font-size:14px;color:#201f1e;margin:0;
background:#f8f8f8}
.thread{max-width:860px;margin:16px;background:#fff;border:1px solid #e1dfdd;border-radius:4px;padding:8px 20px 16px}
.who{color:#605e5c;font-size:12px;border-bottom:1px solid #edebe9;padding:8px 0;margin-bottom:8px}
h2{font-size:20px}h3{font-size:16px;margin-top:22px}h4{font-size:14px}a{color:#0078d4;text-decoration:none}
code{background:#f3f2f1;padding:1px 4px;border-radius:2px;font-size:12px}blockquote{border-left:3px solid #c8c6c4;
margin:8px 0;padding:2px 12px;color:#484644}table{border-collapse:collapse}
td,th{border:1px solid #e1dfdd;padding:3px 8px}"""


def main() -> int:
    with Sandbox() as sandbox, tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [sys.executable, "-m", "doc_context", "run"],
            env=demo_env(sandbox.env(), tmp),  # with a build id, as in a pipeline: the link to its summary
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            print(done.stdout + done.stderr)
            return done.returncode
        body = sandbox.ado.threads(sandbox.info.pr_id)[0]["comments"][0]["content"]
        html = markdown.markdown(body, extensions=["tables", "sane_lists"])
        page = Path(tmp) / "comment.html"
        page.write_text(
            f"<html><head><meta charset='utf-8'><style>{STYLE}</style></head><body><div class='thread'>"
            f"<div class='who'><b>Fabrikam Build Service (fabrikam)</b> commented · Closed</div>"
            f"{html}</div></body></html>",
            encoding="utf-8",
        )
        out = Path(__file__).resolve().parent.parent / "docs" / "comment.png"
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
                "--window-size=900,1560",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
