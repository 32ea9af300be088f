"""A night's close writes its mail in its own transaction: one message for each
member whose linked player played it and who turned results on and confirmed
the address, in a club whose e-mails are on; a night closed again writes a
correction only for the players whose place or points changed (RULES D-22). A
rebuild, a restore or a second reading of the log writes none."""

from __future__ import annotations

from fractions import Fraction

import pytest

from series.accounts import subscriptions
from series.backup import archive as backup
from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.domain.nights.events import NightClosed, NightPoints
from series.domain.nights.night import NightState
from series.eventstore import projectors
from series.mail.outbox import news_of
from series.models import OutgoingMail
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.backup import backup_of
from tests.support.factories import entry
from tests.support.mail import a_night_of_eight

pytestmark = pytest.mark.django_db

Kind = OutgoingMail.Kind


def mail_of(night_id) -> dict[str, OutgoingMail]:
    rows = OutgoingMail.objects.filter(night_id=night_id).select_related("user")
    return {row.user.username: row for row in rows}


def test_a_close_writes_one_message_for_each_member_who_asked_and_confirmed():
    club, players, night_id, users = a_night_of_eight(
        anna=(0, {}), bruno=(1, {"confirmed": False}), carla=(2, {})
    )
    subscriptions.results_by_email_set(user=users["carla"], on=False)
    assert OutgoingMail.objects.filter(night_id=night_id).count() == 0  # not closed yet
    closed = nights.night_close(night_id=night_id).state
    mail = mail_of(night_id)
    assert set(mail) == {"anna"}
    anna = mail["anna"]
    line = next(line for line in closed.points if line.player == players[0].id)
    assert anna.kind == Kind.RESULT and anna.close == 1 and anna.club_id == club.id
    assert (anna.facts["place"], anna.facts["points"], anna.facts["rounds"]) == (
        line.place,
        line.points,
        1,
    )
    assert anna.facts["of"] == 8 and anna.facts["date"] == "2026-03-14"
    # The two tables' winners share first place, their runners-up third.
    assert [top["place"] for top in anna.facts["top"]] == [1, 1, 3, 3]
    assert anna.message_id.startswith("<result.") and anna.message_id.endswith(
        "@scorekeeper.example>"
    )


def test_a_club_whose_emails_are_off_writes_none():
    club, _players, night_id, _users = a_night_of_eight(anna=(0, {}))
    club_services.club_update(club=club, results_by_email=False)
    nights.night_close(night_id=night_id)
    assert mail_of(night_id) == {}


def test_a_rebuild_and_another_reading_of_the_log_write_nothing_again():
    _club, _players, night_id, _users = a_night_of_eight(anna=(0, {}), bruno=(1, {}))
    nights.night_close(night_id=night_id)
    results = OutgoingMail.objects.exclude(kind=Kind.CONFIRM)
    written = set(results.values_list("message_id", flat=True))
    assert len(written) == 2
    projection.rebuild()
    projectors.follow_log()
    with pytest.raises(DomainError):  # closed already
        nights.night_close(night_id=night_id)
    assert set(results.values_list("message_id", flat=True)) == written


def test_a_restore_writes_no_mail():
    def build():
        _club, _players, night_id, _users = a_night_of_eight(anna=(0, {}))
        nights.night_close(night_id=night_id)
        assert OutgoingMail.objects.filter(kind=Kind.RESULT).count() == 1

    taken = backup_of(build)
    backup.import_lines(taken.lines, with_accounts=True)
    assert OutgoingMail.objects.count() == 0


def test_a_night_closed_again_corrects_only_the_results_that_changed():
    # RULES D-22: a reopened night closes again with a new result
    _club, players, night_id, _users = a_night_of_eight(
        anna=(0, {}), bruno=(1, {}), carla=(2, {}), dario=(3, {}), elena=(4, {})
    )
    first = nights.night_close(night_id=night_id).state
    table = first.rounds[0].table_of(players[0].id)
    nights.night_reopen(night_id=night_id, reason="Table 1's winner was entered wrong")
    seats = table.seats
    hands = {p: 10 + 10 * n for n, p in enumerate((seats[0], *seats[2:]), 1)}
    services.deal_correct(
        series_id=table.series, number=1, entry=entry(seats[1], hands), reason="Wrong winner"
    )
    again = nights.night_close(night_id=night_id).state
    corrections = {
        row.facts["player"]: row
        for row in OutgoingMail.objects.filter(night_id=night_id, kind=Kind.CORRECTION)
    }
    before = {line.player: line for line in first.points}
    after = {line.player: line for line in again.points}
    changed = {
        p for p in after if (before[p].place, before[p].points) != (after[p].place, after[p].points)
    }
    members = {p.id for p in players[:5]}
    assert changed & members and members - changed  # some results changed, some stand
    assert set(corrections) == changed & members
    for player, row in corrections.items():
        assert row.close == 2
        assert row.facts["old"]["place"] == before[player].place
        assert row.facts["old"]["points"] == before[player].points
        assert (row.facts["place"], row.facts["points"]) == (
            after[player].place,
            after[player].points,
        )


def points(player: int, place: int, value: Fraction | None, rounds: int = 1) -> NightPoints:
    text = None if value is None else str(value)
    return NightPoints(player, place, text, text, rounds)


def test_the_news_of_a_first_close_is_every_players_result_and_the_top_three():
    closed = NightClosed(
        "placement",
        (
            points(1, 1, Fraction(10)),
            points(2, 2, Fraction(20, 3)),
            points(3, 3, Fraction(10, 3)),
            points(4, 4, Fraction(0)),
            points(5, 5, None, rounds=0),  # checked in, played nothing
        ),
    )
    news = news_of(NightState(), closed, "2026-03-14")
    assert [one.player for one in news] == [1, 2, 3, 4]
    assert {one.kind for one in news} == {Kind.RESULT}
    assert news[1].facts["points"] == "20/3" and news[1].facts["of"] == 4
    assert [top["player"] for top in news[3].facts["top"]] == [1, 2, 3]


def test_the_news_of_a_later_close_is_the_old_and_new_of_those_that_changed():
    # RULES D-22
    last = (points(1, 1, Fraction(10)), points(2, 2, Fraction(5)), points(3, 3, Fraction(0)))
    before = NightState(closed=False, points=last, closes=1)
    closed = NightClosed(
        "placement",
        (points(2, 1, Fraction(10)), points(1, 2, Fraction(5)), points(3, 3, Fraction(0))),
    )
    news = news_of(before, closed, "2026-03-14")
    assert [(one.player, one.kind) for one in news] == [
        (2, Kind.CORRECTION),
        (1, Kind.CORRECTION),
    ]
    assert news[0].facts["old"] == {"player": 2, "place": 2, "points": "5", "rounds": 1}
    assert (news[0].facts["place"], news[0].facts["points"]) == (1, "10")
