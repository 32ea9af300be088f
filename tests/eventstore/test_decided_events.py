"""A deal's events record what was decided (DESIGN rule 2, DESIGN "The event
store"): a later change to a rule never changes a past total, and events
written before the scores were recorded still read as they did."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.utils import timezone

from series.backup import archive as backup
from series.domain.cards import Card
from series.domain.events import DealRecorded
from series.eventstore import projectors
from series.eventstore.mapper import to_payload
from series.league import selectors as league
from series.models import Event, SeriesSheet
from series.sheets import services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db

SHORT = {"hand_size": 3}  # three cards a hand keeps the entries short


def play_a_series(club, players):
    """Three deals, cards in every hand; Anna, Bruno and Carla deal in turn."""
    anna, bruno, carla = players
    series = start(club, players, options=SHORT).series_id
    for went_out, hands in [
        (anna, {bruno: "KC KD 5S", carla: "2C 3C 4C"}),
        (bruno, {anna: "JK 9H 9D", carla: "AC AD AS"}),
        (carla, {anna: "10H 10S 7C", bruno: "QH QD QS"}),
    ]:
        services.deal_record(series_id=series, entry=entry(went_out, hands))
    return series


def standings(club):
    table = league.standings(club, "continental", league.season_choice(club, None))
    return {row.name: row.figures for row in table.rows}


def test_a_rule_changed_later_keeps_past_totals_and_standings_and_counts_for_new_deals(
    monkeypatch,
):
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    anna, bruno, carla = players
    series = play_a_series(club, players)
    totals = dict(services.series_load(series).totals)
    assert totals == {anna.id: 33 + 27, bruno.id: 25 + 30, carla.id: 9 + 3}
    projectors.follow_log()  # the league's follower counts the series
    figures = standings(club)
    assert figures

    # The card values change: every card now costs 50 points.
    monkeypatch.setattr(Card, "penalty", property(lambda card: 50))
    call_command("rebuild_projections", verbosity=0)

    assert services.series_load(series).totals == totals
    assert SeriesSheet.objects.get(id=series).totals == {str(k): v for k, v in totals.items()}
    assert standings(club) == figures
    later = start(club, players, options=SHORT).series_id
    state = services.deal_record(
        series_id=later, entry=entry(anna, {bruno: "KC KD 5S", carla: "2C 3C 4C"})
    ).state
    assert state.totals == {anna.id: 0, bruno.id: 150, carla.id: 150}


def test_the_log_keeps_each_deals_scores_and_where_the_series_stands():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    anna, bruno, carla = players
    series = play_a_series(club, players)
    last = Event.objects.filter(stream=series).order_by("version").last()
    assert last.schema_version >= 2  # version 2 first recorded what was decided
    assert last.payload["scores"] == {str(anna.id): 27, str(bruno.id): 30, str(carla.id): 0}
    assert last.payload["outcome"]["finished"] is True
    assert last.payload["outcome"]["winner"] == carla.id


def test_a_deal_recorded_before_scores_were_kept_reads_as_it_did():
    # An event of schema version 1 has the entry only: it is scored once, as read.
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    anna, bruno, carla = players
    series = start(club, players, options=SHORT).series_id
    deal = DealRecorded(1, anna.id, False, entry(anna, {bruno: "KC KD 5S", carla: "2C 3C 4C"}))
    _, payload = to_payload(deal)
    assert "scores" not in payload
    # Written as the app wrote it then (no service writes version 1 any more).
    Event.objects.create(
        stream=series,
        club=club,
        version=2,
        type="DealRecorded",
        payload=payload,
        schema_version=1,
        recorded_at=timezone.now(),
    )
    call_command("rebuild_projections", verbosity=0)
    assert services.series_load(series).totals == {anna.id: 0, bruno.id: 25, carla.id: 9}
    state = services.deal_record(
        series_id=series, entry=entry(bruno, {anna: "KC KD 5S", carla: "2C 3C 4C"})
    ).state
    assert state.totals == {anna.id: 25, bruno.id: 25, carla.id: 18}


def test_a_backup_carries_each_deals_decided_scores():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    play_a_series(club, players)
    records = [json.loads(line) for line in backup.export_lines(None, progress=print)]
    deals = [r for r in records if r["kind"] == "event" and r["type"] == "DealRecorded"]
    assert len(deals) == 3
    assert all({"scores", "outcome"} <= set(record["payload"]) for record in deals)
