"""The context document's JSON Schema (src/doc_context/context/schema.json), for every test that reads one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

import doc_context.context

SCHEMA_PATH = Path(doc_context.context.__file__).parent / "schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def valid(document: Any) -> Any:
    """The document, once it is known to follow the schema (every error listed otherwise)."""
    errors = sorted(VALIDATOR.iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors)
    return document


def parsed(text: str) -> Any:
    """A document as printed (JSON text), parsed and validated."""
    return valid(json.loads(text))
