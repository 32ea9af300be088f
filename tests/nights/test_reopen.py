"""A closed night reopens, with a reason (RULES D-22): the director or a club
admin says why, on the night's page (a confirmation step) or the API; its
tables take corrections again; the league keeps its last close until it
closes again, and the night's page lists every close and reopening."""

from __future__ import annotations

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import membership
from series.domain.errors import DomainError
from series.eventstore import projectors
from series.league import nights as league_nights
from series.league import selectors as league_selectors
from series.models import Night
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.api import client_for, make_user
from tests.support.backup import backup_of
from tests.support.nights import drawn, night_of, other_winner, play_out

pytestmark = pytest.mark.django_db


def a_night_closed():
    """Eight players at two tables of four, one deal each, closed; a director."""
    club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4, seed=5)
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    nights.night_close(night_id=night.night_id)
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    table = nights.night_load(night.night_id).rounds[0].tables[0]
    return club, night.night_id, table, director


def season_points(club) -> dict[int, object]:
    choice = league_selectors.season_choice(club, "2026")
    standing = league_nights.night_standings_of(
        club, choice.chosen, choice.named, league_selectors.ladder_rules(club)
    )
    return {line.person: line.score for line, _name, _guest in standing.lines}


def test_a_reopened_nights_table_is_corrected_and_the_league_follows_its_next_close():
    # RULES D-22: the league keeps the last close while the night is reopened
    club, night_id, table, director = a_night_closed()
    winner, runner_up = table.seats[0], table.seats[1]
    closed = season_points(club)
    reopened = nights.night_reopen(
        night_id=night_id, reason="Table 1's deal was entered wrong", actor_id=director.id
    ).state
    assert not reopened.closed
    services.deal_correct(
        series_id=table.series, number=1, entry=other_winner(table), reason="Wrong winner"
    )
    assert season_points(club) == closed  # the last close stands meanwhile
    assert nights.night_close(night_id=night_id).state.closed
    again = season_points(club)
    assert again[runner_up] == 10 and again[winner] < closed[winner]
    assert Night.objects.get(id=night_id).closes == 2


def test_only_a_closed_night_reopens_and_only_with_a_reason():
    # RULES D-22
    _club, night_id, _table, _director = a_night_closed()
    for reason, code in (("  ", "reason_required"), ("x" * 501, "reason_too_long")):
        with pytest.raises(DomainError) as refused:
            nights.night_reopen(night_id=night_id, reason=reason)
        assert refused.value.code == code
    nights.night_reopen(night_id=night_id, reason="x" * 500)
    with pytest.raises(DomainError) as refused:
        nights.night_reopen(night_id=night_id, reason="Again")
    assert refused.value.code == "night_not_closed"


def test_the_api_reopens_a_night_for_its_director_and_refuses_a_member():
    # RULES D-22: POST /nights/{id}/reopen {"reason", "expected_version"?} -> 200 with the night
    club, night_id, _table, director = a_night_closed()
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    url = f"/api/v1/nights/{night_id}/reopen"
    assert client_for(member).post(url, {"reason": "Mine"}, format="json").status_code == 403
    blank = client_for(director).post(url, {"reason": ""}, format="json")
    assert blank.status_code == 400
    version = Night.objects.get(id=night_id).version
    body = {"reason": "A deal was entered wrong", "expected_version": version}
    response = client_for(director).post(url, body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["state"] == "open"
    assert response.json()["version"] == version + 1
    stale = client_for(director).post(url, body, format="json")
    assert stale.status_code == 409


def test_the_nights_page_reopens_it_after_a_confirmation_step_and_lists_who_and_why(client):
    # RULES D-22
    club, night_id, _table, director = a_night_closed()
    client.force_login(director)
    # The director who reopens is named as they signed up, as the audit trail
    # names a scorer: "Giulia Rossi", not her user name "giulia.rossi".
    director.first_name = "Giulia Rossi"
    director.save()
    page_url = f"/clubs/{club.slug}/nights/{night_id}/"
    page = client.get(page_url).content.decode()
    assert f'href="{page_url}reopen/"' in page
    confirm = client.get(f"{page_url}reopen/").content.decode()
    assert "Why is the night reopened?" in confirm
    version = Night.objects.get(id=night_id).version
    sent = client.post(
        f"{page_url}reopen/", {"reason": "Deal 1 of Table 1 was wrong", "expected_version": version}
    )
    assert sent.status_code == 302
    page = client.get(page_url).content.decode()
    assert "reopened" in page
    assert "Closed " in page and "Reopened " in page and "by Giulia Rossi" in page
    assert "<q>Deal 1 of Table 1 was wrong</q>" in page
    assert f'href="{page_url}reopen/"' not in page


def test_a_close_whose_closer_is_gone_reads_closed_and_names_nobody(client):
    # A night closed by a command-line run, or by an account since deleted, has
    # no closer on record: the line says when, not "by None None".
    club, night_id, _table, director = a_night_closed()
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode()
    assert "Closed " in page
    assert "None" not in page


def reopened_corrected_and_closed_again() -> None:
    _club, night_id, table, director = a_night_closed()
    nights.night_reopen(night_id=night_id, reason="Wrong winner", actor_id=director.id)
    services.deal_correct(
        series_id=table.series, number=1, entry=other_winner(table), reason="Wrong winner"
    )
    nights.night_close(night_id=night_id)
    projectors.follow_log()  # the league's follower has read the log, as beside the server


def test_a_reopened_and_closed_again_night_rebuilds_the_same():
    reopened_corrected_and_closed_again()
    written = checksum.table_digests()
    projection.rebuild()
    assert checksum.table_digests() == written


def test_a_backup_of_a_reopened_and_closed_again_night_restores_the_same():
    # The restore decides each event again: a reopening, a correction after it
    taken = backup_of(reopened_corrected_and_closed_again)
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum
    assert Night.objects.get().closes == 2
