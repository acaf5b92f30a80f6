"""How much code reaches the comment as written: every code element (fence, indented block, code span) a
CommonMark renderer makes of the converters' markdown, and whether it makes the same of the neutralized text.

Inputs: the storage test documents (tests/data/storage), the golden pages and HTML fields (tests/golden/inputs).
PYTHONPATH=src python scripts/code_as_written.py   (needs the 'test' extra: markdown-it-py)
"""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from doc_context.text.htmltext import html_to_markdown
from doc_context.text.neutralize import neutralize
from doc_context.text.storage import storage_to_markdown

ROOT = Path(__file__).resolve().parent.parent
RENDERER = MarkdownIt("commonmark").enable("table")
CODE = ("fence", "code_block", "code_inline")


def code(markdown: str) -> list[tuple[str, str]]:
    def walk(tokens: list[Token]) -> list[tuple[str, str]]:
        return [f for t in tokens for f in ([(t.type, t.content)] if t.type in CODE else []) + walk(t.children or [])]

    return walk(RENDERER.parse(markdown))


def main() -> int:
    inputs = ROOT / "tests" / "golden" / "inputs"
    texts = [
        storage_to_markdown(p.read_text(encoding="utf-8")).text for p in sorted(ROOT.glob("tests/data/storage/*.xml"))
    ]
    texts += [p.read_text(encoding="utf-8") for p in sorted(inputs.glob("*.md"))]
    texts += [html_to_markdown(p.read_text(encoding="utf-8")) for p in sorted(inputs.glob("*.html"))]
    kinds: dict[str, list[int]] = {}
    for text in texts:
        shown = code(neutralize(text))
        for kind, content in code(text):
            tally = kinds.setdefault(kind, [0, 0])
            tally[0] += 1
            tally[1] += (kind, content) in shown
    total, same = sum(t[0] for t in kinds.values()), sum(t[1] for t in kinds.values())
    detail = ", ".join(f"{kind} {t[1]}/{t[0]}" for kind, t in sorted(kinds.items()))
    print(f"{len(texts)} documents: {same}/{total} code elements render as written ({detail})")
    return 0 if same == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
