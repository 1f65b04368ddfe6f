"""Proposed tests for the fixes found by benchmarks/screenshots_club.py (each fails on HEAD)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolButton

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE
from skat_desktop.gui import club_print, i18n
from skat_desktop.gui.club_admin import AuditView
from skat_desktop.gui.club_desk import SeriesPage
from skat_desktop.gui.club_entry import CorrectionDialog, GameEntryForm
from skat_desktop.store.repository import Store

from .fit_walk import set_language, settle_layout, widget_problems

WAIT = 20_000


def four(store: Store, deals: int = 2) -> int:
    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Cem", "Dora")]
    sid = store.create_series("Friday", "2026-11-20", ids, HOUSE, planned_deals=32)
    svc = SeriesService(store, sid)
    for _ in range(deals):
        dealer, _b, _r = svc.next_context()
        seat = (dealer + 1) % 4
        svc.add_entry({"kind": "game", "declarer": seat, "contract": {"game": "clubs"},
                       "bid": 18, "won": True, "matadors": 1})  # fmt: skip
    return sid


def test_the_entry_row_under_a_narrow_sheet_is_shown_whole(qtbot, store, writer):
    """club_desk: the splitter gives the wrapped entry form every row (Enter among them)."""
    sid = four(store)
    page = SeriesPage(store, writer)
    qtbot.addWidget(page)
    form = GameEntryForm(store, writer, sid, parent=page)
    page.add_widget_below(form)
    page.resize(600, 600)
    page.show()
    page.set_series(sid)
    qtbot.waitUntil(lambda: form.ready and page.header is not None, timeout=WAIT)
    settle_layout()
    assert widget_problems(page) == []
    button = form.enter_button
    assert button.visibleRegion().boundingRect().size() == button.size()


def test_every_action_of_a_narrow_page_is_a_button_in_sight(qtbot, store, writer):
    """club_desk: the page's actions wrap onto a second row, none hidden behind »."""
    page = SeriesPage(store, writer)
    qtbot.addWidget(page)
    for text in ("Sign and close", "Reopen", "Audit trail", "Correct a game", "Print",
                 "Print preview", "Save as PDF", "Export as CSV"):  # fmt: skip
        page.add_action(QAction(text, page))
    page.resize(600, 600)
    page.show()
    page.set_series(four(store))
    qtbot.waitUntil(lambda: page.header is not None, timeout=WAIT)
    settle_layout()
    buttons = [b for b in page.findChildren(QToolButton) if b.defaultAction() is not None]
    assert len(buttons) == 8
    assert all(b.isVisible() and b.visibleRegion().boundingRect().size() == b.size()
               for b in buttons)  # fmt: skip


def test_a_correction_dialog_on_a_narrow_screen_shows_its_author_reason_and_button(
    qtbot, store, writer
):
    """club_entry: the dialog grows to the rows its fields wrap onto."""
    sid = four(store)
    dialog = CorrectionDialog(store, writer, sid, 1)
    qtbot.addWidget(dialog)
    dialog.resize(520, 120)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.form.ready, timeout=WAIT)
    settle_layout()
    assert widget_problems(dialog) == []
    for w in (dialog.form.author, dialog.form.reason, dialog.form.enter_button):
        assert w.visibleRegion().boundingRect().size() == w.size()


def test_a_signed_series_offers_no_next_deal(qtbot, store, writer):
    """club_entry: no "Deal 22 of 21" and no greyed row under a signed sheet."""
    sid = four(store)
    store.close_series(sid, "Anna")
    form = GameEntryForm(store, writer, sid)
    qtbot.addWidget(form)
    form.show()
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    assert not form.title.isVisible() and not form.fields.isVisible()
    assert form.closed_note.isVisible() and not form.fields.isEnabled()


def test_the_printed_columns_give_way_stage_after_stage():
    """club_print: a first stage with nothing to give does not stop the next ones."""
    m = club_print._Measure()
    line = club_print.LINE_PX
    columns = [[(line * 0.5, line * 0.5)], [(line * 0.8, line * 0.2)]]
    widths, fits = m.widths(columns, [{0}, {1}], set())
    assert fits and widths[0] > widths[1]


def test_the_audit_trail_says_signed_in_the_players_language(qtbot, store, qapp):
    """club_admin: ``db close``'s default remark "signed" in German."""
    sid = four(store)
    store.close_series(sid, "Anna", "signed")
    set_language(qapp, "de")
    try:
        view = AuditView(store, sid)
        qtbot.addWidget(view)
        qtbot.waitUntil(lambda: view.trail is not None, timeout=WAIT)
        assert view.model.index(0, view.model.REASON).data() == "unterschrieben"
    finally:
        i18n.remove_translations(qapp)
        QCoreApplication.processEvents()


def test_the_export_list_shows_each_series_whole(qtbot, store):
    """club_files: the list grows to its longest line (a long name is not cut)."""
    from skat_desktop.gui.club_files import ExportDialog

    ids = [store.ensure_player(n) for n in ("Anna", "Bernd", "Karl-Heinz Böttcher", "Carla")]
    store.create_series("Weihnachtsskat", "2025-12-12", ids, HOUSE)
    dialog = ExportDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: bool(dialog.series), timeout=WAIT)
    settle_layout()
    view = dialog.series_list
    assert view.sizeHintForColumn(0) <= view.viewport().width()
