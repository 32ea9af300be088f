"""The OpenAPI schema and the docs page built from it (no CDN: DESIGN)."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_the_schema_is_valid_openapi_3_and_generates_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "s.yaml")
    assert (tmp_path / "s.yaml").read_text().startswith("openapi: 3.")


def test_the_schema_is_served_as_json(client):
    schema = client.get("/api/v1/schema?format=json").json()
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/series/{series_id}/deals" in schema["paths"]
    assert schema["components"]["schemas"]["Error"]["required"] == ["code", "field", "message"]


def test_the_docs_page_lists_every_operation_with_its_fields(client):
    schema = client.get("/api/v1/schema?format=json").json()
    page = client.get("/api/v1/docs")
    html = page.content.decode()
    assert page.status_code == 200
    assert page["Content-Type"].startswith("text/html")
    for path, item in schema["paths"].items():
        for method in item:
            assert f'id="{item[method]["operationId"]}"' in html, (method, path)
    assert "<code>expected_version</code>" in html
    assert "Idempotency-Key" in html


def test_the_docs_page_loads_nothing_from_elsewhere(client):
    html = client.get("/api/v1/docs").content.decode()
    assert "<script" not in html
    assert not re.search(r'(src|href)="(https?:)?//', html)
