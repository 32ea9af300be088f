"""What the account pages and API read of a member's account."""

from __future__ import annotations

from series.models import Profile


def has_pin(user) -> bool:
    """Whether ``user`` has set a confirmation PIN."""
    return Profile.objects.filter(user=user).exclude(confirmation_pin="").exists()
