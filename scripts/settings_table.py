"""Print the settings table for docs/admin.md, generated from Settings.model_fields.

python scripts/settings_table.py                    # print it
python scripts/settings_table.py --write docs/admin.md   # replace it between the markers
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from settings_catalog import PIPELINE_PROVIDED, Entry, catalog, format_default

START, END = "<!-- settings-table:start -->", "<!-- settings-table:end -->"
HEADER = "| Task input | Template parameter | Environment variable | Default | Description |\n|---|---|---|---|---|"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str | None) -> str:
    return f"`{text}`" if text else ""


def _row(entry: Entry) -> str:
    if entry.input is None:
        names, description = (
            ("set by the pipeline", "set by the pipeline"),
            f"{entry.description} From {PIPELINE_PROVIDED[entry.field]}.",
        )
    else:
        secret = " (secret)" if entry.secret else ""
        names, description = (_code(entry.input) + secret, _code(entry.parameter)), entry.description
        if entry.from_variable:
            description += f" The template takes the name of the variable that holds it (default `{entry.env}`)."
    default = "" if entry.secret else _code(format_default(entry.default))
    return "| " + " | ".join(_cell(c) for c in (*names, _code(entry.env), default, description)) + " |"


def table(*declared: Any) -> str:
    """The table; `declared`: catalog's (the settings model and the document sources) when not the registered."""
    return "\n".join([HEADER, *(_row(entry) for entry in catalog(*declared))])


def replace_between_markers(text: str, body: str) -> str:
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"the markers {START} and {END} are missing")
    return f"{head}{START}\n{body}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", type=Path, metavar="FILE", help="replace the table between the markers in FILE")
    args = parser.parse_args(argv)
    if args.write:
        args.write.write_text(
            replace_between_markers(args.write.read_text(encoding="utf-8"), table()), encoding="utf-8"
        )
    else:
        print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
