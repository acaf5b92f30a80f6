"""An Azure DevOps extension (.vsix) from vss-extension.json, written the way `tfx extension create` writes it.

A .vsix is an OPC zip: `[Content_Types].xml` (a content type per file extension), `extension.vsixmanifest`
(XML: identity, name, categories, the installation target, and the vsomanifest as an asset),
`extension.vsomanifest` (JSON: the contributions), every file under the manifest's `files` paths, and the icon
and overview page (`icons`, `content.details`) as the Marketplace's assets. The zip is deterministic: sorted
entries, fixed timestamps. tfx's own validation of the manifest is repeated here.

vss-extension.json lists `task/python/wheel.txt` besides `task`: the file scripts/package.py writes beside the
wheel it puts in the task. The repository's task/ has no python/, so `tfx extension create` at the repository's
root stops ("ENOENT ... task/python/wheel.txt") instead of packing a task that cannot run; so does `write`.
"""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path
from xml.etree import ElementTree as ET

VSIX_NS = "http://schemas.microsoft.com/developer/vsx-schema/2011"
DESIGN_NS = "http://schemas.microsoft.com/developer/vsx-schema-design/2011"
TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
CONTENT_TYPES = "[Content_Types].xml"
VSIX_MANIFEST = "extension.vsixmanifest"
VSO_MANIFEST = "extension.vsomanifest"
TARGET = "Microsoft.VisualStudio.Services"
TASK_CONTRIBUTION = "ms.vss-distributed-task.task"
ICON_ASSET = "Microsoft.VisualStudio.Services.Icons.Default"
DETAILS_ASSET = "Microsoft.VisualStudio.Services.Content.Details"
# tfx's map (vsix-manifest-builder.ts), plus what a task carrying a wheel holds
_TYPES = {
    ".js": "application/javascript",
    ".json": "application/json",
    ".md": "text/markdown",
    ".png": "image/png",
    ".txt": "text/plain",
    ".whl": "application/zip",
    ".vsixmanifest": "text/xml",
    ".vsomanifest": "application/json",
}
_FIXED_TIME = (1980, 1, 1, 0, 0, 0)
_BAD_PART = re.compile(r"[\s#^\[\]<>?]|\.$")  # vsix-writer.ts: what a part name must not hold


def check_manifest(manifest: dict[str, object]) -> list[str]:
    """tfx's extension checks (extension-composer.ts, composer.ts): the problems, or []."""
    problems = []
    if not re.fullmatch(r"[A-Za-z0-9_-]+", str(manifest.get("id", ""))):
        problems.append("'extensionId' may only include letters, numbers, underscores, and dashes.")
    for key in ("version", "name", "publisher"):
        if not manifest.get(key):
            problems.append(f"'{key}' must be provided.")
    if len(str(manifest.get("description", ""))) > 200:
        problems.append("'description' must be less than 200 characters.")
    if not manifest.get("categories"):
        problems.append("One or more 'categories' must be provided.")
    contributions = manifest.get("contributions")
    if not isinstance(contributions, list) or not contributions:
        problems.append("Your extension must define at least one contribution or contribution type.")
        contributions = []
    ids = [c.get("id") for c in contributions]
    problems += [f"Your extension defined a duplicate contribution id '{i}'." for i in set(ids) if ids.count(i) > 1]
    if {"id": TARGET} not in list(manifest.get("targets", [])):
        problems.append(f"'targets' must include {TARGET}.")
    return problems


def files(manifest: dict[str, object], root: Path) -> list[tuple[str, Path]]:
    """(part name, file) for everything under the manifest's `files` paths (directories expanded, each file once),
    then its icon and overview page, as tfx adds them."""
    out: dict[str, Path] = {}
    for path_name in listed(manifest):
        base = root / path_name
        if not base.exists():
            raise ValueError(
                f"{path_name} is missing under {root}: "
                + (
                    "the task has no python/ folder; build the extension with "
                    "`python scripts/package.py --out DIR`, which puts the wheel and the locks there"
                    if path_name.startswith("task/python")
                    else "the manifest lists it"
                )
            )
        found = sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]
        for path in found:
            name = path.relative_to(root).as_posix()
            if _BAD_PART.search(name):
                raise ValueError(f"{name}: a part name must not hold white space, #^[]<>? or end with '.'")
            out.setdefault(name, path)
    return list(out.items())


def listed(manifest: dict[str, object]) -> list[str]:
    """Every path the manifest names: its `files`, its icon, its overview page."""
    return [entry["path"] for entry in manifest.get("files", [])] + list(_assets(manifest))


def _assets(manifest: dict[str, object]) -> dict[str, str]:
    """path -> asset type of the icon and the overview page (tfx: icons.default, content.details)."""
    found = {}
    icon = (manifest.get("icons") or {}).get("default")
    if icon:
        found[icon] = ICON_ASSET
    details = ((manifest.get("content") or {}).get("details") or {}).get("path")
    if details:
        found[details] = DETAILS_ASSET
    return found


