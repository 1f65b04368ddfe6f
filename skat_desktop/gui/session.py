"""One series at the table, driven from the GUI thread: the loop of docs/table-controller.md.

:class:`TableSession` drives a table through its :class:`~skat_desktop.app.port.TablePort`
only (the local controller's :class:`~skat_desktop.app.port.LocalTable`, or a table held
by a LAN host): it asks what is needed (:meth:`advance`) only when the window is ready
(the table is not animating), applies the human's actions, and turns the port's events
(seat-safe: what this window's seat may know) into Qt signals. What only a table in this
process can do goes through ``port.local``: computers' thinking, hints and the check of a
claim in the worker, practice aids, and handing finished deals to the store writer. The
GUI thread does only cheap work here: engine moves and building views.

A series the database could not take when it began (another program held the lock) is
played at once all the same: the controller runs without a store, the session creates
the series through the writer, trying again every second or so while the lock is held
(:attr:`TableSession.waiting`), and writes the deals finished meanwhile from memory once
the series is there -- and every later deal as it ends.

A finished deal of a series already in the database that meets such a lock is tried
again the same way: it waits in the controller's queue (in order, with the deals that
end meanwhile) and the session says it is waiting; only when the lock stays for about
two minutes is it a failure, with "Save again".

The table in play is kept in the database too (a *live table*, docs/table-controller.md):
after every change the controller's snapshot goes to the writer, one write at a time --
whatever changed while one is out goes with the next, so only the newest snapshot is
written and nothing piles up. A finished deal carries the snapshot with it; while a
finished deal waits after a failure the snapshot waits behind it.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from skat_desktop.app.port import (
    HOST_GONE,
    MOVE_OUT,
    MOVED_ON,
    LocalTable,
    PortNeed,
    Refused,
    TablePort,
    Waiting,
)
from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    DealFinished,
    DealOver,
    DealsStored,
    DealStarted,
    HumanTurn,
    PlayerFailed,
    StoreFailed,
    StoreOutcome,
    StoreWrite,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import Claim, Double, PickUp, Push
from skat_desktop.engine.dealing import active_seats
from skat_desktop.gui import game_words
from skat_desktop.gui.store_worker import (
    DealsWritten,
    StoreWriter,
    brief_wait,
    not_stored_text,
    write_deals,
)
from skat_desktop.gui.table_state import TableState, build_state
from skat_desktop.gui.worker import JobResult, Worker
from skat_desktop.store.database import MOVED

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from skat_desktop.engine.deal import Deal
    from skat_desktop.store.repository import Store

THINK = "think"
HINT = "hint"
CLAIM = "claim"

RETRY_MS = 500
"""The pause between two tries to get a lock another program holds (each try waits up
to :data:`~skat_desktop.gui.store_worker.WAIT_MS` itself)."""
MAX_TRIES = 120
"""About two minutes of trying; then the player is told and may press "Save again"."""

SeriesMaker = Callable[["Store"], int]
"""Qt-free: create the table's series in the given store and return its id."""


def series_maker(ctl: TableController, title: str | None) -> SeriesMaker:
    """How ``ctl``'s series is created later, on the writer's thread: exactly as the
    controller creates it itself (its players, rules, length and title)."""
    return LocalTable(ctl).series_maker(title)


