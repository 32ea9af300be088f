"""Read queries for pages and the API."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import (
    Exists,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
    prefetch_related_objects,
)
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce

from series.database import dialects
from series.domain.errors import DomainError
from series.domain.names import sort_key
from series.domain.series import OPEN_STATUSES, SeriesState, fold
from series.domain.series.confirmation import DISPUTED, TO_CONFIRM, waiting
from series.eventstore import store
from series.models import (
    Club,
    DealLine,
    DealScore,
    Event,
    LiveLink,
    Membership,
    Night,
    Player,
    SeriesSeat,
    SeriesSheet,
)
from series.sheets import snapshot

# -- clubs, players and members (API and pages) -------------------------------


def new_series_players(*, club: Club) -> list[Player]:
    """The players offered for a new series: everyone but those who left the club,
    in the order a reader scans names (Íñigo with the I's, not after Willem)."""
    players = Player.objects.filter(club=club).exclude(roster__retired=True)
    return sorted(players, key=lambda player: (sort_key(player.name), player.id))


def player_names(*, club_id: int, ids: Iterable[int]) -> dict[int, str]:
    """Names of the club's players among ``ids``; other clubs' players stay unnamed."""
    players = Player.objects.filter(club_id=club_id, id__in=set(ids))
    return dict(players.values_list("id", "name"))


# -- series ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeriesAccess:
    club: Club
    role: str | None  # the user's, in the club
    names: dict[int, str]  # of the players seated in the series
    version: int  # the score sheet's
    night: UUID | None = None  # the club night whose table plays it
    table: int | None = None  # its table's number at that night


def series_access(series_id: UUID, user) -> SeriesAccess | None:
    """The club a series belongs to, ``user``'s role in it and the names of the
    series' players, in one query; None when there is no such series. Written
    in SQL: on the path of every API deal, the ORM took longer to build this
    query than the database to answer it."""
    key = SeriesSheet._meta.pk.get_db_prep_value(series_id, connection)
    user_id = user.id if user.is_authenticated else None
    found = list(Club.objects.raw(_series_access_sql(), [user_id, key, key]))
    if not found:
        return None
    club = found[0]
    seated = club.seated
    if isinstance(seated, str):  # SQLite hands JSON over as text
        seated = json.loads(seated)
    names = {int(p): name for p, name in (seated or {}).items()}
    night = club.sheet_night
    if night is not None and not isinstance(night, UUID):  # SQLite: 32 hex digits
        night = UUID(night)
    return SeriesAccess(club, club.role_of_user, names, club.sheet_version, night, club.sheet_table)


@cache
def _series_access_sql() -> str:
    club, sheet = Club._meta.db_table, SeriesSheet._meta.db_table
    member, seat, player = (
        Membership._meta.db_table,
        SeriesSeat._meta.db_table,
        Player._meta.db_table,
    )
    group = dialects.current().JSON_OBJECT_AGG
    return (
        f"SELECT c.*, (SELECT m.role FROM {member} m WHERE m.club_id = c.id AND m.user_id = %s) "
        f"AS role_of_user, (SELECT {group}(p.id, p.name) FROM {seat} s "
        f"JOIN {player} p ON p.id = s.player_id WHERE s.series_id = %s) AS seated, "
        f"h.version AS sheet_version, h.night AS sheet_night, h.table_number AS sheet_table "
        f"FROM {club} c JOIN {sheet} h ON h.club_id = c.id WHERE h.id = %s"
    )


def watched_sheet(
    series_id: UUID, *, generation: int | None = None, membership: int | None = None
) -> tuple | None:
    """What a spectator's score sheet shows that can change, in one indexed query:
    the sheet's version (every deal, correction, void and confirmation moves
    it), the club's name and whether it asks for confirmations (the sheet's
    badges), and the seated players' names; None when there is no
    such series. ``series.web.conditional`` makes the live view's ETag of it.
    With a live link's ``generation`` and ``membership`` (``live_links``), None
    too when that link no longer opens the sheet (renewed since, its member
    gone, or a visitor's link of a club no longer public)."""
    key = SeriesSheet._meta.pk.get_db_prep_value(series_id, connection)
    if generation is None:
        found = list(SeriesSheet.objects.raw(_watched_sheet_sql(False), [key]))
    else:
        params = [key, generation, membership or 0, membership or 0]
        found = list(SeriesSheet.objects.raw(_watched_sheet_sql(True), params))
    if not found:
        return None
    sheet = found[0]
    return (sheet.version, sheet.club_name, sheet.confirming, sheet.seated)


@cache
def _watched_sheet_sql(through_link: bool) -> str:
    club, sheet, seat, player, link, member = (
        Club._meta.db_table,
        SeriesSheet._meta.db_table,
        SeriesSeat._meta.db_table,
        Player._meta.db_table,
        LiveLink._meta.db_table,
        Membership._meta.db_table,
    )
    group = dialects.current().JSON_OBJECT_AGG
    opens = (
        f" AND COALESCE((SELECT l.generation FROM {link} l WHERE l.series_id = h.id), 0) = %s"
        f" AND ((%s = 0 AND c.public) OR EXISTS (SELECT 1 FROM {member} m"
        f" WHERE m.id = %s AND m.club_id = c.id))"
    )
    return (
        f"SELECT h.id, h.version, c.name AS club_name, "
        f"c.deals_need_confirmation AS confirming, (SELECT {group}(p.id, p.name) "
        f"FROM {seat} s JOIN {player} p ON p.id = s.player_id WHERE s.series_id = h.id) "
        f"AS seated FROM {sheet} h JOIN {club} c ON c.id = h.club_id WHERE h.id = %s"
        + (opens if through_link else "")
    )


def series_sheet_and_role(series_id: UUID, user) -> tuple[SeriesSheet | None, str | None]:
    """A series' score sheet with its club, and ``user``'s role in the club, in one query."""
    sheets = SeriesSheet.objects.select_related("club").filter(id=series_id)
    return _with_role(sheets, "club_id", user)


def _with_role(rows: QuerySet, club: str, user):
    """The first of ``rows`` and ``user``'s role in the club its ``club`` column names."""
    if not user.is_authenticated:
        return rows.first(), None
    role = Membership.objects.filter(club=OuterRef(club), user=user).values("role")[:1]
    row = rows.annotate(role_of_user=Subquery(role)).first()
    return row, row.role_of_user if row else None


def series_sheet(series_id: UUID) -> SeriesSheet | None:
    """A series' score sheet with its club, in one query (see ``series_sheet_rows``)."""
    return SeriesSheet.objects.select_related("club").filter(id=series_id).first()


def series_sheet_rows(sheet: SeriesSheet) -> SeriesSheet:
    """Load the sheet's seats (with players), deal lines and scores: three queries."""
    prefetch_related_objects(
        [sheet],
        Prefetch("seats", queryset=SeriesSeat.objects.select_related("player").order_by("seat")),
        Prefetch("deals", queryset=DealLine.objects.order_by("number")),
        Prefetch("scores", queryset=DealScore.objects.order_by("number", "player_id")),
    )
    return sheet


@dataclass(frozen=True, slots=True)
class Dispute:
    """What a member said was wrong with a deal, who (None when the reader may
    not see who: outside a public club) and when."""

    number: int
    reason: str
    at: datetime
    by: str | None


def deal_disputes(sheet: SeriesSheet, numbers: Iterable[int], *, named: bool) -> dict[int, Dispute]:
    """The dispute standing against each deal of ``numbers`` (deals disputed now):
    the latest the log holds for it. No query when none is disputed."""
    numbers = list(numbers)
    if not numbers:
        return {}
    rows = Event.objects.filter(
        stream=sheet.id, type="DealDisputed", payload__number__in=numbers
    ).order_by("version")
    latest = {row.payload["number"]: row for row in rows}
    users = people_names(row.payload["user"] for row in latest.values()) if named else {}
    seated = [row.payload["player"] for row in latest.values() if row.payload.get("player")]
    players = player_names(club_id=sheet.club_id, ids=seated) if named and seated else {}

    def who(payload) -> str | None:
        if not named:
            return None
        return players.get(payload.get("player")) or users.get(payload["user"])

    return {
        number: Dispute(number, row.payload["reason"], row.recorded_at, who(row.payload))
        for number, row in latest.items()
    }


def standing_dispute(sheet: SeriesSheet, deal) -> Dispute | None:
    """What the member who disputed ``deal`` (a state's Deal) said, who and when,
    for the pages of members; None when it is not disputed."""
    if deal.void or deal.confirmation != DISPUTED:
        return None
    return deal_disputes(sheet, [deal.number], named=True).get(deal.number)


def with_disputes(sheet: SeriesSheet, *, named: bool) -> SeriesSheet:
    """The sheet (its rows loaded) with the disputes of its disputed deals, shown
    beside them (``sheet.disputes``, read by the score table)."""
    disputed = [
        line.number for line in sheet.deals.all() if line.confirmation == DISPUTED and not line.void
    ]
    sheet.disputes = deal_disputes(sheet, disputed, named=named)
    return sheet


def club_series(*, club: Club) -> QuerySet[SeriesSheet]:
    return SeriesSheet.objects.filter(club=club).order_by("-started_at", "id")


def series_events(series_id: UUID) -> list[Event]:
    """The series' log in version order, with the users who recorded it."""
    events = Event.objects.filter(stream=series_id).select_related("recorded_by")
    return list(events.order_by("version"))


# -- pages ------------------------------------------------------------------------


def open_series(*, club_ids: Iterable[int]) -> list[SeriesSheet]:
    """Series still being played (or in a tiebreak) in these clubs, newest first."""
    sheets = SeriesSheet.objects.filter(club_id__in=list(club_ids), status__in=OPEN_STATUSES)
    seats = Prefetch("seats", queryset=SeriesSeat.objects.select_related("player").order_by("seat"))
    sheets = sheets.select_related("club", "next_dealer").prefetch_related(seats)
    return list(sheets.order_by("-started_at", "id"))


def open_series_sheet(series_id: UUID) -> SeriesSheet | None:
    """One series with its seats (to name it by its players), if it is still open."""
    sheets = SeriesSheet.objects.filter(id=series_id, status__in=OPEN_STATUSES)
    seats = Prefetch("seats", queryset=SeriesSeat.objects.select_related("player").order_by("seat"))
    return sheets.select_related("club").prefetch_related(seats).first()


@dataclass(frozen=True, slots=True)
class SeatedTable:
    """The open table a refusal of RULES D-19 found a player at: a series with
    its sheet (``table`` its number when a night's), or a night's table drawn
    and not started yet (no sheet: ``night`` and ``table``)."""

    sheet: SeriesSheet | None
    night: UUID | None
    table: int | None


def seated_table(error: DomainError | None) -> SeatedTable | None:
    """Where the player of a ``player_seated_elsewhere`` refusal sits, to link it;
    None for any other refusal, or a table closed since."""
    if error is None or error.code != "player_seated_elsewhere":
        return None
    if "series" in error.params:
        sheet = open_series_sheet(UUID(error.params["series"]))
        if sheet is None:
            return None
        return SeatedTable(sheet, sheet.night, sheet.table_number)
    return SeatedTable(None, UUID(error.params["night"]), error.params["table"])


@dataclass(frozen=True, slots=True)
class WaitingDeal:
    number: int
    confirmation: str  # "" (to confirm) or "disputed"
    recorded_by: int | None  # the user who recorded its entry as it stands; None: unknown


def deals_to_confirm(series_id: UUID) -> list[WaitingDeal]:
    """The sheet's deals a second member must still confirm (or correct, when
    disputed), with who recorded each: anyone else in the club may confirm it.
    Two queries: the sheet's deal lines and the log's entries."""
    lines = list(DealLine.objects.filter(series_id=series_id).order_by("number"))
    numbers = waiting(lines)
    if not numbers:
        return []
    confirmations = {line.number: line.confirmation for line in lines}
    entries = Event.objects.filter(stream=series_id, type__in=("DealRecorded", "DealCorrected"))
    recorders = {}
    for payload, user in entries.order_by("version").values_list("payload", "recorded_by"):
        recorders[payload.get("number")] = user  # the latest entry of each deal
    return [WaitingDeal(n, confirmations[n], recorders.get(n)) for n in numbers]


def deals_waiting_for(user, sheets: list[SeriesSheet]) -> list[tuple[SeriesSheet, int]]:
    """(series, deal number) of the deals of these series (of the user's clubs)
    that wait for ``user``'s confirmation, as the confirm page has it: recorded
    by someone else, in a series where ``user`` is seated by their linked player
    or, when no seated player but the recorder is a member with a linked
    account, in any series. One query, whatever the number of series."""
    if not sheets or not user.is_authenticated:
        return []
    entries = Event.objects.filter(
        stream=OuterRef("series_id"), type__in=("DealRecorded", "DealCorrected")
    )
    entries = entries.annotate(number=Cast(KeyTextTransform("number", "payload"), IntegerField()))
    recorder = entries.filter(number=OuterRef("number")).order_by("-version")
    seats = SeriesSeat.objects.filter(series_id=OuterRef("series_id"))
    seated_others = seats.filter(player__user__memberships__club_id=OuterRef("club_id")).exclude(
        player__user_id=Coalesce(OuterRef("recorder"), Value(0))
    )
    lines = DealLine.objects.filter(
        series_id__in=[sheet.id for sheet in sheets], confirmation=TO_CONFIRM, void=False
    )
    lines = lines.annotate(recorder=Subquery(recorder.values("recorded_by")[:1]))
    lines = lines.filter(Q(recorder__isnull=True) | ~Q(recorder=user.id))
    lines = lines.filter(Exists(seats.filter(player__user=user)) | ~Exists(seated_others))
    by_id = {sheet.id: sheet for sheet in sheets}
    found = lines.order_by("series_id", "number").values_list("series_id", "number")
    return [(by_id[series_id], number) for series_id, number in found]


def sheet_version(series_id: UUID) -> int | None:
    """The score sheet's version alone: what a live view polls."""
    return SeriesSheet.objects.filter(id=series_id).values_list("version", flat=True).first()


def series_state(sheet: SeriesSheet) -> SeriesState:
    """The series' state (who plays and deals next, each deal's entry): from the
    sheet's snapshot, or folded from the series' events when it has none of
    the sheet's version."""
    state = snapshot.decode(sheet.snapshot, version=sheet.version)
    if state is not None:
        return state
    return fold(stored.event for stored in store.load_stream(sheet.id))


def state_before_key(series_id: UUID, key: str | None) -> SeriesState | None:
    """The series as it stood before the command recorded under ``key`` (scoped,
    ``writer.scoped_key``), when one was recorded on it; else None. A retry whose
    first answer was lost is filled in on the form of that moment, not of the
    deal the series has moved on to (a tiebreak, an elimination, its end)."""
    first = store.find_by_key(key) if key else None
    if first is None or first.stream != series_id:
        return None
    before = store.load_stream(series_id, up_to_version=first.version - 1)
    return fold(stored.event for stored in before)


def seated_player_of(series_id: UUID, user) -> int | None:
    """The player seated in the series who is ``user`` (their own account), if any."""
    if not user.is_authenticated:
        return None
    seats = SeriesSeat.objects.filter(series_id=series_id, player__user=user)
    return seats.values_list("player_id", flat=True).first()


def seated_members(sheet: SeriesSheet) -> list[tuple[int, str, object]]:
    """(player id, name, account) of the series' seated players whose account
    is linked to them and who are members of the club, in seat order: who may
    confirm a deal on the scorer's phone with their PIN."""
    members = Membership.objects.filter(club_id=sheet.club_id).values("user_id")
    seats = SeriesSeat.objects.filter(series_id=sheet.id, player__user__in=members)
    seats = seats.select_related("player__user").order_by("seat")
    return [(seat.player_id, seat.player.name, seat.player.user) for seat in seats]


def deal_recorder(series_id: UUID, number: int) -> int | None:
    """Who recorded deal ``number``'s entry as it stands (its last correction)."""
    rows = Event.objects.filter(
        stream=series_id, type__in=("DealRecorded", "DealCorrected"), payload__number=number
    )
    return rows.order_by("-version").values_list("recorded_by", flat=True).first()


def deals_recorded_since(series_id: UUID, version: int) -> list[tuple[int, str]]:
    """The deals recorded after the sheet's ``version`` (another phone's), each
    with the name of the member who recorded it (their sign-up name, else their
    user name; empty when nobody is on record)."""
    rows = list(
        Event.objects.filter(stream=series_id, type="DealRecorded", version__gt=version)
        .order_by("version")
        .values_list("payload__number", "recorded_by")
    )
    users = get_user_model().objects.in_bulk({user for _number, user in rows if user})
    return [
        (number, (user.get_full_name() or user.get_username()) if user else "")
        for number, user_id in rows
        for user in [users.get(user_id)]
    ]


def usernames(ids: Iterable[int]) -> dict[int, str]:
    """Usernames by user id (the members who confirmed or disputed deals)."""
    ids = set(ids)
    if not ids:
        return {}
    users = get_user_model().objects.filter(id__in=ids)
    return {user.id: user.get_username() for user in users}


def people_names(ids: Iterable[int]) -> dict[int, str]:
    """What the pages call members by user id: the name they signed up with,
    else their user name (who recorded, confirmed or disputed a deal)."""
    ids = set(ids)
    if not ids:
        return {}
    users = get_user_model().objects.filter(id__in=ids)
    return {user.id: user.get_full_name() or user.get_username() for user in users}


@dataclass(frozen=True, slots=True)
class ClosedNight:
    """The closed club night whose table played a series (RULES D-22)."""

    night: UUID
    date: object  # the night's day
    table: int | None


def closed_night(series_id: UUID) -> ClosedNight | None:
    """The closed night ``series_id`` was played at, from the night's read model
    (the night and table number on the score sheet, the night's header), in one
    query: None outside a night, or while the night is open or reopened."""
    closed = Night.objects.filter(id=OuterRef("night"), closed=True).values("date")[:1]
    row = (
        SeriesSheet.objects.filter(id=series_id, night__isnull=False)
        .annotate(night_date=Subquery(closed))
        .filter(night_date__isnull=False)
        .values_list("night", "night_date", "table_number")
        .first()
    )
    return None if row is None else ClosedNight(*row)
