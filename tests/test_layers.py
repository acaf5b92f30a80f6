"""The layers, read from the imports of every module (ast, nothing imported): the arrows point one way
and the pure modules touch no network, process, clock or file system.

    edge -> run -> comment -> summary -> relevance -> text    (models, change.model and errors: shared by all)
    edge, run -> context -> summary, text            (the context document for AI reviewers)
    edge, run -> sources -> summary, text            (the only network code; a document source's package has
                                                      its edge, settings.py: its settings and declaration)
    edge (demo) -> sandbox                           (loopback fakes)

The pull request's change is one package, change/, whose modules sit in the layers their imports put them in
(CHANGE below): model (shared), differ, unified and alignment (text), index, tokens and rewrites (relevance), read and
read_checkout (sources).
relevance/ is the one relevance engine (the change's terms, words, units, what is everywhere), just under summary.

Pure: text/, relevance/, summary/, comment/, context/, models, change.model, change.differ, change.unified,
change.alignment, change.index, change.tokens, change.rewrites, errors, each document source's link parser
(sources/<source>/links.py, which imports only text and shared), and the edge's pure modules: events (payload -> PR),
prurl (a PR's web address -> PR), pipeline_log (logging commands) and preflight (checks over collaborators). The
rest of the edge (cli, settings, gateways, demo) reads the environment and argv, prints, and builds the
real clients; the run (app, gather) uses threads and the clock; the sources use the network.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

SHARED = {"doc_context", "doc_context.models", "doc_context.errors", "doc_context.defaults"}
CHANGE = {  # the change's package, one layer a module: the arrows stay one way, the pure modules stay pure
    "doc_context.change": "shared",  # its docstring only
    "doc_context.change.model": "shared",  # the diff's files and lines, a criterion's evidence: used by every layer
    "doc_context.change.differ": "text",  # two sides -> a unified diff
    "doc_context.change.unified": "text",  # a unified diff -> model's files and lines
    "doc_context.change.paths": "text",  # the paths a diff's headers name, git's quoting undone
    "doc_context.change.alignment": "text",  # where the added lines stand on the old side
    "doc_context.change.index": "relevance",  # the diff indexed by relevance's words, for the criteria's evidence
    "doc_context.change.tokens": "relevance",  # the index's tokens read as relevance's words
    "doc_context.change.rewrites": "relevance",  # which deleted line an added line rewrites, by relevance's words
    "doc_context.change.read": "sources",  # the I/O edge: the checkout's git objects or Azure DevOps' Items - Get
    "doc_context.change.read_checkout": "sources",  # the I/O edge: git cat-file
}
RUN = {
    "doc_context.app",
    "doc_context.gather",
    "doc_context.gather_story",
    "doc_context.documents",
    "doc_context.deadline",
}
EDGE = {
    "doc_context.__main__",
    "doc_context.cli",
    "doc_context.settings",
    "doc_context.gateways",
    "doc_context.registry",
    "doc_context.pipeline_log",
    "doc_context.events",
    "doc_context.prurl",
    "doc_context.preflight",
    "doc_context.demo",
    "doc_context.installed",
    "doc_context.pr_context",
    "doc_context.mcp_server",
}
PACKAGES = ("text", "relevance", "summary", "comment", "context", "sources", "sandbox")
MAY_IMPORT = {
    "shared": {"shared"},
    "text": {"shared", "text"},
    "relevance": {"shared", "text", "relevance"},
    "summary": {"shared", "text", "relevance", "summary"},
    "comment": {"shared", "text", "relevance", "summary", "comment"},
    "context": {"shared", "text", "relevance", "summary", "context"},
    "sources": {"shared", "text", "relevance", "summary", "sources"},
    "run": {"shared", "text", "relevance", "summary", "comment", "context", "sources", "run"},
    "edge": {"shared", "text", "relevance", "summary", "comment", "context", "sources", "run", "edge", "sandbox"},
    "sandbox": {"sandbox"},
}
SANDBOX_USERS = {"doc_context.demo"}  # the one edge module that may start the fakes
PURE_LAYERS = {"shared", "text", "relevance", "summary", "comment", "context"}
PURE_EDGE = {"doc_context.events", "doc_context.prurl", "doc_context.pipeline_log", "doc_context.preflight"}
IMPURE = (
    *("httpx", "httpcore", "azure", "msrest", "requests", "urllib3", "urllib.request", "http.client", "socket", "ssl"),
    *("os", "sys", "subprocess", "pathlib", "shutil", "tempfile"),
    *("time", "threading", "concurrent", "asyncio", "random"),
)


def layer(module: str) -> str:
    if module in CHANGE:
        return CHANGE[module]
    if module in SHARED or module.startswith("doc_context.models."):  # the models package: one module a side
        return "shared"
    if module in RUN:
        return "run"
    if module in EDGE or module.startswith(("doc_context.settings.", "doc_context.commands")):  # one module a concern
        return "edge"
    if module.startswith("doc_context.sources.") and module.endswith(".settings"):  # a document source's declaration:
        return "edge"  # its settings and how a run opens it, the edge of its package

    package = module.split(".")[1]
    if package in PACKAGES:
        return package
    raise AssertionError(f"{module} belongs to no layer: add it to a sub-package, or to RUN or EDGE here")


def modules(root: Path = SRC) -> dict[str, str]:
    """Every module under src/doc_context, by dotted name, with its source."""
    found = {}
    for path in sorted((root / "doc_context").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path.read_text(encoding="utf-8")
    return found


def imports(module: str, source: str, known: Mapping[str, str]) -> Iterator[str]:
    """What a module imports, anywhere in it (functions and TYPE_CHECKING blocks too), relative ones resolved."""
    is_package = f"{module}.__init__" in known or any(k.startswith(module + ".") for k in known)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")[: None if is_package else -1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([node.module] if node.module else []))
            yield base
            yield from (f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known)


def link_parser(module: str) -> bool:
    """A document source's one link parser (sources/<source>/links.py): pure text code, held as text/ is."""
    parts = module.split(".")
    return len(parts) == 4 and parts[1] == "sources" and parts[3] == "links"


