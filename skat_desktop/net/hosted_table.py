"""One table of the LAN host: seats, kibitzers, fair deals and the table's fan-out.

The host's :class:`~skat_desktop.app.table.TableController` is THE table; this module
wraps it, never forks it. It decides who may sit where (seats, session tokens, the
table password), deals each deal from a fair seed (:mod:`skat_desktop.net.fairness`),
lets the computers think in the shared :class:`~skat_desktop.net.computers.ComputerPool`,
and hands each recipient only what its seat may know: every event through the
controller's seat listeners (``event_for``) with that seat's own ``view_for``; a
kibitzer hears the table as a seat that sits out. Nothing sent is built from the
controller's deal or from a whole event.

What players at a club evening expect:

- A dropped player keeps the seat (grace period); the table waits for him, and after
  ``substitute_after_s`` a computer plays the seat until he is back -- mid-trick or in
  the bidding he then gets the whole table again (``joined``) and plays on.
- The series starts when every open seat is taken; the next deal comes when every
  connected player said ``next`` (or after ``next_deal_s``), never while nobody is
  connected.
- A restarted host continues the table where it stopped (:meth:`HostedTable.resume`):
  session tokens still work and the secret of the deal in play is still revealed.
- A host that cannot save (full disk, locked database) pauses the table rather than
  play on unsaved, and goes on by itself once it can (docs/protocol.md).
- A declarer's late concession is put to the defender it names; only his yes counts.

Sans-IO like the protocol: the server feeds messages in (:meth:`HostedTable.handle`,
:meth:`HostedTable.disconnected`, :meth:`HostedTable.tick_timers` about every 0.25 s)
and the table sends frames through each :class:`Peer`. All of it runs on the server's
loop thread; only the computers' thinking and a claim's check run in the pool.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import math
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol

from skat_desktop.ai.levels import levels, tuned_level
from skat_desktop.app.redaction import entry_json
from skat_desktop.app.table import (
    ComputerTurn,
    DealOver,
    HumanTurn,
    SeatSpec,
    SeriesOver,
    TableController,
    TableError,
    ThinkResult,
    ThinkSpec,
)
from skat_desktop.engine.actions import Action, Claim, Concede, Double, Play
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.record import result_to_dict
from skat_desktop.engine.view import actions_for
from skat_desktop.net import fairness, protocol
from skat_desktop.net.computers import ComputerPool
from skat_desktop.net.protocol import (
    MAX_PLANNED_DEALS,
    Act,
    Chat,
    Consent,
    Contribute,
    Decline,
    FetchRecords,
    Join,
    Leave,
    Next,
    Pledge,
)
from skat_desktop.store.repository import LIVE_HOSTED

if TYPE_CHECKING:
    from skat_desktop.store.repository import LiveTable, Store

log = logging.getLogger(__name__)

OPEN = "open"  # a seat for a human
MAX_KIBITZERS = 8
CHAT_LINES = 50
RECORDS_KEPT = 1000  # finished deals a table hands out (``records``); older ones are gone
EXTRA_FORMAT = "skat-desktop hosted table"
EXTRA_VERSION = 1
_RETRY_S = 5.0  # a series that could not start (store busy) is tried again after this
SAVE_RETRY_S = 3.0  # a table paused because its store failed tries the write again this often
CONSENT_S = 30.0  # a defender asked to agree to a late concession answers within this
_TICKS_PER_DEAL = 1000  # a deal has far fewer actions: ticks of deal n are n*1000 + moves


class Peer(Protocol):
    """A connection as the table sees it (the server's, or a test's fake)."""

    id: int
    name: str
    challenge: bytes

    def send(self, frame: dict) -> None:
        """Queue a frame; never blocks."""

    def close(self, reason: str) -> None:
        """Close the connection (the server calls :meth:`HostedTable.disconnected`)."""


@dataclass
class TableConfig:
    """One table as the host's operator sets it up.

    ``seats``: per seat ``"open"`` (a human takes it) or a computer level. ``grace_s``:
    how long a dropped player keeps an unplayed seat (in the lobby; once the series
    runs the seat stays his and his token works for good). ``substitute_after_s``:
    how long the table waits for a dropped player on turn before a computer of
    ``substitute_level`` plays for him (None: until ``grace_s``). ``next_deal_s``:
    the next deal comes this long after a deal ended, unless every connected player
    said ``next`` before. ``first_seed``: the table seed (the computers' seeds; tests).
    """

    name: str
    profile: RuleProfile
    seats: list[str]
    planned_deals: int
    password: str | None = None
    grace_s: float = 300
    substitute_after_s: float | None = 60
    substitute_level: str = "standard"
    contribute_timeout_s: float = 10
    first_seed: int | None = None
    next_deal_s: float = 30

    def check(self) -> None:
        """Raise :class:`TableError` (one sentence) for a table that cannot be hosted."""
        try:
            protocol.plain_text(self.name, protocol.NAME_LIMIT, "name")
        except protocol.ProtocolError:
            raise TableError("a table name is plain text of at most 64 characters") from None
        if not self.name.strip():
            raise TableError("a table needs a name")
        if not isinstance(self.profile, RuleProfile):
            raise TableError("a table needs a rule profile")
        n = len(self.seats)
        if n not in (3, 4) or n not in self.profile.table_sizes:
            raise TableError(f"{self.profile.title} is not played at a table of {n}")
        if OPEN not in self.seats:
            raise TableError("a table needs at least one open seat for a player")
        for kind in [*self.seats, self.substitute_level]:
            if kind != OPEN:
                _check_level(kind)
        if self.substitute_level == OPEN:
            raise TableError("the substitute must be a computer level")
        if type(self.planned_deals) is not int or not 1 <= self.planned_deals <= MAX_PLANNED_DEALS:
            raise TableError(f"the planned number of deals must be 1 to {MAX_PLANNED_DEALS}")
        if self.password is not None and (type(self.password) is not str or not self.password):
            raise TableError("a table password cannot be empty")
        for what, value in (
            ("grace_s", self.grace_s),
            ("contribute_timeout_s", self.contribute_timeout_s),
            ("next_deal_s", self.next_deal_s),
            ("substitute_after_s", self.substitute_after_s),
        ):
            if value is None and what == "substitute_after_s":
                continue
            if not isinstance(value, int | float) or isinstance(value, bool) or not value >= 0:
                raise TableError(f"{what} must be a number of seconds, 0 or more")
        if self.first_seed is not None and (
            type(self.first_seed) is not int or not 0 <= self.first_seed < 2**63
        ):
            raise TableError("first_seed must be a whole number from 0 to 2**63 - 1")


def _check_level(kind: str) -> None:
    """A computer level the host may seat: a built-in level (or a tuned one); never
    another program (``external:``), which a table's data must not start."""
    try:
        level, _ = tuned_level(kind)
    except ValueError as e:
        raise TableError(str(e)) from None
    if level not in levels():
        raise TableError(f"unknown computer level {kind!r}: available are {', '.join(levels())}")


def _name_key(name: str) -> str:
    """A name as it looks: without invisible format characters (a zero-width space),
    composed and case-folded, so "Anna" with a zero-width space or a decomposed "Zoë" is
    not a second player of the same looks at the table, in the chat and on the sheets."""
    visible = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFKC", visible).strip().casefold()


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class _Seat:
    kind: str  # OPEN (a human's seat) or a computer level
    name: str | None = None  # the player's name once taken (a computer's: its level)
    token_hash: str | None = None  # SHA-256 (hex) of the seat's session token
    peer: Peer | None = None
    dropped_at: float | None = None  # when its player's connection went (None: here)

    @property
    def human(self) -> bool:
        return self.kind == OPEN

    @property
    def taken(self) -> bool:
        return self.token_hash is not None


@dataclass
class _Fair:
    """The fair-deal state of one deal: the host's secret and what the seats gave.

    Two steps for the seats: each contributor pledges (a hash of its bytes); once all
    pledged (or the time is up) the host shows every pledge (``opening``) and only then
    do they open their bytes, each checked against its pledge. So no seat -- nor the
    host through a seat it plays -- can choose its bytes after seeing another's."""

    deal: int
    secret: bytes
    commitment: bytes
    contributors: tuple[int, ...]
    contributions: dict[int, bytes]  # opened bytes that kept their pledges
    seed: int | None = None  # once dealt
    pledges: dict[int, bytes] = field(default_factory=dict)
    opening: bool = False  # every pledge is fixed and shown: the seats open now
    # asked seats whose pledge came after the pledges were shown: named in the reveal, so
    # that such a seat's client does not take the pledge left out for the host's doing
    late: set[int] = field(default_factory=set)


@dataclass
class _Consent:
    """A declarer's late concession waiting for the asked defender's word (ISkO 4.3.2)."""

    action: Concede
    declarer: int  # table seats
    asked: int
    peer: Peer  # the declarer's connection
    re: int | None  # the id of the declarer's ``act``
    deadline: float


@dataclass(frozen=True)
class _Reply:
    """Stands for a message whose answer goes out later (its ``id``, echoed as ``re``)."""

    id: int | None


# the table's phases; info() says "lobby", "playing" or "finished"
LOBBY, COMMITTING, PLAYING, BETWEEN, FINISHED = (
    "lobby",
    "committing",
    "playing",
    "between",
    "finished",
)


def _reason(e: TableError) -> str:
    """A table refusal's code as a wire code (the empty string for none or an odd one)."""
    code = getattr(e, "code", "") or ""
    return code if protocol.is_code(code) else ""


class HostedTable:
    """One table of the host: the controller, its seats and everyone watching."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        store: Store | None,
        pool: ComputerPool,
        clock: Callable[[], float] = time.monotonic,
    ):
        config.check()
        self.id = table_id
        self.config = config
        self.store = store
        self.pool = pool
        self.clock = clock
        self._key = None if config.password is None else protocol.password_key(config.password)
        self._seats = [_Seat(kind) for kind in config.seats]
        for i, seat in enumerate(self._seats):
            if not seat.human:
                seat.name = SeatSpec.computer(seat.kind).display_name(i)
        self._kibitzers: dict[int, Peer] = {}
        self._chat: deque[dict[str, Any]] = deque(maxlen=CHAT_LINES)
        self._ctl: TableController | None = None
        self._state = LOBBY
        self._fair: _Fair | None = None
        self._reveal: dict[str, Any] | None = None  # the last finished deal's reveal frame
        # seat -> the connection that seat had when the reveal went out, until that
        # connection answers a later frame (a pledge, a move: it read the reveal
        # before); a seat back on another connection may have lost it with the old one
        self._revealed_to: dict[int, Peer] = {}
        self._records: dict[int, dict[str, Any]] = {}  # deal number -> protocol.deal_record
        self._deadline: float | None = None  # of the contributions, or of the next deal
        self._ready: set[int] = set()  # seats that said next
        self._substitutes: set[int] = set()
        # seat -> (deal number, the substitute's decisions so far in that deal)
        self._sub_players: dict[int, tuple[int, list[tuple[Any, bool]]]] = {}
        self._pending: dict[int | None, list[dict[str, Any]]] = {}
        self._job: object | None = None  # the one computer/substitute job out
        self._claim: object | None = None  # the one claim check out
        self._moves = 0  # successful changes of the controller (staleness of jobs)
        self._turn_sent: tuple[int, int, bool] | None = None
        self._waiting_sent: int | None = None  # the dropped seat the last seat list named
        self._pumping = False
        self._again = False
        self._cancel = threading.Event()
        self._closed = False
        self._retry_at = 0.0  # when a series that could not start is tried again
        # The store failed: the table waits (no move, no deal) and tries again every
        # SAVE_RETRY_S. The change that could not be saved is held (``_pending``) and
        # goes out once it is saved, so a host restarted meanwhile continues where
        # every player saw the table last.
        self._paused: str | None = None  # the error code while paused
        self._save_at = 0.0  # the next try
        self._joined_paused: set[int] = set()  # peers whose ``joined`` holds the held change
        self._consent: _Consent | None = None

    # ------------------------------------------------------------------ information

    @property
    def state(self) -> str:
        return self._state

    @property
    def paused(self) -> str | None:
        """Why the table waits (``host_cannot_save``: its store failed), or None."""
        return self._paused

    @property
    def controller(self) -> TableController | None:
        """The table's controller once the series started (for the host and tests)."""
        return self._ctl

    @property
    def tick(self) -> int:
        """The table's change counter: deal number x 1000 + the deal's moves, so it
        grows with every change and is the same after a restart."""
        ctl = self._ctl
        if ctl is None:
            return 0
        return ctl.deal_number * _TICKS_PER_DEAL + len(ctl.actions)

    def _seat_infos(self) -> list[dict[str, Any]]:
        out = []
        for i, s in enumerate(self._seats):
            if s.human:
                kind = "human" if s.taken else OPEN
                out.append(
                    {
                        "seat": i,
                        "name": s.name if s.taken else None,
                        "kind": kind,
                        "level": None,
                        "connected": s.peer is not None,
                    }
                )
            else:
                out.append(
                    {
                        "seat": i,
                        "name": s.name,
                        "kind": "computer",
                        "level": s.kind,
                        "connected": True,
                    }
                )
        return out

    def info(self) -> dict[str, Any]:
        """The table as the ``tables`` list shows it (TableInfo)."""
        profile = self.config.profile
        return {
            "id": self.id,
            "name": self.config.name,
            "profile": profile.name,
            "profile_title": profile.title,
            "size": len(self._seats),
            "planned_deals": self.config.planned_deals,
            "deals_done": len(self._ctl.entries) if self._ctl is not None else 0,
            "password": self._key is not None,
            "seats": self._seat_infos(),
            "kibitzers": len(self._kibitzers),
            "state": {LOBBY: "lobby", FINISHED: "finished"}.get(self._state, "playing"),
        }

    # ------------------------------------------------------------------ sending

    def _recipients(self) -> list[tuple[int | None, Peer]]:
        out: list[tuple[int | None, Peer]] = [
            (i, s.peer) for i, s in enumerate(self._seats) if s.peer is not None
        ]
        out += [(None, p) for p in self._kibitzers.values()]
        return out

    def _to_all(self, frame: dict[str, Any]) -> None:
        for _, peer in self._recipients():
            peer.send(frame)

    def _error(
        self, peer: Peer, msg: Any, code: str, message: str | None = None, reason: str = ""
    ) -> None:
        """Refuse ``msg``; ``reason``: for ``illegal``, the table's own refusal code (a
        :class:`TableError`'s), so the player's window can say it in his language."""
        params = {"reason": reason} if reason else None
        peer.send(protocol.error_frame(code, message, params, getattr(msg, "id", None)))

    def _waiting_for(self) -> int | None:
        """The seat whose dropped player holds the table up (no substitute yet)."""
        if self._ctl is None or self._state != PLAYING:
            return None
        need = self._ctl.request()
        if isinstance(need, HumanTurn):
            s = self._seats[need.seat]
            if s.peer is None and need.seat not in self._substitutes:
                return need.seat
        return None

    def _send_seats(self) -> None:
        waiting = self._waiting_sent = self._waiting_for()
        frame = protocol.seats(
            self.id,
            self._seat_infos(),
            waiting,
            sorted(self._substitutes),
            self._paused,
        )
        self._to_all(frame)

    def _sheet(self) -> dict[str, Any]:
        if self._ctl is None:
            return {"entries": [], "totals": [0] * len(self._seats)}
        return {
            "entries": [entry_json(e) for e in self._ctl.entries],
            "totals": list(self._ctl.totals),
        }

    def _names(self) -> list[str | None]:
        if self._ctl is not None:
            return list(self._ctl.names)
        return [s.name if (s.taken or not s.human) else None for s in self._seats]

    def _joined_frame(self, peer: Peer, seat: int | None, token: str | None, re: int | None):
        ctl = self._ctl
        view = actions = dealer = deal_seats = None
        if ctl is not None and ctl.deal is not None:
            view = ctl.view_for(seat)
            actions = actions_for(ctl.deal, seat)  # the log as this seat may know it
            dealer, deal_seats = ctl.deal.setup.dealer, ctl.deal.setup.seats
        info = self.info()
        frame = protocol.joined(
            self.id,
            seat,
            token,
            self.config.profile,
            self._names(),
            self.tick,
            view,
            actions or [],
            ctl.deal_number if ctl is not None else 0,
            self._sheet(),
            re,
            name=self.config.name,
            dealer=dealer,
            deal_seats=deal_seats,
            planned_deals=self.config.planned_deals,
            deals_done=info["deals_done"],
            state=info["state"],
        )
        peer.send(frame)
        if self._paused is not None:
            self._joined_paused.add(peer.id)  # the held change is in this joined already
        for line in self._chat:
            peer.send(line)
        fair = self._fair
        if fair is not None and self._state in (COMMITTING, PLAYING):
            # the commitment again, to check the reveal by; once dealt, with no one asked;
            # the pledges again once they are fixed (a contributor back opens its bytes)
            asked = fair.contributors if self._state == COMMITTING else ()
            peer.send(protocol.commit(self.id, fair.deal, fair.commitment, asked))
            if fair.opening or self._state == PLAYING:
                peer.send(protocol.pledges(self.id, fair.deal, fair.pledges))
        c = self._consent
        if c is not None:
            peer.send(protocol.concession(self.id, self.tick, c.declarer, c.asked, None))
        # after the commit: a client takes the commit right after ``joined`` as the one
        # of a deal it may not have been there to be asked for
        self._send_reveal(peer, seat)
        self._announce_turn(only=peer)

    def _send_reveal(self, peer: Peer, seat: int | None) -> None:
        """The last finished deal's reveal to a joiner: to anyone while that deal is the
        one on the table (between deals, its successor not dealt yet); once the next
        deal is dealt, to a seat back on another connection than the one the reveal
        went to -- it may have seen the deal end and lost the reveal with its
        connection (a client that has no copy of that deal ignores it)."""
        reveal, ctl = self._reveal, self._ctl
        if reveal is None or ctl is None:
            return
        if self._state in (BETWEEN, FINISHED, COMMITTING):
            if reveal["deal"] == ctl.deal_number:
                peer.send(reveal)
        elif (
            seat is not None
            and reveal["deal"] == ctl.deal_number - 1
            and seat in self._revealed_to
            and self._revealed_to[seat] is not peer
        ):
            peer.send(reveal)
            self._revealed_to[seat] = peer

    def _announce_turn(self, only: Peer | None = None) -> None:
        """Say whose move it is (to everyone when it changed, or to one joiner)."""
        if self._ctl is None or self._state != PLAYING:
            return
        need = self._ctl.request()
        if not isinstance(need, HumanTurn | ComputerTurn):
            return
        key = (self.tick, need.seat, need.interjection)
        frame = protocol.turn(self.id, key[0], key[1], key[2])
        if only is not None:
            only.send(frame)
            return
        if key != self._turn_sent:
            self._turn_sent = key
            self._to_all(frame)
            if self._waiting_for() != self._waiting_sent:
                # the turn came to a player who dropped earlier (or moved past one):
                # the seat list says whom the table waits for now
                self._send_seats()

    # ------------------------------------------------------------------ the controller

    def _listen(self, seat: int | None) -> Callable[[dict[str, Any]], None]:
        def listener(known: dict[str, Any]) -> None:
            self._pending.setdefault(seat, []).append(known)

        return listener

    def _attach(self, ctl: TableController) -> None:
        """Hear the table as every seat and as a kibitzer; keep this table's data in
        the controller's live snapshot."""
        self._ctl = ctl
        ctl.live_extra = self._extra
        ctl.add_seat_listener(None, self._listen(None))
        for i in range(ctl.table_size):
            ctl.add_seat_listener(i, self._listen(i))

    def _change(self, fn: Callable[[], Any]) -> Any:
        """Run one change of the controller, send what it caused, and go on (computers,
        turns). A TableError from ``fn`` changed nothing and is passed on. A change the
        store could not keep is held back and the table pauses (:meth:`_pause`)."""
        try:
            result = fn()
        except BaseException:
            self._flush()
            raise
        self._moves += 1
        if self._unsaved():
            self._pause()
            return result
        self._flush()
        self._after_change()
        return result

    # ------------------------------------------------------------------ a failing store

    def _unsaved(self) -> bool:
        """Whether the controller's last change is not in the store (a full disk, a
        read-only or locked database): its live snapshot or a finished deal failed."""
        ctl = self._ctl
        if ctl is None or self.store is None:
            return False
        return ctl.live_error is not None or ctl.pending_store > 0

    def _pause(self) -> None:
        """Stop the table until the store takes its state again: moves are refused
        (``host_cannot_save``), nothing is dealt or thought, and the change that could
        not be saved is not sent -- a host restarted now continues at the table every
        player saw last. :meth:`tick_timers` tries the write again every few seconds."""
        self._save_at = self.clock() + SAVE_RETRY_S
        if self._paused is not None:
            return
        ctl = self._ctl
        log.error(
            "table %s pauses, its store failed: %s",
            self.id,
            ctl.live_error or f"{ctl.pending_store} finished deal(s) not stored",
        )
        self._paused = "host_cannot_save"
        self._lapse_consent()
        self._send_seats()

    def _try_saving(self) -> None:
        """Write what the store failed to take; once it is in, the table goes on."""
        ctl = self._ctl
        try:
            ctl.retry_store()
        except Exception:  # the controller reports store failures; anything else is logged
            log.exception("table %s: saving again failed", self.id)
        if self._unsaved():
            self._save_at = self.clock() + SAVE_RETRY_S
            return
        log.info("table %s is saved again and goes on", self.id)
        self._paused = None
        self._flush()  # the held change goes out now
        self._joined_paused.clear()
        self._send_seats()
        self._after_change()
        if self._state == BETWEEN:
            self._next_if_ready()
        elif self._state == COMMITTING and self._fair is not None and self._fair.opening:
            self._deal_if_complete()

    def _flush(self) -> None:
        """Send the events the controller just made: each recipient its seat's form of
        each event with its own view, at the table's tick after the change."""
        pending, self._pending = self._pending, {}
        ctl = self._ctl
        public = pending.get(None, [])
        if ctl is None or not public:
            return
        tick = self.tick
        views: dict[int | None, dict[str, Any] | None] = {}

        def view(seat: int | None) -> dict[str, Any] | None:
            if seat not in views:
                views[seat] = None if ctl.deal is None else ctl.view_for(seat).to_dict()
            return views[seat]

        for seat, peer in self._recipients():
            if peer.id in self._joined_paused:
                continue  # joined during a pause: its joined showed this change
            for known in pending.get(seat, []):
                peer.send(protocol.event(self.id, tick, known, view(seat)))
        kinds = [e.get("event") for e in public]
        if "deal_finished" in kinds:
            self._deal_over()
        if "series_finished" in kinds:
            self._state = FINISHED
            self._deadline = None

    def _after_change(self) -> None:
        self._announce_turn()
        self._pump()

    def _pump(self) -> None:
        """Ask whoever the table waits for that is not a human at the keyboard: a
        computer, or the substitute of a dropped player. One job at a time per table;
        an in-thread pool answers at once, so this loops instead of recursing."""
        if self._pumping:
            self._again = True
            return
        self._pumping = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._step()
        finally:
            self._pumping = False

    def _step(self) -> None:
        ctl = self._ctl
        if self._closed or ctl is None or self._state != PLAYING or self._job is not None:
            return
        if self._paused is not None or self._consent is not None:
            return  # the table waits for its store, or for a defender's consent
        need = ctl.request()
        if isinstance(need, ComputerTurn):
            key = self._job = object()
            self.pool.think(ctl, need, lambda r: self._computer_done(key, r), self._cancel)
        elif isinstance(need, HumanTurn) and self._substitute_due(need.seat):
            self._substitute(need)

    def _computer_done(self, key: object, result: ThinkResult) -> None:
        if self._job is not key:
            return
        self._job = None
        if self._closed or self._paused is not None:
            return  # asked again once the table goes on
        try:
            self._change(lambda: self._ctl.submit(result))  # False: stale, asked again
        except TableError as e:  # cannot happen with the controller's fallbacks
            log.warning("table %s: a computer's answer was refused: %s", self.id, e)
            self._pump()

    # ------------------------------------------------------------------ substitutes

    def _substitute_due(self, seat: int) -> bool:
        """Whether a computer plays for ``seat`` now: its player is gone and the table
        waited long enough for him (``substitute_after_s``, at most ``grace_s``)."""
        s = self._seats[seat]
        if s.peer is not None:
            return False
        if seat in self._substitutes:
            return True
        after = self.config.substitute_after_s
        wait = min(math.inf if after is None else after, self.config.grace_s)
        if s.dropped_at is None or self.clock() - s.dropped_at < wait:
            return False
        self._substitutes.add(seat)
        self._send_seats()
        return True

    def _sub_spec(self, need: HumanTurn) -> ThinkSpec:
        """The substitute's decision as a pool job. One player per seat and deal,
        seeded like the table's own computers, that keeps its memory of the deal: its
        earlier decisions go with each job (a worker that lacks them makes them again)."""
        ctl, seat = self._ctl, need.seat
        number = ctl.deal_number
        held = self._sub_players.get(seat)
        if held is None or held[0] != number:
            held = (number, [])
            self._sub_players[seat] = held
        asked = held[1]
        text = f"skat-substitute:{ctl.seed}:{seat}:{number}".encode()
        seed = int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
        turn = ComputerTurn(seat, need.view, need.interjection)
        level = self.config.substitute_level
        spec = ThinkSpec(turn, ctl.token, number, seat, level, seed, True, seed, tuple(asked))
        asked.append((need.view, need.interjection))
        return spec

    def _substitute(self, need: HumanTurn) -> None:
        spec = self._sub_spec(need)
        key = self._job = object()
        moves = self._moves

        def done(result: ThinkResult) -> None:
            if self._job is not key:
                return
            self._job = None
            if self._closed or self._paused is not None:
                return
            if self._moves != moves or need.seat not in self._substitutes:
                self._pump()  # the table moved on, or the player is back
                return
            if result.failure is not None:  # result.action is the fallback's
                log.warning("table %s: %s", self.id, result.failure.message)
            self._play_for(need, result.action)

        self.pool.ask(spec, done, self._cancel)

    def _play_for(self, need: HumanTurn, action: Action | Exception | None) -> None:
        """Apply a substitute's choice. One the engine refuses (or a failure) gives way
        to the first legal card; a doubling that is not legal to "no"."""
        ctl, seat = self._ctl, need.seat
        if need.interjection:
            if isinstance(action, Double) and action in need.legal:
                self._try(lambda: ctl.apply(action, seat=seat))
            else:
                self._try(lambda: ctl.decline(seat))
            return
        if not isinstance(action, Exception | None):
            try:
                self._change(lambda: ctl.apply(action, seat=seat))
                return
            except TableError:
                pass
        log.warning("table %s: the substitute at seat %d failed; a fallback plays", self.id, seat)
        plays = [a for a in need.legal if type(a) is Play]
        fallback = (plays or list(need.legal))[0]
        self._try(lambda: ctl.apply(fallback, seat=seat))

    def _try(self, fn: Callable[[], Any]) -> None:
        try:
            self._change(fn)
        except TableError as e:
            log.warning("table %s: a substitute's move was refused: %s", self.id, e)
            self._pump()

    # ------------------------------------------------------------------ fair deals

    def _connected_humans(self) -> list[int]:
        return [i for i, s in enumerate(self._seats) if s.human and s.peer is not None]

    def _begin_deal(self) -> None:
        """Fairness step 1: commit to a secret; the connected players pledge."""
        ctl = self._ctl
        number = len(ctl.entries) + 1
        secret = fairness.new_secret()
        contributors = tuple(self._connected_humans())
        self._fair = _Fair(
            number, secret, fairness.commitment(self.id, number, secret), contributors, {}
        )
        self._state = COMMITTING
        self._ready.clear()
        self._deadline = self.clock() + self.config.contribute_timeout_s
        fair = self._fair
        self._to_all(protocol.commit(self.id, number, fair.commitment, contributors))
        self._open_if_pledged()

    def _connected_owing(self, asked: Iterable[int], answered: Container[int]) -> bool:
        """Whether a connected seat of ``asked`` has not yet ``answered`` (a dropped one
        is not waited for)."""
        return any(s not in answered and self._seats[s].peer is not None for s in asked)

    def _open_if_pledged(self) -> None:
        """Step 2 ends when every connected contributor pledged (or at the time-out)."""
        fair = self._fair
        if not self._connected_owing(fair.contributors, fair.pledges):
            self._open()

    def _open(self) -> None:
        """Step 3: every pledge is fixed; show them all, then the pledgers open."""
        fair = self._fair
        fair.opening = True
        self._deadline = self.clock() + self.config.contribute_timeout_s
        self._to_all(protocol.pledges(self.id, fair.deal, fair.pledges))
        self._deal_if_complete()

    def _deal_if_complete(self) -> None:
        fair = self._fair
        if not self._connected_owing(fair.pledges, fair.contributions):
            self._deal()

    def _deal(self) -> None:
        """Step 4: the seed from the commitment and the opened contributions that kept
        their pledges (a seat that pledged and did not open is named in the reveal)."""
        if self._paused is not None:
            return  # dealt once the table is saved again
        fair = self._fair
        fair.seed = fairness.derive_seed(fair.commitment, fair.contributions)
        left_out = fairness.withheld(fair.pledges, fair.contributions)
        if left_out:
            log.info(
                "table %s: seats %s pledged to deal %d and did not open",
                self.id,
                ", ".join(str(s + 1) for s in left_out),
                fair.deal,
            )
        self._state = PLAYING
        self._deadline = None
        self._turn_sent = None
        self._change(lambda: self._ctl.start_deal(seed=fair.seed))

    def _deal_over(self) -> None:
        """Fairness step 5: reveal; then wait for the players' ``next``."""
        fair = self._fair
        if fair is not None and fair.seed is not None:
            # the whole log (every card open now): each client keeps the host's record
            log = actions_for(self._ctl.deal, None)
            self._reveal = protocol.reveal(
                self.id,
                fair.deal,
                fair.secret,
                fair.contributions,
                fair.seed,
                pledges=fair.pledges,
                actions=log,
                late=fair.late,
            )
            self._to_all(self._reveal)
            self._revealed_to = {i: s.peer for i, s in enumerate(self._seats) if s.peer is not None}
            self._keep_record(fair, log)
        self._state = BETWEEN
        self._ready.clear()
        self._turn_sent = None
        self._deadline = self.clock() + self.config.next_deal_s

    def _keep_record(self, fair: _Fair, log: list[dict[str, Any]]) -> None:
        """The finished deal as ``records`` hands it out (public since its reveal)."""
        ctl = self._ctl
        deal = ctl.deal
        if deal is None or deal.result is None or ctl.deal_number != fair.deal:
            return
        entry = next((e for e in ctl.entries if e.number == fair.deal), None)
        self._records[fair.deal] = protocol.deal_record(
            fair.deal,
            fair.seed,
            log,
            result_to_dict(deal.result),
            None if entry is None else entry_json(entry),
            {
                "commitment": fair.commitment,
                "secret": fair.secret,
                "pledges": dict(fair.pledges),
                "contributions": dict(fair.contributions),
            },
        )
        while len(self._records) > RECORDS_KEPT:
            del self._records[min(self._records)]

    def _load_records(self) -> None:
        """After a restart: the finished deals as the host's store keeps them (seed, log,
        result). Their fair-deal secrets went with the old process (``fair`` None)."""
        ctl, store = self._ctl, self.store
        if store is None or ctl is None or ctl.series_id is None:
            return
        entries = {e.number: e for e in ctl.entries}
        for row in store.deal_sources(ctl.series_id)[-RECORDS_KEPT:]:
            number = row["number"]
            try:
                rec = json.loads(row["record"])
                seed = rec["deal"]["seed"]
                if type(seed) is not int or rec["result"] is None:
                    continue
                entry = entries.get(number)
                self._records[number] = protocol.deal_record(
                    number,
                    seed,
                    rec["actions"],
                    rec["result"],
                    None if entry is None else entry_json(entry),
                )
            except (TypeError, ValueError, KeyError):
                log.warning("table %s: deal %s of its store cannot be handed out", self.id, number)

    def _next_if_ready(self) -> None:
        here = self._connected_humans()
        if self._paused is not None:
            return
        if self._state == BETWEEN and here and all(s in self._ready for s in here):
            self._begin_deal()

    # ------------------------------------------------------------------ the series

    def _start_series(self) -> None:
        """Every open seat is taken: the series begins (stored, kept live)."""
        config = self.config
        specs = [
            SeatSpec.human(s.name) if s.human else SeatSpec.computer(s.kind) for s in self._seats
        ]
        seed = config.first_seed if config.first_seed is not None else secrets.randbits(63)
        try:
            ctl = TableController(
                config.profile,
                specs,
                seed=seed,
                store=self.store,
                deals_planned=config.planned_deals,
                title=f"{config.name}, {date.today().isoformat()}",
                write_later=False,
                keep_live=True,
                fixed_search=True,
            )
        except Exception as e:  # a store problem: the lobby waits and tries again
            log.error("table %s could not start its series: %s", self.id, e)
            self._retry_at = self.clock() + _RETRY_S
            for _, peer in self._recipients():
                peer.send(protocol.error_frame("server_busy", "the table could not start"))
            return
        self._attach(ctl)
        self._begin_deal()

    def _extra(self) -> dict[str, Any]:
        """This table's own data in the controller's live snapshot (local store only):
        settings, the password's key (never the password), each seat's token hash and
        the fair-deal secret of the deal in play."""
        c = self.config
        fair = self._fair
        return {
            "format": EXTRA_FORMAT,
            "version": EXTRA_VERSION,
            "kind": LIVE_HOSTED,  # the store keeps it apart from a local window's tables
            "table": self.id,
            "name": c.name,
            "password_key": None if self._key is None else self._key.hex(),
            "planned_deals": c.planned_deals,
            "grace_s": c.grace_s,
            "substitute_after_s": c.substitute_after_s,
            "substitute_level": c.substitute_level,
            "contribute_timeout_s": c.contribute_timeout_s,
            "next_deal_s": c.next_deal_s,
            "seats": [{"token_sha256": s.token_hash} for s in self._seats],
            "fair": None
            if fair is None or fair.seed is None
            else {
                "deal": fair.deal,
                "secret": fair.secret.hex(),
                "commitment": fair.commitment.hex(),
                "contributors": list(fair.contributors),
                "pledges": {str(k): v.hex() for k, v in sorted(fair.pledges.items())},
                "contributions": {str(k): v.hex() for k, v in sorted(fair.contributions.items())},
                "seed": fair.seed,
                "late": sorted(fair.late),
            },
        }

    # ------------------------------------------------------------------ messages

    def handle(self, peer: Peer, msg: Any) -> None:
        """One parsed client message for this table. Whatever is refused gets an
        ``error`` frame and changes nothing."""
        if self._closed:
            self._error(peer, msg, "no_table", "the table is closed")
            return
        if getattr(msg, "table", self.id) != self.id:
            self._error(peer, msg, "no_table")
            return
        match msg:
            case Join():
                self._join(peer, msg)
            case Leave():
                self._leave(peer, msg)
            case Act():
                self._act(peer, msg)
            case Decline():
                self._decline(peer, msg)
            case Next():
                self._next(peer, msg)
            case Pledge():
                self._pledge(peer, msg)
            case Contribute():
                self._contribute(peer, msg)
            case FetchRecords():
                self._send_records(peer, msg)
            case Chat():
                self._chat_line(peer, msg)
            case Consent():
                self._consent_answer(peer, msg)
            case _:
                self._error(peer, msg, "unknown_type", "not a message for a table")

    def _seat_of(self, peer: Peer) -> int | None:
        for i, s in enumerate(self._seats):
            if s.peer is peer:
                return i
        return None

    def _unique_name(self, name: str, seat: int) -> str:
        """The player's name, made different from the others at the table (the score
        sheet and the stored series tell players apart by name)."""
        taken = {
            _name_key(s.name or "")
            for i, s in enumerate(self._seats)
            if i != seat and (s.taken or not s.human)
        }
        base = name.strip()[:58] or "Player"
        candidate, n = base, 1
        while _name_key(candidate) in taken:
            n += 1
            candidate = f"{base} ({n})"
        return candidate

    def _join(self, peer: Peer, msg: Join) -> None:
        mine = self._seat_of(peer)
        if msg.token is not None:
            self._join_by_token(peer, msg, mine)
            return
        if self._key is not None and not protocol.check_proof(
            self._key, peer.challenge, self.id, msg.proof
        ):
            self._error(peer, msg, "bad_password")
            return
        if msg.seat is None:  # kibitz
            if mine is not None:
                self._error(peer, msg, "already_joined", f"you sit at seat {mine + 1} here")
            elif peer.id in self._kibitzers:
                self._joined_frame(peer, None, None, msg.id)
            elif len(self._kibitzers) >= MAX_KIBITZERS:
                self._error(peer, msg, "table_full", "the table has no room for more kibitzers")
            else:
                self._kibitzers[peer.id] = peer
                self._joined_frame(peer, None, None, msg.id)
                self._send_seats()
            return
        seat = msg.seat
        if not 0 <= seat < len(self._seats):
            self._error(peer, msg, "seat_invalid")
            return
        s = self._seats[seat]
        if not s.human:
            self._error(peer, msg, "seat_invalid", f"a computer plays seat {seat + 1}")
            return
        if mine is not None:
            self._error(peer, msg, "already_joined", f"you sit at seat {mine + 1} here")
            return
        if s.taken or self._state != LOBBY:
            self._error(peer, msg, "seat_taken")
            return
        token = secrets.token_urlsafe(24)
        s.name = self._unique_name(peer.name, seat)
        s.token_hash = _token_hash(token)
        s.peer, s.dropped_at = peer, None
        self._kibitzers.pop(peer.id, None)
        self._joined_frame(peer, seat, token, msg.id)
        self._send_seats()
        if all(x.taken for x in self._seats if x.human):
            self._start_series()

    def _join_by_token(self, peer: Peer, msg: Join, mine: int | None) -> None:
        """A player takes his seat back (reconnect); the old connection, if still
        there, is closed. Play goes on where it is: he gets the whole table."""
        wanted = _token_hash(msg.token)
        seat = next(
            (
                i
                for i, s in enumerate(self._seats)
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, wanted)
            ),
            None,
        )
        if seat is None or (msg.seat is not None and msg.seat != seat):
            self._error(peer, msg, "bad_token")
            return
        if mine is not None and mine != seat:
            self._error(peer, msg, "already_joined", f"you sit at seat {mine + 1} here")
            return
        s = self._seats[seat]
        old = s.peer
        if old is not None and old is not peer:
            s.peer = None
            old.close("joined from elsewhere")
        s.peer, s.dropped_at = peer, None
        self._kibitzers.pop(peer.id, None)
        back = seat in self._substitutes
        self._substitutes.discard(seat)
        # (a contributor who is back may still contribute: the commit follows the joined)
        self._joined_frame(peer, seat, msg.token, msg.id)
        if old is not peer or back:
            self._send_seats()

    def _leave(self, peer: Peer, msg: Leave) -> None:
        if peer.id in self._kibitzers:
            del self._kibitzers[peer.id]
            self._send_seats()
            return
        seat = self._seat_of(peer)
        if seat is None:
            self._error(peer, msg, "not_joined")
            return
        s = self._seats[seat]
        if self._state == LOBBY:  # before the series the seat is free again
            s.name = s.token_hash = None
            s.peer = s.dropped_at = None
            self._send_seats()
        else:
            self._drop(seat)

    def disconnected(self, peer: Peer) -> None:
        """The server lost ``peer``'s connection: a kibitzer goes, a player's seat stays
        his (his token takes it back)."""
        if self._kibitzers.pop(peer.id, None) is not None:
            if not self._closed:
                self._send_seats()
            return
        seat = self._seat_of(peer)
        if seat is not None:
            self._drop(seat)

    def _drop(self, seat: int) -> None:
        s = self._seats[seat]
        s.peer = None
        s.dropped_at = self.clock()
        self._ready.discard(seat)
        if self._closed:
            return
        c = self._consent
        if c is not None and seat in (c.declarer, c.asked):
            self._lapse_consent()
        self._send_seats()
        if self._state == COMMITTING:  # a dropped seat is not waited for
            if self._fair.opening:
                self._deal_if_complete()
            else:
                self._open_if_pledged()
        elif self._state == BETWEEN:
            self._next_if_ready()
        elif self._state == PLAYING:
            self._pump()

    def _player(self, peer: Peer, msg: Any) -> int | None:
        """The seat ``peer`` plays here, or an error frame and None."""
        seat = self._seat_of(peer)
        if seat is not None and self._revealed_to.get(seat) is peer:
            self._reveal_read(seat, msg)
        if seat is None:
            if peer.id in self._kibitzers:
                self._error(peer, msg, "not_joined", "a kibitzer cannot take part in the play")
            else:
                self._error(peer, msg, "not_joined")
        return seat

    def _reveal_read(self, seat: int, msg: Any) -> None:
        """A message that answers a frame of a later deal than the last revealed one (a
        pledge to it, a move at its tick) shows that the reveal, sent before that frame
        on the same connection, has arrived: it is not sent again on a return."""
        shown = self._reveal["deal"] if self._reveal is not None else 0
        deal = getattr(msg, "deal", None)
        if deal is None and isinstance(getattr(msg, "tick", None), int):
            deal = msg.tick // _TICKS_PER_DEAL
        if deal is not None and deal > shown:
            del self._revealed_to[seat]

    def _act(self, peer: Peer, msg: Act) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        ctl = self._ctl
        if ctl is None or self._state != PLAYING:
            self._error(peer, msg, "not_your_turn", "no deal is in play")
            return
        if not self._may_change(peer, msg):
            return
        if msg.tick != self.tick:
            self._error(peer, msg, "stale")
            return
        action = msg.action
        view = ctl.view_for(seat)
        if view.position is None or action.player != view.position:
            self._error(peer, msg, "not_your_turn", "you can act only for your own seat")
            return
        if type(action) is not Double:  # Kontra and Re may be said between cards
            need = ctl.request()
            if not (isinstance(need, HumanTurn) and need.seat == seat and not need.interjection):
                self._error(peer, msg, "not_your_turn")
                return
            if self._claim is not None:
                self._error(peer, msg, "not_now", "your claim is being checked")
                return
        if type(action) is Claim:
            self._check_claim(peer, msg, seat)
            return
        if type(action) is Concede and action.agreed_by not in (None, view.position):
            # ISkO 4.3.2: a late concession needs a defender's consent, which is his to
            # give; the declarer's connection cannot say it for him (no Schneider then)
            self._ask_consent(peer, msg, seat, action)
            return
        self._apply(peer, msg, lambda: ctl.apply(action, seat=seat))

    def _may_change(self, peer: Peer, msg: Any) -> bool:
        """Whether the table takes a move now: not while its store fails, nor while a
        concession waits for a defender's word (error frame and False)."""
        if self._paused is not None:
            self._error(peer, msg, self._paused)
            return False
        if self._consent is not None:
            self._error(peer, msg, "not_now", "a concession waits for a defender's consent")
            return False
        return True

    # ------------------------------------------------------------------ consent to concede

    def _ask_consent(self, peer: Peer, msg: Act, seat: int, action: Concede) -> None:
        """A declarer's concession naming a defender who agrees: that defender is asked
        (``concession`` to the table) and says yes or no (``consent``); only a yes applies
        it. A computer, a substitute or a dropped player cannot be asked."""
        ctl = self._ctl
        deal = ctl.deal
        if action.player != deal.declarer:
            self._error(
                peer,
                msg,
                "illegal",
                "only the declarer's concession needs consent",
                "concede_declarer_only",
            )
            return
        if not deal.can_concede(action.player, action.agreed_by):
            self._error(
                peer,
                msg,
                "illegal",
                "you cannot concede now, not even with consent",
                "cannot_concede",
            )
            return
        asked = deal.setup.seats[action.agreed_by]
        s = self._seats[asked]
        if not s.human or s.peer is None:  # (a substitute plays only a dropped seat)
            who = "a computer plays" if not s.human else "nobody is connected at"
            self._error(peer, msg, "not_now", f"{who} seat {asked + 1}: no one there can agree")
            return
        self._consent = _Consent(action, seat, asked, peer, msg.id, self.clock() + CONSENT_S)
        for _, p in self._recipients():
            re = msg.id if p is peer else None
            p.send(protocol.concession(self.id, self.tick, seat, asked, None, re))

    def _consent_answer(self, peer: Peer, msg: Consent) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        c = self._consent
        if c is None or c.asked != seat:
            self._error(peer, msg, "not_now", "nobody asks for your consent now")
            return
        if msg.tick != self.tick:
            self._error(peer, msg, "stale")
            return
        self._end_consent(msg.agree, peer, msg.id)
        if msg.agree:
            self._apply(c.peer, _Reply(c.re), lambda: self._ctl.apply(c.action, seat=c.declarer))

    def _end_consent(self, answer: bool, by: Peer | None = None, re: int | None = None) -> None:
        """Tell the table how the concession was answered (``by`` gets ``re``)."""
        c, self._consent = self._consent, None
        if c is None:
            return
        for _, p in self._recipients():
            reply = re if p is by else None
            p.send(protocol.concession(self.id, self.tick, c.declarer, c.asked, answer, reply))

    def _lapse_consent(self) -> None:
        """A concession not answered: the asked defender or the declarer went, the time
        is up, or the table paused. The declarer plays on."""
        if self._consent is not None:
            self._end_consent(False)
            self._pump()

    def _apply(self, peer: Peer, msg: Any, fn: Callable[[], Any]) -> None:
        try:
            self._change(fn)
        except TableError as e:  # its sentence names only the sender's own cards
            self._error(peer, msg, "illegal", str(e), _reason(e))

    def _check_claim(self, peer: Peer, msg: Act, seat: int) -> None:
        """A claim's exhaustive check can take a while: it runs in the pool (its answer
        knows every hand and is never shown), then the claim is applied."""
        ctl = self._ctl
        try:
            check = ctl.claim_check(seat)
        except TableError as e:
            self._error(peer, msg, "illegal", str(e), _reason(e))
            return
        key = self._claim = object()
        moves = self._moves

        def done(_: bool) -> None:
            if self._claim is not key:
                return
            self._claim = None
            if self._closed:
                return
            if self._moves != moves or self._seats[seat].peer is not peer:
                self._error(peer, msg, "stale")
                return
            if self._may_change(peer, msg):
                self._apply(peer, msg, lambda: ctl.apply(msg.action, seat=seat))

        self.pool.run(lambda: check(self._cancel), done)

    def _decline(self, peer: Peer, msg: Decline) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        ctl = self._ctl
        if ctl is None or self._state != PLAYING:
            self._error(peer, msg, "not_your_turn", "no deal is in play")
            return
        if not self._may_change(peer, msg):
            return
        if msg.tick != self.tick:
            self._error(peer, msg, "stale")
            return
        need = ctl.request()
        if not (isinstance(need, HumanTurn) and need.seat == seat and need.interjection):
            self._error(peer, msg, "not_your_turn", "you are not asked for Kontra or Re now")
            return
        self._apply(peer, msg, lambda: ctl.decline(seat))

    def _next(self, peer: Peer, msg: Next) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        if self._state != BETWEEN:
            self._error(peer, msg, "not_now", "the next deal is not due")
            return
        self._ready.add(seat)
        self._next_if_ready()

    def _contribute(self, peer: Peer, msg: Contribute) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        fair = self._fair
        if fair is not None and msg.deal == fair.deal and fair.contributions.get(seat) == msg.value:
            return  # sent again after a reconnect: already counted
        if (
            self._state != COMMITTING
            or fair is None
            or msg.deal != fair.deal
            or not fair.opening
            or seat not in fair.pledges
            or seat in fair.contributions
        ):
            self._error(peer, msg, "not_now", "no contribution is asked of you for that deal now")
            return
        if not fairness.keeps_pledge(self.id, fair.deal, seat, msg.value, fair.pledges[seat]):
            self._error(peer, msg, "bad_field", "the value is not the one you pledged")
            return
        fair.contributions[seat] = msg.value
        self._deal_if_complete()

    def _pledge(self, peer: Peer, msg: Pledge) -> None:
        seat = self._player(peer, msg)
        if seat is None:
            return
        fair = self._fair
        if fair is not None and msg.deal == fair.deal and fair.pledges.get(seat) == msg.commitment:
            return  # sent again after a reconnect: already counted
        owed = (
            fair is not None
            and msg.deal == fair.deal
            and seat in fair.contributors
            and seat not in fair.pledges
        )
        if owed and fair.opening and self._state in (COMMITTING, PLAYING):
            # asked, but the pledges are shown already (it was away, or slow): the reveal
            # names the seat, whose client cannot tell this from a pledge left out
            fair.late.add(seat)
            self._error(peer, msg, "not_now", "your pledge came after the pledges were shown")
            return
        if not owed or self._state != COMMITTING or fair.opening:
            self._error(peer, msg, "not_now", "no pledge is asked of you for that deal now")
            return
        fair.pledges[seat] = msg.commitment
        self._open_if_pledged()

    def _send_records(self, peer: Peer, msg: FetchRecords) -> None:
        """Finished deals from ``msg.first`` on, as many as fit one frame (at most
        ``MAX_RECORDS``): a client that came late or missed deals completes its copy."""
        if self._seat_of(peer) is None and peer.id not in self._kibitzers:
            self._error(peer, msg, "not_joined")
            return
        numbers = sorted(n for n in self._records if n >= msg.first)
        size = len(protocol.encode(protocol.records(self.id, [], True, msg.id)))
        out: list[dict[str, Any]] = []
        for n in numbers[: protocol.MAX_RECORDS]:
            item = self._records[n]
            length = len(json.dumps(item, ensure_ascii=False, separators=(",", ":")).encode()) + 1
            if size + length > protocol.MAX_FRAME:
                break
            out.append(item)
            size += length
        peer.send(protocol.records(self.id, out, len(out) < len(numbers), msg.id))

    def _chat_line(self, peer: Peer, msg: Chat) -> None:
        seat = self._seat_of(peer)
        if seat is None and peer.id not in self._kibitzers:
            self._error(peer, msg, "not_joined")
            return
        if self._state == PLAYING:
            self._error(peer, msg, "not_now", "chat waits until the deal is over")
            return
        try:
            text = protocol.plain_text(msg.text, protocol.CHAT_LIMIT)
        except protocol.ProtocolError as e:
            peer.send(e.frame(msg.id))
            return
        name = self._seats[seat].name if seat is not None else peer.name
        line = protocol.chat_line(self.id, seat, name or "", text)
        self._chat.append(line)
        self._to_all(line)

    # ------------------------------------------------------------------ time

    def tick_timers(self) -> None:
        """The server calls this about every 0.25 s: time-outs of the lobby seats, the
        contributions and the next deal, and substitutes for dropped players."""
        if self._closed:
            return
        now = self.clock()
        if self._paused is not None:
            if now >= self._save_at:
                self._try_saving()
            return
        if self._consent is not None and now >= self._consent.deadline:
            self._lapse_consent()
        if self._state == LOBBY:
            freed = False
            for s in self._seats:
                if s.taken and s.peer is None and now - s.dropped_at >= self.config.grace_s:
                    s.name = s.token_hash = None
                    s.dropped_at = None
                    freed = True
            if freed:
                self._send_seats()
            full = all(s.taken for s in self._seats if s.human)
            if full and self._ctl is None and now >= self._retry_at:
                self._start_series()  # a start that failed is tried again
        elif self._state == COMMITTING and self._deadline is not None and now >= self._deadline:
            if self._fair.opening:
                self._deal()  # who has not opened by now is left out (and named)
            else:
                self._open()  # who has not pledged by now contributes nothing
        elif self._state == BETWEEN and self._deadline is not None and now >= self._deadline:
            if self._connected_humans():  # nobody at the table: the series waits
                self._begin_deal()
        elif self._state == PLAYING:
            self._pump()

    def close(self) -> None:
        """The host stops this table: running searches are cancelled, answers still to
        come are dropped. The live snapshot (synchronous) is already in the store."""
        self._closed = True
        self._cancel.set()
        self._job = self._claim = None
        self._consent = None

    # ------------------------------------------------------------------ restart

    @staticmethod
    def live_tables(store: Store) -> list[LiveTable]:
        """The hosted tables saved for later that can be continued (the store's rows,
        latest first): what a restarted host passes to :meth:`resume`. Tables of the
        local GUI in the same database are not among them."""
        out = []
        for row in store.live_tables(kind=LIVE_HOSTED):
            if row.stale is not None:
                continue
            try:
                extra = json.loads(store.load_live(row.id).state).get("extra")
            except (ValueError, AttributeError):
                continue  # unreadable: resume would refuse it too
            if isinstance(extra, dict) and extra.get("format") == EXTRA_FORMAT:
                out.append(row)
        return out

    @classmethod
    def resume(
        cls,
        store: Store,
        live_id: int,
        pool: ComputerPool,
        clock: Callable[[], float] = time.monotonic,
    ) -> HostedTable:
        """The table saved as ``live_id``, where it stopped: the deal in play at its
        move, the seats' tokens valid, the deal's secret kept for its reveal. Every
        player counts as dropped at this moment (substitutes after the usual wait).

        Raises :class:`TableError` (one sentence) for a row that is no hosted table or
        cannot be continued, :class:`~skat_desktop.store.database.StoreError` for a store
        problem; the row is left as it is."""
        ctl = TableController.resume(
            store, live_id, write_later=False, keep_live=True, fixed_search=True
        )
        try:
            table = cls._rebuilt(ctl, store, pool, clock)
        except KeyError as e:
            raise TableError(
                f"the hosted table saved for later cannot be continued: it lacks {e}"
            ) from None
        except (ValueError, TypeError, LookupError, AttributeError) as e:
            raise TableError(f"the hosted table saved for later cannot be continued: {e}") from None
        return table

    @classmethod
    def _rebuilt(
        cls, ctl: TableController, store: Store, pool: ComputerPool, clock: Callable[[], float]
    ) -> HostedTable:
        x = ctl.saved_extra
        if not isinstance(x, dict) or x.get("format") != EXTRA_FORMAT:
            raise ValueError("it is not a hosted table")
        if x.get("version") != EXTRA_VERSION:
            raise ValueError(f"its version {x.get('version')!r} is not {EXTRA_VERSION}")
        table_id = x["table"]
        if not isinstance(table_id, str) or not protocol._TABLE_ID.fullmatch(table_id):
            raise ValueError("its table id is not valid")
        seats = x["seats"]
        if not isinstance(seats, list) or len(seats) != ctl.table_size:
            raise ValueError("its seats are not the table's")
        config = TableConfig(
            name=x["name"],
            profile=ctl.profile,
            seats=[OPEN if spec.is_human else spec.kind for spec in ctl.specs],
            planned_deals=x["planned_deals"],
            grace_s=x["grace_s"],
            substitute_after_s=x["substitute_after_s"],
            substitute_level=x["substitute_level"],
            contribute_timeout_s=x["contribute_timeout_s"],
            next_deal_s=x["next_deal_s"],
            first_seed=ctl.seed,
        )
        table = cls(table_id, config, store, pool, clock)
        key = x["password_key"]
        table._key = None if key is None else bytes.fromhex(key)
        now = clock()
        for i, (s, saved, name) in enumerate(zip(table._seats, seats, ctl.names, strict=True)):
            token_hash = saved["token_sha256"]
            if s.human != (token_hash is not None):
                raise ValueError(f"seat {i + 1} has no token")
            if s.human:
                if not isinstance(token_hash, str) or len(token_hash) != 64:
                    raise ValueError(f"the token of seat {i + 1} is not valid")
                s.name, s.token_hash, s.dropped_at = name, token_hash, now
        table._attach(ctl)
        table._fair = _read_fair(x["fair"], table_id, ctl)
        table._load_records()
        need = ctl.request()
        if isinstance(need, SeriesOver):
            table._state = FINISHED
        elif isinstance(need, DealOver):
            table._deal_over()
        else:
            table._state = PLAYING
        return table


