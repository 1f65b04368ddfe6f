"""Cards, card sets as bit masks, and the per-game rank tables.

A card is an ``int`` 0..31: ``suit * 8 + rank`` with suits clubs, spades, hearts,
diamonds (0..3, the order of their base values 12, 11, 10, 9) and ranks 7, 8, 9, T,
J, Q, K, A (0..7). A set of cards is an ``int`` bit mask, so that following suit,
counting points and the solver's inner loops are a handful of integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

SUITS = "CSHD"
RANKS = "789TJQKA"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
SUIT_NAMES_DE = ("Kreuz", "Pik", "Herz", "Karo")
GERMAN_DECK_SUITS = ("Eichel", "Grün", "Herz", "Schellen")
RANK_NAMES = ("7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
RANK_NAMES_DE = ("7", "8", "9", "10", "Bube", "Dame", "König", "Ass")
SUIT_SYMBOLS = "♣♠♥♦"

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

FULL_DECK = (1 << 32) - 1
RANK_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
POINTS = tuple(RANK_POINTS[c & 7] for c in range(32))
JACKS = sum(1 << (s * 8 + JACK) for s in range(4))
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))


class GameType(IntEnum):
    """What is played. The four suit games share their number with the trump suit."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6

    @property
    def is_suit(self) -> bool:
        return self <= 3

    @property
    def trumps_jacks(self) -> bool:
        return self != GameType.NULL

    @property
    def label(self) -> str:
        return self.name.lower()


GAME_NAMES = {g.label: g for g in GameType}

TRUMP = 4  # the effective "suit" of every trump card


def card(code: str) -> int:
    """Parse a card code such as ``CJ``, ``HT`` or ``D10``."""
    text = code.strip().upper()
    if text.endswith("10"):
        text = text[:-2] + "T"
    if len(text) != 2 or text[0] not in SUITS or text[1] not in RANKS:
        raise ValueError(f"unknown card {code!r}: expected a suit C/S/H/D and a rank 7-A, e.g. CJ")
    return SUITS.index(text[0]) * 8 + RANKS.index(text[1])


def code(c: int) -> str:
    """The two-letter code of a card (``CJ``, ``HT``)."""
    return SUITS[c >> 3] + RANKS[c & 7]


def unicode_name(c: int) -> str:
    """A short display name with the suit symbol, e.g. ``♣J`` or ``♥10``."""
    rank = "10" if c & 7 == TEN else RANKS[c & 7]
    return SUIT_SYMBOLS[c >> 3] + rank


def english_name(c: int) -> str:
    return f"{RANK_NAMES[c & 7]} of {SUIT_NAMES[c >> 3]}"


def german_name(c: int, german_deck: bool = False) -> str:
    """German name, French deck (``Kreuz Bube``) or German deck (``Eichel Unter``)."""
    if german_deck:
        ranks = ("7", "8", "9", "10", "Unter", "Ober", "König", "Daus")
        return f"{GERMAN_DECK_SUITS[c >> 3]} {ranks[c & 7]}"
    return f"{SUIT_NAMES_DE[c >> 3]} {RANK_NAMES_DE[c & 7]}"


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_BYTE_CARDS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_SHIFTED = tuple(
    tuple(tuple(8 * s + i for i in _BYTE_CARDS[b]) for b in range(256)) for s in range(4)
)


def cards_of(m: int) -> list[int]:
    """The cards of a mask in ascending card number."""
    return [
        *_SHIFTED[0][m & 0xFF],
        *_SHIFTED[1][(m >> 8) & 0xFF],
        *_SHIFTED[2][(m >> 16) & 0xFF],
        *_SHIFTED[3][(m >> 24) & 0xFF],
    ]


def parse_cards(codes: Iterable[str]) -> list[int]:
    return [card(c) for c in codes]


def codes(cards: Iterable[int]) -> list[str]:
    return [code(c) for c in cards]


def points_of(m: int) -> int:
    """Card points in a mask (A 11, T 10, K 4, Q 3, J 2)."""
    total = 0
    for s in range(4):
        b = (m >> (8 * s)) & 0xFF
        if b:
            total += POINTS_BY_BYTE[b]
    return total


POINTS_BY_BYTE = tuple(sum(RANK_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))


