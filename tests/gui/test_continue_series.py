"""Issue 23 item 3 (the window's half): a series left unfinished -- the window closed, a
crash, a kill -- is offered at the next start and continues at the very move where it
stopped, exactly as if it had never been interrupted; quitting or starting a new game
during a series asks first (one question, with any deals the database did not take).

The human's moves here are a function of the position (not of a running random state),
so a resumed table and an uninterrupted one are played alike and their stored records
can be compared; the computers are beginners (reproducible, and quick).
"""

from __future__ import annotations

import json
import random
import sqlite3
import threading

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeriesOver,
    TableController,
)
from skat_desktop.engine.actions import Claim, Concede, Pass, Play
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.settings import NewGameChoices
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_settings, make_window, start

WAIT = 20_000  # ms: a ceiling for the background, not a timing goal
SEATS = ["human", "beginner", "beginner"]
SEED = 11


def choose(ctl: TableController, need: HumanTurn):
    """The human's move, decided by the position alone (None: let Kontra pass)."""
    if need.interjection:
        return None
    passes = [a for a in need.legal if type(a) is Pass]
    if passes:  # the beginners bid and play the games
        return passes[0]
    rng = random.Random(ctl.deal_number * 1000 + len(ctl.actions))
    plays = [a for a in need.legal if type(a) is Play]
    if plays:
        return rng.choice(plays)
    return rng.choice([a for a in need.legal if type(a) not in (Claim, Concede)])


def step(qtbot, window: MainWindow) -> None:
    """Wait until the table rests, then the human's move or the next deal."""
    TablePlayer(qtbot, window).settle()
    session = window.session
    need = session.need
    if isinstance(need, DealOver):
        TablePlayer(qtbot, window).click(window.deal_over.next_button)
        qtbot.waitUntil(lambda: not isinstance(session.need, DealOver), timeout=WAIT)
        return
    assert isinstance(need, HumanTurn), need
    action = choose(session.ctl, need)
    assert session.decline() if action is None else session.apply(action)


def play_until(qtbot, window: MainWindow, done, limit: int = 400) -> None:
    for _ in range(limit):
        TablePlayer(qtbot, window).settle()
        if done():
            return
        step(qtbot, window)
    raise AssertionError("the table never got there")


def in_the_middle_of_deal_2(window: MainWindow) -> bool:
    """The human is on turn in deal 2's card play, with cards on the table."""
    session = window.session
    need = session.need
    if session.ctl.deal_number != 2 or not isinstance(need, HumanTurn) or need.interjection:
        return False
    view = need.view
    return view.phase == "play" and bool(view.trick) and bool(view.tricks)


def series_over(window: MainWindow) -> bool:
    return isinstance(window.session.need, SeriesOver)


def saved(qtbot, window: MainWindow) -> None:
    """The table as it stands (its deal dealt) is in the database."""
    session = window.session
    qtbot.waitUntil(
        lambda: (
            session.ctl.deal is not None
            and not session.writing
            and not session.ctl.live_pending
            and not session.unsaved()
        ),
        timeout=WAIT,
    )


def new_game_leaving_the_series(qtbot, window: MainWindow, choice: str) -> list[str]:
    """Game → New game…, accepted, and ``choice`` to the question whether to leave the
    series; the questions asked."""
    seen: list[str] = []

    def accept_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, NewGameDialog):
            QTimer.singleShot(20, accept_dialog)
            return
        answer(qtbot, "LeaveSeries", choice, seen)
        dialog._accept()

    QTimer.singleShot(0, accept_dialog)
    window.act_new.trigger()
    return seen


def answer(qtbot, name: str, choice: str, seen: list[str]) -> None:
    """Answer the modal question ``name`` when it comes: click ``choice``."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != name:
            QTimer.singleShot(20, look)
            return
        buttons = {b.text().replace("&", ""): b for b in box.findChildren(QPushButton)}
        seen.append(box.text() + "\n" + box.informativeText() + " | " + ", ".join(sorted(buttons)))
        buttons[choice].click()

    QTimer.singleShot(0, look)


def table_picture(window: MainWindow) -> tuple:
    """What the player sees: the deal, his hand, the cards on the table, who is on turn."""
    session = window.session
    ctl = session.ctl
    view = ctl.view_for(session.bottom)
    need = session.need
    return (
        ctl.deal_number,
        view.hand,
        view.trick,
        view.tricks,
        view.to_move,
        type(need).__name__,
        getattr(need, "seat", None),
        ctl.actions,
        ctl.totals,
    )


def named_settings(tmp_path) -> None:
    """The player's name (and quick opponents) in the settings both windows read."""
    settings = make_settings(tmp_path)
    settings.new_game = NewGameChoices("Anna", list(SEATS), "isko", 3, False)
    settings.sync()


