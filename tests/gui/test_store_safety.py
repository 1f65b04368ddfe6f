"""The window and the database (issue 22, items 1-3 and 5): another program's lock never
freezes the window or loses the games, finished deals the database did not take are not
lost without a question, a database that cannot take the sheets says so for as long as
the window is open, and the settings file cannot seat another program.

The lock is real: a second SQLite connection in the test holds ``BEGIN IMMEDIATE`` while
the window starts or a game begins. No test measures time: the window must show that it
waits *while* the lock is still held, which it cannot do if its thread waits for the lock.
"""

from __future__ import annotations

import gc
import sqlite3
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

import skat_desktop.gui.app as gui_app
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import DealOver, SeriesOver
from skat_desktop.gui.collector import collect_on_gui_thread
from skat_desktop.gui.main_window import MainWindow, NothingSaved
from skat_desktop.gui.settings import NewGameChoices, Settings, seat_kinds
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.database import ReadOnlyDatabase
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer, make_settings, make_window, start

WAIT = 20_000  # ms: a ceiling for the background, not a timing goal
WAITING = "Waiting for the database…"


def lock(path) -> sqlite3.Connection:
    """Another program writing: it holds the database's write lock until released."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    return other


def release(other: sqlite3.Connection) -> None:
    other.execute("ROLLBACK")
    other.close()


def rows(path, sql: str, params: tuple = ()) -> list[tuple]:
    """What the database holds, read by a third connection (never the window's)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def finish_deal(qtbot, window: MainWindow, seed: int = 2) -> None:
    """Play through the widgets until the deal is over."""
    player = TablePlayer(qtbot, window, seed=seed)
    for _ in range(400):
        player.settle()
        if isinstance(window.session.need, (DealOver, SeriesOver)):
            return
        player.step()
    raise AssertionError("the deal did not end")


def answer_question(qtbot, choice: str, seen: list[str]) -> None:
    """Answer the "not saved" question when it comes (it is modal): click ``choice``.
    The player quitting during a series is asked it together with leaving the series."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() not in (
            "UnsavedDeals",
            "LeaveSeries",
        ):
            QTimer.singleShot(20, look)
            return
        buttons = {b.text().replace("&", ""): b for b in box.findChildren(QPushButton)}
        text = box.text() + ("\n" + box.informativeText() if box.informativeText() else "")
        seen.append(text + " | " + ", ".join(sorted(buttons)))
        buttons[choice].click()

    QTimer.singleShot(0, look)


# ---------------------------------------------------------------------- 1. locks


def test_a_lock_when_a_game_begins_neither_freezes_nor_loses_the_series(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    other = lock(path)
    try:
        start(window, length=2, seats=["human", "random", "random"], seed=8)
        session = window.session
        # the game is on at once, and the window says that it waits for the database
        assert window.store_label.text() == WAITING and window.store_label.isVisible()
        assert session.deferred and session.waiting
        finish_deal(qtbot, window)  # played while the other program still writes
        assert session.unsaved() == 1  # kept in memory
        assert window.store_label.text() == WAITING
        assert rows(path, "SELECT count(*) FROM series") == [(0,)]
    finally:
        release(other)
    qtbot.waitUntil(lambda: session.series_id is not None and not session.unsaved(), timeout=WAIT)
    title = window.series_title(session.ctl.profile)
    assert rows(path, "SELECT id, title FROM series") == [(session.series_id, title)]
    service = SeriesService(store, session.series_id)
    assert service.sheet().totals == session.ctl.totals  # the deal played meanwhile
    assert window.store_label.text() == ""
    qtbot.waitUntil(lambda: window.sheet_view.series_id == session.series_id, timeout=WAIT)
    # the next deal goes straight in
    TablePlayer(qtbot, window).click(window.deal_over.next_button)
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: not session.unsaved() and not session.writing, timeout=WAIT)
    assert len(SeriesService(store, session.series_id).sheet().lines) == 2
    window.close()
    wait_for_jobs()
    store.close()


def test_a_lock_at_the_start_opens_the_database_in_the_background(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    Store.open(path).close()
    # a file still in rollback-journal mode: opening it for writing needs the lock
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    other = lock(path)
    try:
        opening = gui_app.open_store(path)
        assert opening.store is None and opening.error is None and opening.waiting
        window = MainWindow(
            make_settings(tmp_path), None, None, store_path=path, synchronous_pictures=True
        )
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert window.store_label.text() == WAITING
        notes = [window.side_tabs.widget(i) for i in range(window.side_tabs.count())]
        assert notes and all(isinstance(n, NothingSaved) and n.waiting for n in notes)
        assert "Waiting for the database" in notes[0].label.text()
        start(window, length=2, seats=["human", "random", "random"], seed=8)
        finish_deal(qtbot, window)
        assert window.session.unsaved() == 1
        assert window.store is None and window.store_label.text() == WAITING
    finally:
        release(other)
    session = window.session
    qtbot.waitUntil(lambda: window.store is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: session.series_id is not None and not session.unsaved(), timeout=WAIT)
    assert window.sheet_view is not None  # the views came with the store
    assert rows(path, "SELECT count(*) FROM deals WHERE series_id = ?", (session.series_id,)) == [
        (1,)
    ]
    assert window.store_label.text() == ""
    window.close()
    wait_for_jobs()
    window.store.close()


# ---------------------------------------------------------------------- 2. closing


@pytest.fixture
def failing_writes(monkeypatch):
    """The database refuses finished deals (a full disk) until ``broken["on"]`` is off."""
    real = SeriesService.record_played
    broken = {"on": True}

    def flaky(self, deal, extra=None):
        if broken["on"]:
            raise OSError("disk full")
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", flaky)
    return broken


def unsaved_window(qtbot, tmp_path) -> tuple[MainWindow, Store]:
    store = Store.open(tmp_path / "club.sqlite3")
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=2, seats=["human", "random", "random"], seed=8)
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=WAIT)
    assert window.messages.kind == "store" and window.messages.retry_button.isVisible()
    assert window.controller.pending_store == 1
    return window, store


def test_closing_with_an_unsaved_deal_asks_and_cancel_keeps_the_window(
    qtbot, tmp_path, failing_writes
):
    window, store = unsaved_window(qtbot, tmp_path)
    seen: list[str] = []
    answer_question(qtbot, "Cancel", seen)
    window.act_quit.trigger()  # Ctrl+Q
    assert len(seen) == 1
    assert "1 finished deal(s) could not be saved" in seen[0]
    assert seen[0].endswith("Cancel, Discard, Save again")
    assert seen[0].startswith("Leave the series")  # one question: leaving, and the deal
    assert window.isVisible() and window.controller.pending_store == 1  # nothing lost

    # "Save again" while the disk is still full: asked again; then discarded on purpose
    answer_question(qtbot, "Save again", seen)
    window.close()
    assert window.isVisible()
    answer_question(qtbot, "Discard", seen)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=WAIT)
    assert len(seen) == 3
    wait_for_jobs()
    store.close()


def test_save_again_closes_the_window_once_the_deal_is_saved(qtbot, tmp_path, failing_writes):
    window, store = unsaved_window(qtbot, tmp_path)
    sid = window.controller.series_id
    failing_writes["on"] = False  # the disk has room again
    seen: list[str] = []
    answer_question(qtbot, "Save again", seen)
    window.close()
    assert len(seen) == 1
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=WAIT)
    assert len(SeriesService(store, sid).sheet().lines) == 1
    wait_for_jobs()
    store.close()


def test_a_new_game_asks_about_the_unsaved_deal_first(qtbot, tmp_path, failing_writes):
    window, store = unsaved_window(qtbot, tmp_path)
    old = window.session
    seen: list[str] = []
    answer_question(qtbot, "Cancel", seen)
    assert not window.start_game(NewGameChoices("Anna", ["human", "random", "random"]), seed=3)
    assert len(seen) == 1 and window.session is old and old.ctl.pending_store == 1
    window.session.close(write=False)
    window.session = None
    window.close()
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- 3. not saving


def test_a_database_of_another_program_shows_not_saving_as_long_as_the_window_is_open(
    qtbot, tmp_path
):
    path = tmp_path / "club.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    opening = gui_app.open_store(path)
    assert opening.store is None and "another program" in opening.error
    window = MainWindow(make_settings(tmp_path), None, opening.error, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    boxes = [w for w in QApplication.topLevelWidgets() if w.objectName() == "StoreError"]
    assert len(boxes) == 1 and boxes[0].isVisible()
    assert boxes[0].text() == f"The score sheets cannot be saved: {opening.error}"
    boxes[0].close()
    label = window.store_label
    assert label.isVisible() and label.text().startswith("Not saving: ")
    assert opening.error in label.toolTip()
    start(window, length=2, seats=["human", "random", "random"], seed=8)
    finish_deal(qtbot, window)
    assert label.isVisible() and label.text().startswith("Not saving: ")  # still there
    visible = [w for w in QApplication.topLevelWidgets() if w.objectName() == "StoreError"]
    assert not any(b.isVisible() for b in visible)  # said once, not again
    assert rows(path, "SELECT name FROM sqlite_master") == [("notes",)]  # untouched
    window.close()


def test_a_read_only_database_is_opened_for_viewing(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    from skat_desktop.engine.profiles import ISKO

    store.create_series("Friday", "2026-01-09", ids, ISKO)
    store.close()
    real = Store.open.__func__

    def no_writing(cls, p=None, read_only=False, busy_ms=5000):
        if not read_only:
            raise ReadOnlyDatabase(f"{p} cannot be written (readonly); it can only be viewed")
        return real(cls, p, read_only=read_only, busy_ms=busy_ms)

    monkeypatch.setattr(Store, "open", classmethod(no_writing))
    opening = gui_app.open_store(path)
    assert opening.store is not None and "cannot be written" in opening.error
    window = MainWindow(
        make_settings(tmp_path), opening.store, opening.error, synchronous_pictures=True
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.read_only and not window.can_save
    assert window.store_label.text().startswith("Not saving: ")
    assert window.sheet_view is not None and window.history_view is not None
    window.show_side_panel("history")
    window.history_view.set_store(window.store)
    qtbot.waitUntil(lambda: window.history_view.series_box.count() > 1, timeout=WAIT)
    assert not window.act_profiles.isEnabled()
    start(window, length=2, seats=["human", "random", "random"], seed=8)
    assert window.controller.series_id is None  # played without saving, not refused
    for box in QApplication.topLevelWidgets():
        if box.objectName() == "StoreError":
            box.close()
    window.close()
    wait_for_jobs()
    opening.store.close()
    assert rows(path, "SELECT count(*) FROM series") == [(1,)]


# ---------------------------------------------------------------------- 5. the settings file


def test_a_program_named_as_a_seat_in_the_settings_file_is_never_run(tmp_path, caplog):
    qs = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    qs.setValue("new_game/seats", "human,external:/usr/bin/touch /tmp/owned,beginner")
    qs.sync()
    s = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    with caplog.at_level("WARNING"):
        seats = s.new_game.seats
    assert seats == NewGameChoices().seats
    assert any("seats" in r.getMessage() for r in caplog.records)


def test_the_welcome_panel_plays_with_the_default_seats_instead(qtbot, tmp_path, monkeypatch):
    started: list[str] = []
    import skat_desktop.ai.levels as levels_mod

    real = levels_mod.make_player

    def spy(kind, seed=0):
        started.append(kind)
        return real(kind, seed)

    monkeypatch.setattr("skat_desktop.app.table.make_player", spy)
    window = make_window(qtbot, tmp_path)
    window.settings.qsettings.setValue("new_game/seats", "human,external:/bin/false,random")
    window.welcome.quick.click()
    assert window.session is not None
    assert started and all(k in seat_kinds() for k in started)


_words = st.sampled_from(
    [
        "human",
        "beginner",
        "expert",
        "external:/bin/sh -c x",
        "Human",
        "",
        " ",
        "1e999",
        "nan",
        "inf",
        "-5",
        "99999999999999999999999",
        "true",
        "de",
        "@Variant(x)",
        "\x00",
        "\n",
    ]
)
_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=60)
    | st.binary(max_size=40)
    | _words
    | st.lists(_words, max_size=5).map(",".join),  # seat lists, good and bad
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)
_KEYS = (
    "appearance/deck",
    "appearance/index_style",
    "appearance/color_scheme",
    "appearance/animation_speed",
    "appearance/language",
    "table/sort_mode",
    "window/geometry",
    "window/state",
    "new_game/player_name",
    "new_game/seats",
    "new_game/profile",
    "new_game/series_length",
    "new_game/practice",
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    values=st.dictionaries(st.sampled_from(_KEYS), _value, max_size=len(_KEYS)),
    seats=st.one_of(
        _value,
        st.lists(_words, min_size=3, max_size=4).map(",".join),
        st.lists(_words, min_size=3, max_size=4),
    ),
)
def test_any_settings_file_gives_valid_settings(tmp_path, values, seats):
    """Whatever the file holds -- wrong types, huge numbers, nested lists, odd strings --
    the loader never raises and every value it gives is one the program accepts."""
    ini = tmp_path / "fuzz.ini"
    ini.unlink(missing_ok=True)
    qs = QSettings(str(ini), QSettings.Format.IniFormat)
    for key, value in {"new_game/seats": seats, **values}.items():
        qs.setValue(key, value)
    qs.sync()
    for source in (qs, QSettings(str(ini), QSettings.Format.IniFormat)):  # in memory, on disk
        s = Settings(source)
        assert isinstance(s.deck_id, str) and len(s.deck_id) <= 200
        assert s.index_style in ("en", "de")
        assert s.color_scheme in ("system", "light", "dark")
        assert 0 <= s.animation_speed <= 4
        assert s.sort_mode in ("game", "manual")
        assert isinstance(s.language, str) and len(s.language) <= 40
        assert isinstance(s.window_geometry, bytes) and isinstance(s.window_state, bytes)
        g = s.new_game
        assert isinstance(g.player_name, str) and len(g.player_name) <= 40
        assert len(g.seats) in (3, 4) and all(k in seat_kinds() for k in g.seats)
        assert g.seats.count("human") <= 1
        assert isinstance(g.profile, str) and len(g.profile) <= 200
        assert isinstance(g.series_length, int) and 0 <= g.series_length <= 10_000
        assert isinstance(g.practice, bool)


# ---------------------------------------------------------------------- 6. a lock at a deal's end


def saved_series(qtbot, tmp_path) -> tuple[MainWindow, Store, object]:
    """A series the database took at once (no lock when it began)."""
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=3, seats=["human", "random", "random"], seed=8)
    session = window.session
    assert session.series_id is not None and not session.deferred
    assert window.store_label.text() == ""
    return window, store, session


def never_ask(monkeypatch) -> None:
    """From now on the "not saved" question answers Discard by itself: a failing test
    never leaves a modal question blocking the window's close at teardown."""
    monkeypatch.setattr(MainWindow, "ask_about_unsaved", lambda self, count: "discard")


def store_messages(window: MainWindow) -> bool:
    """A "could not be saved" notice with Save again is shown."""
    return window.messages.isVisible() and window.messages.kind == "store"


def test_a_lock_when_a_deal_ends_is_waited_for_in_the_background_in_order(
    qtbot, tmp_path, monkeypatch
):
    never_ask(monkeypatch)
    window, store, session = saved_series(qtbot, tmp_path)
    path = tmp_path / "club.sqlite3"
    sid = session.series_id
    other = lock(path)
    try:
        finish_deal(qtbot, window)
        qtbot.waitUntil(lambda: window.store_label.text() == WAITING, timeout=WAIT)
        assert window.waiting_for_store and session.unsaved() == 1
        # the next deal is played and ends while the other program still writes
        TablePlayer(qtbot, window).click(window.deal_over.next_button)
        finish_deal(qtbot, window, seed=5)
        qtbot.wait(1500)  # several tries meet the lock meanwhile
        assert session.unsaved() == 2 and window.store_label.text() == WAITING
        assert not store_messages(window)  # waiting is no failure: no "Save again"
        assert rows(path, "SELECT count(*) FROM deals") == [(0,)]
    finally:
        release(other)
    qtbot.waitUntil(lambda: not session.unsaved() and not session.writing, timeout=WAIT)
    assert rows(path, "SELECT number FROM deals WHERE series_id = ? ORDER BY id", (sid,)) == [
        (1,),
        (2,),
    ]
    assert SeriesService(store, sid).sheet().totals == session.ctl.totals
    assert window.store_label.text() == "" and not store_messages(window)
    window.close()
    wait_for_jobs()
    store.close()


def test_a_lock_that_stays_falls_back_to_save_again(qtbot, tmp_path, monkeypatch):
    import skat_desktop.gui.session as session_mod

    monkeypatch.setattr(session_mod, "MAX_TRIES", 1)  # the two minutes, shortened
    never_ask(monkeypatch)
    window, store, session = saved_series(qtbot, tmp_path)
    path = tmp_path / "club.sqlite3"
    other = lock(path)
    try:
        finish_deal(qtbot, window)
        qtbot.waitUntil(lambda: window.store_label.text() == WAITING, timeout=WAIT)
        assert not store_messages(window)  # first it waits ...
        qtbot.waitUntil(lambda: store_messages(window), timeout=WAIT)  # ... then gives up
        assert window.messages.retry_button.isVisible()
        assert "Another program is using the database" in window.messages.label.text()
        assert not window.waiting_for_store and session.unsaved() == 1
    finally:
        release(other)
    window.messages.retry_button.click()  # Save again
    qtbot.waitUntil(lambda: not session.unsaved() and not session.writing, timeout=WAIT)
    assert rows(path, "SELECT number FROM deals") == [(1,)]
    assert not store_messages(window)
    window.close()
    wait_for_jobs()
    store.close()


def test_closing_while_a_deal_waits_for_the_lock_asks_and_saves_it(qtbot, tmp_path, monkeypatch):
    window, store, session = saved_series(qtbot, tmp_path)
    path = tmp_path / "club.sqlite3"
    other = lock(path)
    released = False
    try:
        finish_deal(qtbot, window)
        qtbot.waitUntil(lambda: window.store_label.text() == WAITING, timeout=WAIT)
        seen: list[str] = []
        answer_question(qtbot, "Cancel", seen)
        window.close()
        assert len(seen) == 1 and "1 finished deal(s) could not be saved" in seen[0]
        assert window.isVisible() and session.unsaved() == 1  # it counts as unsaved
        answer_question(qtbot, "Save again", seen)
        window.close()
        assert len(seen) == 2 and window.isVisible()  # closes once the deal is saved
        assert window.store_label.text() == WAITING
        release(other)
        released = True
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=WAIT)
    finally:
        never_ask(monkeypatch)
        if not released:
            release(other)
    assert rows(path, "SELECT number FROM deals") == [(1,)]
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- 7. the cycle collector


