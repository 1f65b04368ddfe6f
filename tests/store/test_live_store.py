"""The ``live_tables`` rows: one per series, rewritten in place, listed for the "continue?"
offer with the reason a row is stale, forgotten with the series' last write, and absent
(not an error) in an older file opened read-only."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from skat_desktop.ai.random_player import RandomPlayer
from skat_desktop.app.selfplay import play_deal
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store
from skat_desktop.store.schema import KNOWN

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "store-schema-1.sqlite3"


def new_series(store: Store, planned: int | None = 3, title: str = "Friday") -> int:
    ids = [store.ensure_player(n) for n in ("Anna", "Ben", "Cleo")]
    return store.create_series(title, "2024-05-03", ids, ISKO, planned_deals=planned)


def add_played(store: Store, series_id: int) -> None:
    """One more deal on the sheet, stored as a table stores it (a typed game is refused
    while a table is saved for the series)."""
    svc = SeriesService(store, series_id)
    seed = svc.next_number
    dealer, bock, ramsch_round = svc.next_context()
    setup = DealSetup(ISKO, deal_from_seed(seed), seed, 3, dealer, bock, ramsch_round)
    players = [RandomPlayer(random.Random(seed * 3 + i)) for i in range(3)]
    svc.record_played(play_deal(Deal(setup), players))


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "live.sqlite3")
    yield s
    s.close()


def test_a_series_has_one_row_that_is_rewritten_in_place(store):
    sid = new_series(store)
    first = store.save_live(sid, '{"n": 1}', deal_number=1, deals_done=0)
    again = store.save_live(sid, '{"secret": 2}', deal_number=1, deals_done=0)
    assert again == first
    (row,) = store.live_tables()
    assert (row.id, row.series_id, row.title, row.players) == (
        first,
        sid,
        "Friday",
        ("Anna", "Ben", "Cleo"),
    )
    assert (row.deal_number, row.deals_done, row.stored, row.planned_deals) == (1, 0, 0, 3)
    assert row.stale is None and row.updated
    assert row.state == ""  # the list never carries the snapshot (it knows every card)
    assert "secret" not in repr(store.load_live(first))
    assert store.load_live(first).state == '{"secret": 2}'
    other = new_series(store, title="Saturday")
    store.save_live(other, "{}", deal_number=0, deals_done=0)
    assert {r.title for r in store.live_tables()} == {"Friday", "Saturday"}


def test_a_row_is_stale_once_its_series_moved_on_lost_deals_finished_or_closed(store):
    sid = new_series(store, planned=2)
    live = store.save_live(sid, "{}", deal_number=2, deals_done=1)
    assert "missing" in store.load_live(live).stale  # the database lacks deal 1
    add_played(store, sid)
    assert store.load_live(live).stale is None
    store.save_live(sid, "{}", deal_number=1, deals_done=0)
    assert "moved on" in store.load_live(live).stale  # deal 1 is in, the table knew none
    add_played(store, sid)
    store.save_live(sid, "{}", deal_number=2, deals_done=2)
    assert "finished" in store.load_live(live).stale
    open_ended = new_series(store, planned=None, title="Open")
    live = store.save_live(open_ended, "{}", deal_number=1, deals_done=0)
    assert store.load_live(live).stale is None
    store.close_series(open_ended, "Anna")
    assert "closed" in store.load_live(live).stale


def test_dropping_joins_the_transaction_of_the_last_write(store):
    sid = new_series(store)
    live = store.save_live(sid, "{}", deal_number=1, deals_done=0)
    with pytest.raises(RuntimeError), store.transaction():
        assert store.drop_series_live(sid)
        raise RuntimeError("the deal it went with failed")
    assert [r.id for r in store.live_tables()] == [live]  # rolled back with it
    assert store.drop_series_live(sid)
    assert store.live_tables() == []
    assert not store.drop_live(live)
    live = store.save_live(sid, "{}", deal_number=1, deals_done=0)
    assert store.drop_live(live) and store.live_tables() == []


def test_bad_input_is_one_line_and_changes_nothing(store):
    sid = new_series(store)
    with pytest.raises(StoreError, match="needs its state"):
        store.save_live(sid, "", deal_number=1, deals_done=0)
    with pytest.raises(StoreError, match="0 or more"):
        store.save_live(sid, "{}", deal_number=-1, deals_done=0)
    with pytest.raises(StoreError, match="there is no series 99"):
        store.save_live(99, "{}", deal_number=1, deals_done=0)
    with pytest.raises(StoreError, match="no table saved for later") as e:
        store.load_live(12)
    assert "\n" not in str(e.value)
    assert store.live_tables() == []


def test_an_older_file_gets_the_table_and_read_only_it_has_none(tmp_path):
    old = tmp_path / "old.sqlite3"
    shutil.copy(FIXTURE, old)
    reader = Store.open(old, read_only=True)
    assert reader.live_tables() == []  # not migrated: no table, no error
    assert not reader.drop_live(1)
    reader.close()
    store = Store.open(old)
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == len(KNOWN)
    sid = store.list_series()[0]["id"]
    done = len(store.deal_sources(sid))
    store.save_live(sid, "{}", deal_number=done + 1, deals_done=done)
    assert [r.series_id for r in store.live_tables()] == [sid]
    store.close()


def test_the_table_is_strict_and_one_row_per_series(store):
    sid = new_series(store)
    store.save_live(sid, "{}", deal_number=1, deals_done=0)
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute(
            "INSERT INTO live_tables (series_id, deal_number, deals_done, state, updated)"
            " VALUES (?, 1, 0, '{}', 'now')",
            (sid,),
        )
    with pytest.raises(sqlite3.IntegrityError):
        store.conn.execute(
            "INSERT INTO live_tables (series_id, deal_number, deals_done, state, updated)"
            " VALUES (NULL, 'one', 0, '{}', 'now')"
        )


def test_a_lan_hosts_tables_are_kept_apart_from_the_windows(store):
    """``serve`` keeps its tables in the user's database by default: the window must not
    offer them to continue, and the host must not resume the window's. The snapshot's
    ``extra.kind`` says whose a row is; one without it (or unreadable) is the window's."""
    rows = {}
    for title, state in [
        ("local", '{"extra": null}'),
        ("hosted", '{"extra": {"kind": "hosted", "format": "x"}}'),
        ("odd kind", '{"extra": {"kind": 7}}'),
        ("damaged", "{not json"),
    ]:
        rows[title] = store.save_live(
            new_series(store, title=title), state, deal_number=1, deals_done=0
        )
    local = store.live_tables()  # what the window offers
    assert sorted(r.title for r in local) == ["damaged", "local", "odd kind"]
    assert {r.kind for r in local} == {"local"}
    (hosted,) = store.live_tables(kind="hosted")  # what a restarted host resumes
    assert (hosted.id, hosted.title, hosted.kind) == (rows["hosted"], "hosted", "hosted")
    assert len(store.live_tables(kind=None)) == 4
    assert store.load_live(rows["hosted"]).kind == "hosted"
