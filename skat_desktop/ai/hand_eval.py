"""Hand evaluation: which game a hand can play, how high to bid, what to discard.

Pure functions on bit masks (see :mod:`skat_desktop.engine.cards`), shared by every
level that bids by rules rather than by simulation. The win chances come from small
logistic models over hand features (trump length, jacks, aces, tens with or without
their ace, side-suit losers, voids, position; for Null the "gaps" of every suit).
Their weights were fitted on about 800,000 beginner-level play-outs of forced
contracts (24,000 random deals, every hand, every game type, with and without the
skat; ``benchmarks/beginner_selfplay.py --calibrate`` repeats the fit and prints
calibration tables), so an estimate means "how often a declarer wins this with
simple card play against simple defenders".

Everything here decides from the cards a seat may know: its 10 (or 12) cards, the
profile and its position.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from skat_desktop.engine.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    JACKS,
    KING,
    POINTS,
    POWER,
    SPADES,
    TEN,
    GameType,
    cards_of,
    points_of,
    trump_mask,
)
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import ceil_to, game_value, matadors, null_below_bid_result

SUIT_GAMES = (GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS)
TRUMP_GAMES = (*SUIT_GAMES, GameType.GRAND)
CJ, SJ, HJ, DJ = (s * 8 + JACK for s in (CLUBS, SPADES, HEARTS, DIAMONDS))

# Seeger-Fabian points that ride on a declared game at a 3-table: +50 for a win;
# -50 for a loss and 40 to each defender (counted against the declarer).
WIN_BONUS = 50
LOSS_MALUS = 50 + 80
# The models were fitted against beginner defenders; a bid must still pay off with
# this much less chance (people and stronger levels defend better).
BID_MARGIN = 0.05

# ------------------------------------------------------------------ per-suit tables
#
# A suit's cards as one byte: bit r is rank r (7 8 9 T J Q K A). In trump games the
# jack bit is cleared first (jacks are trumps); in Null it is an ordinary card.

_A, _T, _K = 1 << ACE, 1 << TEN, 1 << KING


def _side_tables():
    length, aces, at, bare_ten, ten_no_ace, losers, long_ = ([] for _ in range(7))
    for b in range(256):
        b &= ~(1 << JACK)
        n = b.bit_count()
        a = bool(b & _A)
        t = bool(b & _T)
        length.append(n)
        aces.append(int(a))
        at.append(int(a and t))
        bare_ten.append(int(t and n == 1))
        ten_no_ace.append(int(t and not a and n >= 2))
        # losers: which of A, T, K are missing among the top min(n, 3) cards
        tops = (_A, _T, _K)[: min(n, 3)]
        losers.append(sum(1 for m in tops if not b & m))
        long_.append(max(0, n - 3) if a and t else 0)
    return (
        tuple(length),
        tuple(aces),
        tuple(at),
        tuple(bare_ten),
        tuple(ten_no_ace),
        tuple(losers),
        tuple(long_),
    )


LEN, ACES, AT, BARE_TEN, TEN_NO_ACE, LOSERS, LONG = _side_tables()


def _null_excess(b: int) -> int:
    """How far a suit's cards stand above the always-safe pattern 7 9 J K (k-th card <= 2k)."""
    out = 0
    for k, r in enumerate(i for i in range(8) if b >> i & 1):
        out += max(0, r - 2 * k)
    return out


NULL_EXCESS = tuple(_null_excess(b) for b in range(256))


def _bytes(hand: int) -> tuple[int, int, int, int]:
    return hand & 0xFF, (hand >> 8) & 0xFF, (hand >> 16) & 0xFF, (hand >> 24) & 0xFF


# ------------------------------------------------------------------ features


def suit_features(hand: int, game: int, position: int) -> tuple[float, ...]:
    """Features of a 10-card hand for a suit game (``game`` 0..3)."""
    bs = _bytes(hand)
    trump_byte = bs[game] & ~(1 << JACK)
    ntr = (hand & JACKS).bit_count() + trump_byte.bit_count()
    aces = at = bare = tna = voids = losers = 0
    for s in range(4):
        if s == game:
            continue
        b = bs[s]
        aces += ACES[b]
        at += AT[b]
        bare += BARE_TEN[b]
        tna += TEN_NO_ACE[b]
        losers += LOSERS[b]
        voids += LEN[b] == 0
    return (
        ntr,
        max(0, ntr - 5),
        hand >> CJ & 1,
        hand >> SJ & 1,
        hand >> HJ & 1,
        hand >> DJ & 1,
        trump_byte >> ACE & 1,
        trump_byte >> TEN & 1,
        aces,
        at,
        bare,
        tna,
        voids,
        losers,
        position == 0,
    )


