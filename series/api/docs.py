"""The API's docs page: the OpenAPI schema rendered on the server as plain
HTML, with no script or asset from anywhere else (DESIGN: no CDN)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from django.http import HttpResponse
from django.template.backends.django import DjangoTemplates
from django.urls import reverse
from django.views.decorators.http import require_GET
from drf_spectacular.generators import SchemaGenerator

TEMPLATES = DjangoTemplates(
    {
        "NAME": "api-docs",
        "DIRS": [Path(__file__).resolve().parent / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {},
    }
)
METHODS = ("get", "post", "put", "patch", "delete")


@require_GET
def docs_page(request):
    schema = _schema()
    context = {
        "title": schema["info"]["title"],
        "operations": operations(schema),
        "shapes": shapes(schema),
        "schema_url": reverse("api:schema"),
    }
    html = TEMPLATES.get_template("api_docs.html").render(context, request)
    return HttpResponse(html)


@cache
def _schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Every operation of the schema, in path order, as the page lists it."""
    components = schema.get("components", {}).get("schemas", {})
    found = []
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                found.append(_operation(path, method, item[method], components))
    return found


def _operation(path: str, method: str, operation: dict, components: dict) -> dict[str, Any]:
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    return {
        "id": operation.get("operationId", f"{method}-{path}"),
        "method": method.upper(),
        "path": path,
        "summary": operation.get("summary", ""),
        "description": operation.get("description", ""),
        "parameters": [
            {
                "name": p["name"],
                "where": p["in"],
                "required": p.get("required", False),
                "type": type_name(p.get("schema", {})),
            }
            for p in operation.get("parameters", [])
        ],
        "request": fields(body.get("schema"), components),
        "responses": [
            {
                "status": code,
                "description": response.get("description", ""),
                "fields": fields(_json_schema(response), components),
            }
            for code, response in operation.get("responses", {}).items()
            if code.startswith("2")
        ],
        "errors": [
            {"status": code, "description": response.get("description", "")}
            for code, response in operation.get("responses", {}).items()
            if not code.startswith("2")
        ],
    }


def shapes(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """Every named object of the schema (``Hand``, ``Error``…) with its fields."""
    components = schema.get("components", {}).get("schemas", {})
    return [
        {"name": name, "fields": fields(component, components), "type": type_name(component)}
        for name, component in components.items()
    ]


def _json_schema(response: dict) -> dict | None:
    return response.get("content", {}).get("application/json", {}).get("schema")


def fields(schema: dict | None, components: dict) -> list[dict[str, Any]]:
    """The top-level fields of a body: name, type, required."""
    schema = _resolve(schema, components)
    if schema is None:
        return []
    if schema.get("type") == "array":
        schema = _resolve(schema.get("items"), components) or {}
    required = set(schema.get("required", ()))
    return [
        {"name": name, "type": type_name(prop), "shape": _shape_name(prop),
         "required": name in required, "help": prop.get("description", "")}
        for name, prop in schema.get("properties", {}).items()
    ]  # fmt: skip


def _shape_name(schema: dict) -> str | None:
    """The named object a field holds (or holds a list of), to link to."""
    for candidate in (schema, schema.get("items", {}), *schema.get("allOf", ())):
        if "$ref" in candidate:
            return candidate["$ref"].rsplit("/", 1)[-1]
    return None


def _resolve(schema: dict | None, components: dict) -> dict | None:
    if schema and "$ref" in schema:
        return components.get(schema["$ref"].rsplit("/", 1)[-1])
    return schema


def type_name(schema: dict) -> str:
    """A short type for a field: ``integer``, ``array of string``, ``DealLine``."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for combined in ("allOf", "oneOf", "anyOf"):
        if combined in schema:
            return " or ".join(type_name(part) for part in schema[combined])
    kind = schema.get("type", "any")
    if "format" in schema:
        kind += f" ({schema['format']})"
    if kind == "array":
        kind = f"array of {type_name(schema.get('items', {}))}"
    elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        kind = f"object of {type_name(schema['additionalProperties'])}"
    if "enum" in schema:
        kind += " (" + ", ".join(str(v) for v in schema["enum"] if v is not None) + ")"
    if schema.get("nullable"):
        kind += " or null"
    return kind
