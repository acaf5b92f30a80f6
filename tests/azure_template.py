"""Azure Pipelines' template expressions, enough for our templates (the agent that runs the steps they give:
azure_agent.py).

Compile time, as the server expands a pipeline (Microsoft Learn, "Template expressions" and "Expressions"):
`${{ parameters.x }}` in a value (a value that is one expression keeps its type, one inside a string becomes
text: booleans as True/False), `${{ if }}` / `${{ elseif }}` / `${{ else }}` insertions in sequences and
mappings, `${{ each x in parameters.y }}`, and a `template:` step replaced by the template's steps, its
parameters checked (declared, typed, in `values`) and defaulted.

The functions are those of Microsoft's expression reference; `eq` and friends compare strings ignoring case
and convert the right side to the left side's type.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import strict_yaml

EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)
DIRECTIVE = re.compile(r"^\$\{\{\s*(if|elseif|else|each)\b(.*?)\}\}$", re.S)
TOKEN = re.compile(
    r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<name>[A-Za-z_][\w\-]*)|(?P<op>[(),.\[\]]))"
)


class TemplateError(Exception):
    """What the server would refuse the pipeline for."""


# --- expressions --------------------------------------------------------------------------------------------


def _tokens(text: str) -> list[tuple[str, str]]:
    out, at = [], 0
    text = text.strip()
    while at < len(text):
        match = TOKEN.match(text, at)
        if not match or match.end() == at:
            raise TemplateError(f"cannot read the expression {text!r} at {text[at:]!r}")
        kind = match.lastgroup or ""
        out.append((kind, match.group(kind)))
        at = match.end()
    return out


class _Parser:
    def __init__(self, text: str, context: Mapping[str, Any], functions: Mapping[str, Callable[..., Any]]) -> None:
        self.tokens, self.at, self.text = _tokens(text), 0, text
        self.context, self.functions = context, functions

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", "")

    def take(self, value: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if value is not None and token[1] != value:
            raise TemplateError(f"expected {value!r} in {self.text!r}, found {token[1]!r}")
        self.at += 1
        return token

    def parse(self) -> Any:
        value = self.value()
        if self.peek()[0] != "end":
            raise TemplateError(f"unexpected {self.peek()[1]!r} in {self.text!r}")
        return value

    def value(self) -> Any:
        kind, text = self.take()
        if kind == "string":
            return text[1:-1].replace("''", "'")
        if kind == "number":
            return float(text) if "." in text else int(text)
        if kind != "name":
            raise TemplateError(f"unexpected {text!r} in {self.text!r}")
        if self.peek()[1] == "(":
            return self.call(text)
        lowered = text.lower()
        if lowered in ("true", "false"):
            return lowered == "true"
        if lowered == "null":
            return None
        if text not in self.context:
            raise TemplateError(f"unknown name {text!r} in {self.text!r}")
        value = self.context[text]
        while self.peek()[1] in (".", "["):
            if self.take()[1] == ".":
                value = _member(value, self.take()[1])
            else:
                value = _member(value, self.value())
                self.take("]")
        return value

    def call(self, name: str) -> Any:
        function = {key.lower(): f for key, f in self.functions.items()}.get(name.lower())
        if function is None:
            raise TemplateError(f"the function {name!r} is not supported here (in {self.text!r})")
        self.take("(")
        args = []
        while self.peek()[1] != ")":
            args.append(self.value())
            if self.peek()[1] == ",":
                self.take()
        self.take(")")
        return function(*args)


def _member(value: Any, key: Any) -> Any:
    if isinstance(value, Mapping):
        if key in value:
            return value[key]
        folded = {str(k).lower(): v for k, v in value.items()}
        return folded.get(str(key).lower())
    return None


def text(value: Any) -> str:
    """A value as an expression inside a string shows it: True/False, 30 (not 30.0), '' for null."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value != ""
    if isinstance(value, (int, float)):
        return value != 0
    return bool(value)


def _convert(value: Any, like: Any) -> tuple[bool, Any]:
    """The right side of a comparison in the left side's type; (False, None) when it does not convert."""
    if isinstance(like, bool):
        return True, truthy(value)
    if isinstance(like, (int, float)):
        if isinstance(value, bool):
            return True, int(value)
        if isinstance(value, (int, float)):
            return True, value
        try:
            return True, float(str(value).strip()) if str(value).strip() else 0
        except ValueError:
            return False, None
    if isinstance(like, str):
        return True, text(value)
    return True, value


def _eq(left: Any, right: Any) -> bool:
    ok, right = _convert(right, left)
    if not ok:
        return False
    if isinstance(left, str):
        return left.casefold() == right.casefold()
    return bool(left == right)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "eq": _eq,
    "ne": lambda a, b: not _eq(a, b),
    "and": lambda *args: all(truthy(a) for a in args),
    "or": lambda *args: any(truthy(a) for a in args),
    "not": lambda a: not truthy(a),
    "in": lambda needle, *haystack: any(_eq(needle, item) for item in haystack),
    "notIn": lambda needle, *haystack: not any(_eq(needle, item) for item in haystack),
    "startsWith": lambda a, b: text(a).casefold().startswith(text(b).casefold()),
    "endsWith": lambda a, b: text(a).casefold().endswith(text(b).casefold()),
    "contains": lambda a, b: text(b).casefold() in text(a).casefold(),
}


def evaluate(
    expression: str, context: Mapping[str, Any], functions: Mapping[str, Callable[..., Any]] = FUNCTIONS
) -> Any:
    return _Parser(expression, context, functions).parse()


# --- compile time ------------------------------------------------------------------------------------------


