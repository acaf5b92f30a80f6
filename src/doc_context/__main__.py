"""python -m doc_context -> cli.entry()."""

from doc_context.cli import entry

entry()
