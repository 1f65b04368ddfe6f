"""A game typed into the club desk's entry row but not stored is never lost silently.

The tester's two ways of losing it: opening another series in the desk's list (the row of
the series left was emptied without a question), and signing the sheet while the game was
typed but not entered (the sheet was closed with the game stranded). The window, the desk,
its list, its toolbar and its row are the real ones; only the questions are answered by
the test (as ``ask_yes`` is elsewhere).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QToolButton

from skat_desktop.engine.profiles import ISKO
from skat_desktop.gui import club_admin, club_files
from skat_desktop.gui.club_admin import SignDialog
from skat_desktop.gui.club_entry import GameEntryForm
from skat_desktop.gui.store_worker import wait_for_jobs
from skat_desktop.store.repository import Store

from .test_club_entry import WAIT, Keys, stored_entries

TAB = Qt.Key.Key_Tab


@pytest.fixture(autouse=True)
def jobs_done_afterwards():
    yield
    wait_for_jobs()


def new_series(store: Store, title: str, names: tuple[str, ...], deals: int = 36) -> int:
    ids = [store.ensure_player(n) for n in names]
    return store.create_series(title, "2026-11-27", ids, ISKO, planned_deals=deals, first_dealer=0)


def desk_form(qtbot, window, series_id: int) -> GameEntryForm:
    desk = window.club.open_desk(series_id=series_id)
    qtbot.waitUntil(
        lambda: desk.entry_form is not None and desk.entry_form.series_id == series_id,
        timeout=WAIT,
    )
    form = desk.entry_form
    qtbot.waitUntil(lambda: form.ready and form.fields.isEnabled(), timeout=WAIT)
    qtbot.waitUntil(lambda: desk.page.header is not None, timeout=WAIT)
    desk.activateWindow()
    form.focus_first()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.declarer, timeout=WAIT)
    return form


def type_grand(keys: Keys, form: GameEntryForm, declarer: str) -> None:
    """The tester's keys: the declarer's letter, Tab, g (Grand), Tab, 48, Tab, 2 (with
    two), Tab, w (won) -- a complete game, not entered."""
    keys.choose(form.declarer, declarer)
    keys.press(TAB)
    keys.choose(form.game, "Grand")
    keys.press(TAB)
    keys.type("48")
    keys.press(TAB)
    keys.type("2")
    keys.tab_to(form.result)
    keys.choose(form.result, "won")
    assert form.score()[0] is not None and form.unsaved
    assert "Value 72" in form.preview.text()


def open_in_list(qtbot, desk, series_id: int) -> None:
    """Choose ``series_id`` in the desk's list and press Enter, as the secretary does."""
    listed = desk.series_list
    qtbot.waitUntil(lambda: listed.listing(series_id) is not None, timeout=WAIT)
    row = listed.model.row_of(series_id)
    listed.table.setCurrentIndex(listed.model.index(row, 0))
    listed.table.setFocus()
    qtbot.keyClick(listed.table, Qt.Key.Key_Return)


# ------------------------------------------------------------ switching the series


@pytest.fixture
def two_series(qtbot, window):
    first = new_series(window.store, "Erste Runde", ("Anna", "Bernd", "Cem"))
    second = new_series(window.store, "Zweite Runde", ("Dora", "Gustav", "Frieda"))
    return first, second


def _leave_typed_game(qtbot, window, two_series, monkeypatch, answer: bool):
    """A Grand typed for the second series, then the first opened in the list, the
    question answered ``answer``: the desk, the row and the questions asked."""
    first, second = two_series
    form = desk_form(qtbot, window, second)
    desk = window.club.desk
    type_grand(Keys(qtbot), form, "Dora")
    asked: list[str] = []
    monkeypatch.setattr(club_files, "ask_yes", lambda *a: asked.append(a[2]) or answer)
    open_in_list(qtbot, desk, first)
    return desk, form, asked


def test_opening_another_series_with_a_game_typed_asks_and_no_keeps_it(
    qtbot, window, db, two_series, monkeypatch
):
    second = two_series[1]
    desk, form, asked = _leave_typed_game(qtbot, window, two_series, monkeypatch, False)
    assert asked == [
        "Deal 1 of “Zweite Runde” is typed but not stored.\n\nOpen another series and lose it?"
    ]
    # No: the series stays open and chosen, its row as typed
    assert desk.page.series_id == second and desk.series_list.current_series == second
    assert desk.entry_form is form and form.unsaved
    assert (form.declarer.currentText(), form.bid.text()) == ("Dora", "48")
    rows = desk.series_list.table.selectionModel().selectedRows()
    assert [desk.series_list.model.rows[i.row()].id for i in rows] == [second]
    # ... and Enter still stores it into its own series
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        assert form.submit()
    assert [e["bid"] for e in stored_entries(db, second)] == [48]


def test_opening_another_series_after_yes_drops_the_game_only_then(
    qtbot, window, db, two_series, monkeypatch
):
    first, second = two_series
    desk, _, asked = _leave_typed_game(qtbot, window, two_series, monkeypatch, True)
    assert len(asked) == 1
    assert desk.page.series_id == first
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    assert desk.entry_form.series_id == first
    assert stored_entries(db, second) == []


