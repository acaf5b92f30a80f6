"""Shared fixtures: the sandbox servers and the CLI run as a subprocess against them."""

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass

import pytest

# The SDK computes its on-disk cache directory at import time: set it before anything imports it.
os.environ.setdefault("AZURE_DEVOPS_CACHE_DIR", tempfile.mkdtemp(prefix="doc-context-test-sdk-cache-"))

from doc_context.demo import run_env
from doc_context.sandbox import Sandbox


@dataclass
class Ran:
    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture
def sandbox():
    with Sandbox() as sb:
        yield sb


@pytest.fixture
def cli(tmp_path):
    """Run `python -m doc_context ARGS` in a fresh process with the given environment."""

    def run(env: dict[str, str], *args: str, timeout: float = 120) -> Ran:
        full = run_env(env, str(tmp_path / "sdk-cache"))
        done = subprocess.run(
            [sys.executable, "-m", "doc_context", *args],
            env=full,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        ran = Ran(done.returncode, done.stdout, done.stderr)
        assert_no_secret(ran.output, [env[k] for k in SECRET_VARIABLES if env.get(k)])
        return ran

    return run


SECRET_VARIABLES = (
    "SYSTEM_ACCESSTOKEN",
    "AZURE_DEVOPS_PAT",
    "CONFLUENCE_API_TOKEN",
    "CONFLUENCE_PAT",
    "DOC_CONTEXT_LLM_API_KEY",
)


def assert_no_secret(output: str, secrets: list[str]) -> None:
    """Every CLI run in the tests is scanned: a secret may appear only in the agent's own masking command."""
    shown = "\n".join(line for line in output.splitlines() if not line.startswith("##vso[task.setsecret]"))
    leaked = [s for s in secrets if len(s) >= 4 and s in shown]
    assert not leaked, f"a secret reached the output: {[s[:3] + '...' for s in leaked]}"


def pytest_terminal_summary(terminalreporter):
    from .fault_tally import TALLY

    if TALLY.injected:
        terminalreporter.write_line(
            f"fault matrix: faults injected {TALLY.injected}, runs that ended well "
            f"{TALLY.ended_well}, duplicate threads {TALLY.duplicates}"
        )
