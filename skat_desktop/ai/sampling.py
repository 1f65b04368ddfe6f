"""Worlds consistent with a seat view: the unseen cards dealt so everything observed holds.

What a seat knows from its view: its own hand, every card played and who played it,
the declarer's open hand in ouvert games, the skat it put down itself. What it
infers: a player who did not follow a led suit holds none of it (voids), and —
weighted, not certain — a player's bids say something about his hand. Worlds are
drawn uniformly among the deals that respect the certain facts, then weighted by
how well each hand fits that player's bidding (and, asked, how likely it makes the
card play seen so far: :mod:`skat_desktop.ai.play_reading`).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skat_desktop.ai import hand_eval as he
from skat_desktop.ai.play_reading import play_weigher
from skat_desktop.ai.policy_reading import policy_weigher
from skat_desktop.engine.cards import (
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    FULL_DECK,
    JACKS,
    POINTS,
    GameType,
    cards_of,
    trump_mask,
)
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.view import SeatView


@dataclass(frozen=True)
class World:
    """One complete guess: every position's current hand and the skat."""

    hands: tuple[int, int, int]
    skat: int
    weight: float = 1.0


@dataclass(frozen=True)
class Knowledge:
    """The certain facts of a view, in the form the sampler needs."""

    me: int
    known: tuple[int | None, int | None, int | None]  # hands fully known (own, ouvert)
    sizes: tuple[int, int, int]
    skat_known: int | None  # None: the skat is among the unseen cards
    unseen: int  # cards whose place is unknown
    void: tuple[int, int, int]  # per position: cards it certainly does not hold
    # cards the skat is taken not to hold (a reading, not a fact: see discard_reading)
    skat_void: int = 0


