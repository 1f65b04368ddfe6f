"""The table controller: series driven through request/think/submit/apply, hidden cards,
refused actions, failing players, the store and its failures, and the practice aids."""

from __future__ import annotations

import os
import random
import sqlite3
import threading
from itertools import islice

import pytest

import skat_desktop.app.table as table_mod
from skat_desktop.ai.levels import make_player
from skat_desktop.app.selfplay import deal_seeds
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    ComputerTurn,
    DealFinished,
    DealOver,
    DealsStored,
    DealStarted,
    HumanTurn,
    PlayerFailed,
    SeatSpec,
    SeriesFinished,
    SeriesOver,
    StoreFailed,
    StoreOutcome,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import Bid, Claim, Concede, Double, Pass, Play
from skat_desktop.engine.cards import FULL_DECK
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO
from skat_desktop.engine.record import deal_from_record, record_from_deal
from skat_desktop.store.database import MOVED, READ_ONLY
from skat_desktop.store.repository import Store


def computers(n: int, kind: str = "random") -> list[SeatSpec]:
    return [SeatSpec.computer(kind) for _ in range(n)]


def with_human(n: int, seat: int = 0, kind: str = "random") -> list[SeatSpec]:
    specs = computers(n, kind)
    specs[seat] = SeatSpec.human("Anna")
    return specs


def human_choice(need: HumanTurn, rng: random.Random):
    """What the test's human does: a legal action, never an (expensive) claim."""
    if need.interjection:
        return need.legal[0] if rng.random() < 0.3 else None
    plays = [a for a in need.legal if type(a) is Play]
    if plays:
        return rng.choice(plays)
    return rng.choice([a for a in need.legal if type(a) not in (Claim, Concede)])


def step(ctl: TableController, rng: random.Random, check=None) -> bool:
    """One decision; False once the series is over. ``check(ctl, need)`` sees every need."""
    need = ctl.request()
    if check is not None:
        check(ctl, need)
    if isinstance(need, SeriesOver):
        return False
    if isinstance(need, DealOver):
        ctl.start_deal()
    elif isinstance(need, ComputerTurn):
        assert ctl.submit(ctl.think(need))
    else:
        action = human_choice(need, rng)
        if action is None:
            ctl.decline(need.seat)
        else:
            ctl.apply(action)
    return True


def play_series(ctl: TableController, seed: int = 0, check=None) -> None:
    rng = random.Random(seed)
    while step(ctl, rng, check):
        pass


def play_current_deal(ctl: TableController, rng: random.Random) -> None:
    while not ctl.deal.finished:
        step(ctl, rng)


def hands_by_seat(ctl: TableController) -> dict[int, int]:
    deal = ctl.deal
    return {seat: deal.hands[pos] for pos, seat in enumerate(deal.setup.seats)}


def assert_view_hides_others(ctl: TableController, seat: int) -> None:
    """A seat's view holds its own hand and public cards only (ARCHITECTURE §1)."""
    deal = ctl.deal
    view = ctl.view_for(seat)
    assert view.seat == seat
    pos = view.position
    own = deal.hands[pos] if pos is not None else 0
    assert view.hand == own
    others = 0
    for p in range(3):
        if p != pos:
            others |= deal.hands[p]
    assert view.hand & others == 0
    if deal.finished:
        return
    assert view.dealt is None
    for p, h in enumerate(view.open_hands):
        ouvert_declarer = deal.contract is not None and deal.contract.ouvert and p == deal.declarer
        assert h is None or (ouvert_declarer and deal.phase == "play")
    if view.skat is not None:
        assert pos is not None and pos == deal.skat_owner
    if view.original_skat is not None:
        assert pos == deal.declarer and deal.picked_up


