"""Pure: Confluence macros (ac:structured-macro, the older ac:macro, the cloud editor's ac:adf-extension)
-> markdown blocks. Their bodies are laid out by the walk in storage.py, passed in as `blocks`."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from doc_context.text.mdwrite import fence, literal, quote
from doc_context.text.storage_parse import INLINE_MACROS, PANELS, collapse, inner_text

Blocks = Callable[[ET.Element, int], list[str]]

_LANGUAGE = re.compile(r"[A-Za-z0-9_+#.-]{1,40}")  # a fence's info word, never a sentence


def macro(el: ET.Element, depth: int, blocks: Blocks) -> list[str]:
    name = el.get("ac:name", "").lower()
    params = {p.get("ac:name", ""): p for p in el if p.tag == "ac:parameter"}
    body = [b for rich in el if rich.tag == "ac:rich-text-body" for b in blocks(rich, depth + 1)]
    title = _param(params, "title")
    if name in PANELS:
        return panel(name.capitalize(), title, body)
    if name == "expand":
        return [f"**{title}**", *body] if title else body
    if name in INLINE_MACROS or name in ("include", "excerpt-include"):
        text = inline_macro(name, params, el)
        return [text] if text else []
    plain = el.find("ac:plain-text-body")
    if plain is None:
        return body
    code = inner_text(plain).strip("\r\n")
    if not code.strip():
        return body
    return ([f"**{title}**"] if title else []) + [fence(code, _language(el, params))] + body


def _param(params: dict[str, ET.Element], key: str) -> str:
    return literal(collapse(inner_text(params[key]))) if key in params else ""


def _language(el: ET.Element, params: dict[str, ET.Element]) -> str:
    """The `language` parameter; in old pages the unnamed one (`{code:java}` became `ac:name=""`)."""
    default = el.find("ac:default-parameter")
    for node in (params.get("language"), params.get(""), default):
        word = collapse(inner_text(node)) if node is not None else ""
        if _LANGUAGE.fullmatch(word):
            return word
    return ""


def inline_macro(name: str, params: dict[str, ET.Element], el: ET.Element) -> str:
    if name == "status":
        return f"[{_param(params, 'title').upper()}]" if _param(params, "title") else ""
    if name == "jira":
        if _param(params, "key"):
            return f"[Jira {_param(params, 'key')}]"
        return f"[Jira query: {_param(params, 'jqlQuery')}]" if _param(params, "jqlQuery") else ""
    if name in ("include", "excerpt-include"):
        page = next((r for r in el.iter() if r.tag in ("ri:page", "ri:blog-post")), None)
        title = page.get("ri:content-title", "") if page is not None else ""
        return f"[included page: {literal(title)}]" if title else ""
    return ""


def adf(el: ET.Element, depth: int, blocks: Blocks) -> list[str]:
    """Cloud editor extension: its adf-content once; the fallback repeats it."""
    node = el.find("ac:adf-node")
    content = node.find("ac:adf-content") if node is not None else el.find("ac:adf-fallback")
    body = blocks(content, depth + 2) if content is not None else []
    if node is None or node.get("type") != "panel":
        return body
    kind = next((a.text or "" for a in node.iter("ac:adf-attribute") if a.get("key") == "panel-type"), "")
    return panel(literal(kind.strip().capitalize()) or "Panel", "", body)


def panel(label: str, title: str, body: list[str]) -> list[str]:
    head = f"**{label}: {title}**" if title else f"**{label}**"
    return [quote("\n\n".join([head, *body]))]
