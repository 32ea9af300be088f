"""A director's result for an abandoned table, through the service and the API:
the ranking counts it by the night's method, the close records it, a rebuild and
a restored backup give it back (RULES D-16, D-18, D-20)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import membership
from series.domain.errors import DomainError
from series.eventstore import projectors
from series.eventstore.writer import StreamConflict
from series.models import Event, Night
from series.nights import selectors
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.api import client_for, make_user
from tests.support.backup import backup_of, records_of, signed
from tests.support.factories import entry
from tests.support.nights import drawn, night_of, play_out

pytestmark = pytest.mark.django_db


def abandoned_night(*, deals: int = 3, played: int = 1, **kwargs):
    """A night of eight at two tables of four: Table 1 plays ``played`` deals (its
    first seat goes out, the others 20, 30, 40) and is abandoned; Table 2 plays out."""
    club, _players, night = night_of(8, deals=deals, **kwargs)
    drawn(night.night_id, low=4, high=4, seed=7)
    state = nights.night_tables_start(night_id=night.night_id).state
    first, second = state.current_round.tables
    for _ in range(played):
        out, *others = first.seats
        services.deal_record(
            series_id=first.series,
            entry=entry(out, {p: 20 + 10 * n for n, p in enumerate(others)}),
        )
    services.series_abandon(series_id=first.series, reason="the hall closed")
    play_out(night.night_id)
    return club, night.night_id, first, second


def director_of(club):
    """An API client of a scorer of ``club`` (a scorer directs its nights)."""
    user = make_user("director")
    membership.member_set(club=club, user=user, role="scorer")
    return client_for(user)


def lines_of(night_id):
    return {line.player: line for line in selectors.night_ranking(night_id).lines}


def test_an_abandoned_tables_players_score_nothing_until_the_director_enters_a_result():
    # RULES D-18
    _club, night_id, table, _other = abandoned_night()
    assert all(lines_of(night_id)[p].points is None for p in table.seats)
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, table=1, order=[[d], [b, c], [a]])
    lines = lines_of(night_id)
    # RULES D-16: 10 × (n − p)/(n − 1) at a table of 4; b and c share places 2 and 3
    assert [lines[p].points for p in (d, b, c, a)] == [10, 5, 5, 0]
    assert all(lines[p].rounds == 1 for p in table.seats)


def test_the_deals_played_before_the_abandonment_count_in_the_averages():
    # RULES D-20
    _club, night_id, table, _other = abandoned_night()
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, table=1, order=[[a], [b], [c], [d]])
    lines = lines_of(night_id)
    assert [lines[p].per_deal for p in table.seats] == [0, 20, 30, 40]


def test_by_per_deal_the_result_counts_the_deals_played_whatever_the_places():
    # RULES D-20
    _club, night_id, table, _other = abandoned_night(scoring="per_deal")
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, table=1, order=[[d], [c], [b], [a]])
    lines = lines_of(night_id)
    assert [lines[p].points for p in table.seats] == [0, 20, 30, 40]


def test_a_table_abandoned_before_its_first_deal_takes_a_result_by_placement():
    # RULES D-18, D-20
    _club, night_id, table, _other = abandoned_night(played=0)
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, table=1, order=[[b], [a], [c], [d]])
    lines = lines_of(night_id)
    assert lines[b].points == 10 and lines[a].points == Fraction(20, 3)
    assert lines[b].per_deal is None


def test_a_table_still_playing_or_finished_is_refused_and_nothing_is_recorded():
    _club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4, seed=7)
    state = nights.night_tables_start(night_id=night.night_id).state
    first, second = state.current_round.tables
    out, *others = first.seats
    services.deal_record(series_id=first.series, entry=entry(out, dict.fromkeys(others, 20)))
    seats = second.seats
    with pytest.raises(DomainError) as refused:
        nights.night_table_result(night_id=night.night_id, table=2, order=[[p] for p in seats])
    assert refused.value.code == "night_table_playing"
    with pytest.raises(DomainError) as refused:
        nights.night_table_result(
            night_id=night.night_id, table=1, order=[[p] for p in first.seats]
        )
    assert refused.value.code == "night_table_finished"
    assert not Event.objects.filter(stream=night.night_id, type="TableResultEntered").exists()


def test_a_player_of_another_table_is_refused_by_name():
    _club, night_id, table, other = abandoned_night()
    a, b, c, _d = table.seats
    with pytest.raises(DomainError) as refused:
        nights.night_table_result(
            night_id=night_id, table=1, order=[[a], [b], [c], [other.seats[0]]]
        )
    assert refused.value.code == "night_player_not_at_table"
    assert refused.value.params == {"player": other.seats[0], "table": 1}


def test_a_stale_result_is_a_conflict_and_a_retry_with_its_key_records_once():
    _club, night_id, table, _other = abandoned_night()
    order = [[p] for p in table.seats]
    version = nights.night_load(night_id).version
    first = nights.night_table_result(
        night_id=night_id, table=1, order=order, expected_version=version, idempotency_key="r1"
    )
    again = nights.night_table_result(
        night_id=night_id, table=1, order=order, expected_version=version, idempotency_key="r1"
    )
    assert again.replayed and again.state == first.state
    with pytest.raises(StreamConflict):
        nights.night_table_result(
            night_id=night_id, table=1, order=order[::-1], expected_version=version
        )
    assert Event.objects.filter(stream=night_id, type="TableResultEntered").count() == 1


def test_a_past_rounds_table_takes_a_result_after_the_next_round_is_drawn():
    # RULES D-18: the round closed with the table abandoned
    _club, night_id, table, _other = abandoned_night()
    drawn(night_id, low=4, high=4)
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, round_number=1, table=1, order=[[c], [a, b, d]])
    assert lines_of(night_id)[c].points == 10


def test_the_nights_close_records_the_directors_result():
    # RULES D-16, D-18
    _club, night_id, table, _other = abandoned_night()
    a, b, c, d = table.seats
    nights.night_table_result(night_id=night_id, table=1, order=[[a], [b], [c], [d]])
    nights.night_close(night_id=night_id)
    recorded = Event.objects.get(stream=night_id, type="NightClosed").payload["points"]
    points = {line["player"]: Fraction(line["points"]) for line in recorded}
    assert [points[p] for p in table.seats] == [10, Fraction(20, 3), Fraction(10, 3), 0]


def test_a_rebuild_and_a_restored_backup_give_the_same_ranking():
    def played():
        _club, night_id, table, _other = abandoned_night()
        nights.night_table_result(night_id=night_id, table=1, order=[[p] for p in table.seats])
        projectors.follow_log()  # the league's follower has read the log, as beside the server

    taken = backup_of(played)
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum
    written = checksum.table_digests()
    ranking = [selectors.night_ranking(n.id) for n in Night.objects.all()]
    assert any(line.points == 10 for line in ranking[0].lines)
    projection.rebuild()
    assert checksum.table_digests() == written
    assert [selectors.night_ranking(n.id) for n in Night.objects.all()] == ranking


def test_a_restored_result_for_a_table_whose_series_was_not_abandoned_is_refused():
    # RULES D-18: only an abandoned table takes the director's result
    finished = []

    def played():
        _club, night_id, table, other = abandoned_night()
        nights.night_table_result(night_id=night_id, table=1, order=[[p] for p in table.seats])
        finished.append(other)

    records = records_of(backup_of(played).lines)
    result = next(r for r in records if r.get("type") == "TableResultEntered")
    result["payload"] = {**result["payload"], "table": 2, "order": [[p] for p in finished[0].seats]}
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert "whose series was not abandoned" in str(refused.value)
    assert not Event.objects.exists()


# -- the API ---------------------------------------------------------------------------


def test_the_api_enters_a_result_and_answers_the_night_with_it():
    club, night_id, table, _other = abandoned_night()
    director = director_of(club)
    a, b, c, d = table.seats
    version = nights.night_load(night_id).version
    answer = director.post(
        f"/api/v1/nights/{night_id}/tables/1/result",
        {"expected_version": version, "order": [[d], [c], [a, b]]},
        format="json",
        HTTP_IDEMPOTENCY_KEY="result-1",
    )
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["rounds"][0]["tables"][0]["result"] == [[d], [c], [a, b]]
    points = {line["player"]: line["points"] for line in body["ranking"]}
    assert [points[p] for p in (d, c, a, b)] == [10, 6.67, 1.67, 1.67]


def test_the_api_names_the_player_placed_twice():
    club, night_id, table, _other = abandoned_night()
    director = director_of(club)
    a, b, c, d = table.seats
    refused = director.post(
        f"/api/v1/nights/{night_id}/tables/1/result",
        {"order": [[a], [b], [c], [d, a]]},
        format="json",
    )
    assert refused.status_code == 422
    assert refused.json()["code"] == "night_player_placed_twice"
    assert refused.json()["params"]["player"] == a


def test_a_member_cannot_enter_a_result():
    club, night_id, table, _other = abandoned_night()
    member = make_user("reader")
    membership.member_set(club=club, user=member, role="member")
    refused = client_for(member).post(
        f"/api/v1/nights/{night_id}/tables/1/result",
        {"order": [[p] for p in table.seats]},
        format="json",
    )
    assert refused.status_code == 403
    assert not Event.objects.filter(stream=night_id, type="TableResultEntered").exists()
