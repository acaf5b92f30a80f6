"""docs/admin.md carries the generated settings table, the YAML in the docs parses and fits the template, the
README fits a screen, and the Marketplace page lists the README's features."""

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from . import prose, strict_yaml
from .strict_yaml import yaml_blocks

ROOT = Path(__file__).resolve().parent.parent
ADMIN = ROOT / "docs" / "admin.md"
README = ROOT / "README.md"
OVERVIEW = ROOT / "overview.md"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
TEMPLATE_PATH = "pipelines/templates/doc-context.yml"
TEMPLATE = ROOT / TEMPLATE_PATH
sys.path.insert(0, str(ROOT / "scripts"))
settings_table = importlib.import_module("settings_table")
task_json = importlib.import_module("task_json")


def documents() -> list[Path]:
    return strict_yaml.markdown_files()


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_yaml_block_in_the_docs_repeats_no_key(path):
    for block in yaml_blocks(path):
        strict_yaml.load(block)


def test_admin_md_has_the_current_settings_table():
    text = ADMIN.read_text(encoding="utf-8")
    between = text.split(settings_table.START, 1)[1].split(settings_table.END, 1)[0]
    assert between.strip("\n") == settings_table.table(), (
        "stale: python scripts/settings_table.py --write docs/admin.md"
    )


def test_admin_md_names_every_task_only_input():
    text = ADMIN.read_text(encoding="utf-8")
    for item in task_json.TASK_ONLY_INPUTS:
        assert f"`{item['name']}`" in text


@pytest.mark.parametrize("path", documents(), ids=lambda p: p.name)
def test_yaml_blocks_parse_and_use_only_real_parameters_and_inputs(path):
    parameters = {p["name"] for p in strict_yaml.load_file(TEMPLATE)["parameters"]}
    inputs = {item["name"] for item in task_json.task_json()["inputs"]}
    for block in yaml_blocks(path):
        parsed = strict_yaml.load(block)
        assert isinstance(parsed, (dict, list)), block
        for step in block_steps(parsed):
            if isinstance(step, dict) and str(step.get("template", "")).startswith(TEMPLATE_PATH):
                assert set(step.get("parameters", {})) <= parameters, set(step["parameters"]) - parameters
            if isinstance(step, dict) and str(step.get("task", "")).startswith("DocContext@"):
                assert set(step.get("inputs", {})) <= inputs, set(step["inputs"]) - inputs


def block_steps(parsed: object) -> list:
    """The steps of a YAML block: a pipeline's, its jobs', or a bare list of steps; `${{ }}` insertions opened."""
    if isinstance(parsed, list):
        items = parsed
    elif isinstance(parsed, dict):
        items = parsed.get("steps", []) + [s for job in parsed.get("jobs", []) for s in job.get("steps", [])]
    else:
        items = []
    out = []
    for item in items:
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)).startswith("${{"):
            out += block_steps(next(iter(item.values())))
        else:
            out.append(item)
    return out


@pytest.mark.parametrize("path", documents(), ids=lambda p: p.name)
def test_documented_pipelines_install_from_a_release_and_call_their_webhook_webhook(path):
    blocks = [strict_yaml.load(block) for block in yaml_blocks(path)]
    for parsed in blocks:
        if not isinstance(parsed, dict):
            continue
        for hook in (parsed.get("resources") or {}).get("webhooks", []):
            assert hook["webhook"] == "WebHook"
        for step in block_steps(parsed):
            if isinstance(step, dict) and str(step.get("template", "")).startswith(TEMPLATE_PATH):
                given = step.get("parameters", {})
                assert {"feed", "wheel", "preinstalled"} & set(given), f"{path.name}: say where to install from"
    assert "pullRequestEvent" not in path.read_text(encoding="utf-8")
    assert "doc-context==" not in path.read_text(encoding="utf-8").replace("doc-context==<version>", "")


def test_admin_md_has_yaml_to_copy():
    assert len(yaml_blocks(ADMIN)) >= 3


def test_the_module_map_names_every_module():
    """The map in docs/architecture.md follows the tree: a module added or renamed shows up there."""
    text = ARCHITECTURE.read_text(encoding="utf-8").split("## The module map", 1)[1]
    tree = text.split("```", 2)[1]
    names = set(re.findall(r"[\w*]+\.py|\w+/", tree))
    package = ROOT / "src" / "doc_context"
    modules = [p for p in package.glob("*.py") if not p.name.startswith("__")]
    modules += [p for p in package.glob("*/*.py") if not p.name.startswith("__") and p.parent.name != "sandbox"]
    missing = [
        str(p.relative_to(package))
        for p in modules
        if p.name not in names and not any(n.endswith("*.py") and p.name.startswith(n[:-4]) for n in names)
    ]
    assert missing == []
    assert {f"{p.name}/" for p in package.iterdir() if (p / "__init__.py").exists()} <= names
    assert {"confluence/", "wiki/"} <= names  # the map shows the two sources' packages


