"""The domain's reasons in the page's language (see series/web/messages.py)."""

from __future__ import annotations

from django import template

from series.web.messages import render

register = template.Library()


@register.filter
def reason_text(reason) -> str:
    """A meld checker's Reason, translated."""
    return render(reason)
