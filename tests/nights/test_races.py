"""Two directors at once (RULES D-15, D-19): one draw wins, the other is a 409
and sees the winning draw; a night's table and a series never share a player;
a close and a correction of one of its tables (RULES D-22): one of them first."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from django.db import connection

from series.clubs import players as player_services
from series.domain.errors import DomainError
from series.eventstore.writer import StreamConflict
from series.models import Event, NightSeat, SeriesSeat
from series.nights import selectors
from series.nights import services as nights
from series.sheets import services
from tests.support.factories import entry, start
from tests.support.nights import drawn, night_of, play_out


def _at_once(*calls):
    barrier, outcomes = threading.Barrier(len(calls)), []

    def run(call):
        barrier.wait()
        try:
            outcomes.append(("done", call()))
        except StreamConflict as conflict:
            outcomes.append(("conflict", conflict))
        except DomainError as refused:
            outcomes.append(("refused", refused))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_directors_drawing_at_once_one_wins_and_the_other_is_told_the_version():
    _club, _players, night = night_of(9)
    version = night.state.version

    def draw():
        return drawn(night.night_id, low=4, high=5, expected_version=version)

    outcomes = _at_once(draw, draw)
    assert sorted(kind for kind, _ in outcomes) == ["conflict", "done"]
    conflict = next(result for kind, result in outcomes if kind == "conflict")
    assert conflict.current == version + 1
    assert Event.objects.filter(stream=night.night_id, type="RoundDrawn").count() == 1
    winner = next(result for kind, result in outcomes if kind == "done")
    assert nights.night_load(night.night_id).current_round == winner.state.current_round


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_draw_and_a_series_seating_one_player_at_once_seat_them_once():
    # RULES D-19, exact under concurrency: both checks run under the log's lock
    club, players, night = night_of(8)
    stranger = player_services.player_add(club=club, name="Stranger")
    other = player_services.player_add(club=club, name="Other")
    outcomes = _at_once(
        lambda: drawn(night.night_id, low=4, high=4),
        lambda: start(club, [stranger, other, players[0]]),
    )
    assert sorted(kind for kind, _ in outcomes) == ["done", "refused"]
    seated_in_night = NightSeat.objects.filter(player=players[0]).exists()
    seated_in_series = SeriesSeat.objects.filter(player=players[0]).exists()
    assert seated_in_night != seated_in_series


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_directors_opening_the_tables_at_once_one_opens_them_the_other_is_told_to_reload():
    # The loser's players sit at the very table it was opening: that is the night
    # having changed (409), not a player seated at another table (422).
    _club, _players, night = night_of(9)
    drawn(night.night_id, low=4, high=5, seed=3)

    def open_tables(key):
        return lambda: nights.night_tables_start(night_id=night.night_id, idempotency_key=key)

    outcomes = _at_once(open_tables("first"), open_tables("second"))
    kinds = sorted(kind for kind, _ in outcomes)
    assert "refused" not in kinds, outcomes
    assert kinds in (["conflict", "done"], ["done", "done"])
    state = nights.night_load(night.night_id)
    assert all(table.started for table in state.current_round.tables)
    assert Event.objects.filter(stream=night.night_id, type="TableStarted").count() == 2


def test_opening_a_table_the_round_does_not_have_names_the_tables_it_has(db):
    _club, _players, night = night_of(9)
    drawn(night.night_id, low=4, high=5, seed=3)
    for asked in ([], [9]):
        with pytest.raises(nights.DomainError) as refused:
            nights.night_tables_start(night_id=night.night_id, tables=asked)
        assert "Round 1 has tables 1, 2: choose among them" in refused.value.message


def _recorded_points(night_id) -> list[tuple[int, int, str | None]]:
    closed = Event.objects.get(stream=night_id, type="NightClosed").payload["points"]
    return [(line["player"], line["place"], line["points"]) for line in closed]


def _points_of_its_tables(night_id) -> list[tuple[int, int, str | None]]:
    """The night's ranking counted again now from its tables' series."""
    state = replace(nights.night_load(night_id), closed=False)
    ranking = selectors.night_ranking(night_id, state=state)
    return [
        (line.player, line.place, None if line.points is None else str(line.points))
        for line in ranking.lines
    ]


def _close_and_correct_at_once(attempt: int) -> None:
    """A night's close and a correction of Table 1's last deal, sent at once."""
    _club, _players, night = night_of(6, deals=1)
    night_id = night.night_id
    drawn(night_id, low=3, high=3, seed=attempt)
    nights.night_tables_start(night_id=night_id)
    play_out(night_id)
    table = nights.night_load(night_id).current_round.tables[0]
    seats = table.seats
    other_winner = entry(seats[1], {seats[0]: 30, seats[2]: 40})
    before = _points_of_its_tables(night_id)
    outcomes = _at_once(
        lambda: ("close", nights.night_close(night_id=night_id)),
        lambda: (
            "correction",
            services.deal_correct(
                series_id=table.series, number=1, entry=other_winner, reason="Wrong winner"
            ),
        ),
    )
    done = sorted(result[0] for kind, result in outcomes if kind == "done")
    refused = [result for kind, result in outcomes if kind == "refused"]
    assert nights.night_load(night_id).closed, outcomes
    recorded = _recorded_points(night_id)
    assert recorded == _points_of_its_tables(night_id)
    if done == ["close", "correction"]:  # the correction first: the close counts it
        assert recorded != before
    else:  # the close first: the correction is refused
        assert done == ["close"], outcomes
        assert [error.code for error in refused] == ["night_closed"]
        assert recorded == before
        assert not Event.objects.filter(stream=table.series, type="DealCorrected").exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_close_and_a_correction_at_once_never_both_win_and_the_close_records_its_tables():
    # RULES D-22: either the correction commits first and the close's points
    # include it, or the close commits first and the correction is refused; the
    # points recorded always equal the ranking counted again from the tables.
    for attempt in range(24):
        _close_and_correct_at_once(attempt)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_late_arrivals_joining_one_started_table_at_once_both_sit_down():
    # RULES D-22: neither director named a version, so neither is told of the
    # series' version the other's seat moved on (the second was a 409 naming it).
    for attempt in range(8):
        club, _players, night = night_of(8)
        drawn(night.night_id, low=4, high=4, seed=5)
        rita = player_services.player_add(club=club, name=f"Rita {attempt}")
        sam = player_services.player_add(club=club, name=f"Sam {attempt}")
        nights.night_check_in(night_id=night.night_id, players=[rita.id, sam.id])
        nights.night_tables_start(night_id=night.night_id)

        def seat(player, night_id=night.night_id):
            return lambda: nights.night_player_move(night_id=night_id, player=player, table=1)

        outcomes = _at_once(seat(rita.id), seat(sam.id))
        assert [kind for kind, _ in outcomes] == ["done", "done"], outcomes
        table = nights.night_load(night.night_id).current_round.table(1)
        assert set(table.seats[-2:]) == {rita.id, sam.id}
        series = services.series_load(table.series)
        assert series.setup.players == table.seats


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_move_of_the_day_alone_keeps_the_venue_another_director_set_meanwhile():
    # The move keeps the time and venue it was not given as they are when it is
    # written, not as they were read before another move was: none is undone.
    import time
    from datetime import timedelta

    from django.db import transaction

    from series.nights import planning

    club, _players, _night = night_of(4)
    today = nights.club_today(club)
    day, later = (today + timedelta(days=7)).isoformat(), (today + timedelta(days=8)).isoformat()
    night_id = planning.night_plan(club=club, date=day, time="20:30", venue="Bar").night_id
    outcomes = []

    def move_the_day():
        try:
            outcomes.append(planning.night_move(night_id=night_id, date=later))
        finally:
            connection.close()

    mover = threading.Thread(target=move_the_day)
    with transaction.atomic():
        planning.night_move(night_id=night_id, date=day, venue="Circolo")
        mover.start()
        time.sleep(1)  # the other move has read the night (at the Bar) and waits for this one
    mover.join(timeout=60)
    assert len(outcomes) == 1
    state = nights.night_load(night_id)
    assert (state.date, state.time, state.venue) == (later, "20:30", "Circolo")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_answers_from_many_phones_at_once_are_each_recorded():
    # "I'm coming" takes no expected version: answers never conflict.
    from datetime import timedelta

    from series.nights import planning

    club, players, _night = night_of(6)
    day = (nights.club_today(club) + timedelta(days=7)).isoformat()
    night_id = planning.night_plan(club=club, date=day).night_id

    def answer(player):
        return lambda: planning.night_answer(night_id=night_id, player=player.id, coming=True)

    outcomes = _at_once(*(answer(player) for player in players))
    assert [kind for kind, _ in outcomes] == ["done"] * len(players)
    assert set(nights.night_load(night_id).answers) == {(p.id, True) for p in players}
