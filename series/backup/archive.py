"""Backup and restore of the event log as JSON Lines (the checksum: series/backup/checksum.py).

The export is the backup: the reference data the events need (users, clubs,
players, members, the league's seasons and ladder rules, and in a backup of
every club the federations with their admins and join links), then every event in
log order, each line carrying an HMAC-SHA256 chained to the line before, then
an end line with the count. The HMAC is keyed by ``BACKUP_KEY`` (or, when that
is not set, by a key derived from ``SECRET_KEY``), so nobody without the key
can edit a line and recompute the chain. An import first reads the whole file
and checks every signature, the end line and the header, and refuses a file
that fails (naming the line) before writing anything. A line that holds one
key twice in any of its objects is refused too: ``json`` keeps the last value
silently, another reader may keep the first, and the signature vouches for
only one of them. Lines may end in LF or CRLF. Then it restores the file in one
transaction through the writer's bulk path, which checks every event of every
stream (series and rosters) with the same decide as a live command, in log
order. Password hashes are exported and restored only
when asked for (``with_accounts``).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils.dateparse import parse_date, parse_datetime

from series.championships.stream import CHAMPIONSHIP
from series.clubs.stream import RosterStream
from series.domain.championships.championship import ChampionshipState
from series.domain.championships.events import (
    ChampionshipNightAdded,
    ChampionshipOpened,
    FinalNightOpened,
    is_championship_event,
)
from series.domain.errors import DomainError
from series.domain.events import PlayerSeated, SeriesStarted
from series.domain.federations.membership import is_federation_event
from series.domain.federations.person_links import is_person_event
from series.domain.league.night_standings import check_night_count
from series.domain.league.seasons import check_ladder, check_new_season
from series.domain.nights.events import (
    NightOpened,
    NightPlanned,
    TableResultEntered,
    is_night_event,
)
from series.domain.nights.night import NightState
from series.domain.roster import is_roster_event, roster_stream
from series.domain.series import SeriesState
from series.eventstore import writer
from series.eventstore.mapper import from_payload
from series.federations.stream import MembershipStream, PersonLinkStream
from series.models import (
    Club,
    Event,
    Federation,
    FederationAdmin,
    FederationLink,
    LadderRules,
    Membership,
    PersonChoice,
    Player,
    Season,
)
from series.nights.stream import NIGHT
from series.sheets import projection
from series.sheets.stream import SERIES

FORMAT = "scorekeeper-log"
FORMAT_VERSION = 2  # 2: lines signed with an HMAC (1 had a bare SHA-256 chain)
GENESIS = "0" * 64
Lines = Iterable[str] | Callable[[], Iterable[str]]

NIGHT_COUNT = ("night_count", "night_min", "night_best")  # the ladder's night standings


class BackupError(Exception):
    """The file cannot be restored; ``line`` is the 1-based line at fault."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}")


def signing_key() -> bytes:
    """``BACKUP_KEY``, or a key derived from ``SECRET_KEY`` when it is not set."""
    if settings.BACKUP_KEY:
        return settings.BACKUP_KEY.encode()
    derivation = b"scorekeeper backup signing key"
    return hmac.new(settings.SECRET_KEY.encode(), derivation, hashlib.sha256).digest()


def _chain(previous: str, record: dict[str, Any], key: bytes) -> str:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(key, (previous + body).encode(), hashlib.sha256).hexdigest()


# -- export -------------------------------------------------------------------


def export_lines(
    club: Club | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    with_accounts: bool = False,
) -> Iterator[str]:
    """The backup, line by line: header, reference data, events, end. Users'
    password hashes are included only ``with_accounts``."""
    key = signing_key()
    previous = GENESIS
    count = 0
    for record in _records(club, progress, with_accounts):
        previous = _chain(previous, record, key)
        count += 1
        yield json.dumps({**record, "hash": previous}, ensure_ascii=False) + "\n"
    end = {"kind": "end", "lines": count}
    yield json.dumps({**end, "hash": _chain(previous, end, key)}) + "\n"


