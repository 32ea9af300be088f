"""Benchmark the league's standings against one hand-written SQL aggregate.

    python bench/league.py [--quick | --smoke]

Builds a public club with 2,000 finished series of six players (about 12,000
deals) in one season: random valid series are played through the domain in
memory, their events are COPied into the log, and the projections (the
league's included: results and ratings, season standings, club records) are
rebuilt. Then it times, with Django's test client and DEBUG off, the median
of many requests to
  (a) the standings page (standings and club records),
  (b) the standings API,
and, in the same run on the same data,
  (c) the floor: one hand-written SELECT giving the same figures (series
      played and won, deals, went out, points, tiebreaks, the strength mu
      after the season's last series) from the league's results,
  (d) for context, one SELECT giving the same figures but the rating
      straight from the score sheets (deals and scores),
and prints the times and the ratios to (c). The aim: (a) within 3× of (c).
Then it corrects the first deal of an old series again and again, of one
with 10 later series and of one with all the others after it, and prints the
median time of each correction and their ratio (the aim: at most 1.5×, the
rating walk being left to the catch-up outside the request), and how long
the catch-up then takes (``projectors.follow_log``, run beside the server).
Last, it records a few more series into that season through the services and
prints the median time of a deal, and of the deal that finishes a series (it
marks the club's league behind), and their ratio (the aim: at most 2×); and
the median time the league's follower then takes to count each of them
(results, ratings, standings, records, summaries), outside the request; and
the whole history counted again with the ratings' model (RULES D-26) against
the walk it replaced, in turns (the aim: within 2×).

``--smoke`` is the suite's check that every part of it runs: 12 series (the
fewest with a series 10 later ones follow), a few repetitions of each; its
figures mean nothing.

It works in its own database (BENCH_LEAGUE_DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/scorekeeper_bench_league), dropped and
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

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench_league"
PLAYERS = 12
SMALL_HISTORY = 10  # series of the short history a player's page is compared with
SEATS = 6


def database_url() -> str:
    return os.environ.get("BENCH_LEAGUE_DATABASE_URL", DEFAULT_URL)


def setup_django(url: str) -> None:
    """Production-like settings: DEBUG off, so no query log in memory; plain
    HTTP and unhashed static names, so the test client needs no TLS or
    collectstatic."""
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


# -- the history ----------------------------------------------------------------


def play_series(rng: random.Random, club_id: int, seats: tuple[int, ...], rules) -> list:
    """A finished series played through the domain: every deal valid."""
    from series.domain.events import DealEntry, Hand
    from series.domain.series import RecordDeal, SeriesState, StartSeries, decide, fold

    events = decide(SeriesState(), StartSeries(club_id, seats, seats[0], rules))
    state = fold(events)
    while state.is_open:
        players = state.next_players
        goer = rng.choice(players)
        hands = tuple(Hand(p, points=rng.randint(15, 120)) for p in players if p != goer)
        new = decide(state, RecordDeal(DealEntry(goer, hands)))
        state = fold(new, state)
        events += new
    return events


def generate_history(url: str, series: int, club_id: int, players: list[int], year: int) -> int:
    """COPY ``series`` random finished series into the log, spread over ``year``."""
    import psycopg

    from series.domain.rules import rules_from
    from series.eventstore.mapper import to_payload

    rng = random.Random(7)
    rules = rules_from()
    start = datetime(year, 1, 1, 12, tzinfo=UTC)
    step = timedelta(days=364) / series
    deals = 0
    with psycopg.connect(url) as conn, conn.cursor() as cursor:
        with cursor.copy(
            "COPY series_event (stream, club_id, version, type, payload, schema_version,"
            " recorded_at) FROM STDIN"
        ) as copy:
            for index in range(series):
                events = play_series(rng, club_id, tuple(rng.sample(players, SEATS)), rules)
                deals += len(events) - 1
                stream, at = uuid.uuid4(), start + index * step
                for version, event in enumerate(events, start=1):
                    type_name, payload = to_payload(event)
                    row = (stream, club_id, version, type_name, json.dumps(payload), 1, at)
                    copy.write_row(row)
        conn.commit()
    return deals


# -- the floor: one SELECT --------------------------------------------------------

RESULTS_SQL = """
SELECT r.person_id, p.name, COUNT(*), COUNT(*) FILTER (WHERE r.won), SUM(r.deals),
       SUM(r.went_out), SUM(r.total), COUNT(*) FILTER (WHERE r.tiebreak),
       COUNT(*) FILTER (WHERE r.tiebreak AND r.won),
       (SELECT l.mu FROM series_seriesresult l
         WHERE l.person_id = r.person_id AND l.club_id = %(club)s AND l.game = 'continental'
           AND l.started_at >= %(first)s AND l.started_at < %(after)s
         ORDER BY l.started_at DESC, l.series_id DESC LIMIT 1)
  FROM series_seriesresult r JOIN series_player p ON p.id = r.person_id
 WHERE r.club_id = %(club)s AND r.game = 'continental'
   AND r.started_at >= %(first)s AND r.started_at < %(after)s
 GROUP BY r.person_id, p.name
