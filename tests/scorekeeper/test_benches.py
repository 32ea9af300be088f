"""Every benchmark starts: ``make bench`` runs them all, and one that breaks as
it is imported (a module reaching for the models before Django is set up)
would go unseen until someone measures. Each one's ``--help`` loads the whole
script, its imports included, without a database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHES = sorted(path.name for path in (ROOT / "bench").glob("*.py") if path.name != "__init__.py")


def test_make_bench_runs_every_benchmark():
    makefile = (ROOT / "Makefile").read_text()
    assert all(f"bench/{name}" in makefile for name in BENCHES)


@pytest.mark.parametrize("name", BENCHES)
def test_the_benchmark_starts(name):
    ran = subprocess.run(
        [sys.executable, f"bench/{name}", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert ran.returncode == 0, ran.stderr
    assert "usage:" in ran.stdout
