"""The demo club is a real history: every deal passes the checks of a live entry."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from series.clubs import services as club_services
from series.demo import club as demo
from series.demo.nights import NIGHT_PLAYERS
from series.domain.championships.events import is_championship_event
from series.domain.events import DealCorrected, DealRecorded
from series.domain.federations.membership import is_federation_event
from series.domain.federations.person_links import is_person_event
from series.domain.melds import check_arrangement
from series.domain.nights.events import is_night_event
from series.domain.roster import is_roster_event
from series.domain.rules import Rules
from series.domain.series import SeriesState, apply, command_for, decide
from series.eventstore import store
from series.models import Championship, ChampionshipNight, Club, Event, Night, SeriesSheet
from tests.support.shared import copy_or_build, written_once_per_module

pytestmark = pytest.mark.django_db


def is_series_stream(first) -> bool:
    """Not a club night (tests/nights), a championship (tests/championships), a link of a
    player to its account, nor a club in a federation (tests/federations)."""
    return not (
        is_night_event(first)
        or is_championship_event(first)
        or is_roster_event(first)
        or is_federation_event(first)
        or is_person_event(first)
    )


def two_seasons():
    return demo.create_demo_club(seed=7, seasons=2, every_days=35, password="demo-pass-1")


demo_of_the_module = written_once_per_module(two_seasons)


@pytest.fixture
def demo_club(demo_of_the_module, db):
    """Two seasons played once for the module (tests/support/shared.py)."""
    return copy_or_build(demo_of_the_module, two_seasons)


def test_the_demo_club_is_public_with_its_weekly_players_and_two_seasons(demo_club):
    assert (demo_club.slug, demo_club.public) == ("demo", True)
    assert demo_club.players.count() == len(demo.PLAYERS) + len(NIGHT_PLAYERS)
    years = {at.year for at in Event.objects.values_list("recorded_at", flat=True)}
    assert len(years) == 2
    assert SeriesSheet.objects.filter(club=demo_club, status="finished").count() >= 10


def test_every_demo_event_is_what_the_rules_record_for_its_command(demo_club):
    streams = 0
    for _stream, events in store.iter_streams():
        if not is_series_stream(events[0].event):
            continue
        state = SeriesState()
        for stored in events:
            assert decide(state, command_for(stored.event)) == [stored.event]
            state = apply(state, stored.event)
        streams += 1
    assert streams == SeriesSheet.objects.count()


def test_the_demo_club_played_a_night_last_week_and_plays_one_tonight(demo_club):
    from series.nights import selectors

    championship = ChampionshipNight.objects.values("night_id")
    played = Night.objects.filter(club=demo_club, planned=False).exclude(id__in=championship)
    last_week, tonight = sorted(played, key=lambda n: n.date)
    assert last_week.closed and last_week.rounds == 2 and len(last_week.points) == 17
    page = selectors.night_page(tonight.id)
    assert [len(t.seats) for t in page.current_round.tables] == [6, 6, 5]
    assert all(t.status == "playing" for t in page.current_round.tables)
    assert page.ranking.provisional


def test_the_demo_club_has_next_weeks_night_planned_with_answers(demo_club):
    from series.nights import selectors

    (planned,) = Night.objects.filter(club=demo_club, planned=True)
    page = selectors.night_page(planned.id)
    assert page.state == "planned" and page.plan.venue and page.plan.time
    assert len(page.plan.coming) >= 5 and len(page.plan.coming) + len(page.plan.not_coming) == 14


def test_every_demo_going_out_hand_is_valid_and_every_deal_fits_one_pack(demo_club):
    checked = 0
    for _stream, events in store.iter_streams():
        if not is_series_stream(events[0].event):
            continue
        rules = None
        for stored in events:
            event = stored.event
            if rules is None:
                rules = Rules.from_dict(event.rules)
                continue
            if isinstance(event, DealRecorded | DealCorrected) and event.entry.going_out:
                going_out = event.entry.going_out
                verdict = check_arrangement(rules, going_out.groups, going_out.discard)
                assert verdict.valid, verdict.reasons
                cards = [c for g in going_out.groups for c in g] + [going_out.discard]
                cards += [c for hand in event.entry.hands for c in hand.cards or ()]
                assert not rules.pack.excess(cards)
                # RULES D-7: everyone else holds exactly the dealt number of cards.
                held = {len(hand.cards) for hand in event.entry.hands if hand.cards is not None}
                assert held == {rules.hand_size}
                checked += 1
    assert checked > 20


def test_the_demo_command_does_nothing_when_the_database_has_clubs(capsys):
    club_services.club_create(name="Our club")
    clubs = Club.objects.count()
    call_command("demo", "--if-empty")
    assert "no demo club created" in capsys.readouterr().out
    assert Club.objects.count() == clubs


def test_the_demo_club_has_a_championship_of_two_nights_and_its_final(demo_club):
    # RULES D-23, D-24
    from series.championships import selectors

    (championship,) = Championship.objects.filter(club=demo_club)
    page = selectors.championship_page(championship.id)
    assert page.state == "closed" and len(page.nights) == 2 and all(n.closed for n in page.nights)
    assert len(page.finalists) >= 4 and len(page.standings) == len(demo.PLAYERS)
    assert [line.standing for line in page.final.lines[: len(page.finalists)]] == ["played"] * len(
        page.finalists
    )


def test_the_demo_federation_lists_giulia_once_for_both_her_clubs(demo_club):
    from django.test import Client

    from series.demo.federation import SLUG

    ranking = Client().get(f"/api/v1/federations/{SLUG}/ranking?game=continental").json()
    giulia = [line for line in ranking["results"] if line["name"] == "Giulia"]
    assert len(giulia) == 1
    assert len(giulia[0]["players"]) == 2 and giulia[0]["person"].startswith("u")
