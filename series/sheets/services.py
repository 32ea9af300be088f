"""The clubs' and the series' writers. A series' commands go through the
one writer of every stream (``writer``: load → decide → project → append, in
one transaction); clubs, players and members are reference rows.

Every function takes keyword arguments, returns the series state after the
command, and raises a DomainError (rules), VersionConflict (a concurrent
writer) or IdempotencyMismatch (a reused key) without changing anything.
"""

from __future__ import annotations

import secrets
import uuid
import zoneinfo
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from series.domain import names
from series.domain.confirmation import ConfirmDeal, DisputeDeal
from series.domain.errors import DomainError, NotFound, _
from series.domain.events import DealEntry, SeriesStarted
from series.domain.rules import rules_from
from series.domain.series import (
    IN_PROGRESS,
    TIEBREAK,
    AbandonSeries,
    Command,
    CorrectDeal,
    RecordDeal,
    SeriesState,
    StartSeries,
    VoidDeal,
    apply,
    check_recorded_start,
    command_for,
    decide,
    decided,
    fold,
    with_checkable_reason,
)
from series.eventstore import projectors, store, writer
from series.eventstore.retry import transient_retry

# IdempotencyMismatch and scoped_key: callers import them from here.
from series.eventstore.writer import (
    Change,
    IdempotencyMismatch,  # noqa: F401
    Loaded,
    Recording,
    digest,
    scoped_key,  # noqa: F401
)
from series.models import Club, Membership, NightSeat, Player, RosterPlayer, SeriesSeat
from series.sheets import projections, selectors

# Not personal data: what an erased player is called from then on.
ERASED_LABEL = "Player {id} (erased)"


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

    Without a ``slug`` one is made from the name (with a random suffix when
    taken); a slug asked for that is not available is refused (``_free_slug``)."""
    name = clean_name(name, CLUB_NAME_LENGTH, _("Give the club a name."))
    defaults = club_rules_checked(default_rules or {})
    time_zone = time_zone_checked(time_zone)
    with transaction.atomic():
        club = Club.objects.create(slug=_free_slug(name, slug), name=name, public=public,
                                   default_rules=defaults, time_zone=time_zone)  # fmt: skip
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
            raise DomainError(_("A club's address uses letters, digits and dashes."),
                              code="invalid_slug", field="slug")  # fmt: skip
        if not _slug_available(wanted):
            raise DomainError(
                _("The address “{slug}” is not available. “{free}” is free: keep it or "
                  "choose another."),
                code="slug_unavailable", field="slug", slug=wanted, free=_slug_suggested(wanted),
            )  # fmt: skip
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
        raise DomainError(_("Unknown time zone “{zone}”."), code="invalid_time_zone",
                          field="time_zone", zone=time_zone)  # fmt: skip
    return time_zone


@transient_retry
def player_add(*, club: Club, name: str) -> Player:
    name = clean_name(name, PLAYER_NAME_LENGTH, _("Give the player a name."))
    refuse_taken_name(club, name)
    return Player.objects.create(club=club, name=name)


def refuse_taken_name(club: Club, name: str, *, player_id: int | None = None) -> None:
    """Two players of one club never share a name: equal after normalisation and
    case folding (``domain.names.key``), as stored names are compared too."""
    wanted = names.key(name)
    others = Player.objects.filter(club=club).exclude(id=player_id).values_list("name", flat=True)
    taken = next((other for other in others if names.key(other) == wanted), None)
    if taken is not None:
        raise DomainError(
            _("The club has a player called “{name}” already: add a surname or an initial."),
            code="name_taken", field="name", name=taken,
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
    """Change a club's name, public pages, default rules or time zone (the
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
    for field in ("name", "public", "deals_need_confirmation", "default_rules", "time_zone"):
        setattr(club, field, getattr(stored, field))
    return club


def series_load(series_id: UUID, *, up_to_version: int | None = None) -> SeriesState:
    return series_loaded(series_id, up_to_version=up_to_version).state


