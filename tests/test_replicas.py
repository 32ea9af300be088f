"""Read replicas, for real: a primary and a streaming standby made for these
tests (tests/support/standby.py), and the app served by gunicorn in front of
them with ``DATABASE_REPLICA_URLS`` naming the standby. Nothing is mocked."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.support import standby

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("standby"), pytest.mark.timeout(300)]
BIN = standby.bindir()
UPDATING = "Updating…"


@pytest.fixture(scope="module")
def cluster():
    if BIN is None:
        pytest.skip("needs PostgreSQL's programs (pg_config --bindir)")
    made = standby.make_cluster(BIN)
    try:
        yield made
    finally:
        standby.remove_cluster(made)


@pytest.fixture(scope="module")
def seeded(cluster):
    data = standby.seed(cluster.primary.url())
    cluster.caught_up()
    return data


@pytest.fixture
def app(cluster, seeded):
    """The app reading the standby; each state check asks it again and any
    unreplayed change counts as behind, so what a test sees is decided."""
    served = standby.serve(cluster, seeded, DATABASE_REPLICA_CHECK="0", DATABASE_REPLICA_BEHIND="0")
    yield served
    standby.stop(served)


@pytest.fixture
def replay_paused(cluster):
    cluster.pause_replay()
    yield
    cluster.resume_replay()


def deals_in(sheet: str) -> int:
    """How many deals the API's score sheet holds."""
    return len(json.loads(sheet)["deals"])


def record_deal(app, version: int, headers: dict | None = None):
    anna, bruno, carla = app.seed["players"][:3]
    body = {
        "expected_version": version,
        "went_out": anna,
        "hands": [{"player": bruno, "points": 30}, {"player": carla, "points": 45}],
    }
    return app.request(
        f"/api/v1/series/{app.seed['playing']}/deals",
        body=body,
        headers={"Authorization": f"Token {app.seed['token']}", **(headers or {})},
    )


def test_the_league_pages_are_read_from_the_standby(cluster, app):
    before = cluster.standby_statements("series_seasonstanding")

    status, _, page = app.request(f"/clubs/{app.seed['club']}/league/")

    assert status == 200
    assert "Anna" in page
    assert cluster.standby_statements("series_seasonstanding") > before


def test_a_scorer_reads_their_own_deal_while_a_spectator_is_told_the_page_is_updating(
    cluster, app, replay_paused
):
    sheet = f"/api/v1/series/{app.seed['playing']}"
    status, headers, _ = record_deal(app, version=current_version(app))
    assert status == 201
    position = headers["X-Read-After"]
    cluster.received()

    _, _, mine = app.request(sheet, headers={"X-Read-After": position})
    _, _, theirs = app.request(sheet)
    _, _, page = app.request(f"/series/{app.seed['playing']}/")

    assert deals_in(mine) == deals_in(theirs) + 1
    assert UPDATING in page


def test_the_page_a_writer_opens_next_reads_the_primary_by_their_cookie(
    cluster, app, replay_paused
):
    version = current_version(app)
    status, headers, _ = record_deal(app, version=version)
    assert status == 201
    assert "read_after=" in headers["Set-Cookie"]
    cookie = {"Cookie": f"read_after={headers['X-Read-After']}"}
    cluster.received()

    _, _, mine = app.request(f"/series/{app.seed['playing']}/", headers=cookie)
    _, _, theirs = app.request(f"/series/{app.seed['playing']}/")

    assert UPDATING not in mine
    assert UPDATING in theirs


def current_version(app) -> int:
    _, _, sheet = app.request(f"/api/v1/series/{app.seed['playing']}")
    return int(re.search(r'"version":\s*(\d+)', sheet).group(1))


def test_a_series_the_standby_has_not_replayed_yet_is_found_on_the_primary(
    cluster, app, replay_paused
):
    status, _, body = app.request(
        "/api/v1/series",
        body={
            "club": app.seed["club"],
            "players": app.seed["others"],
            "first_dealer": app.seed["others"][0],
        },
        headers={"Authorization": f"Token {app.seed['token']}"},
    )
    assert status == 201, body
    cluster.received()
    new = json.loads(body)["id"]

    page, api = app.request(f"/series/{new}/"), app.request(f"/api/v1/series/{new}")

    assert (page[0], api[0]) == (200, 200)  # a spectator without the writer's position


def test_a_replica_lagging_past_the_bound_is_skipped_and_the_primary_answers(cluster, seeded):
    app = standby.serve(cluster, seeded, DATABASE_REPLICA_CHECK="0", DATABASE_REPLICA_MAX_LAG="1")
    try:
        cluster.pause_replay()
        version = current_version(app)
        assert record_deal(app, version=version)[0] == 201
        cluster.received()
        time.sleep(1.5)

        _, _, sheet = app.request(f"/api/v1/series/{seeded['playing']}")

        assert f'"version":{version + 1}' in sheet.replace(" ", "")
    finally:
        cluster.resume_replay()
        log = standby.stop(app)
    assert "skipped" in log and "behind the primary" in log


def test_every_page_answers_while_the_standby_is_down(cluster, app):
    pages = [
        "/",
        f"/clubs/{app.seed['club']}/league/",
        f"/clubs/{app.seed['club']}/league/history/",
        f"/clubs/{app.seed['club']}/league/standings.csv",
        f"/series/{app.seed['playing']}/",
        f"/api/v1/series/{app.seed['playing']}",
        f"/api/v1/clubs/{app.seed['club']}/standings",
        "/rules/",
    ]
    assert app.request(pages[1])[0] == 200  # the app now holds a connection to the standby
    cluster.standby.stop()
    try:
        answers = {page: app.request(page)[0] for page in pages}
    finally:
        cluster.standby.start()
    assert answers == dict.fromkeys(pages, 200)