def test_opening_another_series_with_an_empty_row_asks_nothing(
    qtbot, window, two_series, monkeypatch
):
    first, second = two_series
    desk_form(qtbot, window, second)
    desk = window.club.desk
    asked: list[str] = []
    monkeypatch.setattr(club_files, "ask_yes", lambda *a: asked.append(a[2]) or False)
    open_in_list(qtbot, desk, first)
    assert asked == [] and desk.page.series_id == first


# ------------------------------------------------------------------------ signing


@pytest.fixture
def evening(qtbot, window):
    return new_series(window.store, "Freitag Tisch 1", ("Anna", "Bernd", "Gustav"))


def sign_button(desk) -> QToolButton:
    return next(
        b
        for b in desk.page.toolbar.findChildren(QToolButton)
        if b.defaultAction() is not None and b.defaultAction().text() == "&Sign and close…"
    )


def sign(qtbot, desk, signer: str = "Gustav") -> list[str]:
    """Click Sign and close; the dialog, if it comes, is signed by ``signer`` with Enter.
    Returns the dialog's note on the deals (one item per dialog shown)."""
    notes: list[str] = []
    seen: list[SignDialog] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SignDialog) or dialog in seen:
            return
        seen.append(dialog)  # signed once: its answer is on the way
        note = getattr(dialog, "short_note", None)  # signed all the same without it
        notes.append(note.text() if note is not None and note.isVisibleTo(dialog) else "")
        dialog.author_edit.setText(signer)
        qtbot.keyClick(dialog.author_edit, Qt.Key.Key_Return)

    timer = QTimer()  # looks for the dialog while it is shown (it may never come)
    timer.setInterval(10)
    timer.timeout.connect(fill)
    timer.start()
    try:
        qtbot.mouseClick(sign_button(desk), Qt.MouseButton.LeftButton)
    finally:
        timer.stop()
    return notes


def answer_typed(monkeypatch, answer: str | None) -> list[tuple[str, bool]]:
    asked: list[tuple[str, bool]] = []

    def ask(parent, text, can_enter):
        asked.append((text, can_enter))
        return answer

    monkeypatch.setattr(club_admin, "ask_typed_game", ask, raising=False)
    return asked


def test_signing_with_a_game_typed_cancel_signs_nothing_and_keeps_it(
    qtbot, window, db, evening, monkeypatch
):
    form = desk_form(qtbot, window, evening)
    type_grand(Keys(qtbot), form, "Gustav")
    asked = answer_typed(monkeypatch, None)
    notes = sign(qtbot, window.club.desk)
    assert asked == [("Deal 1 is typed but not entered. Enter it before signing?", True)]
    assert notes == []  # no dialog
    assert not window.store.series(evening).closed
    assert form.unsaved and form.bid.text() == "48" and form.fields.isEnabled()


def test_signing_with_a_game_typed_can_enter_it_first(qtbot, window, db, evening, monkeypatch):
    form = desk_form(qtbot, window, evening)
    type_grand(Keys(qtbot), form, "Gustav")
    asked = answer_typed(monkeypatch, "enter")
    notes = sign(qtbot, window.club.desk)
    assert len(asked) == 1
    assert [e["bid"] for e in stored_entries(db, evening)] == [48]
    assert notes == ["Only 1 of 36 deals played."]
    assert window.store.series(evening).closed


def test_signing_with_a_game_typed_can_discard_it(qtbot, window, db, evening, monkeypatch):
    form = desk_form(qtbot, window, evening)
    type_grand(Keys(qtbot), form, "Gustav")
    answer_typed(monkeypatch, "discard")
    notes = sign(qtbot, window.club.desk)
    assert stored_entries(db, evening) == []
    assert not form.unsaved
    assert notes == ["Only 0 of 36 deals played."]
    assert window.store.series(evening).closed


def test_signing_a_half_typed_game_offers_only_to_discard_it(
    qtbot, window, db, evening, monkeypatch
):
    form = desk_form(qtbot, window, evening)
    keys = Keys(qtbot)
    keys.choose(form.declarer, "Gustav")
    keys.press(TAB)
    keys.choose(form.game, "Grand")
    asked = answer_typed(monkeypatch, None)
    sign(qtbot, window.club.desk)
    assert asked == [
        ("Deal 1 is typed but cannot be entered as it is. Discard it and sign?", False)
    ]
    assert not window.store.series(evening).closed and form.unsaved


def test_signing_an_empty_row_asks_nothing_and_says_how_many_deals_were_played(
    qtbot, window, db, evening, monkeypatch
):
    desk_form(qtbot, window, evening)
    asked = answer_typed(monkeypatch, None)
    notes = sign(qtbot, window.club.desk)
    assert asked == []
    assert notes == ["Only 0 of 36 deals played."]
    assert window.store.series(evening).closed


def test_signing_a_complete_sheet_has_no_note(qtbot, window, db, evening, monkeypatch):
    short = new_series(window.store, "Kurz", ("Anna", "Bernd", "Gustav"), deals=1)
    form = desk_form(qtbot, window, short)
    type_grand(Keys(qtbot), form, "Gustav")
    with qtbot.waitSignal(form.entered, timeout=WAIT):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    notes = sign(qtbot, window.club.desk)
    assert notes == [""]
    assert window.store.series(short).closed