def uninterrupted(profile, specs, path) -> list:
    """The same series played straight through, without a window: its stored records."""
    store = Store.open(path)
    ctl = TableController(profile, specs, seed=SEED, store=store, deals_planned=2)
    while not isinstance(need := ctl.request(), SeriesOver):
        if isinstance(need, DealOver):
            ctl.start_deal()
        elif isinstance(need, ComputerTurn):
            assert ctl.submit(ctl.think(need))
        else:
            action = choose(ctl, need)
            ctl.decline(need.seat) if action is None else ctl.apply(action)
    records = [r["record"] for r in store.deal_sources(ctl.series_id)]
    store.close()
    return records


def live_series(path) -> list[int]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [sid for (sid,) in conn.execute("SELECT series_id FROM live_tables")]
    finally:
        conn.close()


def deals_of(path, sid: int) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT count(*) FROM deals WHERE series_id = ?", (sid,)).fetchone()[0]
    finally:
        conn.close()


class ClosedByThePlayer(QCloseEvent):
    """The window's close button: the window system's close event is spontaneous."""

    def spontaneous(self) -> bool:
        return True


# ---------------------------------------------------------------------- continuing


def test_a_series_left_with_quit_continues_at_the_very_move_as_if_never_left(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    first = make_window(qtbot, tmp_path, store=store)
    start(first, length=2, seats=SEATS, seed=SEED)
    play_until(qtbot, first, lambda: in_the_middle_of_deal_2(first))
    saved(qtbot, first)
    before = table_picture(first)
    profile, specs = first.controller.profile, first.controller.specs
    title = first._series_title
    sid = first.controller.series_id

    seen: list[str] = []
    answer(qtbot, "LeaveSeries", "Quit", seen)
    first.act_quit.trigger()  # Ctrl+Q during the deal
    assert len(seen) == 1 and not first.isVisible()
    assert seen[0].startswith(f"Leave the series “{title}” (deal 2 of 2)?")
    assert "You can continue it at the next start." in seen[0]
    wait_for_jobs()
    store.close()
    assert live_series(path) == [sid]

    store = Store.open(path)
    second = make_window(qtbot, tmp_path, store=store)
    qtbot.waitUntil(lambda: second.offer is not None and second.offer.isVisible(), timeout=WAIT)
    offer = second.offer
    assert offer.question.text() == f"Continue the series “{title}”?"
    assert offer.detail.text().startswith("Deal 2 of 2 against beginner 2 and beginner 3, saved ")
    assert offer.continue_button.isDefault() and offer.later_button.isVisible()
    qtbot.keyClick(offer, Qt.Key.Key_Return)  # Enter: Continue
    qtbot.waitUntil(lambda: second.session is not None and second.offer is None, timeout=WAIT)
    TablePlayer(qtbot, second).settle()
    assert table_picture(second) == before  # the same deal, hand, cards, player on turn
    assert second.scene.state.deal_key[0] == 2 and second.deal_label.text() == "Deal 2 of 2"
    assert second.host.current is second.play_panel

    play_until(qtbot, second, lambda: series_over(second))
    saved(qtbot, second)
    played = [r["record"] for r in store.deal_sources(sid)]
    assert played == uninterrupted(profile, specs, tmp_path / "straight.sqlite3")
    assert store.live_tables() == []  # the series ended: nothing is left to continue
    second.close()
    wait_for_jobs()
    store.close()


def test_a_table_that_cannot_be_continued_is_not_offered_as_such(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    first = make_window(qtbot, tmp_path, store=store)
    start(first, length=3, seats=SEATS, seed=SEED)
    play_until(qtbot, first, lambda: len(first.controller.actions) >= 3)
    saved(qtbot, first)
    closed = first.controller.series_id
    first.close()  # the program closing the window asks nothing
    wait_for_jobs()
    # another series, finished, whose table was left behind (an older version, say)
    done = TableController(
        first.controller.profile,
        first.controller.specs,
        seed=3,
        store=store,
        deals_planned=1,
        keep_live=False,
    )
    while not isinstance(need := done.request(), SeriesOver):
        if isinstance(need, DealOver):
            done.start_deal()
        elif isinstance(need, ComputerTurn):
            done.submit(done.think(need))
        else:
            action = choose(done, need)
            done.decline(need.seat) if action is None else done.apply(action)
    store.save_live(done.series_id, '{"x": 1}', deal_number=1, deals_done=1)
    store.close_series(closed, "Anna")  # signed elsewhere: it cannot go on
    store.close()
    assert sorted(live_series(path)) == sorted([closed, done.series_id])

    store = Store.open(path)
    second = make_window(qtbot, tmp_path, store=store)
    qtbot.waitUntil(lambda: second.offer is not None and second.offer.isVisible(), timeout=WAIT)
    offer = second.offer
    assert offer.tables == [] and not offer.continue_button.isVisible()
    assert offer.question.text() == "A series saved for later cannot be continued."
    assert "the series is closed" in offer.stale.text()
    assert offer.new_button.text().replace("&", "") == "Forget them"
    qtbot.keyClick(offer, Qt.Key.Key_Escape)  # Later: nothing is forgotten
    qtbot.waitUntil(lambda: second.offer is None, timeout=WAIT)
    assert second.session is None and second.host.current is second.welcome
    wait_for_jobs()
    second.writer.finish()
    # the finished series' table was forgotten quietly; the closed one's stays listed
    assert live_series(path) == [closed]
    second.close()
    wait_for_jobs()
    store.close()


def test_the_table_is_saved_off_the_gui_thread_one_write_at_a_time_through_a_lock(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=SEATS, seed=SEED)
    saved(qtbot, window)
    writer, session = window.writer, window.session
    out: list[int] = []  # writes handed to the writer and not answered yet
    most = []
    on_gui_thread: list[bool] = []
    real = writer.submit

    def submit(job):
        most.append(len(out) + 1)

        def run(store):
            on_gui_thread.append(threading.current_thread() is threading.main_thread())
            return job(store)

        ticket = real(run)
        out.append(ticket)
        return ticket

    writer.submit = submit
    writer.done.connect(lambda ticket, ok, answer: ticket in out and out.remove(ticket))
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")  # another program writing
    try:
        moves = len(session.ctl.actions)
        play_until(qtbot, window, lambda: len(session.ctl.actions) >= moves + 6)
        qtbot.waitUntil(lambda: window.store_label.text() == "Waiting for the database…")
        assert not window.messages.isVisible()  # no deal is at stake: no "Save again"
    finally:
        other.execute("ROLLBACK")
        other.close()
    saved(qtbot, window)
    assert most and max(most) == 1  # never a queue of snapshots: one write at a time
    assert on_gui_thread and not any(on_gui_thread)
    (row,) = store.live_tables()
    state = json.loads(store.load_live(row.id).state)
    assert state["deal"]["number"] == session.ctl.deal_number
    assert len(state["deal"]["actions"]) == len(session.ctl.actions)  # the newest move
    assert window.store_label.text() == ""
    window.close()
    wait_for_jobs()
    store.close()


def test_a_deal_that_ends_while_a_snapshot_is_out_is_written_by_finish(qtbot, tmp_path):
    """The deal's write waits behind the snapshot's; ``finish()`` (closing, a new game, the
    tests) waits for it too, not only for the snapshot's answer."""
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=SEATS, seed=SEED)
    saved(qtbot, window)
    gate = threading.Event()
    window.writer.submit(lambda _store: gate.wait(WAIT / 1000))  # the writer is held up
    try:
        play_until(qtbot, window, lambda: isinstance(window.session.need, DealOver))
        assert window.session.writing and window.session.unsaved() == 1
    finally:
        gate.set()
    window.writer.finish()
    assert deals_of(path, window.controller.series_id) == 1 and not window.session.unsaved()
    window.close()
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- leaving


def test_ctrl_q_during_a_series_asks_and_cancel_keeps_playing(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=SEATS, seed=SEED)
    play_until(qtbot, window, lambda: len(window.controller.actions) >= 2)
    session = window.session
    seen: list[str] = []
    answer(qtbot, "LeaveSeries", "Cancel", seen)
    window.activateWindow()
    qtbot.waitActive(window)
    qtbot.keyClick(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert len(seen) == 1 and seen[0].endswith("| Cancel, Quit")
    assert window.isVisible() and window.session is session and not session.closed
    moves = len(session.ctl.actions)
    step(qtbot, window)  # the game goes on
    qtbot.waitUntil(lambda: len(session.ctl.actions) > moves, timeout=WAIT)
    # the window's close button asks the same
    answer(qtbot, "LeaveSeries", "Cancel", seen)
    event = ClosedByThePlayer()
    window.closeEvent(event)
    assert len(seen) == 2 and not event.isAccepted() and window.isVisible()
    saved(qtbot, window)
    assert live_series(path) == [session.ctl.series_id]
    window.close()
    wait_for_jobs()
    store.close()


def test_a_new_game_during_a_series_asks_and_abandon_keeps_the_finished_deals(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=SEATS, seed=SEED)
    play_until(qtbot, window, lambda: window.controller.deal_number == 2)
    saved(qtbot, window)
    old = window.controller.series_id
    title = window._series_title
    assert live_series(path) == [old]

    seen = new_game_leaving_the_series(qtbot, window, "Cancel")
    assert len(seen) == 1
    assert seen[0].startswith(f"Abandon the series “{title}” (deal 2 of 3)?")
    assert seen[0].endswith("| Cancel, New game")
    assert window.controller.series_id == old and live_series(path) == [old]

    seen += new_game_leaving_the_series(qtbot, window, "New game")
    assert len(seen) == 2
    assert window.controller.series_id != old
    qtbot.waitUntil(lambda: window.controller.deal_number == 1, timeout=WAIT)  # dealt at once
    saved(qtbot, window)
    wait_for_jobs()
    assert old not in live_series(path)  # not offered again
    assert deals_of(path, old) == 1  # its finished deal stays on the sheet
    window.close()
    wait_for_jobs()
    store.close()


def test_a_new_game_with_a_deal_not_saved_asks_once_and_discard_forgets_the_table(
    qtbot, tmp_path, monkeypatch
):
    from skat_desktop.app.sheets import SeriesService

    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=SEATS, seed=SEED)
    saved(qtbot, window)
    old = window.controller.series_id
    assert live_series(path) == [old]

    def full_disk(self, deal, extra=None):
        raise OSError("disk full")

    monkeypatch.setattr(SeriesService, "record_played", full_disk)
    play_until(qtbot, window, lambda: isinstance(window.session.need, DealOver))
    qtbot.waitUntil(lambda: window.controller.pending_store == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: not window.session.writing, timeout=WAIT)
    seen = new_game_leaving_the_series(qtbot, window, "Discard")
    assert len(seen) == 1  # one question, not "abandon?" and then "not saved?"
    assert seen[0].startswith("Abandon the series")
    assert "1 finished deal(s) could not be saved" in seen[0]
    assert seen[0].endswith("| Cancel, Discard, Save again")
    assert window.controller.series_id != old
    wait_for_jobs()
    window.writer.finish()
    assert old not in live_series(path)  # abandoned: not offered at the next start
    window.close()
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- a replaced database


def deal_over(window: MainWindow, number: int):
    return lambda: (
        isinstance(window.session.need, DealOver) and window.controller.deal_number == number
    )


def after_deal_1(qtbot, tmp_path, path):
    """A window on ``path`` that played deal 1 of four, saved; "Discard" is answered when
    it closes with deals not saved: (store, window, series id, the questions asked)."""
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=4, seats=SEATS, seed=SEED)
    seen: list[str] = []
    answer(qtbot, "UnsavedDeals", "Discard", seen)  # when the window closes
    play_until(qtbot, window, deal_over(window, 1))
    saved(qtbot, window)
    return store, window, window.controller.series_id, seen


