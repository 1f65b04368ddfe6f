"""A table a LAN host holds, as the table window plays at it: :class:`RemoteTable`.

The window drives every table through one seam, :class:`~skat_desktop.app.port.TablePort`
(docs/table-controller.md, "The table port"). A :class:`RemoteTable` offers that port over a
:class:`~skat_desktop.net.client.ClientTable`, which does the protocol: the host's frames
are fed in (:meth:`RemoteTable.feed`), the table's state is the client's, the moves go
out as frames through ``send``, and the host's answers come back later as events -- the
table's own event classes, decoded from the host's ``event`` frames, a
:class:`~skat_desktop.app.port.Refused` for an ``error`` that answers one of this window's
moves, and :class:`~skat_desktop.app.port.ConcessionAsked` /
:class:`~skat_desktop.app.port.ConcessionAnswered` for a declarer's late concession put to
a defender (``concession`` frames): the port is a :class:`~skat_desktop.app.port.ConsentPort`
too. Nothing here knows a card the seat may not know: the views, the log and the events
are the host's for this seat; a finished deal's full result is worked out from the cards
every seat sees once the deal is over.

Qt-free and socket-free (the GUI's :mod:`skat_desktop.gui.lan_link` holds the connection),
so it is tested against a host in the same process.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from skat_desktop.app.port import (
    HOST_GONE,
    LOBBY,
    MOVE_OUT,
    MOVED_ON,
    ConcessionAnswered,
    ConcessionAsked,
    HiddenDiscard,
    PortEvent,
    PortListener,
    PortNeed,
    Refused,
    SeatAction,
    Waiting,
    sheet_evaluation,
)
from skat_desktop.app.table import (
    ActionApplied,
    ActionsUndone,
    DealFinished,
    DealOver,
    DealStarted,
    HumanTurn,
    PlayerFailed,
    SeriesFinished,
    SeriesOver,
    TableError,
)
from skat_desktop.engine.actions import Action, Concede, Double, action_from_dict
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealResult
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import GameResult
from skat_desktop.engine.series import SheetEntry
from skat_desktop.engine.view import SeatView
from skat_desktop.net import protocol
from skat_desktop.net.client import ClientError, ClientTable, FinishedDeal, replay
from skat_desktop.net.protocol import (
    Commit,
    Concession,
    ErrorReply,
    Event,
    HostMessage,
    Joined,
    Pledges,
    ProtocolError,
    Reveal,
    Turn,
    is_code,
)

Send = Callable[[dict[str, Any]], None]

RACE_CODES = frozenset({"stale", "not_now", "not_your_turn"})
"""The host's refusals of a move that crossed a change of the table on the wire."""


