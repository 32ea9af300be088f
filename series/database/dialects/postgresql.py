"""PostgreSQL's spelling of the statements that differ between databases
(``series.database.dialects``: the same names in ``sqlite``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from uuid import UUID

from django.db import connection

# An append's writes (``store.Write``) are data-modifying CTEs of the insert's
# statement, so one event with its writes is one statement, atomic by itself.
WRITES_IN_APPEND = True
# Several statements sent in one round trip (psycopg's pipeline).
PIPELINES = True
# The app's database role can be given less than the tables' owner has.
HAS_ROLES = True
# The JSON object aggregate (key, value) -> object.
JSON_OBJECT_AGG = "JSONB_OBJECT_AGG"
# What a SELECT adds to lock its rows against a change while rows that refer to
# them are written (the league's lock of a club's row).
ROW_LOCK_KEEPING_KEYS = " FOR NO KEY UPDATE"


def insert_rows(
    model, names: Sequence[str], rows: Sequence[tuple], then: str = "", *, where: str = "true"
) -> tuple[str, list]:
    """``INSERT INTO`` the model's table the fields ``names`` of ``rows``, as one
    array a column, unnested: the same text and one parameter a column however
    many rows (the driver adapts the values as the fields' preparation would)."""
    sql = f"{_insert_unnested(model, tuple(names))} WHERE {where} {then}"
    return sql.rstrip(), [list(column) for column in zip(*rows, strict=True)]


@cache
def _insert_unnested(model, names: tuple[str, ...]) -> str:
    fields = [model._meta.get_field(name) for name in names]
    columns = ", ".join(field.column for field in fields)
    arrays = ", ".join(f"%s::{field.db_type(connection)}[]" for field in fields)
    return f"INSERT INTO {model._meta.db_table} ({columns}) SELECT * FROM unnest({arrays})"


def log_lock(key: int, after: str = "") -> tuple[str, list]:
    """A row source that takes the transaction-scoped advisory lock ``key`` (once
    for each row of ``after``, a FROM clause) before an insert selects from it."""
    return f"(SELECT pg_advisory_xact_lock(%s) {after}) AS log_lock", [key]


def guards_held() -> str:
    """The condition under which an append's write selects its rows: every guard
    of the append (a CTE of the same statement) changed its row."""
    return "EXISTS (SELECT FROM guards_held)"


def lock_pair(cursor, space: int, key: int) -> None:
    """Take the transaction-scoped advisory lock (``space``, ``key``)."""
    cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [space, key])


def copy_rows(cursor, model, names: Sequence[str], rows: Sequence[tuple]) -> None:
    """Load ``rows`` (values as ``db_uuid``/``db_datetime`` give them) into the
    model's table with ``COPY``, on the raw psycopg cursor, wrapped so its
    errors are Django's (a dropped connection is an OperationalError)."""
    table = model._meta.db_table
    columns = ", ".join(model._meta.get_field(name).column for name in names)
    with (
        cursor.db.wrap_database_errors,
        cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def empty_tables(cursor, tables: Sequence[str]) -> None:
    """Empty ``tables`` in one TRUNCATE. Foreign keys are checked at commit:
    pending checks are settled first, or TRUNCATE refuses tables written
    earlier in this transaction."""
    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    cursor.execute(f"TRUNCATE {', '.join(tables)}")
    cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def db_uuid(value: UUID):
    """A UUID as ``copy_rows`` and raw statements take it."""
    return value


def db_datetime(value: datetime):
    """An aware datetime as ``copy_rows`` takes it."""
    return value


def read_datetime(value):
    """A datetime column as a raw cursor hands it over: already aware."""
    return value