def test_what_the_cycle_collector_frees_dies_on_the_gui_thread_not_the_writers(qtbot, writer):
    """A Qt object that only a reference cycle keeps (a closed window's parentless game
    log) is freed by Python's cycle collector and destroyed on the thread that collects.
    That must be the GUI thread, never the store writer's while it writes a deal: a widget
    destroyed there crashed the window (a segfault). The writer's job allocates enough to
    set the collector off many times over; it must not run there."""
    collect_on_gui_thread()  # as create_application does
    gui = threading.get_ident()
    collected_on: list[int] = []
    died_on: list[int] = []
    answers: list[tuple[bool, object]] = []

    class Leftover(QObject):
        def __del__(self) -> None:
            died_on.append(threading.get_ident())

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            collected_on.append(threading.get_ident())

    def job(_store: Store) -> int:
        for _ in range(20_000):  # cycles, as writing a deal's record makes garbage
            cycle: list = []
            cycle.append(cycle)
        return threading.get_ident()

    writer.done.connect(lambda _ticket, ok, answer: answers.append((ok, answer)))
    gc.collect()  # none due: the next one is started by the writer's allocations
    leftover = Leftover()
    leftover.cycle = leftover  # only the cycle keeps it now
    del leftover
    gc.callbacks.append(watch)
    try:
        writer.submit(job)
        qtbot.waitUntil(lambda: bool(answers) and bool(died_on), timeout=WAIT)
    finally:
        gc.callbacks.remove(watch)
    assert answers[0][0] and answers[0][1] != gui  # the job ran on the writer's thread
    assert died_on == [gui], "a Qt object was destroyed on the writer's thread"
    assert collected_on and set(collected_on) == {gui}, "the collector ran off the GUI thread"
