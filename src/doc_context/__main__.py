"""python -m doc_context -> cli.entry()."""
from .cli import entry

entry()
