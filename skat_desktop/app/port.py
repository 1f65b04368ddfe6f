"""The table port: the one seam through which the table window drives a table.

The window (``gui/session.py``, ``gui/main_window.py``, ``gui/table_state.py``) plays at a
table it may not hold: the local :class:`~skat_desktop.app.table.TableController` or,
over the network, a table whose deal only the host holds. :class:`TablePort` is what
both can offer, so it offers only what a LAN client can know (docs/table-controller.md,
"The table port"):

- the table: rules, names, size, the seats this window acts for (:attr:`mine`);
- the deal: its number, dealer and seats (as ``DealStarted`` says them), the seat's
  :class:`~skat_desktop.engine.view.SeatView` and the action log as that seat knows it
  (a discard it may not see is a :class:`HiddenDiscard`);
- the sheet: the entries (each ``deal_finished`` carries its line), totals, evaluation;
- what is asked (:meth:`TablePort.request`): a :class:`~skat_desktop.app.table.HumanTurn`
  of one of :attr:`mine`, :class:`Waiting` for any other seat (never the other seat's
  view), :class:`~skat_desktop.app.table.DealOver` or
  :class:`~skat_desktop.app.table.SeriesOver`;
- the moves: apply, decline, double, next deal;
- events: the table's own event classes in their seat-safe form, which a remote table
  decodes from the host's event frames (``app/redaction.event_for``) to the same objects.

What only a table in this process can do -- computers thinking in the worker, the check
of a claim, practice undo, hints, open cards, replay from another seat, the store's
writes and the live table -- is the optional capability :attr:`TablePort.local`, a
:class:`LocalTable` or None; the window hides those menu items when it is None.

What only a table with players at other laptops can do -- put a declarer's late
concession to a defender, who agrees or not (ISkO 4.3.2) -- is the optional protocol
:class:`ConsentPort`; a :class:`LocalTable` does not offer it (its computers do not
consent), so the window offers the question only where the port is one.

Qt-free, like everything in ``app/``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from skat_desktop.app.table import (
    ActionApplied,
    ComputerTurn,
    DealOver,
    HumanTurn,
    OpenCards,
    SeriesOver,
    TableController,
    TableError,
    TableEvent,
    ThinkResult,
)
from skat_desktop.engine.actions import Action, Discard
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.series import Series, SheetEntry
from skat_desktop.engine.view import SeatView

if TYPE_CHECKING:
    from skat_desktop.engine.deal import Deal
    from skat_desktop.store.repository import Store


@dataclass(frozen=True)
class Waiting:
    """Another seat decides (a computer, or a player at another laptop): the window waits.

    Unlike a :class:`~skat_desktop.app.table.ComputerTurn` it carries no view, since the
    view of the seat on turn shows that seat's hand. ``phase`` is the deal's (public);
    ``tick`` changes with every new turn, so a second turn of the same seat in a row
    (a trick's winner leads again) is a new :class:`Waiting`.
    """

    seat: int
    phase: str
    interjection: bool = False
    tick: int = 0


PortNeed = HumanTurn | Waiting | DealOver | SeriesOver
"""What a port asks now: like the controller's ``Need``, with :class:`Waiting` in place
of ``ComputerTurn``."""


@dataclass(frozen=True)
class HiddenDiscard:
    """Two cards went into the skat that this seat may not see: the declarer's discard,
    or a Schieberamsch pass, until the deal is over (on the wire ``"cards": null``)."""

    player: int  # the position that put them down


SeatAction = Action | HiddenDiscard
"""One action of the log as a seat knows it."""


MOVED_ON = "moved_on"
"""The code of a :class:`Refused` (or a remote table's refusal) that is no refusal for the
player: the move crossed a change of the table (the deal ended, the turn passed on, a
Kontra came in) and is moot. The window only draws the table as it is now."""
HOST_GONE = "host_gone"  # no connection to the host: the move cannot reach it
MOVE_OUT = "move_out"  # the last move is still on its way
LOBBY = "lobby"  # the phase of a :class:`Waiting` before the series' first deal


@dataclass(frozen=True)
class Refused:
    """The table refused this window's move. A local table raises
    :class:`~skat_desktop.app.table.TableError` at once instead; a remote one hears the
    host's answer later and says it with this event (``message``: one English line that
    names only the seat's own cards; ``reason``: for ``illegal``, the host table's own
    refusal code, a :class:`~skat_desktop.app.table.TableError`'s, or "")."""

    message: str
    code: str = "illegal"
    reason: str = ""


@dataclass(frozen=True)
class ConcessionAsked:
    """A declarer late in his game gives up if the defender ``asked`` agrees (ISkO 4.3.2):
    the table waits for that defender's word. Both are table seats."""

    declarer: int
    asked: int


@dataclass(frozen=True)
class ConcessionAnswered:
    """The defender's word on a late concession: ``agreed`` (the concession is applied
    next), or not -- he said no, did not answer in time, or the table moved on (a player
    went): the declarer plays on."""

    declarer: int
    asked: int
    agreed: bool


PortEvent = TableEvent | Refused | ConcessionAsked | ConcessionAnswered
PortListener = Callable[[PortEvent], None]


@runtime_checkable
class TablePort(Protocol):
    """A table as one window plays at it: what a LAN client can know and do, no more.

    Events reach :meth:`add_listener` listeners in the order the table made them, after
    the table's state is complete (a listener may call back). ``apply``, ``decline``,
    ``double`` and ``next_deal`` either raise
    :class:`~skat_desktop.app.table.TableError` at once (a local table) or send the move
    and let the answer come as events (a remote table: a :class:`Refused` event).
    """

    @property
    def profile(self) -> RuleProfile: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def table_size(self) -> int: ...

    @property
    def mine(self) -> tuple[int, ...]:
        """The table seats this window acts for (a kibitzer: none)."""
        ...

    @property
    def deal_number(self) -> int:
        """The current (or last) deal's number in the series; 0 before the first."""
        ...

    @property
    def planned_deals(self) -> int | None:
        """The series' length; None for a free series."""
        ...

    @property
    def series_finished(self) -> bool: ...

    @property
    def dealt(self) -> bool:
        """A deal is on the table (:meth:`view_for` answers)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer of the deal on the table (as its ``DealStarted`` said; 0 before)."""
        ...

    @property
    def deal_seats(self) -> tuple[int, int, int]:
        """Table seats of forehand, middlehand, rearhand in the deal on the table."""
        ...

    @property
    def actions(self) -> tuple[SeatAction, ...]:
        """The deal's action log as this window's seat knows it now."""
        ...

    @property
    def entries(self) -> tuple[SheetEntry, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    def evaluation(self) -> list[int]:
        """The profile's series score per seat (:func:`sheet_evaluation`)."""
        ...

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` -- one of :attr:`mine`, or the seat drawn at the bottom -- may
        know now; TableError before the first deal."""
        ...

    def request(self) -> PortNeed: ...

    def apply(self, action: Action) -> None: ...

    def decline(self, seat: int) -> None: ...

    def can_double(self, seat: int) -> bool: ...

    def double(self, seat: int) -> None: ...

    def next_deal(self) -> None:
        """Deal the next deal (local), or say this seat is ready for it (remote: at once,
        or -- pressed before the host finished the deal -- when it has)."""
        ...

    def add_listener(self, listener: PortListener) -> None: ...

    def remove_listener(self, listener: PortListener) -> None: ...

    @property
    def local(self) -> LocalTable | None:
        """The abilities of a table in this process (None: a remote table)."""
        ...


@runtime_checkable
class ConsentPort(Protocol):
    """A table that can put a declarer's late concession to a defender at another laptop
    (a LAN host's): the ability the window asks for with ``isinstance(port, ConsentPort)``.

    The declarer asks by his move ``Concede(position, agreed_by=the defender's position)``
    through :meth:`TablePort.apply`; while the defender is asked, :meth:`TablePort.request`
    waits for him (:class:`Waiting` of his seat) and the listeners hear
    :class:`ConcessionAsked`, then :class:`ConcessionAnswered`.
    """

    @property
    def concession(self) -> tuple[int, int] | None:
        """(declarer, asked defender), table seats, while a concession waits for the
        defender's word; None otherwise."""
        ...

    def consent_askable(self, seat: int) -> tuple[int, ...]:
        """The positions of the defenders whom ``seat``, declarer on turn in the card play,
        may ask now to agree that he gives up: none where he may concede without consent,
        may not concede at all, or no defender is a player there to answer."""
        ...

    def answer_concession(self, agree: bool) -> None:
        """This window's defender says yes or no to the concession he is asked about
        (TableError at once when he is not asked or the answer cannot be sent)."""
        ...


def seat_safe(event: TableEvent, mine: Sequence[int]) -> TableEvent:
    """``event`` as the seats ``mine`` may know it when it happens: the typed twin of
    :func:`skat_desktop.app.redaction.event_for` (tests/app/test_port.py checks that both
    say the same). Only a discard hides anything -- and a discard is never a deal's last
    action, so when it happens only its own seat may see it."""
    if type(event) is ActionApplied and type(event.action) is Discard and event.seat not in mine:
        return ActionApplied(event.seat, HiddenDiscard(event.action.player), event.index)
    return event


def sheet_evaluation(
    profile: RuleProfile, table_size: int, entries: Sequence[SheetEntry]
) -> list[int]:
    """The series score per seat from the sheet's lines alone (what a LAN client has)."""
    series = Series(profile, table_size)
    series.entries = list(entries)
    series.totals = list(entries[-1].totals) if entries else [0] * table_size
    return series.evaluation()


class LocalTable:
    """The :class:`TablePort` of a :class:`TableController` in this process, and its
    local abilities (:attr:`local` is this object itself).

    The controller's listener events are whole (a discard names its cards); this port
    hands its listeners the seat-safe form (:func:`seat_safe`) for the seats it acts for,
    and a computer's turn as :class:`Waiting`, so the window sees what a LAN client would.
    It registers with the controller only while it has listeners of its own.
    """

    def __init__(self, ctl: TableController) -> None:
        self.ctl = ctl
        self._listeners: list[PortListener] = []
        self._turn: ComputerTurn | None = None  # the computer's turn last asked
        self._tick = 0

    # ------------------------------------------------------------------ the table

    @property
    def profile(self) -> RuleProfile:
        return self.ctl.profile

    @property
    def names(self) -> tuple[str, ...]:
        return self.ctl.names

    @property
    def table_size(self) -> int:
        return self.ctl.table_size

    @property
    def mine(self) -> tuple[int, ...]:
        """The human seats (a practice replay may have moved the human)."""
        return self.ctl.human_seats

    @property
    def deal_number(self) -> int:
        return self.ctl.deal_number

    @property
    def planned_deals(self) -> int | None:
        return self.ctl.series.length

    @property
    def series_finished(self) -> bool:
        return self.ctl.series.finished

    @property
    def dealt(self) -> bool:
        return self.ctl.deal is not None

    @property
    def dealer(self) -> int:
        deal = self.ctl.deal
        return deal.setup.dealer if deal is not None else 0

    @property
    def deal_seats(self) -> tuple[int, int, int]:
        deal = self.ctl.deal
        if deal is not None:
            return deal.setup.seats
        return (0, 1, 2)

    @property
    def actions(self) -> tuple[SeatAction, ...]:
        deal = self.ctl.deal
        if deal is None:
            return ()
        if deal.finished:
            return tuple(deal.actions)
        seats = deal.setup.seats
        mine = {seats.index(s) for s in self.mine if s in seats}
        return tuple(
            HiddenDiscard(a.player) if type(a) is Discard and a.player not in mine else a
            for a in deal.actions
        )

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        return self.ctl.entries

    @property
    def totals(self) -> tuple[int, ...]:
        return self.ctl.totals

    def evaluation(self) -> list[int]:
        return self.ctl.evaluation()

    def view_for(self, seat: int) -> SeatView:
        return self.ctl.view_for(seat)

    # ------------------------------------------------------------------ the loop

    def request(self) -> PortNeed:
        need = self.ctl.request()
        if isinstance(need, ComputerTurn):
            if need != self._turn:  # a new turn (the same seat may be asked twice running)
                self._turn = need
                self._tick += 1
            return Waiting(need.seat, need.view.phase, need.interjection, self._tick)
        return need

    def apply(self, action: Action) -> None:
        """A move of one of :attr:`mine` (the controller checks it): TableError if not."""
        self.ctl.apply(action, seat=self._actor(action))

    def _actor(self, action: Action) -> int | None:
        """The table seat ``action`` is for, refused if it is not one of this window's."""
        deal = self.ctl.deal
        player = getattr(action, "player", None)
        if deal is None or type(player) is not int or not 0 <= player <= 2:
            return None  # the controller refuses it with its own sentence
        seat = deal.setup.seats[player]
        if seat not in self.mine:
            raise TableError(f"seat {seat + 1} is not yours to play", "not_your_seat")
        return seat

    def decline(self, seat: int) -> None:
        self.ctl.decline(seat)

    def can_double(self, seat: int) -> bool:
        return self.ctl.can_double(seat)

    def double(self, seat: int) -> None:
        self.ctl.double(seat)

    def next_deal(self) -> None:
        self.ctl.start_deal()

    def add_listener(self, listener: PortListener) -> None:
        if not self._listeners:
            self.ctl.add_listener(self._relay)
        self._listeners.append(listener)

    def remove_listener(self, listener: PortListener) -> None:
        self._listeners.remove(listener)
        if not self._listeners:
            self.ctl.remove_listener(self._relay)

    def _relay(self, event: TableEvent) -> None:
        seen = seat_safe(event, self.mine)
        for listener in list(self._listeners):
            listener(seen)

    @property
    def local(self) -> LocalTable:
        return self

    # ------------------------------------------------------------------ local abilities

    @property
    def practice(self) -> bool:
        """Practice aids (undo, hints, open cards, replay) are on."""
        return self.ctl.practice

    @property
    def seed(self) -> int:
        """The table's seed (hints draw their worlds from it)."""
        return self.ctl.seed

    def think_job(self, waiting: Waiting) -> Callable[[threading.Event | None], ThinkResult] | None:
        """The computer's thinking for ``waiting`` as a job for the worker (it reads only
        that seat's view); None when ``waiting`` is not the turn asked last."""
        turn = self._turn
        if turn is None or waiting.tick != self._tick or waiting.seat != turn.seat:
            return None
        ctl = self.ctl
        return lambda cancel=None: ctl.think(turn, cancel)

    def submit(self, result: ThinkResult) -> bool:
        """The worker's answer (False: the table moved on meanwhile)."""
        return self.ctl.submit(result)

    def claim_check(self, seat: int) -> Callable[[threading.Event | None], bool]:
        """The exhaustive check of ``seat``'s claim, for the worker (it knows every hand:
        its answer is never shown, the claim is applied or dropped)."""
        return self.ctl.claim_check(seat)

    def open_cards(self) -> OpenCards:
        return self.ctl.open_cards()

    def undo_last_card(self, seat: int) -> int:
        return self.ctl.undo_last_card(seat)

    def replay_deal(self, from_seat: int) -> None:
        self.ctl.replay_deal(from_seat)

    @property
    def deal_to_store(self) -> Deal | None:
        """The engine's deal, every card: for the store alone (a series begun while the
        database was busy keeps its finished deals until it can write them)."""
        return self.ctl.deal

    def series_maker(self, title: str | None) -> Callable[[Store], int]:
        """How this table's series is created later, on the writer's thread: exactly as
        the controller creates it itself (its players, rules, length and title)."""
        ctl = self.ctl
        planned = ctl.series.length

        def make(store: Store) -> int:
            return ctl._create_series(store, planned, 0, title)  # reads only the seats

        return make
