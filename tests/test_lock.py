"""locks/: every runtime dependency of pyproject is pinned there, exactly and with hashes, for every Python the
package supports; the locks were made from pyproject's requirements as they are now."""

import importlib
import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
lock = importlib.import_module("lock")
PYTHONS = ("3.10", "3.11", "3.12", "3.13", "3.14")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


def pins(name: str) -> list[tuple[Requirement, list[str]]]:
    """Each pin of a lock file with its hashes."""
    text = (ROOT / "locks" / name).read_text(encoding="utf-8")
    out = []
    for block in re.split(r"\n(?=\S)", text.strip()):
        if block.startswith("#"):
            continue
        head = block.split("\n", 1)[0].rstrip(" \\")
        out.append((Requirement(head), HASH.findall(block)))
    return out


def pinned_for(name: str, python: str) -> dict[str, str]:
    """name -> pinned version, for the pins whose markers hold on that Python (Linux, CPython)."""
    env = {"python_version": python, "python_full_version": python + ".0", "sys_platform": "linux",
           "platform_python_implementation": "CPython", "implementation_name": "cpython"}  # fmt: skip
    out: dict[str, str] = {}
    for requirement, _ in pins(name):
        if requirement.marker is None or requirement.marker.evaluate(env):
            (spec,) = requirement.specifier
            assert canonicalize_name(requirement.name) not in out, f"two pins of {requirement.name} for {python}"
            out[canonicalize_name(requirement.name)] = spec.version
    return out


def test_every_pin_is_exact_and_hashed():
    for name in ("base.txt", "entra.txt"):
        for requirement, hashes in pins(name):
            (spec,) = requirement.specifier
            assert spec.operator == "==", requirement
            assert hashes, f"{requirement} has no hash"
            assert len(set(hashes)) == len(hashes)


def test_the_locks_cover_pyprojects_requirements_on_every_python():
    wanted = lock.requirements()
    for python in PYTHONS:
        base = pinned_for("base.txt", python)
        both = base | pinned_for("entra.txt", python)
        for locked, lines in ((base, wanted["base"]), (both, wanted["entra"])):
            for line in lines:
                requirement = Requirement(line)
                key = canonicalize_name(requirement.name)
                assert key in locked, f"{requirement.name} is not locked for Python {python}"
                assert requirement.specifier.contains(locked[key], prereleases=True), (requirement, locked[key])


def test_entra_adds_to_base_without_repinning_it():
    base = {canonicalize_name(r.name) for r, _ in pins("base.txt")}
    entra = {canonicalize_name(r.name) for r, _ in pins("entra.txt")}
    assert "azure-identity" in entra and "azure-identity" not in base
    assert not base & entra


def test_the_locks_were_made_from_pyproject_as_it_is():
    assert lock.stale() == [], "python scripts/lock.py"
    changed = lock.requirements()["base"] + ["extra-package>=1"]
    assert lock.input_digest(changed) != lock.input_digest(lock.requirements()["base"])
