"""A new draw method is its module and its registration: once registered, a
round is drawn by it; unknown again once unregistered, the draw refuses it."""

from __future__ import annotations

import pytest

from series.domain.nights import InvalidNight, draw, draws

BY_ID = "by_id"


class ById(draws.DrawMethod):
    """The players in id order, cut into tables: table 1 the lowest ids."""

    code = BY_ID
    label = "By id"

    def group(self, drawing: draws.Drawing) -> list[list[int]]:
        return draws.cut(drawing.present, drawing.sizes)


@pytest.fixture
def by_id():
    draws.register(ById())
    yield
    draws.unregister(BY_ID)


def test_a_registered_draw_method_groups_the_round(by_id):
    tables = draw([6, 2, 5, 1, 4, 3], (3, 3), seed=7, method=BY_ID)
    assert [sorted(table.seats) for table in tables] == [[1, 2, 3], [4, 5, 6]]
    assert BY_ID in draws.codes()


def test_a_draw_method_not_registered_is_refused_naming_the_others():
    with pytest.raises(InvalidNight, match="random, standings, rating, championship"):
        draw([1, 2, 3], (3,), seed=7, method=BY_ID)
