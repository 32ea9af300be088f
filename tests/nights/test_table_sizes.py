"""A night declares the smallest and largest table it seats when it opens (RULES
D-15, D-16): its points table needs rows for those sizes only, and a draw or a move
outside them is refused, naming the fix. Nights opened before they declared sizes
seat every size their game is played at."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from series.clubs import membership
from series.domain.errors import DomainError
from series.domain.nights.events import NightOpened
from series.eventstore.mapper import from_payload
from series.models import Event
from series.nights import services as nights
from tests.support.api import director, make_user
from tests.support.nights import club_of, directed_club, drawn

pytestmark = pytest.mark.django_db

SMALL_TABLES = {"3": [6, 3, 0], "4": [7, 4, 2, 0], "5": [8, 5, 3, 1, 0]}


@pytest.fixture
def club():
    return directed_club(reader=False)


def open_small(client, club):
    body = {
        "scoring": "points_table",
        "points_table": SMALL_TABLES,
        "min_table": 3,
        "max_table": 5,
        "date": "2026-03-14",
    }
    return client.post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")


def test_a_night_of_small_tables_opens_with_rows_for_its_sizes_only(club):
    # RULES D-16: the points table pays the sizes the night seats, not 6, 7 and 8.
    opened = open_small(director(club), club)
    assert opened.status_code == 201, opened.json()
    assert (opened.json()["min_table"], opened.json()["max_table"]) == (3, 5)


def test_a_points_table_missing_a_size_the_night_seats_is_refused(club):
    body = {
        "scoring": "points_table",
        "points_table": {"3": [6, 3, 0], "4": [7, 4, 2, 0]},
        "min_table": 3,
        "max_table": 5,
    }
    refused = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "points_table_missing_size"
    assert "add the rows for tables of 5" in refused.json()["message"]


def test_a_night_seats_the_games_sizes_unless_told(club):
    client = director(club)
    opened = client.post(f"/api/v1/clubs/{club.slug}/nights", {}, format="json").json()
    assert (opened["min_table"], opened["max_table"]) == (3, 8)


def test_sizes_the_game_does_not_seat_are_refused_at_the_opening(club):
    body = {"min_table": 2, "max_table": 5}
    refused = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert refused.status_code == 422
    assert refused.json()["field"] == "min_table"


def test_a_draw_outside_the_nights_sizes_is_refused_naming_the_fix(club):
    # RULES D-15: the director draws within the sizes the night declared.
    client = director(club)
    night = open_small(client, club).json()
    players = list(club.players.values_list("id", flat=True))
    client.post(f"/api/v1/nights/{night['id']}/check-ins", {"players": players}, format="json")
    refused = client.post(
        f"/api/v1/nights/{night['id']}/rounds", {"min_table": 3, "max_table": 6}, format="json"
    )
    assert refused.status_code == 422
    body = refused.json()
    assert (body["code"], body["field"]) == ("night_table_size_outside", "max_table")
    assert "This night seats tables of 3 to 5" in body["message"]
    assert "choose a size in between, not 6" in body["message"]
    drawn = client.post(
        f"/api/v1/nights/{night['id']}/rounds", {"min_table": 3, "max_table": 5}, format="json"
    )
    assert drawn.status_code == 201
    assert sorted(len(t["players"]) for t in drawn.json()["tables"]) == [4, 5]


def test_a_move_that_makes_a_table_larger_than_the_night_seats_is_refused():
    club, players = club_of(8)
    night = nights.night_open(club=club, min_table=3, max_table=4, date="2026-03-14").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in players])
    state = drawn(night, low=4, high=4, seed=3).state
    mover = state.current_round.table(1).seats[0]
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night, player=mover, table=2)
    assert refused.value.code == "night_table_size_outside"
    assert refused.value.params["size"] == 5


def test_a_night_opened_before_it_declared_sizes_reads_with_the_games_limits():
    # A NightOpened of schema version 2 or 3 has no sizes: it is upcast to the game's.
    old = {
        "club": 7,
        "date": "2026-03-14",
        "rules": {"preset": "rummy", "options": {}},
        "scoring": {"method": "placement"},
        "large_table": "continental-13",
    }
    read = from_payload("NightOpened", old, 2)
    assert isinstance(read, NightOpened)
    assert (read.min_table, read.max_table) == (2, 6)


def test_a_stored_night_without_sizes_still_restores_and_draws():
    club, players = club_of(9)
    opened = nights.night_open(club=club, date="2026-03-14").night_id
    event = Event.objects.get(stream=opened)
    payload = {k: v for k, v in event.payload.items() if k not in ("min_table", "max_table")}
    # Written as the app wrote it then (no service writes version 3 any more).
    stream = "6f1c1f7e-0000-4000-8000-000000000001"
    Event.objects.create(
        stream=stream,
        club=club,
        version=1,
        type="NightOpened",
        payload=payload,
        schema_version=3,
        recorded_at=timezone.now(),
    )
    call_command("rebuild_projections", verbosity=0)
    nights.night_check_in(night_id=stream, players=[p.id for p in players])
    state = drawn(stream, low=3, high=8, seed=1).state
    assert (state.min_table, state.max_table) == (3, 8)
    assert sum(len(t.seats) for t in state.current_round.tables) == 9


def test_the_new_night_page_opens_a_night_of_small_tables():
    club, _players = club_of(3)
    admin = make_user("admin")
    membership.member_set(club=club, user=admin, role="admin")
    client = Client()
    client.force_login(admin)
    page = client.get(f"/clubs/{club.slug}/nights/").content.decode()
    assert "Smallest table" in page and "Largest table" in page
    rows = "3: 6 3 0\n4: 7 4 2 0\n5: 8 5 3 1 0"
    sent = client.post(
        f"/clubs/{club.slug}/nights/",
        {"scoring": "points_table", "points_table": rows, "min_table": 3, "max_table": 5},
    )
    assert sent.status_code == 302, sent.content.decode()[:3000]
    night = nights.night_load(club.nights.get().id)
    assert (night.min_table, night.max_table) == (3, 5)
    drawn_page = client.get(sent["Location"]).content.decode()
    assert '<option value="6"' not in drawn_page  # the draw offers the night's sizes only
