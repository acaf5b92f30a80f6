"""Pure: a name meeting the file that defines it, in each language's layout (the name read whole on a line, and its
qualified parts, are relevance/names.py's).

    names_file("Style/InverseMethods", "/lib/rubocop/cop/style/inverse_methods.rb")     # True (Ruby)
    names_file("Contoso.Billing.Invoice", "/src/Billing/Invoice.cs")                   # True (C#)
    names_file("Acme.Billing.InvoiceMailer", "/src/Acme.Billing/InvoiceMailer.cs")     # True (a project's folder)
    names_file("com.acme.billing.Invoice", "/src/main/java/com/acme/billing/Invoice.java")   # True (Java)
    names_file("Float64Value", "/internal/float64_value.go")                          # True (Go)
    names_file("@emotion/css/create-instance", "/packages/css/src/create-instance.ts") # True (npm)
    names_file("tokio::process", "/tokio/src/process.rs")                              # True (Rust)
    names_file("ArrayUtils", "/src/test/java/org/apache/ArrayUtilsTest.java")          # False: its test says more
    names_file("Cluster", "/src/ClusterIp.cs")                                         # False: another name
    names_file("packaging", "/twine/package.py")                                       # False: another word
    names_file("d/acme_teams", "/internal/provider/data_source_teams.go")               # True (Terraform)
    names_file("BA2025.EnableShadowStack", "/src/PERules/BA2025.EnableShadowStack.cs")  # True (a rule's ID)

The name's last part is the file's name, its extension aside, compared whole (the same pieces,
however the language joins them: InverseMethods, inverse_methods, inverse-methods); the parts before it, when it
has any, are the folders above, read from the file up (a namespace's leading parts may be above the tree: Contoso;
a package's `src/` folder is none of them: `@scope/pkg/module` is packages/pkg/src/module.ts; a .NET project's
folder is its namespace's parts: Acme.Billing).
A one-part name needs six letters or two pieces: `port` names no port.py; and one piece is its letters, a plural's s
aside: `packaging` names no package.py.
"""

from __future__ import annotations

import re

from doc_context.relevance.commands import subcommand_file
from doc_context.relevance.names import qualified, whole
from doc_context.relevance.terraform import resource_file
from doc_context.relevance.words import pieces

MIN_LETTERS = 6
_ID = re.compile(r"[./-]")  # what joins an ID's parts in prose and in a file's name


def names_file(code: str, path: str) -> bool:
    """Whether the name the code writes is the file's (see the module's examples), the file defining the Terraform
    resource type it names, or the file named for the whole dotted or slashed ID (id_file)."""
    return _names(qualified(code), path) or resource_file(code, path) or id_file(code, path)


def id_file(code: str, path: str) -> bool:
    """Whether a dotted or slashed ID is the file's whole name, its extension aside, `.`, `/` and `-` read as `_`: a
    rule named by its ID and its title, `BA2025.EnableShadowStack` in BA2025.EnableShadowStack.cs,
    `DAT101/001.GuidValue` in DAT101_001_GuidValue.cs (C# analyzers' and scanners' rules, data18's seventh batch)."""
    if "." not in code and "/" not in code:
        return False
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return _ID.sub("_", code.strip("`")).lower() == _ID.sub("_", stem).lower()


def begins_file(code: str, path: str) -> bool:
    """Whether the file's name begins with the name, over two pieces of it or more: `ktlint` and KtLintStep.java,
    `greclipse` and GrEclipseFormatterStep.java (the file of the thing the name is, in another case; never one piece:
    `Cluster` does not begin ClusterIp.cs)."""
    found = qualified(code)
    if len(found) != 1:
        return False
    base = path.rsplit("/", 1)[-1].split(".", 1)[0]
    name, joined = "".join(pieces(found[0])).lower(), ""
    for n, piece in enumerate(pieces(base)):
        joined += piece.lower()
        if joined == name:
            return n >= 1
        if not name.startswith(joined):
            return False
    return False


def member_of_file(code: str, path: str) -> str:
    """The member a qualified name names in the file of its type, if it is that file's: `tftypes.Value.IsFullyNull()`
    in tftypes/value.go, `NumberUtils.isParsable()` in NumberUtils.java, `AdditionalCLIOptions.PlanOptions.NoRefresh`
    in additional_cli_options.go -> the member's name ("" for none)."""
    parts = qualified(code)
    return parts[-1] if any(_names(parts[:end], path) for end in range(1, len(parts))) else ""


def _names(parts: list[str], path: str) -> bool:
    if not parts:
        return False
    last = parts[-1]
    if len(parts) == 1 and len(pieces(last)) < 2 and len(last) < MIN_LETTERS:
        return False
    folders = path.strip("/").split("/")
    file_name = folders.pop()
    base = file_name.split(".", 1)[0]
    if _joined(last) != _joined(base) or not _letters_meet(last, base):
        return False
    if len(parts) == 1:
        return True
    if not folders:
        return False
    above = list(reversed(folders))
    if _joined(above[0]) == "src" and len(above) > 1:  # a package's sources: packages/css/src/create-instance.ts
        above = above[1:]
    namespace = [_joined(f) for f in reversed(above[0].split("."))]  # src/Acme.Billing/: Acme.Billing
    qualifiers = [_joined(p) for p in reversed(parts[:-1])]
    k = min(len(namespace), len(qualifiers))
    return namespace[:k] == qualifiers[:k]


def _letters_meet(name: str, base: str) -> bool:
    """Whether a one-piece name is the file's name letter for letter, as a line writes it (`spelled`), a plural's
    ending aside (docs/api/bridges.md for `bridge`, categories.py for `Category`, Addresses.cs for `Address`: review
    10, finding 5): `packaging` is not package.py, another word of its stem. A name of two
    pieces or more meets its file piece by piece (InverseMethods, inverse_methods.rb)."""
    if len(pieces(name)) > 1:
        return True
    letters, written = name.strip("_").lower(), "".join(pieces(base)).lower()
    return _plural(letters, written) or _plural(written, letters)


def _plural(one: str, other: str) -> bool:
    """Whether `other` is `one` or its English plural: -s, -es (Address, Addresses), -y to -ies (Policy, policies)."""
    plurals = {one, one + "s", one + "es"} | ({one[:-1] + "ies"} if one.endswith("y") else set())
    return other in plurals


_COMMAND = re.compile(r"([a-z][\w.-]*)\s+([a-z][\w-]*)(?:\s|$)")  # `changeset tag`, `changeset publish-plan --output`
_NAMED_COMMAND = re.compile(r"([A-Za-z][\w-]*) (?:sub)?command")  # the prose's "init command" (criterion_terms)


def command_file(code: str, path: str) -> bool:
    """Whether a command line the criterion writes (`changeset tag`, `changie batch --dry-run`) names the file of its
    subcommand (relevance/commands.py: packages/cli/src/commands/tag/index.ts, cmd/batch.go), or the prose's "batch
    command" its file."""
    named = _NAMED_COMMAND.fullmatch(code)
    found = named or _COMMAND.match(code.strip())
    return found is not None and subcommand_file(found.group(1 if named else 2), path)


def _joined(name: str) -> str:
    return "".join(whole(name))
