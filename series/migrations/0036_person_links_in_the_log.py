"""Each confirmation a person made before confirmations were facts of the club's
log (a ``PersonLink`` row alone) gets the ``PersonLinkConfirmed`` event it would
have recorded: the first of the person's stream in that club, at the moment of
the confirmation, recorded by the person. Without it, a rebuild of the read
models or a restore from a backup loses the confirmation, and the person falls
out of every federation's list. A link whose stream has an event is left alone,
so running it again appends nothing. The log's insert only: its triggers refuse
UPDATE and DELETE."""

import uuid

from django.db import migrations

# As series.domain.federations.person_links and series.eventstore.mapper say today;
# written out so that this migration reads the same whatever they become.
PERSON_NAMESPACE = uuid.UUID("9a4b7c1e-3f2d-5a8b-a6c5-2e1f0d9c8b7a")
SCHEMA_VERSION = 4
# The log's lock (series.eventstore.store): positions become visible in commit order.
LOG_LOCK_KEY = 0x5C0_4EE9
BATCH = 2000


def person_link_stream(user, club):
    return uuid.uuid5(PERSON_NAMESPACE, f"person:{user}:club:{club}")


def forward(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOG_LOCK_KEY])
    PersonLink = apps.get_model("series", "PersonLink")
    links = (
        PersonLink.objects.using(connection.alias)
        .filter(confirmed_at__isnull=False)
        .order_by("confirmed_at", "player_id")
        .values_list("user_id", "club_id", "player_id", "confirmed_at")
    )
    batch = []
    for link in links.iterator(chunk_size=BATCH):
        batch.append(link)
        if len(batch) == BATCH:
            append_confirmations(apps, connection.alias, batch)
            batch = []
    append_confirmations(apps, connection.alias, batch)


def append_confirmations(apps, alias, links):
    """One query for the streams that have events already, one insert for the rest."""
    Event = apps.get_model("series", "Event")
    streams = {person_link_stream(link[0], link[1]): link for link in links}
    logged = set(
        Event.objects.using(alias).filter(stream__in=streams).values_list("stream", flat=True)
    )
    Event.objects.using(alias).bulk_create(
        [
            Event(
                stream=stream,
                club_id=club,
                version=1,
                type="PersonLinkConfirmed",
                payload={"user": user, "club": club, "player": player},
                schema_version=SCHEMA_VERSION,
                recorded_at=confirmed_at,
                recorded_by_id=user,
            )
            for stream, (user, club, player, confirmed_at) in streams.items()
            if stream not in logged
        ]
    )


class Migration(migrations.Migration):

    dependencies = [
        ("series", "0035_played_championships"),
    ]

    operations = [
        migrations.RunPython(forward, migrations.RunPython.noop),
    ]
