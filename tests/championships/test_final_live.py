"""While the final night plays, the championship's ranking is carry-over plus
tonight's points "if every table ended now" (RULES D-24), on its API and the
night's page; a draw by the championship seats only finalists, table 1 the top."""

from __future__ import annotations

from fractions import Fraction

import pytest

from series.championships import selectors
from series.championships import services as championships
from series.clubs import membership
from series.domain.errors import DomainError
from series.nights import services as nights
from series.sheets import services
from tests.support.api import make_user
from tests.support.championships import a_championship, a_club, one_deal
from tests.support.factories import entry

pytestmark = pytest.mark.django_db


def test_the_final_ranks_as_if_every_table_ended_now(client):
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=1, final_size=4, options={"deals": 2})
    night = championships.night_open_for_championship(club=club, championship_id=champ)
    table = one_deal(night.night_id, anna, {bruno: 20, carla: 30, dario: 40, elena: 50})
    services.deal_record(
        series_id=table.series, entry=entry(anna, {bruno: 20, carla: 30, dario: 40, elena: 50})
    )
    nights.night_close(night_id=night.night_id)
    championships.championship_cut(championship_id=champ)
    final = championships.night_open_for_championship(
        club=club, championship_id=champ, final=True
    ).night_id
    nights.night_check_in(night_id=final, players=[dario.id, anna.id, bruno.id, carla.id, elena.id])
    with pytest.raises(DomainError) as refused:  # Elena is no finalist
        nights.night_round_draw(night_id=final, min_table=5, max_table=5, method="championship")
    assert refused.value.code == "night_player_not_finalist"
    nights.night_check_out(night_id=final, player=elena.id)
    drawn = nights.night_round_draw(
        night_id=final, min_table=4, max_table=4, method="championship"
    ).state.current_round
    assert sorted(drawn.tables[0].seats) == sorted([anna.id, bruno.id, carla.id, dario.id])
    table = one_deal(final, dario, {anna: 20, bruno: 30, carla: 40}, draw=False)
    page = selectors.championship_page(champ)
    assert page.final.provisional
    # Carried (half of 10, 7.5, 5, 2.5): Anna 5, Bruno 3.75, Carla 2.5, Dario 1.25.
    # Tonight as it stands, at a table of four: Dario 10, Anna 20/3, Bruno 10/3, Carla 0.
    # Anna 5 + 20/3 = 35/3; Dario 1.25 + 10 = 11.25; Bruno 3.75 + 10/3 = 85/12; Carla 2.5.
    assert [(line.name, line.total) for line in page.final.lines] == [
        ("Anna", Fraction(35, 3)),
        ("Dario", Fraction(45, 4)),
        ("Bruno", Fraction(85, 12)),
        ("Carla", Fraction(5, 2)),
        ("Elena", None),
    ]
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    client.force_login(director)
    shown = client.get(f"/clubs/{club.slug}/nights/{final}/").content.decode()
    assert "If every table ended now" in shown and "The final of Winter championship" in shown
