"""Rehearsing a card: the next tricks played out in sampled worlds, every seat choosing
from its own view.

PIMC judges a card by solving each sampled world with every card open: there the
partner knows the leader's hand and the declarer the defenders'. A defender's lead
that needs the partner to guess right later scores as if he always did ("strategy
fusion"). Recursive PIMC (Furtak and Buro, 2013) judges a card instead by playing on
in each world with players who see only their own hands and decide by a small PIMC
search themselves. Here they play the next ``tricks`` tricks so; the rest of the deal,
where little is hidden any more, is solved open.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence

from skat_desktop.ai.sampling import World, points_taken
from skat_desktop.ai.solver import Position, SearchLimit, solve
from skat_desktop.engine.actions import Action, Play
from skat_desktop.engine.cards import (
    POINTS,
    GameType,
    cards_of,
    legal_cards,
    points_of,
    trick_winner,
)
from skat_desktop.engine.view import SeatView

# chooses a card for a view (a seat's own view in a sampled world)
Chooser = Callable[[SeatView, threading.Event | None], Action]


def seat_view(
    view: SeatView,
    p: int,
    hands: Sequence[int],
    trick: Sequence[int],
    tricks: Sequence[tuple[int, tuple[int, int, int], int]],
    leader: int,
    skat: int | None,
) -> SeatView:
    """What position ``p`` sees in a world played on from ``view``: its own hand, the
    cards played, the open hands (Ouvert), and of the skat what ``skat`` says."""
    game = view.game
    legal = legal_cards(hands[p], trick[0] if trick else None, game)
    seen = object.__new__(SeatView)
    seen.__dict__.update(view.__dict__)
    seen.__dict__.update(
        seat=None,
        position=p,
        to_move=p,
        hand=hands[p],
        hand_sizes=(hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count()),
        skat=skat,
        open_hands=tuple(hands[q] if view.open_hands[q] is not None else None for q in range(3)),
        tricks=tuple(tricks),
        trick=tuple(trick),
        leader=leader,
        last_trick=None,
        legal=tuple(Play(p, c) for c in cards_of(legal)),
        original_skat=None,
    )
    return seen


def play_out(
    view: SeatView,
    world: World,
    card: int,
    target: int,
    tricks: int,
    choosers: Sequence[Chooser],
    node_limit: int,
    cancel: threading.Event | None = None,
) -> float | None:
    """1.0 if the declarer wins the deal of ``world`` after ``view``'s seat plays
    ``card``, 0.0 if he loses: the next ``tricks`` tricks are played by ``choosers``
    (one per position, each from that seat's own view), the rest solved open. None
    when the open search needs more than ``node_limit`` nodes."""
    game = view.game
    decl = view.declarer
    null = game == GameType.NULL
    hands = list(world.hands)
    trick = list(view.trick)
    done = list(view.tricks)
    leader = view.leader
    taken = 0 if null else points_taken(view, decl)
    skat_points = 0 if null else points_of(world.skat)
    # what each seat knows of the skat: its own view's, the declarer's own discard
    skats: list[int | None] = [None, None, None]
    skats[view.position] = view.skat
    if view.picked_up and decl != view.position:
        skats[decl] = world.skat
    left = sum(POINTS[c] for h in hands for c in cards_of(h)) + sum(POINTS[c] for c in trick)
    start = len(done)
    p = view.position
    c = card
    while True:
        hands[p] &= ~(1 << c)
        trick.append(c)
        if len(trick) == 3:
            winner = (leader + trick_winner(trick, game)) % 3
            won = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
            left -= won
            if winner == decl:
                if null:
                    return 0.0
                taken += won
            done.append((leader, (trick[0], trick[1], trick[2]), winner))
            leader, trick = winner, []
        if not any(hands):
            return 1.0 if null or taken + skat_points >= target else 0.0
        if not null and not trick:
            if taken + skat_points >= target and target < 120:
                return 1.0
            if taken + skat_points + left < target:
                return 0.0
        if len(done) - start >= tricks and not trick:
            break
        p = (leader + len(trick)) % 3
        legal = legal_cards(hands[p], trick[0] if trick else None, game)
        if legal & (legal - 1) == 0:
            c = legal.bit_length() - 1
            continue
        seen = seat_view(view, p, hands, trick, done, leader, skats[p])
        action = choosers[p](seen, cancel)
        chosen = type(action) is Play and legal >> action.card & 1
        c = action.card if chosen else min(cards_of(legal))
    pos = Position(game, decl, (hands[0], hands[1], hands[2]), (), leader, taken, skat_points)
    try:
        sol = solve(pos, "win", target=target, node_limit=node_limit, answer_cards=False)
    except SearchLimit:
        return None
    return 1.0 if sol.declarer_wins else 0.0


def rehearse(
    view: SeatView,
    worlds: Sequence[World],
    cards: Sequence[int],
    target: int,
    tricks: int,
    make_chooser: Callable[[int], Chooser],
    rng: random.Random,
    node_limit: int,
    cancel: threading.Event | None = None,
) -> dict[int, float]:
    """The declarer's weighted win share after each of ``cards``, every card played
    out in the same ``worlds`` by seats of ``make_chooser(seed)`` (common worlds and
    seeds: the differences between the cards are what is measured)."""
    totals = dict.fromkeys(cards, 0.0)
    weights = dict.fromkeys(cards, 0.0)
    for w in worlds:
        seeds = [rng.getrandbits(32) for _ in range(3)]
        for card in cards:
            if cancel is not None and cancel.is_set():
                break
            choosers = [make_chooser(s) for s in seeds]
            outcome = play_out(view, w, card, target, tricks, choosers, node_limit, cancel)
            if outcome is None:
                continue
            totals[card] += w.weight * outcome
            weights[card] += w.weight
    return {c: totals[c] / weights[c] for c in cards if weights[c]}
