"""Two database roles on PostgreSQL: the owner migrates, the app only writes.

The owner of a table may ``ALTER TABLE … DISABLE TRIGGER`` or ``DROP TRIGGER``
and then delete events, so the app must not run as the owner. Migrations run
as the owner (``MIGRATE_DATABASE_URL``, the ``migrate`` database alias); the
app runs as a role (``DATABASE_URL``) that ``grant_app_role`` gives exactly
what it needs: on the event log SELECT, and INSERT of every column but
``position``, on every other table (reference data, projections, sessions,
tokens) the usual reads and writes, and the use of the sequences (``nextval``),
not their ``setval``. Not owning a table, it can neither change its triggers
nor drop them; not inserting a position, it cannot slot an event in at an old
one, and not moving the log's sequence, it cannot make new positions collide
with old ones: the log's order is the database's alone. A restore, which gives
events the positions of its file and moves the sequences after them, runs as
the owner.
"""

from __future__ import annotations

from series.models import Event

EVENT_LOG = Event._meta.db_table


def appended_columns(quote) -> str:
    """The columns of the log an append writes: all but its position, which the
    log's sequence gives (``store.append`` names the same)."""
    return ", ".join(
        quote(field.column) for field in Event._meta.concrete_fields if field is not Event._meta.pk
    )


def grant_statements(role: str, quote) -> list[str]:
    """What the app role ``role`` is granted, in order (run by the owner)."""
    name = quote(role)
    return [
        f"GRANT USAGE ON SCHEMA public TO {name}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO {name}",
        f"REVOKE ALL ON {quote(EVENT_LOG)} FROM {name}",
        f"GRANT SELECT ON {quote(EVENT_LOG)} TO {name}",
        f"GRANT INSERT ({appended_columns(quote)}) ON {quote(EVENT_LOG)} TO {name}",
        # Earlier grants gave UPDATE (setval) too: taken back on every run.
        f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {name}",
        f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {name}",
    ]


def grant_app_role(owner_connection, role: str) -> list[str]:
    """Grant ``role`` the app's privileges through the owner's connection."""
    statements = grant_statements(role, owner_connection.ops.quote_name)
    with owner_connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        if cursor.fetchone()[0] == role:
            raise ValueError(
                f"{role} runs the migrations, so it owns the tables: give the app its own role"
            )
        for statement in statements:
            cursor.execute(statement)
    return statements