def _records(club: Club | None, progress, with_accounts: bool) -> Iterator[dict[str, Any]]:
    clubs = Club.objects.order_by("id")
    if club is not None:
        clubs = clubs.filter(id=club.id)
    yield {
        "kind": "header",
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "club": club.slug if club else None,
        "accounts": with_accounts,
    }
    members = Membership.objects.filter(club__in=clubs).select_related("user").order_by("id")
    events = Event.objects.filter(club__in=clubs).order_by("position")
    # A federation spans clubs: only a backup of every club holds it.
    federations = Federation.objects.order_by("id") if club is None else Federation.objects.none()
    ids = _user_ids(members, events) | _federation_user_ids(federations)
    users = get_user_model().objects.filter(id__in=ids).order_by("id")
    initials = set(
        PersonChoice.objects.filter(user__in=users, initials_only=True).values_list(
            "user_id", flat=True
        )
    )
    for user in users:
        record = {
            "kind": "user",
            "id": user.id,
            "username": user.username,
            "is_active": user.is_active,
        }
        if with_accounts:
            record["password"] = user.password
        if user.id in initials:
            record["initials_only"] = True  # listed across clubs under initials (D-25)
        yield record
    for row in clubs:
        yield {
            "kind": "club",
            "id": row.id,
            "slug": row.slug,
            "name": row.name,
            "public": row.public,
            "default_rules": row.default_rules,
            "time_zone": row.time_zone,
            "deals_need_confirmation": row.deals_need_confirmation,
            "results_by_email": row.results_by_email,
        }
    exported = set(users.values_list("id", flat=True))
    for player in Player.objects.filter(club__in=clubs).order_by("id"):
        # A player's account travels only with a user the backup holds (a member).
        user = player.user_id if player.user_id in exported else None
        yield {
            "kind": "player",
            "id": player.id,
            "club": player.club_id,
            "name": player.name,
            "user": user,
        }
    for member in members:
        yield {
            "kind": "member",
            "club": member.club_id,
            "user": member.user_id,
            "role": member.role,
        }
    yield from _league_settings(clubs)
    yield from _federations(federations)
    for done, event in enumerate(events.iterator(chunk_size=2000), start=1):
        yield {
            "kind": "event",
            "position": event.position,
            "stream": str(event.stream),
            "club": event.club_id,
            "version": event.version,
            "type": event.type,
            "payload": event.payload,
            "schema_version": event.schema_version,
            "recorded_at": event.recorded_at.isoformat(),
            "recorded_by": event.recorded_by_id,
            "idempotency_key": event.idempotency_key,
            "command_digest": event.command_digest,
        }
        if progress is not None and done % 1000 == 0:
            progress(done)


def _league_settings(clubs) -> Iterator[dict[str, Any]]:
    """The clubs' named seasons and ladder rules (series.league)."""
    for season in Season.objects.filter(club__in=clubs).order_by("id"):
        yield {
            "kind": "season",
            "club": season.club_id,
            "key": season.key,
            "name": season.name,
            "starts_on": season.starts_on.isoformat(),
            "ends_on": season.ends_on.isoformat(),
        }
    for rules in LadderRules.objects.filter(club__in=clubs).order_by("club"):
        yield {
            "kind": "ladder",
            "club": rules.club_id,
            "min_series": rules.min_series,
            "best_n": rules.best_n,
            "night_count": rules.night_count,
            "night_min": rules.night_min,
            "night_best": rules.night_best,
        }


