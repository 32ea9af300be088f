"""Benchmark a federation's ranking list (RULES D-25) at a region's size.

    python bench/federation.py [--quick | --smoke]

Builds a federation of 100 clubs, 5,000 players (50 a club; the first of each
club also plays for the next, confirmed: one person) and 10,000 closed nights
(100 a club, eight players at two tables of four placed by their directors,
spread over the last two years) through the restore's bulk path: one night
is played through the services and exported, copied with other players,
clubs, days and streams into a signed backup, and the backup is restored
(``series.backup.archive.import_lines``: every event checked by its stream's
own rules, rows written in batches, the read models rebuilt). A club of its
own forms a federation of one club, the baseline. Then it prints, in the same
run and on the same data:
  (a) the follower's update after one more night closed at a club of the big
      federation, against the same after a night of the federation of one
      club (the aim: at most 2×: it does not grow with the federation), the
      nights taken in turns so that the machine's moods touch both alike;
  (b) the ranking page (the API's first page of the list, with its names)
      against one hand-written SELECT of the same rows (the aim: at most 3×).

``--smoke`` is the suite's check that every part of it runs: two clubs of two
nights, one turn; its figures mean nothing.

It works in its own database (BENCH_FEDERATION_DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/scorekeeper_bench_federation), dropped and
created afresh. Absolute times depend on the machine; read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.store import recreate_database  # noqa: E402

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench_federation"
PER_CLUB = 50  # players of a club
SEATED = 8  # a night's players: two tables of four
TEMPLATE_PLAYER = 900_001  # the template night's first player id: found by value in payloads
TEMPLATE_CLUB = 90_001


def database_url() -> str:
    return os.environ.get("BENCH_FEDERATION_DATABASE_URL", DEFAULT_URL)


def setup_django(url: str) -> None:
    os.environ.update(
        DATABASE_URL=url,
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DEBUG="false",
        HTTPS="false",
        STATIC_MANIFEST="false",
        ALLOWED_HOSTS="testserver",
        LOG_LEVEL="WARNING",
    )
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 44)
    import django

    django.setup()


# -- one night, played through the services --------------------------------------------------


def placed_night(club, players, day, *, actor_id=None):
    """A closed night of ``players`` (eight) at two tables of four, each abandoned
    before its first deal and placed by its director in seat order."""
    from series.nights import services as nights
    from series.sheets import services

    night_id = nights.night_open(club=club, date=day.isoformat(), actor_id=actor_id).night_id
    nights.night_check_in(night_id=night_id, players=players, actor_id=actor_id)
    nights.night_round_draw(night_id=night_id, min_table=4, max_table=4, seed=1)
    tables = nights.night_tables_start(night_id=night_id).state.current_round.tables
    for table in tables:
        services.series_abandon(series_id=table.series, reason="placed by the director")
        order = [[seat] for seat in table.seats]
        nights.night_table_result(night_id=night_id, table=table.number, order=order)
    nights.night_close(night_id=night_id)
    return night_id


class _Undo(Exception):
    pass


def template_events() -> list[dict]:
    """The event records of one night played through the services, then rolled back."""
    from django.db import connection, transaction

    from series.backup import archive
    from series.clubs import players as player_services
    from series.clubs import services as club_services

    kept: list[dict] = []
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"ALTER SEQUENCE series_club_id_seq RESTART WITH {TEMPLATE_CLUB}")
                cursor.execute(
                    f"ALTER SEQUENCE series_player_id_seq RESTART WITH {TEMPLATE_PLAYER}"
                )
            club = club_services.club_create(name="Template")
            players = [
                player_services.player_add(club=club, name=f"T{n}").id for n in range(SEATED)
            ]
            assert players[0] == TEMPLATE_PLAYER and club.id == TEMPLATE_CLUB
            placed_night(club, players, datetime.now(UTC).date())
            for line in archive.export_lines():
                record = json.loads(line)
                if record["kind"] == "event":
                    record.pop("hash")
                    kept.append(record)
            raise _Undo
    except _Undo:
        pass
    return kept


def copied(template: list[dict], club: int, players: list[int], day, position: int) -> list[dict]:
    """The template night at ``club`` on ``day`` with ``players`` in its seats: new
    streams, the template's player and club ids found by value and replaced."""
    streams = {record["stream"] for record in template}
    renamed = {stream: str(uuid.uuid4()) for stream in streams}
    ids = {TEMPLATE_PLAYER + n: player for n, player in enumerate(players)} | {TEMPLATE_CLUB: club}
    at = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)

    def walk(value):
        if isinstance(value, bool):
            return value
        if isinstance(value, int):
            return ids.get(value, value)
        if isinstance(value, str):
            return renamed.get(value, value)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        return value

    records = []
    for offset, record in enumerate(template):
        payload = walk(record["payload"])
        if record["type"] == "NightOpened":
            payload["date"] = day.isoformat()
        records.append(
            {
                **record,
                "position": position + offset,
                "stream": renamed[record["stream"]],
                "club": club,
                "payload": payload,
                "recorded_at": (at + timedelta(seconds=offset)).isoformat(),
                "recorded_by": 1,
                "idempotency_key": None,
                "command_digest": None,
            }
        )
    return records


