"""A LAN client's side of one table (docs/protocol.md), sans-IO: no socket, no asyncio, no Qt.

:class:`ClientTable` is fed every message the host sends (:meth:`ClientTable.feed`) and
keeps the table as this seat knows it: the rules, the names, its seat (or a kibitzer's
place), the session token, the change counter (``tick``), the seat's view, the deal's
log as far as it may be known, the score sheet, who is connected and who is waited for,
the chat. It builds the frames the client sends (act, decline, next, chat, and its
contribution to every fair deal it plays in) and checks each deal once the host reveals
how it was dealt: the host's secret matches its commitment, this client's contribution
is in the seed, the cards it was shown are the seed's, and the log replays on them to
the host's result. A deal is ``verified`` (True) or not, with one sentence saying why
(a :class:`~skat_desktop.net.fairness.NotVerified`: the sentence, and a code for the window).

The host may be hostile: whatever it sends ends as at most one line in
:attr:`ClientTable.problems`, with the state as it was before that frame. Memory stays
bounded (the log of one deal, a few deals' checks, the last chat lines).

:class:`ClientRecorder` keeps the client's own copy of the series in its own store: each
finished deal, rebuilt from its cards and its full log, goes through the app layer's
:class:`~skat_desktop.app.sheets.SeriesService` with the same deal number and moves as
the host's, and with the deal's verification in its record (``extra.lan``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import sqlite3
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.actions import Action, action_from_dict
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import DealtCards, deal_from_seed
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import BUILTIN, RuleProfile
from skat_desktop.engine.record import record_from_deal, result_to_dict
from skat_desktop.engine.view import SeatView
from skat_desktop.net import fairness, protocol
from skat_desktop.net.fairness import NotVerified
from skat_desktop.net.protocol import (
    ChatLine,
    Closing,
    Commit,
    Concession,
    ErrorReply,
    Event,
    HostMessage,
    Joined,
    Pledges,
    Pong,
    ProtocolError,
    Records,
    Reveal,
    Seats,
    Tables,
    Turn,
    Welcome,
)
from skat_desktop.store.database import DatabaseBusy, StoreError

if TYPE_CHECKING:
    from skat_desktop.store.repository import Store

CHAT_KEPT = 100  # chat lines kept for the window
PROBLEMS_KEPT = 50  # the host's refused frames, one line each
ERRORS_KEPT = 20  # the host's error replies to this client's frames
CHECKS_KEPT = 8  # deals whose fair-deal record is kept (the current one and a few before)
READY_KEPT = 100  # finished deals waiting for the recorder (more than one records answer)
HELD_KEPT = 64  # finished deals the recorder holds until the deals before them are fetched
SEEN_KEPT = 200  # hands shown during one deal (a deal has fewer than 100 changes)
LAN_SOURCE = "lan"  # the stored series' source: played at a LAN table


class Notes(Protocol):
    """Whatever keeps one line about a deal that could not be kept (a :class:`ClientTable`)."""

    def note(self, text: str) -> None: ...


class ClientError(ValueError):
    """A frame this client cannot build now, or a deal it cannot keep; one sentence."""


class MissingDeals(ClientError):
    """A deal the client's copy cannot keep yet: the deals from ``first`` on are missing
    (played before this client came, or while it was away). They can be fetched."""

    def __init__(self, message: str, first: int) -> None:
        super().__init__(message)
        self.first = first


class _Refused(ValueError):
    """A host frame that does not fit the table as this client knows it."""


def _one_line(text: object, limit: int = 300) -> str:
    """``text`` on one line, cut at ``limit``; a verdict keeps its code."""
    line = " ".join(str(text).split()) or "unknown"
    line = line if len(line) <= limit else line[: limit - 1] + "…"
    return text.reworded(line) if isinstance(text, NotVerified) else line


@dataclass(frozen=True)
class ChatMessage:
    seat: int | None  # None: a kibitzer
    name: str
    text: str


@dataclass(frozen=True)
class DealCheck:
    """The fair-deal record of one deal as this client saw it."""

    number: int
    commitment: bytes | None = None  # from ``commit``, before the deal was dealt
    contributors: tuple[int, ...] = ()
    mine: bytes | None = field(default=None, repr=False)  # what this client contributed
    start_hand: int | None = field(default=None, repr=False)  # its hand when the deal began
    position: int | None = None  # its position in the deal (None: sits out, kibitzes)
    recommitted: bool = False  # the host committed to this deal twice, differently
    late: bool = False  # the commitment was first seen after the deal was dealt
    left_out: bool = False  # seated and there, yet not asked (or its pledge shown changed)
    pledged_on: int | None = None  # the connection (``ClientTable.connections``) it pledged on
    missing: bool = False  # its pledge was not among the pledges shown (judged at the reveal)
    away: bool = False  # ... and the connection it pledged on was lost before they were shown
    # seated, yet not asked because it was not there when the deal was committed (the
    # commit came right after a ``joined``): its bytes are not in the deal
    unasked: bool = False
    # every seat's pledge as shown before anyone opened (None: not seen before the deal)
    pledges: dict[int, bytes] | None = field(default=None, repr=False)
    repledged: bool = False  # the host showed the pledges twice, differently
    opened: bool = False  # this client opened its bytes
    withheld: tuple[int, ...] = ()  # seats that pledged and did not open (the reveal's)
    late_pledges: tuple[int, ...] = ()  # asked seats whose pledge came too late (``late``)
    seed: int | None = None  # from ``reveal``
    verified: bool | str | None = None  # None: not revealed yet; True; or why not


@dataclass(frozen=True)
class _Over:
    """A finished deal waiting for its reveal: what the recorder and the check need."""

    number: int
    actions: tuple[dict[str, Any], ...]
    view: SeatView | None  # the final view: every card is open (None: a fetched record)
    result: dict[str, Any] | None  # the host's result (result_to_dict), None after a rejoin
    entry: dict[str, Any] | None  # the host's sheet line
    seen: tuple[tuple[int, int, int], ...]  # (log length, position, hand) shown meanwhile


@dataclass(frozen=True)
class FinishedDeal:
    """A deal that is over, as this client can keep it: ``deal`` is the engine's deal
    rebuilt from the dealt cards and the full log (None when it cannot be, ``problem``
    says why), ``verified`` True or why the deal is not verified."""

    table: str
    number: int
    profile: RuleProfile
    names: tuple[str | None, ...]
    kinds: tuple[str, ...]  # "human" / "computer" / "open" by seat, as last heard
    table_name: str
    host: str
    planned_deals: int | None
    entry: dict[str, Any] | None
    seed: int | None
    verified: bool | str
    deal: Deal | None = field(default=None, repr=False)
    problem: str | None = None
    withheld: tuple[int, ...] = ()  # seats that pledged bytes to the deal and did not open
    fetched: bool = False  # its record was fetched afterwards (``records``), not seen played


@dataclass(frozen=True)
class SeriesAtHost:
    """How far the host's series at the table joined is, and what finds this client's
    copy of it (:meth:`ClientRecorder.catch_up`): taken on the thread that feeds the
    table, read on the writer's."""

    host: str
    table: str
    profile: RuleProfile
    names: tuple[str | None, ...]
    deals_done: int  # the deals of the series the host has finished


