"""EMAIL_URL: one setting says where mail goes."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.settings import email_settings


def test_the_default_prints_mail_to_the_console():
    assert email_settings("console://")["EMAIL_BACKEND"].endswith("console.EmailBackend")


def test_an_smtp_url_gives_host_port_user_and_tls():
    mail = email_settings("smtp://club%40example.org:s%3Acret@mail.example.org:587?tls=true")
    assert mail["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (mail["EMAIL_HOST"], mail["EMAIL_PORT"]) == ("mail.example.org", 587)
    assert (mail["EMAIL_HOST_USER"], mail["EMAIL_HOST_PASSWORD"]) == ("club@example.org", "s:cret")
    assert mail["EMAIL_USE_TLS"] and not mail["EMAIL_USE_SSL"]


def test_an_unknown_scheme_stops_the_app():
    with pytest.raises(ImproperlyConfigured):
        email_settings("pigeon://loft")
