"""The snapshot kept on a score sheet decodes to the state it was made from,
and nothing it cannot vouch for (no database)."""

import json

from series.domain.series import CorrectDeal, VoidDeal
from series.domain.series.commands import ConfirmDeal
from series.sheets.snapshot import SNAPSHOT_SCHEMA, decode, encode
from tests.support.series import HIGH, LOW, MID, A, B, C, D, entry, record, run, started


def stored(state):
    """The snapshot as a database's JSON column gives it back."""
    return json.loads(json.dumps(encode(state)))


def played():
    """Cards and points, a correction, a void and a confirmation."""
    state = started([A, B, C, D], first_dealer=B)
    state = record(state, entry(A, b=LOW, c=MID, d=HIGH))
    state = record(state, entry(B, a=20, c=40, d=LOW))
    state = record(state, entry(C, a=MID, b=30, d=15))
    return run(
        state,
        CorrectDeal(2, entry(B, a=25, c=40, d=LOW), "recount"),
        VoidDeal(3, "misdeal"),
        ConfirmDeal(1, user=7, recorder=8),
    )


def test_a_snapshot_decodes_to_the_state_it_was_made_from():
    state = played()
    assert decode(stored(state), version=state.version) == state


def test_a_snapshot_of_another_stream_version_is_not_used():
    state = played()
    assert decode(stored(state), version=state.version + 1) is None


def test_a_snapshot_of_an_unknown_schema_or_none_at_all_is_not_used():
    state = played()
    newer = stored(state) | {"schema": SNAPSHOT_SCHEMA + 1}
    assert decode(newer, version=state.version) is None
    assert decode(None, version=state.version) is None
