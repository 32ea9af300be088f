"""An upgrade writes into the club's log each confirmation a person made while
confirmations were kept only in a table (migration 0036), so that a rebuild of
the read models keeps the person in every ranking list."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from series.domain.federations.person_links import PersonLinkConfirmed, person_link_stream
from series.eventstore import store
from series.federations import persons, selectors, services
from series.models import Event, PersonLink
from series.sheets import projection
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import make_user

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("series", "0035_played_championships"), ("series", "0036_person_links_in_the_log")


def migrate(target=None):
    """To ``target``; without one, to the graph's leaves, as the suite's database stands."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target] if target else executor.loader.graph.leaf_nodes())


def marta_confirmed_the_old_way():
    """Marta plays for Uno and Due, in one federation; she confirmed both players
    before confirmations were facts of the log: the table's rows alone."""
    runner, marta = make_user("runner"), make_user("marta")
    uno, (m1, a, b) = club_of("Uno", ["Marta", "Ada", "Bruno"], admin=runner)
    due, (m2, c, d) = club_of("Due", ["Marta R", "Carla", "Dario"], admin=runner)
    federation = services.federation_create(user=runner, name="Lega").federation
    confirmed_at = timezone.now() - timedelta(days=30)
    for club, player in ((uno, m1), (due, m2)):
        services.club_join(federation=federation, club=club, user=runner)
        linked(club, player, marta)
        PersonLink.objects.create(player=player, user=marta, club=club)
    PersonLink.objects.update(confirmed_at=confirmed_at)
    placed_night(uno, [[m1], [a, b]])
    placed_night(due, [[c], [m2], [d]])
    followed()
    return marta, federation, (uno, m1), (due, m2), confirmed_at


def martas_line(federation):
    lines = selectors.ranking(federation, "continental")[1]
    return [(line.person, line.players) for line in lines if line.name.startswith("Marta")]


def test_an_upgrade_writes_each_confirmation_into_the_log_and_a_rebuild_keeps_it():
    marta, federation, (uno, m1), (due, m2), confirmed_at = marta_confirmed_the_old_way()
    assert martas_line(federation) == [(f"u{marta.id}", [m1.id, m2.id])]
    assert not Event.objects.filter(type="PersonLinkConfirmed").exists()
    try:
        migrate(BEFORE)
        migrate(AFTER)
        migrate(BEFORE)
        migrate(AFTER)  # again: nothing appended twice
    finally:
        migrate()
    executor = MigrationExecutor(connection)
    assert set(executor.loader.graph.leaf_nodes()) <= set(executor.loader.applied_migrations)

    # As the confirmation would have recorded it: the first of her stream in the club.
    for club, player in ((uno, m1), (due, m2)):
        [stored] = store.load_stream(person_link_stream(marta.id, club.id))
        assert stored.event == PersonLinkConfirmed(marta.id, club.id, player.id)
        assert (stored.club_id, stored.recorded_by_id) == (club.id, marta.id)
        assert stored.recorded_at == confirmed_at

    projection.rebuild()
    followed()
    assert PersonLink.objects.filter(user=marta).count() == 2
    assert set(PersonLink.objects.values_list("confirmed_at", flat=True)) == {confirmed_at}
    assert martas_line(federation) == [(f"u{marta.id}", [m1.id, m2.id])]
    # and her confirmation is hers to withdraw, as one made today
    persons.link_withdraw(user=marta, player_id=m2.id)
    assert not PersonLink.objects.filter(player=m2).exists()
