"""Live tables: the table in play is kept in the store after every change, and a table
resumed from it -- after closing, a crash or SIGKILL -- goes on exactly like one that
was never interrupted (same deals, results and records)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from typing import get_args

import pytest

import skat_desktop.app.table as table_mod
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    StoreFailed,
    StoreOutcome,
    StoreWrite,
    TableController,
    TableError,
    TableEvent,
)
from skat_desktop.engine.actions import Claim, Concede, Play
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store.faults import KILL_AFTER_ENV, KILL_ENV
from skat_desktop.store.repository import Store

ANNA = SeatSpec.human("Anna")
CASES = {
    "isko-3": (ISKO, [ANNA, SeatSpec.computer("beginner"), SeatSpec.computer("random")], False),
    "house-4": (
        HOUSE,
        [
            SeatSpec.computer("beginner"),
            ANNA,
            SeatSpec.computer("random"),
            *[SeatSpec.computer("beginner", name="Bea")],
        ],
        False,
    ),
    "house-practice": (
        HOUSE,
        [SeatSpec.computer("random"), SeatSpec.computer("beginner"), ANNA],
        True,
    ),
}


def human_choice(need: HumanTurn, rng: random.Random):
    if need.interjection:
        return need.legal[0] if rng.random() < 0.3 else None
    plays = [a for a in need.legal if type(a) is Play]
    if plays:
        return rng.choice(plays)
    return rng.choice([a for a in need.legal if type(a) not in (Claim, Concede)])


def write_all(ctl: TableController, store: Store) -> None:
    """The GUI's writer keeping up: every write handed out is run and answered."""
    write = ctl.take_store_write(live=True)
    if write is not None:
        ctl.store_written(write, write.run(store))


def step(ctl: TableController, rng: random.Random, store: Store, write: bool = True) -> bool:
    """One decision (a practice table sometimes replays a finished deal); False at the end.
    ``write``: a table that stores later has its writes run at once (else they wait)."""
    need = ctl.request()
    if isinstance(need, SeriesOver):
        return False
    if isinstance(need, DealOver):
        if ctl.practice and need.result is not None and not need.replay and rng.random() < 0.5:
            ctl.replay_deal(rng.choice(ctl.deal.setup.seats))
        else:
            ctl.start_deal()
    elif isinstance(need, ComputerTurn):
        assert ctl.submit(ctl.think(need))
    else:
        action = human_choice(need, rng)
        if action is None:
            ctl.decline(need.seat)
        else:
            ctl.apply(action)
    if ctl.write_later and write:
        write_all(ctl, store)
    return True


def play_out(ctl: TableController, rng: random.Random, store: Store) -> None:
    """Every move of the series to its end."""
    while step(ctl, rng, store):
        continue


def outcome(ctl: TableController, store: Store):
    records = [r["record"] for r in store.deal_sources(ctl.series_id)]
    return ctl.entries, ctl.totals, records


def need_key(need):
    """What a need shows (a computer turn's version is the controller's own counter)."""
    if isinstance(need, HumanTurn | ComputerTurn):
        return (type(need), need.seat, need.view, need.interjection)
    return need


def the_live_row(store: Store):
    (row,) = store.live_tables()
    assert row.stale is None
    return row


@pytest.mark.parametrize("write_later", [False, True])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_resumed_table_goes_on_like_an_uninterrupted_one(tmp_path, case, write_later):
    profile, seats, practice = CASES[case]
    seed = 7

    def table(store):
        return TableController(
            profile,
            seats,
            seed=seed,
            store=store,
            deals_planned=3,
            practice=practice,
            write_later=write_later,
        )

    whole = Store.open(tmp_path / "whole.sqlite3")
    ctl = table(whole)
    rng = random.Random(seed)
    play_out(ctl, rng, whole)
    expected = outcome(ctl, whole)
    assert whole.live_tables() == []  # the series ended: its live table went with it

    store = Store.open(tmp_path / "cut.sqlite3")
    ctl = table(store)
    rng = random.Random(seed)
    steps = resumed = 0
    while True:
        steps += 1
        if not step(ctl, rng, store):
            break
        if not write_later and not isinstance(ctl.request(), SeriesOver):  # saved at every move
            state = json.loads(store.load_live(the_live_row(store).id).state)
            assert len(state["deal"]["actions"]) == len(ctl.actions)
        if steps % 11 == 0 and store.live_tables():
            before = need_key(ctl.request())
            ctl = TableController.resume(store, the_live_row(store).id, write_later=write_later)
            assert need_key(ctl.request()) == before  # at the very move where it stopped
            resumed += 1
    assert resumed >= 5
    assert outcome(ctl, store) == expected
    assert store.live_tables() == []


