"""The ranking lists, kept by the federations' follower outside the request (RULES D-25).

A tailing projector (``series.eventstore.projectors``), as the league's
catch-up is. From the log it reads:

- a night closed (or closed again after a reopening): its players' results
  (``PlayedNight``: N, the mean place, the day), then every federation its club
  is a member of counts again the persons who played it, and only them;
- a club's membership changing: the federation counts again the persons who
  played for that club (its nights count from joining, those before too; on
  leaving, none);
- a player linked to another account: that player's persons.

Once a poll it also counts again the persons whose confirmations changed
(``PersonBehind``) and those whose age factors moved since their last count
(``FederationStanding.refresh_at``, the next local midnight a factor moves).
A person's line (score, parts, results) is stored; places are counted when the
list is read. What it writes equals a rebuild's (``rebuild``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import timedelta
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from series.domain.championships.events import ChampionshipClosed
from series.domain.events import PlayerLinked
from series.domain.federations import GONE_DAYS, Result, mean_places, next_change, person_score
from series.domain.federations.membership import (
    ACTIVE,
    MembershipState,
    fold,
    is_federation_event,
)
from series.domain.federations.person_links import PersonLinkConfirmed, PersonLinkWithdrawn
from series.domain.nights.events import NightClosed
from series.eventstore.mapper import from_payload
from series.eventstore.store import StoredEvent
from series.federations.persons import keys_of, player_key, players_of, user_key
from series.federations.stream import project_link
from series.league.nights import game_of
from series.models import (
    Championship,
    Club,
    Event,
    Federation,
    FederationMember,
    FederationStanding,
    Night,
    PersonBehind,
    PersonLink,
    PlayedNight,
    Player,
)

# -- a night's results -------------------------------------------------------------


def played_rows(night: dict) -> list[PlayedNight]:
    """A closed night's results as D-25 reads them: the players ranked (who played a
    round), each with twice their mean place."""
    lines = [line for line in night["points"] if isinstance(line, dict) and line.get("rounds")]
    means = mean_places([int(line["place"]) for line in lines])
    game = game_of(night["rules"])
    return [
        PlayedNight(
            night_id=night["id"],
            player_id=int(line["player"]),
            club_id=night["club_id"],
            game=game,
            day=night["date"],
            ranked=len(lines),
            place_twice=int(mean * 2),
        )
        for line, mean in zip(lines, means, strict=True)
    ]


NIGHT_FIELDS = ("id", "club_id", "date", "rules", "points")
CHAMPIONSHIP_FIELDS = ("id", "club_id", "rules", "ranking", "final_night", "updated_at")


def championship_rows(championship: dict, days: dict) -> list[PlayedNight]:
    """A closed championship's final ranking as one result each (RULES D-25: its
    weight 1 more), on the day of its final night (``days``: night id → date)."""
    lines = [line for line in championship["ranking"] or () if isinstance(line, dict)]
    means = mean_places([int(line["place"]) for line in lines])
    day = days.get(championship["final_night"]) or timezone.localdate(championship["updated_at"])
    game = game_of(championship["rules"])
    return [
        PlayedNight(
            night_id=championship["id"],
            player_id=int(line["player"]),
            club_id=championship["club_id"],
            game=game,
            day=day,
            ranked=len(lines),
            place_twice=int(mean * 2),
            championship=True,
        )
        for line, mean in zip(lines, means, strict=True)
    ]


def _championship_rows(championships) -> list[PlayedNight]:
    championships = list(championships)
    finals = {c["final_night"] for c in championships if c["final_night"]}
    days = dict(Night.objects.filter(id__in=finals).values_list("id", "date"))
    return [row for c in championships for row in championship_rows(c, days)]


def championships_closed(ids: Iterable) -> set[int]:
    """Write the results of the championships ``ids`` again; their players."""
    ids = set(ids)
    before = set(PlayedNight.objects.filter(night_id__in=ids).values_list("player_id", flat=True))
    PlayedNight.objects.filter(night_id__in=ids).delete()
    closed = Championship.objects.filter(id__in=ids, state="closed", ranking__isnull=False)
    rows = _championship_rows(closed.values(*CHAMPIONSHIP_FIELDS))
    PlayedNight.objects.bulk_create(rows)
    return before | {row.player_id for row in rows}


def nights_closed(night_ids: Iterable) -> set[int]:
    """Write the results of ``night_ids`` again; the players they had or have now."""
    night_ids = set(night_ids)
    before = set(
        PlayedNight.objects.filter(night_id__in=night_ids).values_list("player_id", flat=True)
    )
    PlayedNight.objects.filter(night_id__in=night_ids).delete()
    nights = Night.objects.filter(id__in=night_ids, closes__gt=0).values(*NIGHT_FIELDS)
    rows = [row for night in nights for row in played_rows(night)]
    PlayedNight.objects.bulk_create(rows)
    return before | {row.player_id for row in rows}


# -- counting persons ----------------------------------------------------------------

RESULT_FIELDS = (
    "night_id",
    "player_id",
    "club_id",
    "game",
    "day",
    "ranked",
    "place_twice",
    "championship",
)


def played_result(night, day, ranked: int, twice: int, championship: bool, zone: str) -> Result:
    """A stored result as D-25 reads it: "n<night id>", or "c<championship id>"."""
    key = f"{'c' if championship else 'n'}{night}"
    return Result(key, day, ranked, Fraction(twice, 2), championship, zone)


def recount(federation_id: int, persons: Iterable[str], *, now=None) -> None:
    """Count ``persons`` again in the federation's lists: a fixed number of queries
    whoever they are and however large the federation."""
    persons = set(persons)
    if not persons:
        return
    now = now or timezone.now()
    zones = dict(
        Club.objects.filter(
            federations__federation_id=federation_id, federations__status=ACTIVE
        ).values_list("id", "time_zone")
    )
    players = players_of(persons)
    person_of = {player: key for key, ids in players.items() for player in ids}
    since = now.date() - timedelta(days=GONE_DAYS + 1)
    rows = PlayedNight.objects.filter(
        player_id__in=person_of, club_id__in=zones, day__gte=since
    ).values_list(*RESULT_FIELDS)
    results: dict[tuple[str, str], list[Result]] = defaultdict(list)
    played_for: dict[tuple[str, str], set[int]] = defaultdict(set)
    for night, player, club, game, day, ranked, twice, championship in rows:
        zone = zones[club] or timezone.get_default_timezone_name()
        result = played_result(night, day, ranked, twice, championship, zone)
        results[(person_of[player], game)].append(result)
        played_for[(person_of[player], game)].add(player)
    standings = []
    for (person, game), made in sorted(results.items()):
        score = person_score(made, now)
        if not score.listed:
            continue
        standings.append(
            FederationStanding(
                federation_id=federation_id,
                game=game,
                person=person,
                players=sorted(played_for[(person, game)]),
                score=float(score.score),
                part_a=float(score.part_a),
                part_b=float(score.part_b),
                results=score.results,
                refresh_at=next_change(made, now),
            )
        )
    with transaction.atomic():
        FederationStanding.objects.filter(federation_id=federation_id, person__in=persons).delete()
        FederationStanding.objects.bulk_create(standings)


def federations_of(clubs: Iterable[int]) -> dict[int, set[int]]:
    """The federations each club is a member of now."""
    found: dict[int, set[int]] = defaultdict(set)
    members = FederationMember.objects.filter(club_id__in=set(clubs), status=ACTIVE)
    for federation, club in members.values_list("federation_id", "club_id"):
        found[federation].add(club)
    return found


def recount_players(players: Iterable[int], extra: Iterable[str] = ()) -> None:
    """Count again, in every federation their clubs are in, the persons of ``players``
    (and the persons ``extra``, whose players are among them)."""
    players = set(players)
    if not players:
        return
    keys = keys_of(players)
    clubs = dict(Player.objects.filter(id__in=players).values_list("id", "club_id"))
    extra = set(extra)
    for federation, members in federations_of(clubs.values()).items():
        mine = [p for p in players if clubs.get(p) in members]
        # A player's own key too: it was a person of one club before a confirmation.
        persons = {keys[p] for p in mine} | {player_key(p) for p in mine}
        recount(federation, persons | (extra if persons else set()))


def club_changed(federation_id: int, club_id: int) -> None:
    """A club joined or left: the persons who played for it count again."""
    players = set(
        PlayedNight.objects.filter(club_id=club_id).values_list("player_id", flat=True).distinct()
    )
    keys = keys_of(players)
    recount(federation_id, set(keys.values()) | {player_key(p) for p in players})


# -- the follower ----------------------------------------------------------------------


class FederationFollower:
    """The ranking lists as a tailing projector (``series.eventstore.projectors``)."""

    name = "federations"

    def events_appended(self, events: list[StoredEvent]) -> None:
        nights = {stored.stream for stored in events if isinstance(stored.event, NightClosed)}
        memberships = {
            (stored.event.federation, stored.event.club)
            for stored in events
            if is_federation_event(stored.event)
        }
        linked = {
            stored.event.player for stored in events if isinstance(stored.event, PlayerLinked)
        }
        closed = {
            stored.stream for stored in events if isinstance(stored.event, ChampionshipClosed)
        }
        if nights or closed:
            recount_players(nights_closed(nights) | championships_closed(closed))
        for federation, club in sorted(memberships):
            club_changed(federation, club)
        if linked:
            _relinked(linked)

    def waiting(self) -> None:
        with transaction.atomic():
            marks = list(PersonBehind.objects.select_for_update().values_list("person", flat=True))
            if marks:
                users = [int(key[1:]) for key in marks]
                players = set(Player.objects.filter(user_id__in=users).values_list("id", flat=True))
                players |= set(
                    PersonLink.objects.filter(user_id__in=users).values_list("player_id", flat=True)
                )
                # and those they were listed with: a player relinked away is theirs no longer
                listed = FederationStanding.objects.filter(person__in=marks)
                players |= {p for ids in listed.values_list("players", flat=True) for p in ids}
                recount_players(players, extra={user_key(u) for u in users})
                PersonBehind.objects.filter(person__in=marks).delete()
        refresh(timezone.now())


class FederationRebuild:
    """The lists' part of ``rebuild_projections`` (an inline projector that follows
    no series): the persons' confirmations and the memberships from their
    streams, then the lists."""

    def concerns(self, change) -> bool:
        return False

    def series_changed(self, change) -> list:
        return []

    def roster_changed(self, change) -> None:
        return None

    def club_changed(self, club_id: int) -> None:
        return None

    def rebuild(self) -> None:
        rebuild_person_links()
        rebuild_members()
        rebuild()


def rebuild_person_links() -> None:
    """Every person's confirmations again from their streams, in log order."""
    PersonLink.objects.all().delete()
    types = [cls.__name__ for cls in (PersonLinkConfirmed, PersonLinkWithdrawn)]
    for row in Event.objects.filter(type__in=types).order_by("position").iterator():
        project_link(from_payload(row.type, row.payload, row.schema_version), row.recorded_at)


