"""Series and tournament evaluation of one table's score sheet (RULES.md §1D rows 43-44, §2.10).

A series ends with one :class:`PlayerTally` per table member. The rating methods turn these
tallies into one number per player; :func:`rank` orders players by those numbers with the
SkTO 5.1 tie-breaks. Everything here is pure: the caller builds the tallies from its records.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = [
    "METHODS",
    "PlayerTally",
    "evaluate",
    "pre1999_rating",
    "rank",
    "running_total",
    "seeger_fabian",
    "texas_match_points",
]

Id = TypeVar("Id", bound=Hashable)

WON_LOST_POINTS = 50  # SkTO 5.1, S1 MatchPoint 1, S4 A4.5: ±50 per game won/lost
SEEGER_FABIAN_BONUS = {3: 40, 4: 30}  # per loss of another table member [S0 SkTO 5.1; E4]
TEXAS_LOSS_BONUS = {3: 45, 4: 30}  # per loss of another player [S1 MatchPoint 2-3]
TEXAS_MATADOR_BONUS = 50  # per matador above four when playing "without" [S1 MatchPoint 4]
PRE1999_DEFENDER_BONUS = 40  # per game the soloist lost against this defender [S4 A4.5]


@dataclass(frozen=True)
class PlayerTally:
    """One player's series summary at one table: the input of every rating method.

    ``won`` and ``lost`` count the games this player declared (a Texas Ramsch winner counts one
    won game, a Ramsch loser one lost game [S1 Rule 6]); passed-in deals count neither.
    ``defended_lost`` counts games a soloist lost while this player was an *active* defender
    (pre-1999, A-P7: a sitting-out dealer gets nothing). ``without_matadors`` holds one
    ``(n, won)`` pair per game this player declared "without n" (Texas, A-T7); games "with"
    matadors need no entry. The losses of the *other* players are not stored here: they are
    read from the other tallies of the same table.
    """

    game_points: int
    won: int = 0
    lost: int = 0
    defended_lost: int = 0
    without_matadors: tuple[tuple[int, bool], ...] = ()

    def __post_init__(self) -> None:
        if self.won < 0 or self.lost < 0 or self.defended_lost < 0:
            raise ValueError("games won, lost and defended-lost cannot be negative")
        for n, _won in self.without_matadors:
            if not 1 <= n <= 11:
                raise ValueError(f"'without {n}' is not a possible matador count (1..11)")


def _check_table(tallies: Sequence[PlayerTally], table_size: int, bonus: dict[int, int]) -> int:
    """Return the per-loss bonus of this table size, refusing a mismatched table."""
    if table_size not in bonus:
        raise ValueError(f"a table has 3 or 4 members, not {table_size}")
    if len(tallies) != table_size:
        raise ValueError(
            f"{len(tallies)} tallies for a {table_size}-table: pass every member, "
            "the dealer included"
        )
    return bonus[table_size]


def _others_lost(tallies: Sequence[PlayerTally]) -> list[int]:
    """For each player, the games lost by the other members of the table."""
    total = sum(t.lost for t in tallies)
    return [total - t.lost for t in tallies]


def seeger_fabian(tallies: Sequence[PlayerTally], table_size: int) -> list[int]:
    """ISkO series rating [S0 SkTO 5.1, 8.11; E4].

    game points + 50 × (won − lost) + bonus × games lost by the other members of the table,
    with bonus 40 at a 3-table and 30 at a 4-table (the sitting-out dealer is a member, so
    his own losses count for the others and theirs for him).
    """
    bonus = _check_table(tallies, table_size, SEEGER_FABIAN_BONUS)
    return [
        t.game_points + WON_LOST_POINTS * (t.won - t.lost) + bonus * others
        for t, others in zip(tallies, _others_lost(tallies), strict=True)
    ]


def _matador_bonus(tally: PlayerTally, won_only: bool) -> int:
    """Texas bonus 50 × (n − 4) for each game declared "without n", n > 4 (A-T7)."""
    return sum(
        TEXAS_MATADOR_BONUS * (n - 4)
        for n, won in tally.without_matadors
        if n > 4 and (won or not won_only)
    )


def texas_match_points(
    tallies: Sequence[PlayerTally], table_size: int, won_only: bool = False
) -> list[int]:
    """Texas match-point rating [S1 MatchPoint 1-4].

    50 × (won − lost) + 30 (4-handed) or 45 (3-handed) per loss of another player + the
    matador bonus, added to the game points (A-T6). ``won_only`` is the profile option
    ``texas_matador_bonus_won_only``: count the matador bonus of won games only (A-T7).
    """
    per_loss = _check_table(tallies, table_size, TEXAS_LOSS_BONUS)
    return [
        t.game_points
        + WON_LOST_POINTS * (t.won - t.lost)
        + per_loss * others
        + _matador_bonus(t, won_only)
        for t, others in zip(tallies, _others_lost(tallies), strict=True)
    ]


def pre1999_rating(tallies: Sequence[PlayerTally]) -> list[int]:
    """Pre-1999 official rating [S4 A4.5].

    game points + 50 per won and − 50 per lost declared game + 40 per game a soloist lost
    while this player was one of the two active defenders (A-P7). Table size plays no part.
    """
    return [
        t.game_points
        + WON_LOST_POINTS * (t.won - t.lost)
        + PRE1999_DEFENDER_BONUS * t.defended_lost
        for t in tallies
    ]


def running_total(tallies: Sequence[PlayerTally]) -> list[int]:
    """Club/house default: the plain score-sheet total, no bonuses."""
    return [t.game_points for t in tallies]


METHODS: dict[str, Callable[[Sequence[PlayerTally], int, bool], list[int]]] = {
    "seeger_fabian": lambda t, size, _w: seeger_fabian(t, size),
    "texas_match_points": texas_match_points,
    "pre1999_rating": lambda t, _size, _w: pre1999_rating(t),
    "running_total": lambda t, _size, _w: running_total(t),
}


def evaluate(
    method: str, tallies: Sequence[PlayerTally], table_size: int, won_only: bool = False
) -> list[int]:
    """Rate one table with the profile's ``tournament_scoring`` method.

    ``won_only`` is the profile's ``texas_matador_bonus_won_only`` and only matters for
    ``texas_match_points``.
    """
    try:
        fn = METHODS[method]
    except KeyError:
        raise ValueError(
            f"unknown tournament scoring {method!r}: choose one of {', '.join(METHODS)}"
        ) from None
    return fn(tallies, table_size, won_only)


def _lot_key(seed: int, player: Hashable) -> float:
    """A reproducible draw for one player: depends only on the seed and the player's id."""
    # String seeds go through SHA-512 in random.Random, so the draw is the same on every run
    # and platform (unlike hash()), and it does not depend on the order players were passed.
    return random.Random(f"skat-lot:{seed}:{player!r}").random()


