"""Rows as the source of one INSERT, with a text that does not grow with them.

A multi-row ``VALUES`` list has a placeholder per value: its text changes with
the number of rows, and past 50 parameters the database driver parses it
again on every call (psycopg caches only short statements). On the path of a
deal these statements run every time, so on PostgreSQL the rows go as one
array per column, unnested: the same text and a parameter per column however
many rows. Other databases take the ``VALUES`` list.
"""

from __future__ import annotations

from collections.abc import Sequence

from series.database import dialects


def insert_rows(
    model, names: Sequence[str], rows: Sequence[tuple], then: str = "", *, where: str = "true"
) -> tuple:
    """``INSERT INTO`` the model's table the fields ``names`` of ``rows`` (tuples
    of Python values: ids, UUIDs, aware datetimes…) for which ``where`` (an SQL
    condition without parameters) holds, followed by ``then`` (``ON CONFLICT
    …``, ``RETURNING …``); the statement and its parameters, in the database's
    dialect. In ``then`` the table is its own name, the new row ``excluded``."""
    return dialects.current().insert_rows(model, names, rows, then, where=where)
