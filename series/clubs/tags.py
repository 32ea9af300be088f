"""The club pages' template tags (``{% load clubtags %}``, a library named in the
settings): what only a club's page says."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext_lazy as _

from series.clubs.membership import refusal

register = template.Library()

INVITATION_STATES = {
    None: _("open"),
    "invitation_revoked": _("withdrawn"),
    "invitation_expired": _("expired"),
    "invitation_used": _("used up"),
}


@register.simple_tag
def invitation_status(invitation) -> dict:
    """An invitation's state in a word, and whether it can still be used."""
    refused = refusal(invitation)
    code = refused.code if refused else None
    return {"label": INVITATION_STATES[code], "open": refused is None}
