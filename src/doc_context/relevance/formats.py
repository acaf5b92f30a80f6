"""Pure: a data format a criterion names in a product owner's words, met where the diff writes that format: a media
type's subtype or structured syntax suffix, a file extension of the format, an option or value named as it.

    format_words("Requests say that the client prefers the JSON format and still accepts HTML")  # json, html
    format_words("The format is kept"), format_words("a zip code")         # none: a plain word, a word in prose
    writes_format("Accept: application/vnd.acme.v2+json, text/html; q=0.1", "json")   # 2: the +json suffix
    writes_format("Accept: application/vnd.acme.v2+json, text/html; q=0.1", "html")   # 1: text/html, any page's
    writes_format("for f in glob('config/*.yml'):", "yaml")                           # 2: YAML's extension
    writes_format("if (this.npm.config.get('json')) {", "json")                        # 1: a string named as it
    writes_format('    "main": "index.js", "files": ["package.json"]', "json")         # 0: a file, not the format

A format word is written in capitals (JSON, HTML, YAML, CSV) or names a format before "format" or "files" ("the
Markdown format", "zip files"): in lower-case prose "zip" or "markdown" is another word. It meets, on an added line:
- a media type (RFC 6838, `type/subtype`) whose structured syntax suffix is the format (RFC 6839:
  `application/problem+xml` is XML) or whose vendor's tree says it (`application/vnd.acme.v2+json` is JSON): it
  singles the format out; the format's own type (`application/json`, `text/html`, `application/x-yaml`,
  `image/svg+xml` for SVG) is on nearly every HTTP client's or server's line and weighs half: another of the
  criterion's terms beside it (`media_type="text/csv"` returning `export_rows` for "exports as CSV");
- an extension of the format standing alone (`'.yml'`, `*.yaml`, `ext == ".json"`), never a file's name
  (`package.json` is that file, whatever format it is in);
- an option named as the format (`--json` in a usage line, `"--yaml"`); a string that is its name alone (`'json'`)
  weighs half: as often a tag's or a field's name (`expectFirst("html")`) as an option's key; beside a call of the
  format's library in the same file (`if (config.get('json')) print(JSON.stringify(result))`), in full.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doc_context.relevance.words import parts

# A format's name, as a criterion says it, and the other names its media types and extensions give it
FORMATS: dict[str, tuple[str, ...]] = {
    "json": (),
    "yaml": ("yml",),
    "xml": (),
    "html": ("htm", "xhtml"),
    "csv": (),
    "tsv": ("tab-separated-values",),
    "toml": (),
    "markdown": ("md",),
    "pdf": (),
    "png": (),
    "jpeg": ("jpg",),
    "gif": (),
    "svg": (),
    "webp": (),
    "zip": (),
    "gzip": ("gz",),
    "protobuf": (),
    "msgpack": (),
    "cbor": (),
    "ndjson": ("jsonl",),
}
_NAMES = {alias: name for name, aliases in FORMATS.items() for alias in (name, *aliases)}
_SAID = re.compile(r"\b([A-Za-z][A-Za-z0-9]*)(?=\s+(?:formats?|files?)\b)|\b([A-Z][A-Z0-9]{1,7})s?\b")
_MEDIA_TYPE = re.compile(
    r"(?i)(?<![\w/.-])(?:application|text|image|audio|video|font|model|multipart|message)/([a-z0-9][\w.+-]*)"
)
_EXTENSION = re.compile(r"(?<![\w/-])\*?\.([A-Za-z0-9]{1,12})\b(?![.(\w-])")
_LIBRARY = re.compile(r"(?<![\w.])([A-Za-z]+)\.[A-Za-z_]\w*\(")  # JSON.stringify(, json.dumps(
_OPTION = re.compile(r"""(?<![\w-])--([a-z][a-z0-9-]*)\b|(["'])-{0,2}([A-Za-z0-9+-]+)\2""")


def format_words(text: str) -> list[tuple[str, str]]:
    """The formats a criterion names, each once: (its name, as the criterion writes it)."""
    found: dict[str, str] = {}
    for match in _SAID.finditer(text):
        written = match.group(1) or match.group(2)
        name = _NAMES.get(written.lower())
        if name and name not in found:
            found[name] = written
    return list(found.items())


def media_formats(subtype: str) -> set[str]:
    """The formats a media type's subtype says: itself, its tree's last name (`x-yaml`, `vnd.ms-excel`), the name
    before its suffix and its suffix (`svg+xml`: svg and xml; `vnd.acme.v2+json`: json)."""
    subtype = subtype.lower().rstrip(".-")
    base, _, suffix = subtype.partition("+")
    names = {subtype, base, base.rsplit(".", 1)[-1], base.removeprefix("x-"), suffix}
    return {_NAMES[n] for n in names if n in _NAMES}


def writes_format(text: str, name: str) -> float:
    """What a line writing the format weighs: 2 for a media type singling it out (a vendor's, `vnd.acme.v2+json`, or
    its structured syntax suffix, `problem+json`), its extension alone or an option named as it (`--json`); 1 for
    the format's own media type (`application/json`, `text/csv`: on nearly every HTTP line, it needs another of
    the criterion's terms beside it) or a string that is its name alone (`'json'`: an option's key, as often a
    tag's or a field's, `expectFirst("html")`); 0 for none."""
    lowered = text.lower()
    if name not in lowered and not any(a in lowered for a in FORMATS.get(name, ())):
        return 0.0
    typed = max((media_weight(m.group(1), name) for m in _MEDIA_TYPE.finditer(text)), default=0.0)
    if typed == 2.0:
        return 2.0
    if any(_NAMES.get(m.group(1).lower()) == name for m in _EXTENSION.finditer(text)):
        return 2.0
    options = [(m.group(1), m.group(3)) for m in _OPTION.finditer(text)]
    if any(_NAMES.get((flag or "").lower()) == name for flag, _ in options):
        return 2.0
    return 1.0 if typed or any(_NAMES.get((said or "").lstrip("-").lower()) == name for _, said in options) else 0.0


def media_weight(subtype: str, name: str) -> float:
    """What a media type weighs for the format: 2 when it singles the format out, a vendor's or a personal tree
    (`vnd.acme.v2+json`, `prs.`, `x.`) or a structured syntax suffix on another name (`problem+json`, `atom+xml`);
    1 for the format's own type, registered or not (`application/json`, `text/html`, `application/x-yaml`,
    `image/svg+xml` for SVG); 0 for another format's."""
    if name not in media_formats(subtype):
        return 0.0
    base, _, suffix = subtype.lower().rstrip(".-").partition("+")
    tree = re.match(r"(?:vnd|prs|x)\.", base) is not None
    return 2.0 if tree or (_NAMES.get(suffix) == name and name not in media_formats(base)) else 1.0


def format_lines(texts: Sequence[str], name: str) -> tuple[set[int], float]:
    """The lines writing the format, and what it weighs there: the strongest way any line writes it; a string
    named as it and a call of its library (`JSON.stringify(`, `json.dumps(`, `yaml.safe_load(`) in one file, 2."""
    weights = {i: w for i, text in enumerate(texts) if (w := writes_format(text, name))}
    best = max(weights.values(), default=0.0)
    said = {i for i, w in weights.items() if w == 1.0 and not _MEDIA_TYPE.search(texts[i])}
    if best == 1.0 and said:  # a bare media type beside a call stays weak: a client sending JSON is any client
        calls = {i for i, text in enumerate(texts) if calls_format(text, name)}
        if calls:
            return said | calls, 2.0
    return {i for i, w in weights.items() if w == best}, best


def calls_format(text: str, name: str) -> bool:
    """Whether a line calls the format's library by its name: `JSON.stringify(`, `json.Marshal(`, `yaml.dump(`."""
    return any(_NAMES.get(m.group(1).lower()) == name for m in _LIBRARY.finditer(text))


def lookup_words(name: str) -> list[tuple[str, ...]]:
    """The words a line writing the format holds, any one of them (for the change's index)."""
    return list(dict.fromkeys(tuple(parts(w)) for w in (name, *FORMATS.get(name, ())) if "-" not in w))
