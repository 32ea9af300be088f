"""The demo club's club nights: seventeen players at three tables, really played.

A night last week, two rounds played out and closed, tonight's night with
its first round in play, so the first ``make run`` shows a night being played,
its ranking "if every table ended now" and its big screen, and next week's
night planned ahead, with its regulars' answers. Each table's deals
are played by the bots of ``demo/table.py`` and recorded through the same
services a table's phone uses; the night's own commands through the night's
services, as a director's taps make them.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from series.clubs import players as player_services
from series.demo.table import play_deal
from series.domain.events import DealEntry, GoingOut, Hand
from series.domain.nights import draws
from series.models import Club
from series.nights import planning
from series.nights import services as nights
from series.sheets import services

# The club's regulars for its nights, beside the players of its weekly table.
NIGHT_PLAYERS = ("Anna", "Bram", "Chiara", "Diego", "Emma", "Felix", "Greta", "Hugo", "Inès")


def play_club_nights(club: Club, players: list[int], director: int, rng) -> None:
    """Last week's night, closed, tonight's, its first round in play, and next
    week's, planned ahead with its answers."""
    regulars = players + [player_services.player_add(club=club, name=n).id for n in NIGHT_PLAYERS]
    today = nights.club_today(club)
    last_week = _night(club, today - timedelta(days=7), regulars, director)
    for method in (draws.RANDOM, draws.STANDINGS):
        _round(last_week, director, method, rng, deals=None)
    nights.night_close(night_id=last_week, actor_id=director)
    tonight = _night(club, today, regulars, director)
    _round(tonight, director, draws.RANDOM, rng, deals=3)
    _planned(club, today + timedelta(days=7), regulars, director, rng)


def _planned(club: Club, day, players: list[int], director: int, rng) -> None:
    """Next week's night, planned ahead, and its regulars' answers: most are
    coming, a few are not, some have not said yet."""
    planned = planning.night_plan(
        club=club, date=day, time="20:30", venue="Circolo, Via Roma 12", actor_id=director
    ).night_id
    answering = rng.sample(players, k=len(players) - 3)
    for player in answering:
        coming = rng.random() < 0.8
        planning.night_answer(night_id=planned, player=player, coming=coming, actor_id=director)


def _night(club: Club, day, players: list[int], director: int):
    opened = nights.night_open(club=club, date=day, actor_id=director)
    nights.night_check_in(night_id=opened.night_id, players=players, actor_id=director)
    return opened.night_id


def _round(night_id, director: int, method: str, rng, *, deals: int | None) -> None:
    """Draw a round (6, 6, 5), start its tables and play ``deals`` deals at each
    (every deal, to the series' end, when None)."""
    nights.night_round_draw(
        night_id=night_id,
        min_table=4,
        max_table=6,
        method=method,
        seed=rng.getrandbits(32),
        actor_id=director,
    )
    play_tables(night_id, director, rng, deals)


def play_tables(night_id, director: int, rng, deals: int | None = None) -> None:
    """Start the round's tables and play ``deals`` deals at each (all, when None)."""
    state = nights.night_tables_start(night_id=night_id, actor_id=director).state
    for table in state.current_round.tables:
        _play(table.series, director, rng, deals)


def _play(series_id, scorer: int, rng, deals: int | None) -> None:
    state = services.series_load(series_id)
    played = 0
    while state.is_open and (deals is None or played < deals):
        dealt = play_deal(state.setup.rules, state.next_players, state.next_dealer, rng)
        entry = DealEntry(
            went_out=dealt.went_out,
            hands=tuple(Hand(player, cards=cards) for player, cards in dealt.hands.items()),
            going_out=GoingOut(dealt.groups, dealt.discard),
        )
        state = services.deal_record(
            series_id=series_id, entry=entry, actor_id=scorer, recorded_at=timezone.now()
        ).state
        played += 1