def test_a_resumed_replay_keeps_its_seating_and_the_deal_stays_on_the_sheet(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    ctl = TableController(HOUSE, CASES["house-practice"][1], seed=3, store=store, practice=True)
    ctl.start_deal()
    rng = random.Random(3)
    while not ctl.deal.finished:
        step(ctl, rng, store)
    entry = ctl.entries[-1]
    ctl.replay_deal(0)
    for _ in range(5):
        step(ctl, rng, store)
    again = TableController.resume(store, the_live_row(store).id)
    assert again.human_seats == ctl.human_seats == (0,)
    assert again.entries == (entry,) and again.actions == ctl.actions
    assert need_key(again.request()) == need_key(ctl.request())


def test_only_the_local_store_sees_the_snapshot(tmp_path):
    """The snapshot knows every card: it travels in writes to the store, never in events."""
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=2, store=store, deals_planned=1, write_later=True)
    events = []
    ctl.add_listener(events.append)
    ctl.start_deal()
    assert ctl.take_store_write() is None  # the snapshot alone only when asked for
    write = ctl.take_store_write(live=True)
    assert write.deals == () and write.live.state is not None
    assert write.live.state not in repr(write) and "actions" not in repr(write.live)
    ctl.store_written(write, write.run(store))
    rng = random.Random(2)
    play_out(ctl, rng, store)
    assert events and all(isinstance(e, get_args(TableEvent)) for e in events)
    assert not any("actions" in repr(e) or "seed" in repr(e) for e in events)


def test_a_series_that_moved_on_closed_or_cannot_be_read_is_not_resumed(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=5, store=store, deals_planned=4)
    rng = random.Random(5)
    while len(ctl.entries) < 1 or ctl.deal.finished:
        step(ctl, rng, store)
    live = the_live_row(store).id
    good = store.load_live(live).state

    other = TableController(profile, seats, seed=5, store=store, series_id=ctl.series_id)
    other.start_deal()  # the series goes on elsewhere: deal 2 is stored there
    while not other.deal.finished:
        step(other, rng, store)
    store.save_live(ctl.series_id, good, deal_number=2, deals_done=1)  # the old table's row
    with pytest.raises(TableError, match="moved on"):
        TableController.resume(store, live)

    fresh = TableController(profile, seats, seed=5, store=store, deals_planned=4)
    fresh.start_deal()
    row = next(r for r in store.live_tables() if r.series_id == fresh.series_id)
    state = store.load_live(row.id).state
    bad = [
        ("not json", "cannot be read"),
        (state.replace('"version":1', '"version":2'), "version 2 is not 1"),
        (state.replace('"seed":', '"seed":"x","old":'), "cannot be read"),
    ]
    data = json.loads(state)
    data["deal"]["seed"] += 1
    bad.append((json.dumps(data), "other cards"))
    data = json.loads(state)
    data["deal"]["actions"] = [{"type": "play", "player": 0, "card": "CJ"}]
    bad.append((json.dumps(data), "does not replay"))
    data = json.loads(state)
    data["seats"][1]["kind"] = "grandmaster"
    bad.append((json.dumps(data), "unknown player"))
    data["seats"][1]["kind"] = "external:/bin/false"  # data never picks a program to run
    bad.append((json.dumps(data), "another program"))
    for text, words in bad:
        store.save_live(fresh.series_id, text, deal_number=1, deals_done=0)
        with pytest.raises(TableError, match=words) as e:
            TableController.resume(store, row.id)
        assert "\n" not in str(e.value)
    store.save_live(fresh.series_id, state, deal_number=1, deals_done=0)
    assert TableController.resume(store, row.id).actions == fresh.actions
    store.close_series(fresh.series_id, "Anna")
    with pytest.raises(TableError, match="closed"):
        TableController.resume(store, row.id)


