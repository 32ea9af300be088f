"""A deal that finishes a series, or changes a finished one, marks the club's
league behind; the league's follower (the catch-up) then counts it outside the
request: a series that finished after every counted one is added as it
stands, any other change (a correction of a finished series, a series
finishing before a later one) is counted again from that series on. The pages
and the API announce it meanwhile, and the catch-up equals a rebuild, however
often it runs."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.league import selectors
from series.models import Checkpoint, SeriesResult
from series.sheets import projection, services
from tests.support.api import client_for
from tests.support.factories import entry, start
from tests.support.league import at, caught_up, league_tables, record, standings_rows

pytestmark = pytest.mark.django_db

UPDATING = "Updating…"


def play_december(history, day: int = 1):
    """Carla and two guests, Elena and Fabio, at another table than the open
    series' (RULES D-19); Elena goes out every deal and wins with 0."""
    c = history.carla
    e, f = (player_services.guest_add(club=history.club, name=name) for name in ("Elena", "Fabio"))
    series = start(history.club, [c, e, f], first_dealer=c, recorded_at=at(12, day)).series_id
    for _ in range(3):
        record(series, e, {c: 30, f: 40}, at(12, day))
    return series


def correct_first(history):
    """Anna went out in the first series' tiebreak deal, not Carla: Anna wins it."""
    services.deal_correct(
        series_id=history.first,
        number=4,
        entry=entry(history.anna, {history.carla: 30}),
        reason="Wrong winner noted.",
        recorded_at=at(3, 8),
    )


def league_page(history) -> str:
    client = client_for()
    client.force_login(history.users["member"])
    return client.get(f"/clubs/{history.club.slug}/league/?season=2025").content.decode()


def standings_api(history) -> dict:
    client = client_for(history.users["member"])
    return client.get(f"/api/v1/clubs/{history.club.slug}/standings?season=2025").json()


def test_a_series_finishing_after_every_other_is_added_by_the_follower(history):
    """The deal that ends it only marks the league behind; the follower then
    adds the series to the tables as they stand, counting no other again."""
    earlier = set(SeriesResult.objects.values_list("id", flat=True))
    december = play_december(history)
    assert not SeriesResult.objects.filter(series=december).exists()
    assert UPDATING in league_page(history)
    assert standings_api(history)["updating"] is True

    caught_up()
    assert SeriesResult.objects.filter(series=december).count() == 3
    assert earlier < set(SeriesResult.objects.values_list("id", flat=True))  # kept, not redone
    assert UPDATING not in league_page(history)
    assert standings_api(history)["updating"] is False
    elena = {row[1]: row for row in standings_rows(history.club)}["Elena"]
    assert (elena[2].series_played, elena[2].series_won, elena[2].went_out) == (1, 1, 3)
    # Elena's 0 is the club's new lowest series total.
    lowest = selectors.club_records(history.club, "continental", []).lowest_total
    assert (lowest.value, lowest.name) == (0, "Elena")
    tables = league_tables()
    projection.rebuild()
    assert league_tables() == tables


def test_a_correction_of_a_finished_series_is_counted_by_the_catch_up(history):
    before = standings_rows(history.club)
    correct_first(history)
    assert UPDATING in league_page(history)
    assert standings_api(history)["updating"] is True
    assert standings_rows(history.club) == before  # not counted yet

    caught_up()
    assert UPDATING not in league_page(history)
    assert standings_api(history)["updating"] is False
    first = SeriesResult.objects.get(series=history.first, person=history.anna)
    assert (first.won, first.place, first.total) == (True, 1, 55)
    tables, rows = league_tables(), standings_rows(history.club)
    caught_up()  # again: nothing changes
    assert (league_tables(), standings_rows(history.club)) == (tables, rows)
    projection.rebuild()
    assert (league_tables(), standings_rows(history.club)) == (tables, rows)


def test_a_club_that_starts_needing_confirmations_counts_its_history_as_before(history):
    """A setting applies from when it is set: the series counted stay counted, the
    league is not behind for it, and a rebuild gives the same standings (each
    deal's event says whether a confirmation was asked)."""
    before, tables = standings_rows(history.club), league_tables()
    club_services.club_update(club=history.club, deals_need_confirmation=True)
    assert standings_api(history)["updating"] is False

    caught_up()
    assert (standings_rows(history.club), league_tables()) == (before, tables)
    assert SeriesResult.objects.filter(club=history.club).exists()
    projection.rebuild()
    assert (standings_rows(history.club), league_tables()) == (before, tables)


def test_a_series_finishing_before_a_later_one_is_counted_by_the_catch_up(history):
    play_december(history)
    a, b, d = history.anna, history.bruno, history.dario
    # November's series (Anna, Bruno, Dario) started before December's: it
    # comes before it in the rating walk.
    record(history.open, a, {b: 20, d: 25}, at(11, 21))
    record(history.open, b, {a: 35, d: 45}, at(11, 21))
    assert not SeriesResult.objects.filter(series=history.open).exists()
    player = client_for(history.users["member"]).get(f"/api/v1/players/{d.id}").json()
    assert player["updating"] is True

    caught_up()
    assert SeriesResult.objects.filter(series=history.open).count() == 3
    tables = league_tables()
    projection.rebuild()
    assert league_tables() == tables


def test_the_follow_log_command_reads_on_from_its_checkpoint(history, capsys):
    correct_first(history)
    call_command("follow_log", "--once")
    assert standings_api(history)["updating"] is False
    checkpoint = Checkpoint.objects.get(projector="league").position
    call_command("follow_log", "--once")
    assert "Handed 0 events" in capsys.readouterr().out.splitlines()[-1]
    assert Checkpoint.objects.get(projector="league").position == checkpoint


def correct_second(history):
    """Carla went out in the second series' last deal, not Anna: Carla scores 0 in it, Anna 15."""
    services.deal_correct(
        series_id=history.second,
        number=4,
        entry=entry(history.carla, {history.anna: 15, history.bruno: 25}),
        reason="Wrong goer noted.",
        recorded_at=at(9, 13),
    )


def test_the_catch_up_counts_from_the_corrected_series_on(history):
    """The series before a corrected one keep their results: the catch-up costs
    what came after the correction, not the club's whole history."""

    def ids(series) -> set[int]:
        return set(SeriesResult.objects.filter(series=series).values_list("id", flat=True))

    first, second = ids(history.first), ids(history.second)
    correct_second(history)
    caught_up()
    assert ids(history.first) == first  # kept
    assert not ids(history.second) & second  # counted again
    carla = SeriesResult.objects.get(series=history.second, person=history.carla)
    assert carla.total == 100
    tables, rows = league_tables(), standings_rows(history.club)
    projection.rebuild()
    assert (league_tables(), standings_rows(history.club)) == (tables, rows)


def test_two_corrections_before_a_catch_up_count_from_the_earlier_series(history):
    correct_second(history)
    correct_first(history)  # an earlier series, corrected after
    caught_up()
    assert SeriesResult.objects.get(series=history.first, person=history.anna).won
    tables, rows = league_tables(), standings_rows(history.club)
    projection.rebuild()
    assert (league_tables(), standings_rows(history.club)) == (tables, rows)
