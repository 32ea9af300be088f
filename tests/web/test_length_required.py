"""A body sent in chunks (no Content-Length), which Django would read as
empty, is answered 411 on the pages as on the API (series/web/middleware.py)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_a_form_sent_in_chunks_is_a_411_not_an_empty_form(client):
    response = client.generic(
        "POST",
        "/login/",
        "username=a&password=b",
        content_type="application/x-www-form-urlencoded",
        HTTP_TRANSFER_ENCODING="chunked",
        CONTENT_LENGTH="",
    )
    assert response.status_code == 411
    assert "Content-Length" in response.content.decode()


def test_a_body_with_its_length_is_read_as_before(client):
    response = client.post("/login/", {"username": "a", "password": "b"})
    page = response.content.decode()
    assert response.status_code == 200  # the sign-in form again, with its refusal
    assert re.search(r'<input[^>]*name="username"[^>]*value="a"', page)  # what was sent was read
    assert "Your user name and password did not match" in page