def _federations(federations) -> Iterator[dict[str, Any]]:
    """The federations, their admins and their join links (only a hash of each)."""
    for federation in federations:
        yield {
            "kind": "federation",
            "id": federation.id,
            "slug": federation.slug,
            "name": federation.name,
            "public": federation.public,
            "created_by": federation.created_by_id,
            "created_at": federation.created_at.isoformat(),
        }
    admins = FederationAdmin.objects.filter(federation__in=federations).order_by("id")
    for admin in admins:
        yield {"kind": "federation_admin", "federation": admin.federation_id, "user": admin.user_id}
    for link in FederationLink.objects.filter(federation__in=federations).order_by("id"):
        yield {
            "kind": "federation_link",
            "federation": link.federation_id,
            "token_hash": link.token_hash,
            "created_at": link.created_at.isoformat(),
            "used_by": link.used_by_id,
            "used_at": link.used_at and link.used_at.isoformat(),
            "renewed_at": link.renewed_at and link.renewed_at.isoformat(),
        }


def _federation_user_ids(federations) -> set[int]:
    admins = FederationAdmin.objects.filter(federation__in=federations)
    ids = set(admins.values_list("user_id", flat=True))
    return ids | set(federations.exclude(created_by=None).values_list("created_by_id", flat=True))


def _user_ids(members, events) -> set[int]:
    ids = set(members.values_list("user_id", flat=True))
    ids |= set(events.exclude(recorded_by=None).values_list("recorded_by_id", flat=True))
    return ids


# -- import -------------------------------------------------------------------


def import_lines(
    lines: Lines,
    progress: Callable[[int], None] | None = None,
    *,
    with_accounts: bool = False,
) -> int:
    """Restore a backup into an empty database, then rebuild the projections.

    ``lines`` is read twice (a list, or a function that opens the file anew):
    first every signature is checked, and only a file that passes is restored,
    in one transaction, so a refused file leaves the database as empty as it
    was. Password hashes are restored only ``with_accounts``; otherwise the
    accounts come back without a usable password. Returns the number of events.
    """
    if Event.objects.exists() or Club.objects.exists():
        raise BackupError(0, "the database is not empty; restore into an empty database")
    for _record in _verified(_read(lines)):
        pass
    with transaction.atomic():
        restorer = _Restorer(with_accounts=with_accounts)
        for number, record in _verified(_read(lines)):
            restorer.add(number, record)
            if progress is not None and restorer.events and restorer.events % 1000 == 0:
                progress(restorer.events)
        restorer.finish()
        _reset_sequences()
        projection.rebuild()
    return restorer.events


def _read(lines: Lines) -> Iterable[str]:
    return lines() if callable(lines) else lines


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refusing a key that it holds twice."""
    record: dict[str, Any] = {}
    for key, value in pairs:
        if key in record:
            raise _DuplicateKey(key)
        record[key] = value
    return record


def _verified(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each record with its line number, after checking its signature."""
    key = signing_key()
    previous = GENESIS
    number = 0
    ended = False
    for number, line in enumerate(lines, start=1):
        if ended:
            raise BackupError(number, "there is more after the end line")
        try:
            record = json.loads(line, object_pairs_hook=_object_without_duplicates)
            claimed = record.pop("hash")
        except _DuplicateKey as duplicate:
            raise BackupError(
                number, f"the key {duplicate.key!r} appears twice in one object of the line"
            ) from None
        except (ValueError, KeyError, AttributeError, TypeError):
            raise BackupError(number, "not a line of a scorekeeper backup") from None
        if number == 1 and record.get("version") != FORMAT_VERSION:
            raise BackupError(1, f"unknown backup version {record.get('version')!r}")
        previous = _chain(previous, record, key)
        if not isinstance(claimed, str) or not hmac.compare_digest(claimed, previous):
            raise BackupError(
                number,
                "the line was altered, or the file was signed with another key "
                "(its signature does not match BACKUP_KEY)",
            )
        if record.get("kind") == "end":
            if record.get("lines") != number - 1:
                raise BackupError(number, "the end line counts a different number of lines")
            ended = True
            continue
        if number == 1 and (record.get("kind"), record.get("format")) != ("header", FORMAT):
            raise BackupError(1, "not a scorekeeper backup (no header)")
        yield number, record
    if not ended:
        raise BackupError(number + 1, "the file ends without its end line: it was cut off")


