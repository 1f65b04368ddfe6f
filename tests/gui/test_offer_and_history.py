"""A tester's findings: the offer to continue a series at the start names the computers as
the table does ("Anfänger 2", not "beginner 2") and tells two saved series apart; the
history's deal list writes dates the player's way; the club desk's "Correct a game…" is
greyed, like its neighbours, while there is no series to correct."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import i18n
from skat_desktop.gui.game_words import local_date
from skat_desktop.gui.history_view import DealListing, DealListModel, HistoryBrowser
from skat_desktop.gui.main_window import MainWindow
from skat_desktop.gui.settings import NewGameChoices
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .table_driver import make_settings, make_window

WAIT = 20_000  # ms: a ceiling for the background, not a timing goal
TITLE = "Internationale Skatordnung, 29.11.2026"


def anna_settings(tmp_path) -> None:
    """The player is Anna (the window's settings file is the test's)."""
    settings = make_settings(tmp_path)
    settings.new_game = NewGameChoices("Anna", ["human", "beginner", "random"], "isko", 36, False)
    settings.sync()


def saved_series(store: Store, created: str | None = None, updated: str | None = None) -> int:
    """A series of Anna against beginner 2 and random 3, left in deal 1 and saved for later
    (its start and its save at the given UTC times, to the second)."""
    ids = [store.ensure_player(n) for n in ("Anna", "beginner 2", "random 3")]
    sid = store.create_series(TITLE, "2026-11-29", ids, ISKO, planned_deals=36)
    live = store.save_live(sid, '{"x": 1}', deal_number=1, deals_done=0)
    with store.transaction():
        if created is not None:
            store.conn.execute("UPDATE series SET created = ? WHERE id = ?", (created, sid))
        if updated is not None:
            store.conn.execute("UPDATE live_tables SET updated = ? WHERE id = ?", (updated, live))
    return sid


def offered(qtbot, tmp_path, store: Store) -> MainWindow:
    window = make_window(qtbot, tmp_path, store=store)
    qtbot.waitUntil(lambda: window.offer is not None and window.offer.isVisible(), timeout=WAIT)
    return window


def later(qtbot, window: MainWindow, store: Store) -> None:
    """Esc (Later): nothing is forgotten; the window and the database close."""
    qtbot.keyClick(window.offer, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.offer is None, timeout=WAIT)
    window.close()
    wait_for_jobs()
    store.close()


def utc(hour: int, minute: int, second: int = 0) -> str:
    return datetime(2026, 11, 29, hour, minute, second, tzinfo=UTC).isoformat()


def shown_time(iso: str) -> str:
    """A UTC time as the offer writes it (the player's clock and language)."""
    return MainWindow._local_time(iso)


# ---------------------------------------------------------------------- the offer


def test_the_german_offer_names_the_computers_as_the_table_does(qtbot, qapp, tmp_path):
    assert i18n.install_translations(qapp, "de") == "de"
    anna_settings(tmp_path)
    store = Store.open(tmp_path / "club.sqlite3")
    saved_series(store)
    window = offered(qtbot, tmp_path, store)
    offer = window.offer
    assert offer.question.text() == f"Die Serie „{TITLE}“ fortsetzen?"
    line = offer.detail.text()
    assert line.startswith("Spiel 1 von 36 gegen Anfänger 2 und Zufall 3, gespeichert "), line
    assert "beginner" not in line and "random" not in line
    later(qtbot, window, store)


def test_two_series_saved_alike_are_told_apart_by_when_they_were_started(qtbot, qapp, tmp_path):
    assert i18n.install_translations(qapp, "de") == "de"
    anna_settings(tmp_path)
    store = Store.open(tmp_path / "club.sqlite3")
    # both begun the same day under the same rules, both left in deal 1 in the same minute
    saved_series(store, created=utc(4, 12), updated=utc(4, 43, 5))
    saved_series(store, created=utc(4, 30), updated=utc(4, 43, 40))
    window = offered(qtbot, tmp_path, store)
    offer = window.offer
    assert offer.list is not None and offer.list.count() == 2
    texts = [offer.list.item(i).text() for i in range(2)]
    assert texts[0] != texts[1], texts
    # the latest saved first: the series begun at 4:30, then the one begun at 4:12
    assert shown_time(utc(4, 30)) in texts[0] and shown_time(utc(4, 12)) in texts[1]
    for text in texts:  # the rest as before, in German
        assert text.startswith(f"„{TITLE}“\nSpiel 1 von 36 gegen Anfänger 2 und Zufall 3"), text
    later(qtbot, window, store)


def test_two_series_begun_in_the_same_minute_still_differ(qtbot, tmp_path):
    anna_settings(tmp_path)
    store = Store.open(tmp_path / "club.sqlite3")
    first = saved_series(store, created=utc(4, 12, 1), updated=utc(4, 43))
    second = saved_series(store, created=utc(4, 12, 30), updated=utc(4, 43))
    window = offered(qtbot, tmp_path, store)
    texts = [window.offer.list.item(i).text() for i in range(2)]
    assert texts[0] != texts[1], texts
    # saved at the same time: the later series first
    assert texts[0].endswith(f"(series {second})") and texts[1].endswith(f"(series {first})")
    later(qtbot, window, store)


def test_different_series_are_offered_without_a_start_time(qtbot, tmp_path):
    anna_settings(tmp_path)
    store = Store.open(tmp_path / "club.sqlite3")
    saved_series(store, created=utc(4, 12), updated=utc(4, 43))
    other = saved_series(store, created=utc(4, 30), updated=utc(4, 50))
    store.save_live(other, '{"x": 2}', deal_number=3, deals_done=0)  # moved on: deal 3
    with store.transaction():
        store.conn.execute("UPDATE live_tables SET updated = ?", (utc(4, 50),))
    window = offered(qtbot, tmp_path, store)
    texts = [window.offer.list.item(i).text() for i in range(2)]
    assert texts[0] != texts[1]
    assert not any("started" in t for t in texts), texts  # they differ already
    later(qtbot, window, store)


# ---------------------------------------------------------------------- the history


def listing(number: int) -> DealListing:
    return DealListing(number, 1, "2026-11-29", TITLE, number, "Anna", "grand", True, 24, True)


def test_the_history_writes_dates_the_players_way(qtbot, qapp, tmp_path):
    assert i18n.install_translations(qapp, "de") == "de"
    model = DealListModel()
    model.set_rows((listing(1), listing(2)))
    date = model.index(0, DealListModel.SERIES)
    assert date.data(Qt.ItemDataRole.DisplayRole) == "29.11.2026"
    assert date.data(Qt.ItemDataRole.ToolTipRole).startswith("29.11.2026 ")
    game = model.index(1, DealListModel.GAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "29.11.2026" in game and "2026-11-29" not in game
    assert model.distinct_texts(DealListModel.SERIES) == {"29.11.2026"}
    computer = DealListing(3, 1, "2026-11-29", TITLE, 3, "beginner 2", "grand", False, -48, True)
    model.set_rows((computer,))  # and a computer's name as at the table
    assert model.index(0, DealListModel.PLAYER).data() == "Anfänger 2"

    store = Store.open(tmp_path / "club.sqlite3")
    ids = [store.ensure_player(n) for n in ("Anna", "beginner 2", "random 3")]
    store.create_series("Freitag", "2026-11-27", ids, ISKO, planned_deals=36)
    view = HistoryBrowser(store)
    qtbot.addWidget(view)
    choices = [view.series_box.itemText(i) for i in range(view.series_box.count())]
    assert "27.11.2026 Freitag" in choices, choices
    players = [view.player_box.itemText(i) for i in range(view.player_box.count())]
    assert {"Anna", "Anfänger 2", "Zufall 3"} <= set(players), players
    wait_for_jobs()
    store.close()


def test_english_dates_in_the_history_follow_the_locale_too(qtbot):
    model = DealListModel()
    model.set_rows((listing(1),))
    shown = model.index(0, DealListModel.SERIES).data(Qt.ItemDataRole.DisplayRole)
    assert shown == local_date("2026-11-29") != "2026-11-29"


# ---------------------------------------------------------------------- the club desk


@pytest.fixture
def desk_window(qtbot, tmp_path):
    store = Store.open(tmp_path / "club.sqlite3")
    w = make_window(qtbot, tmp_path, store=store, size=(1280, 800))
    qtbot.waitUntil(lambda: w.writer is not None, timeout=WAIT)
    yield w, store
    desk = w.club.desk
    if desk is not None:
        desk.close()
    w.close()
    wait_for_jobs()
    store.close()


def actions_by_text(desk) -> dict:
    return {a.text().replace("&", ""): a for a in desk.page.toolbar.actions()}


def test_correct_a_game_is_greyed_with_no_series_open_like_its_neighbours(qtbot, desk_window):
    window, store = desk_window
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem")]
    sid = store.create_series("Friday", "2026-11-20", ids, ISKO, planned_deals=12)
    desk = window.club.open_desk()
    assert desk is not None and desk.page.series_id is None
    actions = actions_by_text(desk)
    correct = actions["Correct a game…"]
    assert not actions["Sign and close…"].isEnabled()
    assert not correct.isEnabled()

    desk.open_series(sid)  # an open series: there is something to correct
    qtbot.waitUntil(lambda: desk.page.is_closed is False, timeout=WAIT)
    qtbot.waitUntil(correct.isEnabled, timeout=WAIT)
    assert actions["Sign and close…"].isEnabled()
    desk.page.set_series(None)  # none again: greyed again
    assert not correct.isEnabled() and not actions["Sign and close…"].isEnabled()
