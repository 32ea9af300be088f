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
from functools import cache

from django.db import connection


def insert_rows(
    model, names: Sequence[str], rows: Sequence[tuple], then: str = "", *, where: str = "true"
) -> tuple:
    """``INSERT INTO`` the model's table the fields ``names`` of ``rows`` (tuples
    of Python values: ids, UUIDs, aware datetimes…) for which ``where`` (an SQL
    condition without parameters) holds, followed by ``then`` (``ON CONFLICT
    …``, ``RETURNING …``); the statement and its parameters. In ``then`` the
    table is its own name, the new row ``excluded``."""
    if connection.vendor == "postgresql":
        # The driver adapts these values as they are (what the fields' own
        # preparation would give back), one array a column.
        insert = _insert_unnested(model, tuple(names))
        sql = f"{insert} WHERE {where} {then}"
        return sql.rstrip(), [list(column) for column in zip(*rows, strict=True)]
    fields = tuple(model._meta.get_field(name) for name in names)
    columns = ", ".join(field.column for field in fields)
    marks = "(" + ", ".join(["%s"] * len(fields)) + ")"
    aliases = ", ".join(f"column{n} AS {field.column}" for n, field in enumerate(fields, 1))
    values = ", ".join([marks] * len(rows))
    # Always a WHERE: SQLite reads an ON CONFLICT after a bare SELECT as a join's ON.
    sql = (
        f"INSERT INTO {model._meta.db_table} ({columns}) SELECT {columns} "
        f"FROM (SELECT {aliases} FROM (VALUES {values})) WHERE {where} {then}"
    )
    params = [
        field.get_db_prep_save(value, connection)
        for row in rows
        for field, value in zip(fields, row, strict=True)
    ]
    return sql.rstrip(), params


@cache
def _insert_unnested(model, names: tuple[str, ...]) -> str:
    fields = [model._meta.get_field(name) for name in names]
    columns = ", ".join(field.column for field in fields)
    arrays = ", ".join(f"%s::{field.db_type(connection)}[]" for field in fields)
    return f"INSERT INTO {model._meta.db_table} ({columns}) SELECT * FROM unnest({arrays})"
