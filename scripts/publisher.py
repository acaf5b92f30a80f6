"""The Marketplace publisher a release publishes under: `python scripts/publisher.py [EXTENSION.vsix ...]`.

Without arguments (the release's first step when it is to publish): MARKETPLACE_PUBLISHER must be set, and not
to vss-extension.json's placeholder; it prints the id. With .vsix files (right before `tfx extension publish`):
each must name such a publisher. Otherwise it exits 1 with one line saying what to set: a release never
publishes under the placeholder. In a pipeline (TF_BUILD) that line is an error issue.
"""

from __future__ import annotations

import json
import os
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = "MARKETPLACE_PUBLISHER"
PLACEHOLDER = str(json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))["publisher"])
_IDENTITY = "{http://schemas.microsoft.com/developer/vsx-schema/2011}Metadata/"
_IDENTITY += "{http://schemas.microsoft.com/developer/vsx-schema/2011}Identity"


def problem(publisher: str | None, where: str) -> str | None:
    """Why this publisher cannot be published under, or None."""
    value = (publisher or "").strip()
    if not value:
        return (
            f"{where} is not set: publishing to the Marketplace needs your publisher id (a plain variable "
            f"{VARIABLE} of the release pipeline; docs/admin.md, Release)"
        )
    if value == PLACEHOLDER:
        return f"{where} is the placeholder '{PLACEHOLDER}': set {VARIABLE} to your Marketplace publisher id"
    return None


def vsix_publisher(path: Path) -> str:
    with zipfile.ZipFile(path) as vsix:
        identity = ET.fromstring(vsix.read("extension.vsixmanifest")).find(_IDENTITY)
    return identity.get("Publisher", "") if identity is not None else ""


def main(argv: list[str] | None = None, environ: dict[str, str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    env = dict(os.environ) if environ is None else environ
    if args:
        problems = [problem(vsix_publisher(Path(a)), f"the publisher of {Path(a).name}") for a in args]
    else:
        problems = [problem(env.get(VARIABLE), VARIABLE)]
    found = next((p for p in problems if p), None)
    if found is None:
        if not args:
            print(env[VARIABLE].strip())
        return 0
    if env.get("TF_BUILD", "").lower() == "true":
        print(f"##vso[task.logissue type=error;]{found}")
    else:
        print(f"publisher.py: {found}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