def test_a_given_up_series_forgets_its_live_table(tmp_path):
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=5, store=store, deals_planned=4)
    ctl.start_deal()
    assert store.live_tables()
    ctl.abandon()
    assert store.live_tables() == []
    rng = random.Random(1)
    for _ in range(10):
        step(ctl, rng, store)
    assert store.live_tables() == []  # nothing is saved for later after that

    later = TableController(profile, seats, seed=5, store=store, deals_planned=4, write_later=True)
    later.start_deal()
    write_all(later, store)
    assert len(store.live_tables()) == 1
    later.abandon()
    write = later.take_store_write(live=True)
    assert write.live.state is None
    later.store_written(write, write.run(store))
    assert store.live_tables() == [] and not later.live_pending


def test_the_last_deal_and_the_deletion_are_one_transaction(tmp_path, monkeypatch):
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=8, store=store, deals_planned=2, write_later=True)
    rng = random.Random(8)
    while len(ctl.entries) < 1:
        step(ctl, rng, store)
    while not isinstance(ctl.request(), SeriesOver):
        step(ctl, rng, store, write=False)  # the test writes below, by hand
    assert the_live_row(store).deals_done == 1

    def broken(self, series_id):
        raise OSError("disk full")

    monkeypatch.setattr(Store, "drop_series_live", broken)
    write = ctl.take_store_write()
    assert [n for _, n in write.deals] == [2] and write.live.state is None
    result = write.run(store)
    assert result == StoreOutcome(0, "deal 2 could not be stored: disk full")
    assert SeriesService(store, ctl.series_id).next_number == 2  # rolled back together
    events = []
    ctl.add_listener(events.append)
    ctl.store_written(write, result)
    assert isinstance(events[-1], StoreFailed)
    monkeypatch.undo()
    write = ctl.take_store_write()
    ctl.store_written(write, write.run(store))
    assert SeriesService(store, ctl.series_id).next_number == 3
    assert store.live_tables() == []


def test_a_failed_snapshot_alone_is_no_store_failure_and_is_written_later(tmp_path, monkeypatch):
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=8, store=store, deals_planned=2, write_later=True)
    events = []
    ctl.add_listener(events.append)
    ctl.start_deal()
    real = Store.save_live

    def full(self, *a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(Store, "save_live", full)
    write = ctl.take_store_write(live=True)
    ctl.store_written(write, write.run(store))
    assert ctl.live_error == "the table could not be saved for later: disk full"
    assert ctl.live_pending and not any(isinstance(e, StoreFailed) for e in events)
    monkeypatch.setattr(Store, "save_live", real)
    write_all(ctl, store)
    assert ctl.live_error is None and not ctl.live_pending
    assert the_live_row(store).deal_number == 1


def test_behind_a_failed_deal_the_live_table_never_runs_ahead(tmp_path, monkeypatch):
    """A synchronous table whose deal could not be stored keeps playing; its saved table
    stays at the last state the database can back (never stale) until the deal is in."""
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=4, store=store, deals_planned=3)
    real = SeriesService.record_played
    broken = {"on": True}

    def flaky(self, deal, extra=None):
        if broken["on"]:
            raise OSError("disk full")
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", flaky)
    failures = []
    ctl.add_listener(lambda e: failures.append(e) if isinstance(e, StoreFailed) else None)
    rng = random.Random(4)
    while len(ctl.entries) < 2:
        step(ctl, rng, store)
        assert the_live_row(store).deals_done == 0
    assert len(failures) == 2  # one per finished deal, not one per move
    broken["on"] = False
    assert ctl.retry_store()
    assert the_live_row(store).deals_done == 2


