"""scripts/package.py: one .vsix carrying the task, the wheel and the locks; task.json passes the task-lib schema
and tfx's rules; the version comes from pyproject alone."""

import hashlib
import importlib
import json
import re
import shutil
import struct
import subprocess
import sys
import uuid
import zipfile
import zlib
from pathlib import Path
from xml.etree import ElementTree as ET

import jsonschema
import pytest

from . import strict_yaml
from .azure_agent import Agent, path_with, shim_python
from .azure_template import expand_pipeline

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
version = importlib.import_module("version")
vsix = importlib.import_module("vsix")
task_json = importlib.import_module("task_json")
publisher = importlib.import_module("publisher")

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
            "images/icon.png",
            "overview.md",
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
    assets = [(a.get("Type"), a.get("Path")) for a in root.findall("v:Assets/v:Asset", VSIX_NS)]
    assert assets == [
        ("images/icon.png", "images/icon.png"),  # an addressable `files` entry: typed by its path, as tfx does
        ("Microsoft.VisualStudio.Services.Icons.Default", "images/icon.png"),
        ("Microsoft.VisualStudio.Services.Content.Details", "overview.md"),
        ("Microsoft.VisualStudio.Services.Manifest", "extension.vsomanifest"),
    ]
    assert root.findtext("v:Metadata/v:Icon", namespaces=VSIX_NS) == "images/icon.png"
    for asset in root.findall("v:Assets/v:Asset", VSIX_NS):
        assert asset.get(f"{{{vsix.DESIGN_NS}}}Source") == "File" and asset.get("Addressable") == "true"


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


def staged(root: Path) -> Path:
    """A root as scripts/package.py stages it: a task with python/, the icon, the overview page."""
    (root / "task" / "python").mkdir(parents=True)
    (root / "task" / "task.json").write_text("{}")
    (root / "task" / "python" / "wheel.txt").write_text("./doc_context.whl --hash=sha256:0\n")
    shutil.copytree(ROOT / "images", root / "images")
    shutil.copyfile(ROOT / "overview.md", root / "overview.md")
    return root


def test_publisher_is_an_option(tmp_path):
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8")) | {"publisher": "fabrikam"}
    written = vsix.write(manifest, staged(tmp_path), tmp_path / vsix.file_name(manifest))
    assert vsix.file_name(manifest) == f"fabrikam.doc-context-{V}.vsix"
    assert written[0] == "[Content_Types].xml" and "task/task.json" in written
    assert written.count("task/python/wheel.txt") == 1, "listed twice in the manifest, packed once"


def test_the_repositorys_own_task_folder_cannot_be_packed():
    """The repository's task/ has no python/ (scripts/package.py puts the wheel and the locks there): packing it
    as it is would make a task that cannot run, so the manifest names python/wheel.txt and the build stops."""
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    assert {"path": "task/python/wheel.txt"} in manifest["files"] and not (ROOT / "task" / "python").exists()
    with pytest.raises(ValueError, match=r"task/python/wheel.txt is missing .*scripts/package.py --out DIR"):
        vsix.write(manifest, ROOT, ROOT / "never.vsix")
    assert not (ROOT / "never.vsix").exists()


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, its chunks' CRCs checked and its image data inflated."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, size, idat = 8, (0, 0), b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
            assert body[8:10] == b"\x08\x06", "8-bit RGBA"
        idat += body if kind == b"IDAT" else b""
        at += 12 + length
    assert len(zlib.decompress(idat)) == size[1] * (1 + 4 * size[0])
    return size


def test_the_marketplace_page_has_an_icon_and_an_overview():
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    icon = ROOT / manifest["icons"]["default"]
    assert png_size(icon.read_bytes()) == (128, 128)  # the Marketplace shows it at 128x128
    assert {"path": "images", "addressable": True} in manifest["files"]
    overview = (ROOT / manifest["content"]["details"]["path"]).read_text(encoding="utf-8")
    assert overview.startswith("# doc-context") and "task: DocContext@0" in overview