class RemoteRefusal(TableError):
    """A move this port cannot send now; ``code`` says why, for the window to say it in
    the player's language (:data:`MOVED_ON`, :data:`HOST_GONE`, :data:`MOVE_OUT`, or a
    code of :data:`skat_desktop.net.protocol.ERROR_CODES`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


FINISHED_KEPT = 64  # finished deals waiting to be taken (the oldest go first)
SAID_KEPT = 32  # ids of this window's last moves, to tell their refusals
_ENTRY_FIELDS = {f.name for f in fields(SheetEntry)}
_TUPLE_FIELDS = ("seats", "scores", "totals", "outcome")


@dataclass(frozen=True)
class _Ended:
    """A finished deal as :func:`skat_desktop.net.client.replay` reads it."""

    number: int
    actions: tuple[dict[str, Any], ...]
    view: SeatView
    result: dict[str, Any] | None
    entry: dict[str, Any] | None
    seen: tuple[tuple[int, int, int], ...] = ()


def sheet_entry(data: Any) -> SheetEntry | None:
    """A score-sheet line as the host sent it (``asdict(SheetEntry)`` as JSON), or None
    when it is not one (a hostile host's line is not drawn)."""
    if type(data) is not dict:
        return None
    values = {k: v for k, v in data.items() if k in _ENTRY_FIELDS}
    for key in _TUPLE_FIELDS:
        value = values.get(key)
        if type(value) is not list or any(type(x) is not int for x in value):
            return None
        values[key] = tuple(value)
    try:
        entry = SheetEntry(**values)
    except TypeError:
        return None
    if type(entry.number) is not int or type(entry.dealer) is not int or len(entry.seats) != 3:
        return None
    return entry


def _wire_result(data: dict[str, Any], view: SeatView) -> DealResult:
    """A finished deal's result from the host's ``deal_finished`` when the deal cannot be
    replayed here: what the wire says, enough for the end-of-deal panel."""
    kind = data.get("kind") if data.get("kind") in ("game", "ramsch", "passed_in") else "passed_in"
    raw = data.get("scores")
    scores = tuple(raw) if type(raw) is list and len(raw) == 3 else (0, 0, 0)
    reason = data.get("reason") if type(data.get("reason")) is str else "played out"
    if kind == "game":
        try:
            contract = Contract.from_dict(data["contract"]) if data.get("contract") else None
            contract = contract or view.contract
            declarer = data.get("declarer", view.declarer)
            won = bool(data.get("won"))
            value = int(data.get("value") or 0)
            levels = tuple(str(x) for x in data.get("levels") or ())
            matadors = int(data.get("matadors") or 0)
            game = GameResult(
                won,
                value,
                int(data.get("score") or 0),
                contract.game,
                base=value // max(1, matadors + len(levels)),
                with_matadors=data.get("with_matadors"),
                matadors=matadors,
                levels=levels,
                overbid=bool(data.get("overbid")),
                kontra=int(data.get("kontra") or 0),
            )
            return DealResult(
                kind,
                scores,
                reason,
                declarer=declarer,
                bid=int(data.get("bid") or 0),
                contract=contract,
                game=game,
                declarer_points=int(data.get("declarer_points") or 0),
                declarer_tricks=int(data.get("declarer_tricks") or 0),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            kind = "passed_in"  # nothing to show of a game the host did not describe
    return DealResult(kind, scores, reason)


class RemoteTable:
    """The :class:`~skat_desktop.app.port.TablePort` (and
    :class:`~skat_desktop.app.port.ConsentPort`) of a table held by a LAN host.

    ``client`` is this connection's :class:`ClientTable` for the table (joined, or
    joining: the window gets the port once the host's ``joined`` came); ``send`` puts a
    frame on the wire. The link feeds every host message through :meth:`feed`, which
    answers what the protocol asks (a fair-deal contribution) and tells the listeners
    what changed. :attr:`connected` is the link's: while the host is gone a move is
    refused at once instead of being lost.
    """

    def __init__(self, client: ClientTable, send: Send) -> None:
        self.client = client
        self._send = send
        self.connected = True
        self.link: object | None = None  # whoever feeds it (the GUI's LanLink)
        self._listeners: list[PortListener] = []
        self._out: int | None = None  # the id of this window's move on its way
        self._changes = 0  # table changes heard (events, turns, joins)
        self._last_move: tuple[int | None, int] = (None, 0)  # its id, and changes heard then
        self._said: set[int] = set()  # frame ids of this window's moves (for Refused)
        self._ready_for = 0  # the deal after which this seat said it is ready
        # the deal whose Next was pressed after its last move came and before the host's
        # deal_finished did (the window shows the end from the move): said when that comes
        self._next_early = 0
        self._results: dict[int, tuple[DealResult, tuple[Action, ...] | None]] = {}
        self._finished: list[FinishedDeal] = []
        self._held: tuple[int, list[PortEvent]] | None = None  # a deal's end awaiting its reveal
        self.verdicts: dict[int, bool | str] = {}  # deal number -> verified, or why not
        self._log_cache: tuple[int, int, tuple[SeatAction, ...]] = (0, -1, ())

    # ------------------------------------------------------------------ the table

    @property
    def table_id(self) -> str | None:
        return self.client.table

    @property
    def profile(self) -> RuleProfile:
        if self.client.profile is None:
            raise TableError("the host has not seated this window yet")
        return self.client.profile

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n if n else "—" for n in self.client.names)

    @property
    def table_size(self) -> int:
        return len(self.client.names)

    @property
    def mine(self) -> tuple[int, ...]:
        seat = self.client.seat
        return () if seat is None else (seat,)

    @property
    def deal_number(self) -> int:
        return self.client.deal_number

    @property
    def planned_deals(self) -> int | None:
        planned = getattr(self.client, "planned_deals", None)
        if type(planned) is int:
            return planned
        planned = (self.client.info or {}).get("planned_deals")
        return planned if type(planned) is int and planned > 0 else None

    @property
    def series_finished(self) -> bool:
        return self.client.series_over

    @property
    def dealt(self) -> bool:
        c = self.client
        return c.joined and c.deal_number > 0 and c.view is not None

    @property
    def dealer(self) -> int:
        return self._seating()[0]

    @property
    def deal_seats(self) -> tuple[int, int, int]:
        return self._seating()[1]

    def _seating(self) -> tuple[int, tuple[int, int, int]]:
        """The dealer and the seats of the deal on the table: as ``deal_started`` said,
        or -- joined in the middle of a deal -- from this seat's place in it."""
        c = self.client
        n = max(3, len(c.names))
        if c.dealer is not None and c.deal_seats is not None:
            return c.dealer, c.deal_seats
        view = c.view
        dealer = 0
        if view is not None and view.seat is not None:
            # the dealer sits out at four; forehand sits left of him: seat = dealer + 1 + pos
            pos = view.position
            dealer = view.seat if pos is None else (view.seat - 1 - pos) % n
        elif c.entries:
            last = c.entries[-1].get("dealer")
            dealer = (last + 1) % n if type(last) is int and 0 <= last < n else 0
        return dealer, active_seats(n, dealer)

    @property
    def actions(self) -> tuple[SeatAction, ...]:
        """The deal's log as this seat knows it (every card once the deal is over)."""
        c = self.client
        if not self.dealt:
            return ()
        done = self._results.get(c.deal_number)
        if c.deal_over and done is not None and done[1] is not None:
            return done[1]
        number, length, log = self._log_cache
        if (number, length) == (c.deal_number, len(c.actions)):
            return log
        log = tuple(_seat_action(a) for a in c.actions)
        self._log_cache = (c.deal_number, len(c.actions), log)
        return log

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        return tuple(e for e in (sheet_entry(d) for d in self.client.entries) if e is not None)

    @property
    def totals(self) -> tuple[int, ...]:
        totals = self.client.totals
        return totals if len(totals) == self.table_size else (0,) * self.table_size

    def evaluation(self) -> list[int]:
        return sheet_evaluation(self.profile, self.table_size, self.entries)

    def view_for(self, seat: int) -> SeatView:
        """This window's view (the host sends no other); with the deal's full result once
        it is over."""
        c = self.client
        if not self.dealt:
            raise TableError("no deal has been dealt yet")
        view = c.view
        if view.result is not None:
            done = self._results.get(c.deal_number)
            if done is None:
                done = self._work_out(c.deal_number, None)
            view = replace(view, result=done[0])
        return view

    # ------------------------------------------------------------------ what is asked

    def request(self) -> PortNeed:
        """Like the local table's; while the host is gone this seat's turn waits too
        (:class:`Waiting`), since no move can reach the host -- and while the host holds
        the table (it cannot save it; a concession waits for a defender's word), since it
        would refuse any move."""
        c = self.client
        if not self.dealt:
            return Waiting(self._lobby_seat(), LOBBY, False, c.tick)
        view = self.view_for(c.seat if c.seat is not None else 0)
        if view.result is not None:
            entry = self._last_entry()
            if c.series_over:
                return SeriesOver(view.result, entry, self.totals)
            return DealOver(view.result, entry)
        concession = self.concession
        if concession is not None:  # the table waits for the defender asked to agree
            return Waiting(concession[1], view.phase, False, c.tick)
        if c.turn is not None:
            seat, interjection = c.turn
        else:  # between an event and the host's turn frame: whoever the view names
            seats = self.deal_seats
            seat = seats[view.to_move] if view.to_move is not None else seats[0]
            interjection = False
        held = getattr(c, "paused", None) is not None or getattr(c, "concession", None)
        if seat in self.mine and c.turn is not None and self.connected and not held:
            if interjection:
                doubles = tuple(a for a in view.legal if type(a) is Double)
                if doubles:
                    return HumanTurn(seat, view, doubles, interjection=True)
            elif view.position is not None and view.to_move == view.position and view.legal:
                return HumanTurn(seat, view, view.legal)
        return Waiting(seat, view.phase, interjection, c.tick)

    def _lobby_seat(self) -> int:
        """The seat the table waits for before its first deal (an open or absent one)."""
        for info in self.client.seat_infos or ():
            if info["kind"] == "open" or (info["kind"] == "human" and not info["connected"]):
                return info["seat"]
        return self.client.seat if self.client.seat is not None else 0

    def _last_entry(self) -> SheetEntry | None:
        c = self.client
        entry = sheet_entry(c.entries[-1]) if c.entries else None
        return entry if entry is not None and entry.number == c.deal_number else None

    @property
    def ready(self) -> bool:
        """This seat said it is ready for the next deal (the host deals when all are), or
        pressed Next before the host's ``deal_finished`` came (said when it comes)."""
        c = self.client
        if self._next_early and self._next_early == c.deal_number:
            return True  # (also while the deal's end is drawn, just before it is said)
        return c.deal_over and self._ready_for == c.deal_number

    def answers(self, re: int | None) -> bool:
        """Whether a host's error with ``re`` answers one of this window's moves (it comes
        as a :class:`~skat_desktop.app.port.Refused` event)."""
        return re is not None and re in self._said

    @property
    def move_out(self) -> bool:
        """A move of this window is on its way to the host."""
        return self._out is not None

    # ------------------------------------------------------------------ the moves

    def _send_move(self, make: Callable[[], dict[str, Any]]) -> None:
        if not self.connected:
            raise RemoteRefusal(
                HOST_GONE, "the host is not connected: wait until the table is back"
            )
        if self._out is not None:
            raise RemoteRefusal(MOVE_OUT, "your last move is still on its way to the host")
        try:
            frame = make()
        except ClientError as e:
            raise RemoteRefusal("not_joined", str(e)) from None
        self._out = frame.get("id")
        self._last_move = (self._out, self._changes)
        self._said_now(self._out)
        self._send(frame)

    def _said_now(self, frame_id: int | None) -> None:
        """Remember a move's frame id (its refusal is this window's); a few are enough."""
        self._said.add(frame_id)
        while len(self._said) > SAID_KEPT:
            self._said.discard(min(self._said, key=lambda i: -1 if i is None else i))

    def apply(self, action: Action) -> None:
        """Send a move of this window's seat; the host's event (or ``Refused``) answers.
        A move the table has moved past already (the deal ended, the turn passed on while
        the player chose) is refused with :data:`MOVED_ON`: nothing to say, only to draw."""
        c = self.client
        view = c.view
        if c.seat is None:
            raise RemoteRefusal("not_joined", "a kibitzer cannot play")
        if not self.connected:
            raise RemoteRefusal(
                HOST_GONE, "the host is not connected: wait until the table is back"
            )
        if not self.dealt or view is None or view.result is not None:
            raise RemoteRefusal(MOVED_ON, "no deal is in play")
        if view.position is None:
            raise RemoteRefusal(MOVED_ON, "this seat sits this deal out")
        if getattr(action, "player", None) != view.position:
            # chosen at this seat's place in the deal before (a new deal seats it anew)
            raise RemoteRefusal(MOVED_ON, "you can act only for your own seat")
        if not c.my_turn and self._out is None:
            raise RemoteRefusal(MOVED_ON, "the table does not wait for this seat now")
        if c.my_turn and c.turn[1] and type(action) is not Double:
            # asked for Kontra/Re now: the move was chosen for the turn before
            raise RemoteRefusal(MOVED_ON, "the table asks this seat for Kontra or Re now")
        self._send_move(lambda: c.act(action))

    def decline(self, seat: int) -> None:
        if seat not in self.mine:
            raise RemoteRefusal("not_your_turn", f"seat {seat + 1} is not yours to play")
        c = self.client
        if self._out is None and not (c.my_turn and c.turn[1]):
            raise RemoteRefusal(MOVED_ON, "this seat is not asked for Kontra or Re now")
        self._send_move(c.decline)

    def can_double(self, seat: int) -> bool:
        if seat not in self.mine or not self.dealt or not self.connected:
            return False
        view = self.client.view
        return view.result is None and any(type(a) is Double for a in view.legal)

    def double(self, seat: int) -> None:
        if not self.can_double(seat):
            raise RemoteRefusal(MOVED_ON, f"seat {seat + 1} cannot double now")
        action = next(a for a in self.client.view.legal if type(a) is Double)
        self.apply(action)

    def next_deal(self) -> None:
        """Say this seat is ready for the next deal (once per deal). Pressed while the
        deal's end is shown from its last move, before the host's ``deal_finished``: said
        once that comes."""
        c = self.client
        if c.series_over or c.seat is None or self.ready:
            return
        if not c.deal_over:
            if self.dealt and self._shows_deal_end():
                self._next_early = c.deal_number  # its deal_finished is on its way
            return
        if not self.connected:
            raise RemoteRefusal(
                HOST_GONE, "the host is not connected: wait until the table is back"
            )
        try:
            frame = c.next_deal()
        except ClientError as e:
            raise RemoteRefusal("not_joined", str(e)) from None
        self._ready_for = c.deal_number
        self._said_now(frame.get("id"))
        self._send(frame)

    # ------------------------------------------------------------------ a late concession

    @property
    def concession(self) -> tuple[int, int] | None:
        """(declarer, asked defender) as table seats while the host puts a declarer's late
        concession to that defender; None otherwise, and while the host is gone (it lapses
        when the declarer or the defender goes; a rejoin shows one still asked again)."""
        return self.client.concession if self.connected else None

    def consent_askable(self, seat: int) -> tuple[int, ...]:
        """The positions of the defenders whom ``seat`` -- this window's, the declarer, on
        turn in the card play -- may ask now to agree that he gives up (ISkO 4.3.2,
        ``Deal.can_concede(player, agreed_by)``): only under the ISkO's rule, only where he
        may not give up on his own (then ``Concede`` is among his legal moves), and only a
        defender who is a player connected at the host (a computer, a computer playing for
        an absent player, or an absent player cannot agree: the host would refuse)."""
        c = self.client
        if seat not in self.mine or not self.connected or self._out is not None:
            return ()
        if not self.dealt or not c.my_turn or c.turn[1] or c.concession is not None:
            return ()
        view = c.view
        pos = view.position
        if view.result is not None or view.phase != "play" or pos is None:
            return ()
        if view.declarer != pos or view.to_move != pos or view.profile.concession != "isko":
            return ()
        if any(type(a) is Concede for a in view.legal):
            return ()  # early in the game: he gives up without anyone's consent
        here = {
            info["seat"]
            for info in c.seat_infos or ()
            if info["kind"] == "human" and info["connected"] and info["seat"] not in c.substitutes
        }
        seats = self.deal_seats
        return tuple(d for d in range(3) if d != pos and seats[d] in here)

    def answer_concession(self, agree: bool) -> None:
        """This seat's yes or no to the concession it is asked about (the host's
        ``concession`` frame with the answer follows, for everyone)."""
        if not self.connected:
            raise RemoteRefusal(
                HOST_GONE, "the host is not connected: wait until the table is back"
            )
        asked = self.concession
        if asked is None or asked[1] not in self.mine:
            raise RemoteRefusal(MOVED_ON, "nobody asks this seat to agree now")
        c = self.client
        self._send_move(lambda: c.consent(bool(agree)))

    # ------------------------------------------------------------------ between deals

    def chat(self, text: str) -> None:
        """A chat line to the table (the host takes it only between deals)."""
        try:
            frame = self.client.chat(text)
        except ClientError as e:
            raise RemoteRefusal("bad_field", str(e)) from None
        self._send(frame)

    def leave(self) -> None:
        """Tell the host this seat leaves (the seat and its token stay this player's)."""
        with contextlib.suppress(ClientError):
            self._send(self.client.leave())

    # ------------------------------------------------------------------ listeners

    def add_listener(self, listener: PortListener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: PortListener) -> None:
        self._listeners.remove(listener)

    @property
    def local(self) -> None:
        return None

    def _tell(self, events: list[PortEvent]) -> None:
        for event in events:
            for listener in list(self._listeners):
                listener(event)

    # ------------------------------------------------------------------ the host's frames

    def set_connected(self, connected: bool) -> None:
        """The link lost (or got back) its connection: a move on its way is lost with it."""
        self.connected = connected
        if not connected:
            self._out = None
            if self._held is not None:  # the reveal will not come on this connection
                _, waiting = self._held
                self._held = None
                self._tell(waiting)

    def feed(self, message: HostMessage | dict[str, Any]) -> list[PortEvent]:
        """One message from the host: the client takes it (or notes why not), its answers
        go out, and the listeners hear what changed; returns those events."""
        if isinstance(message, dict):
            try:
                message = protocol.parse_host(message)
            except ProtocolError as e:
                self.client.note(f"the host sent a bad frame: {e.message}")
                return []
        c = self.client
        before = (c.joined, c.deal_number, len(c.actions), c.deal_over, c.problem_count)
        replies = c.feed(message)
        for reply in replies:
            self._send(reply)
        if c.problem_count != before[-1]:
            return []  # refused: nothing changed
        events = self._events(message, before)
        self._collect()
        events = self._hold(message, events)
        self._tell(events)
        self._next_when_over()
        return events

    def _shows_deal_end(self) -> bool:
        """The window shows this deal's end: its last move is in (the host's
        ``deal_finished`` may still be on its way)."""
        c = self.client
        return self.view_for(c.seat if c.seat is not None else 0).result is not None

    def _next_when_over(self) -> None:
        """A Next pressed between a deal's last move and its ``deal_finished`` is said now
        that the host finished the deal -- unless that was the series' last deal."""
        c = self.client
        if not self._next_early or not c.deal_over:
            return
        early, self._next_early = self._next_early, 0
        planned = self.planned_deals
        last = planned is not None and c.deal_number >= planned
        if early != c.deal_number or c.series_over or last:
            return
        with contextlib.suppress(RemoteRefusal):  # the host went: the end offers Next again
            self.next_deal()

    def _hold(self, msg: HostMessage, events: list[PortEvent]) -> list[PortEvent]:
        """A deal's end waits for its reveal, which follows at once: only the reveal's
        whole log shows a discard this seat did not see, and with it the engine's full
        result. Whatever else the table does first lets the end go as the wire said it."""
        held = self._held
        if held is None:
            if events and type(events[0]) is DealFinished and self._results_open():
                self._held, events = (self.client.deal_number, events), []
            return events
        number, waiting = held
        if isinstance(msg, Event) and msg.event["event"] in ("series_finished", "player_failed"):
            waiting.extend(events)
            return []
        exact = self._results.get(number)
        if exact is None or exact[1] is None:
            if isinstance(msg, Reveal | Event | Joined | Commit):
                pass  # the table moved on without the reveal: the end as the wire said it
            elif not isinstance(msg, Pledges):
                return events  # a chat line, who sits where: the end still waits
        self._held = None
        first = waiting[0]
        if exact is not None and exact[1] is not None:
            first = DealFinished(exact[0], first.entry)
        return [first, *waiting[1:], *events]

    def _results_open(self) -> bool:
        """The deal just finished could not be replayed from this seat's log yet."""
        done = self._results.get(self.client.deal_number)
        return done is not None and done[1] is None

    def _events(self, msg: HostMessage, before: tuple[Any, ...]) -> list[PortEvent]:
        c = self.client
        if isinstance(msg, ErrorReply):
            if msg.re is not None and msg.re in self._said:
                self._said.discard(msg.re)
                if msg.re == self._out:
                    self._out = None
                # the table changed after the move left: it crossed that change
                move, heard = self._last_move
                moot = msg.re == move and msg.code in RACE_CODES and self._changes > heard
                if msg.code == "not_now" and self.ready:
                    return []  # "next" to a host that is dealing already
                reason = msg.params.get("reason", "")
                reason = reason if is_code(reason) else ""
                return [Refused(msg.message, MOVED_ON if moot else msg.code, reason)]
            return []
        if isinstance(msg, Event | Turn | Joined | Concession):
            self._changes += 1
        if isinstance(msg, Joined):
            self._out = None
            self._next_early = 0  # a Next pressed before is pressed again if still due
            self._said.clear()
            return self._caught_up(before)
        if isinstance(msg, Turn):
            self._out = None  # the table moved on (a "no Kontra" has no event of its own)
            return []
        if isinstance(msg, Concession):
            if msg.re is not None and msg.re in self._said:
                self._said.discard(msg.re)  # the host took the move: it asks, or has the word
                if msg.re == self._out:
                    self._out = None
            if msg.answer is None:
                return [ConcessionAsked(msg.declarer, msg.asked)]
            return [ConcessionAnswered(msg.declarer, msg.asked, msg.answer)]
        if not isinstance(msg, Event):
            return []
        e = msg.event
        kind = e["event"]
        if kind == "deal_started":
            self._ready_for = self._next_early = 0
            return [DealStarted(e["number"], e["dealer"], tuple(e["seats"]), e["replay"])]
        if kind == "action_applied":
            if e["seat"] in self.mine:
                self._out = None
            return [ActionApplied(e["seat"], _seat_action(e["action"]), e["index"])]
        if kind == "deal_finished":
            result, _ = self._work_out(c.deal_number, e["result"])
            return [DealFinished(result, sheet_entry(e["entry"]))]
        if kind == "actions_undone":
            self._next_early = 0  # the deal is not over after all
            return [ActionsUndone(e["seat"], e["count"])]
        if kind == "player_failed":
            return [PlayerFailed(e["seat"], e["code"], dict(e["params"]))]
        if kind == "series_finished":
            return [SeriesFinished(tuple(e["totals"]))]
        return []

    def _caught_up(self, before: tuple[Any, ...]) -> list[PortEvent]:
        """Events for what happened while this window was away (a ``joined`` after a
        reconnect): a new deal, the moves it missed, the deal's end."""
        c = self.client
        was_joined, number, moves, over = before[:4]
        if not was_joined or not self.dealt:
            return []
        events: list[PortEvent] = []
        if c.deal_number != number:
            dealer, seats = self._seating()
            events.append(DealStarted(c.deal_number, dealer, seats))
            moves, over = 0, False
        seats = self.deal_seats
        view = self.view_for(c.seat if c.seat is not None else 0)  # a deal over: replayed
        log = self.actions
        for index in range(moves, len(log)):
            action = log[index]
            events.append(ActionApplied(seats[action.player], action, index))
        if view.result is not None and not over:
            events.append(DealFinished(view.result, self._last_entry()))
        return events

    def _work_out(
        self, number: int, wire: dict[str, Any] | None
    ) -> tuple[DealResult, tuple[Action, ...] | None]:
        """The finished deal ``number`` replayed from the cards everyone sees at its end
        and its log: the engine's full result (and every move). A discard this seat did
        not see is shown only by the reveal, which follows at once (:meth:`_collect`
        replaces this then); until then -- or if it never comes -- the wire's words."""
        c = self.client
        entries = [d for d in c.entries if type(d) is dict and d.get("number") == number]
        ended = _Ended(number, tuple(c.actions), c.view, wire, entries[-1] if entries else None)
        deal: Deal | None = None
        try:
            deal, _ = replay(c.profile, len(c.names), ended, None)
        except Exception:  # the host's deal does not replay: its own words are shown
            deal = None
        if deal is not None and deal.result is not None:
            done = (deal.result, tuple(deal.actions))
        else:
            said = wire if wire is not None else _view_result(c.view)
            done = (_wire_result(said, c.view), None)
        self._results[number] = done
        while len(self._results) > 8:
            del self._results[min(self._results)]
        return done

    def _collect(self) -> None:
        """Finished deals the client checked (revealed), for the link to keep."""
        for done in self.client.take_finished():
            self._finished.append(done)
            if done.fetched:
                continue  # fetched to fill the copy, not seen played: no verdict of its own
            self.verdicts[done.number] = done.verified
            deal = done.deal  # replayed from the reveal's whole log: every discard open
            if deal is not None and deal.result is not None:
                self._results[done.number] = (deal.result, tuple(deal.actions))
        while len(self.verdicts) > FINISHED_KEPT:
            del self.verdicts[min(self.verdicts)]
        del self._finished[:-FINISHED_KEPT]

    def take_finished(self) -> list[FinishedDeal]:
        """The finished, checked deals not taken yet (for the client's own copy)."""
        out, self._finished = self._finished, []
        return out


def _view_result(view: SeatView) -> dict[str, Any]:
    r = view.result
    return {"kind": r.kind, "scores": list(r.scores), "reason": r.reason}


def _seat_action(data: dict[str, Any]) -> SeatAction:
    """An action of the log as the wire says it: a discard without its cards is hidden."""
    if data.get("type") == "discard" and data.get("cards") is None:
        return HiddenDiscard(data["player"])
    return action_from_dict(data)