def rebuild_members() -> None:
    """Every club's membership again from its stream (a federation no longer
    here, as after a restore of clubs alone, is left out)."""
    FederationMember.objects.all().delete()
    known = set(Federation.objects.values_list("id", flat=True))
    types = ["ClubJoinAsked", "ClubJoined", "ClubJoinAccepted", "ClubMembershipEnded"]
    states: dict = {}
    for row in Event.objects.filter(type__in=types).order_by("position").iterator():
        event = from_payload(row.type, row.payload, row.schema_version)
        if event.federation not in known:
            continue
        before = states.get(row.stream, MembershipState(event.federation, event.club))
        states[row.stream] = fold([event], before)
        FederationMember.objects.update_or_create(
            federation_id=event.federation,
            club_id=event.club,
            defaults={
                "status": states[row.stream].status,
                "names_shown": states[row.stream].names_shown,
                "version": states[row.stream].version,
                "updated_at": row.recorded_at,
            },
        )


def _relinked(players: set[int]) -> None:
    """A player linked to another account (or none) leaves the person who confirmed it."""
    users = set(PersonLink.objects.filter(player_id__in=players).values_list("user_id", flat=True))
    recount_players(players, extra={user_key(u) for u in users})


def refresh(now) -> None:
    """Count again the persons whose age factors moved since their last count."""
    due = FederationStanding.objects.filter(refresh_at__lte=now).values_list(
        "federation_id", "person"
    )
    persons: dict[int, set[str]] = defaultdict(set)
    for federation, person in due:
        persons[federation].add(person)
    for federation, keys in persons.items():
        with transaction.atomic():
            recount(federation, keys, now=now)


