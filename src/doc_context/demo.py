"""`doc-context demo`: the real pipeline, through the real SDK and httpx, against the sandbox servers."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from doc_context.commands.console import Printer
from doc_context.sandbox import Sandbox
from doc_context.sandbox.checkout import checkout_env, demo_checkout
from doc_context.settings import setting_variables
from doc_context.text.visible import visible_size

DEMO_BUILD_ID = "20418"
SUMMARY_FILE = "doc-context-summary.md"
_PIPELINE_PREFIXES = ("SYSTEM_", "BUILD_", "DOC_CONTEXT_", "AZURE_DEVOPS_")  # the agent's and doc-context's own


def run_env(sandbox_env: dict[str, str], cache_dir: str) -> dict[str, str]:
    """This machine's environment without pipeline variables and settings (a document source's too: every
    environment name Settings reads), plus the sandbox's."""
    settings = setting_variables()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(_PIPELINE_PREFIXES) and k != "TF_BUILD" and k not in settings
    }
    env.update(sandbox_env)
    env["AZURE_DEVOPS_CACHE_DIR"] = cache_dir
    return env


def demo_env(sandbox_env: dict[str, str], cache_dir: str) -> dict[str, str]:
    """run_env and a build, as a pipeline run has one: its id (the comment links to its summary) and the
    summary file (a pipeline uploads it with ##vso[task.uploadsummary])."""
    env = run_env(sandbox_env, cache_dir)
    env["BUILD_BUILDID"] = DEMO_BUILD_ID
    env["DOC_CONTEXT_SUMMARY_FILE"] = str(Path(cache_dir) / SUMMARY_FILE)
    return env


def with_checkout(stack: ExitStack, env: dict[str, str], sandbox: Sandbox) -> str:
    """The PR build's checkout added to env (a temporary git repository, HEAD^1..HEAD the pull request's change,
    its HEAD the pull request's merge commit, removed when the stack closes), so the change is read from it;
    what happened, in words."""
    try:
        source_dir = stack.enter_context(demo_checkout())
        env.update(checkout_env(source_dir, sandbox.info.pr_id, sandbox.ado))
    except (OSError, subprocess.SubprocessError) as e:
        return f"no checkout (git could not build one: {e}); the change is read through Azure DevOps"
    return f"checkout {source_dir} (HEAD^1..HEAD is the pull request's change)"


def demo(out: Printer) -> int:
    with ExitStack() as stack:
        sandbox = stack.enter_context(Sandbox())
        cache = stack.enter_context(tempfile.TemporaryDirectory(prefix="doc-context-sdk-cache-"))
        info = sandbox.info
        sites = f"Confluence: {sandbox.confluence.base_url}/wiki   Jira: {sandbox.jira.site_url}"
        out(f"Sandbox Azure DevOps: {sandbox.ado.base_url}   {sites}")
        env = demo_env(sandbox.env(), cache)
        checkout = with_checkout(stack, env, sandbox)
        out(f"Pull request {info.pr_id} in {info.project_name}/{info.repo_name}; {checkout}\n")
        for attempt in (1, 2):
            out(f"=== pipeline log, run {attempt}: doc-context run ===")
            code = _run(env, out)
            if code != 0:
                out(f"doc-context run exited with {code}")
                return code
            if attempt == 1:
                out(f"\n=== the comment posted on pull request {info.pr_id} ===")
                threads = sandbox.ado.threads(info.pr_id)
                comment = threads[-1]["comments"][0]["content"] if threads else "(no thread was posted)"
                out(comment)
                summary = (Path(cache) / SUMMARY_FILE).read_text(encoding="utf-8")
                lines = len(comment.splitlines())
                out(
                    f"\n(the comment: {visible_size(comment):,} visible characters, {len(comment):,} in markdown, "
                    f"{lines} lines; the build summary it links to, "
                    f"uploaded with ##vso[task.uploadsummary] in a pipeline: {len(summary):,} characters)\n"
                )
        threads = sandbox.ado.threads(info.pr_id)
        out(f"\nThreads on the pull request after two runs: {len(threads)}")
        out(
            f"Requests received: Azure DevOps {len(sandbox.ado.requests())}, "
            f"Confluence {len(sandbox.confluence.requests())}"
        )
    return 0


def _run(env: dict[str, str], out: Printer) -> int:
    done = subprocess.run(
        [sys.executable, "-m", "doc_context", "run"], env=env, capture_output=True, text=True, timeout=300, check=False
    )
    for line in (done.stdout + done.stderr).splitlines():
        out("  " + line)
    return done.returncode