def grand_features(hand: int, position: int) -> tuple[float, ...]:
    """Features of a 10-card hand for a Grand."""
    bs = _bytes(hand)
    aces = at = bare = tna = voids = losers = long_ = 0
    for b in bs:
        aces += ACES[b]
        at += AT[b]
        bare += BARE_TEN[b]
        tna += TEN_NO_ACE[b]
        losers += LOSERS[b]
        long_ += LONG[b]
        voids += LEN[b] == 0
    nj = (hand & JACKS).bit_count()
    return (
        hand >> CJ & 1,
        hand >> SJ & 1,
        hand >> HJ & 1,
        hand >> DJ & 1,
        max(0, nj - 2),
        aces,
        at,
        bare,
        tna,
        long_,
        voids,
        losers,
        position == 0,
    )


def null_features(hand: int, position: int) -> tuple[float, ...]:
    """Features of a 10-card hand for a Null game."""
    total = unsafe = worst = voids = high = capped = 0
    low_lead = 7
    for b in _bytes(hand):
        if not b:
            voids += 1
            continue
        e = NULL_EXCESS[b]
        total += e
        unsafe += e > 0
        capped += min(e, 2)
        worst = max(worst, e)
        high += (b >> 5).bit_count()  # Q K A
        low_lead = min(low_lead, (b & -b).bit_length() - 1)
    return (
        total,
        unsafe,
        worst,
        capped,
        total == 0,
        voids,
        high,
        low_lead if position == 0 else 0,
    )


# ------------------------------------------------------------------ models
#
# Logistic models: P(win) = 1 / (1 + exp(-(bias + w . features))). "pre" models judge
# the 10 dealt cards of a game with skat pick-up (the skat still to come); "final"
# models judge the 10 cards the declarer plays with, plus the card points lying in
# the skat (known after a pick-up, expected for a Hand game).

# Feature order: suit_features (+ skat points for "final"): trumps, trumps above 5,
# CJ, SJ, HJ, DJ, trump ace, trump ten, side aces, side aces with ten, bare tens,
# other tens, voids, side losers, forehand. grand_features: CJ, SJ, HJ, DJ, jacks
# above 2, aces, aces with ten, bare tens, other tens, long-suit cards, voids,
# losers, forehand. null_features: excess, unsafe suits, worst suit, capped excess,
# all safe, voids, queens-kings-aces, forehand's lowest lead.
# fmt: off
SUIT_PRE = (-6.54, (0.75, 0.67, 0.96, 1.10, 0.88, 0.76, 0.81, 0.32, 1.07, 0.28, 0.48, 0.34, 0.20, -0.07, 0.13))  # noqa: E501
SUIT_FINAL = (-10.97, (0.83, 1.02, 1.36, 1.57, 1.25, 1.06, 1.14, 0.45, 1.70, 0.39, -0.17, 0.68, 0.57, -0.05, 0.13, 0.08))  # noqa: E501
GRAND_PRE = (-4.68, (1.83, 1.52, 1.47, 1.44, 0.14, 1.14, 0.63, 0.72, 0.57, -0.24, 0.20, -0.13, 0.07))  # noqa: E501
GRAND_FINAL = (-8.76, (2.53, 2.01, 1.91, 1.87, 0.09, 1.74, 0.86, -0.03, 0.92, -0.36, 0.62, -0.21, 0.06, 0.11))  # noqa: E501
NULL_PRE = (2.04, (-0.22, 0.08, -0.02, -0.06, 1.29, -0.61, 0.14, -0.36))
NULL_FINAL = (1.78, (-0.31, 0.23, -0.17, -0.18, 1.54, 0.06, 0.04, -0.17))
# fmt: on


def _logit(model: tuple[float, tuple[float, ...]], feats: tuple[float, ...]) -> float:
    bias, w = model
    z = bias
    for a, b in zip(w, feats, strict=True):
        z += a * b
    return z


def _chance(model: tuple[float, tuple[float, ...]], feats: tuple[float, ...]) -> float:
    z = _logit(model, feats)
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def expected_skat_points(hand: int) -> float:
    """Mean card points of two cards drawn from the 22 this hand does not hold."""
    return 2 * (120 - points_of(hand)) / 22


