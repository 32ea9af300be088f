"""A backup holds a federation whole: the federation, its admins and join links,
its clubs' membership, each person's confirmations and initials choice; so a
restore into an empty database lists the same ranking with the same checksum
(RULES D-25)."""

from __future__ import annotations

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.federations import persons, selectors, services
from series.models import (
    Club,
    Federation,
    FederationAdmin,
    FederationLink,
    FederationMember,
    PersonChoice,
    PersonLink,
)
from series.sheets import projection
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import make_user
from tests.support.backup import backup_of, manage, records_of, signed

pytestmark = pytest.mark.django_db


def two_clubs_and_a_person() -> None:
    """Marta plays for Uno and Due and confirms both players; the federation's
    runner is in no club; Due joined by the link and asked for names shown."""
    runner, uno_admin, due_admin = make_user("runner"), make_user("unoadmin"), make_user("dueadmin")
    marta = make_user("marta")
    uno, (m1, a, b) = club_of("Uno", ["Marta", "Ada", "Bruno"], admin=uno_admin)
    due, (m2, c, d) = club_of("Due", ["Marta R", "Carla", "Dario"], admin=due_admin, public=False)
    made = services.federation_create(user=runner, name="Lega", public=False)
    federation = made.federation
    services.club_join(federation=federation, club=uno, user=uno_admin)
    services.club_accept(federation=federation, club=uno, user=runner)
    services.club_join(
        federation=federation, club=due, user=due_admin, token=made.token, names_shown=True
    )
    services.link_renew(federation=federation, user=runner)
    for club, player in ((uno, m1), (due, m2)):
        linked(club, player, marta)
        persons.link_confirm(user=marta, club_slug=club.slug, player_id=player.id)
    persons.link_withdraw(user=marta, player_id=m2.id)  # a withdrawal and a second confirmation
    persons.link_confirm(user=marta, club_slug=due.slug, player_id=m2.id)
    persons.initials_choose(user=marta, initials_only=True)
    placed_night(uno, [[m1], [a, b]])
    placed_night(uno, [[a], [m1], [b]], days=400)
    placed_night(due, [[c], [m2], [d]])
    placed_night(due, [[m2], [c, d]], days=20)
    followed()


def test_a_federation_with_two_clubs_and_a_confirmed_person_survives_a_backup():
    taken = backup_of(two_clubs_and_a_person)
    kinds = {record["kind"] for record in records_of(taken.lines)}
    assert {"federation", "federation_admin", "federation_link"} <= kinds
    types = {record.get("type") for record in records_of(taken.lines)}
    assert {"PersonLinkConfirmed", "PersonLinkWithdrawn"} <= types

    backup.import_lines(taken.lines)

    assert checksum.projection_checksum() == taken.checksum
    federation = Federation.objects.get(slug="lega")
    assert (federation.name, federation.public, federation.created_by.username) == (
        "Lega",
        False,
        "runner",
    )
    assert [a.user.username for a in FederationAdmin.objects.filter(federation=federation)] == [
        "runner"
    ]
    assert FederationLink.objects.filter(federation=federation).count() == 2
    assert FederationLink.objects.filter(used_by__slug="due").exists()
    statuses = FederationMember.objects.filter(federation=federation)
    assert sorted(statuses.values_list("club__slug", "status", "names_shown")) == [
        ("due", "active", True),
        ("uno", "active", False),
    ]
    assert PersonLink.objects.filter(user__username="marta").count() == 2
    assert PersonChoice.objects.get(user__username="marta").initials_only
    count, lines = selectors.ranking(federation, "continental")
    marta = next(line for line in lines if line.person.startswith("u"))
    assert marta.name == "M." and len(marta.players) == 2 and marta.results == 4
    assert count == 5  # Marta once, and the four others
    # the same list a rebuild gives, place for place
    shown = [(line.person, line.name, line.score, line.place) for line in lines]
    projection.rebuild()
    assert checksum.projection_checksum() == taken.checksum
    again = selectors.ranking(federation, "continental")[1]
    assert [(line.person, line.name, line.score, line.place) for line in again] == shown


def test_the_commands_restore_a_federation_with_the_same_checksum(fresh_database, tmp_path):
    """End to end, as an operator runs them: the backup, then migrate, import and
    checksum a fresh database, each in its own process."""
    two_clubs_and_a_person()
    original = checksum.projection_checksum()
    (tmp_path / "backup.jsonl").write_text("".join(backup.export_lines()), encoding="utf-8")
    assert manage(fresh_database, "migrate", "-v0").returncode == 0
    restored = manage(fresh_database, "import_events", str(tmp_path / "backup.jsonl"))
    assert restored.returncode == 0, restored.stderr
    assert manage(fresh_database, "checksum").stdout.strip() == original


def test_a_backup_of_one_club_holds_no_federation():
    """A federation spans clubs: a backup of one club restores its membership's
    events, and no federation to name."""
    lines: list[str] = []

    def build() -> None:
        two_clubs_and_a_person()
        lines.extend(backup.export_lines(Club.objects.get(slug="uno")))

    backup_of(build)
    assert "federation" not in {record["kind"] for record in records_of(lines)}
    backup.import_lines(lines)
    assert not Federation.objects.exists() and not FederationMember.objects.exists()
    assert PersonLink.objects.count() == 1  # Marta's player of Uno


def test_a_confirmation_of_an_account_or_player_the_backup_lacks_is_refused():
    taken = backup_of(two_clubs_and_a_person)
    records = records_of(taken.lines)
    first = next(r for r in records if r.get("type") == "PersonLinkConfirmed")
    for field, value in (("user", 999), ("player", 999)):
        edited = [
            {**r, "payload": {**r["payload"], field: value}} if r is first else r for r in records
        ]
        with pytest.raises(backup.BackupError, match="the confirmation names"):
            backup.import_lines(signed(edited))
        assert not Federation.objects.exists()  # nothing was written
