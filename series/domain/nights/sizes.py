"""How many tables a night's players make, and of what size (RULES D-15).

The director chooses the smallest and the largest table; the game says which
sizes it is played at (its registry entry, ``games.get``). The night takes the
fewest tables that seat everyone, as equal in size as possible, largest first:
17 players at 3 to 8 make 6, 6, 5; 9 players at most 5 make 5, 4; at most 3,
3, 3, 3.
"""

from __future__ import annotations

from .. import games
from ..errors import _
from ..rules import CONTINENTAL
from .errors import InvalidNight


def table_sizes(
    players: int, min_table: int, max_table: int, *, game: str = CONTINENTAL
) -> tuple[int, ...]:
    """The sizes of the night's tables, largest first, summing to ``players``.

    Refuses (``InvalidNight``) bounds the game does not seat, and a count of
    players that no tables within the bounds can seat, saying how many players
    are missing or which smallest table would work.
    """
    check_bounds(min_table, max_table, game=game)
    if players < min_table:
        raise InvalidNight(
            _("A table needs at least {low} players; {missing} more must come to play."),
            code="too_few_players",
            field="players",
            low=min_table,
            missing=min_table - players,
        )
    tables = -(-players // max_table)  # the fewest tables of at most max_table
    if tables * min_table > players:
        raise InvalidNight(
            _(
                "{players} players do not fill {tables} tables of {low} to {high}: "
                "{missing} more players are missing, or allow tables of {fit}."
            ),
            code="sizes_do_not_fit",
            field="min_table",
            players=players,
            tables=tables,
            low=min_table,
            high=max_table,
            missing=tables * min_table - players,
            fit=players // tables,
        )
    small, larger = divmod(players, tables)
    return (small + 1,) * larger + (small,) * (tables - larger)


def check_bounds(min_table: int, max_table: int, *, game: str = CONTINENTAL) -> None:
    """Refuse table bounds outside the game's table sizes, or a minimum above the maximum."""
    played = games.get(game)
    low, high = played.min_players, played.max_players
    for name, size in (("min_table", min_table), ("max_table", max_table)):
        if not low <= size <= high:
            raise InvalidNight(
                _(
                    "{game} is played at tables of {low} to {high}; choose a size in between, "
                    "not {size}."
                ),
                code="invalid_table_size",
                field=name,
                game=played.name.capitalize(),
                low=low,
                high=high,
                size=size,
            )
    if min_table > max_table:
        raise InvalidNight(
            _("The smallest table ({low}) is larger than the largest ({high}); swap them."),
            code="invalid_table_size",
            field="min_table",
            low=min_table,
            high=max_table,
        )
