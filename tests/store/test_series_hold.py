"""A series is held by one table at a time (store/series_hold.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

from skat_desktop.store.series_hold import SeriesHeld, SeriesHold, series_held_elsewhere

pytestmark = pytest.mark.skipif(os.name == "nt", reason="no advisory locks: nothing excluded")


@pytest.fixture(autouse=True)
def runtime(tmp_path, monkeypatch):
    """The holds' lock files in a folder of the test's own (children inherit it)."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)  # as the system makes it (platformdirs checks its rights)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder


def test_one_table_holds_a_series_another_is_refused_until_it_is_given_back(tmp_path):
    db = tmp_path / "club.sqlite3"
    db.touch()
    first = SeriesHold.take(db, 7)
    with pytest.raises(SeriesHeld) as e:
        SeriesHold.take(tmp_path / "." / "club.sqlite3", 7)  # another path to the file
    assert e.value.code == "series_held" and "\n" not in str(e.value)
    assert series_held_elsewhere(db, 7)
    other = SeriesHold.take(db, 8)  # another series of the same database is free
    first.release()
    first.release()  # once only
    assert not series_held_elsewhere(db, 7)
    again = SeriesHold.take(db, 7)
    again.release()
    other.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite3", "run"]
    assert not list(tmp_path.glob("run/**/*.lock"))  # given back: no file is left


def test_a_database_renamed_or_linked_is_the_same_database(tmp_path):
    """A tester renamed the database (with its log) under a playing window: a second
    window on the new name continued the same series."""
    db = tmp_path / "club.sqlite3"
    db.touch()
    hold = SeriesHold.take(db, 1)
    moved = tmp_path / "club2.sqlite3"
    db.rename(moved)
    link = tmp_path / "link.sqlite3"
    link.symlink_to(moved)
    for name in (moved, link):
        with pytest.raises(SeriesHeld):
            SeriesHold.take(name, 1)
    hold.release()
    SeriesHold.take(moved, 1).release()


def test_a_database_in_memory_holds_nothing():
    a = SeriesHold.take(None, 1)
    b = SeriesHold.take(None, 1)
    assert not series_held_elsewhere(None, 1)
    a.release()
    b.release()


def test_a_killed_program_gives_its_series_back(tmp_path):
    db = tmp_path / "club.sqlite3"
    db.touch()
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys, time
                from skat_desktop.store.series_hold import SeriesHold
                hold = SeriesHold.take({str(db)!r}, 3)
                print("held", flush=True)
                time.sleep(60)
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "held"
        assert series_held_elsewhere(db, 3)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert not series_held_elsewhere(db, 3)
    SeriesHold.take(db, 3).release()