# ---------------------------------------------------------------------- whole series


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_computer_series_runs_to_its_end_in_every_profile(name, size):
    profile = BUILTIN[name]
    ctl = TableController(profile, computers(size), seed=11, deals_planned=6)
    events = []
    ctl.add_listener(events.append)
    logs: list[Deal] = []
    ctl.add_listener(lambda e: logs.append(ctl.deal) if isinstance(e, DealFinished) else None)
    play_series(ctl)

    assert ctl.request() == SeriesOver(logs[-1].result, ctl.entries[-1], ctl.totals)
    assert len(ctl.entries) == 6
    assert [type(e) for e in events].count(DealStarted) == 6
    assert [type(e) for e in events].count(DealFinished) == 6
    assert [e for e in events if isinstance(e, SeriesFinished)] == [SeriesFinished(ctl.totals)]
    assert sum(isinstance(e, ActionApplied) for e in events) == sum(len(d.actions) for d in logs)
    assert not [e for e in events if isinstance(e, PlayerFailed | StoreFailed)]
    # each dealer deals once per round; at four the dealer sits out and scores nothing
    for deal, entry in zip(logs, ctl.entries, strict=True):
        assert entry.dealer == deal.setup.dealer
        assert entry.seats == deal.setup.seats
        if size == 4:
            assert entry.scores[entry.dealer] == 0
        replayed = deal_from_record(record_from_deal(deal))  # the log rebuilds the deal
        assert replayed.result == deal.result
    assert ctl.totals == tuple(sum(e.scores[s] for e in ctl.entries) for s in range(size))
    with pytest.raises(TableError, match="series is over"):
        ctl.start_deal()


def test_the_same_seed_plays_the_same_series():
    def run(seed):
        ctl = TableController(HOUSE, computers(3), seed=seed, deals_planned=6)
        play_series(ctl)
        return ctl.entries

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_kontra_and_re_are_offered_to_computers_between_cards():
    """House rules: the defenders are asked before the first card, the declarer after a
    Kontra; every Kontra said is on the sheet."""
    ctl = TableController(HOUSE, computers(3), seed=0, deals_planned=12)
    asked: list[ComputerTurn] = []

    def check(ctl, need):
        if isinstance(need, ComputerTurn) and need.interjection:
            asked.append(need)
            assert ctl.can_double(need.seat)
            assert need.view.to_move != need.view.position

    play_series(ctl, check=check)
    assert asked
    said = [e.kontra for e in ctl.entries if e.kind == "game"]
    assert any(said)


def test_each_dealt_deal_uses_the_series_context():
    """Bock and Ramsch rounds of the engine's Series reach the deals the table deals."""
    ctl = TableController(HOUSE, computers(3), seed=0, deals_planned=12)
    contexts = []
    ctl.add_listener(
        lambda e: (
            contexts.append((ctl.deal.setup.bock, ctl.deal.setup.ramsch_round))
            if isinstance(e, DealFinished)
            else None
        )
    )
    play_series(ctl)
    assert [(e.bock, e.ramsch_round) for e in ctl.entries] == contexts
    assert any(bock for bock, _ in contexts)


# ---------------------------------------------------------------------- humans and views


@pytest.mark.parametrize("profile", [ISKO, HOUSE])
def test_a_human_seat_plays_through_request_and_apply(profile):
    ctl = TableController(profile, with_human(4, seat=2), seed=3, deals_planned=6)
    assert ctl.human_seats == (2,)
    human_turns = []

    def check(ctl, need):
        if isinstance(need, HumanTurn):
            human_turns.append(need)
            assert need.seat == 2
            assert ctl.deal.setup.dealer != 2  # the dealer sits out at four
            assert need.legal
            if need.interjection:
                assert all(type(a) is Double for a in need.legal)
        if isinstance(need, HumanTurn | ComputerTurn):
            assert need.view == ctl.view_for(need.seat)
            for seat in range(4):
                assert_view_hides_others(ctl, seat)

    play_series(ctl, check=check)
    assert len(ctl.entries) == 6
    assert human_turns


def test_a_computer_view_is_the_seat_view_only():
    ctl = TableController(ISKO, computers(3), seed=1, deals_planned=1)
    ctl.start_deal()
    need = ctl.request()
    assert isinstance(need, ComputerTurn)
    others = sum(h for s, h in hands_by_seat(ctl).items() if s != need.seat)
    assert need.view.hand & others == 0
    assert need.view.dealt is None and need.view.skat is None


