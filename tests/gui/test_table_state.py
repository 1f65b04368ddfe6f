"""What the table shows comes from the player's seat view only: the others' cards stay
hidden unless the rules (ouvert, the end of the deal) or practice open cards show them."""

from __future__ import annotations

import random

import pytest

from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    DealStarted,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
)
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.gui.table_state import build_state


def _play(ctl: TableController, check, seed: int = 0) -> None:
    rng = random.Random(seed)
    dealer = {"seat": 0, "count": 0}

    def listen(e):
        if isinstance(e, DealStarted):
            dealer["seat"] = e.dealer
            dealer["count"] += 1

    ctl.add_listener(listen)
    while True:
        need = ctl.request()
        if isinstance(need, SeriesOver):
            return
        if isinstance(need, DealOver):
            ctl.start_deal()
            continue
        check(ctl, dealer["seat"], dealer["count"])
        if isinstance(need, ComputerTurn):
            ctl.submit(ctl.think(need))
        elif isinstance(need, HumanTurn):
            if need.interjection:
                ctl.decline(need.seat)
            else:
                ctl.apply(rng.choice(need.legal))


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_state_hides_what_the_seat_may_not_see(name):
    seats = [SeatSpec.human("Anna"), SeatSpec.computer("random"), SeatSpec.computer("random")]
    ctl = TableController(BUILTIN[name], seats, seed=17, deals_planned=6, practice=True)
    seen = {"ouvert": 0}

    def check(ctl, dealer, count):
        deal = ctl.deal
        state = build_state(ctl, 0, dealer, (ctl.deal_number, count))
        view = ctl.view_for(0)
        for s in state.seats:
            pos = deal.setup.seats.index(s.seat) if s.seat in deal.setup.seats else None
            if s.seat == 0:
                assert set(s.hand) == set(cards_of(view.hand))
            elif pos is not None and view.open_hands[pos] is not None:
                seen["ouvert"] += 1
                assert set(s.hand) == set(cards_of(deal.hands[pos]))
            else:
                assert s.hand is None
                assert s.hand_count == deal.hands[pos].bit_count() if pos is not None else 0
        assert all(c is None for c in state.skat)
        opened = build_state(ctl, 0, dealer, (ctl.deal_number, count), open_cards=True)
        for s in opened.seats:
            if s.active:
                pos = deal.setup.seats.index(s.seat)
                assert set(s.hand) == set(cards_of(deal.hands[pos]))

    _play(ctl, check)
    assert len(ctl.entries) == 6


def test_open_cards_needs_a_practice_table():
    seats = [SeatSpec.human("Anna"), SeatSpec.computer("random"), SeatSpec.computer("random")]
    ctl = TableController(BUILTIN["isko"], seats, seed=3)
    event = ctl.start_deal()
    state = build_state(ctl, 0, event.dealer, (1, 1), open_cards=True)
    assert state.seats[1].hand is None and state.seats[2].hand is None
    assert state.skat == (None, None)
