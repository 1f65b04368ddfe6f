"""The club's files from the menu: series as JSON, a sheet or a ranking as CSV, import, backup
and restore (issue 25, item 5).

Each function does what ``skat-desktop db export | import | sheet --csv | ranking --csv |
backup | restore`` does, through the same calls of :mod:`skat_desktop.app.exchange`, with
the same safety rules: an export or a backup is never written over the database (or its
``-wal``/``-shm``, or another database), a file is written whole or not at all, an import
is all or nothing in one transaction and a broken or hostile file is refused in one line
with the database unchanged, a restore validates the backup first and keeps the replaced
content as ``<database>.before-restore`` (``-2``, ``-3``, … never overwritten).

The work runs off the GUI thread: reading on a :class:`~skat_desktop.gui.store_worker.
StoreLoader` (its own read-only connection), an import's write through the window's
:class:`~skat_desktop.gui.store_worker.StoreWriter`, while a :class:`QProgressDialog` shows
that something is happening (the services report no progress, so it is indeterminate;
reading can be cancelled, a write cannot). Each function returns the :class:`ClubTask` it
started (``None`` when the player cancelled a file dialog or a question): its
``finished(ok, message)`` says how it went in one line, which also appears in a message box
(a failure, an import, a restore) or the window's status bar.
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QStandardPaths, Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QRadioButton,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from skat_desktop.app import exchange, statistics
from skat_desktop.app.statistics import StatsFilter
from skat_desktop.gui.club_admin import WriteRequest, failure_text, viewing_only_text
from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_words import fill, local_date
from skat_desktop.gui.series_list import SeriesListing
from skat_desktop.gui.store_worker import StoreLoader, StoreWriter, database_file, open_reader
from skat_desktop.store import files
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import Store

StoreSource = Store | str | Path
"""What a task reads: the window's store, or the database file (opened read-only)."""

_CONTEXT = "ClubFiles"
log = logging.getLogger(__name__)
PROGRESS_AFTER_MS = 400
"""A progress dialog appears only for work that takes longer than this."""
STATUS_MS = 10_000
"""How long a success stays in the window's status bar."""

_running: set[ClubTask] = set()  # tasks under way: kept alive until they have answered
_boxes: set[QMessageBox] = set()  # messages on screen


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _line(error: object) -> str:
    """An error in one line in the player's language, as every message here shows it (a
    failure the writer already worded is shown as it is)."""
    if isinstance(error, BaseException):
        return describe(error)
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""


def _alive(widget: QWidget | None) -> QWidget | None:
    """``widget`` if its C++ side still exists (a window may close while a task runs)."""
    return widget if widget is not None and shiboken6.isValid(widget) else None


def database_of(source: StoreSource | None) -> Path | None:
    """The database file behind ``source`` (``None``: an in-memory store or none)."""
    if source is None:
        return None
    if isinstance(source, Store):
        return database_file(source)
    return Path(source)


def show_message(parent: QWidget | None, text: str, bad: bool, title: str = "") -> QMessageBox:
    """A one-line message in a window-modal box that does not block (tests and the
    event loop go on); the text is shown as written (it may hold a file's name)."""
    icon = QMessageBox.Icon.Warning if bad else QMessageBox.Icon.Information
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, _alive(parent))
    box.setObjectName("ClubFilesMessage")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    _boxes.add(box)  # a box without a parent lives as long as Python holds it
    box.finished.connect(lambda _result: _boxes.discard(box))
    box.show()
    return box


def _status_bar(parent: QWidget | None) -> QStatusBar | None:
    """The status bar the parent's window already has (none is added to a window)."""
    parent = _alive(parent)
    if parent is None:
        return None
    window = parent.window()
    if not isinstance(window, QMainWindow):
        return None
    return window.findChild(QStatusBar)


# ---------------------------------------------------------------------- file dialogs


def _start_folder() -> Path:
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(documents) if documents else Path.home()
    return folder if folder.is_dir() else Path.home()