def test_the_human_is_asked_for_kontra_once_and_keeps_the_button():
    """House rules: a human defender not on turn is asked once for Kontra before the first
    card; declining ends the prompts, and can_double still drives the GUI's button."""
    for seed in range(40):
        ctl = TableController(HOUSE, with_human(3, seat=2), seed=seed, deals_planned=1)
        ctl.start_deal()
        rng = random.Random(seed)
        while not ctl.deal.finished:
            need = ctl.request()
            if isinstance(need, HumanTurn) and need.interjection:
                break
            step(ctl, rng)
        else:
            continue
        assert ctl.can_double(2)
        assert need.legal == (Double(ctl.deal.setup.seats.index(2), 1),)
        ctl.decline(2)
        again = ctl.request()
        assert not (isinstance(again, HumanTurn) and again.interjection and again.seat == 2)
        if ctl.can_double(2):
            action = ctl.double(2)
            assert ctl.actions[-1] == action
        return
    pytest.fail("no seed gave the human a Kontra prompt")


# ---------------------------------------------------------------------- refused actions


def test_illegal_actions_are_refused_and_change_nothing():
    ctl = TableController(ISKO, with_human(3, seat=0), seed=2, deals_planned=2)
    with pytest.raises(TableError, match="no deal"):
        ctl.apply(Pass(0))
    ctl.start_deal()
    rng = random.Random(0)
    while not isinstance(ctl.request(), HumanTurn) or ctl.deal.phase != "play":
        step(ctl, rng)
    need = ctl.request()
    pos = need.view.position
    before = (ctl.actions, ctl.request(), tuple(ctl.deal.hands))
    not_held = next(c for c in range(32) if not need.view.hand >> c & 1)
    other = (pos + 1) % 3
    bad = [
        Play(pos, not_held),  # not in the hand
        Play(other, 0),  # not his turn
        Bid(pos, 18),  # the auction is over
        Play(pos, "A♣"),  # not a card number
        Play(7, 0),  # no such player
        "play the ace",  # not an action at all
        Play(True, 0),
        Double(pos, 0),  # its record would read as Hirsch
        Bid(pos, 18.0),  # a bid the record cannot hold
    ]
    for action in bad:
        with pytest.raises(TableError) as info:
            ctl.apply(action)
        assert "\n" not in str(info.value) and str(info.value)
        assert (ctl.actions, ctl.request(), tuple(ctl.deal.hands)) == before
    with pytest.raises(TableError, match="cannot act for"):
        ctl.apply(need.legal[0], seat=(need.seat + 1) % 3)
    assert (ctl.actions, ctl.request(), tuple(ctl.deal.hands)) == before
    ctl.apply(need.legal[0], seat=need.seat)
    assert ctl.actions == (*before[0], need.legal[0])


def test_a_deal_cannot_be_dealt_while_one_is_in_progress():
    ctl = TableController(ISKO, computers(3), seed=2, deals_planned=2)
    ctl.start_deal()
    with pytest.raises(TableError, match="not finished"):
        ctl.start_deal()


def test_bad_tables_are_refused():
    with pytest.raises(TableError):
        TableController(ISKO, computers(2), seed=0)
    with pytest.raises(TableError, match="name"):
        TableController(ISKO, [SeatSpec.human("A"), SeatSpec.human("A"), *computers(1)], seed=0)
    with pytest.raises(ValueError, match="unknown player"):
        TableController(ISKO, computers(3, kind="grandmaster"), seed=0)


# ---------------------------------------------------------------------- failing players


class Raising:
    name = "raising"

    def choose(self, view, cancel=None):
        raise RuntimeError("the engine crashed\nwith a traceback")

    def wants_interjection(self, view):
        raise RuntimeError("no opinion")


class Cheating:
    name = "cheating"

    def choose(self, view, cancel=None):
        return Play(view.position, next(c for c in range(32) if not view.hand >> c & 1))

    def wants_interjection(self, view):
        return Pass(view.position)


@pytest.fixture
def odd_players(monkeypatch):
    def fake(kind, seed=0):
        if kind == "raising":
            return Raising()
        if kind == "cheating":
            return Cheating()
        return make_player(kind, seed)

    monkeypatch.setattr(table_mod, "make_player", fake)


