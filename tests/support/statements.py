"""The statements a deal runs, counted on the connection."""

from __future__ import annotations

from django.db import connection


class Statements:
    """The statements run while it is active, each with whether the connection
    was in autocommit then (a statement that is its own transaction)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bool]] = []

    def __call__(self, execute, sql, params, many, context):
        self.seen.append((sql, connection.get_autocommit()))
        return execute(sql, params, many, context)