def series_loaded(series_id: UUID, *, up_to_version: int | None = None) -> Loaded[SeriesState]:
    """The one way a series' state is loaded: from the snapshot on its sheet (one
    row), or by folding its events when the snapshot is missing or stale, or an
    earlier version is asked for (a replay)."""
    if up_to_version is None:
        saved = projections.saved_state(series_id)
        if saved is not None:
            return Loaded(*saved)
    events = store.load_stream(series_id, up_to_version=up_to_version)
    since = events[0].recorded_at if events else None
    return Loaded(fold(stored.event for stored in events), since)


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
    """Start a series for players of ``club`` seated in the given order; a retired
    player is not seated (the pages do not offer them either)."""
    _check_players_of_club(club, players)
    _refuse_retired(club, players)
    command = StartSeries(
        club=club.id,
        players=tuple(players),
        first_dealer=first_dealer,
        rules=rules_from(rules, options),
    )
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(uuid.uuid4(), command, 0, recording)


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


def _refuse_retired(club: Club, players: list[int]) -> None:
    retired = Player.objects.filter(club=club, id__in=players, roster__retired=True)
    player = retired.values_list("id", flat=True).first()
    if player is not None:
        raise DomainError(
            _("{player} has retired from the club and cannot be seated in a new series."),
            code="player_retired",
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
    needs_confirmation: bool | None = None,
) -> SeriesResult:
    """Record the next deal. ``needs_confirmation``: the club's setting, which the
    event keeps (pages and API pass the club they read; None reads it)."""
    asked = _asks_confirmation(series_id, needs_confirmation)
    command = RecordDeal(entry=entry, number=number, dealer=dealer, needs_confirmation=asked)
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
    needs_confirmation: bool | None = None,
) -> SeriesResult:
    asked = _asks_confirmation(series_id, needs_confirmation)
    command = CorrectDeal(number=number, entry=entry, reason=reason, needs_confirmation=asked)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


def _asks_confirmation(series_id: UUID, needs_confirmation: bool | None) -> bool:
    """Whether the series' club asks for a second member's confirmation now."""
    if needs_confirmation is not None:
        return needs_confirmation
    clubs = Club.objects.filter(series__id=series_id)
    return bool(clubs.values_list("deals_need_confirmation", flat=True).first())


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
    return selectors.deal_recorder(series_id, number)


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


class SeriesStream:
    """The series as a stream kind of the writer (``writer.StreamKind``)."""

    stale = _("The series is at version {current}, not {expected}: reload it and try again.")
    decide_writes = False
    remembered = True  # a series' id is a fresh UUID (uuid4), never another's

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[SeriesState]:
        return series_loaded(stream, up_to_version=up_to_version)

    def version(self, state: SeriesState) -> int:
        return state.version

    def decide(self, state: SeriesState, command: Command) -> list:
        return decide(state, command)

    def fold(self, events, state: SeriesState) -> SeriesState:
        return fold(events, state)

    def new_stream(self, command: Command) -> Loaded[SeriesState] | None:
        # A start's id is fresh: there is no snapshot or log to read.
        return Loaded(SeriesState()) if isinstance(command, StartSeries) else None

    def project(self, stream: UUID, change: Change[SeriesState]) -> list[store.Write]:
        return projections.project(stream, before=change.before, after=change.after,
                                   events=change.events, started_at=change.started_at,
                                   updated_at=change.updated_at, stamp=change.stamp)  # fmt: skip

    def appended(self, stream: UUID, change: Change[SeriesState]) -> None:
        # A start: checked under the log's lock, after its seats are written, so
        # that of two starts at once seating one player the second is refused.
        if change.before.version == 0:
            refuse_seated_elsewhere(stream, change.after)

    def in_append(self, stream: UUID, change: Change[SeriesState]) -> bool:
        return projections.in_append(change.before, change.events)

    def club_of(self, state: SeriesState) -> int:
        return state.setup.club

    def fingerprint(self, stream: UUID, command: Command) -> str:
        # A retry carries the same command; StartSeries gets a fresh id each time,
        # so it is fingerprinted without one.
        return digest(f"{None if isinstance(command, StartSeries) else stream}|{command!r}")

    def restore(self, state: SeriesState | None, event) -> SeriesState:
        """A deal's event must be what deciding its command gives; a start is the
        record of what was decided when it began (``check_recorded_start``)."""
        state = state or SeriesState()
        if isinstance(event, SeriesStarted):
            check_recorded_start(state, event)
        else:
            event = decided(state, event)  # an event from before decided scores: scored now
            checked = with_checkable_reason(event)  # an earlier reason is kept as written
            writer.as_recorded(self, state, command_for(checked), checked)
        return apply(state, event)