def test_the_writer_steps_store_what_run_stores(tmp_path):
    """A writer that opens each transaction itself (the GUI's) runs ``steps()``."""
    profile, seats, _ = CASES["isko-3"]
    results = []
    for by_steps in (False, True):
        store = Store.open(tmp_path / f"{by_steps}.sqlite3")
        ctl = TableController(
            profile, seats, seed=9, store=store, deals_planned=3, write_later=True
        )
        rng = random.Random(9)
        while len(ctl.entries) < 2:
            step(ctl, rng, store, write=False)
        write = ctl.take_store_write()
        assert len(write.deals) == 2 and len(write.steps()) == 2
        if by_steps:
            written = 0
            for part in write.steps():
                with store.transaction():
                    out = part.run(store)
                written += out.written
            answer = StoreOutcome(written, None, out.live)
        else:
            answer = write.run(store)
        ctl.store_written(write, answer)
        row = the_live_row(store)
        results.append((outcome(ctl, store), row.deals_done, row.deal_number))
    assert results[0] == results[1]


# ---------------------------------------------------------------------- a real crash

CHILD = """
import sys
from skat_desktop.app.table import ComputerTurn, DealOver, SeatSpec, SeriesOver, TableController
from skat_desktop.engine.profiles import HOUSE
from skat_desktop.store.repository import Store

store = Store.open(sys.argv[1])
live = [r for r in store.live_tables() if r.stale is None]
if live:
    ctl = TableController.resume(store, live[0].id)
else:
    seats = [SeatSpec.computer(k) for k in ("beginner", "random", "beginner")]
    ctl = TableController(HOUSE, seats, seed=int(sys.argv[2]), store=store, deals_planned=3)
print("resumed" if live else "new", ctl.deal_number, len(ctl.actions), flush=True)
while not isinstance(need := ctl.request(), SeriesOver):
    if isinstance(need, DealOver):
        ctl.start_deal()
    else:
        ctl.submit(ctl.think(need))
"""


def run_child(db, seed: int, kill_after: int | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in (KILL_ENV, KILL_AFTER_ENV)}
    if kill_after is not None:
        env[KILL_ENV] = "live.saved"
        env[KILL_AFTER_ENV] = str(kill_after)
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(db), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("where", ["mid-deal", "deal-end"])
def test_a_table_killed_after_a_move_is_resumed_by_the_next_start(tmp_path, monkeypatch, where):
    seed = 12
    seats = [SeatSpec.computer(k) for k in ("beginner", "random", "beginner")]
    whole = Store.open(tmp_path / "whole.sqlite3")
    ctl = TableController(HOUSE, seats, seed=seed, store=whole, deals_planned=3)
    passes: list[bool] = []  # each save of the live table: did a deal just end?
    real = table_mod.kill_point

    def note(name):
        if name == "live.saved":
            passes.append(ctl.deal.finished and ctl.deal_number == 1)
        real(name)

    monkeypatch.setattr(table_mod, "kill_point", note)
    while not isinstance(need := ctl.request(), SeriesOver):
        if isinstance(need, DealOver):
            ctl.start_deal()
        else:
            ctl.submit(ctl.think(need))
    expected = [r["record"] for r in whole.deal_sources(ctl.series_id)]
    end_of_first = passes.index(True) + 1
    kill_after = end_of_first if where == "deal-end" else end_of_first + 17

    db = tmp_path / "crash.sqlite3"
    killed = run_child(db, seed, kill_after)
    assert killed.returncode == -getattr(signal, "SIGKILL", signal.SIGTERM), killed.stderr
    store = Store.open(db)
    row = the_live_row(store)
    assert row.deals_done == 1
    store.close()
    again = run_child(db, seed, None)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("resumed ")
    store = Store.open(db)
    sid = store.list_series()[0]["id"]
    assert [r["record"] for r in store.deal_sources(sid)] == expected
    assert store.live_tables() == []


def test_a_writer_that_skips_the_snapshot_is_not_asked_again_and_again(tmp_path):
    """A writer that stores only the deals (the GUI's before it ran ``steps()``) answers
    without ``live``: the snapshot stays due, but no write of it alone is handed out
    unless asked for, so "write what ended meanwhile" after each answer comes to rest."""
    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=3, store=store, deals_planned=2, write_later=True)
    rng = random.Random(3)
    while len(ctl.entries) < 1:
        step(ctl, rng, store, write=False)
    write = ctl.take_store_write()
    deals_only = StoreWrite(write.series_id, write.deals)
    ctl.store_written(write, deals_only.run(store))
    assert ctl.live_pending and ctl.pending_store == 0
    assert ctl.take_store_write() is None
    assert store.live_tables() == []