def _asset_list(manifest: dict[str, object], names: list[str]) -> list[tuple[str, str]]:
    """(type, path) of each asset, in tfx's order: each file's own types (an addressable `files` entry is typed
    by its part name), then the vsomanifest."""
    addressable = [entry["path"] for entry in manifest.get("files", []) if entry.get("addressable")]
    special = _assets(manifest)
    out = []
    for name in names:
        if any(name == a or name.startswith(a.rstrip("/") + "/") for a in addressable):
            out.append((name, name))
        if name in special:
            out.append((special[name], name))
    return [*out, ("Microsoft.VisualStudio.Services.Manifest", VSO_MANIFEST)]


def vsixmanifest(manifest: dict[str, object], names: list[str] | None = None) -> bytes:
    ET.register_namespace("", VSIX_NS)
    ET.register_namespace("d", DESIGN_NS)
    q = f"{{{VSIX_NS}}}"
    package = ET.Element(f"{q}PackageManifest", {"Version": "2.0.0"})
    meta = ET.SubElement(package, f"{q}Metadata")
    identity = {"Language": "en-US", "Id": manifest["id"], "Version": manifest["version"]}
    ET.SubElement(meta, f"{q}Identity", {**identity, "Publisher": manifest["publisher"]})
    ET.SubElement(meta, f"{q}DisplayName").text = str(manifest["name"])
    description = ET.SubElement(meta, f"{q}Description", {"{http://www.w3.org/XML/1998/namespace}space": "preserve"})
    description.text = str(manifest.get("description", ""))
    ET.SubElement(meta, f"{q}GalleryFlags").text = "Public" if manifest.get("public") else None
    ET.SubElement(meta, f"{q}Categories").text = ",".join(manifest["categories"])
    if manifest.get("tags"):
        ET.SubElement(meta, f"{q}Tags").text = ",".join(manifest["tags"])
    for path, kind in _assets(manifest).items():
        if kind == ICON_ASSET:
            ET.SubElement(meta, f"{q}Icon").text = path
    ET.SubElement(package, f"{q}Dependencies")
    installation = ET.SubElement(package, f"{q}Installation")
    ET.SubElement(installation, f"{q}InstallationTarget", {"Id": TARGET})
    assets = ET.SubElement(package, f"{q}Assets")
    for kind, path in _asset_list(manifest, names or []):
        attributes = {"Type": kind, f"{{{DESIGN_NS}}}Source": "File", "Path": path, "Addressable": "true"}
        ET.SubElement(assets, f"{q}Asset", attributes)
    ET.indent(package)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(package, encoding="utf-8", xml_declaration=False)


def vsomanifest(manifest: dict[str, object]) -> bytes:
    data = {
        "manifestVersion": manifest.get("manifestVersion", 1),
        "contributions": manifest["contributions"],
        "scopes": manifest.get("scopes", []),
        "contributionTypes": manifest.get("contributionTypes", []),
    }
    return (json.dumps(data, indent=4) + "\n").encode()


def content_types(names: Iterable[str]) -> bytes:
    ET.register_namespace("", TYPES_NS)
    types = ET.Element(f"{{{TYPES_NS}}}Types")
    for ext in sorted({Path(name).suffix.lower() for name in names}):
        ctype = _TYPES.get(ext, "application/octet-stream")
        ET.SubElement(types, f"{{{TYPES_NS}}}Default", {"Extension": ext, "ContentType": ctype})
    ET.indent(types)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(types, encoding="utf-8", xml_declaration=False)


def write(manifest: dict[str, object], root: Path, out: Path) -> list[str]:
    """Write the .vsix for `manifest`, its `files` read under `root`; return the part names."""
    problems = check_manifest(manifest)
    if problems:
        raise ValueError("There were errors with your extension:\n  " + "\n  ".join(problems))
    parts = files(manifest, root)
    names = [name for name, _ in parts] + [VSIX_MANIFEST, VSO_MANIFEST]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as vsix:

        def add(name: str, data: bytes) -> None:
            vsix.writestr(zipfile.ZipInfo(name, _FIXED_TIME), data, zipfile.ZIP_DEFLATED)

        add(CONTENT_TYPES, content_types(names))
        add(VSO_MANIFEST, vsomanifest(manifest))
        for name, path in parts:
            add(name, path.read_bytes())
        add(VSIX_MANIFEST, vsixmanifest(manifest, [name for name, _ in parts]))
    return [CONTENT_TYPES, *names]


def file_name(manifest: dict[str, object]) -> str:
    """tfx's default: publisher.id-version.vsix."""
    return f"{manifest['publisher']}.{manifest['id']}-{manifest['version']}.vsix"
