"""Rehearsing a card: the deal played on in a world by seats that see only their own
hands, the rest solved open."""

from __future__ import annotations

import random

from test_play_reading import played  # (tests/ai is on the path: no package)

from skat_desktop.ai import pimc
from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import _target
from skat_desktop.ai.rehearsal import play_out, rehearse
from skat_desktop.ai.sampling import World, sample_worlds
from skat_desktop.ai.solver import Position, solve
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import GameType, cards_of, legal_cards, points_of, trick_winner
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.view import SeatView


def lowest(view: SeatView, cancel=None) -> Play:
    """A seat that plays its lowest legal card (by card number): no guessing involved."""
    return min((a for a in view.legal if type(a) is Play), key=lambda a: a.card)


def first_cards(seeds: range):
    """Deals of the rules' players at their first card decision of two or more
    cards: the deal, the view and the true world then."""
    for seed in seeds:
        players = [BeginnerPlayer(random.Random(seed * 3 + p)) for p in range(3)]
        for deal, view in played(seed, players):
            if view.phase != "play" or view.contract is None:
                continue
            if sum(type(a) is Play for a in view.legal) > 1:
                yield deal, view, World((deal.hands[0], deal.hands[1], deal.hands[2]), deal.skat)
                break


def finish(deal: Deal) -> None:
    while not deal.finished:
        deal.apply(lowest(deal.view(deal.setup.seats[deal.to_move])))


def test_a_deal_played_to_its_end_ends_as_the_engine_scores_it():
    """Played out to the last trick in the true world, the rehearsal's win or loss is
    the engine's: the declarer's card points (skat included) against his target, or
    in a Null no trick taken. A trick given to the wrong winner, a card left in a hand
    or the skat's points forgotten would show on some of these deals."""
    checked = nulls = 0
    for deal, view, world in first_cards(range(40)):
        card = lowest(view).card
        null = view.game == GameType.NULL
        target = 0 if null else _target(view.contract, view.profile)
        got = play_out(view, world, card, target, 10, [lowest] * 3, 10**9)
        finish(deal)
        result = deal.result
        if null:
            nulls += 1
            want = result.declarer_tricks == 0
        else:
            want = result.declarer_points >= target
        assert got == (1.0 if want else 0.0), (view.contract, result.declarer_points)
        checked += 1
    assert checked >= 25 and nulls >= 1


def test_after_the_tricks_played_the_rest_is_solved_open():
    """With one trick to play by the seats, the answer is the open solution of the
    position after that trick."""
    for _, view, world in first_cards(range(12)):
        if view.trick:
            continue  # a lead: one whole trick, then the open search
        card = lowest(view).card
        null = view.game == GameType.NULL
        target = 0 if null else _target(view.contract, view.profile)
        got = play_out(view, world, card, target, 1, [lowest] * 3, 10**9)
        hands = list(world.hands)
        trick = [card]
        hands[view.position] &= ~(1 << card)
        p = view.position
        for _ in range(2):
            p = (p + 1) % 3
            c = min(cards_of(legal_cards(hands[p], trick[0], view.game)))
            hands[p] &= ~(1 << c)
            trick.append(c)
        winner = (view.position + trick_winner(trick, view.game)) % 3
        if null and winner == view.declarer:
            assert got == 0.0
            continue
        taken = 0 if null or winner != view.declarer else points_of(sum(1 << c for c in trick))
        pos = Position(
            view.game,
            view.declarer,
            (hands[0], hands[1], hands[2]),
            (),
            winner,
            taken,
            0 if null else points_of(world.skat),
        )
        sol = solve(pos, "win", target=target)
        assert got == (1.0 if sol.declarer_wins else 0.0)


def test_every_seat_decides_from_its_own_view():
    """The seats that play on see their own hand, the cards played, the open hands of an
    Ouvert and of the skat only what they know: the declarer his own discard after a
    pick-up, the defenders nothing. The sampler draws their worlds from that view."""
    rng = random.Random(5)
    seen_by: list[tuple[SeatView, World]] = []

    def watching(world: World):
        def choose(v: SeatView, cancel=None) -> Play:
            seen_by.append((v, world))
            return lowest(v)

        return choose

    for _, view, world in first_cards(range(30)):
        play_out(view, world, lowest(view).card, 61, 10, [watching(world)] * 3, 10**9)
    assert len(seen_by) > 200
    for v, world in seen_by[::7]:
        p = v.position
        assert v.to_move == p and v.hand & ~world.hands[p] == 0
        assert v.hand.bit_count() == v.hand_sizes[p]
        for q in range(3):
            if q != p and v.open_hands[q] is not None:
                assert v.contract.ouvert and q == v.declarer
        if p == v.declarer and v.picked_up:
            assert v.skat == world.skat
        elif p != v.declarer:
            assert v.skat is None
        for w in sample_worlds(v, 4, rng):
            assert w.hands[p] == v.hand


def test_the_same_worlds_and_seats_judge_every_card():
    """The cards are compared in the same worlds with the same seats: two cards that
    are the same card to every seat (asked twice) get the same share."""
    for _, view, _ in first_cards(range(6)):
        card = lowest(view).card
        worlds = sample_worlds(view, 6, random.Random(1))
        target = 0 if view.game == GameType.NULL else 61

        def seats(seed: int):
            return make_player("standard(max_worlds=4,min_worlds=2,nodes=50000)", seed).choose

        a = rehearse(view, worlds, [card], target, 2, seats, random.Random(3), 10**8)
        b = rehearse(view, worlds, [card], target, 2, seats, random.Random(3), 10**8)
        assert a == b and 0.0 <= a[card] <= 1.0


def test_a_rehearsing_level_plays_the_same_card_for_the_same_seed(monkeypatch):
    """Rehearsal draws its worlds and seats from the player's seed: the level stays
    reproducible."""
    calls = []

    def counted(*args, **kwargs):
        calls.append(1)
        return rehearse(*args, **kwargs)

    monkeypatch.setattr(pimc, "rehearse", counted)
    level = "standard(rehearse_worlds=4,rehearse_nodes=60000,rehearse_band=1)"
    asked = 0
    for _, view, _ in first_cards(range(24)):
        if view.position == view.declarer:
            continue
        a = make_player(level, 11).choose(view)
        b = make_player(level, 11).choose(view)
        assert a == b and a in view.legal
        asked += 1
    assert asked >= 3 and len(calls) >= 2 * asked  # a band of 1: every decision rehearsed
