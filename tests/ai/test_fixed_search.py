"""Fixed search (the LAN host's computers): the same view and seed give the same move
however loaded the machine is -- the players search a fixed number of worlds and deals
and never stop at the clock (budget and deal_budget infinite, node limits in nodes)."""

from __future__ import annotations

import threading

import pytest

import skat_desktop.ai.pimc as pimc
from skat_desktop.ai.levels import fixed_strength, make_player
from skat_desktop.ai.pimc import EXPERT, STANDARD
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.engine.view import SeatView


def views() -> list[SeatView]:
    """Decisions the standard level thinks about: a bid, a discard, and cards late in
    the play (small enough to search 64 worlds quickly)."""
    rules = [make_player("beginner", s) for s in range(3)]
    out: list[SeatView] = []
    deal = Deal(DealSetup(ISKO, deal_from_seed(11), 11))
    out.append(deal.view(deal.setup.seats[deal.to_move]))  # the first bid
    for seed in (4, 7, 9):
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
        while not deal.finished:
            seat = deal.setup.seats[deal.to_move]
            view = deal.view(seat)
            plays = sum(1 for a in view.legal if type(a).__name__ == "Play")
            if view.phase == "play" and plays > 1 and view.hand.bit_count() <= 4:
                out.append(view)
            deal.apply(rules[deal.to_move].choose(view))
    return out[:6]


def test_fixed_strength_searches_every_world_without_a_clock():
    for base in (STANDARD, EXPERT):
        fixed = fixed_strength(base)
        assert fixed.budget == fixed.deal_budget == float("inf")
        assert fixed.min_worlds == fixed.max_worlds == base.max_worlds
        assert fixed.node_limit == base.node_limit  # nodes, not time, bound a world
    assert make_player("standard", 1, fixed=True).strength == fixed_strength(STANDARD)
    assert make_player("expert(max_worlds=9)", 1, fixed=True).strength.min_worlds == 9
    assert make_player("standard", 1).strength == STANDARD  # the GUI's players are as before
    assert type(make_player("beginner", 1, fixed=True)).__name__ == "BeginnerPlayer"


def test_two_fixed_players_with_one_seed_agree_while_the_machine_is_busy():
    stop = threading.Event()

    def burn() -> None:
        x = 0
        while not stop.is_set():
            x = (x * 31 + 7) % 1_000_003

    burner = threading.Thread(target=burn, daemon=True)
    burner.start()
    try:
        for i, view in enumerate(views()):
            a = make_player("standard", 100 + i, fixed=True).choose(view)
            b = make_player("standard", 100 + i, fixed=True).choose(view)
            assert a == b, f"view {i}: {a} != {b}"
            assert a in view.legal
    finally:
        stop.set()
        burner.join()


class _Slow:
    """A clock that runs 10 s ahead at every look: the most loaded machine there is."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 10.0
        return self.now


@pytest.mark.parametrize("fixed", [True, False])
def test_the_clock_decides_nothing_in_a_fixed_search(monkeypatch, fixed):
    """Every time check of pimc (budget per card, deal_budget when bidding) is inert in
    a fixed search: with a clock that jumps ahead it uses all its worlds and deals; the
    timed level stops at its minimum (so the jumping clock does bite)."""
    late = next(v for v in views() if v.phase == "play")
    calm = make_player("standard", 5, fixed=True).card_scores(late)
    monkeypatch.setattr(pimc, "time", _Slow())
    player = make_player("standard", 5, fixed=fixed)
    scores, used = player.card_scores(late)
    if fixed:
        assert (scores, used) == calm
    else:
        assert used == STANDARD.min_worlds < calm[1]
    # bidding: the simulated deals of each candidate game
    bid_view = views()[0]
    sim_player = make_player("standard", 5, fixed=fixed)
    options = [(Contract(GameType.GRAND), None)]
    sim = sim_player._simulate(bid_view, bid_view.hand, options, None)
    solved = sum(r is not None for r in sim.results)
    assert solved == (STANDARD.deal_worlds if fixed else 2)