def test_each_document_source_package_maps_its_own_modules():
    """A source's package is its own (docs/architecture.md, adding a document source): its docstring names every
    module in it, so a new source documents itself without an edit outside its package."""
    for init in sorted((ROOT / "src" / "doc_context" / "sources").glob("*/__init__.py")):
        said = set(re.findall(r"\w+\.py", init.read_text(encoding="utf-8")))
        mine = {p.name for p in init.parent.glob("*.py") if not p.name.startswith("__")}
        assert mine <= said, f"{init.parent.name}/__init__.py does not name {sorted(mine - said)}"


def test_the_readme_fits_a_screen():
    """At most 220 lines, and at most two sentences over 50 words: the rest lives in docs/."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 220
    long = [s for s in prose.sentences(text) if prose.words(s) > 50]
    assert len(long) <= 2, long


def test_the_readmes_first_screen_has_the_picture_the_two_commands_and_the_way_on():
    first = "\n".join(README.read_text(encoding="utf-8").splitlines()[:60])
    assert "![" in first and "(docs/comment.png)" in first
    assert "python -m pip install -e . && doc-context demo" in first
    assert 'python -m pip install -e ".[test]" && python -m pytest' in first
    assert "## Where to go next" in first


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("One two three. Four five.\n\n- Six seven\n  eight.\n", [3, 2, 3]),
        ("```bash\nnot prose at all\n```\n| a | b |\n# Heading\n\nA [link](https://x.org/a b) counts.", [4]),
        ("A sentence that runs\non two lines ends here? Yes!", [9, 1]),
    ],
)
def test_prose_counts_the_words_of_each_sentence(text, expected):
    assert [prose.words(s) for s in prose.sentences(text)] == expected


def features(path: Path) -> set[str]:
    """The bold labels of the list under "## What it does": `- **Label**: ...`, one a feature."""
    section = path.read_text(encoding="utf-8").split("## What it does", 1)[1].split("\n## ", 1)[0]
    return {label.strip().lower() for label in re.findall(r"^- \*\*([^*]+)\*\*", section, flags=re.MULTILINE)}


def test_the_marketplace_page_lists_the_readmes_features():
    """overview.md (the Marketplace page) and the README list the same features: one without the other fails."""
    readme, overview = features(README), features(OVERVIEW)
    assert len(readme) >= 8
    assert readme - overview == set(), "the README lists features the Marketplace page (overview.md) lacks"
    assert overview - readme == set(), "the Marketplace page (overview.md) lists features the README lacks"


@pytest.mark.parametrize(
    "feature",
    ["confluence", "wiki", "description", "acceptance criteria", "evidence", "ai reviewers", "mcp"],
)
def test_the_marketplace_page_and_the_descriptions_name_what_it_does_today(feature):
    manifest = json.loads((ROOT / "vss-extension.json").read_text(encoding="utf-8"))
    project = re.search(r'^description = "(.+)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert project is not None
    assert feature in OVERVIEW.read_text(encoding="utf-8").lower()
    if feature != "mcp":  # the one-line descriptions name the features, not every way to get them
        assert feature in manifest["description"].lower()
        assert feature in project.group(1).lower()


def test_pre_commit_runs_the_checks_ci_runs():
    """Every `python -m ruff/mypy/yamllint` line of .ci/run has a pre-commit hook running the same tool the same way."""
    ci = [line.split() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    checks = [words[2:] for words in ci if words[:2] == ["python", "-m"] and words[2] in ("ruff", "mypy", "yamllint")]
    hooks = strict_yaml.load_file(ROOT / ".pre-commit-config.yaml")["repos"][0]["hooks"]
    entries = [hook["entry"].split()[2:] for hook in hooks]
    ran = [[w for w in words if w not in (".", "--check", "--force-exclude")] for words in checks]
    assert ran == [[w for w in entry if w != "--force-exclude"] for entry in entries]
    assert all(hook["language"] == "system" for hook in hooks)  # the installed tools: no network at commit time


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("path", documents(), ids=lambda p: p.name)
def test_relative_links_reach_a_file_and_its_heading(path):
    """The README links into docs/ and docs/ into each other: a moved section or file breaks here, not for a reader."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, fragment = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name}: {target}"
        if fragment and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), flags=re.M)
            assert fragment in {anchor(h) for h in headings}, f"{path.name}: {target}"
