"""Production readiness: settings that fail loudly, deploy checks, health, sign-in limits."""

from __future__ import annotations

import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError
from django.test import RequestFactory

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "scores.example.org",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in PRODUCTION}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
    )


def test_the_documented_production_settings_pass_the_deploy_checks():
    checked = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout


def settings_read_with(monkeypatch, **env: str) -> dict:
    """Read the settings module afresh, as a starting process does, with ``env``."""
    for name in PRODUCTION:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "scorekeeper" / "settings.py"))


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without_a_secret_key_or_hosts(monkeypatch, missing):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}
    with pytest.raises(ImproperlyConfigured, match=f"Set {missing}"):
        settings_read_with(monkeypatch, **env)


def test_a_bad_boolean_setting_names_the_variable(monkeypatch):
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be true or false"):
        settings_read_with(monkeypatch, DEBUG="maybe")


@pytest.mark.parametrize(
    ("switch", "prepared"), [({}, True), ({"DB_PREPARED_STATEMENTS": "false"}, False)]
)
def test_postgresql_statements_are_prepared_unless_turned_off_for_a_pooler(
    monkeypatch, switch, prepared
):
    url = "postgres://app@db.example.org:5432/scores"
    read = settings_read_with(monkeypatch, DATABASE_URL=url, **PRODUCTION, **switch)
    options = read["DATABASES"]["default"].get("OPTIONS", {})
    assert options.get("server_side_binding", False) is prepared
    assert (options.get("prepare_threshold") is not None) is prepared


@pytest.mark.django_db
def test_healthz_says_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.django_db
def test_healthz_reports_an_unreachable_database(client, monkeypatch):
    from django.db import connection

    def refuse():
        raise DatabaseError("connection refused")

    monkeypatch.setattr(connection, "cursor", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "unreachable"


@pytest.mark.django_db
def test_the_eleventh_wrong_password_in_a_minute_is_refused_without_checking_it():
    get_user_model().objects.create_user("anna", password="the-right-password")

    def sign_in(password):
        request = RequestFactory().post("/login/", REMOTE_ADDR="203.0.113.7")
        return authenticate(request, username="anna", password=password)

    for _ in range(9):
        assert sign_in("a-guess") is None
    assert sign_in("the-right-password") is not None  # nine misses: still allowed
    for _ in range(10):
        assert sign_in("a-guess") is None
    # Locked out: even the right password is not checked now.
    assert sign_in("the-right-password") is None
