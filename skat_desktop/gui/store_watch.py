"""Noticing that another program (the shell's ``skat-desktop db …``, a second window) or
another connection wrote to the database file, so the views that show it read it again.

SQLite counts the commits of *other* connections in ``PRAGMA data_version``: a
:class:`StoreWatch` keeps a read-only connection of its own and asks it on a timer while a
view that shows the database is visible. The question is answered from the file's header
(its write-ahead log's index), costs microseconds and never waits for a lock (a busy answer
is asked again at the next tick). Because every connection but its own counts, the writes
of this program's :class:`~skat_desktop.gui.store_worker.StoreWriter` are noticed too; a
view that wrote something itself still refreshes at once (the entry form's ``entered``).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer, Signal, Slot
from PySide6.QtWidgets import QWidget

from skat_desktop.gui.store_worker import database_file
from skat_desktop.store.database import is_busy
from skat_desktop.store.repository import Store

log = logging.getLogger(__name__)

POLL_MS = 1000
"""How often the file is asked while a watching view is visible."""


class StoreWatch(QObject):
    """Emits ``changed()`` when the database file was written by another connection.

    ``watch(widget)``: poll while ``widget`` (or another watched one) is visible, and look
    once at once when it is shown again (what changed while it was hidden). A store
    without a file (in memory) has nobody else writing to it: nothing is watched.
    """

    changed = Signal()

    def __init__(
        self,
        store: Store | str | Path | None,
        parent: QObject | None = None,
        interval_ms: int = POLL_MS,
    ) -> None:
        super().__init__(parent)
        if isinstance(store, Store):
            self._path = database_file(store)
        else:
            self._path = Path(store) if store is not None else None
        self._conn: sqlite3.Connection | None = None
        self._version: int | None = None
        self._file: tuple[int, int] | None = None  # the file asked (device, inode)
        self._lost = False  # the connection was dropped: its successor reports a change
        self._watched: list[QWidget] = []
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def active(self) -> bool:
        """Whether the timer is asking the file now."""
        return self._timer.isActive()

    def watch(self, widget: QWidget) -> None:
        """Poll while ``widget`` is visible (with the others watched)."""
        if widget not in self._watched:
            self._watched.append(widget)
            widget.installEventFilter(self)
            widget.destroyed.connect(lambda _=None, w=widget: self._forget(w))
        self._follow_visibility()

    def _forget(self, widget: QWidget) -> None:
        with contextlib.suppress(ValueError):
            self._watched.remove(widget)
        self._follow_visibility()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            QTimer.singleShot(0, self, self._follow_visibility)  # once the change is done
        return super().eventFilter(watched, event)

    @Slot()
    def _follow_visibility(self) -> None:
        visible = False
        for w in list(self._watched):
            try:
                visible = visible or w.isVisible()
            except RuntimeError:  # its C++ side is gone
                self._watched.remove(w)
        if visible and self._path is not None and not self._timer.isActive():
            self._timer.start()
            self.check()  # what changed while nobody looked
        elif not visible and self._timer.isActive():
            self._timer.stop()

    @Slot()
    def check(self) -> bool:
        """Ask the file once; emits ``changed`` (and answers True) when another connection
        committed since the last time. The first answer only sets the mark."""
        version = self._data_version()
        if version is None:
            return False
        before, self._version = self._version, version
        lost, self._lost = self._lost, False
        if lost or (before is not None and version != before):
            self.changed.emit()
            return True
        return False

    def _identity(self) -> tuple[int, int] | None:
        try:
            st = self._path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _data_version(self) -> int | None:
        if self._path is None:
            return None
        identity = self._identity()
        if identity is None:
            return None  # never create the file: it may come later
        if self._conn is not None and identity != self._file:
            self._drop_connection()  # another file in its place (a restore): all anew
        try:
            if self._conn is None:
                uri = self._path.resolve().as_uri() + "?mode=ro"
                self._conn = sqlite3.connect(uri, uri=True, isolation_level=None)
                self._conn.execute("PRAGMA busy_timeout=0")  # the GUI thread never waits
                self._conn.execute("PRAGMA query_only=1")
                self._file = identity
            return int(self._conn.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as e:
            if not is_busy(e):  # busy: asked again at the next tick
                log.debug("the database cannot be watched now: %s", e)
                self._drop_connection()
            return None

    def _drop_connection(self) -> None:
        """Close the connection; its successor's first answer counts as a change (what
        happened in between is not known)."""
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
            self._lost = self._version is not None
            self._version = None

    def close(self) -> None:
        """Stop watching and close the connection."""
        self._timer.stop()
        self._drop_connection()
        self._lost = False
