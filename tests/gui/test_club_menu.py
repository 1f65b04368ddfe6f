"""The Club menu of the main window: the club desk with every part plugged in (issue 25).

The parts have their own tests (test_club_desk, test_club_entry, test_club_admin,
test_club_print, test_club_files); these check that the window puts them together: a
club evening typed in through the desk the menu opens, a game corrected from its sheet
line, the series signed, and the sheet the same as ``skat-desktop db sheet``.
"""

from __future__ import annotations

import subprocess
import sys

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.profiles import HOUSE
from skat_desktop.gui import club_print
from skat_desktop.gui.club_desk import ClubWindow
from skat_desktop.gui.club_entry import CorrectionDialog
from skat_desktop.store.repository import Store

from .test_club_entry import WAIT, Keys, enter, evening_game, run_cli
from .test_club_print import cli_line, finished, pdf_pages, shown


def new_series(db, names=("Anna", "Bernd", "Cem"), deals=12) -> int:
    with _open(db) as store:
        ids = [store.ensure_player(n) for n in names]
        return store.create_series(
            "Friday", "2026-11-20", ids, HOUSE, planned_deals=deals, first_dealer=0
        )


class _open:
    def __init__(self, db) -> None:
        self.store = Store.open(db)

    def __enter__(self) -> Store:
        return self.store

    def __exit__(self, *exc) -> None:
        self.store.close()


def club_actions(window) -> list[str]:
    return [a.text() for a in window.menu_club.actions() if not a.isSeparator()]


def test_the_club_menu_opens_one_desk_with_every_part(qtbot, window, db):
    assert club_actions(window)[:4] == [
        "&Score sheets…",
        "&New club evening…",
        "Season &ranking…",
        "&Players…",
    ]
    sid = new_series(db)
    window.club.act_sheets.trigger()
    desk = window.club.desk
    assert isinstance(desk, ClubWindow) and desk.isVisible()
    titles = [desk.tabs.tabText(i) for i in range(desk.tabs.count())]
    assert titles == ["Score sheets", "Season", "Players"]
    window.club.act_players.trigger()
    assert window.club.desk is desk  # one desk, raised again
    assert desk.tabs.currentWidget() is desk.players_view
    window.club.act_season.trigger()
    assert desk.tabs.currentWidget() is desk.season_view

    desk.open_series(sid)
    qtbot.waitUntil(lambda: desk.page.is_closed is False, timeout=WAIT)
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    texts = [a.text() for a in desk.page.toolbar.actions()]
    assert {"&Sign and close…", "&Reopen…", "&Audit trail…", "&Correct a game…"} <= set(texts)


def test_an_evening_typed_in_the_desk_corrected_signed_printed_and_the_same_as_db_sheet(
    qtbot, window, db, monkeypatch, tmp_path
):
    sid = new_series(db, deals=12)
    desk = window.club.open_desk(series_id=sid)
    qtbot.waitUntil(lambda: desk.entry_form is not None, timeout=WAIT)
    form = desk.entry_form
    qtbot.waitUntil(lambda: form.ready, timeout=WAIT)
    desk.activateWindow()
    form.focus_first()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.declarer, timeout=WAIT)
    keys = Keys(qtbot)
    for i in range(12):
        enter(qtbot, keys, form, evening_game(i, form))
    qtbot.waitUntil(lambda: SeriesService(window.store, sid).next_number == 13, timeout=WAIT)
    # the desk's list and sheet follow the entries made in it
    qtbot.waitUntil(
        lambda: desk.page.sheet.summary is not None and len(desk.page.sheet.summary.lines) == 12,
        timeout=WAIT,
    )

    # correct game 3 from its sheet line: the dialog comes pre-filled for that deal
    opened = []

    def fake_exec(dialog):
        opened.append(dialog)
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(CorrectionDialog, "exec", fake_exec)
    table = desk.page.sheet.table
    row = next(
        r
        for r in range(table.model().rowCount())
        if table.model().index(r, 0).data(Qt.ItemDataRole.DisplayRole) == "3"
    )
    table.setCurrentIndex(table.model().index(row, 0))
    correct = next(a for a in desk.page.toolbar.actions() if a.text() == "&Correct a game…")
    correct.trigger()
    assert len(opened) == 1 and opened[0].form.correcting_number == 3

    # sign it through the service the sign dialog uses; the page follows, the row closes
    SeriesService(window.store, sid).close("Anna", "signed")
    qtbot.waitUntil(lambda: desk.page.is_closed is True, timeout=WAIT)
    assert not correct.isEnabled()

    sheet = run_cli(db, "sheet", sid)
    for line in desk.page.sheet.summary.lines:
        assert str(line.number) in sheet
    totals = desk.page.sheet.summary.totals
    assert cli_line(sheet, "total") == [str(t) for t in totals]

    # Save as PDF… on the page's toolbar: the signed sheet with the CLI's totals
    out = tmp_path / "friday.pdf"
    monkeypatch.setattr(club_print, "ask_save_path", lambda *a, **k: out)
    pdf = next(a for a in desk.page.toolbar.actions() if a.text() == "Save as P&DF…")
    pdf.trigger()
    task = desk.sheet_print.task
    finished(qtbot, task)
    assert task.ok, task.message
    text = " ".join(pdf_pages(out))
    assert f"Total {shown(cli_line(sheet, 'total'))}" in text
    assert "Closed, signed by Anna on" in text