def said_in_one_line(qtbot, window: MainWindow) -> str:
    """The message bar's store notice, once it comes (a bounded wait)."""
    qtbot.waitUntil(
        lambda: window.messages.isVisible() and window.messages.kind == "store", timeout=WAIT
    )
    text = window.messages.label.property("base") or window.messages.label.text()
    assert "\n" not in text
    return text


def test_a_database_restored_under_the_window_is_said_at_the_next_finished_deal(qtbot, tmp_path):
    """A tester restored a backup made earlier (`skat-desktop db restore`) while a window
    played: the table's snapshot then overwrote the restored one (which could not be
    continued at the next start) and the next deal was refused as if it could be saved
    later. The window says that its database was replaced, and keeps the deal."""
    from skat_desktop.app import exchange

    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store, window, sid, seen = after_deal_1(qtbot, tmp_path, path)
    other = Store.open(path)  # another program: the terminal's `db backup` / `db restore`
    exchange.backup(other, tmp_path / "bk.sqlite3")
    other.close()
    play_until(qtbot, window, deal_over(window, 2))
    saved(qtbot, window)
    assert exchange.restore(tmp_path / "bk.sqlite3", path) is not None
    assert deals_of(path, sid) == 1

    play_until(qtbot, window, deal_over(window, 3))
    # every snapshot of deal 3 was refused and said so; the deal's own write goes out when
    # it ends (or right after the snapshot then out): its answer is what the bar says last
    qtbot.waitUntil(lambda: not window.session.writing, timeout=WAIT)
    text = said_in_one_line(qtbot, window)
    assert text.startswith("The database no longer matches this series")
    assert text.endswith("any more (deal 3 could not be stored)")  # said once, not nested
    assert window.session.unsaved() == 1  # kept: "Save again" or "Discard" when leaving
    assert deals_of(path, sid) == 1
    (row,) = store.live_tables()  # the restored table is still the one to continue
    assert (row.series_id, row.deals_done) == (sid, 1)
    window.close()
    assert len(seen) == 1 and seen[0].startswith("1 finished deal(s) could not be saved")
    wait_for_jobs()
    store.close()