class TableSession(QObject):
    """Drives one table from the GUI thread through its :class:`TablePort` (a
    :class:`TableController` given here is wrapped in a :class:`LocalTable`).

    Signals: ``changed`` (redraw the table), ``needChanged(need)`` (what is asked now:
    a HumanTurn, Waiting, DealOver or SeriesOver), ``tableEvent(event)`` (every event of
    the port, for score sheets), ``message(text, kind)`` (a computer player failed, the
    store failed, an action was refused), ``hintReady(hint)``.
    """

    changed = Signal()
    needChanged = Signal(object)
    tableEvent = Signal(object)
    message = Signal(str, str)  # text, kind: "player", "store", "refused", "info"
    hintReady = Signal(object)
    storeChanged = Signal()  # waiting for the database, saved, or failed
    seriesCreated = Signal(int)  # a series begun while the database was busy is in it now

    def __init__(
        self,
        port: TablePort | TableController,
        worker: Worker,
        ready: Callable[[], bool] = lambda: True,
        hint_level: str = "standard",
        parent: QObject | None = None,
        writer: StoreWriter | None = None,
        create_series: SeriesMaker | None = None,
    ) -> None:
        super().__init__(parent)
        if isinstance(port, TableController):
            port = LocalTable(port)
        self.port: TablePort = port
        self.local: LocalTable | None = port.local  # None: a table held elsewhere (LAN)
        ctl = self.ctl
        write_later = ctl is not None and ctl.write_later
        if create_series is not None and ctl is None:
            raise ValueError("only a table in this process has a series to create")
        if (write_later or create_series is not None) and writer is None:
            raise ValueError("a table that stores later needs a store writer")
        if create_series is not None and (write_later or ctl.series_id is not None):
            raise ValueError("this table's series is in the database already")
        self.worker = worker
        self.writer = writer if write_later or create_series is not None else None
        # a series begun while the database was busy: created and written by the session
        self.deferred = create_series is not None
        self.series_id = ctl.series_id if ctl is not None else None
        self._make_series = create_series
        self._held: list[tuple[Deal, int]] = []  # finished deals not yet in the database
        self._saved_upto = 0  # the last deal number the database has (deferred)
        self._job: tuple[int, tuple[tuple[Deal, int], ...]] | None = None  # out at the writer
        self._tries = 0
        self.waiting = self.deferred  # another program holds the lock: trying again
        self._again = QTimer(self)  # the next try while the lock is held
        self._again.setSingleShot(True)
        self._again.setInterval(RETRY_MS)
        self._again.timeout.connect(self._try_again)
        self.failure: str | None = None  # why the last write failed (one line)
        self._replaced = False  # the last write found the database replaced under the table
        self._fault: str | None = None  # the last write needs the file fixed first (file_fault)
        self.ready = ready
        self.hint_level = hint_level
        self.need: PortNeed | None = None
        self.dealer = 0
        self.seats: tuple[int, int, int] = active_seats(port.table_size, 0)
        self.deal_counter = 0
        self.words: dict[int, str] = {}
        if port.dealt:  # a table resumed where it stopped (or joined): its deal is dealt
            self.dealer = port.dealer
            self.seats = port.deal_seats
            self.deal_counter = 1
        self.open_cards = False
        self.closed = False
        self._pending_advance = False
        self._running = False  # inside _run: the call's events are taken there
        self._redraw_due = False  # events came on their own (a remote table): redraw soon
        self._events: list = []
        self._hint_version: tuple | None = None
        self._claim_version: tuple | None = None  # the table when a claim's check began
        self._claim_position = 0
        self._write: tuple[int, StoreWrite] | None = None  # (ticket, write) out at the writer
        port.add_listener(self._on_event)
        worker.finished.connect(self._on_job)
        if self.writer is not None:
            self.writer.done.connect(self._on_written)
        if self.deferred:
            self._save_deferred()

    # ------------------------------------------------------------------ state

    @property
    def ctl(self) -> TableController | None:
        """The local controller, for the store's plumbing (None at a remote table)."""
        return self.local.ctl if self.local is not None else None

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human's (seat 0 if only computers play)."""
        mine = self.port.mine
        return mine[0] if mine else 0

    def state(self) -> TableState | None:
        if not self.port.dealt:
            return None
        return build_state(
            self.port,
            self.bottom,
            self.dealer,
            (self.port.deal_number, self.deal_counter),
            self.words,
            self.open_cards,
        )

    # ------------------------------------------------------------------ the loop

    def schedule(self) -> None:
        """Ask for the next step soon (from the event loop, never re-entrantly)."""
        if not self._pending_advance and not self.closed:
            self._pending_advance = True
            QTimer.singleShot(0, self._advance_now)

    def _advance_now(self) -> None:
        self._pending_advance = False
        self.advance()

    def advance(self) -> None:
        """Ask the table what is needed, if the window is ready for it."""
        if self.closed or self.worker.busy(THINK) or not self.ready():
            return
        need = self.port.request()
        if isinstance(need, DealOver) and need.result is None and need.entry is None:
            self.start_deal()  # a new series: deal the first cards at once (remote: ready)
            return
        if need == self.need:
            return  # nothing changed (the table was only redrawn): keep the panels as they are
        self.need = need
        if isinstance(need, Waiting) and self.local is not None:
            job = self.local.think_job(need)  # a computer here: it thinks in the worker
            if job is not None:
                self.worker.start(THINK, job)
        self.needChanged.emit(need)

    def _on_job(self, result: JobResult) -> None:
        if self.closed:
            return
        if result.channel == THINK:
            if result.error is not None:
                # think() never raises; should it ever, say so and ask again shortly
                self.message.emit(result.error, "player")
                self.need = None  # ask the same turn again
                QTimer.singleShot(1000, self.schedule)
                return
            self._run(lambda: self.local.submit(result.value))
            self.schedule()
        elif result.channel == HINT:
            if self._hint_version != self._version():
                return
            if result.error is not None:
                self.message.emit(result.error, "refused")
                return
            self.hintReady.emit(result.value)
        elif result.channel == CLAIM:
            if self._claim_version != self._version():
                return  # the table moved on while the claim was checked: it lapses
            if result.error is not None:
                self.message.emit(result.error, "refused")
                return
            self._run(lambda: self.port.apply(Claim(self._claim_position)))

    def _run(self, fn: Callable[[], object]) -> bool:
        """Run a call of the port; events become signals, a refusal a message (a remote
        table's by its code, in the player's language; a move that only crossed a change
        of the table is no refusal: the table is drawn as it is now)."""
        self._events.clear()
        self._running = True
        try:
            fn()
        except TableError as e:
            code = getattr(e, "code", None)
            if code == MOVED_ON:
                self._moved_on()
            else:
                log.info("refused: %s", e)
                self.message.emit(table_refusal(e), "refused")
            return False
        finally:
            self._running = False
            events, self._events = self._events[:], []
        self._save_live()
        if events:
            self.changed.emit()
        self.schedule()
        return True

    def _on_event(self, event) -> None:
        self._events.append(event)
        if isinstance(event, DealStarted):
            self.dealer = event.dealer
            self.seats = event.seats
            self.deal_counter += 1
            self.words = {}
            self.worker.cancel(HINT)
        elif isinstance(event, ActionApplied):
            self.worker.cancel(HINT)
            a = event.action
            if type(a) is Double:
                self.words[event.seat] = game_words.doubling_name(a.level) + "!"
            elif type(a) is Push:
                self.words[event.seat] = self.tr("Pushes")
            elif type(a) is PickUp and self.port.view_for(self.bottom).phase == "schieben":
                self.words[event.seat] = self.tr("Takes the skat")
        elif isinstance(event, ActionsUndone):
            self.worker.cancel(HINT)
            self.words = {}
            if self.deferred:  # a finished deal taken back leaves the sheet: and the queue
                recorded = len(self.port.entries)
                self._held = [(d, n) for d, n in self._held if n <= recorded]
        elif isinstance(event, PlayerFailed):
            # Said by code, never by the player's own error text: that text may name a
            # card of a hand the human must not see. The detail goes to the log only.
            name = game_words.seat_name(self.port.names[event.seat])
            if event.detail:
                log.warning("computer player at seat %d failed: %s", event.seat, event.detail)
            reasons = {
                "computer_missing": self.tr("no computer player"),
                "computer_error": self.tr("it failed"),
                "computer_illegal_action": self.tr("it chose an illegal move"),
                "computer_refused_action": self.tr("the rules refused its move"),
            }
            why = reasons.get(event.code, self.tr("it failed"))
            text = self.tr("%1 made a mistake; a simple move was played instead (%2)")
            self.message.emit(text.replace("%1", name).replace("%2", why), "player")
        elif isinstance(event, DealFinished):
            if self.deferred:
                if event.entry is not None:  # a practice replay is not on the sheet
                    self._held.append((self.local.deal_to_store, event.entry.number))
                    if not self.waiting:
                        self._save_deferred()
            else:
                self._write_next()
        elif isinstance(event, StoreFailed):
            self.message.emit(self._store_failed_text(event.message), "store")
        elif isinstance(event, Refused):  # a remote table's answer to this window's move
            if event.code == MOVED_ON:
                self._moved_on()
            else:
                text = move_refusal(event.code, event.message, event.reason)
                self.message.emit(text, "refused")
        self.tableEvent.emit(event)
        if not self._running and isinstance(event, _CHANGES):
            self._redraw_soon()  # not a move of ours: the table moved on by itself

    def _store_failed_text(self, detail: str) -> str:
        """A failed write of deals in one line: a database replaced under the table (the
        last answer said so: trying again cannot help), a file that became read-only or
        was moved away (someone must fix it first: said what to do), apart from one that
        may take the deal later."""
        if self._fault is not None:
            return self._fault_text(self._fault)
        if self._replaced:
            detail = detail.split(":", 1)[0]  # "deal 2 could not be stored": why is said
            text = self.tr(
                "The database no longer matches this series (restored from a backup, or changed "
                "by another program); its deals cannot be saved there any more (%1)"
            )
        else:
            text = self.tr("The deal could not be saved; it waits and will be saved later (%1)")
        return text.replace("%1", detail)

    def _fault_text(self, fault: str) -> str:
        """The file must be fixed before "Save again" can work: what happened, that the
        deal stays in the window, and what to do, naming the file (one line)."""
        path = self.writer.path if self.writer is not None else None
        if fault == MOVED:
            text = self.tr(
                "The database file %1 was moved, replaced or deleted while the window had it "
                "open; the deal is kept in the window: put the file back under that name and "
                "press Save again."
            )
        else:
            text = self.tr(
                "The database %1 can no longer be written (it is read-only); the deal is kept "
                "in the window: make the file writable and press Save again."
            )
        return game_words.fill(text, path or "")

    def _moved_on(self) -> None:
        """A move crossed a change of the table (the deal ended, the turn passed on): no
        message, the table is drawn and asked afresh."""
        self.need = None  # the turn the move answered is gone: ask again
        self._redraw_soon()

    def _redraw_soon(self) -> None:
        """Redraw once for the events that came meanwhile (a remote table's own moves)."""
        if self._redraw_due or self.closed:
            return
        self._redraw_due = True

        def redraw() -> None:
            self._redraw_due = False
            if not self.closed:
                self._events.clear()
                self.changed.emit()
                self.schedule()

        QTimer.singleShot(0, self, redraw)

    # ------------------------------------------------------------------ the human

    def apply(self, action) -> bool:
        """The human's action; False (and a message) if the table refuses it.

        A claim is first checked in the worker (an exhaustive search) and applied when
        the answer is back; True then means the check has started."""
        self.worker.cancel(HINT)
        if type(action) is Claim and self.local is not None:
            return self._claim(action)
        return self._run(lambda: self.port.apply(action))  # a remote host checks a claim

    def _claim(self, action: Claim) -> bool:
        try:
            check = self.local.claim_check(self.bottom)
        except TableError as e:
            self.message.emit(table_refusal(e), "refused")
            return False
        self._claim_version = self._version()
        self._claim_position = action.player
        self.worker.start(CLAIM, check)
        return True

    # ------------------------------------------------------------------ storing

    def _write_next(self, now: bool = False) -> None:
        """Hand the deals waiting for the database to the writer (one write at a time;
        while another program holds the lock only when the next try is due, ``now``)."""
        if self.writer is None or self._write is not None or (self.waiting and not now):
            return
        write = self.ctl.take_store_write(live=True)  # with the table's newest snapshot
        if write is not None:
            self._write = (self.writer.submit(lambda store: write_deals(store, write)), write)

    def _save_live(self) -> None:
        """After a change: the table's snapshot to the writer, unless a write is out (its
        answer brings the newest one along) or finished deals wait after a failure (they
        go first, when the next deal ends or on "Save again")."""
        if self.closed or self.deferred or self.writer is None:
            return
        if self.ctl.pending_store or not self.ctl.live_pending:
            return
        self._write_next()

    def _lock_held(self, reason: str) -> bool:
        """A try met another program's lock: True if it is tried again after a pause
        (waiting), False once the tries are used up (a failure: "Save again")."""
        if self.closed or self._tries >= MAX_TRIES:
            self.waiting = False
            self._tries = 0  # a later try (Save again, the next deal) has its full round
            return False
        self._tries += 1
        self.waiting = True
        self.failure = reason
        self._again.start()
        return True

    def _try_again(self) -> None:
        if self.closed:
            return
        if self.deferred:
            self._save_deferred()
        else:
            self._write_next(now=True)

    # ------------------------------------------------------------------ a series begun busy

    def unsaved(self) -> int:
        """How many finished deals of this series are not in the database yet."""
        if self.deferred:
            return len(self._held)
        return self.ctl.pending_store if self.writer is not None else 0

    @property
    def writing(self) -> bool:
        """A write (or a try to create the series) is out at the writer."""
        return self._job is not None or self._write is not None

    def settle(self, msecs: int) -> None:
        """Wait up to ``msecs`` for the write that is out and take its answer, so
        :meth:`unsaved` is up to date (closing, a new game)."""
        if self.writer is not None and self.writing:
            self.writer.finish(msecs)

    def _deal_saved(self) -> bool:
        """Whether the current (finished) deal is in the database or on its way there."""
        if not self.deferred:
            return False
        deal = self.local.deal_to_store
        if deal is None or not deal.finished:
            return False
        out = self._job[1] if self._job is not None else ()
        held = [d for d, _ in self._held]
        if any(d is deal for d, _ in out):
            return True
        return not any(d is deal for d in held) and self.port.deal_number <= self._saved_upto

    def _save_deferred(self) -> None:
        """One try: create the series if it is not there yet, then write the held deals."""
        if self.closed or self._job is not None or self.writer is None:
            return
        if self.series_id is not None and not self._held:
            self.waiting = False
            return
        make, series_id, deals = self._make_series, self.series_id, tuple(self._held)

        def job(store: Store) -> tuple[int, DealsWritten]:
            sid = series_id
            if sid is None:
                with brief_wait(store):  # one try; the session tries again if it is locked
                    sid = make(store)
            written = write_deals(store, StoreWrite(sid, deals)) if deals else None
            return sid, written or DealsWritten(StoreOutcome(0))

        self._job = (self.writer.submit(job), deals)

    def _deferred_written(self, ok: bool, answer: object) -> None:
        assert self._job is not None
        deals = self._job[1]
        self._job = None
        if not ok:
            if not (getattr(answer, "busy", False) and self._lock_held(str(answer))):
                self.waiting = False
                self.failure = answer if isinstance(answer, str) else str(answer)
                text = self.tr(
                    "The series could not be saved yet (%1); its finished deals wait "
                    "and are saved when you press Save again."
                ).replace("%1", str(answer))
                self.message.emit(text, "store")
                self.tableEvent.emit(StoreFailed(str(answer), len(self._held)))
            self.storeChanged.emit()
            return
        sid, written = answer
        outcome = written.outcome
        created = self.series_id is None
        self.series_id = sid
        busy = written.busy is not None and self._lock_held(written.busy)
        if written.busy is not None and not busy:  # the lock stayed: a failure now
            number = deals[min(outcome.written, len(deals) - 1)][1]
            outcome = StoreOutcome(outcome.written, not_stored_text(number, written.busy))
        if not busy:
            self.waiting = False
            self._tries = 0
        done = deals[: max(0, min(outcome.written, len(deals)))]
        for deal, _ in done:
            if self._held and self._held[0][0] is deal:
                self._held.pop(0)
        if done:
            self._saved_upto = max(self._saved_upto, done[-1][1])
        if created:
            self.seriesCreated.emit(sid)
        if done:
            self.tableEvent.emit(DealsStored(tuple(n for _, n in done)))
        self._replaced = outcome.replaced
        self._fault = outcome.fault
        if outcome.error is not None:
            self.failure = outcome.error
            self.message.emit(self._store_failed_text(outcome.error), "store")
            self.tableEvent.emit(StoreFailed(outcome.error, len(self._held)))
        elif not busy:
            self.failure = None
            if self._held:
                self._save_deferred()  # deals that ended meanwhile
        self.storeChanged.emit()

    # ------------------------------------------------------------------ storing answers

    def _on_written(self, ticket: int, ok: bool, answer: object) -> None:
        if self._job is not None and self._job[0] == ticket:
            self._deferred_written(ok, answer)
            return
        if self._write is None or self._write[0] != ticket:
            return  # another table's write
        write = self._write[1]
        self._write = None
        if ok:
            outcome, busy = answer.outcome, answer.busy
        elif getattr(answer, "busy", False):  # the writer could not even open the file
            outcome, busy = StoreOutcome(0), str(answer)
        else:
            why = game_words.fill(self.tr("the database cannot be written: %1"), str(answer))
            outcome, busy = StoreOutcome(0, why, fault=getattr(answer, "fault", None)), None
        if busy is not None:
            if self._lock_held(busy):  # the rest waits in order and is tried again
                self.ctl.store_written(write, outcome)  # the deals written before it
                self.storeChanged.emit()
                return
            if write.deals:
                number = write.deals[min(outcome.written, len(write.deals) - 1)][1]
                outcome = StoreOutcome(outcome.written, not_stored_text(number, busy))
            else:  # the snapshot alone: no deal is at stake, the next change tries again
                outcome = StoreOutcome(0, not_stored_text(None, busy))
        self.waiting = False
        if outcome.error is None:
            self._tries = 0
        self._replaced = outcome.replaced
        fault_before, self._fault = self._fault, outcome.fault
        if write.deals or outcome.error is None or outcome.replaced or outcome.fault:
            # a snapshot's failure is the table's live_error; a file to fix is said as such
            self.failure = (
                outcome.error if outcome.fault is None else self._fault_text(outcome.fault)
            )
        if not write.deals and (
            outcome.replaced or (outcome.fault is not None and outcome.fault != fault_before)
        ):  # said at once, before a deal is at stake (a file to fix: once, not at each move)
            self.message.emit(self._store_failed_text(outcome.error), "store")
        self.ctl.store_written(write, outcome)  # DealsStored / StoreFailed as events
        if outcome.error is None or (not write.deals and self.ctl.pending_store):
            # deals that ended meanwhile; also after the table's snapshot alone gave up on
            # a lock: a deal that ended while it was out gets its own round of tries (and
            # its "Save again"), rather than waiting for a change that may never come
            self._write_next()
        self.storeChanged.emit()

    def flush_store(self) -> None:
        """Write what waits and wait for it (closing the table, a new game)."""
        if self.writer is None:
            return
        if self.deferred:
            self.writer.finish()  # the answer of the try that is out
            return
        self.writer.finish()  # delivers the outstanding answer
        self._write_next(now=True)  # one more try even while the lock was held
        self.writer.finish()

    def decline(self) -> bool:
        need = self.need
        if not isinstance(need, HumanTurn) or not need.interjection:
            return False
        return self._run(lambda: self.port.decline(need.seat))

    def double(self) -> bool:
        seat = self.bottom
        return self._run(lambda: self.port.double(seat))

    def start_deal(self) -> bool:
        """Deal the next deal (at a remote table: say this seat is ready for it)."""
        return self._run(self.port.next_deal)

    def undo(self) -> bool:
        seat = self.bottom
        local = self.local
        if local is None:  # practice aids are a local table's
            return False
        if self._deal_saved():
            self.message.emit(
                self.tr("This deal is already on the score sheet; replay it instead."), "refused"
            )
            return False
        self.worker.cancel(THINK)
        return self._run(lambda: local.undo_last_card(seat))

    def replay(self, from_seat: int) -> bool:
        local = self.local
        if local is None:
            return False
        self.worker.cancel(THINK)
        return self._run(lambda: local.replay_deal(from_seat))

    def retry_store(self) -> bool:
        """Try again to store the deals a failure left waiting; True if nothing waits
        (with the store writer the answer comes as events: DealsStored or StoreFailed)."""
        self._again.stop()
        self._tries = 0
        if self.deferred:
            if self.series_id is not None and not self._held:
                return True
            self._save_deferred()
            return False
        if self.writer is not None:
            self._write_next(now=True)
            return not self.ctl.pending_store
        ctl = self.ctl
        return ctl is None or self._run(ctl.retry_store)

    def can_undo(self) -> bool:
        """Practice: whether the human has a card to take back in this deal."""
        local, port = self.local, self.port
        if local is None or not local.practice or not port.dealt:
            return False
        if self.bottom not in port.mine or self._deal_saved():
            return False
        view = port.view_for(self.bottom)
        pos = view.position
        if pos is None:
            return False
        return any(pos in _players_of(t) for t in view.tricks) or bool(
            view.trick and pos in _trick_players(view)
        )

    def _version(self) -> tuple:
        return (self.deal_counter, len(self.port.actions))

    def request_hint(self) -> bool:
        """Practice: compute a hint for the human on turn in the worker; ``hintReady``."""
        local = self.local
        seat = self.bottom
        if local is None or not local.practice:
            self.message.emit(self.tr("Hints are for practice tables."), "refused")
            return False
        try:
            view = self.port.view_for(seat)
        except TableError as e:
            self.message.emit(table_refusal(e), "refused")
            return False
        if view.result is not None or view.to_move != view.position or not view.legal:
            self.message.emit(self.tr("A hint is given when it is your turn."), "refused")
            return False
        from skat_desktop.ai.hints import hint

        level, seed = self.hint_level, local.seed
        self._hint_version = self._version()
        # The view is taken here, on the GUI thread: the worker reads only this snapshot.
        self.worker.start(HINT, lambda cancel: hint(view, level, seed, cancel))
        return True

    def close(self, write: bool = True) -> None:
        """Stop: cancel the worker's jobs and forget the table's events.

        What waits for the database is written first (``write``) unless the player chose
        to discard it."""
        if self.closed:
            return
        if write:
            self.flush_store()
        self.closed = True
        self._again.stop()
        self.worker.cancel()
        with contextlib.suppress(RuntimeError, TypeError):
            self.worker.finished.disconnect(self._on_job)
        if self.writer is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.writer.done.disconnect(self._on_written)
        with contextlib.suppress(ValueError):
            self.port.remove_listener(self._on_event)


