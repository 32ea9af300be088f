"""A championship played through the services, as its director and the tables would."""

from __future__ import annotations

from series.championships import services as championships
from series.eventstore import projectors
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


def a_championship_played(*, close=True):
    """The hand-worked championship: three nights, a cut with a tie, a final one
    finalist missed; closed unless told. Returns the club, players and its id."""
    club, players = a_club()
    anna, bruno, carla, dario, elena = players
    champ = a_championship(club, nights_=3, best=2, final_size=3)
    a_night_played(
        club, champ, anna, {bruno: 20, carla: 30, dario: 40, elena: 50}, date="2026-01-09"
    )
    a_night_played(
        club, champ, bruno, {anna: 20, dario: 30, carla: 40, elena: 50}, date="2026-01-16"
    )
    a_night_played(
        club, champ, anna, {carla: 20, dario: 20, elena: 40, bruno: 50}, date="2026-01-23"
    )
    championships.championship_cut(championship_id=champ)
    a_night_played(club, champ, carla, {anna: 20, dario: 30}, date="2026-01-30", final=True)
    if close:
        championships.championship_close(championship_id=champ)
    projectors.follow_log()  # the league's follower has read the log, as beside the server
    return club, players, champ
