"""A club's writers: create it (its creator its first admin), its address,
name, public pages, default rules, time zone and confirmations."""

from __future__ import annotations

import secrets
import zoneinfo
from typing import Any

from django.db import transaction
from django.utils.text import slugify

from series.domain import names
from series.domain.errors import DomainError, _
from series.domain.rules import rules_from
from series.eventstore import projectors
from series.eventstore.retry import transient_retry
from series.models import Club, Membership

CLUB_NAME_LENGTH = 100


@transient_retry
def club_create(
    *,
    name: str,
    admin=None,
    public: bool = False,
    slug: str | None = None,
    default_rules: dict[str, Any] | None = None,
    time_zone: str = "",
) -> Club:
    """Create a club; its creator (``admin``) becomes the club's admin.

    Without a ``slug`` one is made from the name (with a random suffix when
    taken); a slug asked for that is not available is refused (``_free_slug``)."""
    name = clean_name(name, CLUB_NAME_LENGTH, _("Give the club a name."))
    defaults = club_rules_checked(default_rules or {})
    time_zone = time_zone_checked(time_zone)
    with transaction.atomic():
        club = Club.objects.create(
            slug=_free_slug(name, slug),
            name=name,
            public=public,
            default_rules=defaults,
            time_zone=time_zone,
        )
        if admin is not None:
            Membership.objects.create(club=club, user=admin, role=Membership.Role.ADMIN)
    return club


# Addresses the pages use themselves (/clubs/new/): no club may have them.
RESERVED_SLUGS = frozenset({"new"})


SLUG_LENGTH = 50


def _free_slug(name: str, slug: str | None) -> str:
    """The slug asked for, or one made from the name. A slug asked for that is
    taken or reserved is refused with the same words whoever asks and whatever
    club holds it, public or private, offering a free one instead; a free slug
    ends in a random suffix, so it says nothing about the slugs beside it."""
    if slug and slug.strip():
        wanted = slugify(slug)[:SLUG_LENGTH]
        if not wanted:
            raise DomainError(
                _("A club's address uses letters, digits and dashes."),
                code="invalid_slug",
                field="slug",
            )
        if not _slug_available(wanted):
            raise DomainError(
                _(
                    "The address “{slug}” is not available. “{free}” is free: keep it or "
                    "choose another."
                ),
                code="slug_unavailable",
                field="slug",
                slug=wanted,
                free=_slug_suggested(wanted),
            )
        return wanted
    base = slugify(name)[:SLUG_LENGTH] or "club"
    return base if _slug_available(base) else _slug_suggested(base)


def _slug_available(slug: str) -> bool:
    return slug not in RESERVED_SLUGS and not Club.objects.filter(slug=slug).exists()


def _slug_suggested(base: str) -> str:
    letters = "abcdefghijkmnpqrstuvwxyz23456789"
    while True:
        suffix = "".join(secrets.choice(letters) for _position in range(4))
        candidate = f"{base[: SLUG_LENGTH - 5].rstrip('-')}-{suffix}"
        if _slug_available(candidate):
            return candidate


def clean_name(name: str, length: int, missing: str) -> str:
    """The name as stored, or refused: the domain's one rule for names (``domain.names``)."""
    return names.clean(name, length=length, missing=missing)


def club_rules_checked(default_rules: dict[str, Any]) -> dict[str, Any]:
    """A club's default rules as stored: a preset and options ``rules_from`` accepts."""
    if not default_rules:
        return {}
    preset = default_rules.get("preset", "continental")
    options = dict(default_rules.get("options") or {})
    rules_from(preset, options)  # refuses an unknown preset or a bad option
    return {"preset": preset, "options": options}


def time_zone_checked(time_zone: str) -> str:
    time_zone = (time_zone or "").strip()
    if time_zone and time_zone not in zoneinfo.available_timezones():
        raise DomainError(
            _("Unknown time zone “{zone}”."),
            code="invalid_time_zone",
            field="time_zone",
            zone=time_zone,
        )
    return time_zone


CLUB_SETTINGS = (
    "name",
    "public",
    "deals_need_confirmation",
    "default_rules",
    "time_zone",
    "results_by_email",
)


@transient_retry(idempotent=True)
def club_update(
    *,
    club: Club,
    name: str | None = None,
    public: bool | None = None,
    deals_need_confirmation: bool | None = None,
    default_rules: dict[str, Any] | None = None,
    time_zone: str | None = None,
    results_by_email: bool | None = None,
) -> Club:
    """Change a club's name, public pages, default rules, time zone or whether
    its nights' results are e-mailed to the members who asked (the
    league's follower then counts the club again; its pages say "updating"
    meanwhile), or make its deals need a second member's confirmation: from then
    on (each deal's event records whether it was asked), so earlier deals, and
    what the league counts of them, stay as they were.

    Only the fields given change, on the club's row as it stands, read locked:
    two admins changing different settings at once keep both, and a retry after
    a lost connection sees what is stored, not what the first attempt set."""
    changes: dict[str, Any] = {}
    if name is not None:
        changes["name"] = clean_name(name, CLUB_NAME_LENGTH, _("Give the club a name."))
    if public is not None:
        changes["public"] = public
    if default_rules is not None:
        changes["default_rules"] = club_rules_checked(default_rules)
    if time_zone is not None:
        changes["time_zone"] = time_zone_checked(time_zone)
    if deals_need_confirmation is not None:
        changes["deals_need_confirmation"] = deals_need_confirmation
    if results_by_email is not None:
        changes["results_by_email"] = results_by_email
    with transaction.atomic():
        stored = Club.objects.select_for_update().get(id=club.id)
        # Which season a series falls in (the time zone of its start) changed:
        # the league counts the club again.
        recount = changes.get("time_zone", stored.time_zone) != stored.time_zone
        for field, value in changes.items():
            setattr(stored, field, value)
        if changes:
            stored.save(update_fields=list(changes))
        if recount:
            projectors.club_changed(club.id)
    for field in CLUB_SETTINGS:
        setattr(club, field, getattr(stored, field))
    return club
