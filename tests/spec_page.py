"""A short specification page as the three readers read it (markdown, a PEP in reStructuredText, Confluence storage):
a title, an Abstract section holding its lead, and a Specification section of rules (passage-ranking tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

IDS = ["markdown", "restructuredtext-pep", "storage"]
# a change releasing a hold past its window in Python, Go and TypeScript: the pages' rules on holds speak to it
RELEASING = {
    "shop/holds.py": ["def release_hold(hold_id, hold_window):", "    if hold_window > MAX_WINDOW:",
                      "        raise ValueError(hold_id)", "    ledger.release(hold_id)"],
    "holds/release.go": ["func ReleaseHold(holdID string, holdWindow int) error {",
                         "\tif holdWindow > maxWindow {", '\t\treturn fmt.Errorf("hold %s", holdID)', "\t}",
                         "\treturn ledger.Release(holdID)", "}"],
    "src/holds.ts": ["export function releaseHold(holdId: string, holdWindow: number): void {",
                     "  if (holdWindow > MAX_WINDOW) throw new RangeError(holdId);", "  ledger.release(holdId);", "}"],
}  # fmt: skip


def readers(
    title: str, lead: str, rules: Sequence[str], pep: int, more: Sequence[tuple[str, Sequence[str]]] = ()
) -> list[Callable[[], str]]:
    """The page read as markdown, as a PEP numbered `pep`, and from storage; code spans written as `code`; `more`:
    further sections after the Specification, each a heading and its paragraphs."""
    sections = [("Specification", rules), *more]
    markdown = f"# {title}\n\n## Abstract\n\n{lead}\n\n" + "".join(
        f"## {heading}\n\n" + "".join(f"{r}\n\n" for r in texts) for heading, texts in sections
    )
    rst = f"PEP: {pep}\nTitle: {title}\n\nAbstract\n========\n\n{lead}\n\n" + "".join(
        f"{heading}\n{'=' * len(heading)}\n\n" + "".join(f"{r}\n\n" for r in texts).replace("`", "``")
        for heading, texts in sections
    )
    storage = f"<h1>{title}</h1><h2>Abstract</h2>{_html(lead)}" + "".join(
        f"<h2>{heading}</h2>" + "".join(map(_html, texts)) for heading, texts in sections
    )
    return [
        lambda: wiki_to_markdown(markdown).text,
        lambda: wiki_to_markdown(rst).text,
        lambda: storage_to_markdown(storage).text,
    ]


def _html(text: str) -> str:
    parts = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").split("`")
    return "<p>" + "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts)) + "</p>"