# --------------------------------------------------------------------------- the table


class ClientTable:
    """One table as this client knows it, fed with the host's messages."""

    def __init__(self, table: str | None = None) -> None:
        self.table = table  # the table id (from join, or the first ``joined``)
        self.host: str = ""  # the host's display name (welcome)
        self.server: str = ""
        self.challenge: bytes | None = None
        self.tables: tuple[dict[str, Any], ...] = ()  # the last table list
        self.info: dict[str, Any] | None = None  # this table's entry in that list
        self.joined = False
        self.table_name = ""  # the table's name (joined)
        self.planned_deals: int | None = None  # the series' length (joined)
        self.deals_done = 0  # finished deals of the series (joined, then each deal_finished)
        self.state = "lobby"  # the series: "lobby", "playing" or "finished"
        self.profile: RuleProfile | None = None
        self.names: tuple[str | None, ...] = ()
        self.seat: int | None = None  # None: kibitzing (or not joined)
        self.token: str | None = None
        self.tick = 0
        self.view: SeatView | None = None
        self.deal_number = 0
        self.dealer: int | None = None
        self.deal_seats: tuple[int, int, int] | None = None  # forehand, middlehand, rearhand
        self.actions: list[dict[str, Any]] = []  # the deal's log as this seat may know it
        self.deal_over = False
        self.series_over = False
        self.entries: list[dict[str, Any]] = []  # the sheet's lines as the host sent them
        self.totals: tuple[int, ...] = ()
        self.seat_infos: tuple[dict[str, Any], ...] = ()
        self.waiting_for: int | None = None  # a dropped seat the table waits for
        self.substitutes: tuple[int, ...] = ()  # seats a computer plays for now
        self.turn: tuple[int, bool] | None = None  # (seat, interjection) asked now
        # (declarer, asked defender) while a late concession waits for consent
        self.concession: tuple[int, int] | None = None
        self.paused: str | None = None  # why the host holds the table (host_cannot_save)
        self.chat_lines: deque[ChatMessage] = deque(maxlen=CHAT_KEPT)
        self.notices: deque[str] = deque(maxlen=CHAT_KEPT)  # e.g. a computer that failed
        self.problems: deque[str] = deque(maxlen=PROBLEMS_KEPT)
        self.problem_count = 0
        self.errors: deque[ErrorReply] = deque(maxlen=ERRORS_KEPT)
        self.closing: str | None = None
        self.pongs = 0
        # connections so far (each begins with a ``welcome``): a pledge sent on one that
        # was lost may never have reached the host
        self.connections = 0
        self.checks: dict[int, DealCheck] = {}
        # the deal that was dealt already when this client came (joined, or came back on
        # a new connection, in its middle or at its end): its dealing cannot be checked
        # here, which is no fault of the host's
        self.came_during: int | None = None
        self._over: dict[int, _Over] = {}
        self._ready: deque[FinishedDeal] = deque()
        self._seen: list[tuple[int, int, int]] = []
        self._next_id = 0
        # a commit right after a ``joined`` mid-series is the one in progress shown again
        # (this seat may not have been there to be asked): no "left out" verdict for it
        self._rejoined = False
        self.fetching: int | None = None  # a ``records`` request is out from this deal on
        self.joins = 0  # ``joined`` frames so far (a request before the last one is lost)
        # the ids of the joins sent and not answered yet: a ``joined`` must answer one. A
        # host that sent one unasked on a live connection could pass a seat it left out
        # of a commit off as come back (not asked, "not checked") with no drop to be seen
        self._joins_out: frozenset[int] = frozenset()

    # ------------------------------------------------------------------ state

    @property
    def kibitzing(self) -> bool:
        return self.joined and self.seat is None

    @property
    def my_turn(self) -> bool:
        """The host waits for this seat (to act, or to say Kontra/Re or decline)."""
        return self.seat is not None and self.turn is not None and self.turn[0] == self.seat

    @property
    def problem(self) -> str | None:
        """The last refused host frame, one line."""
        return self.problems[-1] if self.problems else None

    def verified(self, number: int) -> bool | str | None:
        """Deal ``number``: True, why it is not verified, or None (not revealed yet)."""
        check = self.checks.get(number)
        return None if check is None else check.verified

    def series_at_host(self) -> SeriesAtHost | None:
        """The table joined, for the client's copy to catch up with (None: no table)."""
        if not self.joined or self.table is None or self.profile is None:
            return None
        return SeriesAtHost(self.host, self.table, self.profile, self.names, self.deals_done)

    def take_finished(self) -> list[FinishedDeal]:
        """The finished deals ready to be kept (for :class:`ClientRecorder`), oldest first."""
        out = list(self._ready)
        self._ready.clear()
        return out

    # ------------------------------------------------------------------ frames to send

    def _id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _need_table(self) -> str:
        if self.table is None:
            raise ClientError("no table has been chosen yet")
        return self.table

    def _need_seat(self) -> int:
        if not self.joined:
            raise ClientError("this client has not joined the table")
        if self.seat is None:
            raise ClientError("a kibitzer cannot play")
        return self.seat

    def hello(self, name: str, client: str = "skat-desktop") -> dict[str, Any]:
        return protocol.hello(name, client, id=self._id())

    def list_tables(self) -> dict[str, Any]:
        return protocol.list_tables(id=self._id())

    def join(
        self,
        table: str | None = None,
        seat: int | None = None,
        *,
        password: str | None = None,
        token: str | None = None,
    ) -> dict[str, Any]:
        """Take ``seat`` (None: kibitz), or the seat of ``token`` (default: the token of
        this seat, to come back after a dropped connection). The password never leaves:
        the frame carries a proof bound to this connection's challenge."""
        table = table or self._need_table()
        if self.table is not None and table != self.table and self.joined:
            raise ClientError(f"this client is at table {self.table}, not {table}")
        token = token if token is not None else self.token
        proof = None
        if password is not None and token is None:
            if self.challenge is None:
                raise ClientError("the host's welcome has not arrived yet")
            proof = protocol.proof(protocol.password_key(password), self.challenge, table)
        self.table = table
        frame = protocol.join(table, seat, proof, token, id=self._id())
        self._joins_out = self._joins_out | {frame["id"]}
        return frame

    def leave(self) -> dict[str, Any]:
        return protocol.leave(self._need_table(), id=self._id())

    def act(self, action: Action) -> dict[str, Any]:
        """This seat's move, answering the table's state at the current tick."""
        self._need_seat()
        return protocol.act(self._need_table(), self.tick, action, id=self._id())

    def decline(self) -> dict[str, Any]:
        """No Kontra/Re now (the interjection the host asked this seat)."""
        self._need_seat()
        return protocol.decline(self._need_table(), self.tick, id=self._id())

    def next_deal(self) -> dict[str, Any]:
        return protocol.next_deal(self._need_table(), id=self._id())

    def chat(self, text: str) -> dict[str, Any]:
        """A chat line (the host takes it only while no deal is in play)."""
        try:
            text = protocol.plain_text(text, protocol.CHAT_LIMIT)
        except ProtocolError as e:
            raise ClientError(e.message) from None
        return protocol.chat(self._need_table(), text, id=self._id())

    def ping(self) -> dict[str, Any]:
        return protocol.ping(id=self._id())

    def consent(self, agree: bool) -> dict[str, Any]:
        """This defender's yes or no to the declarer's late concession it is asked for
        (:attr:`concession`)."""
        self._need_seat()
        return protocol.consent(self._need_table(), self.tick, agree, id=self._id())

    def fetch_records(self, first: int) -> dict[str, Any]:
        """Ask for the finished deals from number ``first`` on (the host answers with
        what fits one frame; :meth:`feed` asks on until it has them all)."""
        table = self._need_table()
        if not self.joined:
            raise ClientError("this client has not joined the table")
        if type(first) is not int or first < 1:
            raise ClientError("deals are numbered from 1")
        self.fetching = first
        return protocol.fetch_records(table, first, id=self._id())

    # ------------------------------------------------------------------ feeding

    def feed(self, message: HostMessage | dict[str, Any]) -> list[dict[str, Any]]:
        """Take one message (or a raw frame, checked by :func:`protocol.parse_host`) from
        the host; returns the frames to send in answer (a contribution). A frame that
        does not fit is noted in :attr:`problems` and changes nothing. Never raises."""
        if isinstance(message, dict):
            try:
                message = protocol.parse_host(message)
            except ProtocolError as e:
                self.note(f"the host sent a bad frame: {e.message}")
                return []
        saved = self._save(message)
        try:
            return self._handle(message)
        except _Refused as e:
            self._restore(saved)
            self.note(str(e))
        except ProtocolError as e:
            self._restore(saved)
            self.note(f"the host sent a bad frame: {e.message}")
        except Exception as e:  # a hostile frame must not crash the client
            self._restore(saved)
            self.note(f"a frame from the host could not be used: {_one_line(e)}")
        return []

    def note(self, text: str) -> None:
        """Keep one line about something the host got wrong (or the client could not do)."""
        self.problems.append(_one_line(text))
        self.problem_count += 1

    def _save(self, msg: HostMessage) -> tuple[dict[str, Any], dict[str, Any]]:
        """What :meth:`_restore` needs to undo ``msg`` if it is refused halfway: every
        attribute by reference (a handler that assigns anew leaves the old value there)
        and a copy of only the few containers this kind of message changes in place.
        Copying the whole state for every frame cost about a tenth of the client's time."""
        state = dict(self.__dict__)
        return state, {name: copy.copy(state[name]) for name in _changed_in_place(msg)}

    def _restore(self, saved: tuple[dict[str, Any], dict[str, Any]]) -> None:
        state, copies = saved
        kept = self.problems, self.problem_count  # the refusal itself is noted there
        self.__dict__.clear()
        self.__dict__.update(state)
        self.__dict__.update(copies)
        self.problems, self.problem_count = kept

    def _handle(self, msg: HostMessage) -> list[dict[str, Any]]:
        match msg:
            case Welcome():
                self.host, self.server, self.challenge = msg.host, msg.server, msg.challenge
                self.connections += 1
                self._joins_out = frozenset()  # joins sent on a lost connection: unanswerable
                if msg.version != protocol.VERSION:
                    raise _Refused(f"the host speaks protocol version {msg.version}")
            case Tables():
                self.tables = msg.tables
                self.info = next((t for t in msg.tables if t["id"] == self.table), self.info)
            case Joined():
                self._joined(msg)
            case Event():
                self._event(msg)
                self._rejoined = False
            case Turn():
                self._for_me(msg.table)
                self._advance(msg.tick)
                self.turn = (msg.seat, msg.interjection)
                self._rejoined = False
            case Seats():
                self._for_me(msg.table)
                self._rejoined = False
                if len(msg.seats) != len(self.names):
                    raise _Refused("the host's seats do not fit its table")
                self.seat_infos, self.waiting_for = msg.seats, msg.waiting_for
                self.substitutes = msg.substitutes
                self.paused = getattr(msg, "paused", None)
                # a player who sat down after this client: the seat's name is known now
                by_seat = sorted(msg.seats, key=lambda s: s["seat"])
                self.names = tuple(s["name"] or n for s, n in zip(by_seat, self.names, strict=True))
            case Commit():
                return self._commit(msg)
            case Pledges():
                return self._pledges(msg)
            case Reveal():
                self._reveal(msg)
                self._rejoined = False
            case Records():
                return self._records(msg)
            case Concession():
                self._for_me(msg.table)
                if max(msg.declarer, msg.asked) >= len(self.names):
                    raise _Refused("the host asked a seat its table does not have to consent")
                self.concession = (msg.declarer, msg.asked) if msg.answer is None else None
            case ChatLine():
                self._for_me(msg.table)
                self.chat_lines.append(ChatMessage(msg.seat, msg.name, msg.text))
            case Pong():
                self.pongs += 1
            case ErrorReply():
                self.errors.append(msg)
                self._joins_out = self._joins_out - {msg.re}  # a join refused: not to answer
            case Closing():
                self.closing = msg.reason
            case _:
                raise _Refused(f"the host sent a message this client does not know: {msg!r}")
        return []

    def _for_me(self, table: str) -> None:
        if not self.joined or table != self.table:
            raise _Refused(f"the host sent a frame for table {table}, which this client is not at")

    def _advance(self, tick: int) -> None:
        if tick < self.tick:
            raise _Refused(f"the host went back from change {self.tick} to {tick}")
        self.tick = tick

    # joined ---------------------------------------------------------------

    def _joined(self, msg: Joined) -> None:
        if msg.re not in self._joins_out:
            raise _Refused("the host sent a 'joined' this client did not ask for")
        self._joins_out = self._joins_out - {msg.re}
        if self.table is not None and msg.table != self.table:
            raise _Refused(f"the host seated this client at table {msg.table}, not {self.table}")
        size = len(msg.names)
        if msg.seat is not None and msg.seat >= size:
            raise _Refused(f"the host seated this client at seat {msg.seat}, beyond its table")
        if size not in msg.profile.table_sizes:
            raise _Refused(f"{msg.profile.title} is not played at a table of {size}")
        view = msg.view
        if view is not None and view.seat != msg.seat:
            raise _Refused("the host sent the view of another seat")
        seats = msg.deal_seats
        if (view is None) != (seats is None) or (view is None) != (msg.dealer is None):
            raise _Refused("the host's dealer and seating do not fit the deal it shows")
        if seats is not None:
            if max(msg.dealer, *seats) >= size:
                raise _Refused("the host dealt to a seat its table does not have")
            if view.position is not None and seats[view.position] != msg.seat:
                raise _Refused("the host's view puts this seat where the deal does not")
        same_deal = self.joined and msg.deal_number == self.deal_number
        self.table, self.joined = msg.table, True
        self.seat, self.profile, self.names = msg.seat, msg.profile, msg.names
        if msg.token is not None or msg.seat is None:
            self.token = msg.token
        self.tick = msg.tick  # a restarted host may count afresh
        self.view, self.deal_number = view, msg.deal_number
        self.actions = list(msg.actions)
        self.entries = list(msg.sheet["entries"])
        self.totals = tuple(msg.sheet["totals"])
        self.turn = self.concession = None  # a concession still asked is shown again
        self.deal_over = view is not None and view.result is not None
        self.table_name, self.planned_deals = msg.name, msg.planned_deals
        self.deals_done, self.state = msg.deals_done, msg.state
        self.series_over = msg.state == "finished"
        self.dealer, self.deal_seats = msg.dealer, seats
        self._rejoined = msg.state != "lobby"
        self.joins += 1
        self.fetching = None  # an answer still out is lost with the old connection
        if not same_deal:
            self._seen = []
            if view is not None and msg.deal_number > 0:  # in play, or over: not seen dealt
                self.came_during = msg.deal_number
        number = msg.deal_number
        if view is None or number == 0:
            return
        if not self.actions and not self.deal_over and view.position is not None:
            self._check(number, start_hand=view.hand, position=view.position)
        self._saw(view)
        if self.deal_over and number not in self._over and self._unchecked(number):
            entry = self.entries[-1] if self.entries else None
            if entry is not None and entry.get("number") != number:
                entry = None
            self._over[number] = _Over(
                number, tuple(self.actions), view, None, entry, tuple(self._seen)
            )

    def _unchecked(self, number: int) -> bool:
        check = self.checks.get(number)
        return check is None or check.verified is None

    # events ---------------------------------------------------------------

    def _event(self, msg: Event) -> None:
        self._for_me(msg.table)
        self._advance(msg.tick)
        view = msg.seat_view(self.profile)
        if view is not None and view.seat != self.seat:
            raise _Refused("the host sent the view of another seat")
        e = msg.event
        kind = e["event"]
        if kind == "deal_started":
            self._deal_started(e, view)
        elif kind == "action_applied":
            self._action_applied(e)
        elif kind == "deal_finished":
            self._deal_finished(e, view)
        elif kind == "actions_undone":
            count = e["count"]
            if count > len(self.actions) or self.deal_over:
                raise _Refused(f"the host took back {count} moves, more than were made")
            del self.actions[len(self.actions) - count :]
            self._seen = [s for s in self._seen if s[0] <= len(self.actions)]
        elif kind == "player_failed":
            self.notices.append(_one_line(e["message"]))
        elif kind == "series_finished":
            if len(e["totals"]) != len(self.names):
                raise _Refused("the host's final totals do not fit the table")
            self.series_over, self.state = True, "finished"
            self.totals = tuple(e["totals"])
        if view is not None:
            self.view = view
            self._saw(view)
        if kind in ("action_applied", "deal_started", "deal_finished", "actions_undone"):
            self.turn = None

    def _deal_started(self, e: dict[str, Any], view: SeatView | None) -> None:
        number = e["number"]
        if number <= self.deal_number and not e["replay"]:
            raise _Refused(f"the host dealt deal {number} again")
        if max(e["dealer"], *e["seats"]) >= len(self.names):
            raise _Refused("the host dealt to a seat its table does not have")
        if view is None or view.phase == "finished":
            raise _Refused(f"the host dealt deal {number} without showing it")
        self._unrevealed_before(number)
        self.state = "playing"
        self.deal_number, self.dealer = number, e["dealer"]
        self.deal_seats = tuple(e["seats"])
        self.actions, self.deal_over, self._seen = [], False, []
        if view.position is not None:
            if self.deal_seats[view.position] != self.seat:
                raise _Refused("the host's view puts this seat where the deal does not")
            self._check(number, start_hand=view.hand, position=view.position)

    def _action_applied(self, e: dict[str, Any]) -> None:
        index, action = e["index"], e["action"]
        if self.deal_over or self.deal_number == 0:
            raise _Refused(f"the host sent move {index + 1} while no deal is in play")
        if index < len(self.actions):
            what = "twice" if self.actions[index] == action else "again, otherwise"
            raise _Refused(f"the host sent move {index + 1} of deal {self.deal_number} {what}")
        if index > len(self.actions):
            raise _Refused(
                f"moves {len(self.actions) + 1} to {index} of deal {self.deal_number} never arrived"
            )
        if self.deal_seats is not None and self.deal_seats[action["player"]] != e["seat"]:
            raise _Refused(f"the host's move {index + 1} is made for another seat")
        self.actions.append(action)

    def _deal_finished(self, e: dict[str, Any], view: SeatView | None) -> None:
        number = self.deal_number
        if self.deal_over or number == 0:
            raise _Refused("the host finished a deal that is not in play")
        if view is None or view.dealt is None or view.original_skat is None:
            raise _Refused(f"the host finished deal {number} without showing its cards")
        entry = e["entry"]
        if entry is not None:
            if entry.get("number") != number:
                raise _Refused(f"the host's sheet line for deal {number} has another number")
            totals = entry.get("totals")
            if (
                type(totals) is not list
                or len(totals) != len(self.names)
                or any(type(t) is not int for t in totals)
            ):
                raise _Refused(f"the host's sheet line for deal {number} has no totals")
            self.entries.append(entry)
            self.totals = tuple(totals)
        self.deal_over = True
        self.deals_done = max(self.deals_done, number)
        if self._unchecked(number):
            self._over[number] = _Over(
                number, tuple(self.actions), view, e["result"], entry, tuple(self._seen)
            )
            self._trim(self._over)

    def _saw(self, view: SeatView) -> None:
        """Keep the hand the host showed this seat, to check against the seed later."""
        if view.position is not None and view.result is None and len(self._seen) < SEEN_KEPT:
            self._seen.append((len(self.actions), view.position, view.hand))

    # fair deals -----------------------------------------------------------

    def _check(self, number: int, **changes: Any) -> DealCheck:
        check = replace(self.checks.get(number) or DealCheck(number), **changes)
        self.checks[number] = check
        self._trim(self.checks)
        return check

    @staticmethod
    def _trim(kept: dict[int, Any]) -> None:
        while len(kept) > CHECKS_KEPT:
            del kept[min(kept)]

    def _pledge_frame(self, number: int, mine: bytes) -> dict[str, Any]:
        value = fairness.pledge(self.table, number, self.seat, mine)
        return protocol.pledge(self.table, number, value, id=self._id())

    def _commit(self, msg: Commit) -> list[dict[str, Any]]:
        """Fair deals, step 1: the host's commitment. A contributor answers with the
        pledge of fresh bytes (their hash); the bytes follow once every pledge is shown."""
        self._for_me(msg.table)
        number = msg.deal
        # the host shows the commitment of the deal in play again to a player who comes
        # back: it lets the reveal be checked, but it binds nothing any more
        in_play = number == self.deal_number and number > 0 and not self.deal_over
        if number < self.deal_number or (number == self.deal_number and not in_play):
            raise _Refused(f"the host committed to deal {number}, which was dealt already")
        if any(s >= len(self.names) for s in msg.contributors):
            raise _Refused("the host asked a seat its table does not have to contribute")
        rejoined, self._rejoined = self._rejoined, False
        old = self.checks.get(number)
        if old is not None and old.commitment is not None:
            if old.commitment != msg.commitment:
                # a second commitment could let the host choose between seeds: no second
                # contribution, and the deal cannot be verified
                self._check(number, recommitted=True)
                self.note(f"the host committed to deal {number} twice, differently")
                return []
            if not in_play and old.mine is not None and self.seat in msg.contributors:
                # shown again: pledged again, on this connection (one left out now that
                # this connection held is the host's doing, not a pledge lost on the way)
                self._check(number, pledged_on=self.connections)
                return [self._pledge_frame(number, old.mine)]
            return []
        if in_play:
            self._check(number, commitment=msg.commitment, late=True)
            return []
        mine = None
        if self.seat is not None and self.seat in msg.contributors:
            mine = fairness.new_contribution()
        # a seated player who is here must be asked: a host that asks nobody (or only a
        # seat it plays itself) could choose the cards. One that just (re)joined may not
        # have been there to be asked; its bytes are not in the deal all the same
        unasked = self.seat is not None and mine is None
        left_out = unasked and not rejoined
        self._check(
            number,
            commitment=msg.commitment,
            contributors=msg.contributors,
            mine=mine,
            pledged_on=None if mine is None else self.connections,
            left_out=left_out,
            unasked=unasked and rejoined,
        )
        if left_out:
            self.note(f"the host did not ask this seat to contribute to deal {number}")
        return [] if mine is None else [self._pledge_frame(number, mine)]

    def _pledges(self, msg: Pledges) -> list[dict[str, Any]]:
        """Fair deals, step 2: every pledge, fixed. Only now does this seat open its
        bytes, and only when its own pledge is among them as it sent it."""
        self._for_me(msg.table)
        number = msg.deal
        if any(s >= len(self.names) for s in msg.pledges):
            raise _Refused("the host showed a pledge of a seat its table does not have")
        in_play = number == self.deal_number and number > 0 and not self.deal_over
        if number < self.deal_number or (number == self.deal_number and not in_play):
            raise _Refused(f"the host showed the pledges of deal {number}, which was dealt already")
        check = self.checks.get(number)
        if check is None or check.commitment is None:
            raise _Refused(f"the host showed the pledges of deal {number} before committing to it")
        first = check.pledges is None
        if not first:
            if check.pledges != msg.pledges:
                self._check(number, repledged=True)
                self.note(f"the host showed the pledges of deal {number} twice, differently")
                return []
        elif in_play:
            return []  # first seen once the deal was dealt: they bind nothing (check.late)
        else:
            check = self._check(number, pledges=dict(msg.pledges))
        if in_play or check.mine is None or self.seat is None:
            return []
        shown = msg.pledges.get(self.seat)
        if shown is None:
            # not taken: left out by the host, or it came too late, or it was lost with
            # the connection it went on; the reveal says whether the host knows it late
            if first:
                away = check.pledged_on != self.connections
                self._check(number, missing=True, away=away)
            return []
        if shown != fairness.pledge(self.table, number, self.seat, check.mine):
            self._check(number, left_out=True)
            self.note(f"the host changed this seat's pledge to deal {number}")
            return []
        self._check(number, opened=True)
        return [protocol.contribute(self.table, number, check.mine, id=self._id())]

    def _reveal(self, msg: Reveal) -> None:
        self._for_me(msg.table)
        number = msg.deal
        check = self.checks.get(number)
        if check is not None and check.verified is not None:
            if check.seed == msg.seed:
                return  # shown again to a player who came back
            raise _Refused(f"the host revealed deal {number} twice, differently")
        over = self._over.get(number)
        if over is None:
            if number < self.deal_number:
                # sent again to a seat back on a new connection: it did not see this
                # deal end, so there is nothing to check; ``records`` brings the deal
                return
            if number == self.deal_number and not self.deal_over:
                raise _Refused(f"the host revealed deal {number} before it ended")
            if check is None:
                raise _Refused(f"the host revealed deal {number}, which this client did not see")
        wrong = None
        if over is not None:
            if _same_log(over.actions, msg.actions):
                # the whole log, hidden discards open: the copy equals the host's record
                self._over[number] = replace(over, actions=msg.actions)
            else:
                wrong = NotVerified(
                    "log_differs",
                    f"the log of deal {number} revealed is not the one played",
                    deal=number,
                )
        reason = self._fair(number, check, msg) or wrong
        late = tuple(sorted(set(msg.late) - set(msg.pledges)))
        self._check(number, withheld=msg.withheld, late_pledges=late)
        for seat in msg.withheld:
            name = self.names[seat] if seat < len(self.names) else None
            self.notices.append(
                f"{name or f'seat {seat + 1}'} pledged bytes to deal {number} and did not"
                " open them: the deal was dealt without them"
            )
        for seat in late:
            name = self.names[seat] if seat < len(self.names) else None
            self.notices.append(
                f"the pledge of {name or f'seat {seat + 1}'} to deal {number} came after the"
                " pledges were shown: the deal was dealt without its bytes"
            )
        self._finish(number, msg.seed, reason)

    def _fair(self, number: int, check: DealCheck | None, msg: Reveal) -> NotVerified | None:
        def why(code: str, text: str, **params: int) -> NotVerified:
            return NotVerified(code, text, deal=number, **params)

        came = why(
            "came_during",
            f"this client came after deal {number} was dealt: its dealing was not seen here",
        )
        if check is None or check.commitment is None:
            if self.came_during == number:
                return came
            return why(
                "commitment_unseen",
                f"the host's commitment to deal {number} was not seen before it was dealt",
            )
        if check.recommitted:
            return why("recommitted", f"the host committed to deal {number} twice")
        reveal = (self.table, number, check.commitment, msg.secret, msg.contributions, msg.seed)
        if check.late:
            problem = fairness.check_reveal(*reveal, pledges=msg.pledges, left_out=msg.withheld)
            late = why(
                "commitment_late",
                f"the host's commitment to deal {number} was seen only after it was dealt",
            )
            # a deal this client came into: the reveal is still checked, but a commitment
            # shown late is what coming late means
            return problem or (came if self.came_during == number else late)
        if check.repledged:
            return why(
                "repledged", f"the host showed the pledges of deal {number} twice, differently"
            )
        # this seat's pledge not taken: the host's fault, unless this client cannot know
        # that it reached the host in time (its connection was lost meanwhile, or the
        # host names it late -- in public, as a connection dropped on purpose would be)
        away = check.missing and check.away
        too_late = check.missing and not away and self.seat in msg.late
        if check.left_out or (check.missing and not (away or too_late)):
            return why(
                "left_out", f"the host left this seat out of the contributions to deal {number}"
            )
        if check.pledges is None:
            return why(
                "pledges_unseen", f"the pledges of deal {number} were not shown before it was dealt"
            )
        if msg.pledges != check.pledges:
            return why(
                "pledges_differ",
                f"the pledges of deal {number} revealed are not the ones shown before it",
            )
        extra = sorted(set(check.pledges) - set(check.contributors))
        if extra:
            return why(
                "pledge_not_asked",
                f"the seed takes a pledge of seat {extra[0] + 1}, which was not asked",
                seat=extra[0],
            )
        mine = (self.seat, check.mine) if check.opened else None
        problem = fairness.check_reveal(*reveal, mine, pledges=check.pledges, left_out=msg.withheld)
        if problem is not None:
            return problem
        if not msg.contributions:
            return why(
                "no_contributions",
                f"no player's bytes went into deal {number}: it is only as fair as the host",
            )
        if away:
            return why(
                "pledge_away",
                f"this client's connection was lost before its pledge to deal {number} was"
                " shown: the deal was dealt without its bytes, its dealing not checked here",
            )
        if too_late:
            return why(
                "pledge_late",
                f"this seat's pledge to deal {number} reached the host after the pledges were"
                " shown: the deal was dealt without its bytes, its dealing not checked here",
            )
        if check.unasked and check.position is not None:
            # a player of the deal whose bytes are not in it: the host and a friend could
            # have chosen its cards, so not "verified" (a seat that sits the deal out has
            # no cards dealt to it: its check is a kibitzer's)
            return why(
                "commit_away",
                f"this seat was not connected when deal {number} was committed, so it was not"
                " asked to contribute: the deal was dealt without its bytes, its dealing not"
                " checked here",
            )
        return None

    def _records(self, msg: Records) -> list[dict[str, Any]]:
        """Finished deals this client asked for (:meth:`fetch_records`): each one it did
        not see played goes to the recorder, checked as far as it can be; then the next
        ones are asked for, until the host has no more."""
        self._for_me(msg.table)
        first = self.fetching
        if first is None:
            raise _Refused("the host sent records this client did not ask for")
        for d in msg.deals:
            if d["deal"] < first:
                raise _Refused(f"the host sent the record of deal {d['deal']}, not asked for")
            if d["deal"] > self.deals_done:
                raise _Refused(f"the host sent the record of deal {d['deal']}, which is not over")
        for d in msg.deals:
            n = d["deal"]
            check = self.checks.get(n)
            if (check is not None and check.verified is not None) or n in self._over:
                continue  # seen played: it has (or will have) its own verdict
            if any(r.number == n for r in self._ready):
                continue
            self._ready.append(self._fetched(d))
            self._trim_ready()
        if msg.more and msg.deals:
            return [self.fetch_records(msg.deals[-1]["deal"] + 1)]
        self.fetching = None
        return []

    def _fetched(self, d: dict[str, Any]) -> FinishedDeal:
        n, seed, fair = d["deal"], d["seed"], d["fair"]
        over = _Over(n, d["actions"], None, d["result"], d["entry"], ())
        withheld: tuple[int, ...] = ()
        if fair is None:
            reason = NotVerified(
                "host_forgot", f"the host no longer knows how deal {n} was dealt", deal=n
            )
        else:
            withheld = fair["withheld"]
            reason = fairness.check_reveal(
                self.table,
                n,
                fair["commitment"],
                fair["secret"],
                fair["contributions"],
                seed,
                pledges=fair["pledges"],
                left_out=withheld,
            )
        deal, problem = None, None
        try:
            deal, wrong = replay(self.profile, len(self.names), over, seed)
            reason = reason or wrong
        except _Refused as e:
            problem = str(e)
            reason = reason or NotVerified("not_replayable", problem, deal=n)
        # its commitment was never seen before the deal here: a record, not a witness
        reason = reason or NotVerified(
            "fetched",
            f"deal {n} was not seen played here: its record was fetched afterwards",
            deal=n,
        )
        return self._finished_deal(
            n, over.entry, deal, _one_line(reason), problem, withheld, fetched=True
        )

    def _unrevealed_before(self, number: int) -> None:
        """Deals before ``number`` that the host never revealed are kept unverified."""
        for n in sorted(self._over):
            if n < number:
                why = f"the host did not reveal how deal {n} was dealt"
                self._finish(n, None, NotVerified("not_revealed", why, deal=n))

    def _finish(self, number: int, seed: int | None, reason: NotVerified | None) -> None:
        """Check the finished deal against the seed and the log, keep the verdict, and
        hand the deal to the recorder."""
        over = self._over.pop(number, None)
        check = self.checks.get(number) or DealCheck(number)
        deal, problem = None, None
        if over is not None:
            if reason is None and seed is not None:
                reason = fairness.check_view(seed, over.view, check.start_hand)
            try:
                deal, wrong = replay(self.profile, len(self.names), over, seed)
                reason = reason or wrong
            except _Refused as e:
                problem = str(e)
                reason = reason or NotVerified("not_replayable", problem, deal=number)
        verified: bool | str = True if reason is None else _one_line(reason)
        check = self._check(number, seed=seed, verified=verified)
        if over is None:
            return
        self._ready.append(
            self._finished_deal(number, over.entry, deal, verified, problem, check.withheld)
        )
        self._trim_ready()

    def _finished_deal(
        self,
        number: int,
        entry: dict[str, Any] | None,
        deal: Deal | None,
        verified: bool | str,
        problem: str | None,
        withheld: tuple[int, ...],
        fetched: bool = False,
    ) -> FinishedDeal:
        info = self.info or {}
        seat_infos = self.seat_infos or tuple(info.get("seats") or ())
        kinds = tuple(s["kind"] for s in sorted(seat_infos, key=lambda s: s["seat"]))
        return FinishedDeal(
            table=self.table,
            number=number,
            profile=self.profile,
            names=self.names,
            kinds=kinds,
            table_name=self.table_name or str(info.get("name") or self.table),
            host=self.host,
            planned_deals=self.planned_deals or info.get("planned_deals"),
            entry=entry,
            seed=deal.setup.seed if deal is not None else None,
            verified=verified,
            deal=deal,
            problem=problem,
            withheld=withheld,
            fetched=fetched,
        )

    def _trim_ready(self) -> None:
        while len(self._ready) > READY_KEPT:
            dropped = self._ready.popleft()
            self.note(f"deal {dropped.number} was not kept: nothing took it in time")


