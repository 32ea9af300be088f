"""Why these points: the night's ranking shows each player's points round by
round, with the table and the place there, on the night's page, on the big
screen once the night is over and in the API; a close records the breakdown,
and each player's penalty and deals (RULES D-16, D-17, D-18)."""

from __future__ import annotations

import uuid
from importlib import import_module
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.test import Client

from series.clubs import membership
from series.models import Event, Night
from series.nights import services as nights
from series.sheets import services
from tests.support.api import client_for, make_user
from tests.support.factories import entry, start
from tests.support.nights import drawn, night_of

pytestmark = pytest.mark.django_db


def two_rounds():
    """Six players, two rounds at tables of three, one deal a table: the first seated
    goes out, the second scores 20, the third 40."""
    club, players, night = night_of(6, deals=1)
    night_id = night.night_id
    for seed in (5, 6):
        drawn(night_id, low=3, high=3, seed=seed)
        for table in nights.night_tables_start(night_id=night_id).state.current_round.tables:
            out, second, third = table.seats
            hands = {second: 20, third: 40}
            services.deal_record(series_id=table.series, entry=entry(out, hands))
    return club, players, night_id


def expected_breakdown(night_id) -> dict[int, list[tuple[int, int, int, int]]]:
    """(round, table, place, points) of each player, from the tables as drawn."""
    state = nights.night_load(night_id)
    got: dict[int, list[tuple[int, int, int, int]]] = {}
    for round_ in state.rounds:
        for table in round_.tables:
            for place, player in enumerate(table.seats, start=1):
                points = {1: 10, 2: 5, 3: 0}[place]
                got.setdefault(player, []).append((round_.number, table.number, place, points))
    return got


def member_client(club) -> Client:
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    client = Client()
    client.force_login(reader)
    return client


def test_the_api_gives_each_ranking_line_its_points_round_by_round():
    club, _players, night_id = two_rounds()
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    body = client_for(reader).get(f"/api/v1/nights/{night_id}")
    ranking = body.json()["ranking"]
    expected = expected_breakdown(night_id)
    for line in ranking:
        per_round = [(r["round"], r["table"], r["place"], r["points"]) for r in line["per_round"]]
        assert per_round == expected[line["player"]]
        assert line["rounds"] == 2
        assert line["points"] == sum(points for *_where, points in per_round)


def test_the_nights_page_and_the_screen_once_over_say_round_table_place_and_points():
    club, _players, night_id = two_rounds()
    client = member_client(club)
    (_player, breakdown), *_others = expected_breakdown(night_id).items()
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}
    text = " · ".join(f"R{r} T{t} {ordinal[p]} {points}" for r, t, p, points in breakdown)
    page = client.get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode()
    assert text in page.split('id="ranking-title"')[1]
    screen = client.get(f"/clubs/{club.slug}/nights/{night_id}/screen/").content.decode()
    assert text not in screen  # the night still plays: the screen shows the totals only
    nights.night_close(night_id=night_id)
    screen = client.get(f"/clubs/{club.slug}/nights/{night_id}/screen/").content.decode()
    assert text in screen
    italian = client.get(
        f"/clubs/{club.slug}/nights/{night_id}/", HTTP_ACCEPT_LANGUAGE="it"
    ).content.decode()
    assert "T1 Tav" in italian and "Per turno" in italian


def test_a_close_records_the_breakdown_and_each_players_penalty_and_deals():
    _club, _players, night_id = two_rounds()
    nights.night_close(night_id=night_id)
    recorded = Event.objects.get(stream=night_id, type="NightClosed").payload["points"]
    expected = expected_breakdown(night_id)
    for line in recorded:
        per_round = [(r["round"], r["table"], r["place"], r["points"]) for r in line["per_round"]]
        assert per_round == [(r, t, p, str(points)) for r, t, p, points in expected[line["player"]]]
        penalty = sum({1: 0, 2: 20, 3: 40}[place] for _r, _t, place, _p in expected[line["player"]])
        assert (line["penalty"], line["deals"]) == (penalty, 2)
    read = {
        line["player"]: (line["penalty"], line["deals"])
        for line in Night.objects.get(id=night_id).points
    }
    assert read == {line["player"]: (line["penalty"], line["deals"]) for line in recorded}


def test_a_night_closed_before_penalties_were_recorded_reads_them_once_from_its_tables():
    """RULES D-17, D-27: the season's tiebreak pools each night's penalties and
    deals; a close stored without them has them read from its tables, by the
    upgrade and by a rebuild alike."""
    club, _players, night_id = two_rounds()
    nights.night_close(night_id=night_id)
    events = list(Event.objects.filter(stream=night_id).order_by("version"))
    old = uuid.uuid4()  # the same night, as a log written before recorded it
    for event in events:
        payload = dict(event.payload)
        if event.type == "NightClosed":
            payload["points"] = [
                {k: v for k, v in line.items() if k not in ("penalty", "deals", "per_round")}
                for line in payload["points"]
            ]
        Event.objects.create(
            stream=old,
            club=club,
            version=event.version,
            type=event.type,
            payload=payload,
            schema_version=event.schema_version,
            recorded_at=event.recorded_at,
        )
    wanted = {
        line["player"]: (line["penalty"], line["deals"])
        for line in Night.objects.get(id=night_id).points
    }
    call_command("rebuild_projections", verbosity=0)

    def read():
        lines = Night.objects.get(id=old).points
        return {line["player"]: (line.get("penalty"), line.get("deals")) for line in lines}

    assert read() == wanted  # a rebuild reads them from the tables
    lines = Night.objects.get(id=old).points
    Night.objects.filter(id=old).update(  # the read model as an earlier version wrote it
        points=[{k: v for k, v in line.items() if k not in ("penalty", "deals")} for line in lines]
    )
    upgrade = import_module("series.migrations.0027_night_points_penalty_and_deals")
    upgrade.read_penalties_of_closed_nights(apps, SimpleNamespace(connection=connection))
    assert read() == wanted


def test_the_nights_page_says_whom_a_draw_by_standings_swapped_and_why():
    """Round 2 by tonight's standings: leaders together, and who was swapped to keep
    players from meeting again this season (the round-1 tables met once)."""
    club, players, night = night_of(6, deals=1)
    night_id = night.night_id
    drawn(night_id, low=3, high=3, seed=5)
    tables = nights.night_tables_start(night_id=night_id).state.current_round.tables
    for table in tables:
        out, second, third = table.seats
        services.deal_record(series_id=table.series, entry=entry(out, {second: 20, third: 40}))
    # The two winners, who lead the night's standings, met twice more this season,
    # with the second table's runner-up: the cut would seat the three together.
    winners = [table.seats[0] for table in tables]
    for _again in range(2):
        seated = [*winners, tables[1].seats[1]]
        series = start(club, [p for p in players if p.id in seated], options={"deals": 1})
        hands = {p: 30 for p in seated[1:]}
        services.deal_record(series_id=series.series_id, entry=entry(seated[0], hands))
    state = drawn(night_id, low=3, high=3, method="standings").state
    swaps = state.current_round.swaps
    assert swaps  # the round-1 tables' players met this season: the cut seats some again
    name = {p.id: p.name for p in players}
    page = member_client(club).get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode()
    said = page.split('id="draw-swaps"')[1].split("</p>")[0]
    assert "Round 2 was drawn by tonight's standings" in said
    table_of = {p: t.number for t in state.current_round.tables for p in t.seats}
    one, other = swaps[0]
    assert f"{name[one]} (now at Table {table_of[one]}) and {name[other]}" in said
