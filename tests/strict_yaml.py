"""YAML as Azure Pipelines reads it: a mapping that repeats a key is an error, not "the last one wins".

PyYAML's safe_load keeps the last of two equal keys without a word; the Azure Pipelines YAML reader rejects
the file. Every test that reads YAML from this repository (files, or blocks in the docs) reads it here.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode

ROOT = Path(__file__).resolve().parent.parent
YAML_BLOCK = re.compile(r"^(?P<indent>[ \t]*)```ya?ml[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)


class StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses a key repeated in one mapping."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict:  # type: ignore[override]
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    f"found the key {key!r} again (first on line {seen[key]}): Azure Pipelines rejects a repeated key",
                    key_node.start_mark,
                )
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


def load(text: str) -> object:
    return yaml.load(text, Loader=StrictLoader)  # a SafeLoader


def load_file(path: Path) -> object:
    return load(path.read_text(encoding="utf-8"))


def yaml_files() -> list[Path]:
    """Every YAML file of the repository git knows of (committed, or new and not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", "*.yml", "*.yaml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return sorted({ROOT / name for name in listed if (ROOT / name).is_file()})


def yaml_blocks(path: Path) -> list[str]:
    """The ```yaml blocks of a markdown file, unindented (a block inside a list item is indented)."""
    blocks = []
    for match in YAML_BLOCK.finditer(path.read_text(encoding="utf-8")):
        indent = match.group("indent")
        blocks.append("".join(line.removeprefix(indent) for line in match.group("body").splitlines(keepends=True)))
    return blocks


def markdown_files() -> list[Path]:
    """README.md, the Marketplace page (overview.md) and everything under docs/."""
    return [ROOT / "README.md", ROOT / "overview.md", *sorted((ROOT / "docs").rglob("*.md"))]