@pytest.mark.parametrize("kind", ["raising", "cheating"])
def test_a_failing_player_is_replaced_by_a_fallback_and_the_series_goes_on(odd_players, kind):
    seats = [SeatSpec.computer(kind), SeatSpec.computer("random"), SeatSpec.computer("beginner")]
    ctl = TableController(HOUSE, seats, seed=4, deals_planned=6)
    failures = []
    ctl.add_listener(lambda e: failures.append(e) if isinstance(e, PlayerFailed) else None)
    notes = []
    while True:
        need = ctl.request()
        if isinstance(need, SeriesOver):
            break
        if isinstance(need, DealOver):
            ctl.start_deal()
            continue
        result = ctl.think(need)  # never raises
        if need.seat == 0:  # every decision of seat 0 fails
            assert result.error is not None
            assert "\n" not in result.error
            notes.append(result.error)
        if not need.interjection:
            assert result.action in need.view.legal
        assert ctl.submit(result)
    assert len(ctl.entries) == 6
    assert notes
    assert [e.message for e in failures] == notes
    assert {e.seat for e in failures} == {0}


def test_think_with_a_cancel_event_and_a_stale_answer():
    ctl = TableController(ISKO, computers(3, kind="beginner"), seed=8, deals_planned=1)
    ctl.start_deal()
    need = ctl.request()
    cancel = threading.Event()
    cancel.set()
    first = ctl.think(need, cancel)
    assert first.action in need.view.legal
    assert ctl.submit(first)
    assert not ctl.submit(first)  # the table moved on: a second answer is dropped


# ---------------------------------------------------------------------- the store


def stored_store(tmp_path):
    return Store.open(tmp_path / "table.sqlite3")


@pytest.mark.parametrize(("profile", "size"), [(ISKO, 3), (HOUSE, 4)])
def test_every_finished_deal_is_stored(tmp_path, profile, size):
    store = stored_store(tmp_path)
    ctl = TableController(profile, with_human(size, seat=1), seed=9, store=store, deals_planned=6)
    play_series(ctl)
    assert ctl.pending_store == 0
    sheet = SeriesService(store, ctl.series_id).sheet()
    assert len(sheet.lines) == 6
    assert sheet.totals == ctl.totals
    assert [n for _, n in sheet.info.players] == list(ctl.names)
    rows = store.deal_rows(ctl.series_id)
    assert [r["dealer"] for r in rows] == [e.dealer for e in ctl.entries]


def test_a_store_failure_keeps_the_series_and_retry_stores_it(tmp_path, monkeypatch):
    store = stored_store(tmp_path)
    ctl = TableController(ISKO, computers(3), seed=9, store=store, deals_planned=6)
    broken = {"on": False}
    real = SeriesService.record_played

    def flaky(self, deal, extra=None):
        if broken["on"]:
            raise OSError("disk full")
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", flaky)
    failures = []
    ctl.add_listener(lambda e: failures.append(e) if isinstance(e, StoreFailed) else None)
    rng = random.Random(0)
    finished = 0
    while step(ctl, rng):
        done = len(ctl.entries)
        if done != finished:
            finished = done
            broken["on"] = done in (1, 2, 3)  # deals 2..4 fail
    assert len(ctl.entries) == 6  # nothing lost in memory
    assert failures
    assert failures[0] == StoreFailed("deal 2 could not be stored: disk full", 1)
    assert ctl.pending_store == 0  # deal 5 stored the waiting ones first
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals

    # a failure at the last deal: the deal waits until retry_store()
    store2 = Store.open(tmp_path / "second.sqlite3")
    ctl = TableController(ISKO, computers(3), seed=9, store=store2, deals_planned=2)
    ctl.add_listener(lambda e: failures.append(e) if isinstance(e, StoreFailed) else None)
    broken["on"] = True
    failures.clear()
    play_series(ctl)
    assert len(failures) == 2 and ctl.pending_store == 2
    assert isinstance(ctl.request(), SeriesOver)
    assert not ctl.retry_store()
    assert len(failures) == 3
    broken["on"] = False
    assert ctl.retry_store()
    assert ctl.pending_store == 0
    assert SeriesService(store2, ctl.series_id).sheet().totals == ctl.totals