def _same_log(known: tuple[dict[str, Any], ...], full: tuple[dict[str, Any], ...]) -> bool:
    """Whether ``full`` (the revealed log) is the log this seat saw, its hidden discards
    filled in."""
    if len(known) != len(full):
        return False
    for k, f in zip(known, full, strict=True):
        if k == f:
            continue
        hidden = k.get("type") == "discard" and k.get("cards") is None
        if not (hidden and f.get("type") == "discard" and f.get("player") == k.get("player")):
            return False
    return True


# --------------------------------------------------------------------------- undoing a frame

_MUTABLE = ("actions", "entries", "chat_lines", "notices", "errors", "checks", "_over", "_ready")
_MUTABLE += ("_seen",)
"""The containers of a :class:`ClientTable` that its handlers change in place (every other
attribute is only ever assigned anew)."""

_IN_PLACE: dict[type, tuple[str, ...]] = {
    Welcome: (),
    Tables: (),
    Joined: ("checks", "_over", "_seen"),
    Turn: (),
    Seats: (),
    Commit: ("checks",),
    Pledges: ("checks",),
    Reveal: ("checks", "_over", "notices", "_ready"),
    Records: ("_ready",),
    ChatLine: ("chat_lines",),
    Pong: (),
    ErrorReply: ("errors",),
    Closing: (),
    Concession: (),
}
"""What each host message may change in place before it can still be refused."""

