"""SQLite's spelling of the statements that differ between databases
(``series.database.dialects``: the same names in ``postgresql``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from uuid import UUID

from django.db import connection

# An append's writes run one statement each after its inserts, inside the
# append's transaction (SQLite has no data-modifying CTE).
WRITES_IN_APPEND = False
PIPELINES = False
# SQLite has one user.
HAS_ROLES = False
# The JSON object aggregate (key, value) -> object (handed over as text).
JSON_OBJECT_AGG = "JSON_GROUP_OBJECT"
# None: a write transaction already holds the whole database.
ROW_LOCK_KEEPING_KEYS = ""


def insert_rows(
    model, names: Sequence[str], rows: Sequence[tuple], then: str = "", *, where: str = "true"
) -> tuple[str, list]:
    """``INSERT INTO`` the model's table the fields ``names`` of ``rows`` from a
    ``VALUES`` list, the values prepared by their fields."""
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


def log_lock(key: int, after: str = "") -> tuple[str, list]:
    """A one-row source: SQLite's writers are serialised by the database."""
    return "(SELECT 1) AS log_lock", []


def guards_held() -> str:
    """The writes run apart, inside the append's transaction, which a guard that
    changed nothing rolls back: the condition always holds."""
    return "true"


def lock_pair(cursor, space: int, key: int) -> None:
    """Nothing: one writer at a time already."""


def copy_rows(cursor, model, names: Sequence[str], rows: Sequence[tuple]) -> None:
    """Load ``rows`` into the model's table with one prepared INSERT."""
    table = model._meta.db_table
    columns = ", ".join(model._meta.get_field(name).column for name in names)
    marks = ", ".join(["%s"] * len(names))
    cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)


def empty_tables(cursor, tables: Sequence[str]) -> None:
    """Empty ``tables``, one DELETE each."""
    for table in tables:
        cursor.execute(f"DELETE FROM {table}")


def db_uuid(value: UUID):
    """A UUID as SQLite stores it: 32 hex digits."""
    return value.hex


def db_datetime(value: datetime):
    """An aware datetime as SQLite stores it (text in UTC)."""
    return connection.ops.adapt_datetimefield_value(value)


def read_datetime(value):
    """A datetime column as a raw cursor hands it over (naive text): aware."""
    return connection.ops.convert_datetimefield_value(value, None, connection)
