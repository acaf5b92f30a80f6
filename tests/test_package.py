"""scripts/package.py: one .vsix carrying the task, the wheel and the locks; task.json passes the task-lib schema
and tfx's rules; the version comes from pyproject alone."""

import hashlib
import importlib
import json
import re
import shutil
import subprocess
import sys
import uuid
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
version = importlib.import_module("version")
vsix = importlib.import_module("vsix")
task_json = importlib.import_module("task_json")

SCHEMA = json.loads((ROOT / "tests" / "data" / "task-lib" / "tasks.schema.json").read_text(encoding="utf-8"))
VSIX_NS = {"v": vsix.VSIX_NS, "d": vsix.DESIGN_NS}
TYPES_NS = {"t": vsix.TYPES_NS}
V = version.project_version()
WHEEL = f"doc_context-{V}-py3-none-any.whl"
# tfx (app/lib/jsonvalidate.ts validateTask): the handlers whose target it checks
TFX_HANDLERS = ("Node", "Node10", "Node16", "Node20_1", "Node24", "PowerShell", "PowerShell3", "Process")
# The first agent that runs each handler (Microsoft's Node 20 / Node 24 task migration guides)
HANDLER_AGENT = {"Node20_1": (3, 232, 1), "Node24": (4, 265, 1)}
TFX = shutil.which("tfx")


def the_vsix(release: Path) -> Path:
    (found,) = release.glob("*.vsix")
    return found


def parts(release: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(the_vsix(release)) as z:
        return {name: z.read(name) for name in z.namelist()}


def test_one_vsix_holding_the_task_the_wheel_and_the_manifests(release):
    assert [p.name for p in release.glob("*.vsix")] == [f"your-publisher-id.doc-context-{V}.vsix"]
    assert [p.name for p in release.glob("*.whl")] == [WHEEL]
    assert sorted(parts(release)) == sorted(
        [
            "[Content_Types].xml",
            "extension.vsixmanifest",
            "extension.vsomanifest",
            "task/index.js",
            "task/task.json",
            "task/env-map.json",
            "task/python/base.txt",
            "task/python/entra.txt",
            "task/python/wheel.txt",
            f"task/python/{WHEEL}",
        ]
    )
    carried = parts(release)
    assert carried[f"task/python/{WHEEL}"] == (release / WHEEL).read_bytes()
    for name in ("index.js", "task.json", "env-map.json"):
        assert carried[f"task/{name}"] == (ROOT / "task" / name).read_bytes()
    for name in ("base.txt", "entra.txt"):
        assert carried[f"task/python/{name}"] == (ROOT / "locks" / name).read_bytes()
    digest = hashlib.sha256((release / WHEEL).read_bytes()).hexdigest()
    assert carried["task/python/wheel.txt"].decode() == f"./{WHEEL} --hash=sha256:{digest}\n"


def test_the_wheel_is_this_package(release):
    with zipfile.ZipFile(release / WHEEL) as wheel:
        names = wheel.namelist()
        metadata = wheel.read(f"doc_context-{V}.dist-info/METADATA").decode()
    assert "doc_context/cli.py" in names and "doc_context/sandbox/data/ado-locations.json" in names
    assert not [n for n in names if "__pycache__" in n or n.startswith("tests/")]
    assert f"Version: {V}" in metadata
    assert "Provides-Extra: entra" in metadata
    assert not re.search(r"^Requires-Dist: azure-identity[^;]*$", metadata, re.M), "azure-identity is an extra"


def test_vsixmanifest_names_the_extension_and_its_vsomanifest(release):
    root = ET.fromstring(parts(release)["extension.vsixmanifest"])
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    assert root.tag == f"{{{vsix.VSIX_NS}}}PackageManifest" and root.get("Version") == "2.0.0"
    identity = root.find("v:Metadata/v:Identity", VSIX_NS)
    assert identity is not None
    assert identity.attrib == {"Language": "en-US", "Id": "doc-context", "Version": V, "Publisher": "your-publisher-id"}
    assert root.findtext("v:Metadata/v:DisplayName", namespaces=VSIX_NS) == manifest["name"]
    assert root.findtext("v:Metadata/v:Categories", namespaces=VSIX_NS) == "Azure Pipelines"
    target = root.find("v:Installation/v:InstallationTarget", VSIX_NS)
    assert target is not None and target.get("Id") == "Microsoft.VisualStudio.Services"
    (asset,) = root.findall("v:Assets/v:Asset", VSIX_NS)
    assert asset.get("Type") == "Microsoft.VisualStudio.Services.Manifest"
    assert asset.get("Path") == "extension.vsomanifest" and asset.get(f"{{{vsix.DESIGN_NS}}}Source") == "File"


def test_content_types_cover_every_part(release):
    carried = parts(release)
    root = ET.fromstring(carried["[Content_Types].xml"])
    declared = {d.get("Extension"): d.get("ContentType") for d in root.findall("t:Default", TYPES_NS)}
    for name in carried:
        if name != "[Content_Types].xml":
            assert Path(name).suffix in declared, name
    assert declared[".vsixmanifest"] == "text/xml" and declared[".js"] == "application/javascript"


def test_vsomanifest_contributes_the_task_folder(release):
    carried = parts(release)
    contributions = json.loads(carried["extension.vsomanifest"])["contributions"]
    (task,) = [c for c in contributions if c["type"] == "ms.vss-distributed-task.task"]
    assert task["targets"] == ["ms.vss-distributed-task.tasks"]
    assert f"{task['properties']['name']}/task.json" in carried


def test_publisher_is_an_option(tmp_path):
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8")) | {"publisher": "fabrikam"}
    (tmp_path / "task").mkdir()
    (tmp_path / "task" / "task.json").write_text("{}")
    written = vsix.write(manifest, tmp_path, tmp_path / vsix.file_name(manifest))
    assert vsix.file_name(manifest) == f"fabrikam.doc-context-{V}.vsix"
    assert written[0] == "[Content_Types].xml" and "task/task.json" in written


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"id": "doc context"}, "'extensionId' may only include"),
        ({"publisher": ""}, "'publisher' must be provided"),
        ({"description": "x" * 201}, "'description' must be less than 200"),
        ({"categories": []}, "One or more 'categories'"),
        ({"contributions": []}, "at least one contribution"),
    ],
)
def test_manifest_checks_are_tfxs(change, problem):
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    assert vsix.check_manifest(manifest) == []
    assert any(problem in p for p in vsix.check_manifest(manifest | change))


