"""The only writers: load → decide → append → project, in one transaction.

Every function takes keyword arguments, returns the series state after the
command, and raises a DomainError (rules), VersionConflict (a concurrent
writer) or IdempotencyMismatch (a reused key) without changing anything.
"""

from __future__ import annotations

import hashlib
import uuid
import zoneinfo
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from . import projections, projectors, store
from .domain.confirmation import ConfirmDeal, DisputeDeal
from .domain.errors import DomainError, NotFound, _
from .domain.events import DealEntry
from .domain.rules import rules_from
from .domain.series import (
    AbandonSeries,
    Command,
    CorrectDeal,
    RecordDeal,
    SeriesState,
    StartSeries,
    VoidDeal,
    decide,
    fold,
)
from .models import Club, Event, Membership, Player, Profile
from .retry import transient_retry

# Not personal data: what an erased player is called from then on.
ERASED_LABEL = "Player {id} (erased)"


class IdempotencyMismatch(DomainError):
    code = "idempotency_key_reused"


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A series' state after a command; ``replayed`` when a retry found it."""

    series_id: UUID
    state: SeriesState
    replayed: bool = False


CLUB_NAME_LENGTH = 100
PLAYER_NAME_LENGTH = 60


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

    Without a ``slug`` one is made from the name (``-2``, ``-3``… when taken);
    a slug asked for that is taken is refused."""
    name = clean_name(name, CLUB_NAME_LENGTH, _("Give the club a name."))
    defaults = club_rules_checked(default_rules or {})
    time_zone = time_zone_checked(time_zone)
    with transaction.atomic():
        club = Club.objects.create(slug=_free_slug(name, slug), name=name, public=public,
                                   default_rules=defaults, time_zone=time_zone)  # fmt: skip
        if admin is not None:
            Membership.objects.create(club=club, user=admin, role=Membership.Role.ADMIN)
    return club


def _free_slug(name: str, slug: str | None) -> str:
    if slug and slug.strip():
        wanted = slugify(slug)[:50]
        if not wanted:
            raise DomainError(_("A club's address uses letters, digits and dashes."),
                              code="invalid_slug", field="slug")  # fmt: skip
        if Club.objects.filter(slug=wanted).exists():
            raise DomainError(
                _("The address “{slug}” is taken by another club: choose another."),
                code="slug_taken", field="slug", slug=wanted,
            )  # fmt: skip
        return wanted
    base = slugify(name)[:50] or "club"
    candidate, n = base, 1
    while Club.objects.filter(slug=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def clean_name(name: str, length: int, missing: str) -> str:
    name = name.strip()
    if not name:
        raise DomainError(missing, code="name_required", field="name")
    if len(name) > length:
        raise DomainError(_("A name has at most {length} characters."),
                          code="name_too_long", field="name", length=length)  # fmt: skip
    return name


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
        raise DomainError(_("Unknown time zone “{zone}”."), code="invalid_time_zone",
                          field="time_zone", zone=time_zone)  # fmt: skip
    return time_zone


@transient_retry
def player_add(*, club: Club, name: str) -> Player:
    name = clean_name(name, PLAYER_NAME_LENGTH, _("Give the player a name."))
    refuse_taken_name(club, name)
    return Player.objects.create(club=club, name=name)


def refuse_taken_name(club: Club, name: str, *, player_id: int | None = None) -> None:
    """Two players of one club never share a name (letter case aside)."""
    others = Player.objects.filter(club=club, name__iexact=name).exclude(id=player_id)
    if others.exists():
        raise DomainError(
            _("The club has a player called “{name}” already: add a surname or an initial."),
            code="name_taken", field="name", name=name,
        )  # fmt: skip


@transient_retry(idempotent=True)
def player_erase(*, club: Club, player_id: int) -> Player:
    """Erase a player's personal data: the name becomes a neutral label and the
    account is unlinked. No event changes (they name the id only), so scores
    and standings keep their numbers under the new label."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(club=club, id=player_id).first()
        if player is None:
            raise NotFound(
                _("Player {player} is not a player of this club."),
                code="player_not_found",
                player=player_id,
            )
        player.name = ERASED_LABEL.format(id=player.id)
        player.user = None
        player.erased_at = player.erased_at or timezone.now()
        player.save(update_fields=["name", "user", "erased_at"])
    return player


