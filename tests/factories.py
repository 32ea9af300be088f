"""Test data built with the same services the app uses, never by inserting rows."""

from __future__ import annotations

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.domain.cards import parse_cards
from series.domain.events import DealEntry, GoingOut, Hand
from series.sheets import services


def club_with_players(names=("Anna", "Bruno", "Carla", "Dario", "Elena"), *, name="Club"):
    club = club_services.club_create(name=name)
    players = [player_services.player_add(club=club, name=n) for n in names]
    return club, players


def start(club, players, *, first_dealer=None, rules="continental", options=None, **kwargs):
    ids = [p.id for p in players]
    return services.series_start(
        club=club,
        players=ids,
        first_dealer=first_dealer.id if first_dealer else ids[0],
        rules=rules,
        options=options,
        **kwargs,
    )


def entry(went_out, hands, *, groups=None, discard=None, buys=None):
    """A deal entry: ``hands`` maps a player to a card string or to points."""
    return DealEntry(
        went_out=getattr(went_out, "id", went_out),
        hands=tuple(
            Hand(getattr(p, "id", p), cards=tuple(parse_cards(v)))
            if isinstance(v, str)
            else Hand(getattr(p, "id", p), points=v)
            for p, v in hands.items()
        ),
        going_out=None
        if groups is None
        else GoingOut(
            tuple(tuple(parse_cards(g)) for g in groups),
            parse_cards(discard)[0] if discard else None,
        ),
        buys={getattr(p, "id", p): n for p, n in (buys or {}).items()},
    )