def test_a_database_replaced_by_another_clubs_with_more_deals_refuses_the_deal(qtbot, tmp_path):
    """Another club's backup restored under the window: its series of the same number has
    more deals. The window's deal is not taken for one the database has already."""
    from skat_desktop.app import exchange

    elsewhere = tmp_path / "other.sqlite3"
    named_settings(tmp_path)
    store = Store.open(elsewhere)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=4, seats=SEATS, seed=SEED + 1)
    play_until(qtbot, window, deal_over(window, 3))
    saved(qtbot, window)
    window.close()
    wait_for_jobs()
    exchange.backup(store, tmp_path / "bk.sqlite3")
    store.close()

    path = tmp_path / "club.sqlite3"
    store, window, sid, seen = after_deal_1(qtbot, tmp_path, path)
    assert exchange.restore(tmp_path / "bk.sqlite3", path) is not None
    assert deals_of(path, sid) == 3

    window.session.start_deal()
    text = said_in_one_line(qtbot, window)  # the snapshot of deal 2 is refused at once
    assert text.startswith("The database no longer matches this series")
    play_until(qtbot, window, deal_over(window, 2))
    qtbot.waitUntil(lambda: not window.session.writing, timeout=WAIT)
    assert window.session.unsaved() == 1
    assert window.messages.isVisible() and "will be saved later" not in window.messages.label.text()
    window.close()
    assert len(seen) == 1 and seen[0].startswith("1 finished deal(s) could not be saved")
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- two windows