def test_a_stored_deal_is_announced_after_it_is_in_the_database(tmp_path):
    store = stored_store(tmp_path)
    ctl = TableController(ISKO, computers(3), seed=4, store=store, deals_planned=2)
    seen = []

    def listen(event):
        if isinstance(event, DealsStored):
            seen.append((event.numbers, SeriesService(store, ctl.series_id).next_number))

    ctl.add_listener(listen)
    play_series(ctl)
    assert seen == [((1,), 2), ((2,), 3)]


def test_a_table_that_stores_later_hands_out_writes_in_order(tmp_path):
    store = stored_store(tmp_path)
    ctl = TableController(
        ISKO, computers(3), seed=4, store=store, deals_planned=3, write_later=True
    )
    events = []
    ctl.add_listener(events.append)
    rng = random.Random(1)
    while len(ctl.entries) < 2:
        step(ctl, rng)
    assert ctl.pending_store == 2  # nothing written on this thread
    assert SeriesService(store, ctl.series_id).next_number == 1
    write = ctl.take_store_write()
    assert [n for _, n in write.deals] == [1, 2]
    assert ctl.take_store_write() is None  # one write at a time
    while len(ctl.entries) < 3:
        step(ctl, rng)  # a deal ends while the write is out
    outcome = write.run(Store.open(tmp_path / "table.sqlite3"))  # the worker's connection
    assert outcome == StoreOutcome(2)
    ctl.store_written(write, outcome)
    assert events[-1] == DealsStored((1, 2)) and ctl.pending_store == 1
    with pytest.raises(TableError, match="not handed out"):
        ctl.store_written(write, outcome)
    last = ctl.take_store_write()
    ctl.store_written(last, last.run(store))
    assert ctl.pending_store == 0
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals


def test_a_failed_write_keeps_the_deals_and_a_rerun_skips_what_got_through(tmp_path, monkeypatch):
    store = stored_store(tmp_path)
    ctl = TableController(
        ISKO, computers(3), seed=6, store=store, deals_planned=2, write_later=True
    )
    events = []
    ctl.add_listener(events.append)
    play_series(ctl)
    real = SeriesService.record_played
    calls = []

    def second_fails(self, deal, extra=None):
        calls.append(deal)
        if len(calls) == 2:
            raise OSError("disk full")
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", second_fails)
    write = ctl.take_store_write()
    outcome = write.run(store)
    assert outcome == StoreOutcome(1, "deal 2 could not be stored: disk full")
    ctl.store_written(write, outcome)
    assert events[-2:] == [DealsStored((1,)), StoreFailed(outcome.error, 1)]
    again = ctl.take_store_write()
    assert [n for _, n in again.deals] == [2]
    # the first write's outcome "got lost": writing both again stores deal 2 only
    both = type(write)(write.series_id, write.deals)
    assert both.run(store) == StoreOutcome(2)
    ctl.store_written(again, StoreOutcome(1))
    assert ctl.pending_store == 0 and len(calls) == 3
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals


def first_deal_waiting(tmp_path) -> tuple[Store, TableController]:
    """A table that writes later, its first deal finished and not yet written."""
    store = stored_store(tmp_path)
    ctl = TableController(
        ISKO, computers(3), seed=4, store=store, deals_planned=2, write_later=True
    )
    rng = random.Random(1)
    while not ctl.entries:
        step(ctl, rng)
    return store, ctl


def test_a_write_into_a_moved_database_keeps_the_deal_and_says_why(tmp_path):
    """The database file was renamed under the table: the write is refused before anything
    goes into the old file, the deal waits, and the outcome says that the file must be put
    back first (``fault``); put back, the same deal is stored."""
    path = tmp_path / "table.sqlite3"
    store, ctl = first_deal_waiting(tmp_path)
    os.rename(path, tmp_path / "renamed.sqlite3")
    write = ctl.take_store_write()
    outcome = write.run(store)
    assert outcome.written == 0 and outcome.fault == MOVED and "was moved" in outcome.error
    ctl.store_written(write, outcome)
    assert ctl.pending_store == 1 and store.deals_stored(ctl.series_id) == 0
    os.rename(tmp_path / "renamed.sqlite3", path)
    write = ctl.take_store_write()
    outcome = write.run(store)
    assert outcome == StoreOutcome(1) and outcome.fault is None
    ctl.store_written(write, outcome)
    assert ctl.pending_store == 0
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals


@pytest.mark.skipif(not hasattr(os, "statvfs"), reason="no statvfs (Windows)")
@pytest.mark.parametrize("read_only", [True, False])
def test_a_write_refused_by_a_read_only_mount_says_the_file_is_read_only(
    tmp_path, monkeypatch, read_only
):
    """The file system was remounted read-only under the open database: SQLite refuses the
    deal's row with a disk I/O error, not as read-only. The outcome says the file must be
    made writable first (``fault``) while the mount is read-only, and not otherwise."""
    store, ctl = first_deal_waiting(tmp_path)
    real_statvfs = os.statvfs

    def statvfs(p):
        st = real_statvfs(p)
        flag = st.f_flag | os.ST_RDONLY if read_only else st.f_flag & ~os.ST_RDONLY
        return os.statvfs_result((*st[:8], flag, *st[9:]))

    def refused(self, deal, extra=None):
        e = sqlite3.OperationalError("disk I/O error")
        e.sqlite_errorcode = 778  # SQLITE_IOERR_WRITE
        raise e

    monkeypatch.setattr(os, "statvfs", statvfs)
    monkeypatch.setattr(SeriesService, "record_played", refused)
    write = ctl.take_store_write()
    outcome = write.run(store)
    assert outcome.written == 0 and outcome.error is not None
    assert outcome.fault == (READ_ONLY if read_only else None)
    ctl.store_written(write, outcome)
    assert ctl.pending_store == 1 and store.deals_stored(ctl.series_id) == 0


def test_undo_waits_for_no_write_but_refuses_a_deal_being_written(tmp_path):
    store = stored_store(tmp_path)
    for seed in range(30):
        ctl = TableController(
            ISKO,
            with_human(3),
            seed=seed,
            deals_planned=1,
            practice=True,
            store=store,
            write_later=True,
        )
        ctl.start_deal()
        play_current_deal(ctl, random.Random(seed))
        pos = ctl.deal.setup.seats.index(0)
        if any(type(a) is Play and a.player == pos for a in ctl.actions):
            break
    write = ctl.take_store_write()
    with pytest.raises(TableError, match="already stored"):
        ctl.undo_last_card(0)
    ctl.store_written(write, StoreOutcome(0, "deal 1 could not be stored: disk full"))
    assert ctl.undo_last_card(0) >= 1  # not in the database: it can be taken back
    assert ctl.pending_store == 0 and not ctl.entries


def test_a_claim_is_checked_by_a_job_and_applied_from_its_cache(monkeypatch):
    import skat_desktop.engine.claims as claims

    for seed in range(40):
        ctl = TableController(ISKO, with_human(3), seed=seed, deals_planned=1)
        ctl.start_deal()
        rng = random.Random(seed)
        need = ctl.request()
        while (
            not (isinstance(need, HumanTurn) and any(type(a) is Claim for a in need.legal))
            and not ctl.deal.finished
        ):
            step(ctl, rng)
            need = ctl.request()
        if not ctl.deal.finished:
            break
    claims.claim_holds.cache_clear()
    job = ctl.claim_check(0)
    answer = job(threading.Event())
    assert claims.claim_holds.cache_info().misses == 1
    claim = next(a for a in need.legal if type(a) is Claim)
    ctl.apply(claim)
    info = claims.claim_holds.cache_info()
    assert (info.hits, info.misses) == (1, 1)  # the table's apply used the job's answer
    assert ctl.deal.finished and isinstance(answer, bool)
    with pytest.raises(TableError):
        ctl.claim_check(0)  # no deal in progress


