"""Pure: the URLs in work-item HTML or markdown, and whether a host is the loopback (where plain http is allowed)."""

from __future__ import annotations

import html
import ipaddress
import re
from html.parser import HTMLParser

_URL = re.compile(r"https?://[^\s<>\"'`\u00a0\u200b]+", re.I)  # a backtick is never part of a URL
_MD_LINK = re.compile(
    r"\[([^\]\n]*)\]\(\s*<?(?P<url>https?://[^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+\"[^\"\n]*\")?\s*\)",
    re.I,
)
_AUTOLINK = re.compile(r"<(?P<url>https?://[^\s<>]+)>", re.I)
_BAD_DECL = re.compile(r"<!\[")  # html.parser raises AssertionError on marked sections it does not know
_TRAILING = ".,;:!?'\"*"
_OPENERS = {"(": ")", "[": "]"}
_REFERENCE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def is_loopback(host: str) -> bool:
    """localhost, 127.0.0.0/8 or ::1: where plain http is allowed (the sandbox, a local proxy)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def find_urls(text: str, *, markdown: bool = False) -> list[str]:
    """Every http(s) URL in a work-item field, in order of first appearance, without repeats.

    In markdown, character references in a URL are read as a renderer reads them (`&amp;` is `&`)."""
    if markdown:
        return list(dict.fromkeys(_REFERENCE.sub(_decode, url) for url in _markdown_urls(text)))
    if "<" not in text and "&lt;" in text:  # the description was escaped twice
        text = html.unescape(text)
    collector = _UrlCollector()
    try:
        collector.feed(_BAD_DECL.sub("&lt;![", text))
        collector.close()
    except (AssertionError, ValueError, IndexError):  # html.parser on markup it cannot read: the text still has URLs
        return list(dict.fromkeys(url for _, url in _text_urls(html.unescape(text))))
    return list(dict.fromkeys(collector.urls))


def _decode(reference: re.Match[str]) -> str:
    return html.unescape(reference.group())


def _text_urls(text: str) -> list[tuple[int, str]]:
    """(position, URL) in plain text, with the punctuation around each URL left out."""
    found = ((m.start(), _trim(m.group())) for m in _URL.finditer(text))
    return [(pos, url) for pos, url in found if len(url) > url.index("//") + 2]


def _trim(url: str) -> str:
    """Cut at the first unbalanced closing bracket ("…pageId=123)을" ends at 123, "(see …/Retry+(v2))."
    keeps "(v2)"), then drop trailing punctuation."""
    depth = {")": 0, "]": 0}
    for i, char in enumerate(url):
        if char in _OPENERS:
            depth[_OPENERS[char]] += 1
        elif char in depth:
            if depth[char] == 0:
                url = url[:i]
                break
            depth[char] -= 1
    return url.rstrip(_TRAILING)


def _markdown_urls(text: str) -> list[str]:
    """[text](url) and <url> first; bare URLs in what is left (link text included)."""
    found: list[tuple[int, str]] = []
    chars = list(text)
    for pattern in (_MD_LINK, _AUTOLINK):
        for m in pattern.finditer("".join(chars)):
            found.append((m.start(), m.group("url")))
            keep = m.span(1) if pattern is _MD_LINK else (m.start(), m.start())
            chars[keep[1] : m.end()] = " " * (m.end() - keep[1])
            chars[m.start() : keep[0]] = " " * (keep[0] - m.start())
    found += _text_urls("".join(chars))
    return [url for _, url in sorted(found, key=lambda pair: pair[0])]


class _UrlCollector(HTMLParser):
    """href of every <a> and URLs in text nodes, in document order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "a":
            return
        for name, value in attrs:
            if name == "href" and value and (m := _URL.match(value.strip())):
                self.urls.append(m.group())

    def handle_data(self, data: str) -> None:
        self.urls += [url for _, url in _text_urls(data)]
