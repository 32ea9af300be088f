"""A series' live links: the share links spectators follow without signing in.

A link is signed with the secret key (nothing to guess, nothing stored per
link) and names three things: the series, the link's generation and the
membership of the member it was shown to (0 for a visitor of a public club).
It opens the sheet while all three hold: the series' link has not been made
anew since (a scorer or admin renews it, ``live_link_renew``, and every older
link stops working), and the member is still in the club (a removed member's
links stop working; joining again makes a new membership, so they stay dead),
or, for a visitor's link, the club's pages are still public.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone

from series.eventstore.retry import transient_retry
from series.models import Club, LiveLink, Membership, SeriesSheet
from series.sheets import selectors

SALT = "series.live-link"


@dataclass(frozen=True, slots=True)
class LinkKey:
    series_id: UUID
    generation: int
    membership_id: int  # 0: a visitor of a public club


def token(key: LinkKey) -> str:
    value = f"{key.series_id.hex}.{key.generation}.{key.membership_id}"
    return signing.Signer(salt=SALT).sign(value)


def parse(text: str) -> LinkKey | None:
    """The key a token signs; None when it is forged, altered or of the old kind."""
    try:
        series, generation, membership = signing.Signer(salt=SALT).unsign(text).split(".")
        return LinkKey(UUID(hex=series), int(generation), int(membership))
    except (signing.BadSignature, ValueError):
        return None


def _generation(series: object) -> Coalesce:
    current = LiveLink.objects.filter(series_id=series).values("generation")[:1]
    return Coalesce(Subquery(current), Value(0))


def key_for(sheet: SeriesSheet, user) -> LinkKey:
    """The link ``user`` is shown for the series: their own while they are a
    member, a visitor's otherwise. One query."""
    user_id = user.id if user.is_authenticated else None
    membership = Membership.objects.filter(club=OuterRef("id"), user_id=user_id).values("id")[:1]
    clubs = Club.objects.filter(id=sheet.club_id)
    found = clubs.annotate(member=Subquery(membership), generation=_generation(sheet.id))
    member, generation = found.values_list("member", "generation").get()
    return LinkKey(sheet.id, generation, member or 0)


def url_for(request, key: LinkKey) -> str:
    return request.build_absolute_uri(reverse("live", args=[token(key)]))


def _opened(key: LinkKey) -> QuerySet:
    """The series' sheet, when the link ``key`` still opens it."""
    sheets = SeriesSheet.objects.filter(id=key.series_id).annotate(
        current=_generation(OuterRef("id"))
    )
    sheets = sheets.filter(current=key.generation)
    if key.membership_id == 0:
        return sheets.filter(club__public=True)
    member = Membership.objects.filter(id=key.membership_id, club=OuterRef("club_id"))
    return sheets.filter(Exists(member))


def sheet_opened(text: str) -> SeriesSheet | None:
    """The sheet (with its club) a live link opens, or None: one query."""
    key = parse(text)
    return None if key is None else _opened(key).select_related("club").first()


def watched_opened(text: str) -> tuple | None:
    """What the live view a link opens shows that can change
    (``selectors.watched_sheet``), or None when the link opens nothing: one query."""
    key = parse(text)
    if key is None:
        return None
    return selectors.watched_sheet(
        key.series_id, generation=key.generation, membership=key.membership_id
    )


def version_opened(text: str) -> int | None:
    """The version of the sheet a live link opens, or None: what a live view
    polls, in one query."""
    key = parse(text)
    if key is None:
        return None
    return _opened(key).values_list("version", flat=True).first()


@transient_retry(idempotent=True)
def live_link_renew(*, sheet: SeriesSheet, user) -> int:
    """Make the series' link anew: every link shown before stops working.
    Returns the new generation. Retrying after a lost commit only makes
    another new link, which is what was asked."""
    with transaction.atomic():
        renewed = LiveLink.objects.filter(series_id=sheet.id)
        bump = {"generation": F("generation") + 1, "renewed_by": user, "renewed_at": timezone.now()}
        if not renewed.update(**bump):
            try:
                with transaction.atomic():
                    LiveLink.objects.create(
                        series_id=sheet.id, club_id=sheet.club_id, generation=1, renewed_by=user
                    )
            except IntegrityError:  # renewed at the same moment by someone else
                renewed.update(**bump)
        return renewed.values_list("generation", flat=True).get()
