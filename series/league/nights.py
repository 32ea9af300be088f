"""The league's nights: a season's night standings (beside the series'
standings) and a player's nights, read from the nights closed, whose points
were decided and recorded when each night closed (``series.nights``).

RULES D-27: the season adds points where more is better, whatever method a
night was ranked by (``season_points``); the page says which methods the
season's nights used, and each night's line how its points were made."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any
from uuid import UUID

from django.template.defaultfilters import floatformat
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from series.domain.league.night_standings import (
    NightCount,
    NightLineRecorded,
    NightScore,
    NightStandingLine,
    night_standings,
    season_points,
)
from series.domain.league.seasons import SeasonSpan, season_of
from series.domain.nights import scoring as scorings
from series.domain.rules import PRESETS
from series.models import Club, LadderRules, Night, Player


def _recorded(line: Any) -> NightLineRecorded:
    """One recorded line of a night, as its read model keeps it."""
    if not isinstance(line, dict):  # a list: (player, points, place)
        player, points, place, *_rest = (*line, None)
        line = {"player": player, "points": points, "place": place}
    points = line.get("points")
    return NightLineRecorded(
        int(line["player"]),
        line.get("place") or 0,
        None if points is None else Fraction(str(points)),
        line.get("penalty"),
        line.get("deals"),
    )


def game_of(rules: dict) -> str:
    """The game a night was played at (its rules' preset)."""
    preset = PRESETS.get((rules or {}).get("preset", "continental"))
    return preset.game if preset is not None else "continental"


@dataclass(frozen=True, slots=True)
class NightStandings:
    count: NightCount
    lines: list[tuple[NightStandingLine, str, bool]]  # with the person's name, and a guest?
    nights: int  # closed nights in the season
    methods: tuple[str, ...] = ()  # the methods the season's nights were ranked by

    @property
    def explained(self) -> list[SafeString]:
        """What a night of each method the season's nights used adds, in the
        reader's language (the methods' own words), in the methods' order."""
        methods = [m for m in scorings.all() if m.code in self.methods]
        return [mark_safe(gettext(m.season_explained)) for m in methods]


def count_of(rules: LadderRules) -> NightCount:
    return NightCount(rules.night_count, rules.night_min, rules.night_best)


def night_standings_of(
    club: Club,
    season: SeasonSpan,
    named: Iterable[SeasonSpan],
    rules: LadderRules,
    game: str | None = None,
) -> NightStandings:
    """The season's night standings of ``game`` (every game when None), counted
    as the club chose: two queries."""
    named = list(named)
    # A night reopened counts with its last close (RULES D-22).
    closed = Night.objects.filter(club=club, closes__gt=0).order_by("date", "opened_at", "id")
    in_season = [
        (day, method, [_recorded(line) for line in points])
        for day, method, rules_, points in closed.values_list("date", "method", "rules", "points")
        if season_of(day, named).key == season.key and (game is None or game_of(rules_) == game)
    ]
    scored = [
        (line, added[line.player], (day, index))
        for index, (day, method, lines) in enumerate(in_season)
        for added in [season_points(method, lines)]
        for line in lines
        if line.player in added
    ]
    persons = _persons({line.player for line, _points, _order in scored})
    count = count_of(rules)
    lines = night_standings(
        [
            NightScore(
                persons.get(line.player, (line.player, "", False))[0],
                points,
                line.penalty,
                line.deals,
                order,
            )
            for line, points, order in scored
        ],
        count,
    )
    names = {person: (name, guest) for person, name, guest in persons.values()}
    named_lines = [(line, *names.get(line.person, ("", False))) for line in lines]
    methods = tuple(dict.fromkeys(method for _day, method, _lines in in_season))
    return NightStandings(count, named_lines, len(in_season), methods)


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
    """A closed night a player played, and how its points were made (RULES D-27):
    ``points`` the night's own figure (by per deal, the average per deal);
    ``season_points`` what it adds to the season; ``ranked`` the night's players
    with a figure (N)."""

    night: UUID
    day: date
    points: Fraction | None
    place: int | None
    method: str = scorings.DEFAULT
    season_points: Fraction | None = None
    ranked: int = 0

    @property
    def season_line(self) -> SafeString:
        """How the night's points were made, in its method's words and the reader's
        language: its place, its average per deal by per deal, what it adds."""
        words = gettext(scorings.named(self.method).season_line)
        figures = {
            "place": self.place,
            "ranked": self.ranked,
            "average": floatformat(self.points, -1),
            "points": floatformat(self.season_points, -1),
        }
        return mark_safe(words % {k: conditional_escape(v) for k, v in figures.items()})


def players_nights(player: Player, merged: Iterable[Player] = ()) -> list[PlayersNight]:
    """The closed nights a player played, latest first, with their points and place,
    those of the players ``merged`` into them included: one query."""
    players = {player.id, *(other.id for other in merged)}
    nights = []
    closed = Night.objects.filter(club_id=player.club_id, closes__gt=0)
    for night, day, method, points in closed.values_list("id", "date", "method", "points"):
        lines = [_recorded(line) for line in points]
        added = season_points(method, lines)
        for line in lines:
            if line.player in players:
                nights.append(
                    PlayersNight(
                        night,
                        day,
                        line.points,
                        line.place or None,
                        method,
                        added.get(line.player),
                        len(added),
                    )
                )
    return nights