def win_chance(
    hand: int,
    game: int,
    position: int,
    pre: bool,
    skat_points: float | None = None,
) -> float:
    """Estimated chance that the declarer wins ``game`` with this 10-card hand.

    ``pre``: the skat will be picked up (judged before seeing it); otherwise the hand
    is final, with ``skat_points`` in the skat (default: the expected value, as in a
    Hand game).
    """
    if game == GameType.NULL:
        f = null_features(hand, position)
        return _chance(NULL_PRE if pre else NULL_FINAL, f)
    if game == GameType.GRAND:
        f = grand_features(hand, position)
        model = GRAND_PRE if pre else GRAND_FINAL
    else:
        f = suit_features(hand, game, position)
        model = SUIT_PRE if pre else SUIT_FINAL
    if not pre:
        sp = expected_skat_points(hand) if skat_points is None else skat_points
        f = (*f, sp)
    return _chance(model, f)


def utility(p: float, value: int, loss_factor: int, loss_malus: int = LOSS_MALUS) -> float:
    """Expected Seeger-Fabian points of declaring a game worth ``value`` won with chance p
    (``loss_malus``: what a loss costs beyond the score, see LOSS_MALUS)."""
    return p * (value + WIN_BONUS) - (1 - p) * (loss_factor * value + loss_malus)


# ------------------------------------------------------------------ bidding


@dataclass(frozen=True, slots=True)
class GameOption:
    """One game a hand could play, judged before the skat is seen."""

    contract: Contract
    value_estimate: int  # game value at the simple game level, matadors from the hand
    win_chance_estimate: float
    max_bid: int  # the highest bid this option justifies (0: not worth playing)
    expected: float  # utility() of playing it at value_estimate


def safe_matadors(hand10: int, game: int) -> int:
    """Matadors the full 12 cards will surely (almost) give, seen from 10 cards.

    "With m" can only grow with the skat. "Without m" shrinks to 1 if the skat holds
    the top trump (9 % of deals), and is counted one lower from "without 2" on.
    """
    with_, m = matadors(hand10, game)
    if with_ or m <= 1:
        return m
    return m - 1


def suit_grand_value(profile: RuleProfile, k: Contract, m: int) -> int:
    """A suit game's or Grand's value at the simple level with ``m`` matadors."""
    base = profile.base(k.game)
    return base * (m + 1 + (1 if k.hand else 0))


def evaluate_hand(
    hand: int,
    profile: RuleProfile,
    position: int,
    hand_games: bool = True,
    margin: float = BID_MARGIN,
) -> list[GameOption]:
    """Every plain game the hand could declare, best expected score first.

    Suit games and Grand with and without the skat, Null with and without it, and Null
    Ouvert when the hand is safe enough. ``max_bid`` is the game value when playing is
    expected to gain Seeger-Fabian points even with ``margin`` less chance, else 0.
    """
    out: list[GameOption] = []
    hands = (False, True) if hand_games else (False,)
    for g in TRUMP_GAMES:
        m = safe_matadors(hand, g)
        p_pre = win_chance(hand, g, position, pre=True)
        p_hand = win_chance(hand, g, position, pre=False) if hand_games else 0.0
        for h in hands:
            k = Contract(g, hand=h)
            p = p_hand if h else p_pre
            v = suit_grand_value(profile, k, m)
            lf = profile.loss_factor(h)
            ok = utility(p - margin, v, lf) > 0
            out.append(GameOption(k, v, p, v if ok else 0, utility(p, v, lf)))
    p_pre = win_chance(hand, GameType.NULL, position, pre=True)
    p_hand = win_chance(hand, GameType.NULL, position, pre=False) if hand_games else 0.0
    for h in hands:
        p = p_hand if h else p_pre
        for ouvert in (False, True):
            k = Contract(GameType.NULL, hand=h, ouvert=ouvert)
            if contract_problem(profile, k, picked_up=not h):
                continue
            q = p
            if ouvert:
                # an open hand shows every weak spot: only for a nearly sure Null
                q = p * p * p if h else p * p * p * p
            v = profile.null_value(h, ouvert)
            lf = profile.loss_factor(h)
            ok = utility(q - margin, v, lf) > 0
            out.append(GameOption(k, v, q, v if ok else 0, utility(q, v, lf)))
    out.sort(key=lambda o: -o.expected)
    return out


