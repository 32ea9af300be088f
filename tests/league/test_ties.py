"""Ties in the league go to whoever got there first, live, in the catch-up and in
a rebuild alike, so a rebuilt or restored club has the checksum of the
original."""

from __future__ import annotations

from datetime import datetime, timedelta
from importlib import import_module
from io import StringIO
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from series.backup import checksum
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.league import selectors
from series.league import services as league
from series.models import ClubRecord, PersonSummary, SeriesResult
from series.sheets import projection, services
from tests.support.examples import examples
from tests.support.factories import entry, start
from tests.support.league import caught_up, league_tables


def club_of(names, *, public=False):
    club = club_services.club_create(name="Ties", public=public)
    return club, {name: player_services.player_add(club=club, name=name) for name in names}


def one_deal_series(club, seated, goer, points, when):
    """A series of one deal: ``goer`` goes out and wins, the others score ``points``."""
    series = start(club, seated, options={"deals": 1}, recorded_at=when).series_id
    hands = {player: points for player in seated if player != goer}
    services.deal_record(series_id=series, entry=entry(goer, hands), recorded_at=when)
    return series


def printed_checksum() -> str:
    out = StringIO()
    call_command("checksum", stdout=out)
    return out.getvalue().strip()


@pytest.mark.django_db
@pytest.mark.parametrize("created", [("Zed", "Abe", "Mia"), ("Abe", "Zed", "Mia")])
def test_a_record_two_players_share_stays_with_the_first_to_set_it_after_a_rebuild(created):
    club, players = club_of(created, public=True)
    zed, abe, mia = players["Zed"], players["Abe"], players["Mia"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    first = one_deal_series(club, [zed, abe, mia], zed, 20, day)
    one_deal_series(club, [zed, abe, mia], abe, 20, day + timedelta(hours=1))
    caught_up()

    def holders():
        records = selectors.club_records(club, "continental", [])
        return {
            "lowest total": (records.lowest_total.name, records.lowest_total.value),
            "most went out": (records.most_went_out.name, records.most_went_out.value),
            "longest run": (records.longest_run.name, records.longest_run.value),
        }

    # Zed went out first: each record both reach goes to Zed, whatever their
    # names' order or the order they joined the club.
    expected = {"lowest total": ("Zed", 0), "most went out": ("Zed", 1), "longest run": ("Zed", 1)}
    assert holders() == expected
    went_out = ClubRecord.objects.get(kind=ClubRecord.Kind.MOST_WENT_OUT)
    assert (went_out.season, went_out.series_id) == ("2025", first)
    live = printed_checksum()
    call_command("rebuild_projections", stdout=StringIO(), stderr=StringIO())
    assert holders() == expected
    assert printed_checksum() == live


@pytest.mark.django_db
@pytest.mark.parametrize("created", [("Zed", "Abe", "Mia"), ("Abe", "Zed", "Mia")])
def test_of_two_who_reach_the_season_record_in_one_series_the_first_to_go_out_holds_it(created):
    club, players = club_of(created)
    zed, abe, mia = players["Zed"], players["Abe"], players["Mia"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    series = start(club, [zed, abe, mia], options={"deals": 2}, recorded_at=day).series_id
    # Abe goes out of the first deal, Zed of the second: one each, Abe first.
    services.deal_record(series_id=series, entry=entry(abe, {zed: 20, mia: 30}), recorded_at=day)
    services.deal_record(series_id=series, entry=entry(zed, {abe: 30, mia: 30}), recorded_at=day)
    caught_up()

    def holder():
        record = selectors.club_records(club, "continental", []).most_went_out
        return record.name, record.value

    assert holder() == ("Abe", 1)
    live = checksum.projection_checksum()
    projection.rebuild()
    assert holder() == ("Abe", 1)
    assert checksum.projection_checksum() == live


@pytest.mark.django_db
@pytest.mark.parametrize("change", ["void", "correct"])
def test_the_season_record_follows_the_counted_results_while_the_league_is_behind(change):
    """A void or a correction in a finished series reaches the score sheet at once
    and the league at its catch-up: standings written again in between (new
    ladder rules) still count the series as it was, and so does the record's
    tie, though the deal one of its holders went out of is gone from the sheet."""
    club, players = club_of(("Zed", "Abe", "Mia"))
    zed, abe, mia = players["Zed"], players["Abe"], players["Mia"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    series = start(club, [zed, abe, mia], options={"deals": 2}, recorded_at=day).series_id
    # One each; whoever goes out of the first deal holds the record.
    first, second = (zed, abe) if change == "void" else (abe, zed)
    others = [p for p in (zed, abe, mia) if p != first]
    services.deal_record(
        series_id=series, entry=entry(first, dict.fromkeys(others, 20)), recorded_at=day
    )
    others = [p for p in (zed, abe, mia) if p != second]
    services.deal_record(
        series_id=series, entry=entry(second, dict.fromkeys(others, 30)), recorded_at=day
    )
    caught_up()
    if change == "void":  # Abe's deal: the series is open again
        services.deal_void(series_id=series, number=2, reason="Misdeal.", recorded_at=day)
    else:  # Mia went out of the first deal, not Abe
        fixed = entry(mia, {zed: 20, abe: 20})
        services.deal_correct(
            series_id=series, number=1, entry=fixed, reason="Wrong goer.", recorded_at=day
        )
    assert selectors.updating(club)
    league.ladder_set(club=club, min_series=2)

    def holder():
        record = selectors.club_records(club, "continental", []).most_went_out
        return record and (record.name, record.value)

    assert holder() == (first.name, 1)
    caught_up()
    assert holder() == (None if change == "void" else ("Mia", 1))
    live = checksum.projection_checksum()
    projection.rebuild()
    assert checksum.projection_checksum() == live


@pytest.mark.django_db
def test_of_two_series_alike_a_players_worst_is_the_earlier():
    """The same points a deal twice: the worst series is the first, as the best is."""
    club, players = club_of(("Zed", "Abe", "Mia"))
    seated = list(players.values())
    zed, abe = players["Zed"], players["Abe"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    first = one_deal_series(club, seated, zed, 30, day)
    one_deal_series(club, seated, zed, 30, day + timedelta(hours=1))
    caught_up()

    def worst():
        return PersonSummary.objects.get(person=abe, season="").worst_series_id

    assert worst() == first
    projection.rebuild()
    assert worst() == first


@pytest.mark.django_db
def test_after_the_upgrade_a_club_whose_record_went_by_name_is_counted_again():
    club, players = club_of(("Zed", "Abe", "Mia"), public=True)
    zed, abe, mia = players["Zed"], players["Abe"], players["Mia"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    one_deal_series(club, [zed, abe, mia], zed, 20, day)
    one_deal_series(club, [zed, abe, mia], abe, 20, day + timedelta(hours=1))
    caught_up()
    # As the count left it before ties went to the first: by name, no series.
    ClubRecord.objects.filter(kind=ClubRecord.Kind.MOST_WENT_OUT).update(
        person=abe, series=None, started_at=None
    )
    upgrade = import_module("series.migrations.0019_league_records_ties_to_the_first")
    upgrade.mark_clubs_with_records(apps, SimpleNamespace(connection=connection))
    assert selectors.updating(club)
    caught_up()
    assert selectors.club_records(club, "continental", []).most_went_out.name == "Zed"
    live = checksum.projection_checksum()
    projection.rebuild()
    assert checksum.projection_checksum() == live


@pytest.mark.django_db
def test_after_the_upgrade_results_without_their_last_deal_gone_out_are_counted_again():
    club, players = club_of(("Zed", "Abe", "Mia"))
    zed, abe, mia = players["Zed"], players["Abe"], players["Mia"]
    day = timezone.make_aware(datetime(2025, 3, 7, 20))
    series = start(club, [zed, abe, mia], options={"deals": 2}, recorded_at=day).series_id
    services.deal_record(series_id=series, entry=entry(abe, {zed: 20, mia: 30}), recorded_at=day)
    services.deal_record(series_id=series, entry=entry(zed, {abe: 30, mia: 30}), recorded_at=day)
    caught_up()
    live = checksum.projection_checksum()
    SeriesResult.objects.update(last_out=0)  # as the migration's new column leaves them
    upgrade = import_module("series.migrations.0037_results_keep_the_last_deal_gone_out")
    upgrade.mark_clubs_with_results(apps, SimpleNamespace(connection=connection))
    assert selectors.updating(club)
    caught_up()
    last_out = dict(SeriesResult.objects.values_list("player", "last_out"))
    assert last_out == {abe.id: 1, zed.id: 2, mia.id: 0}
    assert selectors.club_records(club, "continental", []).most_went_out.name == "Abe"
    assert checksum.projection_checksum() == live


# -- any tied history -------------------------------------------------------------

# Names whose order is not the order the players joined.
NAMES = ("Zed", "Abe", "Mia", "Bea", "Kim")
# Few start times (several series may start at the same moment, or before one
# recorded earlier), two seasons, and few scores: ties everywhere.
STARTS = [
    timezone.make_aware(datetime(2024, 12, 31, 20)) + timedelta(hours=h) for h in (0, 0, 1, 24, 25)
]
a_series = st.tuples(
    st.sets(st.integers(0, 4), min_size=3, max_size=4),  # who sits
    st.integers(0, 3),  # who goes out of each deal, in turn from here
    st.integers(1, 2),  # deals
    st.sampled_from([20, 30]),  # the others' points a deal
    st.integers(0, len(STARTS) - 1),  # when it started
    st.booleans(),  # the league's follower runs after it
)


class TiedHistoryTests(TestCase):
    @settings(max_examples=examples(30), deadline=None)
    @given(history=st.lists(a_series, min_size=2, max_size=8))
    def test_a_tied_history_has_the_checksum_of_its_rebuild(self, history):
        club, players = club_of(NAMES)
        seated_ever = [players[name] for name in NAMES]
        for seats, goer, deals, points, when, follower_runs in history:
            seated = [seated_ever[i] for i in sorted(seats)]
            started = STARTS[when]
            series = start(club, seated, options={"deals": deals}, recorded_at=started).series_id
            # Its deals, and tiebreak deals until it is won (the first in turn goes out).
            for deal in range(deals + 3):
                playing = services.series_load(series).next_players
                if not playing:
                    break
                out = playing[(goer + deal) % len(playing)] if deal < deals else playing[0]
                hands = {player: points for player in playing if player != out}
                services.deal_record(series_id=series, entry=entry(out, hands), recorded_at=started)
            if follower_runs:
                caught_up()
        caught_up()
        tables = league_tables()
        event(f"records: {len(tables['records'])}")
        event(f"seasons: {len({row['season'] for row in tables['standings']})}")
        live = checksum.projection_checksum()
        projection.rebuild()
        assert league_tables() == tables
        assert checksum.projection_checksum() == live