"""

SHEETS_SQL = """
SELECT s.player_id, p.name, COUNT(DISTINCT s.series_id),
       COUNT(DISTINCT s.series_id) FILTER (WHERE h.winner_id = s.player_id), COUNT(*),
       COUNT(*) FILTER (WHERE l.went_out_id = s.player_id), SUM(s.points),
       COUNT(DISTINCT s.series_id) FILTER (WHERE l.tiebreak),
       COUNT(DISTINCT s.series_id) FILTER (WHERE l.tiebreak AND h.winner_id = s.player_id)
  FROM series_dealscore s
  JOIN series_dealline l ON l.series_id = s.series_id AND l.number = s.number
  JOIN series_seriessheet h ON h.id = s.series_id
  JOIN series_player p ON p.id = s.player_id
 WHERE h.club_id = %(club)s AND h.status = 'finished' AND h.rules ->> 'game' = 'continental'
   AND h.started_at >= %(first)s AND h.started_at < %(after)s AND NOT l.void
 GROUP BY s.player_id, p.name
"""


def run_sql(sql: str, params: dict) -> list[tuple]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def analyze() -> None:
    """Refresh the planner's statistics, as autovacuum would after a bulk load."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


# -- timing -----------------------------------------------------------------------


def median_ms(work, repetitions: int) -> float:
    work()  # warm up: caches, prepared plans, templates
    times = []
    for _ in range(repetitions):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def interleaved_medians_ms(works: dict, repetitions: int) -> dict:
    """Median ms of each of ``works``, run in turn within every repetition, so
    that a change in the machine's load falls on all of them alike."""
    for work in works.values():
        work()  # warm up
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(repetitions):
        for name, work in works.items():
            started = time.perf_counter()
            work()
            times[name].append(time.perf_counter() - started)
    return {name: statistics.median(spent) * 1000 for name, spent in times.items()}


def time_player_pages(client, clubs: dict, reps: int) -> None:
    """A player's page and API, for a player of a short and of a long history:
    the aim is that the long one costs at most 1.5× the short one. Their sizes
    in bytes are printed too (the API's first page of series: 50 by default)."""
    from series.models import SeriesResult

    played, sizes, works = {}, {}, {}
    for size, (club, player) in clubs.items():
        played[size] = SeriesResult.objects.filter(person=player).count()
        page_url = f"/clubs/{club.slug}/players/{player}/"
        api_url = f"/api/v1/players/{player}"
        page, api = client.get(page_url), client.get(api_url)
        for response in (page, api):
            assert response.status_code == 200, response.status_code
        sizes[size] = (len(page.content), len(api.content))
        works[size, "page"] = lambda url=page_url: client.get(url)
        works[size, "api"] = lambda url=api_url: client.get(url)
    ms = interleaved_medians_ms(works, reps)
    short, long = played["small"], played["large"]
    page_short, page_long = ms["small", "page"], ms["large", "page"]
    api_short, api_long = ms["small", "api"], ms["large", "api"]
    print(f"\nA player's record: {short} series against {long}, median of {reps} requests each,")
    print("  the four requests taking turns")
    for name, a, b in [("player page", page_short, page_long), ("player API", api_short, api_long)]:
        print(f"  {name:<12} {a:8.2f} ms → {b:8.2f} ms   {b / a:5.2f}×")
    for name, a, b in zip(("page bytes", "API bytes"), sizes["small"], sizes["large"], strict=True):
        print(f"  {name:<12} {a:8d}    → {b:8d}      {b / a:5.2f}×")
    flat = page_long <= 1.5 * page_short and api_long <= 1.5 * api_short
    print(f"  aim: at most 1.5× the short history's: {'yes' if flat else 'NO'}")


