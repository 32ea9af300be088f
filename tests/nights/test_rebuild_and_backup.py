"""A night's projection equals a rebuild from the log, and survives a backup's
restore (the checksum covers the nights' rows and each table's number)."""

from __future__ import annotations

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.models import Night, NightSeat, SeriesSheet
from series.nights import selectors
from series.sheets import projection
from tests.support.backup import backup_of
from tests.support.nights import a_night_played

pytestmark = pytest.mark.django_db


def test_a_rebuild_gives_the_same_nights_seats_and_table_numbers():
    a_night_played()
    written = checksum.table_digests()
    ranking = [selectors.night_ranking(n.id) for n in Night.objects.all()]
    projection.rebuild()
    assert checksum.table_digests() == written
    assert [selectors.night_ranking(n.id) for n in Night.objects.all()] == ranking
    assert SeriesSheet.objects.filter(table_number__isnull=False).count() == 5  # 4 + the closed
    assert NightSeat.objects.filter(open=True).count() == 11  # 10 drawn + the late guest


def test_a_restored_backup_has_the_same_nights():
    taken = backup_of(a_night_played)
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum
    assert Night.objects.count() == 2