def rebuild(*, now=None) -> None:
    """Write every night's results and every list again from the read models."""
    PlayedNight.objects.all().delete()
    FederationStanding.objects.all().delete()
    closed = Night.objects.filter(closes__gt=0).values(*NIGHT_FIELDS).order_by("id")
    rows: list[PlayedNight] = []
    for night in closed.iterator(chunk_size=500):
        rows.extend(played_rows(night))
        if len(rows) >= 5000:
            PlayedNight.objects.bulk_create(rows)
            rows = []
    PlayedNight.objects.bulk_create(rows)
    championships = Championship.objects.filter(state="closed", ranking__isnull=False)
    PlayedNight.objects.bulk_create(_championship_rows(championships.values(*CHAMPIONSHIP_FIELDS)))
    members = FederationMember.objects.filter(status=ACTIVE).values_list("federation_id", "club_id")
    for federation, clubs in _grouped(members).items():
        players = set(
            PlayedNight.objects.filter(club_id__in=clubs).values_list("player_id", flat=True)
        )
        recount(federation, set(keys_of(players).values()), now=now)


def _grouped(pairs) -> dict[int, set[int]]:
    grouped: dict[int, set[int]] = defaultdict(set)
    for key, value in pairs:
        grouped[key].add(value)
    return grouped


FOLLOWER = FederationFollower()
REBUILD = FederationRebuild()