def test_building_the_window_imports_no_club_desk_module(tmp_path):
    """The desk's modules come with the first use of the Club menu, not at start-up."""
    code = (
        "import os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from pathlib import Path\n"
        "from skat_desktop.gui.app import create_application, open_store\n"
        "from skat_desktop.gui.main_window import MainWindow\n"
        "from skat_desktop.gui.settings import Settings\n"
        "from PySide6.QtCore import QSettings\n"
        "create_application()\n"
        "q = QSettings(str(Path('s.ini')), QSettings.Format.IniFormat)\n"
        "w = MainWindow(Settings(q), open_store(Path('club.sqlite3')).store)\n"
        "w.show()\n"
        "bad = [m for m in sys.modules if m.startswith('skat_desktop.gui.club_')"
        " or m in ('skat_desktop.gui.series_list', 'skat_desktop.gui.store_watch',"
        " 'PySide6.QtPrintSupport', 'PySide6.QtPdf')]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_backup_and_restore_from_the_menu_reread_the_views(
    qtbot, window, db, tmp_path, monkeypatch
):
    """Club → Back up…, then a game entered, then Club → Restore…: the game is gone from
    the database and from the desk's list, which is read again; the window still saves."""
    from skat_desktop.gui import club_files

    sid = new_series(db, deals=12)
    backup = tmp_path / "backup.sqlite3"
    monkeypatch.setattr(club_files, "ask_save_path", lambda *a, **k: backup)
    monkeypatch.setattr(club_files, "ask_open_path", lambda *a, **k: backup)
    monkeypatch.setattr(club_files, "ask_yes", lambda *a, **k: True)
    window.club.act_backup.trigger()
    finished(qtbot, window.club.task)
    assert window.club.task.ok and backup.is_file()
    run_cli(db, "add-game", sid, "--declarer", "Anna", "--game", "grand", "--bid", "24", "--won")
    desk = window.club.open_desk(series_id=sid)
    qtbot.waitUntil(lambda: desk.page.header is not None, timeout=WAIT)
    qtbot.waitUntil(lambda: desk.page.header.listing.deals == 1, timeout=WAIT)
    window.club.act_restore.trigger()
    finished(qtbot, window.club.task)
    assert window.club.task.ok, window.club.task.message
    assert SeriesService(window.store, sid).next_number == 1  # the backup's content
    qtbot.waitUntil(lambda: desk.page.header.listing.deals == 0, timeout=WAIT)
    assert window.can_save and window.store_error is None


def test_a_restore_waits_for_the_series_at_the_table(qtbot, window, db, tmp_path, monkeypatch):
    from skat_desktop.gui import club_files

    monkeypatch.setattr(window, "_series_in_play", lambda: object())
    monkeypatch.setattr(club_files, "ask_open_path", lambda *a, **k: tmp_path / "b.sqlite3")
    monkeypatch.setattr(club_files, "ask_yes", lambda *a, **k: True)
    said = []
    monkeypatch.setattr(club_files, "show_message", lambda p, text, bad, **k: said.append(text))
    window.club.task = None
    window.club.act_restore.trigger()
    assert window.club.task is None  # nothing asked, nothing started
    assert said == ["Finish or leave the series at the table before a restore."]