def knowledge(view: SeatView) -> Knowledge:
    """The certain facts of ``view`` (a seat that plays in the deal)."""
    me = view.position
    if me is None:
        raise ValueError("a seat that sits out plays no cards")
    game = view.game if view.game is not None else GameType.GRAND
    known: list[int | None] = [None, None, None]
    known[me] = view.hand
    for pos, h in enumerate(view.open_hands):
        if h is not None:
            known[pos] = h
    played = view.played
    sizes = view.hand_sizes
    skat_known = view.skat
    if skat_known is None and view.phase == "discard" and view.declarer == me:
        skat_known = 0  # the declarer holds the skat in his hand right now
    seen = played
    for h in known:
        if h is not None:
            seen |= h
    if skat_known:
        seen |= skat_known
    unseen = FULL_DECK & ~seen
    # voids from the tricks: a player who did not follow the led (effective) suit
    void = [0, 0, 0]
    es = EFFECTIVE_SUIT[game]
    masks = EFFECTIVE_MASKS[game]
    tricks = [(ld, cs) for ld, cs, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = es[cards[0]]
        for i in range(1, len(cards)):
            if es[cards[i]] != led:
                void[(leader + i) % 3] |= masks[led]
    return Knowledge(
        me, (known[0], known[1], known[2]), sizes, skat_known, unseen, (void[0], void[1], void[2])
    )


def _deal_one(k: Knowledge, rng: random.Random) -> World | None:
    """One uniform-ish deal of the unseen cards respecting sizes and voids (or None)."""
    holders = [p for p in range(3) if k.known[p] is None]
    need = {p: k.sizes[p] for p in holders}
    skat_need = 2 if k.skat_known is None else 0
    cards = cards_of(k.unseen)
    # cards that fewer holders can take go first, so the greedy deal rarely fails
    rng.shuffle(cards)

    def options(c: int) -> list[int]:
        return [p for p in holders if not k.void[p] >> c & 1]

    def skat_room(c: int) -> int:
        return 0 if k.skat_void >> c & 1 else 1

    cards.sort(key=lambda c: len(options(c)) + skat_room(c))
    hands = {p: 0 for p in holders}
    skat = 0
    for c in cards:
        room = [p for p in options(c) if need[p]]
        slots = sum(need[p] for p in room) + skat_need * skat_room(c)
        if not slots:
            return None
        r = rng.randrange(slots)
        placed = False
        for p in room:
            if r < need[p]:
                hands[p] |= 1 << c
                need[p] -= 1
                placed = True
                break
            r -= need[p]
        if not placed:
            skat |= 1 << c
            skat_need -= 1
    if any(need.values()) or skat_need:
        return None
    full = [k.known[p] if k.known[p] is not None else hands[p] for p in range(3)]
    return World((full[0], full[1], full[2]), skat if k.skat_known is None else k.skat_known)


def discard_reading(view: SeatView, k: Knowledge) -> Knowledge:
    """``k`` with the skat taken to hold no trump when the declarer picked it up and put
    two cards down in a suit game or Grand: a declarer keeps his trumps (jacks in a
    Grand) unless nothing else is left to put down, as players do and the levels
    above random do (hand_eval.best_discard).
    Uniform worlds would put a trump in the skat in about two worlds of three (at the
    first lead some nine trumps of a suit game among 22 unseen cards) and so hand
    the declarer too few trumps."""
    game = view.game
    if (
        k.skat_known is not None
        or not view.picked_up
        or view.declarer is None
        or view.declarer == k.me
        or game is None
        or not (game.is_suit or game == GameType.GRAND)
    ):
        return k
    return dataclasses.replace(k, skat_void=trump_mask(game) & k.unseen)


def bid_weight(hand: int, bid_or_held: int, declared: bool, game: GameType | None) -> float:
    """How well a hand fits a player's bidding: bids promise jacks, trumps and aces —
    except the bids of a Null's declarer, whose hand holds low cards. ``game`` is the
    declared game: the declarer's bids are read by its trumps; a defender bid for a
    game of his own, read by jacks, aces and his longest suit."""
    if bid_or_held <= 0 or (declared and game == GameType.NULL):
        return 1.0
    jacks = (hand & JACKS).bit_count()
    aces = sum(hand >> (8 * s + 7) & 1 for s in range(4))
    if declared and game is not None and game <= 3:
        trumps = (hand & trump_mask(game)).bit_count()
        strength = trumps + 0.5 * aces
        want = 5.0 + min(bid_or_held, 60) / 30
    else:
        longest = max((hand >> (8 * s) & 0xEF).bit_count() for s in range(4))
        strength = 1.3 * jacks + 0.8 * aces + 0.4 * longest
        want = 3.5 + min(bid_or_held, 60) / 40
    if declared:
        want += 0.5
    gap = strength - want
    return 1.0 if gap >= 0 else max(0.05, 1.0 + gap / 3)


def pass_weight(hand: int) -> float:
    """How well a hand fits a player who passed without a bid: few jacks, aces and no
    long suit (a hand that would have bid 18 is less likely, not impossible)."""
    jacks = (hand & JACKS).bit_count()
    aces = sum(hand >> (8 * s + 7) & 1 for s in range(4))
    longest = max((hand >> (8 * s) & 0xEF).bit_count() for s in range(4))
    strength = jacks + 0.5 * aces + 0.5 * max(0, longest + jacks - 4)
    return 1.0 if strength <= 3.0 else max(0.1, 1.0 - (strength - 3.0) / 3)


def _auction_facts(view: SeatView) -> tuple[list[int], list[bool], list[int]]:
    """Per position: the highest bid or hold, whether it passed, and the level it
    passed at (its ceiling is no higher)."""
    bid_or_held = [0, 0, 0]
    passed = [False, False, False]
    passed_at = [0, 0, 0]
    for pos, kind, value in view.auction:
        if kind in ("bid", "hold"):
            bid_or_held[pos] = max(bid_or_held[pos], value)
        elif kind == "pass":
            passed[pos] = True
            passed_at[pos] = value
    return bid_or_held, passed, passed_at


@functools.lru_cache(maxsize=4096)
def rules_ceiling(hand: int, profile: RuleProfile, position: int) -> int:
    """The highest bid of this 10-card hand by the rules' hand evaluation."""
    return he.max_bid(he.evaluate_hand(hand, profile, position))


def rules_fit(view: SeatView) -> Callable[[Sequence[int | None]], bool] | None:
    """Whether guessed hands (as they were at the bidding; ``None``: not guessed) fit
    the others' bids, holds and passes in ``view`` when they bid by the rules' hand
    evaluation (the beginner's bidding: up to the value of a game the hand is likely
    to win, on jacks, length and aces). ``None`` when the auction says nothing yet."""
    bid_or_held, passed, passed_at = _auction_facts(view)
    me, declarer, picked_up = view.position, view.declarer, view.picked_up
    profile = view.profile
    read = [
        p
        for p in range(3)
        if p != me
        and (bid_or_held[p] or passed[p])
        and not (p == declarer and picked_up)  # his 10 cards at the bidding are unknown
    ]
    if not read:
        return None

    def fits(hands: Sequence[int | None]) -> bool:
        for p in read:
            hand = hands[p]
            if hand is None:
                continue
            ceiling = rules_ceiling(hand, profile, p)
            if ceiling < bid_or_held[p] or (passed[p] and ceiling > passed_at[p]):
                return False
        return True

    return fits


def bidding_weigher(view: SeatView, passes: bool) -> Callable[[Sequence[int | None], int], float]:
    """How well the other positions' hands fit their bidding so far in ``view``: the
    auction is read once here, the returned function weighs one guess. It takes the
    hands as they were at the bidding (``None``: not guessed) and the skat, which a
    declarer who picked up held too. ``passes``: a player who passed without a bid
    counts as weak too."""
    bid_or_held, passed, _ = _auction_facts(view)
    game = view.game if view.contract is not None else None
    me, declarer, picked_up = view.position, view.declarer, view.picked_up

    def weight(hands: Sequence[int | None], skat: int) -> float:
        w = 1.0
        for p in range(3):
            hand = hands[p]
            if p == me or hand is None:
                continue
            if p == declarer and picked_up:
                hand |= skat
            w *= bid_weight(hand, bid_or_held[p], p == declarer, game)
            if passes and passed[p] and not bid_or_held[p] and p != declarer:
                w *= pass_weight(hands[p])
        return w

    return weight


def sample_worlds(
    view: SeatView,
    n: int,
    rng: random.Random,
    inference: bool = True,
    tries: int = 40,
    passes: bool = False,
    rules_reading: float = 1.0,
    discards: bool = False,
    play_reading: bool = False,
    policy_reading: float = 0.0,
) -> list[World]:
    """``n`` worlds consistent with ``view``; with ``inference`` each carries a weight
    for how well the other hands fit their bidding (the declarer's and the bidders');
    with ``passes`` also a player who passed without bidding counts as weak; with
    ``rules_reading`` below 1 a world whose hands do not fit the bidding by
    :func:`rules_fit` is kept only with that chance (drawn, not weighted: the worlds
    kept all tell something); with ``discards`` the skat holds no trump after a
    pick-up (:func:`discard_reading`) as long as the play allows it; with
    ``play_reading`` each weight is multiplied by how likely the world makes the
    others' card play so far (:func:`~skat_desktop.ai.play_reading.play_weigher`); with
    ``policy_reading`` above 0 by how often the rules would have chosen their cards
    (:func:`~skat_desktop.ai.policy_reading.policy_weigher`, that strength).
    Off, the worlds and weights are those without it: no random number is drawn for it."""
    certain = knowledge(view)
    k = discard_reading(view, certain) if discards else certain
    out: list[World] = []
    fit = bidding_weigher(view, passes)
    fits = rules_fit(view) if inference and rules_reading < 1.0 else None
    reading = play_weigher(view) if play_reading else None
    policy = policy_weigher(view, policy_reading) if policy_reading > 0 else None
    played_by = [0, 0, 0]  # the cards each player held when the bidding was on
    tricks = [(ld, cs) for ld, cs, _ in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            played_by[(leader + i) % 3] |= 1 << c
    attempts = 0
    while len(out) < n and attempts < n * tries:
        attempts += 1
        if k is not certain and not out and attempts > 4 * n:
            k = certain  # the play shows the declarer put a trump down after all
        w = _deal_one(k, rng)
        if w is None:
            continue
        weight = 1.0
        if inference:
            # the hands as they were at the bidding; open hands are no guess
            held = [None if k.known[p] is not None else w.hands[p] | played_by[p] for p in range(3)]
            if fits is not None and not fits(held) and rng.random() >= rules_reading:
                continue  # a hand its player would not have bid so: mostly left out
            weight = fit(held, w.skat)
        if reading is not None:
            weight *= reading(w.hands)
        if policy is not None:
            weight *= policy(w.hands, w.skat)
        out.append(World(w.hands, w.skat, weight))
    return out


def points_taken(view: SeatView, declarer: int) -> int:
    """Card points the declarer has won in completed tricks (public)."""
    return sum(
        POINTS[cs[0]] + POINTS[cs[1]] + POINTS[cs[2]] for _, cs, w in view.tricks if w == declarer
    )
