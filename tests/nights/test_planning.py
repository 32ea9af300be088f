"""A night planned ahead: planned, moved, withdrawn, answered, opened on the day;
its read model equals a rebuild, and a backup restores it."""

from __future__ import annotations

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import membership
from series.domain.errors import DomainError
from series.domain.nights.events import NightOpened
from series.eventstore import store
from series.models import Night
from series.nights import planned, planning, selectors
from series.nights import services as nights
from series.sheets import projection
from tests.support.api import make_user
from tests.support.backup import backup_of
from tests.support.nights import club_of
from tests.support.nights import day_ahead as ahead

pytestmark = pytest.mark.django_db


def a_planned_night(count: int = 9, **kwargs):
    club, players = club_of(count)
    plan = planning.night_plan(club=club, date=ahead(club), time="20:30", venue="Circolo", **kwargs)
    return club, players, plan.night_id


def test_a_night_planned_ahead_is_planned_with_its_time_and_venue():
    club, _players, night_id = a_planned_night()
    page = selectors.night_page(night_id)
    assert page.state == "planned"
    assert page.plan.venue == "Circolo" and page.plan.time.strftime("%H:%M") == "20:30"
    row = Night.objects.get(id=night_id)
    assert row.planned and not row.withdrawn and row.venue == "Circolo"
    assert row.date.isoformat() == ahead(club)


def test_a_night_is_planned_only_for_a_day_after_today():
    club, _players = club_of(4)
    with pytest.raises(DomainError) as refused:
        planning.night_plan(club=club, date=nights.club_today(club))
    assert refused.value.code == "night_date_past"


def test_a_start_time_is_written_on_a_24_hour_clock():
    club, _players = club_of(4)
    with pytest.raises(DomainError) as refused:
        planning.night_plan(club=club, date=ahead(club), time="8pm")
    assert refused.value.code == "invalid_time"


def test_a_new_night_after_today_is_planned_and_today_is_opened():
    club, _players = club_of(4)
    later = planning.night_new(club=club, date=ahead(club), time="21:00")
    today = planning.night_new(club=club, date=None)
    assert selectors.night_page(later.night_id).state == "planned"
    assert selectors.night_page(today.night_id).state == "open"


def test_a_planned_night_takes_its_rules_when_it_opens_and_a_time_only_when_planned():
    club, _players = club_of(4)
    with pytest.raises(DomainError) as refused:
        planning.night_new(club=club, date=ahead(club), opening={"scoring": "per_deal"})
    assert refused.value.code == "night_planned_later"
    with pytest.raises(DomainError) as refused:
        planning.night_new(club=club, date=None, time="20:30")
    assert refused.value.code == "night_not_ahead"


def test_members_answer_and_the_last_answer_counts():
    _club, players, night_id = a_planned_night()
    for player in players[:5]:
        planning.night_answer(night_id=night_id, player=player.id, coming=True)
    planning.night_answer(night_id=night_id, player=players[0].id, coming=False)
    again = planning.night_answer(night_id=night_id, player=players[1].id, coming=True)
    assert again.replayed  # the same answer again records nothing
    plan = selectors.night_page(night_id).plan
    assert [line.id for line in plan.coming] == [p.id for p in players[1:5]]
    assert [line.id for line in plan.not_coming] == [players[0].id]
    row = Night.objects.get(id=night_id)
    assert row.coming == [p.id for p in players[1:5]] and row.not_coming == [players[0].id]


def test_a_member_without_a_linked_player_cannot_answer():
    club, _players, night_id = a_planned_night()
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    with pytest.raises(DomainError) as refused:
        planning.night_answer_own(night_id=night_id, actor_id=reader.id, coming=True)
    assert refused.value.code == "night_not_a_player"


def test_a_member_answers_for_their_linked_player():
    from series.clubs import players as player_services

    club, players, night_id = a_planned_night()
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    player_services.player_link(club=club, player_id=players[2].id, user_id=reader.id)
    planning.night_answer_own(night_id=night_id, actor_id=reader.id, coming=True)
    assert [line.id for line in selectors.night_page(night_id).plan.coming] == [players[2].id]


def test_a_planned_night_checks_no_one_in_until_it_opens():
    _club, players, night_id = a_planned_night()
    with pytest.raises(DomainError) as refused:
        nights.night_check_in(night_id=night_id, players=[players[0].id])
    assert refused.value.code == "night_planned"


def test_a_moved_night_raises_its_sequence_and_keeps_what_the_move_leaves_out():
    club, _players, night_id = a_planned_night()
    planning.night_move(night_id=night_id, date=ahead(club, 8))
    planning.night_move(night_id=night_id, date=ahead(club, 8), time=None, venue="Bar Roma")
    row = Night.objects.get(id=night_id)
    assert row.sequence == 2
    assert row.date.isoformat() == ahead(club, 8) and row.time is None and row.venue == "Bar Roma"
    with pytest.raises(DomainError) as refused:
        planning.night_move(night_id=night_id, date=ahead(club, 8))
    assert refused.value.code == "night_not_moved"
    with pytest.raises(DomainError) as refused:
        planning.night_move(night_id=night_id, date=ahead(club, -1))
    assert refused.value.code == "night_date_past"


def test_a_withdrawn_night_takes_no_answer_and_no_opening():
    club, players, night_id = a_planned_night()
    planning.night_withdraw(night_id=night_id, reason="The room is taken")
    page = selectors.night_page(night_id)
    assert page.state == "withdrawn" and page.plan.withdrawn == "The room is taken"
    for write in (
        lambda: planning.night_answer(night_id=night_id, player=players[0].id, coming=True),
        lambda: planning.night_move(night_id=night_id, date=ahead(club, 9)),
        lambda: nights.night_open(club=club, planned=night_id),
    ):
        with pytest.raises(DomainError) as refused:
            write()
        assert refused.value.code in ("night_withdrawn", "night_not_today")