def task_files(release: Path) -> list[tuple[str, dict]]:
    return [
        ("task/task.json", json.loads((ROOT / "task" / "task.json").read_text(encoding="utf-8"))),
        ("the .vsix's task.json", json.loads(parts(release)["task/task.json"])),
    ]


def test_task_json_passes_the_task_lib_schema(release):
    validator = jsonschema.Draft4Validator(SCHEMA)
    for label, task in task_files(release):
        assert [e.message for e in validator.iter_errors(task)] == [], label
    broken = json.loads((ROOT / "task" / "task.json").read_text(encoding="utf-8"))
    broken["execution"] = {"Node20": {"target": "index.js"}}  # the handler that never shipped
    broken["inputs"][0]["name"] = "package_spec"
    assert len(list(validator.iter_errors(broken))) == 2, "the schema test can fail"


def tfx_problems(task: dict, folder: Path) -> list[str]:
    """tfx's task.json rules (jsonvalidate.ts validateTask), as `tfx build tasks upload` applies them."""
    problems = []
    try:
        uuid.UUID(task.get("id", ""))
    except ValueError:
        problems.append("id is a required guid")
    if not re.fullmatch(r"[A-Za-z0-9\-]+", task.get("name", "")):
        problems.append("name is a required alphanumeric string")
    if not 1 <= len(task.get("friendlyName", "")) <= 40:
        problems.append("friendlyName is a required string <= 40 chars")
    if not task.get("instanceNameFormat"):
        problems.append("instanceNameFormat is required")
    for block in ("execution", "prejobexecution", "postjobexecution"):
        for handler, data in task.get(block, {}).items():
            if handler in TFX_HANDLERS and not (folder / data.get("target", "\0")).is_file():
                problems.append(f"{block}.{handler}.target references file that does not exist")
    return problems