def test_a_stored_series_is_continued_where_it_stopped(tmp_path):
    store = stored_store(tmp_path)
    seats = with_human(3)
    first = TableController(HOUSE, seats, seed=21, store=store, deals_planned=6)
    rng = random.Random(1)
    while len(first.entries) < 3:
        step(first, rng)
    again = TableController(HOUSE, seats, seed=21, store=store, series_id=first.series_id)
    assert again.entries == first.entries
    next_dealer = SeriesService(store, first.series_id).next_context()[0]
    started = again.start_deal()
    assert started.number == 4
    assert started.dealer == next_dealer
    # deal 4 has the cards an uninterrupted table deals as its fourth
    assert again.deal.setup.seed == list(islice(deal_seeds(21), 4))[-1]
    assert again.deal.setup.cards == deal_from_seed(again.deal.setup.seed)
    play_series(again)
    assert len(again.entries) == 6
    assert SeriesService(store, first.series_id).sheet().totals == again.totals
    with pytest.raises(TableError, match="other rules"):
        TableController(ISKO, seats, seed=21, store=store, series_id=first.series_id)
    with pytest.raises(TableError, match="other players"):
        TableController(HOUSE, computers(3), seed=21, store=store, series_id=first.series_id)


# ---------------------------------------------------------------------- practice aids


def test_practice_aids_are_refused_at_a_normal_table():
    ctl = TableController(ISKO, with_human(3), seed=1, deals_planned=2)
    ctl.start_deal()
    play_current_deal(ctl, random.Random(0))
    for aid in (
        lambda: ctl.undo_last_card(0),
        lambda: ctl.hint(0, level="beginner"),
        ctl.open_cards,
        lambda: ctl.replay_deal(1),
    ):
        with pytest.raises(TableError, match="practice"):
            aid()


def test_open_cards_shows_every_hand_at_a_practice_table():
    ctl = TableController(ISKO, with_human(4), seed=1, deals_planned=2, practice=True)
    ctl.start_deal()
    cards = ctl.open_cards()
    assert cards.hands[ctl.deal.setup.dealer] == 0
    union = cards.skat
    for h in cards.hands:
        assert union & h == 0
        union |= h
    assert union == FULL_DECK


def test_a_hint_is_a_legal_move_for_the_human_on_turn():
    ctl = TableController(ISKO, with_human(3), seed=1, deals_planned=1, practice=True)
    ctl.start_deal()
    rng = random.Random(0)
    seen = 0
    while not ctl.deal.finished:
        need = ctl.request()
        if isinstance(need, HumanTurn):
            h = ctl.hint(0, level="beginner")
            assert h.action in need.legal and h.reason
            seen += 1
        else:
            with pytest.raises(TableError):
                ctl.hint(0, level="beginner")
        with pytest.raises(TableError, match="own seat"):
            ctl.hint(1, level="beginner")
        step(ctl, rng)
    assert seen


def human_in_card_play(seed: int, cards: int = 0, **kw) -> tuple[TableController, random.Random]:
    """A practice table (human at seat 0) whose first deal is in card play, the human
    having played ``cards`` cards and the table one action more."""
    for s in range(seed, seed + 50):
        ctl = TableController(ISKO, with_human(3), seed=s, practice=True, **kw)
        ctl.start_deal()
        rng = random.Random(s)
        pos = ctl.deal.setup.seats.index(0)
        while not ctl.deal.finished and (
            ctl.deal.phase != "play"
            or sum(type(a) is Play and a.player == pos for a in ctl.actions) < cards
        ):
            step(ctl, rng)
        if not ctl.deal.finished:
            step(ctl, rng)
        if not ctl.deal.finished:
            return ctl, rng
    raise AssertionError("no seed reached card play")


