"""A night's big-screen link: a private club's screen opens without signing in.

Like a series' live links (``sheets/live_links.py``) a link is signed with the
secret key (nothing stored per link) and names the night and the link's
generation; it opens the screen until a director revokes it
(``screen_link_revoke``), which makes every link shown before stop working.
A public club's screen needs no link.
"""

from __future__ import annotations

from uuid import UUID

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F

from series.eventstore.retry import transient_retry
from series.models import Night, NightScreenLink

SALT = "series.night-screen"


def _generation(night_id: UUID) -> int:
    found = NightScreenLink.objects.filter(night_id=night_id).values_list("generation", flat=True)
    return found.first() or 0


def screen_link_token(night_id: UUID) -> str:
    """The token of the night's screen link as it stands (put it in the screen's URL)."""
    return signing.Signer(salt=SALT).sign(f"{night_id.hex}.{_generation(night_id)}")


def screen_link_opens(token: str) -> UUID | None:
    """The night a screen link opens, or None (forged, altered or revoked): one query."""
    try:
        night, generation = signing.Signer(salt=SALT).unsign(token).split(".")
        night_id, generation = UUID(hex=night), int(generation)
    except (signing.BadSignature, ValueError):
        return None
    return night_id if _generation(night_id) == generation else None


def screen_link_replaced(token: str, night_id: UUID) -> bool:
    """Whether ``token`` is a genuine link of the night that a newer one replaced."""
    try:
        night, generation = signing.Signer(salt=SALT).unsign(token).split(".")
        return UUID(hex=night) == night_id and int(generation) < _generation(night_id)
    except (signing.BadSignature, ValueError):
        return False


@transient_retry(idempotent=True)
def screen_link_revoke(*, night_id: UUID, user) -> int:
    """Make the night's screen link anew: every link shown before stops working.
    Returns the new generation."""
    club_id = Night.objects.filter(id=night_id).values_list("club_id", flat=True).get()
    with transaction.atomic():
        links = NightScreenLink.objects.filter(night_id=night_id)
        bump = {"generation": F("generation") + 1, "revoked_by": user}
        if not links.update(**bump):
            try:
                with transaction.atomic():
                    NightScreenLink.objects.create(
                        night_id=night_id, club_id=club_id, generation=1, revoked_by=user
                    )
            except IntegrityError:  # revoked at the same moment by someone else
                links.update(**bump)
        return links.values_list("generation", flat=True).get()
