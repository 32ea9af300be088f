"""Every benchmark runs: ``make bench`` runs them all, and one that breaks
would go unseen until someone measures. Each one's ``--help`` loads the whole
script, its imports included, without a database (a module reaching for the
models before Django is set up fails it); each one's ``--smoke`` pass goes
through every part it measures, on tiny sizes, and must print every ratio a
reader reads, each with its number. The figures of a smoke pass mean nothing,
so none is compared with an aim here.

The benchmarks that need PostgreSQL run on the server the suite runs on, each
in a database of its own made for it (a copy of one migrated once for them
all) and dropped afterwards; on SQLite they are skipped."""

from __future__ import annotations

import math
import re
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import psycopg
import pytest

from tests.support.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted(path.name for path in (ROOT / "bench").glob("*.py") if path.name != "__init__.py")
NUMBER = r"(-?[\d,]+(?:\.\d+)?)"

# Each bench's smoke pass: the variable naming its database (None: it needs
# none) and the lines it must print, each with the number a reader reads.
SHORT_PASSES: dict[str, tuple[str | None, list[str]]] = {
    "draws.py": (
        None,
        [
            rf"\(the aim\)\s+\S+\s+\S+\s+{NUMBER}$",
            rf"variance of the pairs' meeting counts\s+\S+\s+\S+\s+{NUMBER}$",
            rf"least any draw can reach.*\s{NUMBER}$",
            rf"earlier meetings at a table: {NUMBER}% fewer",
            rf"time per draw: .* ms, x{NUMBER} the uniform draw",
        ],
    ),
    "melds.py": (
        None,
        [
            rf"^{kind} {workload}.* x\s*{NUMBER}\s"
            for kind in ("solve", "check")
            for workload in ("Continental, 16 cards", "Rummy, 8 cards", "Rummy, 13 cards")
        ],
    ),
    "store.py": (
        "BENCH_DATABASE_URL",
        [
            rf"throughput: store.append / floor {NUMBER}, store.append / eventsourcing {NUMBER}",
            rf"service / floor {NUMBER}, service / eventsourcing {NUMBER}",
            rf"included\) / store.append at 1 writer\(s\): {NUMBER}$",
            rf"in turn in the same processes, from p50 latency .*: {NUMBER}$",
            rf"rounds in turn: median {NUMBER}",
            rf"memory ratio \d+× the log: {NUMBER}× the peak",
        ],
    ),
    "nights.py": (
        "BENCH_DATABASE_URL",
        [
            rf"a lone table's, at a table's pace: median {NUMBER}",
            rf"clubs' tables, flat out: median {NUMBER}",
            rf"before the first deal: {NUMBER} .* queries {NUMBER} → {NUMBER}\)",
        ],
    ),
    "league.py": (
        "BENCH_LEAGUE_DATABASE_URL",
        [
            rf"\(a\) standings page .* ms\s+{NUMBER}× \(c\)",
            rf"\(b\) standings API .* ms\s+{NUMBER}× \(c\)",
            rf"player page .* ms\s+{NUMBER}×",
            rf"player API .* ms\s+{NUMBER}×",
            rf"with\s+\d+ later series\s+\S+ ms\s+{NUMBER}×",
            rf"from the series with\s+\d+ later\s+\S+ s\s+{NUMBER}×",
            rf"time away \(RULES D-26\)\s+\S+ s\s+{NUMBER}×",
            rf"\+ the league's mark\)\s+\S+ ms\s+{NUMBER}×",
        ],
    ),
    "federation.py": (
        "BENCH_FEDERATION_DATABASE_URL",
        [
            rf"\(a\) follower after a night: .* ratio {NUMBER}",
            rf"\(b\) ranking page: .* ratio {NUMBER}",
        ],
    ),
    # Its figures are throughput and latency (no baseline in a closed loop);
    # its verdict is the checks of the log and the projections after the load.
    "load.py": (
        "LOAD_DATABASE_URL",
        [
            rf"{NUMBER} deals acknowledged, {NUMBER} deals/s; request latency p50 {NUMBER} ms",
            r"every acknowledged deal is in the log once; projections equal a rebuild; no 5xx",
        ],
    ),
}


def test_make_bench_runs_every_benchmark():
    makefile = (ROOT / "Makefile").read_text()
    assert all(f"bench/{name}" in makefile for name in BENCHES)


def test_every_benchmark_has_a_short_pass():
    assert sorted(SHORT_PASSES) == BENCHES


def run(name: str, *options: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, f"bench/{name}", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **(env or {})},
    )


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", BENCHES)
def test_the_benchmark_starts(name):
    ran = run(name, "--help")
    assert ran.returncode == 0, ran.stderr
    assert "usage:" in ran.stdout


def server_url(database: str) -> str:
    """``database`` on the PostgreSQL server the suite runs on."""
    from django.conf import settings

    server = settings.DATABASES["default"]
    user = server["USER"] or "postgres"
    password = f":{server['PASSWORD']}" if server["PASSWORD"] else ""
    address = f"{server['HOST'] or '127.0.0.1'}:{server['PORT'] or 5432}"
    return f"postgres://{user}{password}@{address}/{database}"


def drop(database: str) -> None:
    with psycopg.connect(server_url("postgres"), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


@pytest.fixture(scope="module")
def migrated():
    """A database migrated once, which each bench copies instead of migrating."""
    name = f"sk_bench_template_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(server_url("postgres"), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        ran = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=240,
            env={
                "PATH": "/usr/bin:/bin",
                "DATABASE_URL": server_url(name),
                "SECRET_KEY": "bench-" + "x" * 44,
            },
        )
        assert ran.returncode == 0, ran.stderr[-3000:]
        yield name
    finally:
        drop(name)


def short_pass(name: str):
    database, _lines = SHORT_PASSES[name]
    if database is None:
        return name
    marks = [pytest.mark.postgres, pytest.mark.xdist_group("benches")]
    return pytest.param(name, marks=marks)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", [short_pass(name) for name in BENCHES])
def test_the_benchmark_runs_a_short_pass_and_prints_its_ratios(name, request):
    variable, lines = SHORT_PASSES[name]
    env, options, database = {}, ["--smoke"], None
    if variable:
        database = f"sk_bench_{Path(name).stem}_{uuid.uuid4().hex[:8]}"
        env = {
            variable: server_url(database),
            "BENCH_TEMPLATE_DATABASE": request.getfixturevalue("migrated"),
        }
    if name == "load.py":
        options += ["--ports", f"{free_port()},{free_port()}"]
    try:
        with tempfile.TemporaryDirectory() as static:
            ran = run(name, *options, env={**env, "STATIC_ROOT": static})
    finally:
        if database:
            drop(database)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-3000:]
    for line in lines:
        found = re.search(line, ran.stdout, re.MULTILINE)
        assert found, f"{name} --smoke printed no line like {line!r}:\n{ran.stdout}"
        for number in found.groups():
            assert math.isfinite(float(number.replace(",", ""))), found.group(0)
