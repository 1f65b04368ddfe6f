"""One series at the table, driven from the GUI thread: the loop of docs/table-controller.md.

:class:`TableSession` owns the table controller's listener and the worker. It asks the
controller what is needed (:meth:`advance`) only when the window is ready (the table is
not animating), runs computers' thinking, hints and the check of a claim in the worker,
hands finished deals to the store writer, applies the human's actions, and turns the
controller's events into Qt signals. The GUI thread does only cheap work here: engine
moves and building views.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    ComputerTurn,
    DealFinished,
    DealOver,
    DealStarted,
    HumanTurn,
    Need,
    PlayerFailed,
    StoreFailed,
    StoreOutcome,
    StoreWrite,
    TableController,
    TableError,
)
from skat_desktop.engine.actions import Claim, Double, PickUp, Push
from skat_desktop.engine.dealing import active_seats
from skat_desktop.gui import texts
from skat_desktop.gui.store_worker import StoreWriter
from skat_desktop.gui.table_state import TableState, build_state
from skat_desktop.gui.worker import JobResult, Worker

THINK = "think"
HINT = "hint"
CLAIM = "claim"


class TableSession(QObject):
    """Drives one :class:`TableController` from the GUI thread.

    Signals: ``changed`` (redraw the table), ``needChanged(need)`` (what is asked now:
    a HumanTurn, ComputerTurn, DealOver or SeriesOver), ``tableEvent(event)`` (every
    controller event, for score sheets), ``message(text, kind)`` (a computer player
    failed, the store failed, an action was refused), ``hintReady(hint)``.
    """

    changed = Signal()
    needChanged = Signal(object)
    tableEvent = Signal(object)
    message = Signal(str, str)  # text, kind: "player", "store", "refused", "info"
    hintReady = Signal(object)

    def __init__(
        self,
        ctl: TableController,
        worker: Worker,
        ready: Callable[[], bool] = lambda: True,
        hint_level: str = "standard",
        parent: QObject | None = None,
        writer: StoreWriter | None = None,
    ) -> None:
        super().__init__(parent)
        if ctl.write_later and writer is None:
            raise ValueError("a table that stores later needs a store writer")
        self.ctl = ctl
        self.worker = worker
        self.writer = writer if ctl.write_later else None
        self.ready = ready
        self.hint_level = hint_level
        self.need: Need | None = None
        self.dealer = 0
        self.seats: tuple[int, int, int] = active_seats(ctl.table_size, 0)
        self.deal_counter = 0
        self.words: dict[int, str] = {}
        self.open_cards = False
        self.closed = False
        self._pending_advance = False
        self._events: list = []
        self._hint_version: tuple | None = None
        self._claim_version: tuple | None = None  # the table when a claim's check began
        self._claim_position = 0
        self._write: tuple[int, StoreWrite] | None = None  # (ticket, write) out at the writer
        ctl.add_listener(self._on_event)
        worker.finished.connect(self._on_job)
        if self.writer is not None:
            self.writer.done.connect(self._on_written)

    # ------------------------------------------------------------------ state

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom: the human's (seat 0 if only computers play)."""
        humans = self.ctl.human_seats
        return humans[0] if humans else 0

    def state(self) -> TableState | None:
        if self.ctl.deal is None:
            return None
        return build_state(
            self.ctl,
            self.bottom,
            self.dealer,
            (self.ctl.deal_number, self.deal_counter),
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
        """Ask the controller what is needed, if the table is ready for it."""
        if self.closed or self.worker.busy(THINK) or not self.ready():
            return
        need = self.ctl.request()
        if isinstance(need, DealOver) and need.result is None and need.entry is None:
            self.start_deal()  # a new series: deal the first cards at once
            return
        if need == self.need:
            return  # nothing changed (the table was only redrawn): keep the panels as they are
        self.need = need
        if isinstance(need, ComputerTurn):
            ctl = self.ctl
            self.worker.start(THINK, lambda cancel: ctl.think(need, cancel))
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
            self._run(lambda: self.ctl.submit(result.value))
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
            self._run(lambda: self.ctl.apply(Claim(self._claim_position)))

    def _run(self, fn: Callable[[], object]) -> bool:
        """Run a controller call; events become signals, a refusal a message."""
        self._events.clear()
        try:
            fn()
        except TableError as e:
            self.message.emit(str(e), "refused")
            return False
        finally:
            events, self._events = self._events[:], []
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
                self.words[event.seat] = texts.doubling_name(a.level) + "!"
            elif type(a) is Push:
                self.words[event.seat] = self.tr("Pushes")
            elif type(a) is PickUp and self.ctl.view_for(event.seat).phase == "schieben":
                self.words[event.seat] = self.tr("Takes the skat")
        elif isinstance(event, ActionsUndone):
            self.worker.cancel(HINT)
            self.words = {}
        elif isinstance(event, PlayerFailed):
            name = self.ctl.names[event.seat]
            text = self.tr("%1 made a mistake; a simple move was played instead (%2)")
            self.message.emit(text.replace("%1", name).replace("%2", event.message), "player")
        elif isinstance(event, DealFinished):
            self._write_next()
        elif isinstance(event, StoreFailed):
            text = self.tr("The deal could not be saved; it waits and will be saved later (%1)")
            self.message.emit(text.replace("%1", event.message), "store")
        self.tableEvent.emit(event)

    # ------------------------------------------------------------------ the human

    def apply(self, action) -> bool:
        """The human's action; False (and a message) if the table refuses it.

        A claim is first checked in the worker (an exhaustive search) and applied when
        the answer is back; True then means the check has started."""
        self.worker.cancel(HINT)
        if type(action) is Claim:
            return self._claim(action)
        return self._run(lambda: self.ctl.apply(action))

    def _claim(self, action: Claim) -> bool:
        try:
            check = self.ctl.claim_check(self.bottom)
        except TableError as e:
            self.message.emit(str(e), "refused")
            return False
        self._claim_version = self._version()
        self._claim_position = action.player
        self.worker.start(CLAIM, check)
        return True

    # ------------------------------------------------------------------ storing

    def _write_next(self) -> None:
        """Hand the deals waiting for the database to the writer (one write at a time)."""
        if self.writer is None or self._write is not None:
            return
        write = self.ctl.take_store_write()
        if write is not None:
            self._write = (self.writer.submit(write.run), write)

    def _on_written(self, ticket: int, ok: bool, answer: object) -> None:
        if self._write is None or self._write[0] != ticket:
            return  # another table's write
        write = self._write[1]
        self._write = None
        outcome = answer if ok else StoreOutcome(0, f"the database cannot be written: {answer}")
        self.ctl.store_written(write, outcome)  # DealsStored / StoreFailed as events
        if outcome.error is None:
            self._write_next()  # deals that ended meanwhile

    def flush_store(self) -> None:
        """Write what waits and wait for it (closing the table, a new game)."""
        if self.writer is None:
            return
        self.writer.finish()  # delivers the outstanding answer
        self._write_next()
        self.writer.finish()

    def decline(self) -> bool:
        need = self.need
        if not isinstance(need, HumanTurn) or not need.interjection:
            return False
        return self._run(lambda: self.ctl.decline(need.seat))

    def double(self) -> bool:
        seat = self.bottom
        return self._run(lambda: self.ctl.double(seat))

    def start_deal(self) -> bool:
        return self._run(self.ctl.start_deal)

    def undo(self) -> bool:
        seat = self.bottom
        self.worker.cancel(THINK)
        return self._run(lambda: self.ctl.undo_last_card(seat))

    def replay(self, from_seat: int) -> bool:
        self.worker.cancel(THINK)
        return self._run(lambda: self.ctl.replay_deal(from_seat))

    def retry_store(self) -> bool:
        """Try again to store the deals a failure left waiting; True if nothing waits
        (with the store writer the answer comes as events: DealsStored or StoreFailed)."""
        if self.writer is not None:
            self._write_next()
            return not self.ctl.pending_store
        return self._run(self.ctl.retry_store)

    def can_undo(self) -> bool:
        """Practice: whether the human has a card to take back in this deal."""
        ctl = self.ctl
        if not ctl.practice or ctl.deal is None or self.bottom not in ctl.human_seats:
            return False
        view = ctl.view_for(self.bottom)
        pos = view.position
        if pos is None:
            return False
        return any(pos in _players_of(t) for t in view.tricks) or bool(
            view.trick and pos in _trick_players(view)
        )

    def _version(self) -> tuple:
        return (self.deal_counter, len(self.ctl.actions))

    def request_hint(self) -> bool:
        """Practice: compute a hint for the human on turn in the worker; ``hintReady``."""
        ctl = self.ctl
        seat = self.bottom
        if not ctl.practice:
            self.message.emit(self.tr("Hints are for practice tables."), "refused")
            return False
        try:
            view = ctl.view_for(seat)
        except TableError as e:
            self.message.emit(str(e), "refused")
            return False
        if view.result is not None or view.to_move != view.position or not view.legal:
            self.message.emit(self.tr("A hint is given when it is your turn."), "refused")
            return False
        from skat_desktop.ai.hints import hint

        level, seed = self.hint_level, ctl.seed
        self._hint_version = self._version()
        # The view is taken here, on the GUI thread: the worker reads only this snapshot.
        self.worker.start(HINT, lambda cancel: hint(view, level, seed, cancel))
        return True

    def close(self) -> None:
        """Stop: cancel the worker's jobs and forget the controller's events."""
        if self.closed:
            return
        self.flush_store()
        self.closed = True
        self.worker.cancel()
        with contextlib.suppress(RuntimeError, TypeError):
            self.worker.finished.disconnect(self._on_job)
        if self.writer is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.writer.done.disconnect(self._on_written)
        with contextlib.suppress(ValueError):
            self.ctl.remove_listener(self._on_event)


def _players_of(trick) -> set[int]:
    leader = trick[0]
    return {(leader + i) % 3 for i in range(3)}


def _trick_players(view) -> set[int]:
    return {(view.leader + i) % 3 for i in range(len(view.trick))}
