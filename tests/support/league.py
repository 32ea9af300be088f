"""The league tests' club history (``build_history``), its catch-up and its page client."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.league import selectors
from series.models import (
    Club,
    ClubRecord,
    HeadToHeadTally,
    PersonSummary,
    Player,
    RosterPlayer,
    SeasonStanding,
    SeriesResult,
)
from series.sheets import services
from tests.support.factories import entry, start


def at(month: int, day: int, hour: int = 20) -> datetime:
    return timezone.make_aware(datetime(2025, month, day, hour))


@dataclass
class History:
    club: Club
    anna: Player
    bruno: Player
    carla: Player
    dario: Player
    first: UUID  # Anna, Bruno, Carla: Carla wins after a tiebreak deal
    second: UUID  # Anna, Bruno, Carla: Bruno wins; a corrected and a voided deal
    abandoned: UUID
    open: UUID
    users: dict


def caught_up() -> None:
    """Run the league's catch-up, as ``manage.py follow_log`` does beside the server."""
    projectors.follow_log()


def record(series_id, goer, hands, when, **kwargs):
    return services.deal_record(
        series_id=series_id, entry=entry(goer, hands), recorded_at=when, **kwargs
    )


def play_first(club, a, b, c) -> UUID:
    """Totals 55, 70, 55 after three deals: Anna and Carla play a tiebreak deal,
    Carla goes out, Anna scores 20. Final: Anna 75, Bruno 70, Carla 55."""
    series = start(club, [a, b, c], first_dealer=a, recorded_at=at(3, 7)).series_id
    record(series, a, {b: 20, c: 30}, at(3, 7))
    record(series, b, {a: 40, c: 25}, at(3, 7))
    record(series, c, {a: 15, b: 50}, at(3, 7))
    record(series, c, {a: 20}, at(3, 7))  # the tiebreak deal
    return series


def play_second(club, a, b, c) -> UUID:
    """Final: Anna 50, Bruno 25, Carla 135. Deal 1 is corrected (Anna 35 → 30);
    deal 2 is voided (a misdeal) and dealt again as deal 3."""
    series = start(club, [a, b, c], first_dealer=b, recorded_at=at(9, 12)).series_id
    record(series, b, {a: 35, c: 60}, at(9, 12))
    services.deal_correct(
        series_id=series,
        number=1,
        entry=entry(b, {a: 30, c: 60}),
        reason="Counted again.",
        recorded_at=at(9, 12),
    )
    record(series, c, {a: 100, b: 100}, at(9, 12))
    services.deal_void(series_id=series, number=2, reason="Misdeal.", recorded_at=at(9, 12))
    record(series, b, {a: 20, c: 40}, at(9, 12))
    record(series, a, {b: 25, c: 35}, at(9, 12))
    return series


def a_league_of(name: str, names):
    """A public club ``name`` of the players ``names`` whose one series is
    finished (one deal each) and counted by the league's follower."""
    club = club_services.club_create(name=name, public=True)
    players = [player_services.player_add(club=club, name=n) for n in names]
    series = start(club, players).series_id
    for went_out in players:  # one deal each: the series finishes
        others = {p: 20 + 5 * i for i, p in enumerate(players) if p != went_out}
        services.deal_record(series_id=series, entry=entry(went_out, others))
    projectors.follow_log()  # the league's follower counts it, as beside the server
    return club


def make_users() -> dict:
    make = get_user_model().objects.create_user
    return {name: make(name) for name in ("admin", "scorer", "member", "stranger")}


def build_history() -> History:
    users = make_users()
    club = club_services.club_create(name="Circolo", admin=users["admin"])
    membership.member_set(club=club, user=users["scorer"], role="scorer")
    membership.member_set(club=club, user=users["member"], role="member")
    club_services.club_create(name="Other club", admin=users["stranger"])
    a, b, c, d = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla", "Dario")
    )
    first = play_first(club, a, b, c)
    second = play_second(club, a, b, c)
    abandoned = start(club, [a, b, c, d], recorded_at=at(10, 3)).series_id
    record(abandoned, a, {b: 15, c: 15, d: 15}, at(10, 3))
    services.series_abandon(series_id=abandoned, reason="Closing time.", recorded_at=at(10, 3))
    still_open = start(club, [a, b, d], recorded_at=at(11, 21)).series_id
    record(still_open, d, {a: 15, b: 15}, at(11, 21))
    caught_up()  # the league's follower has read the log, as it does beside the server
    return History(club, a, b, c, d, first, second, abandoned, still_open, users)


def play_more(history, count: int) -> None:
    """``count`` more finished series of Anna, Bruno and Carla (Anna always wins).
    Anna and Bruno leave the open series first: nobody sits at two open tables
    (RULES D-19); abandoned, it counts for nobody and stays in the list."""
    a, b, c = history.anna, history.bruno, history.carla
    services.series_abandon(series_id=history.open, reason="They moved tables.")
    for day in range(count):
        series = start(history.club, [a, b, c], first_dealer=a, recorded_at=at(6, 1 + day))
        for _ in range(3):
            record(series.series_id, a, {b: 30, c: 40}, at(6, 1 + day))
    caught_up()  # they started before the second series: the league catches up


def league_tables() -> dict[str, list[dict]]:
    """The league's projection rows by natural key, without surrogate ids."""
    results = SeriesResult.objects.order_by("series", "person").values(
        *(f.attname for f in SeriesResult._meta.concrete_fields if f.name != "id")
    )
    roster = RosterPlayer.objects.order_by("player").values()
    standings = SeasonStanding.objects.order_by("club", "game", "season", "person").values(
        *(f.attname for f in SeasonStanding._meta.concrete_fields if f.name != "id")
    )
    records = ClubRecord.objects.order_by("club", "game", "kind").values(
        *(f.attname for f in ClubRecord._meta.concrete_fields if f.name != "id")
    )
    summaries = PersonSummary.objects.order_by("person_id", "game", "season").values(
        *(f.attname for f in PersonSummary._meta.concrete_fields if f.name != "id")
    )
    tallies = HeadToHeadTally.objects.order_by("person_id", "game", "opponent_id").values(
        *(f.attname for f in HeadToHeadTally._meta.concrete_fields if f.name != "id")
    )
    return {
        "results": list(results),
        "roster": list(roster),
        "standings": list(standings),
        "records": list(records),
        "summaries": list(summaries),
        "tallies": list(tallies),
    }


def standings_rows(club, season="2025"):
    table = selectors.standings(club, "continental", selectors.season_choice(club, season))
    return [
        (row.player, row.name, row.figures, row.rating, row.mu, row.sigma) for row in table.rows
    ]


def page_client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page(history, role="member"):
    return page_client_for(history.users[role] if role else None)
