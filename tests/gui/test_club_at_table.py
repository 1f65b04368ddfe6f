"""The club desk takes no typed game for a series the window plays (found by a tester).

He played deal 1 of a four-deal series, opened Club → Score sheets on that series and
typed a passed-in game: it was stored as deal 2, the table's own deal 2 could never be
stored and the series saved for later could no longer be continued. While a table plays
the series its entry row is not offered and says why; once the table's series is given
up, the row takes games again.
"""

from __future__ import annotations

import json
import sqlite3

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui.club_entry import GameEntryForm
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .table_driver import make_window, start
from .test_club_entry import show_form
from .test_continue_series import (
    SEATS,
    SEED,
    WAIT,
    deal_over,
    live_series,
    named_settings,
    new_game_leaving_the_series,
    play_until,
    saved,
)

PASSED = {"kind": "passed_in"}


def stored_deals(path, sid: int) -> list[tuple[int, bool, bool]]:
    """(number, has a move log, has an entry) of each stored deal of ``sid``."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT number, record IS NOT NULL, entry IS NOT NULL FROM deals"
            " WHERE series_id = ? ORDER BY number",
            (sid,),
        ).fetchall()
    finally:
        conn.close()
    return [(n, bool(r), bool(e)) for n, r, e in rows]


def give_up_the_series(qtbot, window) -> None:
    """Game → New game…, and "New game" to the question whether to abandon the series."""
    seen = new_game_leaving_the_series(qtbot, window, "New game")
    assert len(seen) == 1 and seen[0].startswith("Abandon the series")


def test_the_desk_types_no_game_into_the_series_at_the_table_until_it_is_given_up(qtbot, tmp_path):
    path = tmp_path / "club.sqlite3"
    named_settings(tmp_path)
    store = Store.open(path)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=4, seats=SEATS, seed=SEED)
    sid = window.controller.series_id
    play_until(qtbot, window, deal_over(window, 1))
    saved(qtbot, window)

    desk = window.club.open_desk(series_id=sid)
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    form = desk.entry_form
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    assert form.context.at_table
    assert not form.fields.isEnabled() and not form.fields.isVisible()
    assert form.closed_note.isVisible()
    assert "played at a table" in form.closed_note.text()
    assert not form.title.isVisible()  # no deal is typed next here
    form.fill(PASSED)
    assert form.submit() is False
    wait_for_jobs()
    assert stored_deals(path, sid) == [(1, True, False)]

    # the table's own deal 2 is stored, and the table is still the one to continue
    play_until(qtbot, window, deal_over(window, 2))
    saved(qtbot, window)
    assert stored_deals(path, sid) == [(1, True, False), (2, True, False)]
    (live,) = store.live_tables()
    assert (live.series_id, live.deals_done, live.stale) == (sid, 2, None)
    assert not form.fields.isEnabled()

    # the table's series is given up: its live row goes, the desk's row follows
    give_up_the_series(qtbot, window)
    wait_for_jobs()
    assert sid not in live_series(path)
    qtbot.waitUntil(lambda: form.fields.isEnabled(), timeout=WAIT)  # the desk's next read
    assert not form.closed_note.isVisible() and form.title.isVisible()
    assert form.context.number == 3
    form.fill(PASSED)
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        assert form.submit()
    assert stored_deals(path, sid)[-1] == (3, False, True)
    desk.close()
    window.close()
    wait_for_jobs()
    store.close()


def test_a_table_saved_while_the_game_was_typed_refuses_it_in_the_players_words(
    qtbot, store, writer, db
):
    """The row was open before a table took the series (another window continued it):
    Enter stores nothing, says why, and the row then says the table plays the series."""
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Freitag", "2026-11-20", ids, ISKO, source="entered")
    form = show_form(qtbot, store, writer, sid)
    assert form.fields.isEnabled()
    form.fill(PASSED)
    other = Store.open(db)  # the other window's table, saved for later
    try:
        other.save_live(sid, json.dumps({"extra": {}}), deal_number=1, deals_done=0)
    finally:
        other.close()
    assert form.submit()
    qtbot.waitUntil(lambda: not form.busy, timeout=WAIT)
    assert stored_deals(db, sid) == []
    assert form.problem.text() == (
        "This series is being played at a table of the program; its games are stored from there."
    )
    qtbot.waitUntil(lambda: not form.fields.isEnabled(), timeout=WAIT)  # read again
    assert "played at a table" in form.closed_note.text()


def _answer_give_up(qtbot, seen: list[str]) -> None:
    """Answer the question "Give up the table…?" with its yes, when it comes."""

    def look() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "GiveUpTableQuestion":
            QTimer.singleShot(20, look)
            return
        seen.append(box.text())
        for b in box.findChildren(QPushButton):
            if b.text().replace("&", "") == "Give up the table":
                b.click()

    QTimer.singleShot(0, look)


def test_a_table_left_saved_is_given_up_at_the_desk_and_the_series_takes_games_again(
    qtbot, store, writer, db
):
    """A series left at a table whose window is gone (saved for later) took no typed game
    and could not be closed, and only the window's next start could give it up. The desk
    gives it up (asked first), unless a window plays the series right now."""
    from skat_desktop.store.series_hold import SeriesHold

    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Freitag", "2026-11-20", ids, ISKO)
    store.save_live(sid, json.dumps({"extra": {}}), deal_number=1, deals_done=0)
    form = GameEntryForm(store, writer, sid)
    qtbot.addWidget(form)
    form.resize(1024, 260)
    form.show()
    qtbot.waitUntil(lambda: form.context is not None and form.context.at_table, timeout=WAIT)
    assert form.give_up_button.isVisible() and not form.fields.isEnabled()

    window_plays = SeriesHold.take(db, sid)  # a window plays it now: refused, kept
    seen: list[str] = []
    _answer_give_up(qtbot, seen)
    assert form.give_up_table()
    qtbot.waitUntil(lambda: form._giving_up is None, timeout=WAIT)
    assert form.problem.text() == (
        "This series is being played in a window right now; give it up there."
    )
    assert [t.series_id for t in store.live_tables()] == [sid]
    window_plays.release()

    _answer_give_up(qtbot, seen)
    assert form.give_up_table()
    qtbot.waitUntil(lambda: form.fields.isEnabled(), timeout=WAIT)
    assert len(seen) == 2 and seen[0].startswith("Give up the table saved for later")
    assert store.live_tables() == []
    assert not form.give_up_button.isVisible() and not form.closed_note.isVisible()
    form.fill(PASSED)
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        assert form.submit()
    assert stored_deals(db, sid) == [(1, False, True)]
