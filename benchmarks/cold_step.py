"""Benchmark: what the DocContext step costs on a fresh agent, from nothing installed to a posted comment.

Run: python benchmarks/cold_step.py [--repeat 3] [--staged DIR] [--wheelhouse DIR] [--no-bare]

Each way starts from an empty folder and runs against a fresh sandbox PR, all in the same run:
  ours              the task exactly as the agent runs it: `node task/index.js` from the task folder that
                    scripts/package.py builds (a venv without pip of its own, then one pip install of the
                    hash-pinned locks plus the carried wheel with --require-hashes --no-deps --no-compile,
                    through the base Python's pip), then `python -m doc_context run`.
  pip-resolve       a fresh venv as `python -m venv` makes it (with its own pip), `pip install` of the same
                    wheel with pip's resolver and defaults, then the same run.
  pip-resolve/bare  the same install, but in a venv made like ours (no pip of its own, the base Python's pip):
                    what the lock, --no-deps and --no-compile alone save.
Both install from the same local wheelhouse (PIP_NO_INDEX, PIP_FIND_LINKS: every file already on disk, the
"warm cache"), filled once beforehand from this machine's configured index with the locked files, so
neither pays for the network. Times are medians of --repeat runs; each is split at the `doc_context run`
command into install and run. The last line is `cold step: ours X s, pip-resolve Y s`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from doc_context.demo import run_env
from doc_context.sandbox import Sandbox

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import json, os, pip; print(os.path.join(os.path.dirname(pip.__file__), '__pip-runner__.py'))"


@dataclass(frozen=True)
class Cold:
    install_s: float
    run_s: float
    code: int
    output: str

    @property
    def total_s(self) -> float:
        return self.install_s + self.run_s


def stage(out: Path) -> Path:
    """The task folder scripts/package.py builds (it also checks the versions, the task and the locks)."""
    subprocess.run([sys.executable, str(ROOT / "scripts" / "package.py"), "--out", str(out)], check=True,
                   stdout=subprocess.DEVNULL)  # fmt: skip
    return out / "task"


def fill_wheelhouse(task: Path, wheelhouse: Path) -> None:
    """Every locked file for this machine, from its configured index, checked against the locks' hashes."""
    locks = [arg for name in ("base.txt", "entra.txt") for arg in ("-r", str(task / "python" / name))]
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--require-hashes",
         "--no-deps", "--only-binary=:all:", "-d", str(wheelhouse), *locks],
        check=True,
    )  # fmt: skip


def _env(sandbox: Sandbox, cache: str, wheelhouse: Path) -> dict[str, str]:
    env = run_env({k: v for k, v in sandbox.env().items() if k != "SYSTEM_ACCESSTOKEN"}, cache)
    for name in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONHOME"):
        env.pop(name, None)  # the fresh venv alone, writing its bytecode as an agent's Python does
    env |= {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return env


def _timed(command: list[str], env: dict[str, str], split_at: str = "") -> tuple[float, float, int, str]:
    """Run; return (seconds before the line holding split_at, seconds after, exit code, output)."""
    start = time.perf_counter()
    split = None if split_at else start
    lines = []
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            if split is None and split_at and split_at in line:
                split = time.perf_counter()
            lines.append(line)
    end = time.perf_counter()
    split = split or end
    return split - start, end - split, proc.returncode, "".join(lines)


def ours(task: Path, wheelhouse: Path) -> Cold:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not installed: the task runs on the agent's Node")
    with Sandbox() as sandbox, tempfile.TemporaryDirectory(prefix="doc-context-cold-") as tmp:
        env = _env(sandbox, str(Path(tmp) / "sdk-cache"), wheelhouse)
        env["ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN"] = sandbox.info.token
        env["AGENT_TOOLSDIRECTORY"] = str(Path(tmp) / "tools")
        env["INPUT_PYTHONEXECUTABLE"] = sys.executable
        install, run, code, output = _timed([node, str(task / "index.js")], env, split_at="-m doc_context run")
        posted = len(sandbox.ado.threads(sandbox.info.pr_id))
    return Cold(install, run, code if posted == 1 else 99, output)


def pip_resolve(wheel: Path, wheelhouse: Path, *, bare: bool = False) -> Cold:
    runner = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout.strip()
    with Sandbox() as sandbox, tempfile.TemporaryDirectory(prefix="doc-context-cold-") as tmp:
        env = _env(sandbox, str(Path(tmp) / "sdk-cache"), wheelhouse)
        env["SYSTEM_ACCESSTOKEN"] = sandbox.info.token
        venv = Path(tmp) / "venv"
        python = str(venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python"))
        start = time.perf_counter()
        make = [sys.executable, "-m", "venv", *(["--without-pip"] if bare else []), str(venv)]
        subprocess.run(make, env=env, check=True)
        pip = [python, runner] if bare else [python, "-m", "pip"]
        subprocess.run([*pip, "install", "--quiet", str(wheel)], env=env, check=True)
        install = time.perf_counter() - start
        _, run, code, output = _timed([python, "-m", "doc_context", "run"], env)
        posted = len(sandbox.ado.threads(sandbox.info.pr_id))
    return Cold(install, run, code if posted == 1 else 99, output)


def median(runs: list[Cold], field: str) -> float:
    return statistics.median(getattr(run, field) for run in runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--staged", type=Path, help="a DIR that scripts/package.py --out DIR built (default: build)")
    parser.add_argument("--json", action="store_true", help="also print the medians as one JSON line")
    parser.add_argument("--no-bare", action="store_true", help="skip the pip-resolve/bare way")
    parser.add_argument("--wheelhouse", type=Path, help="a folder already holding the locked files (default: fill one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="doc-context-bench-") as tmp:
        out = args.staged or Path(tmp) / "dist"
        task = out / "task" if args.staged else stage(out)
        (wheel,) = (task / "python").glob("doc_context-*.whl")
        wheelhouse = args.wheelhouse or Path(tmp) / "wheelhouse"
        if not args.wheelhouse:
            fill_wheelhouse(task, wheelhouse)
        results: dict[str, list[Cold]] = {"ours": [], "pip-resolve": [], "pip-resolve/bare": []}
        for _ in range(args.repeat):  # interleaved, so a slow moment of the machine hits each way
            results["ours"].append(ours(task, wheelhouse))
            results["pip-resolve"].append(pip_resolve(wheel, wheelhouse))
            if not args.no_bare:
                results["pip-resolve/bare"].append(pip_resolve(wheel, wheelhouse, bare=True))
        if args.no_bare:
            del results["pip-resolve/bare"]
    for name, runs in results.items():
        failed = [run for run in runs if run.code != 0]
        if failed:
            print(f"{name}: a run failed (exit {failed[0].code}):\n{failed[0].output}", file=sys.stderr)
            return 1
    x = median(results["ours"], "total_s")
    print(f"{'way':17} {'install':>8} {'run':>6} {'total':>6} {'/ ours':>7}   (medians of {args.repeat}, seconds)")
    for name, runs in results.items():
        total = median(runs, "total_s")
        print(f"{name:17} {median(runs, 'install_s'):8.2f} {median(runs, 'run_s'):6.2f} {total:6.2f} {total / x:7.2f}")
    y = median(results["pip-resolve"], "total_s")
    if args.json:
        medians = {name: round(median(runs, "total_s"), 2) for name, runs in results.items()}
        print(json.dumps(medians | {"ratio": round(y / x, 2)}))
    print(f"cold step: ours {x:.2f} s, pip-resolve {y:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
