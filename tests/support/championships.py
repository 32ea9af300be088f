"""A championship played through the services, as its director and the tables would."""

from __future__ import annotations

from series.championships import services as championships
from series.nights import services as nights
from series.sheets import services
from tests.support.factories import club_with_players, entry

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


def a_club(names=NAMES, **kwargs):
    return club_with_players(names, **kwargs)


def a_championship(club, *, nights_=3, **kwargs):
    """A championship of one-deal series (so one deal makes a table's places)."""
    kwargs.setdefault("options", {"deals": 1})
    return championships.championship_open(
        club=club, name="Winter championship", qualifying_nights=nights_, **kwargs
    ).championship_id


def one_deal(night_id, out, penalties, *, method="random", draw=True):
    """Everyone checked in sits at one table; ``out`` goes out and every other
    player takes the penalty ``penalties`` gives them, in one deal."""
    players = [out.id, *(p.id for p in penalties)]
    if draw:
        nights.night_check_in(night_id=night_id, players=players)
        size = len(players)
        nights.night_round_draw(night_id=night_id, min_table=size, max_table=size, method=method)
    (table,) = nights.night_tables_start(night_id=night_id).state.current_round.tables
    services.deal_record(series_id=table.series, entry=entry(out, penalties))
    return table


def a_night_played(club, championship_id, out, penalties, *, date, final=False, **kwargs):
    """A night of the championship, opened, played at one table in one deal, closed."""
    night_id = championships.night_open_for_championship(
        club=club, championship_id=championship_id, final=final, date=date
    ).night_id
    one_deal(night_id, out, penalties, method="championship" if final else "random", **kwargs)
    nights.night_close(night_id=night_id)
    return night_id
