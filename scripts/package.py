"""Build a release: `python scripts/package.py --out DIR [--publisher ID]`.

DIR gets:
  doc_context-X.Y.Z-py3-none-any.whl   the wheel (what release.yml uploads to an Azure Artifacts feed)
  task/                                the DocContext task as the agent runs it: index.js, task.json,
                                       env-map.json and python/ (the wheel, the hash-pinned locks, and
                                       wheel.txt, the wheel's own hash); `tfx build tasks upload --task-path`
  PUBLISHER.doc-context-X.Y.Z.vsix     the extension that carries that task (vss-extension.json)

It refuses to build from stale files: the versions (scripts/version.py), the task (scripts/task_json.py) and
the locks (scripts/lock.py) must be current. The wheel is built by pip from the checkout, without build
isolation when setuptools and wheel are installed (no network), with it otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import lock
import task_json
import version
import vsix
from publisher import PLACEHOLDER as PLACEHOLDER_PUBLISHER

ROOT = Path(__file__).resolve().parent.parent
TASK_FILES = ("index.js", "task.json", "env-map.json")
LOCK_FILES = ("base.txt", "entra.txt")


def _stale() -> list[str]:
    problems = []
    if version.main([]) != 0:
        problems.append("versions differ: python scripts/version.py --write")
    if task_json.main([]) != 0:
        problems.append("task files are stale: python scripts/task_json.py --write")
    problems += [f"{path} is stale: python scripts/lock.py" for path in lock.stale()]
    return problems


def _backend_installed() -> bool:
    """Can pip build without fetching the build backend (pyproject's build-system.requires)?"""
    try:
        setuptools = tuple(int(p) for p in importlib.metadata.version("setuptools").split(".")[:2])
        importlib.metadata.version("wheel")
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return False
    return setuptools >= (68, 0)


def build_wheel(out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        isolation = [] if not _backend_installed() else ["--no-build-isolation"]
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", *isolation, "-w", tmp, str(ROOT)],
            check=True,
        )
        (built,) = Path(tmp).glob("doc_context-*.whl")
        target = out / built.name
        shutil.copyfile(built, target)
    return target


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stage_task(wheel: Path, task: Path) -> None:
    """The task folder the agent runs: the shim, its JSON, and python/ with the wheel and the locks."""
    if task.exists():
        shutil.rmtree(task)
    python = task / "python"
    python.mkdir(parents=True)
    for name in TASK_FILES:
        shutil.copyfile(ROOT / "task" / name, task / name)
    for name in LOCK_FILES:
        shutil.copyfile(ROOT / "locks" / name, python / name)
    shutil.copyfile(wheel, python / wheel.name)
    (python / "wheel.txt").write_text(f"./{wheel.name} --hash=sha256:{sha256(wheel)}\n", encoding="utf-8")


def stage_marketplace(manifest: dict[str, object], out: Path) -> None:
    """What the manifest names besides the task (its icon, its overview page), copied from the repository."""
    for name in vsix.listed(manifest):
        if name.split("/")[0] == "task":
            continue
        source, target = ROOT / name, out / name
        if target.exists():
            shutil.rmtree(target) if target.is_dir() else target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target) if source.is_dir() else shutil.copyfile(source, target)


def package(out: Path, publisher: str | None = None) -> dict[str, Path]:
    problems = _stale()
    if problems:
        raise SystemExit("not packaging from stale files:\n  " + "\n  ".join(problems))
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.vsix"), *out.glob("doc_context-*.whl")]:
        old.unlink()  # exactly one of each in DIR
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    if publisher:
        manifest["publisher"] = publisher
    wheel = build_wheel(out)
    stage_task(wheel, out / "task")
    stage_marketplace(manifest, out)
    target = out / vsix.file_name(manifest)
    vsix.write(manifest, out, target)
    return {"wheel": wheel, "task": out / "task", "vsix": target}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="where the wheel, task/ and the .vsix go")
    parser.add_argument("--publisher", help="your Marketplace publisher id (default: vss-extension.json's)")
    args = parser.parse_args(argv)
    built = package(args.out.resolve(), args.publisher)
    for label, path in built.items():
        print(f"{label:6} {path}")
    if (args.publisher or PLACEHOLDER_PUBLISHER) == PLACEHOLDER_PUBLISHER:
        print(f"note: the publisher is '{PLACEHOLDER_PUBLISHER}': pass --publisher <your publisher id> to upload it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