@transient_retry(idempotent=True)
def member_set(*, club: Club, user, role: str) -> Membership:
    """Give ``user`` a role in ``club`` (admin, scorer or member)."""
    if role not in Membership.Role.values:
        raise DomainError(
            _("Role must be one of: {choices}."),
            code="invalid_role",
            field="role",
            choices=", ".join(Membership.Role.values),
        )
    with transaction.atomic():
        admins = Membership.objects.select_for_update().filter(club=club, role="admin")
        if role != "admin" and list(admins.values_list("user_id", flat=True)) == [user.id]:
            raise DomainError(
                _("A club needs an admin: make someone else admin first."),
                code="last_admin",
                field="role",
            )
        membership, _created = Membership.objects.update_or_create(
            club=club, user=user, defaults={"role": role}
        )
    return membership


@transient_retry(idempotent=True)
def club_update(
    *,
    club: Club,
    name: str | None = None,
    public: bool | None = None,
    deals_need_confirmation: bool | None = None,
    default_rules: dict[str, Any] | None = None,
    time_zone: str | None = None,
) -> Club:
    """Change a club's name, public pages, default rules or time zone, or make
    its deals need a second member's confirmation (the league is counted again)."""
    if name is not None:
        club.name = clean_name(name, CLUB_NAME_LENGTH, _("Give the club a name."))
    if public is not None:
        club.public = public
    if default_rules is not None:
        club.default_rules = club_rules_checked(default_rules)
    if time_zone is not None:
        club.time_zone = time_zone_checked(time_zone)
    recount = deals_need_confirmation not in (None, club.deals_need_confirmation)
    if deals_need_confirmation is not None:
        club.deals_need_confirmation = deals_need_confirmation
    with transaction.atomic():
        club.save(update_fields=["name", "public", "deals_need_confirmation", "default_rules",
                                 "time_zone"])  # fmt: skip
        if recount:
            projectors.club_changed(club.id)
    return club


@transient_retry(idempotent=True)
def pin_set(*, user, pin: str) -> None:
    """Set the member's confirmation PIN (stored hashed, like a password)."""
    profile, _created = Profile.objects.get_or_create(user=user)
    profile.set_pin(pin)
    profile.save(update_fields=["confirmation_pin"])


def series_load(series_id: UUID, *, up_to_version: int | None = None) -> SeriesState:
    events = store.load_stream(series_id, up_to_version=up_to_version)
    return fold(stored.event for stored in events)


