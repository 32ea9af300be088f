"""ARCHITECTURE.md is the map a newcomer reads first: every path it names exists."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "ARCHITECTURE.md"
NAMED = re.compile(r"`((?:series|tests|templates|static|bench|scorekeeper|\.ci)/[\w./<>-]*)`")


def named_paths() -> list[str]:
    return sorted({path.rstrip("/") for path in NAMED.findall(MAP.read_text())})


def test_every_path_the_map_names_exists():
    paths = [path for path in named_paths() if "<" not in path]
    assert len(paths) > 20  # the map names the folders and their key modules
    assert [path for path in paths if not (ROOT / path).exists()] == []


def test_the_map_stays_a_map():
    assert len(MAP.read_text().splitlines()) <= 250
