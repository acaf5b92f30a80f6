"""Pure: a package's path a criterion names (`helper/schema`, `go.opentelemetry.io/otel/exporters/prometheus`,
`src/components/button`) meeting the changed files in its folder, in each language's layout.

    in_package("helper/schema", "/helper/schema/grpc_provider.go")                                      # True
    in_package("go.opentelemetry.io/otel/sdk/metric/metricdatatest", "/sdk/metric/metricdatatest/a.go") # True
    in_package("helper/schema", "/helper/resource/testing.go")                                          # False
    in_package("src/Billing/Invoices", "/src/billing/invoices/Refund.cs")                               # True
    in_package("Style/InverseMethods", "/lib/rubocop/cop/style/inverse_methods.rb")                     # False

A package's path is its parts with slashes between (a Go import path, a changelog's `helper/schema:` prefix, a
package's folder), its last folders the file's, case aside: its deepest part and at least one above it, in a row
among the file's folders (a Go module's host and root, `go.opentelemetry.io/otel`, are the repository itself; a
cop's `Style/InverseMethods` is a file, name_files.py's). The file is in the package, so the criterion names what the
change edits; the path says nothing more of it: a changelog's package prefix is every entry's of that package, so
the file is evidence only where the criterion's other terms are.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

_PACKAGE = re.compile(r"[A-Za-z0-9][\w.-]*(?:/[A-Za-z0-9][\w.-]*)+")
MIN_FOLDERS = 2  # of the path's parts, the deepest and one above it at least, in a row among the file's folders
PACKAGE_TERMS = 2  # terms setting it apart a file needs where the package it is in is the only named code it shows:
# a package's prefix is every entry's of that package (`helper/schema:`), so one phrase is what a neighbour says too


def is_package(code: str) -> bool:
    """Whether the code is written as a package's path: parts with slashes between."""
    return _PACKAGE.fullmatch(code) is not None


def in_package(code: str, path: str) -> bool:
    """Whether the changed file is in the folder of the package the code names (or below it)."""
    if not is_package(code):
        return False
    tail = code.lower().split("/")[-MIN_FOLDERS:]
    folders = [f.lower() for f in path.strip("/").split("/")[:-1]]
    return any(folders[at : at + MIN_FOLDERS] == tail for at in range(len(folders) - MIN_FOLDERS + 1))


def by_folder(named: Sequence[str], written: Collection[str], path: str) -> bool:
    """Whether the file shows the code the criterion names (`named`) only by being in the folder of the package it
    names: none of it is among what its lines write (`written`)."""
    return not set(written) & set(named) and any(in_package(code, path) for code in named)