def violations(graph: Mapping[str, set[str]]) -> list[str]:
    """Each import that goes against the layers, as a line that names both ends."""
    found = []
    for module, targets in graph.items():
        mine = layer(module)
        pure = mine in PURE_LAYERS or module in PURE_EDGE or link_parser(module)
        for target in targets:
            if target.split(".")[0] == "doc_context":
                theirs = layer(target)
                starts_fakes = theirs == "sandbox" and mine != "sandbox" and module not in SANDBOX_USERS
                if theirs not in MAY_IMPORT[mine] or starts_fakes:
                    found.append(f"{module} ({mine}) imports {target} ({theirs})")
                elif link_parser(module) and theirs not in MAY_IMPORT["text"]:
                    found.append(f"{module} (a link parser) imports {target} ({theirs}): only text and shared")
            elif pure and any(target == m or target.startswith(m + ".") for m in IMPURE):
                found.append(f"{module} is pure but imports {target}")
    return sorted(found)


KNOWN = modules()
GRAPH = {module: set(imports(module, source, KNOWN)) for module, source in KNOWN.items()}


def test_the_arrows_point_one_way_and_pure_modules_do_no_io() -> None:
    assert violations(GRAPH) == []


def test_every_layer_has_modules() -> None:
    assert {layer(m) for m in KNOWN} == set(MAY_IMPORT)


def test_the_change_is_one_package_with_its_reading_at_the_edge() -> None:
    """Every module of change/ has its layer in CHANGE; all but the two that read the change are pure."""
    package = {m for m in KNOWN if m == "doc_context.change" or m.startswith("doc_context.change.")}
    assert package == set(CHANGE)
    reading = {m for m in package if layer(m) not in PURE_LAYERS}
    assert reading == {"doc_context.change.read", "doc_context.change.read_checkout"}