def expand(node: Any, context: Mapping[str, Any]) -> Any:
    """`${{ }}` values and insertions expanded, as the server does before anything runs."""
    if isinstance(node, str):
        return _expand_string(node, context)
    if isinstance(node, list):
        return _expand_sequence(node, context)
    if isinstance(node, dict):
        return _expand_mapping(node, context)
    return node


def _expand_string(value: str, context: Mapping[str, Any]) -> Any:
    whole = EXPRESSION.fullmatch(value.strip())
    if whole and value.strip() == value:
        return evaluate(whole.group(1), context)
    return EXPRESSION.sub(lambda m: text(evaluate(m.group(1), context)), value)


def _directive(item: Any) -> tuple[str, str, Any] | None:
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        match = DIRECTIVE.match(str(key).strip())
        if match:
            return match.group(1), match.group(2).strip(), value
    return None


def _chosen(kind: str, condition: str, chain: list[bool], context: Mapping[str, Any]) -> bool:
    """Whether this if/elseif/else inserts its content; chain: [an earlier branch of this chain was taken]."""
    if kind == "if":
        chain[:] = [truthy(evaluate(condition, context))]
        return chain[0]
    if not chain:
        raise TemplateError(f"${{{{ {kind} }}}} without an ${{{{ if }}}} before it")
    if chain[0]:
        return False
    taken = kind == "else" or truthy(evaluate(condition, context))
    chain[0] = taken
    if kind == "else":
        chain.clear()
    return taken


def _each(header: str, context: Mapping[str, Any]) -> tuple[str, list[Any]]:
    name, _, source = header.partition(" in ")
    items = evaluate(source, context)
    return name.strip(), list(items.items() if isinstance(items, Mapping) else items or [])


def _expand_sequence(items: list[Any], context: Mapping[str, Any]) -> list[Any]:
    out: list[Any] = []
    chain: list[bool] = []
    for item in items:
        directive = _directive(item)
        if directive is None:
            chain.clear()
            out.append(expand(item, context))
            continue
        kind, condition, body = directive
        if kind == "each":
            chain.clear()
            name, values = _each(condition, context)
            for value in values:
                out += _spliced(body, {**context, name: value})
        elif _chosen(kind, condition, chain, context):
            out += _spliced(body, context)
    return out


def _spliced(body: Any, context: Mapping[str, Any]) -> list[Any]:
    expanded = expand(body, context)
    return expanded if isinstance(expanded, list) else [expanded]


def _expand_mapping(mapping: dict[Any, Any], context: Mapping[str, Any]) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    chain: list[bool] = []
    for key, value in mapping.items():
        directive = _directive({key: value})
        if directive is None:
            chain.clear()
            name = expand(key, context)
            if name in out:
                raise TemplateError(f"the key {name!r} is given twice")
            out[name] = expand(value, context)
            continue
        kind, condition, body = directive
        if kind == "each":
            chain.clear()
            name, values = _each(condition, context)
            inserted = [expand(body, {**context, name: v}) for v in values]
        else:
            inserted = [expand(body, context)] if _chosen(kind, condition, chain, context) else []
        for part in inserted:
            if not isinstance(part, dict):
                raise TemplateError(f"{key} inserts {part!r} into a mapping")
            for name, v in part.items():
                if name in out:
                    raise TemplateError(f"the key {name!r} is given twice")
                out[name] = v
    return out


def template_parameters(declared: list[dict[str, Any]], given: Mapping[str, Any]) -> dict[str, Any]:
    """The values a template runs with: the given ones checked against the declarations, the rest defaulted."""
    names = {p["name"]: p for p in declared}
    unknown = set(given) - set(names)
    if unknown:
        raise TemplateError(f"unexpected parameters {sorted(unknown)}")
    values = {}
    for name, p in names.items():
        if name not in given and "default" not in p:
            raise TemplateError(f"a value for the parameter {name!r} is required")
        value = given.get(name, p.get("default"))
        kind = p.get("type", "string")
        if kind == "boolean":
            if isinstance(value, str) and value.lower() in ("true", "false"):
                value = value.lower() == "true"
            if not isinstance(value, bool):
                raise TemplateError(f"{name}: {value!r} is not a boolean")
        elif kind == "number":
            ok, number = _convert(value, 0) if not isinstance(value, bool) else (False, None)
            if not ok or isinstance(number, bool):
                raise TemplateError(f"{name}: {value!r} is not a number")
            value = int(number) if float(number).is_integer() else number
        elif kind == "string":
            if isinstance(value, (dict, list)):
                raise TemplateError(f"{name}: a string is expected")
            value = text(value)
        if "values" in p and value not in p["values"]:
            raise TemplateError(f"{name}: {value!r} is not one of {p['values']}")
        values[name] = value
    return values


def expand_template(path: Path, given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The steps a `- template: path` step with these parameters stands for."""
    document = strict_yaml.load_file(path)
    assert isinstance(document, dict)
    parameters = template_parameters(document.get("parameters", []), given)
    return _checked(expand(document["steps"], {"parameters": parameters}))


def expand_pipeline(
    document: Mapping[str, Any], templates: Callable[[str], Path], given: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """A pipeline's steps (one job), its `${{ }}` and its step templates expanded; templates maps a
    `template:` reference (path@repository) to the file."""
    parameters = template_parameters(document.get("parameters", []), given or {})
    steps = expand(document["steps"], {"parameters": parameters})
    out = []
    for step in steps:
        if "template" in step:
            out += expand_template(templates(step["template"]), step.get("parameters") or {})
        else:
            out.append(step)
    return out


def _checked(steps: list[Any]) -> list[dict[str, Any]]:
    for step in steps:
        if not isinstance(step, dict):
            raise TemplateError(f"a step is a mapping, not {step!r}")
        if any(str(k).startswith("${{") for k in step):
            raise TemplateError(f"an expression was left unexpanded in {step}")
    return steps
