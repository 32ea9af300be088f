"""A ranking list across clubs (RULES D-25), pure.

Every closed night (and every championship) a person played is one result:

- its placement score ``r = 1000 × (N − p) / (N − 1)``, N the players ranked,
  p the place, level players sharing the mean of the places they cover (two
  level for 2nd and 3rd are both 2.5, where the night lists them 2, 2);
- its weight: 1, plus 0.5 over 16 players, plus 0.5 more over 32, plus 1 for
  a championship, times its age factor;
- its age factor: 1 for the first 365 days after the night's date (in the
  club's time zone), then falling evenly to 0 at 730 days: no cliff on the
  day a result turns one year old. A result whose factor is 0 no longer
  counts, not even in n.

Part A is the weighted mean of the NA results with the largest r × weight,
NA = ceil(5 + 0.8 × max(n − 5, 0)); part B the weighted mean of the best 4
by r × weight (the best by weight too, which MERS's best-4 ignores). Missing
results, up to 5 for A and 4 for B, count as r = 0 at weight 1. The score is
0.5 × A + 0.5 × B, listed from 2 results on. Level scores share a place, the
next skipping (1, 2, 2, 4): a tie is never given the best place alone.

Two results with the same r × weight: the one of smaller weight is taken
first (the larger mean; r × weight and its sum are the same either way), then
the earlier key, so a list never depends on the order results arrive in.

Everything is exact (``Fraction``); the shell rounds what it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from fractions import Fraction
from math import ceil
from typing import Generic, TypeVar
from zoneinfo import ZoneInfo

FULL_DAYS = 365  # the age factor is 1 up to here …
GONE_DAYS = 730  # … and falls evenly to 0 here
PART_A_FLOOR = 5  # missing results up to 5 count as r = 0 at weight 1 in A
PART_B_SIZE = 4
LISTED_FROM = 2  # results a person needs to be listed
SCALE = 1000

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Result:
    """One night or championship a person played, as D-25 reads it."""

    key: str  # stable: which night ("n<id>") or championship; orders level results
    day: date  # the night's date, in its club's time zone
    ranked: int  # N: the players ranked that night
    place: Fraction  # the mean place shared by level players (1 best)
    championship: bool = False
    zone: str = "UTC"  # the club's time zone: where the night's date turns a day older


def placement_score(ranked: int, place: Fraction) -> Fraction:
    """r = 1000 × (N − p) / (N − 1); a lone player (N = 1) has beaten no one: 0."""
    if ranked < 2:
        return Fraction(0)
    return Fraction(SCALE) * (ranked - Fraction(place)) / (ranked - 1)


def event_weight(ranked: int, championship: bool = False) -> Fraction:
    """1, + 0.5 over 16 players, + 0.5 more over 32, + 1 for a championship."""
    weight = Fraction(1)
    if ranked > 16:
        weight += Fraction(1, 2)
    if ranked > 32:
        weight += Fraction(1, 2)
    if championship:
        weight += 1
    return weight


def age_factor(day: date, today: date) -> Fraction:
    """1 for 365 days after ``day``, then evenly down to 0 at 730 days."""
    days = (today - day).days
    if days <= FULL_DAYS:
        return Fraction(1)
    if days >= GONE_DAYS:
        return Fraction(0)
    return Fraction(GONE_DAYS - days, GONE_DAYS - FULL_DAYS)


def today_in(zone: str, now: datetime) -> date:
    """The day it is in ``zone`` at the aware instant ``now``."""
    return now.astimezone(ZoneInfo(zone)).date()


def part_a_size(results: int) -> int:
    """NA = ceil(5 + 0.8 × max(n − 5, 0))."""
    return ceil(PART_A_FLOOR + Fraction(4, 5) * max(results - PART_A_FLOOR, 0))


def mean_places(places: Sequence[int]) -> list[Fraction]:
    """Each line's mean place from a night's shared places (1, 2, 2, 4 → 1, 2.5, 2.5, 4):
    a group of k level players listed at place p covers p … p + k − 1."""
    sizes: dict[int, int] = {}
    for place in places:
        sizes[place] = sizes.get(place, 0) + 1
    return [place + Fraction(sizes[place] - 1, 2) for place in places]


@dataclass(frozen=True, slots=True)
class Counted:
    """A result as it counts today: the numbers a person checks their score with."""

    result: Result
    r: Fraction
    weight: Fraction  # the event's weight, before its age
    age: Fraction  # the age factor, 0 < age ≤ 1
    in_a: bool
    in_b: bool

    @property
    def aged_weight(self) -> Fraction:
        return self.weight * self.age

    @property
    def value(self) -> Fraction:
        """r × weight, what parts A and B choose by."""
        return self.r * self.aged_weight


@dataclass(frozen=True, slots=True)
class PersonScore:
    score: Fraction
    part_a: Fraction
    part_b: Fraction
    results: int  # n: the results that count (age factor above 0)
    counted: tuple[Counted, ...]  # best r × weight first
    part_a_size: int  # NA
    missing_a: int  # results counted as r = 0 at weight 1 in A
    missing_b: int

    @property
    def listed(self) -> bool:
        return self.results >= LISTED_FROM


def counted_today(result: Result, now: datetime) -> tuple[Fraction, Fraction, Fraction]:
    """(r, weight, age factor) of ``result`` at the instant ``now``."""
    age = age_factor(result.day, today_in(result.zone, now))
    return (
        placement_score(result.ranked, result.place),
        event_weight(result.ranked, result.championship),
        age,
    )


def person_score(results: Iterable[Result], now: datetime) -> PersonScore:
    """A person's D-25 score at the instant ``now`` from every result they played."""
    alive = []
    for result in results:
        r, weight, age = counted_today(result, now)
        if age > 0:
            alive.append((result, r, weight, age))
    alive.sort(key=lambda item: (-item[1] * item[2] * item[3], item[2] * item[3], item[0].key))
    n = len(alive)
    size_a = part_a_size(n)
    chosen_a, chosen_b = min(size_a, n), min(PART_B_SIZE, n)
    counted = tuple(
        Counted(result, r, weight, age, index < chosen_a, index < chosen_b)
        for index, (result, r, weight, age) in enumerate(alive)
    )
    missing_a = size_a - chosen_a  # NA ≥ 5 and NA ≤ n from 5 on: only up to 5 are missing
    missing_b = PART_B_SIZE - chosen_b
    part_a = _weighted_mean(counted[:chosen_a], missing_a)
    part_b = _weighted_mean(counted[:chosen_b], missing_b)
    score = (part_a + part_b) / 2
    return PersonScore(score, part_a, part_b, n, counted, size_a, missing_a, missing_b)