_EVENT_IN_PLACE: dict[str, tuple[str, ...]] = {
    "deal_started": ("checks", "_over", "_ready", "_seen"),
    "action_applied": ("actions", "_seen"),
    "deal_finished": ("entries", "_over", "_seen"),
    "actions_undone": ("actions", "_seen"),
    "player_failed": ("notices", "_seen"),
    "series_finished": ("_seen",),
}
"""The same for each kind of event (``_seen`` grows with every view shown)."""


def _changed_in_place(msg: HostMessage) -> tuple[str, ...]:
    if isinstance(msg, Event):
        kind = msg.event.get("event") if isinstance(msg.event, dict) else None
        return _EVENT_IN_PLACE.get(kind, _MUTABLE)
    return _IN_PLACE.get(type(msg), _MUTABLE)


# --------------------------------------------------------------------------- replaying


def _need(entry: dict[str, Any], key: str, kind: type) -> Any:
    value = entry.get(key)
    if type(value) is not kind:
        raise _Refused(f"the host's sheet line lacks {key}")
    return value


def replay(
    profile: RuleProfile, table_size: int, over: _Over, seed: int | None
) -> tuple[Deal, NotVerified | None]:
    """The finished deal rebuilt from its dealt cards (the final view's, which the check
    compares with the seed's; a fetched record's: the seed's) and its whole log as the
    reveal shows it (every discard open, in the order it was made). Returns the deal
    and, if the log does not end in the host's result or the hands shown during the
    deal are not the ones the cards and moves give, why it is not verified. Raises
    :class:`_Refused` when there is no deal to rebuild (no sheet line, no deal's cards,
    a hidden discard, a move that does not replay)."""
    view, entry = over.view, over.entry
    if entry is None:
        raise _Refused(f"deal {over.number} has no sheet line to set it up")
    if entry.get("number") != over.number:
        raise _Refused(f"the host's sheet line for deal {over.number} has another number")
    if view is None:
        if seed is None:
            raise _Refused(f"deal {over.number} has neither its cards nor its seed")
        cards = deal_from_seed(seed)
    else:
        try:
            cards = DealtCards(tuple(view.dealt), view.original_skat)
        except (TypeError, ValueError) as e:
            raise _Refused(f"the cards shown after deal {over.number} are no deal: {e}") from None
        if seed is not None and deal_from_seed(seed) != cards:
            seed = None  # the record keeps the cards that were played, without a false seed
    try:
        setup = DealSetup(
            profile,
            cards,
            seed,
            table_size,
            _need(entry, "dealer", int),
            _need(entry, "bock", bool),
            _need(entry, "ramsch_round", bool),
        )
        seats = setup.seats
    except ValueError as e:
        raise _Refused(f"deal {over.number} cannot be set up: {_one_line(e)}") from None
    if list(seats) != entry.get("seats"):
        raise _Refused(f"the host's sheet line seats deal {over.number} otherwise")
    deal = Deal(setup)
    hands = [tuple(deal.hands)]
    for i, known in enumerate(over.actions):
        if known.get("type") == "discard" and known.get("cards") is None:
            raise _Refused(f"move {i + 1} of deal {over.number} is a discard still hidden")
        try:
            action: Action = action_from_dict(known)
            deal.apply(action)
        except (SkatError, ValueError, KeyError, TypeError) as e:
            raise _Refused(
                f"move {i + 1} of deal {over.number} does not replay: {_one_line(e)}"
            ) from None
        hands.append(tuple(deal.hands))
    if not deal.finished:
        raise _Refused(f"the moves of deal {over.number} do not finish it")
    result = result_to_dict(deal.result)
    if over.result is not None:
        same = result == over.result
    else:
        same = (
            view is not None
            and view.result is not None
            and (result["kind"], result["scores"])
            == (
                view.result.kind,
                list(view.result.scores),
            )
        )
    n = over.number
    if not same:
        why = f"the moves of deal {n} do not give the host's result"
        return deal, NotVerified("result_differs", why, deal=n)
    for index, position, hand in over.seen:
        if not any(h[position] == hand for h in hands[index:]):
            why = f"a hand shown to this seat in deal {n} is not the cards'"
            return deal, NotVerified("hand_shown_differs", why, deal=n)
    return deal, None


