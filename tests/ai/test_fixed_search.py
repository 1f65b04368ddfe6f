"""Fixed search (issue 27): the standard and expert search a fixed number of solver nodes,
so the same view and seed give the same move however loaded the machine is. The clock
is only a safety cap; ``fixed=True`` (the LAN host's computers) is kept and changes
nothing any more."""

from __future__ import annotations

import logging
import threading

import skat_desktop.ai.pimc as pimc
from skat_desktop.ai.levels import fixed_strength, make_player
from skat_desktop.ai.pimc import EXPERT, STANDARD
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


def first_lead() -> SeatView:
    """The first card of a deal, where the node budget binds (the worlds are big)."""
    deal = Deal(DealSetup(ISKO, deal_from_seed(4), 4))
    rules = [make_player("beginner", s) for s in range(3)]
    while deal.phase != "play":
        deal.apply(rules[deal.to_move].choose(deal.view(deal.setup.seats[deal.to_move])))
    return deal.view(deal.setup.seats[deal.to_move])


def test_every_level_searches_a_fixed_amount_and_fixed_changes_nothing():
    for base in (STANDARD, EXPERT):
        assert not base.clock and base.nodes > 0 and base.deal_nodes > 0
        assert fixed_strength(base) == base
    assert make_player("standard", 1, fixed=True).strength == STANDARD
    assert make_player("expert(max_worlds=9)", 1, fixed=True).strength.max_worlds == 9
    assert type(make_player("beginner", 1, fixed=True)).__name__ == "BeginnerPlayer"


def test_two_players_with_one_seed_agree_while_the_machine_is_busy():
    stop = threading.Event()

    def burn() -> None:
        x = 0
        while not stop.is_set():
            x = (x * 31 + 7) % 1_000_003

    burner = threading.Thread(target=burn, daemon=True)
    burner.start()
    try:
        for i, view in enumerate(views()):
            a = make_player("standard", 100 + i).choose(view)
            b = make_player("standard", 100 + i).choose(view)
            assert a == b, f"view {i}: {a} != {b}"
            assert a in view.legal
    finally:
        stop.set()
        burner.join()


class _Clock:
    """A clock that moves ``step`` seconds at every look (0: it stands still)."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_below_the_cap_the_clock_decides_nothing(monkeypatch):
    """A clock that stands still (an infinitely fast machine) gives the same worlds and
    scores as the real one where the node budget binds: the first lead of a deal."""
    view = first_lead()
    real = make_player("standard", 5).card_scores(view)
    assert STANDARD.min_worlds <= real[1] < STANDARD.max_worlds  # the budget binds
    monkeypatch.setattr(pimc, "time", _Clock(0.0))
    assert make_player("standard", 5).card_scores(view) == real


def test_a_clock_past_the_cap_stops_the_search_and_is_logged(monkeypatch, caplog):
    late = next(v for v in views() if v.phase == "play")
    monkeypatch.setattr(pimc, "time", _Clock(STANDARD.cap))
    with caplog.at_level(logging.WARNING, logger="skat_desktop.ai"):
        scores, used = make_player("standard", 5).card_scores(late)
    assert (scores, used) == ({}, 0)
    (record,) = caplog.records
    assert "standard: the safety cap of 10 s stopped a card decision" in record.getMessage()
    assert "after 0 of 64 worlds" in record.getMessage()
