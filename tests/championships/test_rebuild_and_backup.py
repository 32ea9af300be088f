"""A championship's read model equals a rebuild from the log, and survives a
backup's restore (the checksum covers its rows)."""

from __future__ import annotations

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.championships import selectors
from series.models import Championship, ChampionshipNight
from series.sheets import projection
from tests.support.backup import backup_of, records_of, signed
from tests.support.championships import a_championship_played

pytestmark = pytest.mark.django_db


def test_a_rebuild_gives_the_same_championship_and_standings():
    _club, _players, champ = a_championship_played()
    written = checksum.table_digests()
    page = selectors.championship_page(champ)
    projection.rebuild()
    assert checksum.table_digests() == written
    assert selectors.championship_page(champ) == page
    assert ChampionshipNight.objects.filter(final=True).count() == 1


def test_the_standings_and_the_final_read_before_the_close_equal_a_rebuilds():
    _club, _players, champ = a_championship_played(close=False)
    page = selectors.championship_page(champ)
    assert page.final.provisional is False and page.state == "final"
    projection.rebuild()
    assert selectors.championship_page(champ) == page


def test_a_restored_backup_has_the_same_championship():
    taken = backup_of(lambda: a_championship_played())
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum
    assert Championship.objects.get().state == "closed"


def test_a_restore_refuses_a_cut_whose_finalists_do_not_follow_from_its_standings():
    taken = backup_of(lambda: a_championship_played())
    records = records_of(taken.lines)
    (cut,) = [r for r in records if r.get("type") == "CutMade"]
    last = cut["payload"]["lines"][-1]  # Elena, below the cut
    last["qualified"], last["reason"] = True, "top"
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert "the cut does not follow from its standings" in str(refused.value).lower()
    assert not Championship.objects.exists()


def test_a_restore_refuses_a_championship_that_takes_a_night_of_another_club():
    taken = backup_of(lambda: a_championship_played())
    records = records_of(taken.lines)
    added = next(r for r in records if r.get("type") == "ChampionshipNightAdded")
    added["payload"]["night"] = "00000000-0000-4000-8000-000000000000"
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert "a night the club does not have" in str(refused.value)
