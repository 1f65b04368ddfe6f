"""Database work off the GUI thread: reads on their own read-only connections
(:class:`StoreLoader`), writes in order on one writer connection (:class:`StoreWriter`).

A :class:`~skat_desktop.store.repository.Store` belongs to the thread that opened it, so a
job never touches the GUI's store: it opens the same file again (read-only, so it neither
migrates nor locks anything), runs a Qt-free function on it and hands the answer back to the
GUI thread through a queued signal. Only the newest job of a :class:`StoreLoader` counts: an
answer that arrives after a newer request (the player changed a filter meanwhile) is dropped.

Workers report to one dispatcher object that lives as long as the application, never to the
widget itself, so a view closed while its job is still running cannot be called after it is
gone (the Anki "operations" pattern: the job never touches widgets).

The GUI thread never waits for another program's lock: its own connection has no busy
timeout (:data:`GUI_BUSY_MS`), and whatever needs the lock (opening a database that must
be set up, creating a series, writing a finished deal) is tried on the writer's thread,
each try waiting at most :data:`WAIT_MS` for the lock (the writer's connection never
waits longer, so closing the window is never held up for long), and tried again by the
caller while the answer is a :class:`Failure` with ``busy`` set or a
:class:`DealsWritten` with ``busy``.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import sqlite3
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QThreadPool, Signal, Slot
from sqlite_utils import Database

from skat_desktop.app.table import DealsStored, StoreOutcome, StoreWrite
from skat_desktop.engine.entry import ImpossibleEntry
from skat_desktop.engine.errors import SkatError
from skat_desktop.gui.errors import describe
from skat_desktop.gui.game_words import entry_refusal, fill
from skat_desktop.store.database import (
    READ_ONLY,
    DatabaseBusy,
    StoreError,
    check_same_file,
    file_fault,
    is_busy,
    moved_away,
    open_database,
)
from skat_desktop.store.repository import Store

log = logging.getLogger(__name__)

StoreJob = Callable[[Store, threading.Event], Any]
"""A Qt-free function of a store and a cancel event; its return value is the answer."""

GUI_BUSY_MS = 0
"""The GUI thread's connection never waits for a lock another program holds."""
FINISH_ROUNDS = 4
"""How many rounds of answers and the jobs they queue :meth:`StoreWriter.finish` waits for."""
WAIT_MS = 500
"""How long one try on the writer's thread waits for such a lock (SQLite keeps trying
meanwhile); the caller tries again after a pause while the lock is held."""


def database_file(store: Store) -> Path | None:
    """The file behind ``store``, or ``None`` for an in-memory or temporary database."""
    for _, name, file in store.conn.execute("PRAGMA database_list"):
        if name == "main":
            return Path(file) if file else None
    return None


def open_reader(path: Path) -> Store:
    """A second, read-only connection to the database file at ``path`` for this thread."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("PRAGMA query_only=1")
    except sqlite3.Error as e:
        raise StoreError(f"cannot read {path}: {e}") from None
    return Store(Database(conn))


def _generic() -> tuple[str, ...]:
    """:func:`describe`'s sentences for an error it has no words for."""
    return (
        QCoreApplication.translate(
            "Errors", "The database cannot do that now; the details are in the log."
        ),
        QCoreApplication.translate("Errors", "That did not work; the details are in the log."),
    )


def worded(e: BaseException) -> str:
    """A refusal in the player's language (:func:`describe`, a refused entry by
    :func:`entry_refusal`); one without a code keeps its own sentence, which says more
    than describe's "see the log"."""
    if isinstance(e, ImpossibleEntry):
        return entry_refusal(e)
    text = describe(e)
    if text in _generic():
        return str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return text


def _message(e: BaseException) -> str:
    """One sentence a player can read; programming errors are logged with their trace."""
    if isinstance(e, StoreError | SkatError | sqlite3.Error | ValueError | OSError):
        return worded(e)
    log.exception("a background job failed", exc_info=e)
    return fill(
        QCoreApplication.translate("StoreLoader", "Unexpected error: %1"),
        f"{type(e).__name__}: {e}",
    )


class Failure(str):
    """A job's failure in one line (it compares and prints as its message).

    ``busy``: another program held the database's lock, so trying again later may work;
    ``read_only``: the file cannot be written (it can still be viewed); ``fault``: what
    must be done to the file before a write can work
    (:func:`~skat_desktop.store.database.file_fault`)."""

    busy: bool = False
    fault: str | None = None

    @property
    def read_only(self) -> bool:
        return self.fault == READ_ONLY

    @classmethod
    def of(cls, e: BaseException) -> Failure:
        failure = cls(_message(e))
        failure.busy = _lock_held(e)
        failure.fault = file_fault(e)
        return failure