def time_deals(club, players: list[int], series: int, year: int) -> tuple[float, float, float]:
    """Median ms of a deal through the service, of the deal that finishes a
    series (which also marks the club's league behind), and of the league's
    follower counting that series after it (its results, ratings, its season's
    standings, the club's records and its persons' summaries). The series are
    the season's last."""
    from series.domain.events import DealEntry, Hand
    from series.eventstore import projectors
    from series.sheets import services

    rng = random.Random(11)
    evening = datetime(year, 12, 31, 20, tzinfo=UTC)
    plain, finishing, follower = [], [], []
    for index in range(series):
        # Each series starts after the one before, as at a real table: one that
        # shared its start time with others would not finish the season's last.
        when = evening + timedelta(minutes=index)
        seats = rng.sample(players, SEATS)
        started = services.series_start(
            club=club, players=seats, first_dealer=seats[0], recorded_at=when
        )
        state = started.state
        while state.is_open:
            goer = rng.choice(state.next_players)
            hands = tuple(
                Hand(p, points=rng.randint(15, 120)) for p in state.next_players if p != goer
            )
            clock = time.perf_counter()
            state = services.deal_record(
                series_id=started.series_id,
                entry=DealEntry(goer, hands),
                recorded_at=when,
                needs_confirmation=False,  # as the API passes the club it read
            ).state
            (plain if state.is_open else finishing).append(time.perf_counter() - clock)
        clock = time.perf_counter()
        projectors.follow_log()
        follower.append(time.perf_counter() - clock)
    return tuple(statistics.median(times) * 1000 for times in (plain, finishing, follower))


def time_corrections(club, repetitions: int) -> None:
    """Median ms of correcting deal 1 of a series with 10 later series, and of
    one with every other series after it: the request only marks the league
    behind, so both should cost the same. After each, the catch-up, timed
    once: it counts again from the corrected series on."""
    from series.eventstore import projectors
    from series.models import SeriesSheet
    from series.sheets import services

    sheets = list(SeriesSheet.objects.filter(club=club).order_by("started_at", "id"))
    cases = {"recent": len(sheets) - 11, "oldest": 0}
    times, catch_ups = {}, {}
    for name, index in cases.items():
        series_id = sheets[index].id
        deal = services.series_load(series_id).deals[0]

        def correct(series_id=series_id, entry=deal.entry):
            services.deal_correct(series_id=series_id, number=1, entry=entry, reason="Recount.")

        times[name] = (len(sheets) - 1 - index, median_ms(correct, repetitions))
        started = time.perf_counter()
        projectors.follow_log()
        catch_ups[name] = time.perf_counter() - started
    (recent, fast), (oldest, slow) = times["recent"], times["oldest"]
    print(f"\nCorrecting deal 1 of a finished series, median of {repetitions} corrections")
    print(f"  with {recent:>5} later series {fast:8.2f} ms")
    print(f"  with {oldest:>5} later series {slow:8.2f} ms   {slow / fast:5.2f}×")
    print(f"  aim: at most 1.5× with the longer history: {'yes' if slow <= 1.5 * fast else 'NO'}")
    print("The catch-up then, outside any request, once each")
    print(f"  from the series with {recent:>5} later {catch_ups['recent']:8.2f} s")
    print(
        f"  from the series with {oldest:>5} later {catch_ups['oldest']:8.2f} s   "
        f"{catch_ups['oldest'] / catch_ups['recent']:5.1f}×"
    )


def check_same_figures(club, year: int, rows: list[tuple]) -> None:
    """The page's selector and the hand-written SELECT agree, figure for figure."""
    from series.league import selectors

    choice = selectors.season_choice(club, str(year))
    table = selectors.standings(club, "continental", choice)
    ours = {
        row.player: (
            row.figures.series_played,
            row.figures.series_won,
            row.figures.deals_played,
            row.figures.went_out,
            row.figures.penalty_total,
            row.figures.tiebreaks_played,
            row.figures.tiebreaks_won,
            row.mu,  # the rating shown grows sigma to the season's last day (RULES D-26)
        )
        for row in table.rows
    }
    floor = {row[0]: tuple(row[2:]) for row in rows}
    if ours != floor:
        raise SystemExit(f"the standings differ from the SQL aggregate:\n{ours}\n{floor}")


