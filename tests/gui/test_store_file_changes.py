"""The database file changes under a playing window (a tester's two faults).

1. It can no longer be written (read-only): the window said the deal "waits and will be
   saved later" and tried again, which never helps until someone makes the file writable.
   It says so now, keeps the deal, and stores it with "Save again" once it is writable.
2. It is renamed, deleted or replaced: SQLite writes on through its open descriptor, so
   the deals went into the file under its new name, or into a deleted file (lost when the
   window closed). The store refuses such a write; the deal stays in the window.

The read-only database is SQLite's own answer where the test can have it without root
rights: the writer's connection is made query-only (SQLite refuses every write with
SQLITE_READONLY), and opening the file again finds it read-only too. A file system
remounted read-only under the open file makes SQLite answer with a disk I/O error
instead: the test has the deal's row refused so while ``os.statvfs`` says it is mounted
read-only. The renames and the deletion are real.
"""

from __future__ import annotations

import os
import sqlite3

import pytest

from skat_desktop.app.sheets import SeriesService
from skat_desktop.store.database import ReadOnlyDatabase
from skat_desktop.store.repository import Store

from .table_driver import TablePlayer
from .test_store_safety import WAIT, finish_deal, never_ask, rows, saved_series, store_messages

WAITS_LATER = "waits and will be saved later"


def playing_window(qtbot, tmp_path, monkeypatch):
    """A window playing a series the database has, the writer's connection open."""
    never_ask(monkeypatch)
    path = tmp_path / "club.sqlite3"
    window, store, session = saved_series(qtbot, tmp_path)
    # the table's first snapshot is saved: the writer has the file open
    qtbot.waitUntil(lambda: window.writer._writer is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: not session.writing, timeout=WAIT)
    return window, store, session, path


def close(window, store) -> None:
    from skat_desktop.gui.store_worker import wait_for_jobs

    window.close()
    wait_for_jobs()
    store.close()


# ---------------------------------------------------------------------- 1. read-only


@pytest.fixture
def read_only_file(monkeypatch):
    """While ``state["on"]``: the database cannot be written. Its writer's connection
    answers every write SQLITE_READONLY (``make(conn)``), and opening it to write is
    refused as :func:`open_database` refuses a file it may not write."""
    state = {"on": False}
    real = Store.open.__func__

    def open_(cls, p=None, read_only=False, busy_ms=5000, create=True):
        if state["on"] and not read_only:
            raise ReadOnlyDatabase(
                f"{p} cannot be written (no permission to write {p}); it can only be viewed",
                path=p,
            )
        return real(cls, p, read_only=read_only, busy_ms=busy_ms, create=create)

    monkeypatch.setattr(Store, "open", classmethod(open_))

    def make(conn: sqlite3.Connection) -> None:
        state["on"] = True
        conn.execute("PRAGMA query_only=1")

    state["make"] = make
    return state


def read_only_at_the_deals_end(window, read_only_file, how: str, monkeypatch) -> None:
    if how == "connection":  # BEGIN IMMEDIATE is answered SQLITE_READONLY
        read_only_file["make"](window.writer._writer.conn)
        return
    # the deal's own row is refused (inside the transaction)
    read_only_file["on"] = True
    real = SeriesService.record_played
    if how == "remounted":  # the file system was remounted read-only: SQLite's I/O error
        real_statvfs = os.statvfs

        def statvfs(p):
            st = real_statvfs(p)
            if not read_only_file["on"]:
                return st
            return os.statvfs_result((*st[:8], st.f_flag | os.ST_RDONLY, *st[9:]))

        monkeypatch.setattr(os, "statvfs", statvfs)

    def refused(self, deal, extra=None):
        if read_only_file["on"]:
            if how == "remounted":
                e = sqlite3.OperationalError("disk I/O error")
                e.sqlite_errorcode = 778  # SQLITE_IOERR_WRITE
            else:
                e = sqlite3.OperationalError("attempt to write a readonly database")
                e.sqlite_errorcode = sqlite3.SQLITE_READONLY
            raise e
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", refused)


@pytest.mark.parametrize(
    "how",
    [
        "connection",
        "deal_row",
        pytest.param(
            "remounted",
            marks=pytest.mark.skipif(not hasattr(os, "statvfs"), reason="no statvfs"),
        ),
    ],
)
def test_a_database_become_read_only_says_so_keeps_the_deal_and_saves_it_again(
    qtbot, tmp_path, monkeypatch, read_only_file, how
):
    window, store, session, path = playing_window(qtbot, tmp_path, monkeypatch)
    sid = session.series_id
    read_only_at_the_deals_end(window, read_only_file, how, monkeypatch)
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: store_messages(window) and not session.writing, timeout=WAIT)
    text = window.messages.label.text()
    assert WAITS_LATER not in text
    assert text.startswith(f"The database {path} can no longer be written (it is read-only)")
    assert "the deal is kept in the window: make the file writable and press Save again" in text
    assert "\n" not in text and window.messages.retry_button.isVisible()
    assert session.unsaved() == 1 and not session.waiting  # no tries that cannot help
    assert rows(path, "SELECT count(*) FROM deals") == [(0,)]

    window.messages.retry_button.click()  # Save again while it is still read-only
    qtbot.waitUntil(lambda: not session.writing, timeout=WAIT)
    assert store_messages(window) and session.unsaved() == 1
    assert "can no longer be written" in window.messages.label.text()

    read_only_file["on"] = False  # someone made the file writable again
    if how == "connection":
        assert window.writer._writer is None  # the read-only connection was let go
    window.messages.retry_button.click()  # Save again
    qtbot.waitUntil(lambda: not session.unsaved() and not session.writing, timeout=WAIT)
    assert rows(path, "SELECT number FROM deals WHERE series_id = ?", (sid,)) == [(1,)]
    assert SeriesService(store, sid).sheet().totals == session.ctl.totals
    assert not store_messages(window)
    close(window, store)


