"""Pure: a component a criterion names by its kind and its name ("the savehar addon", "the blocklist add-on", "the
`Auth` middleware", "the replace plugin") meeting the file or folder that is the component's.

    named_components("Update savehar addon to handle the path key", COMMON)       # [("savehar", "addon")]
    component_file("savehar", "addon", "/mitmproxy/addons/savehar.py")           # True: its kind's folder
    component_file("auth", "middleware", "/src/http/AuthMiddleware.cs")          # True: its kind in its name
    component_file("replace", "plugin", "/beetsplug/replace.py")                 # True: beets' plugins' folder
    component_file("savehar", "addon", "/mitmproxy/tools/savehar.py")            # False: no addon's place

The kind word beside the name is what sets it apart from any word equal to a file's stem (data17: a plain
word-to-stem rule gained 18 of the pool's misses for 105 decoys at risk): the file must sit below its kind's folder
(addons/, plugins/, middleware/, handlers/) or carry the kind in its own name (AuthMiddleware.cs, cache_handler.rb).
A subcommand ("the init command") is relevance/commands.py's.
"""

from __future__ import annotations

import re

from doc_context.relevance.words import parts

# The kinds of component a project files one to a module, and the folders each is filed in (beyond its plural)
_KINDS: dict[str, tuple[str, ...]] = {
    "addon": ("addons", "add-ons", "addon"),
    "add-on": ("addons", "add-ons", "addon"),
    "plugin": ("plugins", "plugin", "beetsplug", "plug"),
    "extension": ("extensions", "extension", "ext", "exts"),
    "middleware": ("middleware", "middlewares"),
    "cop": ("cop", "cops"),
    "rule": ("rules", "rule"),
    "check": ("checks", "check", "checkers"),
    "checker": ("checkers", "checker", "checks"),
    "handler": ("handlers", "handler"),
    "provider": ("providers", "provider"),
    "adapter": ("adapters", "adapter"),
    "driver": ("drivers", "driver"),
    "integration": ("integrations", "integration"),
    "widget": ("widgets", "widget"),
    "hook": ("hooks", "hook"),
    "formatter": ("formatters", "formatter"),
    "reporter": ("reporters", "reporter"),
    "exporter": ("exporters", "exporter"),
    "loader": ("loaders", "loader"),
    "transformer": ("transformers", "transformer"),
    "resolver": ("resolvers", "resolver"),
    "backend": ("backends", "backend"),
    "analyzer": ("analyzers", "analyzer"),
    "validator": ("validators", "validator"),
    "serializer": ("serializers", "serializer"),
}
_KIND = "|".join(re.escape(k) for k in sorted(_KINDS, key=len, reverse=True))
_NAMED = re.compile(  # "the `Auth` middleware", "savehar addon", "the Blocklist add-on", "middleware `Auth`"; one,
    # never a family ("`Rails` cops": each file of cop/rails/)
    rf"`([A-Za-z][\w.-]*)`\s+({_KIND})\b(?!-)"
    rf"|(?<![\w.`/'\u2019-])([A-Za-z][\w-]*)\s+({_KIND})\b(?![-`])(?!\s+`)"
    rf"|(?<![\w-])({_KIND})\s+`([A-Za-z][\w.-]*)`",
    re.IGNORECASE,
)
_FOLDER = {folder: kind for kind, folders in reversed(_KINDS.items()) for folder in folders if len(folder) > 4}
_FILED = re.compile(  # `plugins/replace`, `addons/savehar`: a component as its kind's folder files it
    rf"`({'|'.join(map(re.escape, _FOLDER))})/([A-Za-z][\w-]*)`", re.IGNORECASE
)
# Words that say what kind of component it is, not which one ("the default handler", "a custom plugin")
_LIKE = frozenset(
    "custom default new old built-in builtin core main base given specified third-party external internal native"
    " every each any all this that the a an its our their your some other same existing official bundled own"
    " unknown invalid missing failing broken global local root".split()
)


def named_components(text: str, common: frozenset[str]) -> list[tuple[str, str]]:
    """The components the text names, each as (name, kind): a code span beside a kind word (`Auth` middleware,
    middleware `Auth`, `plugins/replace`), or a prose word before one that is no adjective (_LIKE) and whose parts
    (words.parts) are none a common word (`common`: "the error handler" names no component)."""
    found = []
    for code, kind, word, kind2, kind3, code2 in _NAMED.findall(text):
        name, of = (code, kind) if code else (word, kind2) if word else (code2, kind3)
        if not code and not code2 and (word.lower() in _LIKE or not _names_one(word, common)):
            continue
        found.append((name.lower(), of.lower()))
    found += [(name.lower(), _FOLDER[folder.lower()]) for folder, name in _FILED.findall(text)]
    return list(dict.fromkeys(found))


def filed(label: str) -> bool:
    """Whether a code span is a component as its kind's folder files it (`plugins/replace`): the component's term,
    not code the evidence must write (beets' documentation path for beetsplug/replace.py)."""
    return _FILED.fullmatch(f"`{label}`") is not None


def _names_one(word: str, common: frozenset[str]) -> bool:
    return len(word) >= 2 and common.isdisjoint(parts(word))  # "s3" has no part: a name still


def component_file(name: str, kind: str, path: str) -> bool:
    """Whether the file is the component's: a folder or file named as it below its kind's folder (addons/savehar.py,
    plugins/replace/index.ts), or a file or folder named as it with its kind (AuthMiddleware.cs, cache_handler.rb)."""
    folders = path.strip("/").split("/")
    named = [*folders[:-1], folders[-1].split(".", 1)[0]]
    wanted = _flat(name)
    kinds = _KINDS.get(kind, ())
    flat_kind = _flat(kind)
    for at, part in enumerate(named):
        flat = _flat(part)
        if flat in (wanted + flat_kind, flat_kind + wanted) and flat != flat_kind:
            return True
        if flat == wanted and any(folder.lower() in kinds for folder in folders[:at]):
            return True
    return False


def _flat(text: str) -> str:
    return re.sub(r"[-_.\s]", "", text.lower())