def file_name(*parts: str) -> str:
    """A file name made of a series' title and date: characters no file system takes, and
    leading dots, are left out."""
    text = " ".join(p.strip() for p in parts if p and p.strip())
    text = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", text)
    return " ".join(text.split()).lstrip(".")[:120] or "skat"


def ask_save_path(
    parent: QWidget | None, caption: str, suggested: str, filters: str, suffix: str
) -> Path | None:
    """The file to write, chosen by the player (Qt's dialog asks before replacing one);
    ``None`` if he cancelled. Tests replace this function."""
    dialog = QFileDialog(_alive(parent), caption, str(_start_folder() / suggested), filters)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setDefaultSuffix(suffix)
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    return Path(dialog.selectedFiles()[0])


def ask_open_path(parent: QWidget | None, caption: str, filters: str) -> Path | None:
    """An existing file to read, chosen by the player; ``None`` if he cancelled."""
    dialog = QFileDialog(_alive(parent), caption, str(_start_folder()), filters)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
        return None
    return Path(dialog.selectedFiles()[0])


def ask_yes(parent: QWidget | None, title: str, text: str) -> bool:
    """A question the player answers Yes or No (No is the default). Tests replace it."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        title,
        text,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        _alive(parent),
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


# --------------------------------------------------------------------------- the task


class ClubTask(QObject):
    """One piece of long work from the club menu, in steps that run off the GUI thread.

    :meth:`read` runs a Qt-free ``job(store, cancel)`` on a read-only connection of its
    own, :meth:`run` a store-free ``job(cancel)``, :meth:`write` a ``job(store)`` on the
    window's :class:`StoreWriter`; each hands its answer to the next step on the GUI
    thread. :meth:`succeed` or :meth:`fail` ends the task: ``finished(ok, message)`` (one
    line), ``ok``/``message`` keep it. A failure is also shown in a message box, a success
    in the window's status bar (or in a box, where the player must read it).

    While a step runs, a progress dialog appears after :data:`PROGRESS_AFTER_MS`; its
    Cancel drops a reading step's answer (a job that checks its cancel event stops before
    it writes anything). A write step cannot be cancelled.
    """

    finished = Signal(bool, str)

    def __init__(
        self,
        parent: QWidget | None,
        title: str,
        refuse: Callable[[str], str] | None = None,
        cancelled: str = "",
    ) -> None:
        super().__init__()
        self._parent = parent
        self.title = title
        self.refuse = refuse or (lambda reason: reason)
        self.cancelled_text = cancelled or QCoreApplication.translate(
            "ClubFiles", "Cancelled: nothing was written."
        )
        self.ok: bool | None = None
        self.message = ""
        self.answer: Any = None  # what the last step answered (an import: the new ids)
        self._cancellable = False
        self._next: Callable[[Any], None] | None = None
        self._progress: QProgressDialog | None = None
        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._answered)
        self._loader.failed.connect(self._failed)
        self._write: WriteRequest | None = None
        _running.add(self)

    @property
    def running(self) -> bool:
        return self.ok is None

    @property
    def parent_widget(self) -> QWidget | None:
        return _alive(self._parent)

    # the steps -------------------------------------------------------------------------

    def read(
        self,
        source: StoreSource,
        job: Callable[[Store, threading.Event], Any],
        then: Callable[[Any], None],
        label: str,
        cancellable: bool = True,
    ) -> None:
        """``job(reader, cancel)`` on a read-only connection to ``source`` off the GUI
        thread; ``then(answer)`` on the GUI thread."""
        self._next = then
        self._show_progress(label, cancellable)
        if isinstance(source, Store):
            self._loader.load(source, job)
            return
        path = Path(source)

        def work(cancel: threading.Event) -> Any:
            reader = open_reader(path)
            try:
                return job(reader, cancel)
            finally:
                reader.close()

        self._loader.run(work)

    def run(
        self,
        job: Callable[[threading.Event], Any],
        then: Callable[[Any], None],
        label: str,
        cancellable: bool = True,
    ) -> None:
        """A store-free ``job(cancel)`` off the GUI thread; ``then(answer)`` after it."""
        self._next = then
        self._show_progress(label, cancellable)
        self._loader.run(job)

    def write(
        self,
        writer: StoreWriter | None,
        job: Callable[[Store], Any],
        then: Callable[[Any], None],
        label: str,
    ) -> None:
        """``job(store)`` on the window's writer; ``then(answer)``, or a failure worded
        by :attr:`refuse` (a lock or a read-only file in the writer's own words)."""
        if writer is None:
            self.fail(self.refuse(viewing_only_text()))
            return
        self._show_progress(label, cancellable=False)
        self._write = WriteRequest(writer, self)

        def done(ok: bool, answer: object) -> None:
            if not self.running:
                return
            if ok:
                self._step(then, answer)
            elif getattr(answer, "busy", False) or getattr(answer, "read_only", False):
                self.fail(failure_text(answer))
            else:
                self.fail(self.refuse(_line(answer)))

        self._write.finished.connect(done)
        self._write.submit(job)

    # the end ---------------------------------------------------------------------------

    def succeed(self, message: str, box: bool = False) -> None:
        """The task is done; ``box``: the player must read the message (not only a status
        line), e.g. where a restore kept the old content."""
        if not self.running:
            return
        bar = _status_bar(self._parent)
        if box:
            show_message(self._parent, message, bad=False, title=self.title)
        elif bar is not None and message:
            bar.showMessage(message, STATUS_MS)
        self._end(True, message)

    def fail(self, message: str) -> None:
        """The task failed: one line in a message box; nothing was changed."""
        if not self.running:
            return
        show_message(self._parent, message, bad=True, title=self.title)
        self._end(False, message)

    def cancel(self) -> None:
        """Stop waiting for a reading step (its job stops before it writes anything)."""
        if not self.running:
            return
        self._loader.cancel()
        self._end(False, self.cancelled_text)

    def _end(self, ok: bool, message: str) -> None:
        self.ok = ok
        self.message = message
        self._close_progress()
        _running.discard(self)
        self.finished.emit(ok, message)

    # plumbing --------------------------------------------------------------------------

    @Slot(object)
    def _answered(self, answer: object) -> None:
        if not self.running or self._next is None:
            return
        then, self._next = self._next, None
        self._step(then, answer)

    def _step(self, then: Callable[[Any], None], answer: Any) -> None:
        """The next step, on the GUI thread; whatever it raises ends the task in one line
        (never a task left running with its progress dialog on screen)."""
        self.answer = answer
        try:
            then(answer)
        except (StoreError, OSError, ValueError) as e:
            self.fail(self.refuse(_line(e)))
        except Exception as e:
            log.exception("a step of %r failed", self.title)
            self.fail(self.refuse(_line(e)))

    @Slot(str)
    def _failed(self, message: str) -> None:
        if self.running:
            self.fail(self.refuse(message))

    def _show_progress(self, label: str, cancellable: bool) -> None:
        dialog = self._progress
        if dialog is None:
            dialog = QProgressDialog(self.parent_widget)
            dialog.setObjectName("ClubTaskProgress")
            dialog.setWindowTitle(self.title)
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.setRange(0, 0)  # the services give no progress: a busy bar
            dialog.setAutoClose(False)
            dialog.setAutoReset(False)
            dialog.setMinimumDuration(PROGRESS_AFTER_MS)
            dialog.setMinimumWidth(360)
            dialog.canceled.connect(self._progress_cancelled)
            self._progress = dialog
        dialog.setLabelText(label)
        if cancellable:
            dialog.setCancelButtonText(QCoreApplication.translate("QProgressDialog", "Cancel"))
        else:
            dialog.setCancelButton(None)  # type: ignore[arg-type]  # Qt takes a null button
        self._cancellable = cancellable
        dialog.setValue(0)

    def hide_progress(self) -> None:
        """Take the progress dialog down before the player is asked (a file, a printer):
        left up, its timer would show it over that dialog and block it."""
        self._close_progress()

    @Slot()
    def _progress_cancelled(self) -> None:
        if self._cancellable:
            self.cancel()

    def _close_progress(self) -> None:
        dialog, self._progress = self._progress, None
        if dialog is not None and shiboken6.isValid(dialog):
            with contextlib.suppress(RuntimeError):
                dialog.canceled.disconnect(self._progress_cancelled)
            dialog.reset()
            dialog.hide()
            dialog.deleteLater()


def _write_target(path: Path, database: Path | None) -> Path:
    """Refuse, before any work, a file that must not be written (the database itself, its
    logs, another database, a folder); the services refuse it again when they write."""
    files.refuse_database_target(path, [database])
    return path


# ---------------------------------------------------------------------------- exports


def _not_exported(reason: str) -> str:
    return fill(QCoreApplication.translate("ClubFiles", "Not exported: %1"), reason)


def _export_task(
    parent: QWidget | None, title: str, target: Path, database: Path | None
) -> ClubTask:
    """A task that writes ``target``; it has failed already (one line) when the file
    must not be written."""
    task = ClubTask(parent, title, _not_exported)
    try:
        _write_target(target, database)
    except StoreError as e:
        task.fail(_not_exported(_line(e)))
    return task


def export_series_json(
    parent: QWidget | None,
    source: StoreSource,
    series_ids: Sequence[int] | None = None,
    path: str | Path | None = None,
) -> ClubTask | None:
    """Write series as one JSON export (``db export IDS --out FILE``): ``series_ids``, or
    every series (oldest first) when ``None``. ``path`` ``None`` asks for the file."""
    title = QCoreApplication.translate("ClubFiles", "Export series")
    if path is None:
        suggested = (
            file_name(
                QCoreApplication.translate("ClubFiles", "Skat series"), date.today().isoformat()
            )
            + ".json"
        )
        path = ask_save_path(
            parent,
            title,
            suggested,
            QCoreApplication.translate("ClubFiles", "Series export (*.json)"),
            "json",
        )
        if path is None:
            return None
    target = Path(path)
    database = database_of(source)
    task = _export_task(parent, title, target, database)
    if not task.running:
        return task
    chosen = None if series_ids is None else list(series_ids)

    def job(store: Store, cancel: threading.Event) -> int:
        ids = [r["id"] for r in store.list_series()] if chosen is None else chosen
        if not ids:
            raise exchange.ExchangeError("there is no series to export")
        document = exchange.export_series(store, ids)
        if cancel.is_set():
            return 0
        exchange.write_export(document, target, [database])
        return len(document["series"])

    def written(count: int) -> None:
        task.succeed(
            fill(
                QCoreApplication.translate("ClubFiles", "Exported %1 series to %2."),
                count,
                target.name,
            )
        )

    task.read(
        source, job, written, QCoreApplication.translate("ClubFiles", "Exporting the series…")
    )
    return task


def export_sheet_csv(
    parent: QWidget | None,
    source: StoreSource,
    series_id: int,
    path: str | Path | None = None,
    title: str = "",
) -> ClubTask | None:
    """Write a series' score sheet as CSV (``db sheet ID --csv FILE``); ``title`` names
    the file the dialog suggests."""
    caption = QCoreApplication.translate("ClubFiles", "Export the score sheet")
    if path is None:
        suggested = file_name(
            title or fill(QCoreApplication.translate("ClubFiles", "Score sheet %1"), series_id)
        )
        path = ask_save_path(
            parent,
            caption,
            suggested + ".csv",
            QCoreApplication.translate("ClubFiles", "CSV (*.csv)"),
            "csv",
        )
        if path is None:
            return None
    target = Path(path)
    database = database_of(source)
    task = _export_task(parent, caption, target, database)
    if not task.running:
        return task

    def job(store: Store, cancel: threading.Event) -> None:
        rows = exchange.sheet_csv_rows(store, series_id)
        if not cancel.is_set():
            exchange.write_csv(rows, target, [database])

    task.read(
        source,
        job,
        lambda _: task.succeed(
            fill(QCoreApplication.translate("ClubFiles", "Score sheet written to %1."), target.name)
        ),
        QCoreApplication.translate("ClubFiles", "Exporting the score sheet…"),
    )
    return task


def export_ranking_csv(
    parent: QWidget | None,
    source: StoreSource,
    date_from: str | None = None,
    date_to: str | None = None,
    profile: str | None = None,
    method: str = "seeger_fabian",
    path: str | Path | None = None,
) -> ClubTask | None:
    """Write the season ranking as CSV (``db ranking [--from D] [--to D] [--profile P]
    --method M --csv FILE``)."""
    caption = QCoreApplication.translate("ClubFiles", "Export the ranking")
    if path is None:
        suggested = (
            file_name(
                QCoreApplication.translate("ClubFiles", "Season ranking"),
                date_from or "",
                date_to or "",
            )
            + ".csv"
        )
        path = ask_save_path(
            parent,
            caption,
            suggested,
            QCoreApplication.translate("ClubFiles", "CSV (*.csv)"),
            "csv",
        )
        if path is None:
            return None
    target = Path(path)
    database = database_of(source)
    task = _export_task(parent, caption, target, database)
    if not task.running:
        return task
    flt = StatsFilter(profile, date_from, date_to)

    def job(store: Store, cancel: threading.Event) -> None:
        rows = statistics.season_ranking(store, flt, method=method)
        if not cancel.is_set():
            exchange.write_csv(statistics.ranking_csv_rows(rows), target, [database])

    task.read(
        source,
        job,
        lambda _: task.succeed(
            fill(QCoreApplication.translate("ClubFiles", "Ranking written to %1."), target.name)
        ),
        QCoreApplication.translate("ClubFiles", "Exporting the ranking…"),
    )
    return task


# ----------------------------------------------------------------------------- import


def _not_imported(reason: str) -> str:
    return fill(
        QCoreApplication.translate("ClubFiles", "Not imported, nothing was changed: %1"), reason
    )


def import_series_json(
    parent: QWidget | None, writer: StoreWriter | None, path: str | Path | None = None
) -> ClubTask | None:
    """Import a JSON series export (``db import FILE``) into the writer's database.

    The file is read and parsed off the GUI thread (cancellable), then imported by the
    window's writer in one transaction: a file that is not JSON, has the wrong shape,
    holds numbers or nesting beyond the limits, or a series the engine refuses changes
    nothing and is told in one line. ``task.answer`` holds the new series' ids."""
    title = QCoreApplication.translate("ClubFiles", "Import series")
    if path is None:
        path = ask_open_path(
            parent,
            title,
            QCoreApplication.translate("ClubFiles", "Series export (*.json);;All (*)"),
        )
        if path is None:
            return None
    source = Path(path)
    task = ClubTask(
        parent,
        title,
        _not_imported,
        QCoreApplication.translate("ClubFiles", "Cancelled: nothing was imported."),
    )
    if writer is None:
        task.fail(_not_imported(viewing_only_text()))
        return task

    def imported(ids: list[int]) -> None:
        task.succeed(
            fill(
                QCoreApplication.translate("ClubFiles", "Imported %1 series from %2."),
                len(ids),
                source.name,
            ),
            box=True,
        )

    def parsed(document: Any) -> None:
        task.write(
            writer,
            lambda store: exchange.import_series(store, document),
            imported,
            QCoreApplication.translate("ClubFiles", "Importing the series…"),
        )

    task.run(
        lambda cancel: exchange.read_export(source),
        parsed,
        fill(QCoreApplication.translate("ClubFiles", "Reading %1…"), source.name),
    )
    return task


# ---------------------------------------------------------------------- backup/restore


def _no_backup(reason: str) -> str:
    return fill(QCoreApplication.translate("ClubFiles", "No backup written: %1"), reason)


def backup_database(
    parent: QWidget | None, source: StoreSource | None, path: str | Path | None = None
) -> ClubTask | None:
    """Write a consistent copy of the database while it stays in use (``db backup
    FILE``): never over the database, a database in use or a copy a restore kept."""
    title = QCoreApplication.translate("ClubFiles", "Back up the database")
    database = database_of(source)
    if source is None or database is None:
        task = ClubTask(parent, title, _no_backup)
        task.fail(
            _no_backup(
                QCoreApplication.translate("ClubFiles", "there is no database file to back up.")
            )
        )
        return task
    if path is None:
        suggested = file_name(
            database.stem,
            QCoreApplication.translate("ClubFiles", "backup"),
            date.today().isoformat(),
        )
        path = ask_save_path(
            parent,
            title,
            suggested + ".sqlite3",
            QCoreApplication.translate("ClubFiles", "Skat database (*.sqlite3 *.db)"),
            "sqlite3",
        )
        if path is None:
            return None
    target = Path(path)
    task = ClubTask(parent, title, _no_backup)

    def job(store: Store, cancel: threading.Event) -> Path:
        return exchange.backup(store, target)

    # one copy in one step: it cannot be stopped halfway, so Cancel is not offered
    task.read(
        source,
        job,
        lambda dest: task.succeed(
            fill(QCoreApplication.translate("ClubFiles", "Backup written to %1."), dest)
        ),
        QCoreApplication.translate("ClubFiles", "Writing the backup…"),
        cancellable=False,
    )
    return task


def _not_restored(reason: str) -> str:
    return fill(QCoreApplication.translate("ClubFiles", "Not restored: %1"), reason)


def restore_database(
    parent: QWidget | None,
    database: str | Path | None,
    before_restore: Callable[[], bool | None],
    after_restore: Callable[[bool], None],
    path: str | Path | None = None,
) -> ClubTask | None:
    """Replace the database's content by a checked backup (``db restore FILE``), after
    the player confirmed it.

    How it works while this program has the database open: :func:`exchange.restore
    <skat_desktop.app.exchange.restore>` validates a private copy of the backup, then --
    for a database that opens -- replaces every table's rows *in place* in one write
    transaction on the live file (after copying the committed content to
    ``<database>.before-restore[-n]``). The window's connections (its store, the writer's,
    the loaders') stay valid and see the new content at once; only a database that cannot
    be opened (damaged) is swapped for the copy as a new file, and connections still open
    then read the old, kept file. The restore waits at most two seconds for a write in
    progress and otherwise changes nothing.

    So the window must stop writing and forget what it holds of the old content, and
    afterwards read everything again -- the caller's part, through two callbacks on the
    GUI thread (this function closes nothing itself):

    * ``before_restore()`` once the player confirmed, before anything is touched: finish
      the writer's jobs (``StoreWriter.finish()``), keep a table in play from writing its
      next deal; returning ``False`` refuses the restore (nothing happens then, and
      ``after_restore`` is not called);
    * ``after_restore(restored)`` once the restore has ended, in every case (``restored``
      False: it failed and nothing changed): reopen the store, the writer and every
      view's store (needed after a damaged file was swapped) and read again.
    """
    title = QCoreApplication.translate("ClubFiles", "Restore a backup")
    target = Path(database) if database is not None else None
    if target is None:
        task = ClubTask(parent, title, _not_restored)
        task.fail(
            _not_restored(
                QCoreApplication.translate(
                    "ClubFiles", "there is no database file to restore into."
                )
            )
        )
        return task
    if path is None:
        path = ask_open_path(
            parent,
            title,
            QCoreApplication.translate("ClubFiles", "Skat database (*.sqlite3 *.db);;All (*)"),
        )
        if path is None:
            return None
    backup_file = Path(path)
    question = fill(
        QCoreApplication.translate(
            "ClubFiles",
            "Replace the whole database %1 with the backup %2?\n\n"
            "Everything entered since the backup was made is replaced. The present content is"
            " kept beside the database as %3 (or a name like it).",
        ),
        target.name,
        backup_file.name,
        exchange.kept_name(target).name,
    )
    if not ask_yes(parent, title, question):
        return None
    task = ClubTask(parent, title, _not_restored)
    try:
        ready = before_restore()
    except Exception as e:  # the window could not get ready: nothing was touched
        task.fail(_not_restored(_line(e)))
        after_restore(False)
        return task
    if ready is False:
        task.fail(
            _not_restored(
                QCoreApplication.translate("ClubFiles", "the database is still in use here.")
            )
        )
        return task
    notes: list[str] = []

    def job(cancel: threading.Event) -> Path | None:
        return exchange.restore(backup_file, target, tell=notes.append)

    def restored(kept: Path | None) -> None:
        message = fill(QCoreApplication.translate("ClubFiles", "Restored %1."), backup_file.name)
        if notes:
            message = " ".join([message, *notes])
        elif kept is not None:
            message = fill(
                QCoreApplication.translate(
                    "ClubFiles", "Restored %1; the previous content is kept as %2."
                ),
                backup_file.name,
                kept,
            )
        try:
            after_restore(True)
        finally:
            task.succeed(message, box=True)

    def ended(ok: bool, message: str) -> None:
        if not ok:
            after_restore(False)

    task.finished.connect(ended)
    task.run(
        job,
        restored,
        QCoreApplication.translate("ClubFiles", "Restoring the backup…"),
        cancellable=False,
    )
    return task


# ----------------------------------------------------------------------- export dialog


class ExportDialog(QDialog):
    """Choose what to export from the Club menu: every series or the chosen ones, as a
    JSON series export (for an import elsewhere), or one series' score sheet as CSV.

    The list is read off the GUI thread; ``export(path=None)`` starts the export (asking
    for the file when ``path`` is ``None``) and keeps its task as ``task``."""

    loaded = Signal()

    def __init__(
        self, source: StoreSource, chosen: Iterable[int] = (), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ClubExportDialog")
        self._source = source
        self._chosen = set(chosen)
        self._failure = ""
        self.task: ClubTask | None = None
        self.series: tuple[SeriesListing, ...] = ()
        self._loader = StoreLoader(self)
        self._loader.loaded.connect(self._show)
        self._loader.failed.connect(self._fail)

        self.all_button = QRadioButton(self)
        self.chosen_button = QRadioButton(self)
        group = QButtonGroup(self)
        group.addButton(self.all_button)
        group.addButton(self.chosen_button)
        self.series_list = QListWidget(self)
        self.series_list.setMinimumSize(420, 220)
        self.format_label = QLabel(self)
        self.format_box = QComboBox(self)
        self.format_box.addItems(["", ""])
        self.format_label.setBuddy(self.format_box)
        self.status = QLabel(self)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(self)
        self.export_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.all_button)
        layout.addWidget(self.chosen_button)
        layout.addWidget(self.series_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.format_label)
        row.addWidget(self.format_box, 1)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)

        (self.chosen_button if self._chosen else self.all_button).setChecked(True)
        self.all_button.toggled.connect(self._enable)
        self.series_list.itemChanged.connect(self._item_changed)
        self.format_box.currentIndexChanged.connect(self._enable)
        self._retranslate()

        if isinstance(source, Store):
            self._loader.load(source, _read_listing)
        else:
            path = Path(source)

            def work(cancel: threading.Event) -> tuple[SeriesListing, ...]:
                reader = open_reader(path)
                try:
                    return _read_listing(reader, cancel)
                finally:
                    reader.close()

            self._loader.run(work)
        self._enable()

    def chosen_ids(self) -> list[int]:
        """The series ticked in the list, in its order."""
        out = []
        for i in range(self.series_list.count()):
            item = self.series_list.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def set_chosen(self, ids: Iterable[int]) -> None:
        """Tick exactly ``ids`` and export the chosen series."""
        wanted = set(ids)
        for i in range(self.series_list.count()):
            item = self.series_list.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.chosen_button.setChecked(True)

    def set_csv(self, csv: bool) -> None:
        self.format_box.setCurrentIndex(1 if csv else 0)

    def export(self, path: str | Path | None = None) -> ClubTask | None:
        """Start the export of what is chosen; the dialog closes once it has started."""
        if not self.export_button.isEnabled():
            return None
        ids = None if self.all_button.isChecked() else self.chosen_ids()
        parent = self.parentWidget()
        if self.format_box.currentIndex() == 1:
            (sid,) = self.chosen_ids()
            title = next((s.title + " " + s.date for s in self.series if s.id == sid), "")
            task = export_sheet_csv(parent, self._source, sid, path, title=title)
        else:
            task = export_series_json(parent, self._source, ids, path)
        if task is None:
            return None  # the file dialog was cancelled: the choice stays
        self.task = task
        self.accept()
        return task

    def _show(self, listing: tuple[SeriesListing, ...]) -> None:
        self.series = listing
        self.series_list.blockSignals(True)
        self.series_list.clear()
        for s in listing:
            text = f"{local_date(s.date)}  {s.title} — {', '.join(s.players)}"
            item = QListWidgetItem(text, self.series_list)
            item.setData(Qt.ItemDataRole.UserRole, s.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = s.id in self._chosen
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.series_list.blockSignals(False)
        self._fit_list()
        self._retranslate()
        self._enable()
        self.loaded.emit()

    def _fit_list(self) -> None:
        """The list as wide as its longest line (date, title, players), up to two thirds
        of the screen: a name cut off at the edge is not a series one can recognise."""
        view = self.series_list
        screen = self.screen() or QGuiApplication.primaryScreen()
        most = screen.availableGeometry().width() * 2 // 3 if screen is not None else 800
        frame = 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width() + 8
        want = view.sizeHintForColumn(0) + frame
        view.setMinimumWidth(max(420, min(want, most)))

    def _fail(self, message: str) -> None:
        self._failure = fill(self.tr("The series cannot be read: %1"), message)
        self._enable()

    def _item_changed(self, item: QListWidgetItem) -> None:
        if item.checkState() == Qt.CheckState.Checked:
            self.chosen_button.setChecked(True)
        self._enable()

    def _enable(self) -> None:
        chosen = self.chosen_ids()
        every = self.all_button.isChecked()
        csv = self.format_box.currentIndex() == 1
        if self._failure:
            why = self._failure
        elif self._loader.busy:
            why = self.tr("Reading the series…")
        elif not self.series:
            why = self.tr("There is no series to export.")
        elif csv and (every or len(chosen) != 1):
            why = self.tr("A score sheet as CSV is one series: tick exactly one.")
        elif not every and not chosen:
            why = self.tr("Tick the series to export.")
        else:
            why = ""
        self.status.setText(why)
        self.export_button.setEnabled(not why)

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Export"))
        self.all_button.setText(fill(self.tr("&All series (%1)"), len(self.series)))
        self.chosen_button.setText(self.tr("&Chosen series"))
        self.format_label.setText(self.tr("&Format:"))
        self.format_box.setItemText(0, self.tr("JSON: complete series, to import elsewhere"))
        self.format_box.setItemText(1, self.tr("CSV: one score sheet, for a spreadsheet"))
        self.export_button.setText(self.tr("&Export…"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "export_button"):
            self._retranslate()
            self._enable()
        super().changeEvent(event)


def _read_listing(store: Store, cancel: threading.Event | None = None) -> tuple[SeriesListing, ...]:
    """Every series, newest first, as the series list shows it (Qt-free)."""
    return tuple(SeriesListing.of(r) for r in store.series_overview())


def show_export_dialog(
    parent: QWidget | None, source: StoreSource, chosen: Iterable[int] = ()
) -> ExportDialog:
    """The Club menu's Export…: the dialog, open (window-modal, not blocking)."""
    dialog = ExportDialog(source, chosen, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
