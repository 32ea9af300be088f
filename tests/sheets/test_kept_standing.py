"""The standing a score sheet keeps comes back from its JSON as it was computed,
and one of another schema is not read (its reader computes it again); no database."""

import json

from hypothesis import given, settings

from series.domain.series.standing import standing_of
from series.sheets.standing import decode, encode
from tests.support.examples import examples
from tests.support.series import series_on_the_way
from tests.support.series import started_in_seat_order as started


@settings(max_examples=examples(100), deadline=None)
@given(series_on_the_way())
def test_a_standing_comes_back_from_the_json_a_sheet_keeps(state):
    standing = standing_of(state)
    assert decode(json.loads(json.dumps(encode(standing)))) == standing


def test_a_standing_of_another_schema_or_none_is_not_read():
    kept = encode(standing_of(started((1, 2, 3), "continental")))
    assert decode(kept | {"schema": 0}) is None
    assert decode({k: v for k, v in kept.items() if k != "schema"}) is None
    assert decode(None) is None