def test_undo_takes_back_the_humans_last_card_and_everything_after():
    ctl, rng = human_in_card_play(5, cards=2, deals_planned=2)
    events = []
    ctl.add_listener(events.append)
    pos = ctl.deal.setup.seats.index(0)
    log = ctl.actions
    cut = max(i for i, a in enumerate(log) if type(a) is Play and a.player == pos)
    card = log[cut].card
    stale = ctl.request()
    count = ctl.undo_last_card(0)
    assert count == len(log) - cut
    assert ctl.actions == log[:cut]
    assert events == [ActionsUndone(0, count)]
    need = ctl.request()
    assert isinstance(need, HumanTurn) and need.seat == 0
    assert Play(pos, card) in need.legal
    assert ctl.view_for(0).hand >> card & 1
    if isinstance(stale, ComputerTurn):
        assert not ctl.submit(ctl.think(stale))  # asked before the undo: dropped
    with pytest.raises(TableError, match="own seat"):
        ctl.undo_last_card(1)
    play_current_deal(ctl, rng)
    assert len(ctl.entries) == 1


def test_undo_before_the_humans_first_card_is_refused():
    ctl, _ = human_in_card_play(5, cards=0, deals_planned=2)
    pos = ctl.deal.setup.seats.index(0)
    if any(type(a) is Play and a.player == pos for a in ctl.actions):
        pytest.skip("the human led the first card")
    before = ctl.actions
    with pytest.raises(TableError, match="not played a card"):
        ctl.undo_last_card(0)
    assert ctl.actions == before


def test_undo_after_the_end_takes_the_deal_off_the_sheet():
    ctl, rng = human_in_card_play(7, cards=1, deals_planned=1)
    play_current_deal(ctl, rng)
    assert len(ctl.entries) == 1 and isinstance(ctl.request(), SeriesOver)
    ctl.undo_last_card(0)
    assert ctl.entries == () and not ctl.series.finished
    assert not ctl.deal.finished
    finished = []
    ctl.add_listener(lambda e: finished.append(e) if isinstance(e, DealFinished) else None)
    play_current_deal(ctl, rng)
    assert len(ctl.entries) == 1 and finished == [DealFinished(ctl.deal.result, ctl.entries[0])]
    assert ctl.entries[0].number == 1
    assert isinstance(ctl.request(), SeriesOver)


def test_undo_of_a_stored_deal_is_refused(tmp_path):
    store = stored_store(tmp_path)
    for seed in range(30):
        ctl = TableController(
            ISKO, with_human(3), seed=seed, deals_planned=1, practice=True, store=store
        )
        ctl.start_deal()
        play_current_deal(ctl, random.Random(seed))
        pos = ctl.deal.setup.seats.index(0)
        if any(type(a) is Play and a.player == pos for a in ctl.actions):
            break
    with pytest.raises(TableError, match="already stored"):
        ctl.undo_last_card(0)
    assert len(ctl.entries) == 1


def test_replay_deals_the_same_cards_with_the_human_at_another_seat():
    ctl = TableController(ISKO, with_human(3, seat=0), seed=12, deals_planned=3, practice=True)
    events = []
    ctl.add_listener(events.append)
    ctl.start_deal()
    with pytest.raises(TableError, match="over"):
        ctl.replay_deal(1)
    rng = random.Random(4)
    play_current_deal(ctl, rng)
    original = ctl.deal
    entries = ctl.entries

    started = ctl.replay_deal(2)
    assert started.replay and started.number == 1
    assert ctl.deal.setup == original.setup
    assert ctl.deal.actions == []
    assert ctl.human_seats == (2,)
    assert ctl.spec_at(0).kind == "random"
    pos2 = original.setup.seats.index(2)
    assert ctl.view_for(2).hand == original.setup.cards.hands[pos2]
    play_current_deal(ctl, rng)
    assert ctl.entries == entries  # a replay is practice: not on the sheet
    over = ctl.request()
    assert isinstance(over, DealOver) and over.replay and over.entry is None
    assert events[-1] == DealFinished(ctl.deal.result, None)

    ctl.start_deal()
    assert ctl.human_seats == (0,)
    assert ctl.deal_number == 2


def test_replay_refuses_a_seat_that_sits_out():
    ctl = TableController(ISKO, with_human(4, seat=1), seed=12, deals_planned=3, practice=True)
    ctl.start_deal()
    play_current_deal(ctl, random.Random(0))
    with pytest.raises(TableError, match="sits this deal out"):
        ctl.replay_deal(ctl.deal.setup.dealer)
