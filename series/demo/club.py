"""The demo club: two seasons of Continental Rummy, really played.

Every deal is dealt from a shuffled pack and played by the bots of
``demo.table`` until one goes out (the meld solver decides); the scorer
then records it through the same services a person uses, with every hand's
cards and the winner's groups, so the history passes the same checks as a
live entry. Now and then the scorer mistypes a deal and corrects it, voids a
misdeal, or a table is abandoned, so the audit trail has something to show.
Then the club plays a championship (``demo/championship.py``) and two club
nights (``demo/nights.py``), and runs a federation with a second club
(``demo/federation.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.demo.championship import play_championship
from series.demo.federation import create_demo_federation
from series.demo.nights import play_club_nights
from series.demo.table import play_deal
from series.domain.events import DealEntry, GoingOut, Hand
from series.eventstore import projectors
from series.models import Club
from series.sheets import services

SLUG = "demo"
PLAYERS = ("Giulia", "Mateo", "Camille", "Daan", "Alice", "Marco", "Lucía", "Sven")
GAME_NIGHT = 4  # Friday
DEAL_MINUTES = 12
MISDEAL = "Misdeal: 14 cards to one player."


def game_nights(first: date, last: date, every_days: int = 7) -> list[date]:
    day = first + timedelta(days=(GAME_NIGHT - first.weekday()) % 7)
    nights = []
    while day <= last:
        nights.append(day)
        day += timedelta(days=every_days)
    return nights


def create_demo_club(
    *,
    seed: int = 2025,
    seasons: int = 2,
    every_days: int = 7,
    password: str,
    progress: Callable[[int, int], None] | None = None,
    club_nights: bool = True,
) -> Club:
    """Create the public ``demo`` club, its admin ``demo`` and its history: its
    weekly table over the seasons and, with ``club_nights``, two club nights."""
    rng = random.Random(seed)
    today = timezone.localdate()
    nights = game_nights(date(today.year - seasons + 1, 1, 1), today, every_days)
    with transaction.atomic():
        user = get_user_model().objects.create_user("demo", password=password)
        club = club_services.club_create(name="Demo club", slug=SLUG, public=True, admin=user)
        players = [player_services.player_add(club=club, name=name).id for name in PLAYERS]
        for done, night in enumerate(nights, start=1):
            _play_night(club, players, night, user.id, rng)
            if progress is not None:
                progress(done, len(nights))
        if club_nights:
            play_championship(club, players, user.id, rng)
            play_club_nights(club, players, user.id, rng)
            create_demo_federation(club, user, rng)
    # The scorer's corrections of finished series leave the league to its
    # catch-up: run it now, so the demo's league is complete at once.
    projectors.follow_log()
    return club


def _play_night(club: Club, players: list[int], night: date, scorer: int, rng) -> None:
    present = rng.sample(players, rng.choice([4, 5, 5, 6, 6, 7, 8]))
    split = len(present) == 8 and rng.random() < 0.5
    tables = [present[:4], present[4:]] if split else [present]
    start = timezone.make_aware(datetime.combine(night, time(19, 30)))
    for table in tables:
        preset = "continental-13" if len(table) == 8 else "continental"
        _play_series(club, table, preset, start, scorer, rng)


def _play_series(club, table: list[int], preset: str, start: datetime, scorer: int, rng) -> None:
    clock = iter(start + timedelta(minutes=DEAL_MINUTES * i) for i in range(1000))
    result = services.series_start(
        club=club,
        players=table,
        first_dealer=rng.choice(table),
        rules=preset,
        actor_id=scorer,
        recorded_at=next(clock),
    )
    series_id, state = result.series_id, result.state
    rules = state.setup.rules
    while state.is_open:
        if state.deals and rng.random() < 0.005:
            services.series_abandon(
                series_id=series_id,
                reason="The café closed early.",
                actor_id=scorer,
                recorded_at=next(clock),
            )
            return
        played = play_deal(rules, state.next_players, state.next_dealer, rng)
        entry = _entry(played)
        meta = {"actor_id": scorer, "recorded_at": next(clock)}
        asked = {"needs_confirmation": club.deals_need_confirmation}
        if rng.random() < 0.04:  # a misdeal, recorded before anyone noticed
            services.deal_record(series_id=series_id, entry=entry, **meta, **asked)
            state = services.deal_void(
                series_id=series_id, number=state.next_number, reason=MISDEAL, **meta
            ).state
            continue
        if rng.random() < 0.05:  # points typed in a hurry, then the cards counted
            hurried = _with_points_typo(entry, rules, rng)
            state = services.deal_record(series_id=series_id, entry=hurried, **meta, **asked).state
            state = services.deal_correct(
                series_id=series_id,
                number=state.deals[-1].number,
                entry=entry,
                reason="Counted the cards again.",
                **meta,
                **asked,
            ).state
            continue
        state = services.deal_record(series_id=series_id, entry=entry, **meta, **asked).state


def _entry(played) -> DealEntry:
    return DealEntry(
        went_out=played.went_out,
        hands=tuple(Hand(player, cards=cards) for player, cards in played.hands.items()),
        going_out=GoingOut(played.groups, played.discard),
    )


def _with_points_typo(entry: DealEntry, rules, rng) -> DealEntry:
    """The same deal with one player's points typed instead of their cards, off by 10."""
    hands = list(entry.hands)
    index = rng.randrange(len(hands))
    points = sum(card.penalty for card in hands[index].cards)
    low, high = rules.points_range()
    typed = points + 10 if points + 10 <= high else points - 10
    hands[index] = Hand(hands[index].player, points=max(low, typed))
    return DealEntry(entry.went_out, tuple(hands), entry.going_out)