def _commits(store: Store) -> list[int]:
    """The ``synchronous`` level each COMMIT on ``store`` ran at (2 FULL, 1 NORMAL)."""
    levels: list[int] = []
    conn = store.conn

    def trace(sql: str) -> None:
        if sql.strip().upper() == "COMMIT":
            levels.append(-1)  # filled in right after, outside the callback

    conn.set_trace_callback(trace)
    real = store.transaction

    def watched(*args, **kwargs):
        outer = real(*args, **kwargs)

        class Ctx:
            def __enter__(self):
                return outer.__enter__()

            def __exit__(self, *exc):
                level = conn.execute("PRAGMA synchronous").fetchone()[0]
                out = outer.__exit__(*exc)
                if levels and levels[-1] == -1:
                    levels[-1] = level
                return out

        return Ctx()

    store.transaction = watched
    return levels


@pytest.mark.parametrize("by_steps", [False, True])
def test_a_move_is_saved_without_a_flush_and_a_finished_deal_with_one(tmp_path, by_steps):
    """The table in play is rewritten at every move: its commit does not wait for the disk
    (it survives a killed program; the kill tests above hold), while a finished deal's
    commit still does -- and the connection is back at FULL after either."""
    from skat_desktop.gui.store_worker import write_deals

    store = Store.open(tmp_path / "t.sqlite3")
    profile, seats, _ = CASES["isko-3"]
    ctl = TableController(profile, seats, seed=5, store=store, deals_planned=3, write_later=True)
    rng = random.Random(5)
    levels = _commits(store)

    def write() -> None:
        w = ctl.take_store_write(live=True)
        if w is not None:
            out = write_deals(store, w).outcome if by_steps else w.run(store)
            ctl.store_written(w, out)

    while len(ctl.entries) < 1:
        step(ctl, rng, store, write=False)
        before = len(levels)
        pending = bool(ctl._unstored)
        write()
        if len(levels) > before:
            assert levels[before:] == ([2] if pending else [1])
    assert 1 in levels and 2 in levels  # both kinds were written
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert the_live_row(store).deals_done == 1


def test_a_table_whose_players_were_renamed_meanwhile_is_continued_under_the_new_names(
    tmp_path,
):
    """A tester renamed "Anna" to "Annabel" (and a computer seat) in the club desk while a
    series was saved for later: it could never be continued ("does not match the score
    sheet") and the window forgot it. The series seats players by id: the same players."""
    from skat_desktop.app import club

    profile, seats, _practice = CASES["house-4"]
    seed = 7

    def table(store):
        return TableController(profile, seats, seed=seed, store=store, deals_planned=3)

    whole = Store.open(tmp_path / "whole.sqlite3")
    ctl = table(whole)
    rng = random.Random(seed)
    play_out(ctl, rng, whole)
    expected = outcome(ctl, whole)

    store = Store.open(tmp_path / "cut.sqlite3")
    ctl = table(store)
    rng = random.Random(seed)
    while ctl.deal_number < 2 or len(ctl.actions) < 5:
        assert step(ctl, rng, store)
    before = need_key(ctl.request())
    sid = ctl.series_id
    names = {name: pid for pid, name in store.series(sid).players}
    club.rename_player(store, names["Anna"], "Annabel")
    club.rename_player(store, names["Bea"], "Beate")
    ctl = TableController.resume(store, the_live_row(store).id)
    assert need_key(ctl.request()) == before  # at the very move where it stopped
    assert ctl.names == ("beginner 1", "Annabel", "random 3", "Beate")
    play_out(ctl, rng, store)
    entries, totals, records = outcome(ctl, store)
    assert (entries, totals) == expected[:2]  # the same deals, by seat
    moves = [json.loads(r)["actions"] for r in records]
    assert moves == [json.loads(r)["actions"] for r in expected[2]]
    assert "Annabel" in records[-1] and "Beate" in records[-1]
    assert store.live_tables() == []