def max_bid(options: list[GameOption]) -> int:
    """The bidding ceiling: the highest ``max_bid`` of any option."""
    return max((o.max_bid for o in options), default=0)


# ------------------------------------------------------------------ discarding


def _candidates(hand12: int, keep: int) -> list[tuple[int, int]]:
    """Pairs to discard: from outside ``keep`` if possible, else the least valuable of it."""
    free = cards_of(hand12 & ~keep)
    if len(free) >= 2:
        return list(combinations(free, 2))
    kept = sorted(cards_of(hand12 & keep), key=lambda c: (c & 7 == JACK, POINTS[c], c & 7))
    pool = free + kept[: 2 - len(free)]
    return [(min(pool), max(pool))]


def best_discard(hand12: int, contract_game: int, profile: RuleProfile) -> tuple[int, int]:
    """The two cards to put down for ``contract_game`` (ascending card numbers).

    Suit and Grand: keep every trump when there are two other cards to put down, and
    choose the pair that leaves the best hand with the most points in the skat
    (typically tens without their ace, singletons to make voids). Null: the pair that
    leaves the safest hand (bury high cards in short suits). Any two cards are legal.
    """
    return ranked_discards(hand12, contract_game, profile, 1)[0]


def ranked_discards(
    hand12: int, contract_game: int, profile: RuleProfile, n: int
) -> list[tuple[int, int]]:
    """The ``n`` best pairs to put down by :func:`best_discard`'s judgement, best first
    (fewer when the hand leaves fewer choices)."""
    g = GameType(contract_game)
    if g == GameType.RAMSCH:
        return [ramsch_discard(hand12)]
    scored: list[tuple[float, tuple[int, int]]] = []
    if g == GameType.NULL:
        for c1, c2 in combinations(cards_of(hand12), 2):
            rest = hand12 & ~((1 << c1) | (1 << c2))
            f = null_features(rest, 1)
            scored.append((_logit(NULL_FINAL, f) + 0.001 * (POWER[g][c1] + POWER[g][c2]), (c1, c2)))
    else:
        for c1, c2 in _candidates(hand12, trump_mask(g)):
            rest = hand12 & ~((1 << c1) | (1 << c2))
            sp = POINTS[c1] + POINTS[c2]
            if g == GameType.GRAND:
                z = _logit(GRAND_FINAL, (*grand_features(rest, 1), sp))
            else:
                z = _logit(SUIT_FINAL, (*suit_features(rest, g, 1), sp))
            scored.append((z + 1e-4 * sp, (c1, c2)))  # (the log-odds do not saturate)
    # best first; equal scores keep the order of the pairs (the first one found wins)
    return [pair for _, pair in sorted(scored, key=lambda x: -x[0])[:n]]


# ------------------------------------------------------------------ Ramsch


def ramsch_danger(hand: int) -> float:
    """How likely a hand is to collect card points in Ramsch (higher is worse)."""
    d = 2.0 * (hand >> CJ & 1) + 1.5 * (hand >> SJ & 1) + 1.0 * (hand >> HJ & 1)
    d += 0.7 * (hand >> DJ & 1)
    pw = POWER[GameType.GRAND]
    for s in range(4):
        cards = [c for c in cards_of(hand & (0xFF << (8 * s))) if c & 7 != JACK]
        if not cards:
            continue
        ranks = sorted(pw[c] for c in cards)  # 0 (7) .. 6 (A)
        for k, r in enumerate(ranks):
            d += 0.35 * max(0, r - 2 * k)
    return d


def ramsch_discard(hand12: int) -> tuple[int, int]:
    """Schieberamsch: the two non-jack cards whose removal leaves the safest hand."""
    best = None
    best_score = 1e9
    for c1, c2 in combinations(cards_of(hand12 & ~JACKS), 2):
        rest = hand12 & ~((1 << c1) | (1 << c2))
        score = ramsch_danger(rest) - 0.01 * (POINTS[c1] + POINTS[c2])
        if score < best_score:
            best, best_score = (c1, c2), score
    if best is None:  # cannot happen with 12 cards and 4 jacks at most
        cs = cards_of(hand12)
        return cs[0], cs[1]
    return best


# ------------------------------------------------------------------ declaring


@dataclass(frozen=True, slots=True)
class Plan:
    """A declaration: the contract, the discard that goes with it, and its judgement."""

    contract: Contract
    discard: tuple[int, int] | None
    value: int
    win_chance: float
    expected: float
    covers_bid: bool


