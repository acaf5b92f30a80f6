"""The published Azure DevOps 7.1 OpenAPI subset (tests/data/ado-spec, MIT) as a contract to hold requests
and answers against: find the operation of a request, check its path, query, body and answer.

The spec is Swagger 2.0 generated from .NET classes; where it does not describe the wire, the readings
below say what is checked instead, and why (each is also named in tests/test_contract.py):

- null is absent: the service sends null for an object it does not have (the published thread example's
  threadContext); Swagger 2.0 cannot say "nullable". In a list too: a batch with errorPolicy Omit answers
  null for an item it cannot read (the SDK keeps it as None), which the spec does not mention.
- a bare {"type": "object"} is .NET's `object`: any JSON value (work item field values are strings and
  numbers on the wire, in the published batch example too); {"type": "string", "format": "T"} is the
  generic item of .NET's Change<T>: an object (a GitItem in the published iteration changes example).
- PropertiesCollection and ReferenceLinks describe .NET classes (count/item/keys/values, links); on the
  wire they are {key: {"$type", "$value"}} and {name: {"href"}} (the published thread and PR examples).
- enum names are compared ignoring case, and their numbers are accepted: the SDK sends 'Relations' and
  'Omit' where the spec lists 'relations' and 'omit', and the published thread example sends "status": 1.
- a list answer is wrapped, {"count": n, "value": [...]}, as the service and the published examples do.
- strict: an object may hold only the properties its definition names (allOf merged), unless a test
  names what the spec leaves out.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft4Validator

SPEC_DIR = Path(__file__).parent / "data" / "ado-spec"
SPECS: dict[str, Any] = json.loads((SPEC_DIR / "azure-devops-7.1-subset.json").read_text(encoding="utf-8"))["specs"]
EXAMPLES: dict[str, Any] = json.loads((SPEC_DIR / "azure-devops-7.1-examples.json").read_text(encoding="utf-8"))[
    "examples"
]
WIRE_FORMS = {
    "PropertiesCollection": {
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "properties": {"$type": {"type": "string"}, "$value": {}},
            "required": ["$type", "$value"],
            "additionalProperties": False,
        },
    },
    "ReferenceLinks": {
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "properties": {"href": {"type": "string"}},
            "additionalProperties": False,
        },
    },
}


@dataclass(frozen=True)
class Operation:
    area: str  # git, wit, security
    method: str
    path: str  # the spec's path template
    spec: Mapping[str, Any]
    pattern: re.Pattern[str]

    @property
    def name(self) -> str:
        return str(self.spec.get("operationId", f"{self.method} {self.path}"))

    def parameters(self, where: str) -> dict[str, Mapping[str, Any]]:
        return {p["name"]: p for p in self.spec.get("parameters", []) if p.get("in") == where}

    def body_schema(self) -> Mapping[str, Any] | None:
        body = next(iter(self.parameters("body").values()), None)
        return body["schema"] if body else None

    def response_schema(self) -> Mapping[str, Any] | None:
        ok = self.spec.get("responses", {}).get("200") or {}
        return ok.get("schema")


def operations() -> list[Operation]:
    found = []
    for area, spec in SPECS.items():
        for path, item in spec["paths"].items():
            for method, op in item.items():
                if method != "parameters":
                    found.append(Operation(area, method.upper(), path, op, _path_pattern(path, op)))
    return found


def find(method: str, path: str) -> Operation | None:
    """The operation a request was for: method, and the path against the template (case-insensitive)."""
    matches = [op for op in operations() if op.method == method.upper() and op.pattern.fullmatch(path)]
    assert len(matches) <= 1, [m.name for m in matches]
    return matches[0] if matches else None


def _path_pattern(template: str, op: Mapping[str, Any]) -> re.Pattern[str]:
    params = {p["name"]: p for p in op.get("parameters", []) if p.get("in") == "path"}
    parts = []
    for segment in template.split("?", 1)[0].strip("/").split("/"):  # ".../items?path={path}": a query is no path
        if segment.startswith("{"):
            p = params[segment.strip("{}")]
            value = r"\d+" if p.get("type") == "integer" else r"[^/]+"
            optional = p.get("x-ms-required") is False
            parts.append(rf"(?:/{value})?" if optional else rf"/{value}")
        else:
            parts.append("/" + re.escape(segment))
    return re.compile("".join(parts) + "/?", re.I)


def problems(area: str, schema: Mapping[str, Any], instance: Any, *, extra: Mapping[str, set[str]] = {}) -> list[str]:
    """Where `instance` leaves the schema (strict, in the readings above); `extra`: per definition, the
    properties a test accepts although the spec does not name them."""
    definitions = _definitions(area, extra)
    root = {"definitions": definitions, **_dialect(copy.deepcopy(dict(schema)), definitions)}
    validator = Draft4Validator(root)
    return sorted(
        f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:200]}"
        for e in validator.iter_errors(_drop_nulls(instance))
    )


def _definitions(area: str, extra: Mapping[str, set[str]]) -> dict[str, Any]:
    raw = copy.deepcopy(SPECS[area]["definitions"])
    flat = {name: _flatten(name, raw) for name in raw}
    out: dict[str, Any] = {}
    for name, schema in flat.items():
        if name in WIRE_FORMS:
            out[name] = copy.deepcopy(WIRE_FORMS[name])
            continue
        schema = _dialect(schema, flat)
        if "properties" in schema and "additionalProperties" not in schema:
            allowed = {k: {} for k in extra.get(name, set())}
            schema["properties"] = {**allowed, **schema["properties"]}
            schema["additionalProperties"] = False
        out[name] = schema
    return out


def _flatten(name: str, definitions: Mapping[str, Any]) -> dict[str, Any]:
    """A definition with its allOf bases merged in: one list of properties, so strictness sees them all."""
    schema = copy.deepcopy(dict(definitions[name]))
    properties: dict[str, Any] = {}
    for base in schema.pop("allOf", []):
        if "$ref" in base:
            properties.update(_flatten(base["$ref"].rsplit("/", 1)[1], definitions).get("properties", {}))
        else:  # an inline base (ChangeCountDictionary: a map of counts)
            schema.update({k: v for k, v in base.items() if k != "properties"})
    properties.update(schema.get("properties", {}))
    if properties:
        schema["properties"] = properties
    return schema


def _dialect(schema: Any, definitions: Mapping[str, Any]) -> Any:
    """The readings above, applied to a schema tree."""
    if isinstance(schema, list):
        return [_dialect(s, definitions) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if set(schema) - {"description"} == {"type"} and schema["type"] == "object":
        return {}
    if schema.get("format") == "T":  # the generic item of .NET's Change<T>: a GitItem object on the wire
        return {"type": "object"}
    if "enum" in schema and all(isinstance(v, str) for v in schema["enum"]):
        names = "|".join(re.escape(v) for v in schema["enum"])
        return {
            "anyOf": [
                {"type": "string", "pattern": f"(?i)^({names})$"},
                {"type": "integer", "minimum": 0, "maximum": len(schema["enum"]) - 1},
            ]
        }
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "properties":  # names -> schemas
            out[key] = {name: _dialect(sub, definitions) for name, sub in value.items()}
        elif key in ("enum", "required"):
            out[key] = value
        else:
            out[key] = _dialect(value, definitions)
    if "$ref" in out:  # Draft 4 ignores a $ref's siblings: keep the reference alone
        return {"$ref": out["$ref"]}
    return {k: v for k, v in out.items() if not k.startswith("x-ms-")}


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value if v is not None]
    return value


def unwrap(schema: Mapping[str, Any] | None, body: Any) -> Any:
    """A list answer arrives as {"count", "value"}: the value is what the spec's array describes."""
    if schema is not None and schema.get("type") == "array" and isinstance(body, dict) and "value" in body:
        return body["value"]
    return body


def examples(area: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    for name, example in EXAMPLES.items():
        if area is None or name.endswith(f"({area})"):
            yield name, example
