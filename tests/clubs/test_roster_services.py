"""Players over time through the services: renames, guests and merges are
roster events that name player ids only, and no series event is rewritten."""

from __future__ import annotations

from datetime import date

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.domain.roster import roster_stream
from series.league import selectors
from series.league import services as league
from series.models import Event, Player, RosterPlayer
from series.web import messages

pytestmark = pytest.mark.django_db


def series_events():
    return list(
        Event.objects.exclude(
            type__in=[
                "PlayerRenamed",
                "GuestAdded",
                "PlayersMerged",
                "PlayersUnmerged",
                "PlayerRetired",
                "PlayerReturned",
                "PlayerLinked",
            ]
        ).values()
    )


def roster_events(club):
    return list(Event.objects.filter(stream=roster_stream(club.id)).values_list("type", "payload"))


def test_a_rename_changes_the_name_and_records_only_the_players_id(history):
    player_services.player_rename(club=history.club, player_id=history.bruno.id, name="  Bruno R. ")
    assert Player.objects.get(id=history.bruno.id).name == "Bruno R."
    assert roster_events(history.club) == [("PlayerRenamed", {"player": history.bruno.id})]
    rows = selectors.standings(
        history.club, "continental", selectors.season_choice(history.club, "2025")
    ).rows
    assert "Bruno R." in [row.name for row in rows]


def test_a_guest_is_a_player_of_the_club_listed_apart_from_the_ladder(history):
    guest = player_services.guest_add(club=history.club, name="Visiting Vera")
    assert guest.club == history.club
    assert RosterPlayer.objects.get(player=guest).guest
    assert roster_events(history.club) == [("GuestAdded", {"player": guest.id})]


def test_a_merge_rewrites_no_series_event(history):
    twin = player_services.guest_add(club=history.club, name="Dario again")
    before = series_events()
    player_services.players_merge(club=history.club, source_id=twin.id, target_id=history.dario.id)
    player_services.players_unmerge(club=history.club, source_id=twin.id)
    assert series_events() == before
    assert [kind for kind, _payload in roster_events(history.club)] == [
        "GuestAdded",
        "PlayersMerged",
        "PlayersUnmerged",
    ]


def test_players_who_sat_at_one_table_cannot_be_merged_and_nothing_is_recorded(history):
    with pytest.raises(DomainError) as refused:
        player_services.players_merge(
            club=history.club, source_id=history.anna.id, target_id=history.bruno.id
        )
    assert refused.value.code == "players_sat_together"
    names = {history.anna.id: "Anna", history.bruno.id: "Bruno"}
    assert "Anna and Bruno" in messages.render(refused.value, names)
    assert roster_events(history.club) == []


def test_a_player_of_another_club_cannot_be_renamed_or_merged(history):
    outsider = player_services.player_add(
        club=club_services.club_create(name="Third club"), name="Olga"
    )
    for write in (
        lambda: player_services.player_rename(club=history.club, player_id=outsider.id, name="O"),
        lambda: player_services.players_merge(
            club=history.club, source_id=history.dario.id, target_id=outsider.id
        ),
    ):
        with pytest.raises(DomainError) as refused:
            write()
        assert refused.value.code == "player_not_in_club"


def test_named_seasons_may_not_overlap_and_ladder_rules_must_make_sense(history):
    league.season_add(
        club=history.club, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31)
    )
    for name, first, last, code in [
        ("Late spring", date(2025, 5, 1), date(2025, 6, 30), "season_overlaps"),
        ("Spring", date(2026, 3, 1), date(2026, 5, 31), "season_exists"),
        ("Backwards", date(2025, 9, 1), date(2025, 8, 1), "season_reversed"),
    ]:
        with pytest.raises(DomainError) as refused:
            league.season_add(club=history.club, name=name, first_day=first, last_day=last)
        assert refused.value.code == code
    with pytest.raises(DomainError):
        league.ladder_set(club=history.club, min_series=5, best_n=3)


@pytest.mark.parametrize("name", ["\u202enirpS", "Spring\u2066", "\u3164"])
def test_a_season_name_that_would_show_reordered_or_as_nothing_is_refused(history, name):
    with pytest.raises(DomainError) as refused:
        league.season_add(
            club=history.club, name=name, first_day=date(2027, 3, 1), last_day=date(2027, 5, 31)
        )
    assert (refused.value.code, refused.value.field) == ("name_invisible_character", "name")


# -- several at once, retire, link (the club pages' roster operations) ----------------


