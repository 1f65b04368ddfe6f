"""The window's Club menu: the club desk for score sheets of real-table games (issue 25).

:class:`ClubMenu` holds the menu's actions and opens the desk
(:mod:`skat_desktop.gui.club_desk`) with every part plugged in: the entry row under an
open series' sheet (:mod:`~skat_desktop.gui.club_entry`), signing, reopening and the audit
trail on its toolbar, the season ranking and the players as tabs
(:mod:`~skat_desktop.gui.club_admin`), printing and files (:mod:`~skat_desktop.gui.club_print`,
:mod:`~skat_desktop.gui.club_files`).

The desk's modules are imported when a menu item is first used, not when the window is
built: start-up pays for none of them.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu, QMenuBar, QToolBar, QWidget

from skat_desktop.gui.i18n import OnLanguageChange

if TYPE_CHECKING:
    from skat_desktop.gui.club_desk import ClubWindow


class ClubMenu(QObject):
    """Club → Score sheets…, New club evening…, Season ranking…, Players…, and the
    files: export, import, backup, restore. ``window`` is the
    :class:`~skat_desktop.gui.main_window.MainWindow` (its store, writer and settings)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.menu: QMenu | None = None
        self.desk: ClubWindow | None = None

        def action(slot) -> QAction:
            a = QAction(self)
            a.triggered.connect(slot)
            return a

        self.act_sheets = action(lambda: self.open_desk())
        self.act_evening = action(self.new_evening)
        self.act_season = action(lambda: self.open_desk("season"))
        self.act_players = action(lambda: self.open_desk("players"))
        self.act_export = action(self.export)
        self.act_import = action(self.import_series)
        self.act_backup = action(self.backup)
        self.act_restore = action(self.restore)
        self.task: Any = None  # the last file task started (its progress and answer)

    def add_to(self, bar: QMenuBar, before: QAction | None) -> QMenu:
        """The Club menu, in ``bar`` before ``before`` (the Help menu)."""
        menu = QMenu(bar)
        self.menu = menu
        for a in (self.act_sheets, self.act_evening, self.act_season, self.act_players):
            menu.addAction(a)
        menu.addSeparator()
        for a in (self.act_export, self.act_import, self.act_backup, self.act_restore):
            menu.addAction(a)
        menu.aboutToShow.connect(self._enable)
        bar.insertMenu(before, menu)
        self.retranslate()
        return menu

    def retranslate(self) -> None:
        if self.menu is not None:
            self.menu.setTitle(self.tr("&Club"))
        self.act_sheets.setText(self.tr("&Score sheets…"))
        self.act_evening.setText(self.tr("&New club evening…"))
        self.act_season.setText(self.tr("Season &ranking…"))
        self.act_players.setText(self.tr("&Players…"))
        self.act_export.setText(self.tr("&Export…"))
        self.act_import.setText(self.tr("&Import…"))
        self.act_backup.setText(self.tr("&Back up the database…"))
        self.act_restore.setText(self.tr("Res&tore a backup…"))  # R: Season ranking
        self._enable()

    @Slot()
    def _enable(self) -> None:
        w = self.window
        can_write = bool(w.can_save) and w.writer is not None
        some = self._store_source() is not None
        why = self.tr("The database is not open for writing: nothing can be entered.")
        for a in (self.act_evening, self.act_import, self.act_restore):
            a.setEnabled(can_write)
            a.setToolTip("" if can_write else why)
        for a in (self.act_sheets, self.act_season, self.act_players, self.act_export):
            a.setEnabled(some)
        self.act_backup.setEnabled(some)

    # ------------------------------------------------------------------ files

    @Slot()
    def export(self) -> None:
        """Club → Export…: series as JSON, or a sheet as CSV."""
        from skat_desktop.gui.club_files import show_export_dialog

        desk = self.desk
        chosen = [desk.page.series_id] if desk is not None and desk.page.series_id else []
        self.task = show_export_dialog(self.window, self._store_source(), chosen)

    @Slot()
    def import_series(self) -> None:
        """Club → Import…: a JSON series export, checked whole before anything is written."""
        from skat_desktop.gui.club_files import import_series_json

        w = self.window
        if not w.can_save or w.writer is None:
            return
        self.task = task = import_series_json(w, w.writer)
        if task is not None:
            task.finished.connect(lambda ok, _m: ok and self._reread())

    @Slot()
    def backup(self) -> None:
        """Club → Back up the database…: a consistent copy while it stays in use."""
        from skat_desktop.gui.club_files import backup_database

        self.task = backup_database(self.window, self._store_source())

    @Slot()
    def restore(self) -> None:
        """Club → Restore a backup…: not while a series is played at the table (its next
        deal would be written into the restored sheets)."""
        from skat_desktop.gui.club_files import restore_database

        w = self.window
        if not w.can_save or w.writer is None:
            return
        if w._series_in_play() is not None:
            from skat_desktop.gui.club_files import show_message

            show_message(
                w, self.tr("Finish or leave the series at the table before a restore."), bad=True
            )
            return
        path = w.writer.path
        before: dict[str, int] = {}

        def ready() -> bool:
            if w._series_in_play() is not None:  # one began while the file was chosen
                return False
            w.writer.finish()  # every write of this window is in before the rows change
            before["inode"] = _inode(path)
            return True

        def done(restored: bool) -> None:
            if not restored:
                return
            if _inode(path) != before.get("inode"):
                # a damaged file was swapped for the backup: this window's connections
                # still see the old one, so it must not write there any more
                w._cannot_save(self.tr("the database file was replaced: start the program again"))
            self._reread()

        self.task = restore_database(w, path, ready, done)

    def _reread(self) -> None:
        """Everything shown from the database is read again (after an import or a
        restore): the side panel's views and the club desk."""
        w = self.window
        if w.store is not None:
            w._make_side_panels()
        if self.desk is not None:
            self.desk.refresh()  # its entry row too: the players and deal of the series
            for view in (
                getattr(self.desk, "season_view", None),
                getattr(self.desk, "players_view", None),
            ):
                if view is not None:
                    view.refresh()

    # ------------------------------------------------------------------ closing

    def may_close(self) -> bool:
        """Whether the program may close: a game on its way to the database is waited
        for; a game typed in the desk's entry row that the database does not have (not
        entered yet, or refused while another program held the lock) is not dropped
        without asking (No, the default, keeps the window open)."""
        desk = self.desk
        form = desk.typed_entry() if desk is not None else None
        if form is None:
            return True
        from skat_desktop.gui.club_files import ask_yes
        from skat_desktop.gui.game_words import fill

        ctx = form.context
        number = ctx.number if ctx is not None else 0
        title = ctx.info.title if ctx is not None else ""
        desk.show()
        desk.raise_()
        return ask_yes(
            desk,
            self.tr("Club desk"),
            fill(
                self.tr(
                    "Deal %1 of “%2” is typed in the club desk but not stored."
                    "\n\nClose the program and lose it?"
                ),
                number,
                title,
            ),
        )

    # ------------------------------------------------------------------ the desk

    def _store_source(self) -> Any:
        w = self.window
        if w.store is not None:
            return w.store
        return w.writer.path if w.writer is not None else None

    def open_desk(self, tab: str | None = None, series_id: int | None = None) -> ClubWindow | None:
        """Show the club desk (made at first use), on ``tab`` ("season", "players") or
        with the series ``series_id`` open."""
        from skat_desktop.gui.club_desk import show_club_window

        w = self.window
        writer = w.writer if w.can_save else None
        desk = show_club_window(w, self._store_source(), writer, setup=self._plug)
        self.desk = desk
        if desk is None:
            return None
        if tab is not None:
            page = getattr(desk, f"{tab}_view", None)
            if page is not None:
                desk.tabs.setCurrentWidget(page)
        if series_id is not None:
            desk.open_series(series_id)
        return desk

    def _plug(self, desk: ClubWindow) -> None:
        """Every part of the desk, in a new desk window."""
        from PySide6.QtWidgets import QVBoxLayout

        from skat_desktop.gui import club_admin, club_print
        from skat_desktop.gui.club_entry import CorrectionDialog, GameEntryForm

        w = self.window
        page = desk.page
        writer = page.writer if not page.read_only else None
        store = desk.store

        # the toolbar: sign, reopen, audit trail; correct a game; print and PDF
        admin = club_admin.SeriesAdmin(page, store, writer, w.settings)
        for a in (admin.sign_action, admin.reopen_action, admin.audit_action):
            page.add_action(a)
        admin.changed.connect(page.refresh)
        correct = QAction(page)
        correct.setEnabled(False)  # like its neighbours: only with a series open to correct
        correct.triggered.connect(lambda: self._correct(desk, CorrectionDialog))
        page.add_action(correct)
        desk.sheet_print = club_print.SeriesPrint(page)  # print, preview, PDF, CSV

        # the entry row under an open series' sheet, made anew for each series
        holder = QWidget(page)
        holder.setObjectName("ClubEntryHolder")
        box = QVBoxLayout(holder)
        box.setContentsMargins(0, 0, 0, 0)
        page.add_widget_below(holder)
        desk.entry_form = None

        def follow(series_id: object) -> None:
            header = page.header
            closed = bool(page.is_closed)
            admin.set_series(
                series_id if isinstance(series_id, int) else None,
                header.listing.title if header is not None else "",
                closed,
            )
            correct.setEnabled(  # once the series is known to be open (not while it is read)
                isinstance(series_id, int) and writer is not None and page.is_closed is False
            )
            form = desk.entry_form
            if form is not None and form.series_id == series_id:
                form.refresh()
                return
            if form is not None:
                form.hide()
                form.deleteLater()
                desk.entry_form = None
            if isinstance(series_id, int) and writer is not None:
                form = GameEntryForm(store, writer, series_id, parent=holder)
                form.entered.connect(page.refresh)
                form.entered.connect(lambda *_: desk.series_list.refresh())
                box.addWidget(form)
                desk.entry_form = form

        page.series_changed.connect(follow)
        club_admin.follow_name_clicks(page.sheet, store, desk)
        page.sheet.table.doubleClicked.connect(  # a game's line: correct that game
            lambda index: (
                correct.isEnabled()
                and _deal_at(page.sheet, index.row()) is not None
                and self._correct(desk, CorrectionDialog)
            )
        )

        def retranslate() -> None:
            correct.setText(self.tr("&Correct a game…"))

        retranslate()
        desk.installEventFilter(OnLanguageChange(desk, retranslate))

        # the season and the players
        desk.season_view = club_admin.SeasonView(store, desk)
        desk.add_tab(desk.season_view, club_admin.season_title)
        desk.season_print = club_print.SeasonPrint(desk.season_view, store)
        bar = QToolBar(desk.season_view)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.addActions(list(desk.season_print.actions))
        desk.season_view.layout().insertWidget(0, bar)
        desk.players_view = club_admin.PlayersView(store, writer, desk)
        desk.add_tab(desk.players_view, club_admin.players_title)
        for view in (desk.season_view, desk.players_view):
            desk.watch.watch(view)
            desk.watch.changed.connect(view.refresh)
            w.tableEvent.connect(view.table_event)
        desk.players_view.changed.connect(lambda *_: desk.refresh())
        desk.players_view.changed.connect(lambda *_: desk.season_view.refresh())
        desk.destroyed.connect(lambda *_: self._forget(desk))

    def _forget(self, desk: object) -> None:
        if self.desk is desk:
            self.desk = None

    def _correct(self, desk: ClubWindow, dialog_class: type) -> None:
        """Correct a game of the open series: the sheet's current line, else the last."""
        page = desk.page
        sid = page.series_id
        header = page.header
        if sid is None or header is None or page.writer is None:
            return
        number = _chosen_deal(page.sheet) or header.listing.deals
        if not number:
            return
        dialog = dialog_class(desk.store, page.writer, sid, number, desk)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            page.refresh()

    # ------------------------------------------------------------------ the evening

    def new_evening(self) -> None:
        """Club → New club evening…: the tables of one evening; their sheets open in the
        desk."""
        from skat_desktop.gui.club_entry import NewEveningDialog

        w = self.window
        if not w.can_save or w.writer is None:
            return
        dialog = NewEveningDialog(w.store, w.writer, w)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.series_ids:
                return
            ids = list(dialog.series_ids)
        finally:
            dialog.deleteLater()
        desk = self.open_desk(series_id=ids[0])
        if desk is not None:
            desk.refresh()


def _inode(path: Any) -> int | None:
    try:
        return os.stat(path).st_ino
    except OSError:
        return None


def _deal_at(sheet: Any, row: int) -> int | None:
    """The deal number of the sheet's line ``row`` (None for a total or a mark line)."""
    from skat_desktop.gui.sheet_view import VALUE_ROLE

    model = sheet.table.model()
    if row < 0 or row >= model.rowCount():
        return None
    value = model.index(row, 0).data(VALUE_ROLE)  # a number only on a game's line
    return value if isinstance(value, int) and value > 0 else None


def _chosen_deal(sheet: Any) -> int | None:
    """The deal of the sheet's current line, if it is a game's line."""
    index = sheet.table.currentIndex()
    return _deal_at(sheet, index.row()) if index.isValid() else None