def test_release_stops_first_without_a_marketplace_publisher(tmp_path):
    """Publishing asked for, MARKETPLACE_PUBLISHER unset: the release's first own step fails with one line, and
    nothing after it runs (no tests, no build, no publish)."""
    release = strict_yaml.load_file(ROOT / "pipelines" / "release.yml")
    steps = expand_pipeline(release, lambda ref: ROOT / ref, {"publishToMarketplace": True})
    assert [s.get("script") for s in steps].index("python scripts/publisher.py") == 2, "right after Python"
    assert "python scripts/publisher.py" not in str(expand_pipeline(release, lambda ref: ROOT / ref))
    base = {"PATH": path_with(shim_python(tmp_path / "bin", sys.executable))}
    log = Agent({"TF_BUILD": "True", "Build.SourceBranch": f"refs/tags/v{V}"}, {}, base, tmp_path, cwd=ROOT).run(steps)
    results = [step.result for step in log]
    assert results == ["Succeeded", "Succeeded", "Failed"] + ["Skipped"] * (len(steps) - 3)
    assert log[2].output.splitlines() == [
        "##vso[task.logissue type=error;]MARKETPLACE_PUBLISHER is not set: publishing to the Marketplace needs "
        "your publisher id (a plain variable MARKETPLACE_PUBLISHER of the release pipeline; docs/admin.md, Release)"
    ]
    publish = steps[-1]["script"]
    assert publish.index('python scripts/publisher.py "$(DIST)"/*.vsix') < publish.index("extension publish")


@pytest.mark.parametrize(
    ("value", "code", "says"),
    [
        (None, 1, "MARKETPLACE_PUBLISHER is not set"),
        ("  ", 1, "MARKETPLACE_PUBLISHER is not set"),
        ("your-publisher-id", 1, "MARKETPLACE_PUBLISHER is the placeholder 'your-publisher-id'"),
        ("fabrikam", 0, "fabrikam"),
    ],
)
def test_the_publisher_check(value, code, says, capsys):
    env = {} if value is None else {"MARKETPLACE_PUBLISHER": value}
    assert publisher.main([], env) == code
    out, err = capsys.readouterr()
    assert len((out + err).splitlines()) == 1 and says in out + err


def test_a_vsix_under_the_placeholder_is_never_published(tmp_path, capsys):
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    root = staged(tmp_path / "root")
    placeholder, ours = tmp_path / "placeholder.vsix", tmp_path / "ours.vsix"
    vsix.write(manifest, root, placeholder)
    vsix.write(manifest | {"publisher": "fabrikam"}, root, ours)
    assert publisher.main([str(ours)], {}) == 0
    assert publisher.main([str(ours), str(placeholder)], {"TF_BUILD": "True"}) == 1
    assert capsys.readouterr().out == (
        "##vso[task.logissue type=error;]the publisher of placeholder.vsix is the placeholder 'your-publisher-id': "
        "set MARKETPLACE_PUBLISHER to your Marketplace publisher id\n"
    )


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
    for name in ("task", "images"):
        shutil.copytree(release / name, root / name)
    shutil.copy(release / "overview.md", root / "overview.md")
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
        assert [e.attrib for e in ours.findall(path, VSIX_NS)] == [
            e.attrib for e in their_manifest.findall(path, VSIX_NS)
        ]
    assert ours.findtext("v:Metadata/v:Icon", namespaces=VSIX_NS) == their_manifest.findtext(
        "v:Metadata/v:Icon", namespaces=VSIX_NS
    )

    # At the repository's root, as it is (its task/ has no python/): tfx stops and names what is missing.
    shutil.rmtree(root / "task" / "python")
    at_root = subprocess.run(
        [TFX, "extension", "create", "--root", str(root), "--manifests", "vss-extension.json",
         "--output-path", str(tmp_path / "no"), "--no-prompt", "--no-color"],
        cwd=root, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert at_root.returncode != 0 and not (tmp_path / "no").exists()
    assert (
        f"no such file or directory, lstat '{root / 'task' / 'python' / 'wheel.txt'}'"
        in at_root.stdout + at_root.stderr
    )


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


@pytest.mark.e2e  # draws 128x128 pixels at 4x in pure Python: seconds
def test_the_icon_is_what_scripts_icon_draws():
    ran = subprocess.run([sys.executable, str(ROOT / "scripts" / "icon.py")], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
