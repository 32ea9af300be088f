"""Make the event log append-only in the database itself.

Triggers refuse UPDATE, DELETE and TRUNCATE on PostgreSQL and UPDATE and
DELETE on SQLite, so that no code path, ORM or raw SQL, can change a
recorded fact. The SQL is frozen here, as a migration's must be: a later
change to the triggers is a new migration.
"""

from django.db import migrations

POSTGRESQL_INSTALL = [
    """
    CREATE OR REPLACE FUNCTION series_event_append_only() RETURNS trigger AS $$
    BEGIN
        RAISE EXCEPTION 'series_event is append-only: % refused', TG_OP
            USING ERRCODE = 'insufficient_privilege';
    END;
    $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER series_event_no_update_delete BEFORE UPDATE OR DELETE ON series_event
    FOR EACH ROW EXECUTE FUNCTION series_event_append_only()
    """,
    """
    CREATE TRIGGER series_event_no_truncate BEFORE TRUNCATE ON series_event
    FOR EACH STATEMENT EXECUTE FUNCTION series_event_append_only()
    """,
]
POSTGRESQL_UNINSTALL = [
    "DROP TRIGGER IF EXISTS series_event_no_truncate ON series_event",
    "DROP TRIGGER IF EXISTS series_event_no_update_delete ON series_event",
    "DROP FUNCTION IF EXISTS series_event_append_only()",
]

SQLITE_INSTALL = [
    """
    CREATE TRIGGER series_event_no_update BEFORE UPDATE ON series_event
    BEGIN SELECT RAISE(ABORT, 'series_event is append-only: UPDATE refused'); END
    """,
    """
    CREATE TRIGGER series_event_no_delete BEFORE DELETE ON series_event
    BEGIN SELECT RAISE(ABORT, 'series_event is append-only: DELETE refused'); END
    """,
]
SQLITE_UNINSTALL = [
    "DROP TRIGGER IF EXISTS series_event_no_update",
    "DROP TRIGGER IF EXISTS series_event_no_delete",
]

STATEMENTS = {
    "postgresql": (POSTGRESQL_INSTALL, POSTGRESQL_UNINSTALL),
    "sqlite": (SQLITE_INSTALL, SQLITE_UNINSTALL),
}


def _run(connection, statements) -> None:
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def install(connection) -> None:
    install_sql, _ = STATEMENTS.get(connection.vendor, ([], []))
    _run(connection, install_sql)


def uninstall(connection) -> None:
    _, uninstall_sql = STATEMENTS.get(connection.vendor, ([], []))
    _run(connection, uninstall_sql)


def forwards(apps, schema_editor):
    install(schema_editor.connection)


def backwards(apps, schema_editor):
    uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("series", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