# ---------------------------------------------------------------------- 2. moved away


def in_old_file(store: Store, sql: str) -> list[tuple]:
    """What the file the window opened holds now, under whatever name: read through the
    test's own connection to it (it shares the file's write-ahead log, which stays under
    the old name, so a new connection to the renamed file would not see all of it)."""
    return [tuple(r) for r in store.conn.execute(sql)]


def as_on_disk(path, sql: str) -> list[tuple]:
    """What the file at ``path`` holds by itself (no log applied, no lock taken: the old
    file's log stranded under this name belongs to another file)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


LIVE = "SELECT deal_number, state FROM live_tables"
DEALS = "SELECT count(*) FROM deals"


def test_a_database_renamed_under_the_window_gets_no_more_deals(qtbot, tmp_path, monkeypatch):
    window, store, session, path = playing_window(qtbot, tmp_path, monkeypatch)
    sid = session.series_id
    moved = tmp_path / "renamed.sqlite3"
    before = in_old_file(store, LIVE)
    assert before
    os.rename(path, moved)  # the write-ahead log stays under the old name
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: store_messages(window) and not session.writing, timeout=WAIT)
    text = window.messages.label.text()
    assert text.startswith(
        f"The database file {path} was moved, replaced or deleted while the window had it"
        " open; the deal is kept in the window"
    )
    assert WAITS_LATER not in text and "\n" not in text
    assert session.unsaved() == 1
    # nothing went into the file under its new name: neither the deal nor a snapshot
    assert in_old_file(store, DEALS) == [(0,)]
    assert in_old_file(store, LIVE) == before
    assert not path.exists()  # and no new file under the old name

    window.messages.retry_button.click()  # Save again: checked again, still refused
    qtbot.waitUntil(lambda: not session.writing, timeout=WAIT)
    assert session.unsaved() == 1 and in_old_file(store, DEALS) == [(0,)]

    os.rename(moved, path)  # put back under its name
    window.messages.retry_button.click()
    qtbot.waitUntil(lambda: not session.unsaved() and not session.writing, timeout=WAIT)
    assert rows(path, "SELECT number FROM deals WHERE series_id = ?", (sid,)) == [(1,)]
    assert not store_messages(window)
    close(window, store)


def test_a_database_deleted_under_the_window_keeps_the_deal_in_the_window(
    qtbot, tmp_path, monkeypatch
):
    window, store, session, path = playing_window(qtbot, tmp_path, monkeypatch)
    os.unlink(path)
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: store_messages(window) and not session.writing, timeout=WAIT)
    text = window.messages.label.text()
    assert text.startswith(f"The database file {path} was moved, replaced or deleted")
    assert session.unsaved() == 1  # kept: the close asks about it (Save again / Discard)
    assert not path.exists() and in_old_file(store, DEALS) == [(0,)]
    window.messages.retry_button.click()
    qtbot.waitUntil(lambda: not session.writing, timeout=WAIT)
    assert session.unsaved() == 1 and not path.exists()
    TablePlayer(qtbot, window).click(window.deal_over.next_button)  # play goes on
    assert not path.exists()
    close(window, store)


def test_a_database_replaced_under_the_window_is_left_alone(qtbot, tmp_path, monkeypatch):
    window, store, session, path = playing_window(qtbot, tmp_path, monkeypatch)
    other = tmp_path / "other.sqlite3"
    Store.open(other).close()
    os.replace(other, path)
    finish_deal(qtbot, window)
    qtbot.waitUntil(lambda: store_messages(window) and not session.writing, timeout=WAIT)
    assert "was moved, replaced or deleted" in window.messages.label.text()
    assert session.unsaved() == 1
    assert in_old_file(store, DEALS) == [(0,)]  # not into the old file
    # nor into the new one (its pages as they were: nothing of this series)
    assert as_on_disk(path, DEALS) == [(0,)]
    assert as_on_disk(path, "SELECT count(*) FROM series") == [(0,)]
    assert as_on_disk(path, "SELECT count(*) FROM live_tables") == [(0,)]
    close(window, store)