# --------------------------------------------------------------------------- the client's copy


class ClientRecorder:
    """The client's own copy of a LAN series, in its own store.

    The series is found again by its ``place`` (``LAN <host>/<table>`` unless given):
    a reconnect, or a restart of the client, continues the same local series. Each
    finished deal is stored with the host's deal number, its full log and its
    verification (the record's ``extra.lan``). A deal that cannot be kept (the host's
    series differs from this copy) raises :class:`ClientError` with one sentence and
    stores nothing; one after a gap (the client came late or missed deals) raises
    :class:`MissingDeals`. :meth:`record_all` holds such a deal and :meth:`fetch` asks
    the host for the missing ones (``records``), so each laptop has the whole series.
    A database another program holds locked raises its own error (``DatabaseBusy`` or
    SQLite's): nothing is lost, the deals wait for the next call.
    """

    def __init__(self, store: Store | None, place: str | None = None) -> None:
        self.store = store  # None: given later (:meth:`use`), before the first deal
        self.place = place
        self._service: SeriesService | None = None
        self._held: dict[int, FinishedDeal] = {}  # after a gap, until it is filled
        self._wanted: int | None = None  # the first deal number this copy lacks
        self._asked: tuple[int, int] | None = None  # (first, the table's joins) asked for

    def place_for(self, done: FinishedDeal) -> str:
        return self.place or f"LAN {done.host}/{done.table}"

    @property
    def series_id(self) -> int | None:
        return None if self._service is None else self._service.info.id

    def record(self, done: FinishedDeal) -> int | None:
        """Store ``done``; returns its deal id, or None when this copy has it already."""
        if done.deal is None:
            raise ClientError(f"deal {done.number} cannot be kept: {done.problem}")
        try:
            done = self._under_kept_rules(done)
            service = self._series(done)
            number = service.next_number
            if done.number < number:
                return None  # this very deal, heard again after a reconnect
            if done.number > number:
                raise MissingDeals(
                    f"deal {done.number} cannot be kept: this copy of the series lacks"
                    f" deal {number} (played while this client was away)",
                    number,
                )
            s = done.deal.setup
            if service.next_context() != (s.dealer, s.bock, s.ramsch_round):
                raise ClientError(
                    f"deal {done.number} cannot be kept: the host set it up otherwise than"
                    " this copy of the series deals it"
                )
            lan: dict[str, Any] = {
                "host": done.host,
                "table": done.table,
                "deal": done.number,
                "verified": done.verified,
            }
            if done.withheld:
                lan["withheld"] = list(done.withheld)
            if done.fetched:
                lan["fetched"] = True
            extra = {"lan": lan}
            deal_id = service.record_played(done.deal, extra=extra)
        except StoreError as e:
            self._service = None  # read the series afresh next time
            if isinstance(e, DatabaseBusy):
                raise  # another program holds the lock: the deal can be kept later
            raise ClientError(f"deal {done.number} cannot be kept: {_one_line(e)}") from None
        except sqlite3.Error:
            self._service = None
            raise
        return deal_id

    def record_all(
        self, table: ClientTable | Notes, finished: list[FinishedDeal] | None = None
    ) -> list[tuple[int, int | str | None]]:
        """Store every deal ``table`` has ready (or ``finished``, taken from it already),
        and those held for a gap that is filled now, in deal order: (number, deal id /
        None / why not). A deal after a gap is held (bounded) until :meth:`fetch` got
        the missing ones. With ``finished`` given, ``table`` only takes the notes (why a
        deal is not kept): a writer thread passes its own :class:`Notes`."""
        if finished is None:
            finished = table.take_finished()
        todo = {d.number: d for d in self._held.values()}
        todo.update({d.number: d for d in finished})
        self._held, self._wanted = {}, None
        out: list[tuple[int, int | str | None]] = []
        order = sorted(todo)
        try:
            for number in order:
                done = todo[number]
                try:
                    out.append((number, self.record(done)))
                except MissingDeals as e:
                    self._held[number] = done
                    self._wanted = e.first if self._wanted is None else min(self._wanted, e.first)
                    out.append((number, str(e)))
                except ClientError as e:
                    table.note(str(e))
                    out.append((number, str(e)))
        except Exception:
            # the store failed, not the deal (another program's lock): the deals not kept
            # yet wait here, in order, for the next call
            for number in order[len(out) :]:
                self._held[number] = todo[number]
            raise
        while len(self._held) > HELD_KEPT:
            dropped = self._held.pop(max(self._held))
            table.note(f"deal {dropped.number} was not kept: too many deals wait for a gap")
        return out

    @property
    def held(self) -> tuple[int, ...]:
        """The numbers of the deals held until the deals before them are fetched."""
        return tuple(sorted(self._held))

    def use(self, store: Store) -> None:
        """Keep the copy in ``store`` from now on (the same database through another
        connection, e.g. a writer thread's): the series is looked up there afresh."""
        if store is not self.store:
            self.store, self._service = store, None

    @property
    def missing(self) -> int | None:
        """The first deal number this copy lacks before a deal it holds (None: no gap)."""
        return self._wanted

    def catch_up(self, at: SeriesAtHost) -> int | None:
        """On joining (again): the first deal to fetch when the host finished deals this
        copy lacks, or None. A window that died (or lost its connection) between the end
        of a deal and its write has seen the deal end without keeping it, and a deal only
        led to the gap being noticed once the next one was kept: never when the series
        ended with it or the window closed first. The copy's own last deal is fetched
        again with the missing ones: it shows whether the host's series is this copy's
        (:meth:`_continues`) before anything is added to it."""
        if at.deals_done < 1:
            return None
        names = self._names(at.names)
        place = self.place or f"LAN {at.host}/{at.table}"
        found = next(self._copies(place, self._kept_profile(at.profile), names), None)
        have = 0 if found is None else found.next_number - 1
        if have >= at.deals_done:
            return None
        first = max(1, have)
        self._wanted = first if self._wanted is None else min(self._wanted, first)
        return first

    def fetch(self, table: ClientTable) -> dict[str, Any] | None:
        """The ``records`` request that fills this copy's gap (send it to the host), or
        None when nothing is missing or a request is out already."""
        if self._wanted is None or table.fetching is not None or not table.joined:
            return None
        ask = (self._wanted, table.joins)
        if ask == self._asked:
            return None  # asked once on this connection: the host has no more of them
        self._asked = ask
        return table.fetch_records(self._wanted)

    def _kept_profile(self, profile: RuleProfile) -> RuleProfile:
        """The host's rules as this copy stores them: under their own name, unless this
        database knows other rules by that name (the player's own ``house-copy``, or a
        built-in profile of another program version) -- then under that name and a hash
        of the options, so the copy is kept instead of refused for every deal."""
        same = BUILTIN.get(profile.name) or self.store.find_profile(profile.name)
        if same is None or same == profile:
            return profile
        options = json.dumps(profile.to_dict(), sort_keys=True).encode("utf-8")
        mark = hashlib.sha256(options).hexdigest()[:8]  # the title too: told apart in lists
        return replace(profile, name=f"{profile.name}-{mark}", title=f"{profile.title} ({mark})")

    def _under_kept_rules(self, done: FinishedDeal) -> FinishedDeal:
        """``done`` with its deal replayed under :meth:`_kept_profile` (the same cards,
        moves and result; only the rules' name differs)."""
        profile = self._kept_profile(done.profile)
        if profile == done.profile or done.deal is None:
            return done
        deal = Deal(replace(done.deal.setup, profile=profile))
        for action in done.deal.actions:
            deal.apply(action)
        return replace(done, profile=profile, deal=deal)

    def _names(self, seated: tuple[str | None, ...]) -> tuple[str, ...]:
        names = []
        for seat, name in enumerate(seated):
            text = (name or "").strip() or f"seat {seat + 1}"
            if text in names:
                text = f"{text} ({seat + 1})"
            names.append(text)
        return tuple(names)

    def _continues(self, service: SeriesService, done: FinishedDeal) -> bool:
        """Whether ``done`` belongs to the stored series: its next deal (or a later one,
        a gap), or a deal it holds already with these very cards and moves. A table
        that began a new series since has other deals under the same numbers."""
        if done.number >= service.next_number:
            return True
        mine = record_from_deal(done.deal)
        for row in self.store.deal_sources(service.info.id):
            if row["number"] == done.number and row["record"] is not None:
                stored = json.loads(row["record"])
                return (stored.get("deal"), stored.get("actions")) == (
                    mine["deal"],
                    mine["actions"],
                )
        return False

    def _copies(
        self, place: str, profile: RuleProfile, names: tuple[str, ...]
    ) -> Iterator[SeriesService]:
        """This client's open copies of a series at ``place`` with these rules and
        players, the latest first."""
        for row in reversed(self.store.list_series()):
            if row["place"] != place or row["source"] != LAN_SOURCE or row["closed"]:
                continue
            info = self.store.series(row["id"])
            if (
                info.profile != profile
                or info.table_size != len(names)
                or tuple(n for _, n in info.players) != names
            ):
                continue
            yield SeriesService(self.store, info.id)

    def _series(self, done: FinishedDeal) -> SeriesService:
        place = self.place_for(done)
        cached = self._service
        if cached is not None and cached.info.place == place and self._continues(cached, done):
            return cached
        names = self._names(done.names)
        size = len(names)
        for service in self._copies(place, done.profile, names):
            if self._continues(service, done):
                self._service = service
                return service
        if done.number != 1:
            raise MissingDeals(
                f"deal {done.number} cannot be kept: this client has no copy of the deals"
                " before it",
                1,
            )
        kinds = done.kinds if len(done.kinds) == size else ("human",) * size
        with self.store.transaction():
            ids = [
                self.store.ensure_player(name, kind="computer" if k == "computer" else "human")
                for name, k in zip(names, kinds, strict=True)
            ]
            sid = self.store.create_series(
                f"LAN: {done.table_name}, {date.today().isoformat()}",
                date.today().isoformat(),
                ids,
                done.profile,
                planned_deals=done.planned_deals,
                place=place,
                first_dealer=done.deal.setup.dealer,
                source=LAN_SOURCE,
            )
        self._service = SeriesService(self.store, sid)
        return self._service