class _ImportedTables:
    """The tables of a club's series restored so far (``domain.roster.Tables``):
    a restore has no score sheets until its rebuild, so a merge asks these."""

    def __init__(self) -> None:
        self.series_of: dict[int, set[str]] = defaultdict(set)

    def seat(self, series: str, players: Iterable[int]) -> None:
        for player in players:
            self.series_of[player].add(series)

    def shared(self, players: set[int], others: set[int]) -> bool:
        tables = set().union(*(self.series_of[player] for player in players))
        return any(self.series_of[other] & tables for other in others)


class _Restorer:
    """Writes reference records as they come and hands every event to the
    writer's bulk path (``writer.Replay``), which checks it through its
    stream's kind, the same decide as a live command, in log order."""

    def __init__(self, *, with_accounts: bool = False) -> None:
        self.with_accounts = with_accounts
        self.replay = writer.Replay()
        self.players: dict[int, set[int]] = defaultdict(set)  # club -> its players
        self.users: set[int] = set()
        self.tables: dict[int, _ImportedTables] = defaultdict(_ImportedTables)

    @property
    def events(self) -> int:
        return self.replay.count

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind = record.get("kind")
        try:
            handler = getattr(self, f"_add_{kind}")
        except AttributeError:
            raise BackupError(number, f"unknown record kind {kind!r}") from None
        try:
            handler(number, record)
        except BackupError:
            raise
        except writer.NotAsRecorded as refused:
            raise BackupError(number, str(refused)) from None
        except DomainError as error:
            raise BackupError(number, f"the event breaks the rules: {error.message}") from None
        except (KeyError, TypeError, ValueError) as error:
            raise BackupError(number, f"malformed record ({error})") from None

    def _add_header(self, number: int, record: dict[str, Any]) -> None:
        if record.get("version") != FORMAT_VERSION:
            raise BackupError(number, f"unknown backup version {record.get('version')!r}")

    def _add_user(self, number: int, record: dict[str, Any]) -> None:
        user = get_user_model()(
            id=record["id"], username=record["username"], is_active=record["is_active"]
        )
        if self.with_accounts and record.get("password"):
            user.password = record["password"]
        else:
            user.set_unusable_password()
        user.save()
        self.users.add(user.id)
        if record.get("initials_only"):
            PersonChoice.objects.create(user=user, initials_only=True)

    def _add_club(self, number: int, record: dict[str, Any]) -> None:
        Club.objects.create(
            id=record["id"],
            slug=record["slug"],
            name=record["name"],
            public=record["public"],
            default_rules=record.get("default_rules") or {},
            time_zone=record.get("time_zone") or "",
            deals_need_confirmation=record.get("deals_need_confirmation", False),
            results_by_email=record.get("results_by_email", True),
        )

    def _add_player(self, number: int, record: dict[str, Any]) -> None:
        Player.objects.create(
            id=record["id"], club_id=record["club"], name=record["name"], user_id=record.get("user")
        )
        self.players[record["club"]].add(record["id"])

    def _add_member(self, number: int, record: dict[str, Any]) -> None:
        Membership.objects.create(
            club_id=record["club"], user_id=record["user"], role=record["role"]
        )

    def _add_season(self, number: int, record: dict[str, Any]) -> None:
        first, last = parse_date(record["starts_on"]), parse_date(record["ends_on"])
        existing = Season.objects.spans(record["club"])
        checked = check_new_season(record["name"], first, last, existing)
        if checked.key != record["key"]:
            raise BackupError(number, "the season's key does not follow from its name")
        Season.objects.create(
            club_id=record["club"],
            key=checked.key,
            name=checked.name,
            starts_on=first,
            ends_on=last,
        )

    def _add_ladder(self, number: int, record: dict[str, Any]) -> None:
        check_ladder(record["min_series"], record["best_n"])
        nights = {name: record[name] for name in NIGHT_COUNT if name in record}  # older backups
        check_night_count(**nights)
        LadderRules.objects.create(
            club_id=record["club"],
            min_series=record["min_series"],
            best_n=record["best_n"],
            **nights,
        )

    def _add_federation(self, number: int, record: dict[str, Any]) -> None:
        federation = Federation.objects.create(
            id=record["id"],
            slug=record["slug"],
            name=record["name"],
            public=record["public"],
            created_by_id=record["created_by"],
        )
        Federation.objects.filter(id=federation.id).update(
            created_at=_moment(number, record["created_at"])
        )

    def _add_federation_admin(self, number: int, record: dict[str, Any]) -> None:
        FederationAdmin.objects.create(federation_id=record["federation"], user_id=record["user"])

    def _add_federation_link(self, number: int, record: dict[str, Any]) -> None:
        link = FederationLink.objects.create(
            federation_id=record["federation"],
            token_hash=record["token_hash"],
            used_by_id=record["used_by"],
            used_at=record["used_at"] and _moment(number, record["used_at"]),
            renewed_at=record["renewed_at"] and _moment(number, record["renewed_at"]),
        )
        FederationLink.objects.filter(id=link.id).update(
            created_at=_moment(number, record["created_at"])
        )

    def _add_event(self, number: int, record: dict[str, Any]) -> None:
        event = from_payload(record["type"], record["payload"], record["schema_version"])
        club = record["club"]
        if is_roster_event(event):
            self._check_roster_event(number, record, event)
            kind = RosterStream(club, tables=self.tables[club])
        elif is_night_event(event):
            self._check_night_event(number, record, event)
            kind = NIGHT
        elif is_federation_event(event):
            kind = MembershipStream(event.federation, club)
        elif is_person_event(event):
            self._check_person_event(number, record, event)
            kind = PersonLinkStream(event.user, club)
        elif is_championship_event(event):
            self._check_championship_event(number, record, event)
            kind = CHAMPIONSHIP
        else:
            self._check_series_event(number, record, event)
            kind = SERIES
        self.replay.add(kind, _row(number, record), event)
        if isinstance(event, SeriesStarted):
            self.tables[club].seat(record["stream"], event.players)
        if isinstance(event, PlayerSeated):
            self.tables[club].seat(record["stream"], [event.player])

    def _check_roster_event(self, number: int, record: dict[str, Any], event) -> None:
        club = record["club"]
        if record["stream"] != str(roster_stream(club)):
            raise BackupError(number, f"a roster event outside the roster of club {club}")
        named = {
            getattr(event, name) for name in ("player", "source", "target") if hasattr(event, name)
        }
        if not named <= self.players[club]:
            raise BackupError(number, "the roster names players the backup does not have")

    def _check_person_event(self, number: int, record: dict[str, Any], event) -> None:
        """A person's confirmation names a player of its own club and an account restored."""
        club = record["club"]
        if event.club != club or event.player not in self.players[club]:
            raise BackupError(number, "the confirmation names a player the club does not have")
        if event.user not in self.users:
            raise BackupError(number, "the confirmation names an account the backup does not have")

    def _check_night_event(self, number: int, record: dict[str, Any], event) -> None:
        club = record["club"]
        state = self.replay.states.get(record["stream"])
        if state is not None and not isinstance(state, NightState):
            raise BackupError(
                number, f"a night's event in the stream {record['stream']} of another kind"
            )
        first = isinstance(event, NightOpened | NightPlanned) and state is None
        if isinstance(event, NightOpened | NightPlanned) and event.club != club:
            raise BackupError(number, "the night names another club than its event")
        if first:
            return
        if state is None or state.club != club:
            raise BackupError(number, f"night {record['stream']} was not opened in this club")
        named = set(getattr(event, "players", ())) | {getattr(event, "player", None)} - {None}
        if not named <= self.players[club]:
            raise BackupError(number, "the night names players the backup does not have")
        if isinstance(event, TableResultEntered):
            self._check_result_abandoned(number, state, event)

    def _check_championship_event(self, number: int, record: dict[str, Any], event) -> None:
        """A championship's event in its own club's stream; a night it takes is a
        night of the club already restored, playing the championship's game and
        method (RULES D-23)."""
        club = record["club"]
        state = self.replay.states.get(record["stream"])
        if state is not None and not isinstance(state, ChampionshipState):
            raise BackupError(
                number, f"a championship's event in the stream {record['stream']} of another kind"
            )
        if isinstance(event, ChampionshipOpened):
            if event.club != club:
                raise BackupError(number, "the championship names another club than its event")
            return
        if state is None or state.club != club:
            raise BackupError(number, f"championship {record['stream']} was not opened here")
        if isinstance(event, ChampionshipNightAdded | FinalNightOpened):
            night = self.replay.states.get(event.night)
            if not isinstance(night, NightState) or night.club != club:
                raise BackupError(number, "the championship takes a night the club does not have")
            same = (night.game_rules.game, dict(night.scoring)) == (
                state.game,
                dict(state.scoring),
            )
            if not same:
                raise BackupError(number, "the night plays another game or method")

    def _check_result_abandoned(self, number: int, night: NightState, event) -> None:
        """A director's result is for a table whose series the backup abandoned
        (RULES D-18): the night alone cannot tell, the table's stream can."""
        round_ = next((r for r in night.rounds if r.number == event.round), None)
        table = round_.table(event.table) if round_ is not None else None
        series = self.replay.states.get(str(table.series)) if table and table.started else None
        if not isinstance(series, SeriesState) or not series.abandoned:
            raise BackupError(
                number, f"a result for Table {event.table}, whose series was not abandoned"
            )

    def _check_series_event(self, number: int, record: dict[str, Any], event) -> None:
        club = record["club"]
        state = self.replay.states.get(record["stream"])
        if state is not None and not isinstance(state, SeriesState):
            raise BackupError(
                number, f"a series event in the stream {record['stream']} of another kind"
            )
        if isinstance(event, SeriesStarted):
            if event.club != club:
                raise BackupError(number, "the series names another club than its event")
            if not set(event.players) <= self.players[club]:
                raise BackupError(number, "the series seats players the backup does not have")
            return
        if state is None or state.setup is None or state.setup.club != club:
            raise BackupError(number, f"series {record['stream']} has no start in this club")
        if isinstance(event, PlayerSeated) and event.player not in self.players[club]:
            raise BackupError(number, "the series seats players the backup does not have")

    def finish(self) -> None:
        self.replay.flush()


def _moment(number: int, text: str) -> datetime:
    moment = parse_datetime(text)
    if not isinstance(moment, datetime):
        raise BackupError(number, f"not a valid time: {text!r}")
    return moment


def _row(number: int, record: dict[str, Any]) -> Event:
    recorded_at = parse_datetime(record["recorded_at"])
    if not isinstance(recorded_at, datetime):
        raise BackupError(number, "the event has no valid time")
    return Event(
        position=record["position"],
        stream=record["stream"],
        club_id=record["club"],
        version=record["version"],
        type=record["type"],
        payload=record["payload"],
        schema_version=record["schema_version"],
        recorded_at=recorded_at,
        recorded_by_id=record["recorded_by"],
        idempotency_key=record["idempotency_key"],
        command_digest=record["command_digest"],
    )


def _reset_sequences() -> None:
    models = [
        get_user_model(),
        Club,
        Player,
        Membership,
        Season,
        Event,
        Federation,
        FederationAdmin,
        FederationLink,
    ]
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
