"""The league's nights: a season's night standings (beside the series'
standings) and a player's nights, read from the nights closed, whose points
were decided and recorded when each night closed (``series.nights``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any
from uuid import UUID

from series.domain.league.night_standings import (
    NightCount,
    NightStandingLine,
    night_standings,
)
from series.domain.league.seasons import SeasonSpan, season_of
from series.models import Club, LadderRules, Night, Player


def _points(line: Any) -> tuple[int, Fraction, int | None]:
    """One recorded line of a night: (player, points, place)."""
    if isinstance(line, dict):
        return int(line["player"]), Fraction(str(line["points"])), line.get("place")
    player, points, place, *_rest = (*line, None)
    return int(player), Fraction(str(points)), place


@dataclass(frozen=True, slots=True)
class NightStandings:
    count: NightCount
    lines: list[tuple[NightStandingLine, str, bool]]  # with the person's name, and a guest?
    nights: int  # closed nights in the season


def count_of(rules: LadderRules) -> NightCount:
    return NightCount(rules.night_count, rules.night_min, rules.night_best)


def night_standings_of(
    club: Club, season: SeasonSpan, named: Iterable[SeasonSpan], rules: LadderRules
) -> NightStandings:
    """The season's night standings, counted as the club chose: two queries."""
    named = list(named)
    # A night reopened counts with its last close (RULES D-22).
    closed = Night.objects.filter(club=club, closes__gt=0).values_list("date", "points")
    in_season = [points for day, points in closed if season_of(day, named).key == season.key]
    scored = [_points(line)[:2] for points in in_season for line in points]
    persons = _persons({player for player, _points in scored})
    count = count_of(rules)
    lines = night_standings(
        [(persons.get(player, (player, "", False))[0], points) for player, points in scored], count
    )
    names = {person: (name, guest) for person, name, guest in persons.values()}
    named_lines = [(line, *names.get(line.person, ("", False))) for line in lines]
    return NightStandings(count, named_lines, len(in_season))


def _persons(players: set[int]) -> dict[int, tuple[int, str, bool]]:
    """Whom each of ``players`` counts as in the league, after merges (the roster's
    ``person``), with that person's name and whether they are a guest: one query,
    none for no players."""
    found = Player.objects.filter(id__in=players).values_list(
        "id",
        "name",
        "roster__guest",
        "roster__person",
        "roster__person__name",
        "roster__person__roster__guest",
    )
    return {
        player: (person, person_name, bool(person_guest))
        if person is not None
        else (player, name, bool(guest))
        for player, name, guest, person, person_name, person_guest in found
    }


@dataclass(frozen=True, slots=True)
class PlayersNight:
    night: UUID
    day: date
    points: Fraction
    place: int | None


def players_nights(player: Player, merged: Iterable[Player] = ()) -> list[PlayersNight]:
    """The closed nights a player played, latest first, with their points and place,
    those of the players ``merged`` into them included: one query."""
    players = {player.id, *(other.id for other in merged)}
    nights = []
    for night, day, points in Night.objects.filter(
        club_id=player.club_id, closes__gt=0
    ).values_list("id", "date", "points"):
        for line in points:
            who, scored, place = _points(line)
            if who in players:
                nights.append(PlayersNight(night, day, scored, place))
    return nights
