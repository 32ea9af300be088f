"""Recording a series through the services: events, score sheet, refusals."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.models import DealLine, DealScore, Event, SeriesSeat, SeriesSheet
from series.sheets import services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db

LOW = "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H"  # 36
MID = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H"  # 96
HIGH = "9C 9D 9H 9S 10C 10D 10H 10S JC JD JH JS QC QD JK"  # 151


def test_a_five_player_series_from_cards_fills_the_score_sheet():
    club, players = club_with_players()
    a, b, c, d, e = players
    series_id = start(club, players, first_dealer=c).series_id
    for goer, hands in [
        (a, {b: LOW, c: MID, d: 40, e: HIGH}),
        (b, {a: 20, c: LOW, d: LOW, e: 50}),
        (c, {a: 30, b: MID, d: 20, e: 15}),
        (d, {a: LOW, b: 30, c: 60, e: 20}),
        (e, {a: 40, b: 25, c: 30, d: 50}),
    ]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands))

    sheet = SeriesSheet.objects.get(id=series_id)
    assert (sheet.status, sheet.winner_id, sheet.next_dealer_id) == ("finished", a.id, None)
    assert sheet.version == 6 and sheet.deals_played == 5
    assert sheet.totals == {
        str(a.id): 126,
        str(b.id): 187,
        str(c.id): 222,
        str(d.id): 146,
        str(e.id): 236,
    }
    seats = list(SeriesSeat.objects.filter(series=sheet).values_list("player__name", "seat"))
    assert seats == [("Anna", 1), ("Bruno", 2), ("Carla", 3), ("Dario", 4), ("Elena", 5)]
    dealers = list(DealLine.objects.filter(series=sheet).values_list("dealer__name", flat=True))
    assert dealers == ["Carla", "Dario", "Elena", "Anna", "Bruno"]
    first_deal = dict(
        DealScore.objects.filter(series=sheet, number=1).values_list("player__name", "points")
    )
    assert first_deal == {"Anna": 0, "Bruno": 36, "Carla": 96, "Dario": 40, "Elena": 151}


def test_a_tie_shows_on_the_sheet_as_a_tiebreak_among_the_tied_then_a_winner():
    club, players = club_with_players(("Anna", "Bruno", "Carla", "Dario"))
    a, b, c, d = players
    series_id = start(club, players, first_dealer=a).series_id
    for goer, hands in [
        (b, {a: 20, c: 50, d: 50}),
        (c, {a: 20, b: 40, d: 50}),
        (d, {a: 30, b: 50, c: 30}),
        (b, {a: 20, c: 30, d: 20}),
    ]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands))
    sheet = SeriesSheet.objects.get(id=series_id)
    assert sheet.status == "tiebreak"
    assert sheet.tiebreak_players == [a.id, b.id]
    assert sheet.next_dealer_id == a.id  # RULES D-9

    services.deal_record(series_id=series_id, entry=entry(a, {b: 20}))
    sheet.refresh_from_db()
    assert (sheet.status, sheet.winner_id) == ("finished", a.id)
    assert DealLine.objects.get(series=sheet, number=5).tiebreak is True


def test_players_of_another_club_cannot_be_seated():
    club, players = club_with_players(("Anna", "Bruno"))
    _other, strangers = club_with_players(("Zoe",), name="Other club")
    with pytest.raises(DomainError) as refused:
        start(club, [*players, *strangers])
    assert refused.value.code == "player_not_in_club"
    assert Event.objects.count() == 0


def table_rows():
    return [
        list(model.objects.order_by("pk").values())
        for model in (SeriesSheet, SeriesSeat, DealLine, DealScore)
    ]


REFUSED_DEALS = {
    "unknown player": lambda a, b, c: entry(a, {b: 20, 999: 30}),
    "points below 1 a card": lambda a, b, c: entry(a, {b: 14, c: 30}),
    "points above 15 a card": lambda a, b, c: entry(a, {b: 226, c: 30}),
    "too few cards": lambda a, b, c: entry(a, {b: "AC AD AH", c: 30}),
    "three copies in one hand": lambda a, b, c: entry(
        a, {b: LOW.replace("2C", "AC").replace("2D", "AC"), c: 30}
    ),
    "three copies across hands": lambda a, b, c: entry(a, {b: LOW, c: LOW.replace("2C", "3C")}),
    "missing player": lambda a, b, c: entry(a, {b: 20}),
    "winner with a hand": lambda a, b, c: entry(a, {a: 20, b: 20, c: 30}),
}


@pytest.mark.parametrize("make_entry", REFUSED_DEALS.values(), ids=REFUSED_DEALS.keys())
def test_every_refused_deal_leaves_the_log_and_the_sheet_unchanged(make_entry):
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    events, rows = Event.objects.count(), table_rows()
    with pytest.raises(DomainError) as refused:
        services.deal_record(series_id=series_id, entry=make_entry(b, a, c))
    assert refused.value.message
    assert Event.objects.count() == events
    assert table_rows() == rows


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (
            lambda sid, a, b, c: services.deal_record(
                series_id=sid, entry=entry(b, {a: 20, c: 30}), number=5
            ),
            "deal_out_of_order",
        ),
        (
            lambda sid, a, b, c: services.deal_void(series_id=sid, number=7, reason="typo"),
            "deal_not_found",
        ),
        (
            lambda sid, a, b, c: services.deal_void(series_id=sid, number=1, reason=""),
            "reason_required",
        ),
        (
            lambda sid, a, b, c: services.deal_correct(
                series_id=sid, number=9, entry=entry(b, {a: 20, c: 30}), reason="x"
            ),
            "deal_not_found",
        ),
    ],
    ids=["deal out of order", "void of a missing deal", "void without reason", "bad correction"],
)
def test_refused_corrections_and_voids_change_nothing(command, code):
    """Each command is sound but for the one fault its name says, which refuses it."""
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    events, rows = Event.objects.count(), table_rows()
    with pytest.raises(DomainError) as refused:
        command(series_id, a, b, c)
    assert refused.value.code == code
    assert Event.objects.count() == events
    assert table_rows() == rows


def test_a_deal_for_a_finished_series_is_refused():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    for goer, hands in [(a, {b: 20, c: 30}), (a, {b: 20, c: 30}), (a, {b: 20, c: 30})]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands))
    with pytest.raises(DomainError) as refused:
        services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    assert refused.value.code == "series_finished"
    assert Event.objects.count() == 4


def test_a_correction_and_a_void_are_new_events_with_reason_and_author():
    from django.contrib.auth import get_user_model

    scorer = get_user_model().objects.create_user("scorer")
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}), actor_id=scorer.id)
    services.deal_correct(
        series_id=series_id,
        number=1,
        entry=entry(a, {b: 25, c: 30}),
        reason="recounted",
        actor_id=scorer.id,
    )
    services.deal_void(series_id=series_id, number=1, reason="misdeal", actor_id=scorer.id)
    log = list(Event.objects.values_list("type", "recorded_by__username"))
    assert log == [
        ("SeriesStarted", None),
        ("DealRecorded", "scorer"),
        ("DealCorrected", "scorer"),
        ("DealVoided", "scorer"),
    ]
    assert Event.objects.get(type="DealCorrected").payload["reason"] == "recounted"
    line = DealLine.objects.get(series_id=series_id, number=1)
    assert (line.corrected, line.void) == (True, True)
    assert SeriesSheet.objects.get(id=series_id).totals[str(b.id)] == 0


def test_events_name_players_by_id_only():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    for event in Event.objects.all():
        assert "Anna" not in str(event.payload) and "Bruno" not in str(event.payload)


def test_the_last_admin_of_a_club_cannot_step_down():
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_user("admin")
    club = club_services.club_create(name="Club", admin=admin)
    with pytest.raises(DomainError) as refused:
        membership.member_set(club=club, user=admin, role="member")
    assert refused.value.code == "last_admin"
    other = get_user_model().objects.create_user("other")
    membership.member_set(club=club, user=other, role="admin")
    assert membership.member_set(club=club, user=admin, role="member").role == "member"


def test_a_club_can_open_its_league_pages_and_change_its_name():
    club = club_services.club_create(name="Club")
    club_services.club_update(club=club, name="  Friday club ", public=True)
    club.refresh_from_db()
    assert (club.name, club.public) == ("Friday club", True)
    with pytest.raises(DomainError):
        club_services.club_update(club=club, name=" ")