SERIES = SeriesStream()


class SeatedElsewhere(DomainError):
    """A new series seats a player who sits at another open table of the club."""

    code = "player_seated_elsewhere"


def same_persons(club_id: int, players) -> set[int]:
    """``players`` and every player merged with one of them (the same person)."""
    persons = set(
        RosterPlayer.objects.filter(club_id=club_id, player_id__in=players).values_list(
            "person_id", flat=True
        )
    ) | set(players)
    merged = RosterPlayer.objects.filter(club_id=club_id, person_id__in=persons)
    return persons | set(merged.values_list("player_id", flat=True))


def refuse_seated_elsewhere(stream: UUID, state: SeriesState) -> None:
    """No player is seated at two open tables of one club at once (RULES D-19):
    an open series, or a night's table drawn and not started yet.

    Run by the writer after the start's append, under the log's lock: every
    start appended before this one has committed by then, so this read sees
    its seats, and a start after it waits for this one's commit. A night's
    table starting its own series seats exactly that table's players in its
    seat order: that table is not "elsewhere"."""
    seated_elsewhere(state.setup.club, state.setup.players, series=stream,
                     table_of=tuple(state.setup.players))  # fmt: skip


def seated_elsewhere(
    club_id: int,
    players,
    *,
    series: UUID | None = None,
    night: UUID | None = None,
    table_of: tuple[int, ...] | None = None,
) -> None:
    """Refuse (``SeatedElsewhere``, naming the table) when one of ``players`` sits
    at an open series of the club other than ``series``, or at a table of an open
    night's round not started yet, other than one of ``night`` and other than
    the table seating exactly ``table_of``."""
    persons = same_persons(club_id, players)
    seats = SeriesSeat.objects.filter(
        club_id=club_id, player_id__in=persons, series__status__in=(IN_PROGRESS, TIEBREAK)
    )
    if series is not None:
        seats = seats.exclude(series_id=series)
    found = seats.order_by("series__started_at", "seat").values_list(
        "player_id", "series_id", "series__table_number"
    )
    taken = found.first()
    if taken is not None:
        player, open_series, table = taken
        if table is not None:
            raise SeatedElsewhere(
                _("{player} is seated at Table {table} of tonight's night: finish or abandon "
                  "that table's series first."),
                field="players", player=player, series=str(open_series), table=table,
            )  # fmt: skip
        raise SeatedElsewhere(
            _("{player} is seated at another open series of the club: finish or abandon "
              "that series first."),
            field="players", player=player, series=str(open_series),
        )  # fmt: skip
    _refuse_drawn_elsewhere(club_id, persons, night, table_of)


def _refuse_drawn_elsewhere(club_id: int, persons: set[int], night: UUID | None,
                            table_of: tuple[int, ...] | None) -> None:  # fmt: skip
    drawn = NightSeat.objects.filter(club_id=club_id, open=True, series__isnull=True,
                                     player_id__in=persons)  # fmt: skip
    if night is not None:
        drawn = drawn.exclude(night_id=night)
    for seat in drawn.order_by("night_id", "round", "table"):
        if table_of is not None:
            table = NightSeat.objects.filter(night_id=seat.night_id, round=seat.round,
                                             table=seat.table).order_by("seat")  # fmt: skip
            if tuple(table.values_list("player_id", flat=True)) == table_of:
                continue
        raise SeatedElsewhere(
            _("{player} is seated at Table {table} of tonight's night: finish or abandon "
              "that table's series first."),
            field="players", player=seat.player_id, night=str(seat.night_id), table=seat.table,
        )  # fmt: skip


def _execute(
    series_id: UUID, command: Command, expected_version: int | None, recording: Recording
) -> SeriesResult:
    written = writer.write(SERIES, series_id, command, expected_version=expected_version,
                           recording=recording)  # fmt: skip
    return SeriesResult(written.stream, written.state, written.replayed)
