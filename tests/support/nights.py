"""A night played through the services, as a director and the table phones would."""

from __future__ import annotations

from datetime import date, timedelta

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.nights import services as nights
from series.sheets import services
from tests.support.api import make_user
from tests.support.factories import club_with_players, entry

NAMES = tuple(f"Player {n:02}" for n in range(1, 25))


def club_of(count: int, **kwargs):
    return club_with_players(NAMES[:count], **kwargs)


def directed_club(*, reader: bool = True):
    """Circolo with nine players, its admin "director" who directs its nights
    and, unless told, a member "reader"."""
    club = club_services.club_create(name="Circolo", admin=make_user("director"))
    if reader:
        membership.member_set(club=club, user=make_user("reader"), role="member")
    for name in NAMES[:9]:
        player_services.player_add(club=club, name=name)
    return club


def night_of(count: int, *, deals: int = 1, **kwargs):
    """A club of ``count`` players, a night open with all of them checked in."""
    club, players = club_of(count)
    opened = nights.night_open(club=club, options={"deals": deals}, date="2026-03-14", **kwargs)
    checked = nights.night_check_in(night_id=opened.night_id, players=[p.id for p in players])
    return club, players, checked


def drawn(night_id, low=3, high=6, **kwargs):
    return nights.night_round_draw(night_id=night_id, min_table=low, max_table=high, **kwargs)


def tables_started(club, players, size: int, *, day: str = "2026-03-14") -> str:
    """A night of ``club`` on ``day``: ``players`` checked in, drawn at tables of
    ``size`` (seed 7) and the tables' score sheets open, no deal yet; its id."""
    night_id = nights.night_open(club=club, date=day).night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    drawn(night_id, low=size, high=size, seed=7)
    nights.night_tables_start(night_id=night_id)
    return night_id


def play_out(night_id, *, winners=None):
    """Every started table of the current round plays its deals to the end; the
    first seated player goes out each deal unless ``winners`` names another."""
    state = nights.night_load(night_id)
    for table in state.current_round.tables:
        if not table.started:
            continue
        while True:
            series = services.series_load(table.series)
            if not series.is_open:
                break
            playing = series.progress.outcome.contenders if series.deals else table.seats
            out = (winners or {}).get(table.number, table.seats[0])
            if out not in playing:
                out = playing[0]
            hands = {p: 20 + 10 * i for i, p in enumerate(playing) if p != out}
            services.deal_record(series_id=table.series, entry=entry(out, hands))


def a_night_played() -> None:
    """A night of nine: round 1 played out, a guest checked in, round 2 drawn by the
    night's standings with a swap before it starts, a late guest seated at its second
    table once started, one deal into it; and a closed night whose first draw was
    withdrawn."""
    _club, _players, night = night_of(9, deals=1)
    night_id = night.night_id
    drawn(night_id, low=4, high=5, seed=7)
    nights.night_tables_start(night_id=night_id)
    play_out(night_id)
    nights.night_guest_add(night_id=night_id, name="Guest")
    round_two = drawn(night_id, low=3, high=5, method="standings").state.current_round
    one, other = round_two.tables[0].seats[0], round_two.tables[1].seats[0]
    nights.night_players_swap(night_id=night_id, player=one, other=other)
    table = nights.night_tables_start(night_id=night_id).state.current_round.tables[0]
    late = nights.night_guest_add(night_id=night_id, name="Late guest").state.present[-1]
    nights.night_player_move(night_id=night_id, player=late, table=2)  # RULES D-22
    seats = table.seats
    hands = {p: 20 + 10 * n for n, p in enumerate(seats[1:])}
    services.deal_record(series_id=table.series, entry=entry(seats[0], hands))
    second, others = club_with_players(NAMES[:4], name="Second club")
    closed = nights.night_open(club=second, date="2026-03-21")
    nights.night_check_in(night_id=closed.night_id, players=[p.id for p in others])
    drawn(closed.night_id, low=4, high=4)
    nights.night_round_withdraw(night_id=closed.night_id, round_number=1)  # drawn too early
    drawn(closed.night_id, low=4, high=4)
    nights.night_tables_start(night_id=closed.night_id)
    play_out(closed.night_id)
    nights.night_close(night_id=closed.night_id)
    projectors.follow_log()  # the league's follower has read the log, as beside the server


def a_night_with_every_fact(count: int = 8, *, rounds: int = 1, public: bool = True, names=NAMES):
    """A closed night of ``count`` players (a multiple of 4, at least 8) at tables
    of 4, two deals a table, with a fact of each kind for its report. At Table 1
    the first two seated go out once each and stand level on 20: they play a
    tiebreak deal, which the first wins (out twice). At every other table but the
    last the first seated goes out twice and the last seated takes 45 in the
    second deal. The last table is abandoned after one deal and the director
    places its players in reverse seat order. Each further round (``rounds``) is
    drawn by the night's standings and played out with penalties that differ.
    Returns the club, its players and the night's id."""
    club = club_services.club_create(name="Circolo del Ramino", public=public)
    players = [player_services.player_add(club=club, name=n) for n in names[:count]]
    night_id = nights.night_open(club=club, options={"deals": 2}, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    drawn(night_id, low=4, high=4, seed=3)
    tables = nights.night_tables_start(night_id=night_id).state.current_round.tables
    for table in tables:
        one, two, three, four = table.seats
        if table.number == 1:
            deals = [
                (one, {two: 20, three: 30, four: 30}),
                (two, {one: 20, three: 30, four: 30}),
                (one, {two: 15}),  # the tiebreak: the two level players only
            ]
        elif table.number == len(tables):
            deals = [(one, {two: 25, three: 30, four: 30})]
        else:
            deals = [(one, {two: 20, three: 30, four: 30}), (one, {two: 15, three: 30, four: 45})]
        for out, hands in deals:
            services.deal_record(series_id=table.series, entry=entry(out, hands))
    last = tables[-1]
    services.series_abandon(series_id=last.series, reason="the room closed")
    order = [[p] for p in reversed(last.seats)]
    nights.night_table_result(night_id=night_id, table=last.number, order=order)
    for _round in range(1, rounds):
        nights.night_round_close(night_id=night_id)
        drawn(night_id, low=4, high=4, method="standings")
        for table in nights.night_tables_start(night_id=night_id).state.current_round.tables:
            for deal in range(2):  # the penalties differ, as a night's do
                out = table.seats[(deal + table.number) % 4]
                hands = {
                    p: 15 + 5 * ((7 * seat + 3 * deal + 11 * table.number + _round) % 19)
                    for seat, p in enumerate(table.seats)
                    if p != out
                }
                services.deal_record(series_id=table.series, entry=entry(out, hands))
        play_out(night_id)  # a tiebreak, if the totals came out level
    nights.night_close(night_id=night_id)
    return club, players, night_id


def ahead(club, days: int = 7) -> date:
    """The club's day ``days`` from today, in its time zone."""
    return nights.club_today(club) + timedelta(days=days)


def day_ahead(club, days: int = 7) -> str:
    """``ahead`` as a form or the API writes it: YYYY-MM-DD."""
    return ahead(club, days).isoformat()


def other_winner(table):
    """Deal 1 of ``table`` as if its second seat had gone out."""
    seats = table.seats
    return entry(seats[1], {p: 10 + 10 * n for n, p in enumerate((seats[0], *seats[2:]), 1)})
