"""Two programs adding one new player at the same moment (the window's club desk and
``skat-desktop db players --add``, two windows): the name is looked up and added under one
write lock, so the club gets one player, not "Anna" and "anna" side by side."""

from __future__ import annotations

import pytest

from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store


def other_program_adds_meanwhile(monkeypatch, store: Store, path) -> tuple[list[str], Store]:
    """Right after the store's first look-up of a name, another program adds "anna" (or
    finds the file locked: it would wait, then find Anna). What the other program did."""
    other = Store.open(path, busy_ms=100)
    done: list[str] = []
    real = Store.find_player

    def find_player(self, name):
        found = real(self, name)
        if self is store and not done:
            done.append("asked")
            try:
                other.add_player("anna")
                done.append("added")
            except StoreError:
                done.append("locked")
        return found

    monkeypatch.setattr(Store, "find_player", find_player)
    return done, other


def names(path) -> list[str]:
    store = Store.open(path)
    found = sorted(p["name"] for p in store.players())
    store.close()
    return found


def test_adding_a_player_another_program_adds_meanwhile_makes_one_player(monkeypatch, tmp_path):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    done, other = other_program_adds_meanwhile(monkeypatch, store, path)
    store.add_player("Anna")  # looked up under the write lock: the other program waits
    assert done == ["asked", "locked"]
    store.close()
    other.close()
    assert names(path) == ["Anna"]
    other = Store.open(path)
    with pytest.raises(StoreError, match="already a player"):  # and then finds her
        other.add_player("anna")
    other.close()


def test_ensuring_a_player_another_program_adds_meanwhile_finds_that_one(monkeypatch, tmp_path):
    path = tmp_path / "club.sqlite3"
    store = Store.open(path)
    done, other = other_program_adds_meanwhile(monkeypatch, store, path)
    pid = store.ensure_player("Anna")
    assert done == ["asked", "added"]
    assert store.player_name(pid) == "anna"
    store.close()
    other.close()
    assert names(path) == ["anna"]


def test_a_name_taken_is_still_refused(tmp_path):
    store = Store.open(tmp_path / "club.sqlite3")
    store.add_player("Anna")
    with pytest.raises(StoreError, match="already a player"):
        store.add_player(" ANNA ")
    store.close()