def _overbid_loss(profile: RuleProfile, k: Contract, cards12: int, bid: int) -> int:
    """The value a game is charged at when it cannot cover the bid (ISkO 5.4)."""
    if k.is_null:
        return null_below_bid_result(profile, cards12, bid, k.hand).value
    v = game_value(profile, k, cards12, 61, 5)[0]
    return max(v, ceil_to(bid, profile.base(k.game)))


def _judge(
    profile: RuleProfile,
    k: Contract,
    final10: int,
    known12: int,
    bid: int,
    p: float,
    discard: tuple[int, int] | None,
) -> Plan:
    lf = profile.loss_factor(k.hand)
    if k.is_null:
        value = profile.null_value(k.hand, k.ouvert)
    else:
        value = game_value(profile, k, known12, 61, 5)[0]
    if value >= bid:
        return Plan(k, discard, value, p, utility(p, value, lf), True)
    loss = _overbid_loss(profile, k, known12, bid)
    return Plan(k, discard, value, 0.0, -(lf * loss + LOSS_MALUS), False)


def plan_declaration(
    cards: int,
    picked_up: bool,
    bid: int,
    profile: RuleProfile,
    position: int = 1,
    skat: int = 0,
) -> Plan:
    """The best declaration for the declarer's known cards.

    * ``picked_up`` with 12 cards: every game with its best discard;
    * ``picked_up`` with 10 cards and the ``skat`` already put down: the games for
      that hand (matadors from hand and skat);
    * a Hand game (``picked_up`` False, 10 cards): matadors counted from the hand as
      the surely reached value (the skat is turned over at the end).

    A game whose value covers the bid is preferred by its expected score; if no game
    covers the bid, the cheapest loss is chosen (ISkO 3.4.3: a covering game played
    out or conceded, or the cheapest overbid).
    """
    plans: list[Plan] = []
    n = cards.bit_count()
    games = (*TRUMP_GAMES, GameType.NULL)
    if picked_up:
        for g in games:
            if n == 12:
                d = best_discard(cards, g, profile)
                dm = (1 << d[0]) | (1 << d[1])
                final, known, sp = cards & ~dm, cards, POINTS[d[0]] + POINTS[d[1]]
            else:
                d, final, known, sp = None, cards, cards | skat, points_of(skat)
            p = win_chance(final, g, position, pre=False, skat_points=sp)
            if g == GameType.NULL:
                for ouvert in (False, True):
                    k = Contract(g, ouvert=ouvert)
                    if contract_problem(profile, k, True):
                        continue
                    q = p**4 if ouvert else p
                    plans.append(_judge(profile, k, final, known, bid, q, d))
            else:
                plans.append(_judge(profile, Contract(g), final, known, bid, p, d))
    else:
        for g in games:
            p = win_chance(cards, g, position, pre=False)
            if g == GameType.NULL:
                for ouvert in (False, True):
                    k = Contract(g, hand=True, ouvert=ouvert)
                    if contract_problem(profile, k, False):
                        continue
                    q = p**3 if ouvert else p
                    plans.append(_judge(profile, k, cards, cards, bid, q, None))
            else:
                k = Contract(g, hand=True)
                m = safe_matadors(cards, g)
                value = suit_grand_value(profile, k, m)
                lf = profile.loss_factor(True)
                if value >= bid:
                    plans.append(Plan(k, None, value, p, utility(p, value, lf), True))
                else:
                    loss = max(value, ceil_to(bid, profile.base(g)))
                    plans.append(Plan(k, None, value, 0.0, -(lf * loss + LOSS_MALUS), False))
    return max(plans, key=lambda pl: pl.expected)


def choose_contract(
    cards: int,
    picked_up: bool,
    bid: int,
    profile: RuleProfile,
    position: int = 1,
    skat: int = 0,
) -> Contract:
    """The contract of :func:`plan_declaration` (see there)."""
    return plan_declaration(cards, picked_up, bid, profile, position, skat).contract


__all__ = [
    "GameOption",
    "Plan",
    "best_discard",
    "choose_contract",
    "evaluate_hand",
    "expected_skat_points",
    "grand_features",
    "max_bid",
    "null_features",
    "plan_declaration",
    "ramsch_danger",
    "ramsch_discard",
    "ranked_discards",
    "safe_matadors",
    "suit_features",
    "utility",
    "win_chance",
]