@contextlib.contextmanager
def brief_wait(store: Store, msecs: int = WAIT_MS):
    """Within this block ``store`` waits at most ``msecs`` for another program's lock (one
    try of a retried job), then its patience from before again."""
    before = store.conn.execute("PRAGMA busy_timeout").fetchone()[0]
    store.conn.execute(f"PRAGMA busy_timeout={int(msecs)}")
    try:
        yield
    finally:
        with contextlib.suppress(sqlite3.Error):
            store.conn.execute(f"PRAGMA busy_timeout={int(before)}")


def never_wait(store: Store) -> Store:
    """``store`` for the GUI thread: a locked database answers at once (busy) instead of
    freezing the window for the busy timeout."""
    store.conn.execute(f"PRAGMA busy_timeout={GUI_BUSY_MS}")
    return store


def open_for_gui(path: Path) -> Store:
    """Open the database for the GUI thread, here on a worker thread (a job of the
    :class:`StoreWriter`, whose own connection has set the file up already); the
    connection is handed over, and never waits for a lock there."""
    return never_wait(Store(open_database(path, busy_ms=WAIT_MS, check=False)))


def _lock_held(e: BaseException) -> bool:
    return isinstance(e, DatabaseBusy) or is_busy(e)


def _read_only(answer: object) -> bool:
    """Whether a writer job's answer says the file cannot be written (a deal's write,
    a series' creation with its deals, or a failure)."""
    if isinstance(answer, tuple) and answer:
        answer = answer[-1]
    if isinstance(answer, DealsWritten):
        return answer.outcome.fault == READ_ONLY
    return isinstance(answer, Failure) and answer.read_only


def not_stored_text(number: int | None, detail: str) -> str:
    """Why a write failed, in the player's language: deal ``number`` could not be stored,
    or (``None``: no deal was at stake) the table's snapshot for later."""
    if number is not None:
        text = QCoreApplication.translate("StoreWriter", "deal %1 could not be stored: %2")
        return fill(text, number, detail)
    text = QCoreApplication.translate("StoreWriter", "the table could not be saved for later: %1")
    return fill(text, detail)


class _NotStored(Exception):
    """A deal the database refused (not for a lock): its transaction is rolled back.
    ``outcome``: the step's, with its error (and whether the database was replaced)."""

    def __init__(self, outcome: StoreOutcome) -> None:
        super().__init__(outcome.error)
        self.outcome = outcome


class DealsWritten:
    """How a writer job with finished deals went: ``outcome`` as
    :meth:`StoreWrite.run <skat_desktop.app.table.StoreWrite.run>` gives it, and ``busy``
    (one line) when another program's lock stopped it before the rest: no failure, the
    rest is tried again later, in order."""

    __slots__ = ("busy", "outcome")

    def __init__(self, outcome: StoreOutcome, busy: str | None = None) -> None:
        self.outcome = outcome
        self.busy = busy


def write_deals(store: Store, write: StoreWrite) -> DealsWritten:
    """Run ``write``'s steps in order (:meth:`StoreWrite.steps`: each deal, the table's
    snapshot with the last one or alone), each in a transaction of its own that takes the
    lock first: a lock another program holds is told apart from a refused deal (which
    ``StoreWrite.run`` would only describe) and stops the write without an error. A deal
    the database has already is skipped, so a try again never writes one twice. The
    outcome says ``live`` once the snapshot is in, so the table knows it is kept."""
    written = 0
    for step in write.steps():
        try:
            # DatabaseBusy here, before anything is written; the table alone (no deal)
            # is scratch state that needs no flush to the disk
            with store.transaction(durable=bool(step.deals)):
                outcome = step.run(store)
                if outcome.error is not None:
                    raise _NotStored(outcome)  # rolls the step's rows back
        except _NotStored as e:
            error, replaced, fault = e.outcome.error, e.outcome.replaced, e.outcome.fault
            return DealsWritten(StoreOutcome(written, error, replaced=replaced, fault=fault))
        except Exception as e:
            if _lock_held(e):
                return DealsWritten(StoreOutcome(written), Failure.of(e))
            fault = file_fault(e)  # the file became read-only, or was moved away
            if fault is not None:
                line = worded(e)
            else:
                line = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            number = step.deals[0][1] if step.deals else None
            return DealsWritten(StoreOutcome(written, not_stored_text(number, line), fault=fault))
        written += len(step.deals)
    return DealsWritten(StoreOutcome(written, live=write.live is not None))


