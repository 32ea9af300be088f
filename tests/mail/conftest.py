"""The mail's tests: a real SMTP server, and links over HTTPS."""

from __future__ import annotations

import pytest

from tests.support.mail import SmtpServer, smtp_settings


@pytest.fixture(autouse=True)
def _site_over_https(settings):
    settings.SITE_URL = "https://scorekeeper.example"


@pytest.fixture
def smtp(settings):
    """aiosmtpd on a free port, Django's mail sent to it (``EMAIL_URL=smtp://…``)."""
    with SmtpServer() as server:
        smtp_settings(settings, server)
        yield server