def _weighted_mean(chosen: Sequence[Counted], missing: int) -> Fraction:
    weights = sum((c.aged_weight for c in chosen), Fraction(0)) + missing
    if not weights:
        return Fraction(0)
    return sum((c.value for c in chosen), Fraction(0)) / weights


def next_change(results: Iterable[Result], now: datetime) -> datetime | None:
    """The first instant after ``now`` at which an age factor of ``results``
    changes (a local midnight), or None when none will: when a person's score
    must be counted again though nothing was played."""
    soonest: datetime | None = None
    for result in results:
        zone = ZoneInfo(result.zone)
        today = now.astimezone(zone).date()
        days = (today - result.day).days
        if days >= GONE_DAYS:
            continue
        # The factor first falls on day 366, then every day until day 730.
        if days <= FULL_DAYS:
            turn = result.day + timedelta(days=FULL_DAYS + 1)
        else:
            turn = today + timedelta(days=1)
        at = datetime(turn.year, turn.month, turn.day, tzinfo=zone)
        if soonest is None or at < soonest:
            soonest = at
    return soonest


@dataclass(frozen=True, slots=True)
class Placed(Generic[K]):
    key: K
    score: Fraction
    place: int


def placed(scores: Iterable[tuple[K, Fraction]]) -> list[Placed[K]]:
    """Best score first; level scores share a place and the next skips (1, 2, 2, 4).
    Level lines keep the order they came in."""
    ordered = sorted(scores, key=lambda item: -item[1])
    lines: list[Placed[K]] = []
    for index, (key, score) in enumerate(ordered):
        level = index and score == lines[-1].score
        lines.append(Placed(key, score, lines[-1].place if level else index + 1))
    return lines