class _Dispatcher(QObject):
    """Receives every worker's answer on the GUI thread and passes it to a living loader."""

    answered = Signal(int, int, bool, object)  # loader key, ticket, ok, answer or message

    def __init__(self) -> None:
        super().__init__(QCoreApplication.instance())
        self.loaders: weakref.WeakValueDictionary[int, StoreLoader] = weakref.WeakValueDictionary()
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(max(2, QThreadPool.globalInstance().maxThreadCount()))
        self.answered.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._next_key = 0

    def register(self, loader: StoreLoader) -> int:
        self._next_key += 1
        self.loaders[self._next_key] = loader
        return self._next_key

    @Slot(int, int, bool, object)
    def _deliver(self, key: int, ticket: int, ok: bool, answer: object) -> None:
        loader = self.loaders.get(key)
        if loader is not None:
            with contextlib.suppress(RuntimeError):  # its C++ side went with its view
                loader._receive(ticket, ok, answer)


_dispatcher: _Dispatcher | None = None


def _the_dispatcher() -> _Dispatcher:
    global _dispatcher
    if _dispatcher is None:
        _dispatcher = _Dispatcher()
    return _dispatcher


def wait_for_jobs(msecs: int = 30_000) -> bool:
    """Block until every background job of the views has finished (tests, scripts, exit)."""
    if _dispatcher is None:
        return True
    return _dispatcher.pool.waitForDone(msecs)


class StoreLoader(QObject):
    """Runs one kind of read for one view, off the GUI thread; the newest request wins.

    ``loaded(answer)`` and ``failed(message)`` arrive on the GUI thread, for the newest
    request only. ``busy_changed(bool)`` says whether a request is outstanding.
    """

    loaded = Signal(object)
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._dispatcher = _the_dispatcher()
        self._key = self._dispatcher.register(self)
        self._ticket = 0
        self._cancel = threading.Event()
        self._busy = False

    @property
    def busy(self) -> bool:
        return self._busy

    def load(self, store: Store | None, job: StoreJob) -> None:
        """Run ``job(reader, cancel)`` on a worker thread with its own connection to ``store``.

        A store without a file (in memory) cannot be opened twice: its job runs on this
        thread instead, and its answer still arrives through the queued signal.
        """
        ticket, cancel = self._start()
        dispatcher = self._dispatcher
        key = self._key
        path = database_file(store) if store is not None else None
        if store is None or path is None:
            try:
                answer, ok = job(store, cancel), True
            except Exception as e:  # reported in the view as one line, never raised
                answer, ok = _message(e), False
            dispatcher.answered.emit(key, ticket, ok, answer)
            return

        def work() -> None:
            try:
                reader = open_reader(path)
                try:
                    answer, ok = job(reader, cancel), True
                finally:
                    reader.close()
            except Exception as e:  # reported in the view as one line, never raised
                answer, ok = _message(e), False
            if not cancel.is_set():
                dispatcher.answered.emit(key, ticket, ok, answer)

        dispatcher.pool.start(work)

    def run(self, job: Callable[[threading.Event], Any]) -> None:
        """Run a store-free ``job(cancel)`` (a solver run) on a worker thread."""
        ticket, cancel = self._start()
        dispatcher = self._dispatcher
        key = self._key

        def work() -> None:
            try:
                answer, ok = job(cancel), True
            except Exception as e:  # reported in the view as one line, never raised
                answer, ok = _message(e), False
            if not cancel.is_set():
                dispatcher.answered.emit(key, ticket, ok, answer)

        dispatcher.pool.start(work)

    def cancel(self) -> None:
        """Forget the outstanding request; a job that checks its cancel event stops early."""
        self._cancel.set()
        self._ticket += 1
        self._set_busy(False)

    def _start(self) -> tuple[int, threading.Event]:
        self._cancel.set()
        self._cancel = threading.Event()
        self._ticket += 1
        self._set_busy(True)
        return self._ticket, self._cancel

    def _receive(self, ticket: int, ok: bool, answer: object) -> None:
        if ticket != self._ticket:
            return  # an older request: a newer one is on its way
        self._set_busy(False)
        if ok:
            self.loaded.emit(answer)
        else:
            self.failed.emit(str(answer))

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)


