"""Schema-driven fuzzing: whatever the schema allows, and much it does not, the
API answers without a server error and as its schema says. Every check of
Schemathesis runs, on data that fits the schema and on data that does not:
data that fits is refused only by a rule (422) or by access (401, 403, 404);
data that does not is refused (4xx). A stateful run then follows the schema's
links from one operation to the next (series_start → deal_record → …,
night_open → night_check_in → night_round_draw → …), as two identities: the
club's admin and a scorer of another club, who must never read what the
admin's club holds (Schemathesis' object-level authorization check)."""

from __future__ import annotations

import re

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.wfc.escalation import EscalatingAuthProvider

from series.api.serializers import PLAYER_KEY_PATTERN
from series.models import DeviceToken
from tests.support.examples import examples
from tests.support.factories import start

# What fits the schema is accepted, unless a rule (422), access (401, 403, 404),
# a concurrent change (409) or the sign-in lockout (429) refuses it: a rule's
# refusal cannot be written in a schema (a player who is not in the club, a
# card the pack does not hold).
ACCEPTED = ["2xx", "401", "403", "404", "409", "422", "429"]

CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all", "deterministic": True},
        "checks": {
            "positive_data_acceptance": {"expected-statuses": ACCEPTED},
            "object_level_authorization": {"enabled": True},
        },
    }
)
# Keys an OpenAPI 3.0 schema gives no pattern for (3.1's propertyNames): the schema
# states it as ``x-propertyNames``, which Schemathesis does not read; the bodies it
# draws write such keys as the schema says, so that data that fits is data the
# server takes.
KEYED_BY_PLAYER = re.compile(PLAYER_KEY_PATTERN.strip("^$"))


def keys_as_the_schema_says(context, body):
    """``map_body``: a deal's ``buys`` keyed by ids (RULES §2), whatever else it holds."""
    buys = body.get("buys") if isinstance(body, dict) else None
    if isinstance(buys, dict) and not all(KEYED_BY_PLAYER.fullmatch(key) for key in buys):
        body = {**body, "buys": {str(n): count for n, count in enumerate(buys.values(), 1)}}
    return body


@pytest.fixture
def connections_kept_open():
    """The WSGI app closes database connections as each request starts and ends,
    which would close the test's transaction; Django's own test client keeps them."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def admin_world(table, connections_kept_open):
    """An admin's token and a scorer of another club's, and real club and series
    ids for the generated paths."""
    _row, token = DeviceToken.objects.create(user=table.users["admin"])
    _row, Rival.token = DeviceToken.objects.create(user=table.users["stranger"])
    series_id = start(table.club, table.players).series_id
    return {"token": token, "slug": table.club.slug, "series_id": str(series_id)}


def load_schema(config=CONFIG):
    """Loaded when the module is collected: serving the schema touches no database."""
    return schemathesis.openapi.from_wsgi(
        "/api/v1/schema?format=json", get_wsgi_application(), config=config
    )


schema = load_schema()


@schema.parametrize()
@settings(
    max_examples=examples(5),
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@pytest.mark.django_db
def test_the_api_never_errors_and_answers_as_its_schema_says(case, admin_world):
    # Aim half the generated paths at the club and series that exist.
    path = case.path_parameters or {}
    if "slug" in path and len(str(path["slug"])) % 2 == 0:
        path["slug"] = admin_world["slug"]
    if "series_id" in path and str(path["series_id"])[-1:] in "02468ace":
        path["series_id"] = admin_world["series_id"]
    AdminToken.token = admin_world["token"]
    case.call_and_validate()


class AdminToken:
    """The club's admin, with the token of the test's world: every call is theirs."""

    token = ""

    def get(self, case, context):
        return type(self).token

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


class Rival(AdminToken):
    """A scorer of another club: replays the admin's reads, and must be refused."""

    token = ""


def two_identities(loaded) -> None:
    """The admin first; the rival is the peer whose replays of the admin's reads
    must not get the admin's club's objects."""
    identities = EscalatingAuthProvider(
        [AdminToken(), Rival()], ["admin", "rival"], peers=("admin", "rival"), pinned="admin"
    )
    loaded.auth.providers.append(identities)


two_identities(schema)
schema.hook("map_body")(keys_as_the_schema_says)
# The workflows have a schema of their own: Schemathesis draws values it saw in
# earlier answers, and those of the test above would change the draws here.
workflows_schema = load_schema()
two_identities(workflows_schema)
workflows_schema.hook("map_body")(keys_as_the_schema_says)


class RolledBack:
    """Each sequence of calls starts from the test's world again: what one wrote
    is rolled back, so Hypothesis can replay a sequence and get the same answers."""

    def setup(self):
        self.savepoint = transaction.savepoint()

    def teardown(self):
        transaction.savepoint_rollback(self.savepoint)


class Workflows(RolledBack, workflows_schema.as_state_machine()):
    pass


# The object-level authorization check replays a read of what the admin made
# (a club, a player, a series, a night) as the rival. A run over the whole API
# spends its steps on writes and seldom reads back what it made; over the
# operations that make and read a club's objects it does. Two runs, the club's
# people and its play, so that neither alone decides whether a read is replayed
# (what Hypothesis draws follows the schema's words, which change with the API).
CLUB_OBJECTS = [
    "club_create",
    "club_read",
    "club_members_list",
    "club_invitations_list",
    "club_invitation_create",
    "club_player_add",
    "club_players_list",
    "player_read",
]
CLUB_PLAY = [*CLUB_OBJECTS, "series_start", "series_read", "night_open", "night_read"]


def peer_reads(operations: list[str]):
    """A state machine over ``operations``, as the admin with the rival as peer."""
    loaded = load_schema().include(operation_id=operations)
    two_identities(loaded)
    loaded.hook("map_body")(keys_as_the_schema_says)
    return type("PeerReads", (RolledBack, loaded.as_state_machine()), {})


PEER_READS = [peer_reads(CLUB_OBJECTS), peer_reads(CLUB_PLAY)]


def stateful(*, runs: int, steps: int) -> settings:
    """A stateful run's settings: the same draws whatever ran before it."""
    return settings(
        max_examples=examples(runs),
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
    )


@pytest.mark.postgres
@pytest.mark.django_db
def test_workflows_along_the_schemas_links_never_error(admin_world):
    AdminToken.token = admin_world["token"]
    Workflows.run(settings=stateful(runs=15, steps=6))


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_scorer_of_another_club_replaying_the_admins_reads_gets_none_of_its_objects(
    admin_world,
):
    replayed = []

    def note_the_rivals_requests(sender, environ, **kwargs):
        if Rival.token and Rival.token in environ.get("HTTP_AUTHORIZATION", ""):
            replayed.append(environ["PATH_INFO"])

    AdminToken.token = admin_world["token"]
    request_started.connect(note_the_rivals_requests)
    try:
        for machine in PEER_READS:
            machine.run(settings=stateful(runs=10, steps=8))
    finally:
        request_started.disconnect(note_the_rivals_requests)
    assert replayed, "the object-level check replayed none of the admin's reads as the rival"