def test_several_players_are_added_at_once_or_none_is():
    club = club_services.club_create(name="Roster club")
    added = player_services.players_add(club=club, names=["Anna", " ", "Bruno", "Carla"])
    assert [p.name for p in added] == ["Anna", "Bruno", "Carla"]
    for names in (["Dario", "dario"], ["Elena", "Anna"]):
        with pytest.raises(DomainError):
            player_services.players_add(club=club, names=names)
    assert Player.objects.filter(club=club).count() == 3


def test_a_rename_to_a_name_in_use_is_refused(history):
    with pytest.raises(DomainError) as refused:
        player_services.player_rename(club=history.club, player_id=history.anna.id, name="bruno")
    assert refused.value.code == "name_taken"
    assert Player.objects.get(id=history.anna.id).name == "Anna"


def test_a_retired_player_stays_in_history_and_can_return(history):
    before = series_events()
    player_services.player_retire(club=history.club, player_id=history.dario.id)
    assert RosterPlayer.objects.get(player=history.dario).retired
    with pytest.raises(DomainError):
        player_services.player_retire(club=history.club, player_id=history.dario.id)
    assert series_events() == before
    player_services.player_return(club=history.club, player_id=history.dario.id)
    assert not RosterPlayer.objects.filter(player=history.dario, retired=True).exists()
    types = [t for t, _payload in roster_events(history.club)]
    assert types == ["PlayerRetired", "PlayerReturned"]


def test_a_player_is_linked_only_to_a_member_account(history):
    member = history.users["member"]
    player_services.player_link(club=history.club, player_id=history.anna.id, user_id=member.id)
    assert Player.objects.get(id=history.anna.id).user == member
    with pytest.raises(DomainError) as refused:
        player_services.player_link(
            club=history.club, player_id=history.bruno.id, user_id=member.id
        )
    assert refused.value.code == "account_linked"
    with pytest.raises(DomainError) as refused:
        player_services.player_link(
            club=history.club, player_id=history.bruno.id, user_id=history.users["stranger"].id
        )
    assert refused.value.code == "not_a_member"
    assert roster_events(history.club) == [("PlayerLinked", {"player": history.anna.id})]


def test_an_existing_player_is_marked_a_guest(history):
    player_services.guest_mark(club=history.club, player_id=history.carla.id)
    assert RosterPlayer.objects.get(player=history.carla).guest


# -- names (domain/names.py: one rule for every writer of a name) ----------------------


def test_renee_composed_and_decomposed_is_one_player():
    club = club_services.club_create(name="Names club")
    player_services.player_add(club=club, name="Renée")
    for writer in (
        lambda name: player_services.player_add(club=club, name=name),
        lambda name: player_services.guest_add(club=club, name=name),
        lambda name: player_services.players_add(club=club, names=[name]),
    ):
        with pytest.raises(DomainError) as refused:
            writer("RENE\u0301E")
        assert refused.value.code == "name_taken"
    assert Player.objects.filter(club=club).count() == 1


def test_two_spellings_of_one_name_in_one_list_are_refused():
    club = club_services.club_create(name="Names club")
    with pytest.raises(DomainError) as refused:
        player_services.players_add(club=club, names=["Renée", "rene\u0301e"])
    assert refused.value.code == "name_twice"
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.parametrize("name", ["\u200b", "Anna\u202e", "An\nna", "a" + "\u0301" * 59])
def test_every_writer_of_a_players_name_refuses_what_nobody_sees(history, name):
    writers = {
        "add": lambda: player_services.player_add(club=history.club, name=name),
        "guest": lambda: player_services.guest_add(club=history.club, name=name),
        "list": lambda: player_services.players_add(club=history.club, names=[name]),
        "rename": lambda: player_services.player_rename(
            club=history.club, player_id=history.anna.id, name=name
        ),
    }
    before = Player.objects.filter(club=history.club).count()
    events = len(roster_events(history.club))
    for write in writers.values():
        with pytest.raises(DomainError) as refused:
            write()
        assert refused.value.code in {"name_invisible_character", "name_marks"}
    assert Player.objects.filter(club=history.club).count() == before
    assert Player.objects.get(id=history.anna.id).name == "Anna"
    assert len(roster_events(history.club)) == events  # nothing recorded


def test_a_name_is_stored_composed_and_trimmed(history):
    guest = player_services.guest_add(club=history.club, name="  Zoe\u0308  ")
    assert guest.name == "Zoë"
    renamed = player_services.player_rename(club=history.club, player_id=guest.id, name="Zoë  Bis")
    assert renamed.name == "Zoë Bis"