def time_recounts(club, rounds: int) -> None:
    """The club's whole history counted again (results, ratings, standings,
    records, summaries: what the upgrade to RULES D-26 has the follower do),
    with the ratings' model and with the walk it replaced (Plackett-Luce, no
    time away), in turns; the last turn leaves the new model's figures."""
    from django.db import transaction
    from openskill.models import PlackettLuce

    from series.domain.league import rating
    from series.league.projection import club_time, recount_club

    model, daily = rating.MODEL, rating.DAILY_VARIANCE

    def recount(walk_model, walk_daily) -> float:
        rating.MODEL, rating.DAILY_VARIANCE = walk_model, walk_daily
        try:
            started = time.perf_counter()
            with transaction.atomic(), club_time(club.time_zone):
                recount_club(club.id)
            return time.perf_counter() - started
        finally:
            rating.MODEL, rating.DAILY_VARIANCE = model, daily

    old, new = [], []
    for _ in range(rounds):
        old.append(recount(PlackettLuce(), 0.0))
        new.append(recount(model, daily))
    ratios = sorted(n / o for n, o in zip(new, old, strict=True))
    ratio = statistics.median(ratios)
    print(f"\nThe whole history counted again ({rounds} turns of each, median)")
    before, after = statistics.median(old), statistics.median(new)
    print(f"  with the walk it replaced (Plackett-Luce, no time away) {before:8.2f} s")
    print(
        f"  with Bradley-Terry full and time away (RULES D-26)      {after:8.2f} s"
        f"   {ratio:5.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f})"
    )
    print(f"  aim: within 2× of the walk it replaced: {'yes' if ratio <= 2 else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--series", type=int, default=2000)
    parser.add_argument("--repetitions", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--smoke", action="store_true", help="12 series: does it run")
    args = parser.parse_args()
    if args.quick:
        args.series, args.repetitions = 300, 30
    corrections, recounts = max(5, args.repetitions // 10), 3
    more_series = max(3, args.repetitions // 20)
    if args.smoke:
        args.series, args.repetitions, corrections, recounts, more_series = 12, 3, 2, 1, 1
    url = database_url()
    recreate_database(url)
    setup_django(url)
    from django.core.management import call_command
    from django.test import Client

    from series.clubs import players as player_services
    from series.clubs import services as club_services
    from series.eventstore import projectors
    from series.models import SeriesResult
    from series.sheets import projection

    call_command("migrate", verbosity=0)
    club = club_services.club_create(name="Bench league", public=True)
    players = [
        player_services.player_add(club=club, name=f"Player {i + 1}").id for i in range(PLAYERS)
    ]
    year = datetime.now(UTC).year - 1
    print(f"Playing {args.series} series of {SEATS} players in memory…")
    started = time.perf_counter()
    deals = generate_history(url, args.series, club.id, players, year)
    small = club_services.club_create(name="Bench small club", public=True)
    few = [
        player_services.player_add(club=small, name=f"Player {i + 1}").id for i in range(PLAYERS)
    ]
    deals += generate_history(url, SMALL_HISTORY, small.id, few, year)
    print(f"  {deals} deals in {time.perf_counter() - started:.1f} s; rebuilding projections…")
    started = time.perf_counter()
    events = projection.rebuild()
    projectors.follow_log()  # the follower, running beside the server, reads the log once
    analyze()
    results = SeriesResult.objects.count()
    print(f"  {events} events, {results} league results, in {time.perf_counter() - started:.1f} s")

    params = {
        "club": club.id,
        "first": datetime(year, 1, 1, tzinfo=UTC),
        "after": datetime(year + 1, 1, 1, tzinfo=UTC),
    }
    check_same_figures(club, year, run_sql(RESULTS_SQL, params))
    client = Client()
    page_url = f"/clubs/{club.slug}/league/?season={year}"
    api_url = f"/api/v1/clubs/{club.slug}/standings?season={year}"
    for response in (client.get(page_url), client.get(api_url)):
        assert response.status_code == 200, response.status_code

    reps = args.repetitions
    print(f"\nStandings of one season: {args.series} series, median of {reps} requests")
    # In turn within every repetition, so that the machine's load (another
    # benchmark beside this one) falls on the page and the floor alike.
    medians = interleaved_medians_ms(
        {
            "floor": lambda: run_sql(RESULTS_SQL, params),
            "sheets": lambda: run_sql(SHEETS_SQL, params),
            "page": lambda: client.get(page_url),
            "api": lambda: client.get(api_url),
        },
        reps,
    )
    floor, sheets, page, api = (medians[name] for name in ("floor", "sheets", "page", "api"))
    for name, ms in [
        ("(a) standings page (standings + club records)", page),
        ("(b) standings API", api),
        ("(c) one hand-written SELECT over the results (floor)", floor),
        ("(d) one SELECT over the score sheets, no rating", sheets),
    ]:
        print(f"  {name:<54} {ms:8.2f} ms   {ms / floor:5.2f}× (c)")
    verdict = "yes" if page <= 3 * floor else "NO"
    if args.quick or args.smoke:
        verdict += " (a short history: the page's fixed costs outweigh the floor)"
    print(f"  aim: the page within 3× of (c): {verdict}")

    time_player_pages(client, {"small": (small, few[0]), "large": (club, players[0])}, reps)

    time_corrections(club, corrections)

    time_recounts(club, recounts)

    count = more_series
    plain, finishing, follower = time_deals(club, players, count, year)
    ratio = finishing / plain
    print(f"\nRecording into that season ({count} more series, median)")
    print(f"  a deal through the service                              {plain:8.2f} ms")
    print(
        f"  the deal that finishes a series (+ the league's mark)   {finishing:8.2f} ms"
        f"   {ratio:5.2f}×"
    )
    print(f"  aim: the finishing deal at most 2× a deal: {'yes' if ratio <= 2 else 'NO'}")
    print(f"  then the league's follower counts it, outside the request {follower:6.2f} ms")


if __name__ == "__main__":
    main()