def _build_tables():
    """Effective suit, rank power and effective-suit masks for every game type."""
    eff: list[tuple[int, ...]] = []
    power: list[tuple[int, ...]] = []
    suit_masks: list[tuple[int, ...]] = []
    # plain suits in trump games rank A T K Q 9 8 7; Null ranks A K Q J T 9 8 7
    plain_power = {SEVEN: 0, EIGHT: 1, NINE: 2, QUEEN: 3, KING: 4, TEN: 5, ACE: 6}
    null_power = {SEVEN: 0, EIGHT: 1, NINE: 2, TEN: 3, JACK: 4, QUEEN: 5, KING: 6, ACE: 7}
    for g in GameType:
        e = [0] * 32
        p = [0] * 32
        for c in range(32):
            s, r = c >> 3, c & 7
            if g == GameType.NULL:
                e[c], p[c] = s, null_power[r]
            elif r == JACK:
                # CJ > SJ > HJ > DJ, above every other trump
                e[c], p[c] = TRUMP, 20 + (3 - s)
            elif g.is_suit and s == g:
                e[c], p[c] = TRUMP, plain_power[r]
            else:
                e[c], p[c] = s, plain_power[r]
        m = [0] * 5
        for c in range(32):
            m[e[c]] |= 1 << c
        eff.append(tuple(e))
        power.append(tuple(p))
        suit_masks.append(tuple(m))
    return tuple(eff), tuple(power), tuple(suit_masks)


EFFECTIVE_SUIT, POWER, EFFECTIVE_MASKS = _build_tables()


def trump_mask(game: GameType | int) -> int:
    """All trumps of a game (jacks plus the trump suit; none in Null)."""
    return EFFECTIVE_MASKS[game][TRUMP]


def legal_cards(hand: int, led: int | None, game: GameType | int) -> int:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (RULES.md §5.5)."""
    if led is None:
        return hand
    follow = hand & EFFECTIVE_MASKS[game][EFFECTIVE_SUIT[game][led]]
    return follow or hand


def beats(a: int, b: int, game: GameType | int) -> bool:
    """Whether card ``a`` played later beats the so-far winning card ``b``."""
    es = EFFECTIVE_SUIT[game]
    if es[a] == es[b]:
        return POWER[game][a] > POWER[game][b]
    return es[a] == TRUMP


def trick_winner(trick: tuple[int, int, int] | list[int], game: GameType | int) -> int:
    """Index (0..2, in playing order) of the card that wins a full trick (§5.6)."""
    es = EFFECTIVE_SUIT[game]
    pw = POWER[game]
    best = 0
    bc = trick[0]
    for i in (1, 2):
        c = trick[i]
        if (es[c] == es[bc] and pw[c] > pw[bc]) or (es[c] == TRUMP and es[bc] != TRUMP):
            best, bc = i, c
    return best


def trump_order(game: GameType | int) -> list[int]:
    """Trumps from highest to lowest (RULES.md §2.2): jacks, then A T K Q 9 8 7."""
    jacks = [s * 8 + JACK for s in range(4)]
    if game == GameType.GRAND or game == GameType.RAMSCH:
        return jacks
    if game == GameType.NULL:
        return []
    return jacks + [game * 8 + r for r in (ACE, TEN, KING, QUEEN, NINE, EIGHT, SEVEN)]


def alternating_suits(game: GameType | int | None = None) -> list[int]:
    """The plain suits in an order whose colours alternate (black, red) where they can."""
    g = GameType.GRAND if game is None else GameType(game)
    plain = [s for s in (CLUBS, HEARTS, SPADES, DIAMONDS) if not (g.is_suit and s == g)]
    black = [s for s in plain if s in (CLUBS, SPADES)]
    red = [s for s in plain if s in (HEARTS, DIAMONDS)]
    major, minor = (black, red) if len(black) >= len(red) else (red, black)
    out = []
    for i, s in enumerate(major):
        out.append(s)
        if i < len(minor):
            out.append(minor[i])
    return out


def sort_for_display(cards: Iterable[int], game: GameType | int | None = None) -> list[int]:
    """Trumps first (highest first), then the plain suits with alternating colours."""
    g = GameType.GRAND if game is None else GameType(game)
    suit_rank = {s: i for i, s in enumerate(alternating_suits(g))}
    es = EFFECTIVE_SUIT[g]
    pw = POWER[g]

    def key(c: int) -> tuple[int, int]:
        e = es[c]
        group = -1 if e == TRUMP else suit_rank[e]
        return (group, -pw[c])

    return sorted(cards, key=key)
