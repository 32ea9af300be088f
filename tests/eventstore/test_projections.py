"""Projections equal a rebuild from the log, whatever was recorded."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management import call_command
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.domain.series import fold
from series.eventstore import projectors, store
from series.models import (
    ClubRecord,
    DealLine,
    DealScore,
    Event,
    RosterPlayer,
    SeasonStanding,
    SeriesResult,
    SeriesSeat,
    SeriesSheet,
)
from series.sheets import projection, services
from tests.support.examples import examples
from tests.support.factories import club_with_players, entry, start


def snapshot() -> dict[str, list[dict]]:
    """Every projection row, by natural key, without surrogate ids."""
    tables = {}
    for model, order in [
        (SeriesSheet, ("id",)),
        (SeriesSeat, ("series", "seat")),
        (DealLine, ("series", "number")),
        (DealScore, ("series", "number", "player")),
        (SeriesResult, ("series", "person")),
        (RosterPlayer, ("player",)),
        (SeasonStanding, ("club", "game", "season", "person")),
        (ClubRecord, ("club", "game", "kind")),
    ]:
        keep = [
            f.attname for f in model._meta.concrete_fields if model is SeriesSheet or f.name != "id"
        ]
        rows = [
            {name: getattr(row, name) for name in keep} for row in model.objects.order_by(*order)
        ]
        tables[model.__name__] = rows
    return tables


move = st.one_of(
    st.tuples(
        st.just("deal"), st.integers(0, 4), st.lists(st.integers(15, 80), min_size=5, max_size=5)
    ),
    st.tuples(
        st.just("deal"), st.integers(0, 4), st.lists(st.integers(15, 80), min_size=5, max_size=5)
    ),
    st.tuples(
        st.just("correct"), st.integers(1, 6), st.lists(st.integers(15, 80), min_size=5, max_size=5)
    ),
    st.tuples(st.just("void"), st.integers(1, 6), st.just([])),
    st.tuples(st.just("abandon"), st.just(0), st.just([])),
    st.tuples(st.just("confirm"), st.integers(1, 6), st.just([])),
    st.tuples(st.just("confirm"), st.integers(1, 6), st.just([])),
    st.tuples(st.just("dispute"), st.integers(1, 6), st.just([])),
)


def play(series_id, checker, moves, after_each=lambda: None) -> None:
    """Run random commands through the services; refused ones change nothing."""
    for kind, index, points in moves:
        state = services.series_load(series_id)
        try:
            if kind == "deal":
                players_now = state.next_players
                if not players_now:
                    continue
                goer = players_now[index % len(players_now)]
                hands = {p: n for p, n in zip(players_now, points, strict=False) if p != goer}
                services.deal_record(series_id=series_id, entry=entry(goer, hands))
            elif kind == "correct" and index <= len(state.deals):
                deal = state.deals[index - 1]
                goer = deal.entry.went_out
                hands = {p: n for p, n in zip(deal.players, points, strict=False) if p != goer}
                services.deal_correct(
                    series_id=series_id,
                    number=index,
                    entry=entry(goer, hands),
                    reason="recount",
                )
            elif kind == "void":
                services.deal_void(series_id=series_id, number=index, reason="misdeal")
            elif kind == "abandon":
                services.series_abandon(series_id=series_id, reason="late")
            elif kind in ("confirm", "dispute"):
                confirm = services.deal_confirm if kind == "confirm" else services.deal_dispute
                reason = {"reason": "wrong count"} if kind == "dispute" else {}
                confirm(series_id=series_id, number=index, user_id=checker.id, **reason)
        except DomainError:
            pass
        after_each()


def started_series(players: int, needs_confirmation: bool):
    club, seated = club_with_players(["Anna", "Bruno", "Carla", "Dario", "Elena"][:players])
    club_services.club_update(club=club, deals_need_confirmation=needs_confirmation)
    checker = get_user_model().objects.create_user("checker")
    return start(club, seated, first_dealer=seated[-1]).series_id, checker


random_series = given(
    players=st.integers(3, 5),
    needs_confirmation=st.booleans(),
    moves=st.lists(move, min_size=3, max_size=16),
)


class RebuildTests(TestCase):
    @random_series
    def test_a_rebuild_after_random_commands_equals_the_projections_written_inline(
        self, players, needs_confirmation, moves
    ):
        series_id, checker = started_series(players, needs_confirmation)
        play(series_id, checker, moves)
        projectors.follow_log()  # the league's catch-up, after a finished series changed
        inline = snapshot()
        event(f"deals in the sheet: {min(len(inline['DealLine']), 3)}")
        assert projection.rebuild() == Event.objects.count()
        assert snapshot() == inline

    @settings(max_examples=examples(40))
    @random_series
    def test_the_sheet_snapshot_is_the_fold_of_the_log_after_every_command(
        self, players, needs_confirmation, moves
    ):
        series_id, checker = started_series(players, needs_confirmation)

        def snapshot_is_the_fold():
            log = fold(stored.event for stored in store.load_stream(series_id))
            saved, _started_at = projection.saved_state(series_id)
            assert saved == log

        play(series_id, checker, moves, after_each=snapshot_is_the_fold)
        snapshot_is_the_fold()


def test_the_rebuild_command_reports_the_events_it_read(db, capsys):
    club, seated = club_with_players(("Anna", "Bruno", "Carla"))
    series_id = start(club, seated).series_id
    a, b, c = seated
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    before = snapshot()
    call_command("rebuild_projections")
    assert "from 2 events" in capsys.readouterr().out
    assert snapshot() == before
