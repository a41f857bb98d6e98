"""A small JSON Schema (draft 2020-12) validator for the subset the transcript schema uses,
so the tests need no ``jsonschema`` package.

Keywords: ``type``, ``enum``, ``properties``, ``required``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``uniqueItems``, ``oneOf``, ``anyOf``, ``minimum``,
``maximum``, ``pattern``, ``maxLength``, ``maxProperties``, ``propertyNames``, ``$ref``
(local, ``#/$defs/...``), boolean schemas, and the
annotations ``$schema``, ``$id``, ``$defs``, ``title``, ``description``. Any other keyword
is an error, so the schema cannot silently rely on something not checked here.
"""

from __future__ import annotations

import re
from typing import Any

ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "$comment"})
KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "minItems",
        "maxItems",
        "uniqueItems",
        "oneOf",
        "anyOf",
        "minimum",
        "maximum",
        "pattern",
        "maxLength",
        "maxProperties",
        "propertyNames",
        "$ref",
    }
)


def _is_type(value: object, name: str) -> bool:
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer()
        )
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    raise ValueError(f"unknown type {name!r}")


def _same(a: object, b: object) -> bool:
    """JSON equality (true is not 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def errors(
    schema: object, value: object, root: dict[str, Any] | None = None, path: str = "$"
) -> list[str]:
    """Every way ``value`` breaks ``schema`` (an empty list when it conforms)."""
    if root is None:
        assert isinstance(schema, dict)
        root = schema
    if schema is True:
        return []
    if schema is False:
        return [f"{path}: not allowed"]
    assert isinstance(schema, dict), schema
    unknown = set(schema) - KEYWORDS - ANNOTATIONS
    if unknown:
        raise ValueError(f"schema keyword(s) not supported by this checker: {sorted(unknown)}")
    out: list[str] = []
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"only local $defs references are supported: {ref}")
        out += errors(root["$defs"][ref.removeprefix("#/$defs/")], value, root, path)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is_type(value, t) for t in types):
            return [*out, f"{path}: expected {schema['type']}, got {value!r:.40}"]
    if "enum" in schema and not any(_same(value, e) for e in schema["enum"]):
        out.append(f"{path}: {value!r:.40} not one of {schema['enum']}")
    if isinstance(value, dict):
        props: dict[str, Any] = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(f"{path}: missing {key!r}")
        if "maxProperties" in schema and len(value) > schema["maxProperties"]:
            out.append(f"{path}: more than {schema['maxProperties']} properties")
        if "propertyNames" in schema:
            for key in value:
                out += [
                    f"{path}: property name {e}"
                    for e in errors(schema["propertyNames"], key, root, path)
                ]
        for key, item in value.items():
            if key in props:
                out += errors(props[key], item, root, f"{path}.{key}")
            elif "additionalProperties" in schema:
                out += errors(schema["additionalProperties"], item, root, f"{path}.{key}")
    if isinstance(value, list):
        if "items" in schema:
            for i, item in enumerate(value):
                out += errors(schema["items"], item, root, f"{path}[{i}]")
        if len(value) < schema.get("minItems", 0):
            out.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{path}: more than {schema['maxItems']} items")
        if schema.get("uniqueItems") and len({repr(v) for v in value}) != len(value):
            out.append(f"{path}: items not unique")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append(f"{path}: below {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            out.append(f"{path}: above {schema['maximum']}")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r:.40} does not match the pattern")
    if isinstance(value, str) and "maxLength" in schema and len(value) > schema["maxLength"]:
        out.append(f"{path}: longer than {schema['maxLength']} characters")
    if "oneOf" in schema:
        passing = sum(not errors(s, value, root, path) for s in schema["oneOf"])
        if passing != 1:
            out.append(f"{path}: matches {passing} of the oneOf schemas, not exactly one")
    if "anyOf" in schema and all(errors(s, value, root, path) for s in schema["anyOf"]):
        out.append(f"{path}: matches none of the anyOf schemas")
    return out
