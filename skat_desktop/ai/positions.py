"""Typical solver positions from seeded deals: the benchmark set and test positions.

A "typical" deal is one a declarer would really play: the seat whose hand suits the
game best declares it, takes the skat and buries two cards by a plain rule, and
forehand leads. Random seats with random games would mostly be hands nobody plays.
"""

from __future__ import annotations

from skat_desktop.ai.solver import Position
from skat_desktop.engine.cards import (
    ACE,
    EFFECTIVE_SUIT,
    JACKS,
    POINTS,
    POWER,
    SUIT_MASKS,
    TEN,
    TRUMP,
    GameType,
    cards_of,
    points_of,
    trump_mask,
)
from skat_desktop.engine.dealing import deal_from_seed

GAMES = {"suit": None, "grand": GameType.GRAND, "null": GameType.NULL}


def _suit_strength(hand: int, suit: int) -> int:
    trumps = hand & trump_mask(suit)
    return 3 * trumps.bit_count() + 2 * (hand & JACKS).bit_count() + (hand >> (8 * suit + ACE) & 1)


def _grand_strength(hand: int) -> int:
    aces = sum(hand >> (8 * s + ACE) & 1 for s in range(4))
    tens = sum(hand >> (8 * s + TEN) & 1 and hand >> (8 * s + ACE) & 1 for s in range(4))
    return 4 * (hand & JACKS).bit_count() + 3 * aces + 2 * tens


def _null_strength(hand: int) -> int:
    pw = POWER[GameType.NULL]
    return -sum(pw[c] for c in cards_of(hand))


def _discard(hand12: int, game: GameType) -> int:
    """Two cards to bury: Null sheds its highest cards; otherwise the most points among
    non-trumps that are not aces, shortest suits first."""
    cards = cards_of(hand12)
    if game == GameType.NULL:
        pw = POWER[game]
        cards.sort(key=lambda c: -pw[c])
    else:
        es = EFFECTIVE_SUIT[game]
        length = {s: (hand12 & SUIT_MASKS[s] & ~JACKS).bit_count() for s in range(4)}

        def key(c: int) -> tuple[int, int, int]:
            if es[c] == TRUMP or c & 7 == ACE:
                return (1, 0, 0)
            return (0, length[c >> 3], -POINTS[c])

        cards.sort(key=key)
    return (1 << cards[0]) | (1 << cards[1])


def typical_position(seed: int, kind: str = "suit") -> Position:
    """The opening lead of a typical deal of ``kind``: ``suit``, ``grand`` or ``null``."""
    d = deal_from_seed(seed)
    best = None
    for pos in range(3):
        hand12 = d.hands[pos] | d.skat
        if kind == "suit":
            options = [(_suit_strength(hand12, s), GameType(s)) for s in range(4)]
        elif kind == "grand":
            options = [(_grand_strength(hand12), GameType.GRAND)]
        elif kind == "null":
            options = [(_null_strength(hand12), GameType.NULL)]
        else:
            raise ValueError(f"unknown kind of game {kind!r}")
        strength, game = max(options)
        if best is None or strength > best[0]:
            best = (strength, pos, game)
    _, declarer, game = best
    hand12 = d.hands[declarer] | d.skat
    skat = _discard(hand12, game)
    hands = list(d.hands)
    hands[declarer] = hand12 & ~skat
    return Position(
        game,
        declarer,
        (hands[0], hands[1], hands[2]),
        (),
        0,
        0,
        0 if game == GameType.NULL else points_of(skat),
    )


def benchmark_set(n: int = 200, kind: str = "suit", first_seed: int = 1) -> list[Position]:
    return [typical_position(first_seed + i, kind) for i in range(n)]
