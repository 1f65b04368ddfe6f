"""The club's players: renaming one and marking guests (issue 25, item 4).

A refused change is one line and leaves the players as they were; another program's
write lock makes the change wait and fail ``busy`` without writing anything.
"""

from __future__ import annotations

import sqlite3

import pytest

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import ISKO
from skat_desktop.store.database import DatabaseBusy, StoreError
from skat_desktop.store.repository import Store


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "club.sqlite3")
    yield s
    s.close()


def names(store: Store) -> list[tuple[int, str, int]]:
    return [(p["id"], p["name"], p["guest"]) for p in store.players()]


def test_a_renamed_player_keeps_his_sheets_under_the_new_name(store):
    a, b, c = (store.add_player(n) for n in ("Anna", "Bernd", "Cem"))
    sid = store.create_series("Friday", "2026-11-20", [a, b, c], ISKO)
    store.rename_player(b, "  Bernhard ")
    assert store.player_name(b) == "Bernhard"
    assert store.find_player("Bernd") is None
    assert [name for _, name in SeriesService(store, sid).info.players] == [
        "Anna",
        "Bernhard",
        "Cem",
    ]


def test_a_name_may_change_only_in_its_case(store):
    a = store.add_player("anna")
    store.rename_player(a, "Anna")
    assert store.player_name(a) == "Anna"


def test_renaming_to_his_own_name_changes_nothing(store):
    a = store.add_player("Anna")
    store.rename_player(a, "Anna ")
    assert names(store) == [(a, "Anna", 0)]


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_refused(store, name):
    a = store.add_player("Anna")
    with pytest.raises(StoreError, match="needs a name"):
        store.rename_player(a, name)
    assert names(store) == [(a, "Anna", 0)]


def test_the_name_of_another_player_is_refused_in_one_line(store):
    a, b = store.add_player("Anna"), store.add_player("Bernd")
    with pytest.raises(StoreError) as e:
        store.rename_player(b, "Anna")
    assert str(e.value) == "there is already a player called 'Anna'"
    assert names(store) == [(a, "Anna", 0), (b, "Bernd", 0)]


def test_a_player_who_does_not_exist_is_refused(store):
    with pytest.raises(StoreError, match="no player 7"):
        store.rename_player(7, "Anna")
    with pytest.raises(StoreError, match="no player 7"):
        store.set_guest(7, True)
    assert names(store) == []


def test_a_guest_is_marked_and_unmarked(store):
    a, b = store.add_player("Anna"), store.add_player("Bernd", guest=True)
    store.set_guest(a, True)
    store.set_guest(b, False)
    assert names(store) == [(a, "Anna", 1), (b, "Bernd", 0)]
    store.set_guest(a, False)
    assert names(store) == [(a, "Anna", 0), (b, "Bernd", 0)]


def test_another_programs_write_lock_changes_nothing(tmp_path):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path, busy_ms=50)
    a = store.add_player("Anna")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program is writing
    try:
        with pytest.raises(DatabaseBusy):
            store.rename_player(a, "Anneliese")
        with pytest.raises(DatabaseBusy):
            store.set_guest(a, True)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert names(store) == [(a, "Anna", 0)]
    store.rename_player(a, "Anneliese")  # the lock is gone: now it works
    assert names(store) == [(a, "Anneliese", 0)]
    store.close()


def test_a_name_is_one_player_whatever_its_case_and_a_computer_is_no_guest(tmp_path):
    store = Store.open(tmp_path / "club.sqlite3")
    try:
        anna = store.add_player("Anna")
        assert store.find_player("anna ") == anna and store.ensure_player("ANNA") == anna
        with pytest.raises(StoreError, match="already a player"):
            store.add_player("anna")
        bot = store.ensure_player("beginner 2", kind="computer")
        with pytest.raises(StoreError, match="no guest"):
            store.set_guest(bot, True)
        store.set_guest(bot, False)  # saying so changes nothing and is no error
    finally:
        store.close()