def rank(
    ids: Sequence[Id],
    scores: Sequence[int],
    tallies: Sequence[PlayerTally],
    lot_seed: int | None = 0,
) -> list[tuple[int, Id]]:
    """Order players for the result list with the SkTO 5.1 tie-breaks.

    Higher score first, then more games won, then fewer games lost, then lot. The lot is a
    deterministic pseudo-random draw from ``lot_seed`` and each player's id (so a replay of
    the same event gives the same list; the organiser publishes the seed). With
    ``lot_seed=None`` no lot is drawn: players equal on all three criteria share a place
    (1, 1, 3, ...). Returns ``(place, id)`` pairs, best first.
    """
    if not len(ids) == len(scores) == len(tallies):
        raise ValueError("ids, scores and tallies must have the same length")
    if len(set(ids)) != len(ids):
        raise ValueError("player ids must be unique")

    def merit(i: int) -> tuple[int, int, int]:
        return (-scores[i], -tallies[i].won, tallies[i].lost)

    if lot_seed is None:
        order = sorted(range(len(ids)), key=merit)
    else:
        order = sorted(range(len(ids)), key=lambda i: (*merit(i), _lot_key(lot_seed, ids[i])))

    result: list[tuple[int, Id]] = []
    for pos, i in enumerate(order):
        if lot_seed is None and pos > 0 and merit(order[pos - 1]) == merit(i):
            place = result[-1][0]
        else:
            place = pos + 1
        result.append((place, ids[i]))
    return result
