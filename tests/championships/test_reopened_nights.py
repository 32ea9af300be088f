"""RULES D-22 for a championship: a qualifying night that was reopened counts with
its last close; the cut waits for it to close again and reads the points as they
stand under the log's lock; from the cut on no night of it reopens."""

from __future__ import annotations

import pytest

from series.championships import selectors
from series.championships import services as championships
from series.championships.stream import CHAMPIONSHIP
from series.domain.championships.championship import MakeCut
from series.domain.errors import DomainError
from series.eventstore import writer
from series.nights import services as nights
from series.sheets import services
from tests.support.championships import a_championship, a_club, a_night_played
from tests.support.factories import entry

pytestmark = pytest.mark.django_db


def test_a_reopened_night_counts_with_its_last_close_and_holds_the_cut():
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=1, final_size=3)
    night = a_night_played(
        club, champ, anna, {bruno: 20, carla: 30, dario: 40, elena: 50}, date="2026-03-06"
    )
    before = [(line.player, line.points) for line in selectors.championship_page(champ).standings]
    nights.night_reopen(night_id=night, reason="Bruno's cards were counted twice")
    table = nights.night_load(night).rounds[0].tables[0]
    services.deal_correct(
        series_id=table.series,
        number=1,
        entry=entry(anna, {bruno: 60, carla: 30, dario: 40, elena: 50}),
        reason="Counted again",
    )
    page = selectors.championship_page(champ)
    assert [(line.player, line.points) for line in page.standings] == before  # its last close
    with pytest.raises(DomainError) as refused:
        championships.championship_cut(championship_id=champ)
    assert refused.value.code == "championship_night_open"
    nights.night_close(night_id=night)
    after = {line.player: line.place for line in selectors.championship_page(champ).standings}
    assert after[bruno.id] == 5  # 60 now: last of five
    championships.championship_cut(championship_id=champ)
    with pytest.raises(DomainError) as refused:
        nights.night_reopen(night_id=night, reason="Once more")
    assert refused.value.code == "night_championship_cut"


def test_a_cut_decided_on_points_a_night_no_longer_has_is_refused_under_the_lock():
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=1, final_size=3)
    night = a_night_played(
        club, champ, anna, {bruno: 20, carla: 30, dario: 40, elena: 50}, date="2026-03-06"
    )
    state = championships.championship_load(champ)
    read, still_open = selectors.cut_reading(state)
    nights.night_reopen(night_id=night, reason="A late correction")  # meanwhile
    with pytest.raises(DomainError) as refused:
        writer.write(CHAMPIONSHIP, champ, MakeCut(read, still_open))
    assert refused.value.code == "championship_night_changed"
    assert championships.championship_load(champ).cut is None
