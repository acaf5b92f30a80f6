"""The suite leaves nothing behind: no folder in the temp dir or the home dir, no sandbox process.

Each test runs pytest itself, in a child process with a fresh TMPDIR and HOME, so what the child
leaves behind can be seen (the machine's own temp dir is shared with everything else running).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # pytest in a subprocess

ROOT = Path(__file__).resolve().parent.parent
# One of each kind: the CLI as a subprocess, the SDK in this process, the demo (its own temp cache dir).
SAMPLE = (
    "tests/test_end_to_end.py::test_two_runs_leave_exactly_one_thread",
    "tests/test_sandbox.py::test_discovery_then_pull_request_by_id",
    "tests/test_sandbox.py::test_python_m_sandbox_prints_exports",
)


def child_pytest(args: list[str], tmp: Path, home: Path, **kwargs) -> subprocess.Popen:
    env = {
        **os.environ,
        "TMPDIR": str(tmp),
        "HOME": str(home),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
    }
    env.pop("AZURE_DEVOPS_CACHE_DIR", None)  # as a developer's shell has it: unset
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # a suite run from a background job inherits an ignored SIGINT; a person's Ctrl-C is not ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        **kwargs,
    )


def leftovers(tmp: Path, home: Path) -> list[str]:
    """Everything under the temp and home dirs, except pytest's own empty per-user root."""
    found = [str(p.relative_to(tmp)) for p in tmp.rglob("*")] + [str(p.relative_to(home)) for p in home.rglob("*")]
    return [f for f in found if not f.startswith("pytest-of-") or "/" in f]


def test_a_green_session_leaves_no_folder_in_temp_or_home(tmp_path):
    tmp, home = tmp_path / "tmp", tmp_path / "home"
    tmp.mkdir(), home.mkdir()
    proc = child_pytest(list(SAMPLE), tmp, home)
    out, _ = proc.communicate(timeout=300)
    assert proc.returncode == 0, out
    assert f"{len(SAMPLE)} passed" in out, out
    assert leftovers(tmp, home) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_an_interrupted_test_leaves_no_sandbox_process(tmp_path, sig):
    tmp, home = tmp_path / "tmp", tmp_path / "home"
    tmp.mkdir(), home.mkdir()
    pidfile = tmp_path / "sandbox.pid"
    (tmp_path / "test_waits.py").write_text(
        "import subprocess, sys, time\n"
        "from pathlib import Path\n\n"
        "def test_waits(spawn):\n"
        "    proc = spawn([sys.executable, '-m', 'doc_context.sandbox'], stdout=subprocess.PIPE, text=True)\n"
        "    proc.stdout.readline()  # serving\n"
        f"    Path({str(pidfile)!r}).write_text(str(proc.pid))\n"
        "    time.sleep(300)\n"
    )
    proc = child_pytest(["-p", "tests.conftest", str(tmp_path / "test_waits.py")], tmp, home)
    try:
        for _ in range(600):
            if (pidfile.exists() and pidfile.read_text()) or proc.poll() is not None:
                break
            time.sleep(0.1)
        assert pidfile.exists(), proc.communicate(timeout=10)[0]
        sandbox_pid = int(pidfile.read_text())
        assert alive(sandbox_pid)
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "KeyboardInterrupt" in out, out
    for _ in range(100):  # its parent reaped it in the fixture's teardown; allow the kernel a moment
        if not alive(sandbox_pid):
            break
        time.sleep(0.05)
    assert not alive(sandbox_pid), f"sandbox process {sandbox_pid} outlived the interrupted test"


def alive(pid: int) -> bool:
    """Running, and not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