@transient_retry
def series_start(
    *,
    club: Club,
    players: list[int],
    first_dealer: int,
    rules: str = "continental",
    options: dict[str, Any] | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    """Start a series for players of ``club`` seated in the given order."""
    _check_players_of_club(club, players)
    command = StartSeries(
        club=club.id,
        players=tuple(players),
        first_dealer=first_dealer,
        rules=rules_from(rules, options),
    )
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(uuid.uuid4(), command, 0, recording, club_id=club.id)


def _check_players_of_club(club: Club, players: list[int]) -> None:
    known = set(Player.objects.filter(club=club, id__in=players).values_list("id", flat=True))
    for player in players:
        if player not in known:
            raise DomainError(
                _("Player {player} is not a player of this club."),
                code="player_not_in_club",
                player=player,
                field="players",
            )


@transient_retry
def deal_record(
    *,
    series_id: UUID,
    entry: DealEntry,
    expected_version: int | None = None,
    number: int | None = None,
    dealer: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = RecordDeal(entry=entry, number=number, dealer=dealer)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_correct(
    *,
    series_id: UUID,
    number: int,
    entry: DealEntry,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = CorrectDeal(number=number, entry=entry, reason=reason)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_void(
    *,
    series_id: UUID,
    number: int,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = VoidDeal(number=number, reason=reason)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_confirm(
    *,
    series_id: UUID,
    number: int,
    user_id: int,
    player_id: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> SeriesResult:
    """``user_id`` confirms deal ``number`` (as seated ``player_id``, when given):
    on their own phone (``actor_id`` is theirs) or with their PIN on the scorer's."""
    command = ConfirmDeal(number, user_id, player_id, _recorder(series_id, number))
    recording = Recording(actor_id or user_id, idempotency_key)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_dispute(
    *,
    series_id: UUID,
    number: int,
    user_id: int,
    reason: str,
    player_id: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> SeriesResult:
    command = DisputeDeal(number, user_id, reason, player_id, _recorder(series_id, number))
    recording = Recording(actor_id or user_id, idempotency_key)
    return _execute(series_id, command, expected_version, recording)


def _recorder(series_id: UUID, number: int) -> int | None:
    """Who recorded deal ``number``'s entry as it stands (its last correction)."""
    rows = Event.objects.filter(stream=series_id, type__in=("DealRecorded", "DealCorrected"),
                                payload__number=number)  # fmt: skip
    return rows.order_by("-version").values_list("recorded_by", flat=True).first()


@transient_retry
def series_abandon(
    *,
    series_id: UUID,
    reason: str = "",
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = AbandonSeries(reason=reason)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


def _digest(series_id: UUID | None, command: Command) -> str:
    # A retry carries the same command; StartSeries gets a fresh id each time,
    # so it is fingerprinted without one.
    return hashlib.sha256(f"{series_id}|{command!r}".encode()).hexdigest()


def scoped_key(actor_id: int | None, key: str | None) -> str | None:
    """The one scheme for idempotency keys, from the pages and the API alike: the
    client's key scoped to the user who sends it, so two users' keys never collide
    and a key sent from a page and from the API by one user is one key."""
    return f"{actor_id or '-'}:{key}" if key else None


@dataclass(frozen=True, slots=True)
class Recording:
    """Who records a command, under which idempotency key, and when (now,
    unless a history is being replayed, as the demo club does)."""

    actor_id: int | None = None
    idempotency_key: str | None = None
    recorded_at: datetime | None = None


def _execute(
    series_id: UUID,
    command: Command,
    expected_version: int | None,
    recording: Recording,
    club_id: int | None = None,
) -> SeriesResult:
    key = scoped_key(recording.actor_id, recording.idempotency_key)
    recording = Recording(recording.actor_id, key, recording.recorded_at)
    digest = _digest(None if isinstance(command, StartSeries) else series_id, command)
    # No look-up of the key first: a retry of a command that was recorded finds
    # the series moved on (a conflict or a refusal) or collides on the key's
    # unique index, and only then, after the rollback, the first result is read.
    try:
        return _decide_and_append(series_id, command, expected_version, recording, digest,
                                  club_id)  # fmt: skip
    except store.VersionConflict as conflict:
        replay = _replay(key, digest) if key else None
        if replay is not None:
            return replay
        if conflict.current is None:
            conflict.current = store.current_version(series_id)
        raise
    except DomainError:
        replay = _replay(key, digest) if key else None
        if replay is not None:
            return replay
        raise


def _replay(key: str, digest: str) -> SeriesResult | None:
    first = store.find_by_key(key)
    if first is None:
        return None
    if first.command_digest != digest:
        raise IdempotencyMismatch(
            _("This idempotency key was already used for a different request."),
            field="idempotency_key",
        )
    state = series_load(first.stream, up_to_version=first.version)
    return SeriesResult(first.stream, state, replayed=True)


def _decide_and_append(
    series_id: UUID,
    command: Command,
    expected_version: int | None,
    recording: Recording,
    digest: str,
    club_id: int | None,
) -> SeriesResult:
    with transaction.atomic():
        if isinstance(command, StartSeries):  # a fresh id: there is nothing to load
            state, started_at = SeriesState(), None
        else:
            state, started_at = _series_now(series_id)
        if expected_version is not None and state.version != expected_version:
            raise store.VersionConflict(series_id, expected_version, state.version)
        events = decide(state, command)
        new_state = fold(events, state)
        now = recording.recorded_at or timezone.now()
        # Projections first, the append last: the append holds the log's lock
        # until commit, so the less work after it, the shorter the queue.
        writes = projections.project(
            series_id,
            before=state,
            after=new_state,
            events=events,
            started_at=started_at or now,
            updated_at=now,
        )
        store.append(
            series_id,
            club_id=club_id if club_id is not None else state.setup.club,
            expected_version=state.version,
            events=events,
            recorded_by_id=recording.actor_id,
            idempotency_key=recording.idempotency_key or None,
            command_digest=digest if recording.idempotency_key else None,
            recorded_at=now,
            writes=writes,
        )
    return SeriesResult(series_id, new_state)


def _series_now(series_id: UUID) -> tuple[SeriesState, datetime | None]:
    """The series' state and when it started: from the snapshot on its sheet
    (one row), or by folding its log when the snapshot is missing or stale."""
    saved = projections.saved_state(series_id)
    if saved is not None:
        return saved
    stored = store.load_stream(series_id)
    return fold(event.event for event in stored), stored[0].recorded_at if stored else None