class StoreWriter(QObject):
    """Runs write jobs on the store one after another, off the GUI thread, in order.

    The GUI's own connection stays for its short reads; the writer opens the same file
    once more (read-write, WAL lets the readers go on) on its thread at the first job. A
    job is a Qt-free ``fn(store)``; ``done(ticket, ok, answer or Failure)`` brings the
    answer back on the GUI thread. A store without a file (in memory, tests) cannot be
    opened twice: its jobs run on the GUI thread with the GUI's connection, and the answer
    still comes queued, so callers see one behaviour.

    ``StoreWriter(None, path=...)``: the GUI has no store yet (the file was locked when the
    program started); the writer opens it at its first job, and a job that could not open
    it fails ``busy`` until it can.

    The writer's connection waits at most :data:`WAIT_MS` for another program's lock: a
    job fails ``busy`` then and its caller tries again after a pause (never this thread,
    whose jobs a closing window waits for).
    """

    done = Signal(int, bool, object)
    _answered = Signal(int, bool, object)

    def __init__(
        self, store: Store | None, parent: QObject | None = None, path: Path | None = None
    ) -> None:
        super().__init__(parent)
        if store is None and path is None:
            raise ValueError("a store writer needs a store or a database file")
        self._store = store
        self._path = database_file(store) if store is not None else Path(path)
        # the file the window opened: the writer opens that one or none
        self._file_id = store.file_id if store is not None else None
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)  # one job at a time: writes stay in order
        self._writer: Store | None = None
        self._tickets = itertools.count(1)
        self._submitted = 0  # jobs queued so far (finish() waits for follow-ups too)
        self._answered.connect(self.done, Qt.ConnectionType.QueuedConnection)

    def submit(self, job: Callable[[Store], Any]) -> int:
        """Queue ``job(store)``; returns the ticket its ``done`` answer carries."""
        ticket = next(self._tickets)
        self._submitted += 1
        if self._path is None:
            self._answer(ticket, job, self._store)
            return ticket
        self._pool.start(lambda: self._answer(ticket, job, None))
        return ticket

    @property
    def path(self) -> Path | None:
        """The database file the writer writes to (``None``: the GUI's in-memory store)."""
        return self._path

    def _answer(self, ticket: int, job: Callable[[Store], Any], store: Store | None) -> None:
        try:
            if store is None:
                if self._writer is None:  # on the writer's thread, at its first job
                    self._writer = self._open()
                store = self._writer
            answer, ok = job(store), True
        except Exception as e:  # reported as one line, never raised
            answer, ok = Failure.of(e), False
        if store is not None and store is self._writer and _read_only(answer):
            # the next try opens the file afresh: once it is writable again, a connection
            # SQLite may have opened read-only would still refuse every write
            with contextlib.suppress(sqlite3.Error):
                self._writer.close()
            self._writer = None
        with contextlib.suppress(RuntimeError):  # the window is gone: nobody waits
            self._answered.emit(ticket, ok, answer)

    def _open(self) -> Store:
        """The writer's connection to the file the window opened; refused (``database_moved``)
        when the name no longer leads there, never opened or created anew under it. Each
        try waits briefly for a lock: the caller tries again later."""
        if self._file_id is not None:
            check_same_file(self._path, self._file_id)
        store = Store.open(self._path, busy_ms=WAIT_MS)
        if self._file_id is None:
            self._file_id = store.file_id
        elif store.file_id != self._file_id:  # replaced between the check and the open
            store.close()
            raise moved_away(self._path)
        return store

    def finish(self, msecs: int = 10_000) -> bool:
        """Wait for the queued jobs and deliver their answers now (closing, a new game),
        and for the jobs those answers queue in turn (a finished deal waits behind the
        table's snapshot that was out when it ended) -- a few rounds at most."""
        deadline = time.monotonic() + msecs / 1000
        for _ in range(FINISH_ROUNDS):
            submitted = self._submitted
            left = max(0, round((deadline - time.monotonic()) * 1000))
            idle = self._pool.waitForDone(left)
            QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
            if not idle or self._submitted == submitted:
                return idle
        return idle

    def close(self) -> None:
        """Finish the jobs and close the writer's connection."""
        self.finish()
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def refresh_after_deal(view: Any, event: object) -> None:
    """A view of the store reads again once deals reached the database: at once when it
    is visible, else when it is next shown (``view._stale``, see :func:`refresh_if_stale`)."""
    if isinstance(event, DealsStored):
        if view.isVisible():
            view.refresh()
        else:
            view._stale = True


def refresh_if_stale(view: Any) -> None:
    """In a view's showEvent: read again what changed while it was hidden."""
    if view._stale:
        view._stale = False
        view.refresh()
