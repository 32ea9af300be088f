"""A night played through the services, as a director and the table phones would."""

from __future__ import annotations

from series.nights import services as nights
from series.sheets import services
from tests.factories import club_with_players, entry

NAMES = tuple(f"Player {n:02}" for n in range(1, 25))


def club_of(count: int, **kwargs):
    return club_with_players(NAMES[:count], **kwargs)


def night_of(count: int, *, deals: int = 1, **kwargs):
    """A club of ``count`` players, a night open with all of them checked in."""
    club, players = club_of(count)
    opened = nights.night_open(club=club, options={"deals": deals}, date="2026-03-14", **kwargs)
    checked = nights.night_check_in(night_id=opened.night_id, players=[p.id for p in players])
    return club, players, checked


def drawn(night_id, low=3, high=6, **kwargs):
    return nights.night_round_draw(night_id=night_id, min_table=low, max_table=high, **kwargs)


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
