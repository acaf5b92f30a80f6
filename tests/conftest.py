"""Shared fixtures: the sandbox servers, and the CLI run against them (in this process, or as a subprocess)."""

import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from doc_context.demo import run_env
from doc_context.models import Clock
from doc_context.sandbox import Sandbox
from doc_context.settings import secret_variables

from .clock import FakeClock
from .inprocess import run_main

# CI (CI=true, as .ci/run is started there) draws the same examples every run, so a run's result is the code's,
# not the draw's; a developer's run keeps Hypothesis' random search (and its database of failures) to find more.
# No per-example deadline: these machines are shared and noisy, and speed is a benchmark's claim, never a test's.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI", "").lower() == "true" else "default")


@pytest.hookimpl(trylast=True)  # after the tmpdir plugin made its factory
def pytest_configure(config):
    """Before collection imports the SDK: its disk cache (computed at import, ~/.azure-devops by default)
    goes into this session's pytest temp dir, removed with it; a TERM interrupts the run as Ctrl-C does,
    so every test's `finally` stops the processes it started."""
    assert "azure.devops" not in sys.modules, "the SDK was imported before its cache dir was set"
    os.environ["AZURE_DEVOPS_CACHE_DIR"] = str(config._tmp_path_factory.mktemp("sdk-cache", numbered=False))
    signal.signal(signal.SIGTERM, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _empty_sdk_disk_cache():
    """Each test leaves the SDK's disk cache empty, as a run on a fresh agent finds it. The SDK keeps one JSON
    file per cache and rewrites all of it on every new entry: each sandbox (a new port, so a new URL) adds its
    200 KB of resource locations, so without this every discovery wrote all the earlier ones again. The SDK's
    in-process cache (per URL, read first) is untouched."""
    yield
    cache_module = sys.modules.get("azure.devops._file_cache")
    if cache_module is not None:
        for cache in (cache_module.OPTIONS_CACHE, cache_module.RESOURCE_CACHE):
            if cache.data:
                cache.clear()  # FileCache.clear removes the file; the entries in memory go below
                cache.data = {}


SUBPROCESS_FIXTURES = {"cli", "cli_process", "spawn", "release", "wheelhouse"}


def pytest_collection_modifyitems(items):
    """A test that runs the CLI (in this process or another) or a process through these fixtures is end to end: the
    fast tier leaves it out."""
    for item in items:
        if SUBPROCESS_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)


@dataclass
class Ran:
    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@pytest.fixture(scope="session")
def sandbox_ports() -> dict[str, int]:
    """Where the sandbox fixture listens, the same ports all session (filled by the first test that uses it)."""
    return {}


@pytest.fixture
def sandbox(sandbox_ports):
    """The demo's sandbox, seeded afresh for each test at the same addresses all session: a test's changes (work
    items, threads, faults, latency, switches) die with its own sandbox, and the SDK, which keeps its discovery per
    URL in this process, discovers the organization once a session instead of once a test."""
    with reseeded(sandbox_ports) as sb:
        yield sb


def reseeded(ports: dict[str, int]) -> Sandbox:
    """A new sandbox, seeded as the demo, on `ports` (remembered: the first call takes free ones)."""
    try:
        box = Sandbox(
            ado_port=ports.get("ado", 0), confluence_port=ports.get("confluence", 0), jira_port=ports.get("jira", 0)
        )
    except OSError:  # another process took a port since the last test: new ones (one more discovery)
        box = Sandbox()
    ports.update(ado=box.ado.port, confluence=box.confluence.port, jira=box.jira.port)
    return box


@pytest.fixture
def spawn():
    """Start processes that stop when the test ends, however it ends: failed, interrupted (Ctrl-C or TERM,
    see pytest_configure), or with pytest killed outright (on Linux the child gets a TERM when pytest dies)."""
    started: list[subprocess.Popen] = []

    def start(args: list[str], **kwargs) -> subprocess.Popen:
        proc = subprocess.Popen(args, preexec_fn=_die_with_parent, **kwargs)
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def _die_with_parent() -> None:
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@pytest.fixture
def cli():
    """Run `doc-context ARGS` in this process (main(argv), tests/inprocess.py) with the given environment, as a
    fresh process would: its exit code, stdout and stderr. Its waits between tries go by `clock`, a FakeClock of
    its own unless given: they pass at once (a socket's timeout and the run's deadline stay real time)."""

    def run(env: dict[str, str], *args: str, timeout: float = 120, clock: Clock | None = None) -> Ran:
        ran = Ran(
            *run_main(
                run_env(env, os.environ["AZURE_DEVOPS_CACHE_DIR"]), args, timeout=timeout, clock=clock or FakeClock()
            )
        )
        assert_no_secret(ran.output, [env[k] for k in SECRET_VARIABLES if env.get(k)])
        return ran

    return run


@pytest.fixture
def cli_process(tmp_path):
    """Run `python -m doc_context ARGS` in a fresh process with the given environment: for what only a process
    shows (it leaves at once with a request in flight; what the console script does to its streams)."""

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


SECRET_VARIABLES = secret_variables()  # every secret setting's environment names, a document source's too


def assert_no_secret(output: str, secrets: list[str]) -> None:
    """Every CLI run in the tests is scanned: a secret may appear only in the agent's own masking command."""
    shown = "\n".join(line for line in output.splitlines() if not line.startswith("##vso[task.setsecret]"))
    leaked = [s for s in secrets if len(s) >= 4 and s in shown]
    assert not leaked, f"a secret reached the output: {[s[:3] + '...' for s in leaked]}"


FAILED = "##vso[task.complete result=Failed;]"
ERROR = "##vso[task.logissue type=error;]"


def error_issues(stdout: str) -> list[str]:
    """The errors a pipeline run reported (as the agent shows them: one issue each), unescaped."""
    return [
        line.removeprefix(ERROR).replace("%0D", "\r").replace("%0A", "\n").replace("%AZP25", "%")
        for line in stdout.splitlines()
        if line.startswith(ERROR)
    ]


def ends_failed(ran: Ran) -> str:
    """A failed pipeline run: its last line is the step's result, Failed, with one line; that line."""
    last = ran.stdout.rstrip("\n").splitlines()[-1]
    assert ran.code != 0 and last.startswith(FAILED), ran.output
    assert "%0A" not in last
    return last.removeprefix(FAILED)


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def release(tmp_path_factory) -> Path:
    """`python scripts/package.py --out DIR`, once a session: DIR holds the wheel, task/ and the .vsix."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "package.py"), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.fixture(scope="session")
def wheelhouse(release, tmp_path_factory) -> Path:
    """Every locked file for this machine, fetched once from its configured index and checked against the locks'
    hashes: the index the task's runs then use (PIP_NO_INDEX + PIP_FIND_LINKS), so they need no network."""
    out = tmp_path_factory.mktemp("wheelhouse")
    python = release / "task" / "python"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--require-hashes",
         "--no-deps", "--only-binary=:all:", "-d", str(out), "-r", str(python / "base.txt"),
         "-r", str(python / "entra.txt")],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def pytest_terminal_summary(terminalreporter):
    from .fault_tally import TALLY

    if TALLY.burst:
        terminalreporter.write_line(f"burst: {TALLY.burst}")
    if TALLY.injected:
        terminalreporter.write_line(
            f"fault matrix: faults injected {TALLY.injected}, runs that ended well "
            f"{TALLY.ended_well}, duplicate threads {TALLY.duplicates}"
        )
