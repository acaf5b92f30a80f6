"""pyproject.toml's version is the only one: `python scripts/version.py --write` carries it everywhere else.

Into: the package's __version__, the extension manifest, the task (through scripts/task_json.py), the
template's default version, and every `refs/tags/vX.Y.Z` in the examples and the docs (the tag a release
makes). Without --write it exits 1 and names each file that differs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_VERSION = re.compile(r'^\[project\][^\[]*?^version = "(?P<v>[^"]+)"', re.M | re.S)
_SEMVER = r"\d+\.\d+\.\d+"


def project_version() -> str:
    match = _VERSION.search((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    if not match or not re.fullmatch(_SEMVER, match.group("v")):
        raise SystemExit("pyproject.toml: [project] version must be MAJOR.MINOR.PATCH")
    return match.group("v")


def _sub(pattern: str, replacement: str) -> Callable[[str, str], str]:
    def apply(text: str, version: str) -> str:
        return re.sub(pattern, replacement.format(v=version), text, flags=re.M)

    return apply


def _manifest(text: str, version: str) -> str:
    manifest = json.loads(text)
    manifest["version"] = version
    return json.dumps(manifest, indent=2) + "\n"


_TAG = _sub(rf"refs/tags/v{_SEMVER}\b", "refs/tags/v{v}")
RULES: list[tuple[str, Callable[[str, str], str]]] = [
    ("src/doc_context/__init__.py", _sub(rf'^__version__ = "{_SEMVER}"$', '__version__ = "{v}"')),
    ("vss-extension.json", _manifest),
    # the template's `version` parameter: what it installs from a feed
    ("pipelines/templates/doc-context.yml", _sub(rf"^(- name: version\b.*\n(?:  .*\n)*?  default: )'{_SEMVER}'",
                                                 r"\g<1>'{v}'")),
    ("pipelines/examples/azure-pipelines.yml", _TAG),
    ("pipelines/examples/manual-rerun.yml", _TAG),
    ("pipelines/examples/service-hook.yml", _TAG),
    ("docs/admin.md", _TAG),
]  # fmt: skip


def rendered(version: str | None = None) -> dict[Path, str]:
    version = version or project_version()
    out = {}
    for name, rule in RULES:
        path = ROOT / name
        out[path] = rule(path.read_text(encoding="utf-8"), version)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="rewrite the files")
    args = parser.parse_args(argv)
    stale = [path for path, text in rendered().items() if path.read_text(encoding="utf-8") != text]
    if args.write:
        for path in stale:
            path.write_text(rendered()[path], encoding="utf-8")
        import task_json  # the task's version and its files, from the same source

        return task_json.main(["--write"])
    for path in stale:
        print(f"{path.relative_to(ROOT)} does not carry {project_version()}: run python scripts/version.py --write")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
