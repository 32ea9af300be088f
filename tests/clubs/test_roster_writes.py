"""The roster goes through the one writer, as deals do: a stale change is a
conflict that names the players list (409 on the API, a message on the page,
never a 500), a retried key records once, and a key reused for another
request is refused."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.domain.roster import roster_stream
from series.models import Event, Player
from tests.support.api import client_for
from tests.support.league import page

pytestmark = pytest.mark.django_db


def roster_events(club) -> list[str]:
    return list(Event.objects.filter(stream=roster_stream(club.id)).values_list("type", flat=True))


def test_a_stale_roster_change_through_the_api_is_a_conflict_naming_the_players_list(history):
    player_services.player_retire(club=history.club, player_id=history.dario.id)  # version 1
    client = client_for(history.users["admin"])
    stale = client.post(
        f"/api/v1/players/{history.anna.id}/rename",
        {"name": "Anna B.", "expected_version": 0},
        format="json",
    )
    assert stale.status_code == 409
    body = stale.json()
    assert (body["code"], body["current_version"]) == ("version_conflict", 1)
    assert "players" in body["message"] and "series" not in body["message"]
    assert Player.objects.get(id=history.anna.id).name == "Anna"
    fresh = client.post(
        f"/api/v1/players/{history.anna.id}/rename",
        {"name": "Anna B.", "expected_version": 1},
        format="json",
    )
    assert fresh.status_code == 200


def test_a_stale_roster_form_says_the_list_changed_and_changes_nothing(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/roster/"
    form = client.get(url).context["forms"]["rename"]
    player_services.player_retire(
        club=history.club, player_id=history.dario.id
    )  # meanwhile, elsewhere
    sent = client.post(
        url,
        {
            "action": "rename",
            "player": history.anna.id,
            "name": "Anna B.",
            "expected_version": form.initial["expected_version"],
            "idempotency_key": form.initial["idempotency_key"],
        },
    )
    assert sent.status_code == 422
    assert "changed the club&#x27;s players while this page was open" in sent.content.decode()
    assert Player.objects.get(id=history.anna.id).name == "Anna"
    assert roster_events(history.club) == ["PlayerRetired"]
    # The form comes back at today's version: sent again, it applies.
    again = sent.context["forms"]["rename"]
    assert again["expected_version"].value() == 1


def test_a_retried_roster_change_records_once_and_answers_the_same(history):
    client = client_for(history.users["admin"])
    url = f"/api/v1/clubs/{history.club.slug}/guests"
    first = client.post(url, {"name": "Vera"}, format="json", HTTP_IDEMPOTENCY_KEY="guest-1")
    retry = client.post(url, {"name": "Vera"}, format="json", HTTP_IDEMPOTENCY_KEY="guest-1")
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json() == first.json()
    assert roster_events(history.club) == ["GuestAdded"]
    assert Player.objects.filter(club=history.club, name="Vera").count() == 1


def test_a_roster_form_sent_twice_records_once(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/roster/"
    form = {
        "action": "retire",
        "player": history.dario.id,
        "expected_version": 0,
        "idempotency_key": "tap-1",
    }
    assert client.post(url, form).status_code == 302
    assert client.post(url, form).status_code == 302  # a second tap, or the outbox's retry
    assert roster_events(history.club) == ["PlayerRetired"]


def test_a_key_reused_for_another_roster_change_is_refused(history):
    client = client_for(history.users["admin"])
    rename = f"/api/v1/players/{history.anna.id}/rename"
    client.post(rename, {"name": "Anna B."}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    other = client.post(rename, {"name": "Anna C."}, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert (other.status_code, other.json()["code"]) == (422, "idempotency_key_reused")
    assert Player.objects.get(id=history.anna.id).name == "Anna B."
    assert roster_events(history.club) == ["PlayerRenamed"]


def test_a_roster_conflict_is_told_in_the_callers_language(history):
    player_services.player_retire(club=history.club, player_id=history.dario.id)
    client = client_for(history.users["admin"])
    stale = client.post(
        f"/api/v1/players/{history.anna.id}/retire",
        {"retired": True, "expected_version": 0},
        format="json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert stale.status_code == 409
    assert stale.json()["message"].startswith("L’elenco dei giocatori del circolo")


def test_a_roster_change_keeps_the_digest_its_retries_have_always_been_matched_with():
    """A retry is matched with the digest in the log: a retirement, a return, a
    guest, a merge or an unmerge is digested as it always was, so a retry of one
    recorded earlier is still answered as recorded."""
    from series.eventstore.writer import digest
    from tests.support.factories import club_with_players

    club, (anna, bruno, _carla, _dario, elena) = club_with_players()
    stream = roster_stream(club.id)
    writes = [
        (player_services.player_retire, {"player_id": anna.id}, f"RetirePlayer(player={anna.id})"),
        (player_services.player_return, {"player_id": anna.id}, f"ReturnPlayer(player={anna.id})"),
        (player_services.guest_mark, {"player_id": elena.id}, f"AddGuest(player={elena.id})"),
        (
            player_services.players_merge,
            {"source_id": elena.id, "target_id": bruno.id},
            f"MergePlayers(source={elena.id}, target={bruno.id})",
        ),
        (
            player_services.players_unmerge,
            {"source_id": elena.id},
            f"UnmergePlayer(source={elena.id})",
        ),
    ]
    for number, (write, ids, asked) in enumerate(writes, start=1):
        write(club=club, idempotency_key=f"tap-{number}", **ids)
        recorded = Event.objects.get(stream=stream, version=number)
        assert recorded.command_digest == digest(f"{stream}|{asked}")
        write(club=club, idempotency_key=f"tap-{number}", **ids)  # the retry: answered, not refused
    assert len(roster_events(club)) == len(writes)


def test_a_new_guest_keeps_the_digest_its_retries_have_always_been_matched_with():
    from series.eventstore.writer import digest
    from tests.support.factories import club_with_players

    club, _players = club_with_players()
    player_services.guest_add(club=club, name="Vera", idempotency_key="tap-1")
    recorded = Event.objects.get(stream=roster_stream(club.id), version=1)
    assert recorded.command_digest == digest(f"{roster_stream(club.id)}|NewGuest(name='Vera')")


def test_the_rosters_decide_reads_and_writes_nothing(django_assert_num_queries):
    """The roster's decide is the domain's alone: a new guest's row is made by the
    service that adds them, before the decision, not by the decision."""
    from series.clubs.stream import NewGuest, RosterStream
    from series.domain.events import GuestAdded
    from series.domain.roster import RosterState

    with django_assert_num_queries(0):
        events = RosterStream(club_id=1).decide(RosterState(), NewGuest("Vera", player=99))
    assert events == [GuestAdded(99)]


def test_a_stale_new_guest_leaves_no_player_behind(history):
    player_services.player_retire(club=history.club, player_id=history.dario.id)
    client = client_for(history.users["admin"])
    stale = client.post(
        f"/api/v1/clubs/{history.club.slug}/guests",
        {"name": "Vera", "expected_version": 0},
        format="json",
    )
    assert stale.status_code == 409
    assert not Player.objects.filter(club=history.club, name="Vera").exists()
    assert roster_events(history.club) == ["PlayerRetired"]