def backup_lines(template, clubs: int, nights_per_club: int, seed: int = 7) -> list[str]:
    """A signed backup: a user who runs every club, the clubs, their players, and
    every club's nights copied from the template."""
    from series.backup import archive

    rng = random.Random(seed)
    today = datetime.now(UTC).date()
    records: list[dict] = [
        {
            "kind": "header",
            "format": archive.FORMAT,
            "version": archive.FORMAT_VERSION,
            "club": None,
            "accounts": False,
        },
        {"kind": "user", "id": 1, "username": "bench", "is_active": True},
    ]
    total = clubs + 1  # the last: the federation of one club
    for club in range(1, total + 1):
        records.append(
            {
                "kind": "club",
                "id": club,
                "slug": f"club-{club}",
                "name": f"Club {club}",
                "public": True,
                "default_rules": {},
                "time_zone": "",
                "deals_need_confirmation": False,
            }
        )
    for club in range(1, total + 1):
        for n in range(PER_CLUB):
            player = (club - 1) * PER_CLUB + n + 1
            records.append(
                {"kind": "player", "id": player, "club": club, "name": f"P{player}", "user": None}
            )
    for club in range(1, total + 1):
        records.append({"kind": "member", "club": club, "user": 1, "role": "admin"})
    position = 1
    for club in range(1, total + 1):
        first = (club - 1) * PER_CLUB + 1
        roster = list(range(first, first + PER_CLUB))
        for n in range(nights_per_club):
            day = today - timedelta(days=1 + n * 700 // nights_per_club)
            night = copied(template, club, rng.sample(roster, SEATED), day, position)
            position += len(night)
            records.extend(night)
    records.append({"kind": "end", "lines": len(records)})
    previous, lines = archive.GENESIS, []
    key = archive.signing_key()
    for record in records:
        previous = archive._chain(previous, record, key)
        lines.append(json.dumps({**record, "hash": previous}) + "\n")
    return lines


# -- the measures ---------------------------------------------------------------------------

RANKING_SQL = """
SELECT s.person, s.players, s.score, s.part_a, s.part_b, s.results,
       RANK() OVER (ORDER BY s.score DESC) AS place, p.name
FROM series_federationstanding s
LEFT JOIN series_player p ON p.id = (s.players ->> 0)::int
WHERE s.federation_id = %s AND s.game = %s
ORDER BY s.score DESC, s.person
LIMIT 50
"""


def median_seconds(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10 clubs, 1,000 nights")
    parser.add_argument("--smoke", action="store_true", help="2 clubs, 4 nights: does it run")
    options = parser.parse_args()
    clubs, nights_per_club, turns, repeats = (
        (2, 2, 1, 3) if options.smoke else (10, 100, 5, 30) if options.quick else (100, 100, 9, 30)
    )
    url = database_url()
    recreate_database(url)
    setup_django(url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from series.backup import archive
    from series.clubs import membership
    from series.clubs import players as player_services
    from series.eventstore import projectors
    from series.federations import persons, services
    from series.models import Club, PlayedNight

    call_command("migrate", verbosity=0)
    template = template_events()
    lines = backup_lines(template, clubs, nights_per_club)
    started = time.perf_counter()
    events = archive.import_lines(lines)
    print(
        f"restored {events:,} events of {clubs * nights_per_club + nights_per_club:,} nights "
        f"in {time.perf_counter() - started:.0f} s"
    )
    user = Club.objects.get(id=1).memberships.get().user
    big = services.federation_create(user=user, name="Big", slug="big").federation
    solo = services.federation_create(user=user, name="Solo", slug="solo").federation
    for club in Club.objects.order_by("id"):
        federation = solo if club.id == clubs + 1 else big
        services.club_join(federation=federation, club=club, user=user)
    # The first player of each club also plays for the next club: one person each,
    # their account linked by both clubs' admin and both players confirmed.
    for club in range(1, clubs):
        person = get_user_model().objects.create_user(f"person-{club}")
        for one in (club, club + 1):
            player = (one - 1) * PER_CLUB + 1
            membership.member_set(club=Club.objects.get(id=one), user=person, role="member")
            player_services.player_link(
                club=Club.objects.get(id=one), player_id=player, user_id=person.id
            )
            persons.link_confirm(user=person, club_slug=f"club-{one}", player_id=player)
    started = time.perf_counter()
    projectors.follow_log()
    print(
        f"the follower read the log in {time.perf_counter() - started:.0f} s: "
        f"{PlayedNight.objects.count():,} results"
    )

    def one_more(club_id: int) -> float:
        club = Club.objects.get(id=club_id)
        first = (club_id - 1) * PER_CLUB + 1
        players = random.sample(range(first, first + PER_CLUB), SEATED)
        placed_night(club, players, datetime.now(UTC).date())
        start = time.perf_counter()
        projectors.follow_log()
        return time.perf_counter() - start

    in_big, in_solo = [], []
    for turn in range(turns):
        in_big.append(one_more(1 + turn % clubs))
        in_solo.append(one_more(clubs + 1))
    big_update, solo_update = statistics.median(in_big), statistics.median(in_solo)
    print(
        f"(a) follower after a night: {big_update * 1000:.1f} ms in {clubs} clubs, "
        f"{solo_update * 1000:.1f} ms in one club: ratio {big_update / solo_update:.2f} "
        "(aim <= 2)"
    )

    client = Client()
    address = "/api/v1/federations/big/ranking?game=continental&limit=50"
    assert client.get(address).status_code == 200
    page = median_seconds(lambda: client.get(address), repeats)

    def select():
        with connection.cursor() as cursor:
            cursor.execute(RANKING_SQL, [big.id, "continental"])
            cursor.fetchall()

    floor = median_seconds(select, repeats)
    print(
        f"(b) ranking page: {page * 1000:.1f} ms, one SELECT {floor * 1000:.1f} ms: "
        f"ratio {page / floor:.2f} (aim <= 3)"
    )


if __name__ == "__main__":
    main()