def test_a_series_played_in_another_window_is_not_offered_there_until_it_is_left(
    qtbot, tmp_path
):
    """A tester started the program a second time on the same database while the first
    window played a series: the second offered to continue it, both played on, and the
    deals of one were refused by the database (lost) while each overwrote the other's
    saved table. The window playing a series holds it: another neither offers it nor
    continues it; once the first window has left it, the next start offers it again."""
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    first = make_window(qtbot, tmp_path, store=Store.open(path))
    start(first, length=2, seats=SEATS, seed=SEED)
    play_until(qtbot, first, lambda: in_the_middle_of_deal_2(first))
    saved(qtbot, first)
    sid = first.controller.series_id
    (row,) = first.store.live_tables()

    second_store = Store.open(path)
    second = make_window(qtbot, tmp_path, store=second_store)
    qtbot.waitUntil(lambda: second._offered, timeout=WAIT)
    qtbot.wait(100)
    assert second.offer is None  # nothing else is saved: no question at all
    assert second.continue_series(row.id) is False  # asked anyway (a stale menu, say)
    assert second.session is None
    assert "being played in another window" in second.messages.label.text()
    assert second_store.live_tables()[0].series_id == sid  # still saved, not forgotten
    second.close()

    seen: list[str] = []
    answer(qtbot, "LeaveSeries", "Quit", seen)
    first.act_quit.trigger()
    assert len(seen) == 1 and not first.isVisible()
    wait_for_jobs()
    third = make_window(qtbot, tmp_path, store=Store.open(path))
    qtbot.waitUntil(lambda: third.offer is not None and third.offer.isVisible(), timeout=WAIT)
    qtbot.keyClick(third.offer, Qt.Key.Key_Return)  # Continue: it is this window's now
    qtbot.waitUntil(lambda: third.session is not None, timeout=WAIT)
    assert third.controller.series_id == sid
    third.close()
    wait_for_jobs()
    from skat_desktop.store.series_hold import lock_folder

    inode = path.stat().st_ino
    left = list(lock_folder().glob(f"series-*-{inode}-{sid}.lock"))
    assert not left, "a series' lock file is left behind"
