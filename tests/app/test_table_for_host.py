"""What the LAN host needs of the table controller: deals dealt from a seed chosen
outside (the fair-deal seed), the owner's own data in the live snapshot, and computers
that search a fixed amount (docs/table-controller.md, "For the LAN host")."""

from __future__ import annotations

import json
import random

import pytest

from skat_desktop.ai.levels import fixed_strength
from skat_desktop.ai.pimc import STANDARD
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import Claim, Concede, Play
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.repository import Store

SEATS = [SeatSpec.human("Anna"), SeatSpec.computer("beginner"), SeatSpec.computer("random")]
SEEDS = [2**63 - 1, 0, 123_456_789_012_345]


def play_one(ctl: TableController, rng: random.Random) -> None:
    need = ctl.request()
    if isinstance(need, ComputerTurn):
        assert ctl.submit(ctl.think(need))
    elif isinstance(need, HumanTurn):
        if need.interjection:
            ctl.decline(need.seat)
        else:
            plays = [a for a in need.legal if type(a) is Play]
            ctl.apply(
                rng.choice(plays or [a for a in need.legal if type(a) not in (Claim, Concede)])
            )


def finish_deal(ctl: TableController, rng: random.Random) -> None:
    while not isinstance(ctl.request(), DealOver | SeriesOver):
        play_one(ctl, rng)


def live_state(store: Store) -> tuple[int, dict]:
    (row,) = store.live_tables()
    assert row.stale is None
    return row.id, json.loads(store.load_live(row.id).state)


def test_deals_from_seeds_chosen_outside_are_stored_resumed_and_continued(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    rng = random.Random(1)
    ctl = TableController(ISKO, SEATS, seed=5, store=store, deals_planned=3)
    started = ctl.start_deal(seed=SEEDS[0])
    assert started.number == 1 and ctl.deal.setup.cards == deal_from_seed(SEEDS[0])
    for _ in range(7):
        play_one(ctl, rng)
    live_id, state = live_state(store)
    assert state["deal"]["seed"] == SEEDS[0] and state["deal"]["seed_chosen"] is True
    # the restarted table continues the deal dealt from the outside seed at its move
    again = TableController.resume(store, live_id)
    assert again.actions == ctl.actions and again.deal.setup == ctl.deal.setup
    finish_deal(again, rng)
    again.start_deal(seed=SEEDS[1])
    finish_deal(again, rng)
    # the series in the database keeps each deal's own seed and goes on from there
    service = SeriesService(store, again.series_id)
    assert [d["seed"] for d in store.deal_sources(again.series_id)] == SEEDS[:2]
    assert len(service.results) == 2
    later = TableController(ISKO, SEATS, seed=5, store=store, series_id=again.series_id)
    later.start_deal(seed=SEEDS[2])
    finish_deal(later, rng)
    assert isinstance(later.request(), SeriesOver)
    assert [d["seed"] for d in store.deal_sources(again.series_id)] == SEEDS


def test_a_resumed_table_still_refuses_a_deal_that_is_not_its_own(tmp_path):
    """Without the mark of a chosen seed the deal must be the series' own (as before)."""
    store = Store.open(tmp_path / "t.sqlite3")
    ctl = TableController(ISKO, SEATS, seed=5, store=store, deals_planned=3)
    ctl.start_deal(seed=SEEDS[2])
    live_id, state = live_state(store)
    del state["deal"]["seed_chosen"]
    store.save_live(ctl.series_id, json.dumps(state), deal_number=1, deals_done=0)
    with pytest.raises(TableError, match="other cards than the table's seed deals"):
        TableController.resume(store, live_id)


@pytest.mark.parametrize("seed", [2**63, -1, True, 1.0, "7"])
def test_a_seed_the_database_cannot_hold_is_refused_and_nothing_is_dealt(seed):
    ctl = TableController(ISKO, SEATS, seed=5, deals_planned=3)
    with pytest.raises(TableError, match="deal seed must be a whole number"):
        ctl.start_deal(seed=seed)
    assert ctl.deal is None and ctl.deal_number == 0


def test_the_owners_data_rides_in_the_snapshot_and_comes_back(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    mine = {"seats": ["ab12"], "n": 0}
    ctl = TableController(
        ISKO, SEATS, seed=5, store=store, deals_planned=3, live_extra=lambda: dict(mine)
    )
    ctl.start_deal()
    live_id, state = live_state(store)
    assert state["extra"] == mine
    again = TableController.resume(store, live_id)
    assert again.saved_extra == mine
    mine["n"] = 1
    again.live_extra = lambda: dict(mine)
    play_one(again, random.Random(2))  # the next change saves the owner's data anew
    assert live_state(store)[1]["extra"] == {"seats": ["ab12"], "n": 1}
    plain = TableController(ISKO, SEATS, seed=5, store=store, deals_planned=3)
    assert "extra" not in plain.snapshot()


def test_computers_of_a_fixed_search_table_never_look_at_the_clock(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    seats = [SeatSpec.human("Anna"), SeatSpec.computer("standard"), SeatSpec.computer("beginner")]
    ctl = TableController(ISKO, seats, seed=5, store=store, deals_planned=2, fixed_search=True)
    ctl.start_deal()
    assert ctl._players[1].strength == fixed_strength(STANDARD)
    live_id, _ = live_state(store)
    again = TableController.resume(store, live_id, fixed_search=True)
    assert again._players[1].strength == fixed_strength(STANDARD)
    assert TableController.resume(store, live_id)._players[1].strength == STANDARD
