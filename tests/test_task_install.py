"""The task as the agent runs it from the extension: it installs the wheel it carries and its hash-pinned
dependencies, from whatever index pip is configured with, into a venv cached per version, and posts."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from doc_context.demo import run_env

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def agent_env(sandbox, tmp_path: Path, pip: dict[str, str], **inputs: str) -> dict[str, str]:
    """What the agent gives the task: pipeline variables, inputs, the job token as the SystemVssConnection; no
    pip configuration of this machine, only `pip`; no PYTHONPATH, so the venv runs what it installed."""
    env = {k: v for k, v in sandbox.env().items() if not k.startswith("CONFLUENCE_") and k != "SYSTEM_ACCESSTOKEN"}
    env["ENDPOINT_AUTH_PARAMETER_SYSTEMVSSCONNECTION_ACCESSTOKEN"] = sandbox.info.token
    env = run_env(env, str(tmp_path / "sdk-cache"))
    for name in list(env):
        if name.startswith("PIP_") or name in ("PYTHONPATH", "PYTHONHOME"):
            del env[name]
    env |= {"PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"} | pip
    env["AGENT_TOOLSDIRECTORY"] = str(tmp_path / "tools")
    env |= {"INPUT_" + name.upper(): value for name, value in {"pythonExecutable": sys.executable, **inputs}.items()}
    return env


def run_task(task: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NODE, str(task / "index.js")], env=env, capture_output=True, text=True, timeout=600, check=False
    )


def offline(wheelhouse: Path) -> dict[str, str]:
    return {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheelhouse)}


def the_venv(tmp_path: Path) -> Path:
    (venv,) = (tmp_path / "tools" / "doc-context").glob("*/py*")
    return venv


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def pip_runner() -> str:
    """The base Python's pip as the task runs it in a venv without a pip of its own: `__pip-runner__.py` imports
    only pip from the base. (Running pip's folder instead puts the whole base site-packages on sys.path, so
    `pip check` would judge whatever else the base Python has installed, not the task's venv.)"""
    code = "import pip, os; print(os.path.join(os.path.dirname(pip.__file__), '__pip-runner__.py'))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def site_packages(venv: Path) -> set[str]:
    code = "import sys, os; print('\\n'.join(os.listdir(next(p for p in sys.path if p.endswith('site-packages')))))"
    done = subprocess.run([venv_python(venv), "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_task_installs_its_wheel_and_pinned_dependencies_and_posts(sandbox, release, wheelhouse, tmp_path):
    ran = run_task(release / "task", agent_env(sandbox, tmp_path, offline(wheelhouse)))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert len(sandbox.ado.threads(sandbox.info.pr_id)) == 1
    install = next(line for line in ran.stdout.splitlines() if "install" in line and "--require-hashes" in line)
    assert "--no-deps" in install and "-r base.txt" in install and "-r wheel.txt" in install
    assert "entra.txt" not in install, "no Entra ID sign-in asked for"

    venv = the_venv(tmp_path)
    installed = site_packages(venv)
    version = json.loads((ROOT / "vss-extension.json").read_text())["version"]
    assert f"doc_context-{version}.dist-info" in installed
    assert not [name for name in installed if name.startswith("azure_identity")]
    direct = json.loads((venv_python(venv).parent.parent.glob("**/doc_context-*.dist-info/direct_url.json")
                         .__next__()).read_text())  # fmt: skip
    assert direct["url"].endswith(f"/task/python/doc_context-{version}-py3-none-any.whl"), "the carried wheel"
    check = subprocess.run([venv_python(venv), pip_runner(), "check"], capture_output=True, text=True, check=False)
    assert check.returncode == 0, "the lock is complete:\n" + check.stdout + check.stderr

    again = run_task(release / "task", agent_env(sandbox, tmp_path, offline(wheelhouse)))
    assert again.returncode == 0, again.stdout + again.stderr
    assert "using the environment" in again.stdout and "--require-hashes" not in again.stdout

    entra = subprocess.run(
        [venv_python(venv), "-m", "doc_context", "run"],
        env=agent_env(sandbox, tmp_path, {}) | {"DOC_CONTEXT_AUTH": "pipelines"},
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert entra.returncode == 2, entra.stdout + entra.stderr
    assert "pip install 'doc-context[entra]'" in entra.stdout + entra.stderr


def simple_index(wheelhouse: Path, root: Path) -> str:
    """A PEP 503 index of the wheelhouse: what an Azure Artifacts feed or a mirror looks like to pip."""
    for wheel in wheelhouse.glob("*.whl"):
        project = wheel.name.split("-")[0].lower().replace("_", "-")
        (root / project).mkdir(parents=True, exist_ok=True)
        shutil.copy(wheel, root / project / wheel.name)
        with (root / project / "index.html").open("a") as page:
            page.write(f'<a href="{wheel.name}">{wheel.name}</a>\n')
    return root.as_uri() + "/"


@pytest.mark.parametrize("how", ["PIP_INDEX_URL", "pip.conf"])
def test_dependencies_come_from_the_index_pip_is_configured_with(how, sandbox, release, wheelhouse, tmp_path):
    index = simple_index(wheelhouse, tmp_path / "simple")
    if how == "pip.conf":
        conf = tmp_path / "pip.conf"
        conf.write_text(f"[global]\nindex-url = {index}\n")
        pip = {"PIP_CONFIG_FILE": str(conf)}
    else:
        pip = {"PIP_INDEX_URL": index}
    ran = run_task(release / "task", agent_env(sandbox, tmp_path, pip, auth="managed-identity"))
    # Entra ID sign-in asked for: the entra lock is installed too, from that index; then the sign-in itself
    # fails here (no managed identity on this machine), which is a clear error, not a missing module.
    assert "-r entra.txt" in ran.stdout
    assert any(name.startswith("azure_identity") for name in site_packages(the_venv(tmp_path)))
    assert "azure-identity" not in ran.stdout.split("-m doc_context run", 1)[1].replace("[entra]", "")


def test_a_wheel_that_does_not_match_its_hash_is_refused(sandbox, release, wheelhouse, tmp_path):
    task = tmp_path / "task"
    shutil.copytree(release / "task", task)
    (wheel,) = (task / "python").glob("*.whl")
    wheel.write_bytes(wheel.read_bytes() + b"\0")
    ran = run_task(task, agent_env(sandbox, tmp_path, offline(wheelhouse)))
    assert ran.returncode == 1
    assert "THESE PACKAGES DO NOT MATCH THE HASHES" in ran.stdout + ran.stderr
    assert "##vso[task.logissue type=error;]installing doc-context" in ran.stdout
    assert sandbox.ado.threads(sandbox.info.pr_id) == []
    assert not (the_venv(tmp_path) / "doc-context-ready.json").exists(), "a failed install is not reused"


def test_a_task_folder_without_its_wheel_says_how_to_build_one(sandbox, tmp_path):
    ran = run_task(ROOT / "task", agent_env(sandbox, tmp_path, {}))
    assert ran.returncode == 1
    assert "carries no doc-context wheel" in ran.stdout and "scripts/package.py" in ran.stdout
