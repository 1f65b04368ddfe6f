"""A series played at a table of the program takes no typed game (found by a tester).

The table stores the series' next deal itself. A game typed into it at the club desk or
with ``db add-game`` took that deal's number: the table's own deal could then never be
stored, and the table saved for later could no longer be continued. While a table is
saved for the series (``live_tables``), adding a typed game is refused; a correction of a
stored deal is not (it adds no deal).
"""

from __future__ import annotations

import json

import pytest

from skat_desktop.app.club import add_entry, context_of, correct_entry, read_context
from skat_desktop.app.sheets import SeriesAtTable, SeriesService
from skat_desktop.app.table import ComputerTurn, DealOver, SeatSpec, TableController
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.repository import LIVE_HOSTED, Store

PASSED = {"kind": "passed_in"}
SEATS = [SeatSpec.computer("beginner", name=n) for n in ("Anna", "Bernd", "Cem")]


def play_deal(ctl: TableController) -> None:
    """The table deals, and the computers play the deal to its end (it is stored then)."""
    ctl.start_deal()
    while not isinstance(need := ctl.request(), DealOver):
        assert isinstance(need, ComputerTurn), need
        assert ctl.submit(ctl.think(need))


def table_after_deal_1(store: Store) -> TableController:
    """A four-deal series at a table of the program, its first deal played and stored."""
    ctl = TableController(ISKO, SEATS, seed=5, store=store, deals_planned=4)
    play_deal(ctl)
    assert len(store.deal_sources(ctl.series_id)) == 1
    return ctl


def entered_series(store: Store) -> int:
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    return store.create_series("Freitag", "2026-11-20", ids, ISKO, source="entered")


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    s.close()


def test_a_typed_game_into_a_series_a_table_plays_is_refused_and_the_table_goes_on(store):
    ctl = table_after_deal_1(store)
    sid = ctl.series_id
    assert read_context(store, sid).at_table
    with pytest.raises(SeriesAtTable) as refused:
        add_entry(store, sid, 2, PASSED)  # the club desk's write
    assert refused.value.code == "series_at_table"
    assert str(refused.value) == (
        f"series {sid} is being played at a table (saved for later); its games are stored "
        "from there"
    )
    with pytest.raises(SeriesAtTable):
        SeriesService(store, sid).add_entry(PASSED)  # ``db add-game``'s
    assert len(store.deal_sources(sid)) == 1
    play_deal(ctl)  # the table's own deal 2 is stored, and it can still be continued
    sources = store.deal_sources(sid)
    assert [r["number"] for r in sources] == [1, 2] and all(r["record"] for r in sources)
    (live,) = store.live_tables()
    assert (live.series_id, live.deals_done, live.stale) == (sid, 2, None)


def test_a_table_saved_after_the_series_was_read_is_seen_by_the_write(store, tmp_path):
    """The check runs under the write lock: a table saved (by another window) between
    reading the series and storing the game still refuses it."""
    sid = entered_series(store)
    svc = SeriesService(store, sid)
    other = Store.open(tmp_path / "club.sqlite3")
    try:
        other.save_live(sid, json.dumps({"extra": {}}), deal_number=1, deals_done=0)
    finally:
        other.close()
    with pytest.raises(SeriesAtTable):
        svc.add_entry(PASSED)
    assert store.deal_sources(sid) == []


def test_a_lan_hosts_table_counts_as_well(store):
    sid = entered_series(store)
    store.save_live(sid, json.dumps({"extra": {"kind": LIVE_HOSTED}}), deal_number=1, deals_done=0)
    assert store.live_tables() == []  # not the window's to continue, but a table's all the same
    with pytest.raises(SeriesAtTable):
        add_entry(store, sid, 1, PASSED)


def test_a_series_without_a_table_takes_typed_games(store):
    sid = entered_series(store)
    assert not read_context(store, sid).at_table
    assert add_entry(store, sid, 1, PASSED).number == 2
    store.save_live(sid, json.dumps({"extra": {}}), deal_number=2, deals_done=1)
    with pytest.raises(SeriesAtTable):
        add_entry(store, sid, 2, PASSED)
    store.drop_series_live(sid)  # the table's series was given up: typed games again
    assert not read_context(store, sid).at_table
    assert add_entry(store, sid, 2, PASSED).number == 3
    assert SeriesService(store, sid).add_entry(PASSED)
    assert len(store.deal_sources(sid)) == 3


def test_a_correction_of_a_stored_deal_is_no_new_deal_and_is_not_refused(store):
    ctl = table_after_deal_1(store)
    sid = ctl.series_id
    shown = context_of(SeriesService(store, sid), 1)
    assert shown.correcting and not shown.at_table
    corrected = correct_entry(store, sid, 1, "Anna", "checked", shown.entry or PASSED)
    assert corrected.number == 1
    assert len(store.corrections(series_id=sid)) == 1
