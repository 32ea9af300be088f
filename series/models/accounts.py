"""Signed-in devices: one expiring, revocable API token per device (django-rest-knox)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


class DeviceToken(AbstractAuthToken):
    """A device's API token. Only its digest is stored; ``device`` is the name
    the client gave when it signed in (``Anna's phone``), to tell devices apart."""

    device = models.CharField(_("device"), max_length=60, blank=True)

    class Meta:
        ordering = ["-created"]
