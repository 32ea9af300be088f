"""The demo club's championship: its weekly players' winter championship, two
qualifying nights of two tables, a cut to the top four and a final night,
closed; its tables played by the bots of ``demo/table.py`` through the same
services a table's phone uses, its commands through the championship's and the
night's services, as a director's taps make them (RULES D-23, D-24)."""

from __future__ import annotations

from datetime import timedelta

from series.championships import services as championships
from series.demo.nights import play_tables
from series.domain.nights import draws
from series.models import Club
from series.nights import services as nights

DEALS = 3  # a short series at each table, so the demo loads quickly


def play_championship(club: Club, players: list[int], director: int, rng) -> None:
    """Two qualifying nights a month ago of the weekly players at two tables of
    four, the cut to four, the final at one table, the championship closed."""
    today = nights.club_today(club)
    champ = championships.championship_open(
        club=club,
        name="Winter championship",
        options={"deals": DEALS},
        qualifying_nights=2,
        final_size=4,
        actor_id=director,
    ).championship_id
    for weeks in (5, 4):
        night_id = _night(club, champ, today - timedelta(weeks=weeks), players, director)
        _play(night_id, director, draws.RANDOM, rng, low=4)
    championships.championship_cut(championship_id=champ, actor_id=director)
    finalists = championships.championship_load(champ).finalists
    final = _night(club, champ, today - timedelta(weeks=3), finalists, director, final=True)
    _play(final, director, "championship", rng, low=len(finalists))
    championships.championship_close(championship_id=champ, actor_id=director)


def _night(club, champ, day, players, director, *, final=False):
    night_id = championships.night_open_for_championship(
        club=club, championship_id=champ, final=final, date=day, actor_id=director
    ).night_id
    nights.night_check_in(night_id=night_id, players=list(players), actor_id=director)
    return night_id


def _play(night_id, director: int, method: str, rng, *, low: int) -> None:
    nights.night_round_draw(
        night_id=night_id,
        min_table=low,
        max_table=max(low, 4),
        method=method,
        seed=rng.getrandbits(32),
        actor_id=director,
    )
    play_tables(night_id, director, rng)
    nights.night_close(night_id=night_id, actor_id=director)
