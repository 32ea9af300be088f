"""How a deal is scored and when a series ends.

The series fold asks these functions and knows no game by name: each asks the
game of the rules (``rules.game_object``). The checks every card game shares
(who went out, buys, the hands and their cards, the going-out groups, the
pack) and the lowest-total settlement live here for the games to use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from series.domain.cards import Card
from series.domain.errors import InvalidCards, InvalidDeal, InvalidGoingOut, _
from series.domain.events import DealEntry, Hand, Outcome
from series.domain.melds import check_arrangement, check_groups
from series.domain.rules import Rules


def score_deal(
    rules: Rules, contenders: Sequence[int], entry: DealEntry, *, number: int
) -> dict[int, int]:
    """Validate a deal entry against the rules and return each player's score.

    Refusals name the deal, the player and the card at fault (RULES §4).
    """
    return rules.game_object.score_deal(rules, contenders, entry, number=number)


def checked_penalties(
    rules: Rules, contenders: Sequence[int], entry: DealEntry, *, number: int
) -> dict[int, int]:
    """A card game's deal entry checked; the penalty each player who did not
    go out holds."""
    _check_went_out(rules, contenders, entry, number)
    _check_buys(rules, contenders, entry, number)
    penalties = _hand_penalties(rules, contenders, entry, number)
    _check_going_out(rules, entry, number)
    _check_deal_fits_pack(rules, entry, number)
    return penalties


def _check_went_out(rules: Rules, contenders: Sequence[int], entry: DealEntry, number: int):
    if entry.went_out is None:
        if not rules.game_object.winnerless_deals:
            raise InvalidDeal(
                _("Deal {number}: say who went out."),
                code="missing_went_out",
                number=number,
                field="went_out",
            )
        if entry.rummy and not rules.game_object.rummy_claimable(None):
            raise InvalidDeal(
                _("Deal {number}: nobody went out, so nobody made a Rummy."),
                code="rummy_without_winner",
                number=number,
                field="rummy",
            )
        return
    if entry.went_out not in contenders:
        raise _not_in_deal(entry.went_out, number, "went_out")
    if entry.rummy and not rules.game_object.rummy_claimable(entry.went_out):
        raise InvalidDeal(
            _("Deal {number}: a Rummy bonus exists only in standard Rummy."),
            code="rummy_not_allowed",
            number=number,
            field="rummy",
        )


def _not_in_deal(player: int, number: int, field: str) -> InvalidDeal:
    return InvalidDeal(
        _("Deal {number}: player {player} is not playing this deal."),
        code="player_not_in_deal",
        number=number,
        player=player,
        field=field,
    )


def _check_buys(rules: Rules, contenders: Sequence[int], entry: DealEntry, number: int):
    if entry.buys and not rules.option("buys"):
        raise InvalidDeal(
            _("Deal {number}: buying the discard is not a rule of this series."),
            code="buys_not_allowed",
            number=number,
            field="buys",
        )
    for player, count in entry.buys.items():
        if player not in contenders:
            raise _not_in_deal(player, number, "buys")
        if not 0 <= count <= 10:
            raise InvalidDeal(
                _("Deal {number}: player {player} cannot have bought {count} discards."),
                code="invalid_buys",
                number=number,
                player=player,
                count=count,
                field="buys",
            )


def _hand_penalties(
    rules: Rules, contenders: Sequence[int], entry: DealEntry, number: int
) -> dict[int, int]:
    expected = [p for p in contenders if p != entry.went_out]
    seen: set[int] = set()
    penalties: dict[int, int] = {}
    for hand in entry.hands:
        if hand.player not in expected:
            if hand.player == entry.went_out:
                raise InvalidDeal(
                    _("Deal {number}: player {player} went out and holds no cards."),
                    code="hand_of_winner",
                    number=number,
                    player=hand.player,
                    field="hands",
                )
            raise _not_in_deal(hand.player, number, "hands")
        if hand.player in seen:
            raise InvalidDeal(
                _("Deal {number}: player {player} is entered twice."),
                code="duplicate_hand",
                number=number,
                player=hand.player,
                field="hands",
            )
        seen.add(hand.player)
        penalties[hand.player] = _hand_penalty(rules, hand, entry.buys_of(hand.player), number)
    missing = [p for p in expected if p not in seen]
    if missing:
        raise InvalidDeal(
            _("Deal {number}: enter the cards or points of player {player}."),
            code="missing_hand",
            number=number,
            player=missing[0],
            field="hands",
        )
    return penalties


def _hand_penalty(rules: Rules, hand: Hand, buys: int, number: int) -> int:
    if (hand.cards is None) == (hand.points is None):
        raise InvalidDeal(
            _("Deal {number}: give either the cards or the points of player {player}."),
            code="cards_or_points",
            number=number,
            player=hand.player,
            field="hands",
        )
    low, high = rules.cards_left_range(buys)
    if hand.cards is not None:
        count = len(hand.cards)
        if not low <= count <= high:
            held = str(low) if low == high else f"{low}–{high}"
            raise InvalidCards(
                _("Deal {number}: player {player} has {count} cards left; the rules allow {held}."),
                code="wrong_card_count",
                number=number,
                player=hand.player,
                count=count,
                held=held,
                field="hands",
            )
        _check_copies(
            rules,
            hand.cards,
            _("Deal {number}: player {player} holds {count} × {card} but the pack holds {copies}."),
            number=number,
            player=hand.player,
        )
        return sum(rules.card_value(card) for card in hand.cards)
    low_points, high_points = rules.points_range(buys)
    if isinstance(hand.points, bool) or not low_points <= hand.points <= high_points:
        raise InvalidDeal(
            _(
                "Deal {number}: {points} points for player {player} is impossible; "
                "the rules allow {low} to {high}."
            ),
            code="impossible_points",
            number=number,
            player=hand.player,
            points=hand.points,
            low=low_points,
            high=high_points,
            field="hands",
        )
    return hand.points


def _going_out_cards(entry: DealEntry) -> list[Card]:
    if entry.going_out is None:
        return []
    cards = [card for group in entry.going_out.groups for card in group]
    if entry.going_out.discard is not None:
        cards.append(entry.going_out.discard)
    return cards


def _check_going_out(rules: Rules, entry: DealEntry, number: int) -> None:
    if entry.going_out is None:
        return
    if entry.went_out is None:
        raise InvalidDeal(
            _("Deal {number}: nobody went out, so there are no going-out groups."),
            code="going_out_without_winner",
            number=number,
            field="going_out",
        )
    if rules.game_object.rummy_claims and not entry.rummy:
        # RULES §3: melds are laid turn by turn; only a Rummy can be checked from the hand.
        raise InvalidDeal(
            _(
                "Deal {number}: in standard Rummy only a Rummy (the whole hand melded in "
                "one turn) can be checked from the hand; mark the deal as a Rummy or leave "
                "the groups out."
            ),
            code="going_out_needs_rummy",
            number=number,
            field="going_out",
        )
    if rules.option("relaxed"):
        # Groups laid turn by turn: only the groups shown can be checked.
        verdict = check_groups(rules, entry.going_out.groups)
    else:
        verdict = check_arrangement(
            rules,
            entry.going_out.groups,
            entry.going_out.discard,
            buys=entry.buys_of(entry.went_out),
        )
    if not verdict.valid:
        reason = verdict.reasons[0]
        raise InvalidGoingOut(
            _("Deal {number}: player {player} cannot go out: {reason}"),
            number=number,
            player=entry.went_out,
            reason=reason.message,
            field="going_out",
        )


def _check_deal_fits_pack(rules: Rules, entry: DealEntry, number: int) -> None:
    held: list[tuple[int | None, Card]] = [(entry.went_out, c) for c in _going_out_cards(entry)]
    for hand in entry.hands:
        held.extend((hand.player, card) for card in hand.cards or ())
    over = rules.pack.excess([card for _player, card in held])
    if over:
        card, count = over[0]
        raise InvalidCards(
            _(
                "Deal {number}: the hands of {holders} hold {count} × {card} together, "
                "but the pack holds {copies}."
            ),
            code="card_not_in_pack",
            field="hands",
            number=number,
            count=count,
            card=card.label(),
            copies=rules.pack.copies(card),
            # One player id per copy held, so the message says who holds how many.
            holders=tuple(player for player, held_card in held if held_card == card),
        )


def _check_copies(rules: Rules, cards, template: str, **params) -> None:
    over = rules.pack.excess(cards)
    if over:
        card, count = over[0]
        raise InvalidCards(
            template,
            code="card_not_in_pack",
            field="hands",
            count=count,
            card=card.label(),
            copies=rules.pack.copies(card),
            **params,
        )


def deal_winners(entry: DealEntry, penalties: Mapping[int, int]) -> tuple[int, ...]:
    """Who won the deal: who went out or, with nobody out, the lowest hand."""
    if entry.went_out is not None:
        return (entry.went_out,)
    # RULES §3: with nobody out, the lowest hand total wins the deal.
    lowest = min(penalties.values())
    return tuple(p for p, points in penalties.items() if points == lowest)


# -- the end of a series ------------------------------------------------------


def leaders(rules: Rules, totals: Mapping[int, int], eliminated: Iterable[int] = ()) -> set[int]:
    """Who stands best now among the players still in: the lowest total, or the
    highest where the game says so (winner takes all)."""
    out = set(eliminated)
    standing = {player: total for player, total in totals.items() if player not in out}
    if not standing:
        return set()
    best = max if rules.higher_wins else min
    top = best(standing.values())
    return {player for player, total in standing.items() if total == top}


def outcome(
    rules: Rules,
    seats: Sequence[int],
    totals: Mapping[int, int],
    *,
    regular_deals: int,
    previous: Outcome,
) -> Outcome:
    """Where the series stands after a deal, given the totals so far."""
    standing = Standing(tuple(seats), totals, regular_deals, previous)
    return rules.game_object.outcome(rules, standing)


@dataclass(frozen=True, slots=True)
class Standing:
    """A series after a deal, for its game to say what comes next."""

    seats: tuple[int, ...]
    totals: Mapping[int, int]
    regular_deals: int  # deals that count, tiebreaks aside
    previous: Outcome  # where the series stood before the deal


def settle(pool: Iterable[int], totals: Mapping[int, int]) -> Outcome:
    """The lowest total wins; a tie at the lowest calls a tiebreak among the tied."""
    pool = tuple(pool)
    lowest = min(totals[p] for p in pool)
    tied = tuple(p for p in pool if totals[p] == lowest)
    if len(tied) == 1:
        return Outcome(True, False, (), winner=tied[0])
    return Outcome(False, True, tied)