def test_a_planned_night_opens_on_its_day_not_before():
    club, _players, night_id = a_planned_night()
    with pytest.raises(DomainError) as refused:
        nights.night_open(club=club, planned=night_id)
    assert refused.value.code == "night_not_today"
    planning.night_move(night_id=night_id, date=nights.club_today(club))
    opened = nights.night_open(club=club, planned=night_id, scoring="per_deal")
    assert opened.night_id == night_id
    page = selectors.night_page(night_id)
    assert page.state == "open" and page.method == "per_deal" and page.plan.venue == "Circolo"
    with pytest.raises(DomainError) as refused:
        planning.night_move(night_id=night_id, date=ahead(club))
    assert refused.value.code == "night_not_planned"


def test_at_the_night_those_who_said_yes_are_listed_first_at_check_in():
    club, players, night_id = a_planned_night()
    planning.night_answer(night_id=night_id, player=players[8].id, coming=True)
    planning.night_answer(night_id=night_id, player=players[5].id, coming=True)
    planning.night_answer(night_id=night_id, player=players[0].id, coming=False)
    planning.night_move(night_id=night_id, date=nights.club_today(club))
    nights.night_open(club=club, planned=night_id)
    page = selectors.night_page(night_id)
    listed = [line.id for line in selectors.checkable_players(page)]
    assert listed[:2] == [players[5].id, players[8].id]  # by name
    assert len(listed) == 9
    coming = planned.coming_to_check(page, selectors.checkable_players(page))
    assert [line.id for line in coming] == [players[5].id, players[8].id]


def test_the_tables_the_draw_would_make_of_those_coming():
    club, _players = club_of(9)
    assert planned.tables_for(9, club).sizes == "5 and 4"
    assert planned.tables_for(9, club, 3, 3).tables == 3
    assert planned.tables_for(2, club).tables == 0  # too few for a table


def test_the_planned_nights_of_a_club_are_listed_soonest_first_with_the_readers_answer():
    from series.clubs import players as player_services

    club, players = club_of(4)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    player_services.player_link(club=club, player_id=players[1].id, user_id=reader.id)
    later = planning.night_plan(club=club, date=ahead(club, 14)).night_id
    sooner = planning.night_plan(club=club, date=ahead(club, 2), venue="Circolo").night_id
    gone = planning.night_plan(club=club, date=ahead(club, 3)).night_id
    planning.night_withdraw(night_id=gone, reason="no room")
    planning.night_answer(night_id=sooner, player=players[1].id, coming=True)
    lines = planned.planned_nights([club], reader)
    assert [line.id for line in lines] == [sooner, later]
    assert lines[0].coming == 1 and lines[0].answer is True and lines[1].answer is None
    everything = planned.planned_nights([club], reader, withdrawn=True)
    assert [line.withdrawn for line in everything] == [False, True, False]


def test_an_opened_night_is_no_longer_planned_and_lists_with_the_nights_played():
    club, _players, night_id = a_planned_night()
    assert selectors.night_summaries(club) == []
    planning.night_move(night_id=night_id, date=nights.club_today(club))
    nights.night_open(club=club, planned=night_id)
    assert planned.planned_nights([club]) == []
    assert [s.id for s in selectors.night_summaries(club)] == [night_id]


def planned_and_answered():
    club, players, night_id = a_planned_night()
    for player in players[:4]:
        planning.night_answer(night_id=night_id, player=player.id, coming=True)
    planning.night_answer(night_id=night_id, player=players[4].id, coming=False)
    planning.night_move(night_id=night_id, date=ahead(club, 10), time="21:00")
    gone = planning.night_plan(club=club, date=ahead(club, 3)).night_id
    planning.night_withdraw(night_id=gone, reason="no room")
    opened = planning.night_plan(club=club, date=ahead(club, 1), venue="Bar").night_id
    planning.night_answer(night_id=opened, player=players[0].id, coming=True)
    planning.night_move(night_id=opened, date=nights.club_today(club))
    nights.night_open(club=club, planned=opened)
    nights.night_check_in(night_id=opened, players=[players[0].id])


def test_a_rebuild_gives_the_same_planned_nights_and_answers():
    planned_and_answered()
    written = checksum.table_digests()
    rows = list(Night.objects.order_by("id").values())
    projection.rebuild()
    assert checksum.table_digests() == written
    assert list(Night.objects.order_by("id").values()) == rows


def test_a_restored_backup_has_the_same_planned_nights():
    taken = backup_of(planned_and_answered)
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum
    assert Night.objects.filter(planned=True).count() == 2


def test_a_planned_night_opened_on_the_day_says_when_it_opened_not_when_it_was_planned():
    club, players, night_id = a_planned_night()
    planning.night_move(night_id=night_id, date=nights.club_today(club))
    planned_at = Night.objects.get(id=night_id).opened_at
    nights.night_open(club=club, planned=night_id)
    nights.night_check_in(night_id=night_id, players=[players[0].id])
    opening = [e for e in store.load_stream(night_id) if isinstance(e.event, NightOpened)]
    opened_at = Night.objects.get(id=night_id).opened_at
    assert opened_at == opening[0].recorded_at > planned_at
    projection.rebuild()
    assert Night.objects.get(id=night_id).opened_at == opened_at