def move_refusal(code: str, message: str = "", reason: str = "") -> str:
    """The refusal of this window's move at a networked table, in the player's language,
    by its code (``protocol.ERROR_CODES`` and the remote table's own). For ``illegal``,
    ``reason`` is the host table's own code (:func:`table_refusal` words it); the host's
    English sentence goes to the log only."""

    unreadable = QCoreApplication.translate(
        "TableSession", "The host could not read your move; nothing changed. Try again."
    )
    texts = {
        "bad_frame": unreadable,
        "too_large": unreadable,
        "bad_json": unreadable,
        "unknown_type": unreadable,
        "bad_field": unreadable,
        "hello_first": QCoreApplication.translate(
            "TableSession", "The host does not know this window yet: join the table again."
        ),
        "version": QCoreApplication.translate(
            "TableSession", "The host plays another version of Skat: your move was not taken."
        ),
        "rate_limited": QCoreApplication.translate(
            "TableSession", "Too many moves at once: wait a moment."
        ),
        "timeout": QCoreApplication.translate(
            "TableSession", "The host closed the connection: nothing arrived in time."
        ),
        "no_table": QCoreApplication.translate("TableSession", "This table is no longer there."),
        "seat_taken": QCoreApplication.translate(
            "TableSession", "Someone else holds your seat now."
        ),
        "seat_invalid": QCoreApplication.translate(
            "TableSession", "There is no such seat at this table."
        ),
        "bad_password": QCoreApplication.translate(
            "TableSession", "Wrong password for this table."
        ),
        "bad_token": QCoreApplication.translate(
            "TableSession", "Your seat could not be given back."
        ),
        "already_joined": QCoreApplication.translate(
            "TableSession", "You are at this table already."
        ),
        "not_joined": QCoreApplication.translate(
            "TableSession", "You do not play at this table: join it again to play."
        ),
        "not_your_turn": QCoreApplication.translate("TableSession", "It is not your turn."),
        "stale": QCoreApplication.translate(
            "TableSession", "The table moved on before your move arrived: look again."
        ),
        "not_now": QCoreApplication.translate(
            "TableSession", "Not now: wait a moment and try again."
        ),
        "table_full": QCoreApplication.translate(
            "TableSession", "The table has no room for another player."
        ),
        "server_busy": QCoreApplication.translate(
            "TableSession", "The host is busy: try again in a moment."
        ),
        "host_cannot_save": QCoreApplication.translate(
            "TableSession", "The host cannot save the table just now: play waits until it can."
        ),
        "internal": QCoreApplication.translate(
            "TableSession", "The host could not handle your move; nothing changed. Try again."
        ),
        HOST_GONE: QCoreApplication.translate(
            "TableSession", "The host is not connected: wait until the table is back."
        ),
        MOVE_OUT: QCoreApplication.translate(
            "TableSession", "Your last move is still on its way to the host."
        ),
    }
    if code == "illegal":
        log.info("the host refused a move: %s (%s)", " ".join(str(message).split()), reason)
        concede = {
            "concede_declarer_only": QCoreApplication.translate(
                "TableSession", "Only the declarer's concession needs a defender's consent."
            ),
            "cannot_concede": QCoreApplication.translate(
                "TableSession", "You cannot give up the game now, not even with consent."
            ),
        }
        if reason in concede:
            return concede[reason]
        rules = QCoreApplication.translate("TableSession", "The rules do not allow that move.")
        if reason and reason not in ("illegal", "invalid_action"):
            text = table_refusal(TableError("", reason))
            unknown = QCoreApplication.translate("TableSession", "That is not possible now.")
            return rules if text == unknown else text
        return rules
    return texts.get(
        code, QCoreApplication.translate("TableSession", "The host refused your move.")
    )