def test_task_json_passes_tfx_upload_rules(release):
    for label, task in task_files(release):
        assert tfx_problems(task, release / "task") == [], label
    assert tfx_problems({"friendlyName": "x" * 41, "execution": {"Node24": {"target": "gone.js"}}}, release) == [
        "id is a required guid",
        "name is a required alphanumeric string",
        "friendlyName is a required string <= 40 chars",
        "instanceNameFormat is required",
        "execution.Node24.target references file that does not exist",
    ]


def test_minimum_agent_version_runs_a_shipped_handler():
    task = json.loads((ROOT / "task" / "task.json").read_text(encoding="utf-8"))
    minimum = tuple(int(p) for p in task["minimumAgentVersion"].split("."))
    handlers = set(task["execution"])
    assert handlers == {"Node20_1", "Node24"}
    assert minimum == min(HANDLER_AGENT[h] for h in handlers), "the oldest agent that can run one of them"


@pytest.mark.skipif(TFX is None, reason="tfx-cli is not installed (npm install -g tfx-cli)")
def test_tfx_itself_accepts_the_task_and_builds_the_same_extension(release, tmp_path):
    tfx_lib = Path(TFX).resolve().parent.parent / "_build" / "lib" / "jsonvalidate.js"
    if not tfx_lib.is_file():  # the global install: <prefix>/lib/node_modules/tfx-cli/_build/app.js
        tfx_lib = Path(TFX).resolve().parent / "lib" / "jsonvalidate.js"
    check = (
        f"const vm = require({json.dumps(str(tfx_lib))});"
        f"try {{ vm.validate(process.argv[1], 'no task.json'); console.log('valid'); }}"
        "catch (e) { console.log(e.message); process.exitCode = 1; }"
    )
    ran = subprocess.run(["node", "-e", check, str(release / "task" / "task.json")], capture_output=True, text=True)
    assert ran.returncode == 0 and "valid" in ran.stdout, ran.stdout + ran.stderr
    too_long = tmp_path / "task.json"
    task = json.loads((release / "task" / "task.json").read_text()) | {"friendlyName": "x" * 41}
    too_long.write_text(json.dumps(task))
    shutil.copy(release / "task" / "index.js", tmp_path / "index.js")
    ran = subprocess.run(["node", "-e", check, str(too_long)], capture_output=True, text=True)
    assert ran.returncode == 1 and "friendlyName is a required string <= 40 chars" in ran.stdout

    root = tmp_path / "root"
    shutil.copytree(release / "task", root / "task")
    shutil.copy(ROOT / "vss-extension.json", root / "vss-extension.json")
    created = subprocess.run(
        [TFX, "extension", "create", "--root", str(root), "--manifests", "vss-extension.json",
         "--output-path", str(tmp_path / "out"), "--no-prompt", "--no-color"],
        cwd=root, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert created.returncode == 0, created.stdout + created.stderr
    assert "warning" not in (created.stdout + created.stderr).lower(), created.stdout + created.stderr
    (theirs,) = (tmp_path / "out").glob("*.vsix")
    with zipfile.ZipFile(theirs) as z:
        their_parts = {n for n in z.namelist() if not n.endswith("/")}
        their_manifest = ET.fromstring(z.read("extension.vsixmanifest"))
    assert their_parts == set(parts(release))
    ours = ET.fromstring(parts(release)["extension.vsixmanifest"])
    for path in ("v:Metadata/v:Identity", "v:Installation/v:InstallationTarget", "v:Assets/v:Asset"):
        assert ours.find(path, VSIX_NS).attrib == their_manifest.find(path, VSIX_NS).attrib, path


def test_every_file_carries_pyprojects_version():
    assert version.main([]) == 0, "python scripts/version.py --write"
    assert task_json.main([]) == 0, "python scripts/task_json.py --write"
    task = json.loads((ROOT / "task" / "task.json").read_text(encoding="utf-8"))
    assert "{Major}.{Minor}.{Patch}".format(**task["version"]) == V
    assert json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))["version"] == V
    from doc_context import __version__

    assert __version__ == V


def test_a_new_version_reaches_every_file():
    """Each rule matches what it must rewrite: a bump changes every file (else a drift could hide)."""
    now, bumped = version.rendered(), version.rendered("99.88.77")
    for path, text in bumped.items():
        assert text != now[path], f"{path.name}: the version rule matched nothing"
        assert "99.88.77" in text and V not in text.replace("99.88.77", ""), path.name
