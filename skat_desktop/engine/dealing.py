"""Seeded shuffle, cut and deal (RULES.md §5.2), seating and dealer rotation (§5.1).

The shuffle uses our own documented generator (SplitMix64) rather than Python's
``random``: a stored deal is its seed, and it must deal the same cards in every
Python version and in any other program that reads our game records.
"""

from __future__ import annotations

from dataclasses import dataclass

from skat_desktop.engine.cards import FULL_DECK, mask

_M64 = (1 << 64) - 1

# Deck index -> receiver for the 3-skat-4-3 deal (vector DL1): 0 FH, 1 MH, 2 RH, 3 skat.
DEAL_PATTERN = (
    (0,) * 3
    + (1,) * 3
    + (2,) * 3
    + (3,) * 2
    + (0,) * 4
    + (1,) * 4
    + (2,) * 4
    + (0,) * 3
    + (1,) * 3
    + (2,) * 3
)


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014): tiny, fast, fully specified."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _M64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in 0..n-1 (modulo of a 64-bit draw; the bias is below 2^-58)."""
        return self.next() % n


@dataclass(frozen=True, slots=True)
class DealtCards:
    """The cards of a deal by position (forehand, middlehand, rearhand) and the skat."""

    hands: tuple[int, int, int]  # bit masks
    skat: int

    def __post_init__(self) -> None:
        masks = (*self.hands, self.skat)
        total = 0
        for m in masks:
            if total & m:
                raise ValueError("a card is dealt twice")
            total |= m
        sizes = [m.bit_count() for m in masks]
        if total != FULL_DECK or sizes != [10, 10, 10, 2]:
            raise ValueError("a deal needs 10 cards for each player and 2 in the skat")


def shuffled_deck(seed: int) -> list[int]:
    """Fisher-Yates shuffle of cards 0..31 driven by SplitMix64(seed), then a cut."""
    rng = SplitMix64(seed)
    deck = list(range(32))
    for i in range(31, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return cut(deck, 4 + rng.below(25))


def cut(deck: list[int], k: int) -> list[int]:
    """Lift ``k`` cards off the top; each packet must hold at least 4 cards (DL5)."""
    if not 4 <= k <= len(deck) - 4:
        raise ValueError(f"a cut must leave at least 4 cards in each packet (got {k})")
    return deck[k:] + deck[:k]


def deal_deck(deck: list[int]) -> DealtCards:
    """Deal a 32-card deck 3 - skat 2 - 4 - 3, starting with forehand (DL1)."""
    if sorted(deck) != list(range(32)):
        raise ValueError("a deck must hold each of the 32 cards once")
    piles: list[list[int]] = [[], [], [], []]
    for c, to in zip(deck, DEAL_PATTERN, strict=True):
        piles[to].append(c)
    return DealtCards((mask(piles[0]), mask(piles[1]), mask(piles[2])), mask(piles[3]))


def deal_from_seed(seed: int) -> DealtCards:
    return deal_deck(shuffled_deck(seed))


def active_seats(table_size: int, dealer: int) -> tuple[int, int, int]:
    """Table seats of forehand, middlehand and rearhand (DL1-DL3).

    At 3 the dealer plays rearhand; at 4 he sits out; at 5+ the player to his right
    is rearhand.
    """
    if table_size < 3:
        raise ValueError("Skat needs at least three players")
    if not 0 <= dealer < table_size:
        raise ValueError("the dealer must sit at the table")
    fh = (dealer + 1) % table_size
    mh = (dealer + 2) % table_size
    if table_size == 3:
        rh = dealer
    elif table_size == 4:
        rh = (dealer + 3) % table_size
    else:
        rh = (dealer - 1) % table_size
    return fh, mh, rh


def dealer_of(deal_number: int, table_size: int, first_dealer: int = 0) -> int:
    """Dealer of the n-th deal (0-based) of a series: clockwise, passed-in deals count (DL4)."""
    return (first_dealer + deal_number) % table_size