def test_each_document_source_has_its_link_parser_in_its_package() -> None:
    packages = {m for m in KNOWN if m.startswith("doc_context.sources.") and f"{m}.settings" in KNOWN}
    assert {"doc_context.sources.confluence", "doc_context.sources.wiki"} <= packages
    assert {m for m in KNOWN if link_parser(m)} == {f"{p}.links" for p in packages}


MAX_LINES = 300  # a module a newcomer reads in one sitting (HOUSE_STYLE, issue 29): the sandbox's too


def too_long(root: Path, most: int = MAX_LINES) -> list[str]:
    """Every module under root over `most` lines, as 'path: N lines'."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > most:
            found.append(f"{path.relative_to(root)}: {lines} lines")
    return found


def test_no_module_is_over_300_lines() -> None:
    assert too_long(SRC) == []


def test_a_long_module_is_found(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    assert too_long(tmp_path) == [f"pkg/long.py: {MAX_LINES + 1} lines"]


def test_the_walk_sees_the_imports() -> None:
    """Absolute, relative, from-package and function-level imports are all found."""
    edges = {(m, t) for m, targets in GRAPH.items() for t in targets}
    assert ("doc_context.app", "doc_context.gather") in edges
    assert ("doc_context.gateways", "doc_context.sources.ado") in edges  # inside a function
    assert ("doc_context.sandbox", "doc_context.sandbox.ado") in edges  # from .ado import ...
    assert ("doc_context.commands.run", "doc_context.pipeline_log") in edges  # from doc_context import pipeline_log


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("doc_context.text.x", "import httpx", "doc_context.text.x is pure but imports httpx"),
        ("doc_context.summary.x", "def f():\n    import os.path", "doc_context.summary.x is pure but imports os.path"),
        ("doc_context.comment.x", "from time import monotonic", "doc_context.comment.x is pure but imports time"),
        ("doc_context.text.x", "from doc_context.summary import tokens", "doc_context.text.x (text) imports"),
        ("doc_context.summary.x", "from ..comment import render", "doc_context.summary.x (summary) imports"),
        ("doc_context.relevance.x", "from doc_context.summary import tokens", "doc_context.relevance.x (relevance)"),
        ("doc_context.relevance.x", "import time", "doc_context.relevance.x is pure but imports time"),
        ("doc_context.comment.x", "from doc_context.sources import llm", "doc_context.comment.x (comment) imports"),
        ("doc_context.sources.x", "from doc_context import app", "doc_context.sources.x (sources) imports"),
        ("doc_context.app", "from doc_context import cli", "doc_context.app (run) imports doc_context.cli (edge)"),
        ("doc_context.cli", "from doc_context.sandbox import Sandbox", "doc_context.cli (edge) imports"),
        ("doc_context.change.differ", "import subprocess", "doc_context.change.differ is pure but imports subprocess"),
        (
            "doc_context.change.unified",
            "from doc_context.change import read",
            "doc_context.change.unified (text) imports",
        ),
        ("doc_context.change.index", "from doc_context.comment import render", "doc_context.change.index (relevance)"),
        ("doc_context.pipeline_log", "import sys", "doc_context.pipeline_log is pure but imports sys"),
        ("doc_context.sources.toy.links", "import httpx", "doc_context.sources.toy.links is pure but imports httpx"),
        ("doc_context.sources.toy.links", "from doc_context.sources import ado", "doc_context.sources.toy.links (a"),
    ],
)
def test_a_wrong_import_is_found(module: str, source: str, expected: str) -> None:
    graph = {**GRAPH, module: set(imports(module, source, KNOWN))}
    assert any(v.startswith(expected) for v in violations(graph))