def table_refusal(error: TableError) -> str:
    """A table's refusal in the player's language, by its ``code`` and ``params``: a local
    table's (``app/table.py``, ``app/port.py``) here, a networked table's by
    :func:`move_refusal`. An unknown code gets a general sentence, never the English one
    (that is for the log)."""
    code = getattr(error, "code", "") or ""
    params = getattr(error, "params", None) or {}

    saved_mismatch = QCoreApplication.translate(
        "TableSession",
        "The table saved for later does not match the score sheet and cannot be continued.",
    )
    texts = {
        "store_gap": QCoreApplication.translate(
            "TableSession", "The database lacks deal %1 of this series."
        ),
        "store_replaced": QCoreApplication.translate(
            "TableSession",
            "The database no longer holds this series as the table has it: it was replaced "
            "meanwhile (restored from a backup?).",
        ),
        "saved_unreadable": QCoreApplication.translate(
            "TableSession", "The table saved for later cannot be read."
        ),
        "name_missing": QCoreApplication.translate("TableSession", "A human player needs a name."),
        "names_differ": QCoreApplication.translate(
            "TableSession", "Every seat needs a different name."
        ),
        "planned_deals": QCoreApplication.translate(
            "TableSession", "The planned number of deals must be more than 0."
        ),
        "no_store": QCoreApplication.translate("TableSession", "This series needs its database."),
        "series_closed": QCoreApplication.translate(
            "TableSession", "This series is closed; reopen it first."
        ),
        "series_other_rules": QCoreApplication.translate(
            "TableSession", "This series is played under other rules or seats."
        ),
        "series_other_players": QCoreApplication.translate(
            "TableSession", "This series has other players at its seats."
        ),
        "no_seat": QCoreApplication.translate(
            "TableSession", "There is no such seat at this table."
        ),
        "no_deal": QCoreApplication.translate("TableSession", "No deal is being played."),
        "deal_not_over": QCoreApplication.translate(
            "TableSession", "The deal in progress is not over yet."
        ),
        "series_over": QCoreApplication.translate("TableSession", "The series is over."),
        "computer_silent": QCoreApplication.translate(
            "TableSession", "A computer player found no move."
        ),
        "nothing_to_decline": QCoreApplication.translate(
            "TableSession", "There is no Kontra or Re to let pass now."
        ),
        "not_your_turn": QCoreApplication.translate("TableSession", "It is not your turn."),
        "invalid_action": QCoreApplication.translate("TableSession", "That is not a valid move."),
        "cannot_double": QCoreApplication.translate(
            "TableSession", "You cannot say Kontra or Re now."
        ),
        "sits_out": QCoreApplication.translate("TableSession", "This seat sits out this deal."),
        "write_mixed": QCoreApplication.translate(
            "TableSession", "The score sheet could not be stored just now."
        ),
        "saved_stale": QCoreApplication.translate(
            "TableSession", "The table saved for later cannot be continued."
        ),
        "saved_mismatch": saved_mismatch,
        "saved_program": QCoreApplication.translate(
            "TableSession",
            "The table saved for later seats another program; it cannot be continued here.",
        ),
        "nothing_to_undo": QCoreApplication.translate(
            "TableSession", "You have not played a card in this deal."
        ),
        "undo_stored": QCoreApplication.translate(
            "TableSession", "This deal is already on the score sheet; replay it instead."
        ),
        "deal_over": QCoreApplication.translate("TableSession", "The deal is over."),
        "replay_not_over": QCoreApplication.translate(
            "TableSession", "A deal can be replayed once it is over."
        ),
        "replay_which": QCoreApplication.translate(
            "TableSession", "Say which player moves to the other seat."
        ),
        "bad_seed": QCoreApplication.translate(
            "TableSession", "A deal number must be a whole number from 0 to 2^63 − 1."
        ),
        "not_your_seat": QCoreApplication.translate(
            "TableSession", "This seat is not yours to play."
        ),
    }
    aid = params.get("aid")
    if code == "practice_only":
        return {
            "undo": QCoreApplication.translate(
                "TableSession", "Taking back a card is only possible at a practice table."
            ),
            "hint": QCoreApplication.translate(
                "TableSession", "Hints are only given at a practice table."
            ),
            "open": QCoreApplication.translate(
                "TableSession", "Showing all cards is only possible at a practice table."
            ),
        }.get(
            aid,
            QCoreApplication.translate(
                "TableSession", "Replaying a deal is only possible at a practice table."
            ),
        )
    if code == "own_seat_only":
        if aid == "undo":
            return QCoreApplication.translate(
                "TableSession", "You can only take back your own cards."
            )
        return QCoreApplication.translate("TableSession", "Hints are only given for your own seat.")
    if code == "table_size":
        from skat_desktop.gui.profile_editor import profile_title

        profile = params.get("profile")
        title = profile_title(profile) if profile is not None else ""
        return game_words.fill(
            QCoreApplication.translate("TableSession", "%1 is not played at a table of %2."),
            title,
            params.get("size", ""),
        )
    if code == "series_planned":
        n = int(params.get("deals", 0))
        # "%1" is a count in the words module's plural forms ("36 deals", "36 Spiele")
        return game_words.fill(
            QCoreApplication.translate("TableSession", "This series plans %1."),
            game_words._gw().deals(n),
        )
    if code in texts:
        return game_words.fill(texts[code], params.get("deal", ""))
    if type(error) is not TableError:  # a networked table's refusal
        return move_refusal(code, str(error))
    if code == "illegal":  # the engine's English reason goes to the log only
        return QCoreApplication.translate("TableSession", "The rules do not allow that move.")
    return QCoreApplication.translate("TableSession", "That is not possible now.")


_CHANGES = (ActionApplied, DealStarted, ActionsUndone, DealFinished)
"""Events that change what the table shows."""


def _players_of(trick) -> set[int]:
    leader = trick[0]
    return {(leader + i) % 3 for i in range(3)}


def _trick_players(view) -> set[int]:
    return {(view.leader + i) % 3 for i in range(len(view.trick))}
