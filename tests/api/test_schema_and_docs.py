"""The OpenAPI schema and the docs pages, Swagger UI and ReDoc, served by the app
itself (no CDN: DESIGN)."""

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


def test_the_docs_pages_load_everything_from_the_app_itself(client):
    for url in ("/api/v1/docs", "/api/v1/redoc"):
        page = client.get(url)
        html = page.content.decode()
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
        assert not re.search(r'(src|href)="(https?:)?//', html), url
        assert re.findall(r"<script[^>]*>\s*</script>", html)  # scripts by src only
        assert not re.search(r"<script[^>]*>\s*[^<\s]", html), url  # nothing inline
        assert "<style" not in html and "style=" not in html, url
        assert "/static/drf_spectacular_sidecar/" in html


def test_swagger_uis_set_up_script_is_served_as_a_file_of_its_own(client):
    script = client.get("/api/v1/docs?script=")
    assert script["Content-Type"].startswith("application/javascript")
    assert "/api/v1/schema" in script.content.decode()
