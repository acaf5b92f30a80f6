"""A short specification page as the three readers read it (markdown, a PEP in reStructuredText, Confluence storage):
a title, an Abstract section holding its lead, and a Specification section of rules (passage-ranking tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from doc_context.text.storage import storage_to_markdown
from doc_context.text.wikimd import wiki_to_markdown

IDS = ["markdown", "restructuredtext-pep", "storage"]


def readers(title: str, lead: str, rules: Sequence[str], pep: int) -> list[Callable[[], str]]:
    """The page read as markdown, as a PEP numbered `pep`, and from storage; code spans written as `code`."""
    rst_body = "".join(f"{r}\n\n" for r in rules).replace("`", "``")
    markdown = f"# {title}\n\n## Abstract\n\n{lead}\n\n## Specification\n\n" + "".join(f"{r}\n\n" for r in rules)
    rst = f"PEP: {pep}\nTitle: {title}\n\nAbstract\n========\n\n{lead}\n\nSpecification\n=============\n\n{rst_body}"
    storage = f"<h1>{title}</h1><h2>Abstract</h2>{_html(lead)}<h2>Specification</h2>" + "".join(map(_html, rules))
    return [
        lambda: wiki_to_markdown(markdown).text,
        lambda: wiki_to_markdown(rst).text,
        lambda: storage_to_markdown(storage).text,
    ]


def _html(text: str) -> str:
    parts = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").split("`")
    return "<p>" + "".join(f"<code>{p}</code>" if n % 2 else p for n, p in enumerate(parts)) + "</p>"