def _read_fair(data: Any, table_id: str, ctl: TableController) -> _Fair | None:
    """The saved fair-deal state of the deal in play, checked against its cards."""
    deal = ctl.deal
    if data is None:
        if deal is not None:
            raise ValueError("the secret of its deal in play is missing")
        return None
    contributions = {int(k): bytes.fromhex(v) for k, v in data["contributions"].items()}
    pledges = {int(k): bytes.fromhex(v) for k, v in data["pledges"].items()}
    fair = _Fair(
        deal=data["deal"],
        secret=bytes.fromhex(data["secret"]),
        commitment=bytes.fromhex(data["commitment"]),
        contributors=tuple(int(s) for s in data["contributors"]),
        contributions=contributions,
        seed=data["seed"],
        pledges=pledges,
        opening=True,
        late={int(s) for s in data.get("late", [])},  # (a snapshot from before the field)
    )
    problem = fairness.check_reveal(
        table_id,
        fair.deal,
        fair.commitment,
        fair.secret,
        contributions,
        fair.seed,
        pledges=pledges,
    )
    if problem is not None:
        raise ValueError(problem)
    if deal is None or fair.deal != ctl.deal_number or deal.setup.seed != fair.seed:
        raise ValueError("its fair-deal secret is not the one of its deal in play")
    return fair
