"""The table controller: a series of deals at one table, asking whoever is on turn.

The GUI (and later the LAN host) drives it; it never blocks and never starts a thread,
so the caller decides where the slow work runs (the Anki "operations" pattern):

1. :meth:`TableController.request` says what is needed next: a :class:`HumanTurn`,
   a :class:`ComputerTurn`, :class:`DealOver` (call :meth:`~TableController.start_deal`)
   or :class:`SeriesOver`.
2. A computer's decision comes from :meth:`TableController.think`, which touches no
   table state and never raises, so the GUI can run it in a worker thread; the
   :class:`ThinkResult` goes back through :meth:`TableController.submit` on the GUI
   thread, which drops it if the table moved on meanwhile (an undo, a human's Kontra).
3. A human's action goes through :meth:`TableController.apply`: the engine checks it;
   an illegal one is refused with one sentence and changes nothing.

Listeners receive :data:`TableEvent` objects after the state is complete, so a listener
may call back into the controller. Finished deals go on the engine's :class:`Series`
at once and, with a store, into the database; a store failure is reported as an event,
the deal waits in memory, and :meth:`TableController.retry_store` tries again.

Storing can run elsewhere too (``write_later=True``, the GUI): the finished deal waits,
:meth:`TableController.take_store_write` hands out a :class:`StoreWrite` that a worker
runs on its own connection, and :meth:`TableController.store_written` takes its
:class:`StoreOutcome` back on the caller's thread. Either way :class:`DealsStored` says
when the database has the deals (views of the store read again then).

With a store the table in play is kept there too (a *live table*: seeds, seats and the
moves of the deal in progress), written after every change through the same ordered
path as the finished deals, so :meth:`TableController.resume` continues an interrupted
series at the very move where it stopped (docs/table-controller.md, "Live tables").

Hidden information stays in the engine's seat views: a turn carries only the view of
the seat asked, and the practice aids that show more (open cards, hints, undo, replay)
refuse to work outside practice. Events are whole (a discard names its cards) for
listeners in this process; what leaves it goes through :meth:`add_seat_listener`, which
hands each seat every event as that seat may know it (:mod:`skat_desktop.app.redaction`).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from skat_desktop.ai.levels import make_player
from skat_desktop.ai.player import Player
from skat_desktop.app.selfplay import deal_seeds
from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.actions import (
    Action,
    Concede,
    Declare,
    Double,
    Play,
    action_from_dict,
    action_to_dict,
)
from skat_desktop.engine.claims import claim_holds
from skat_desktop.engine.deal import Deal, DealResult
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.series import Series, SheetEntry
from skat_desktop.engine.tournament import PlayerTally
from skat_desktop.engine.view import SeatView, seat_view
from skat_desktop.store.database import StoreError, file_fault
from skat_desktop.store.faults import kill_point

if TYPE_CHECKING:
    from skat_desktop.ai.hints import Hint
    from skat_desktop.store.repository import SeriesInfo, Store

HUMAN = "human"
_ACTION_TYPES = get_args(Action)


class TableError(ValueError):
    """A request the table cannot carry out now; one sentence a player can read.

    The sentence is English, for the CLI and the log. ``code`` names the refusal so that a
    window can say it in the player's language; ``params`` are what it names (a seat, a
    number of deals). An empty code is a refusal no window needs to word.
    """

    def __init__(self, message: str = "", code: str = "", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


# ---------------------------------------------------------------------- seats


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a table seat: a human (by name) or a computer player of a level.

    ``kind`` is ``"human"`` or a level of :func:`skat_desktop.ai.levels.make_player`
    (``beginner``, ``standard``, ``expert``, ``random``, ``external:COMMAND``).
    ``seed`` fixes a computer's choices; without it the table's seed derives one.
    """

    kind: str = HUMAN
    name: str | None = None
    seed: int | None = None

    @classmethod
    def human(cls, name: str) -> SeatSpec:
        return cls(HUMAN, name)

    @classmethod
    def computer(cls, kind: str, seed: int | None = None, name: str | None = None) -> SeatSpec:
        return cls(kind, name, seed)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def display_name(self, seat: int) -> str:
        """The name on the score sheet; computers default to the CLI's ``kind seat`` form."""
        if self.name:
            return self.name.strip()
        return f"{self.kind} {seat + 1}"


# ---------------------------------------------------------------------- what is needed next


@dataclass(frozen=True)
class HumanTurn:
    """A human decides. ``interjection``: not on turn, may say Kontra/Re (or :meth:`decline`)."""

    seat: int
    view: SeatView
    legal: tuple[Action, ...]
    interjection: bool = False


@dataclass(frozen=True)
class ComputerTurn:
    """A computer decides: pass this to :meth:`TableController.think` (off the GUI thread).

    ``version`` identifies the table state it was asked in, so a late answer is dropped.
    """

    seat: int
    view: SeatView
    interjection: bool = False
    version: int = 0


@dataclass(frozen=True)
class DealOver:
    """No deal in progress: show the last result (None before the first deal), then deal."""

    result: DealResult | None
    entry: SheetEntry | None  # None for a practice replay, which is not on the sheet
    replay: bool = False


@dataclass(frozen=True)
class SeriesOver:
    """The planned deals are played; ``result`` and ``entry`` are the last deal's."""

    result: DealResult | None
    entry: SheetEntry | None
    totals: tuple[int, ...]


Need = HumanTurn | ComputerTurn | DealOver | SeriesOver


@dataclass(frozen=True)
class ThinkResult:
    """A computer's decision. ``action`` None: it lets an interjection pass."""

    turn: ComputerTurn
    action: Action | None
    failure: PlayerFailed | None = None  # the player failed; ``action`` is the fallback

    @property
    def error(self) -> str | None:
        """The failure's English text (None: the player did not fail)."""
        return None if self.failure is None else self.failure.message


@dataclass(frozen=True)
class ThinkSpec:
    """A computer's decision as a job that runs anywhere, another process too
    (:meth:`TableController.think_spec`, :func:`run_think`): everything needed to make
    the seat's player afresh and bring it to where the controller's own player would be.

    ``earlier``: the decisions this player was asked before in the deal, in order; a
    fresh player makes them again (answers unused) so its memory -- plans, random
    draws -- is the same, and a kept one (:class:`PlayerCache`) only those it missed.
    """

    turn: ComputerTurn
    table: str  # the controller's own token: players of two tables never mix
    deal: int  # the deal number: a player lives for one deal
    occupant: int  # index of the seat's SeatSpec
    kind: str
    seed: int  # the player's seed for this deal
    fixed: bool  # fixed search (worlds, nodes), never the clock
    fallback_seed: int
    earlier: tuple[tuple[SeatView, bool], ...] = ()

    @property
    def key(self) -> tuple[str, int, int, str, int]:
        return (self.table, self.deal, self.occupant, self.kind, self.seed)


@dataclass
class HeldPlayer:
    """A player and how many decisions of its deal it has made."""

    player: Player
    made: int = 0


class PlayerCache:
    """Players kept between the decisions of their deal, by :attr:`ThinkSpec.key` (a
    worker of the host's pool keeps one): the warm-up is then skipped. Bounded: the
    least recently asked go first, and a table's players of an earlier deal at once."""

    def __init__(self, size: int = 64):
        self.size = max(1, size)
        self._held: OrderedDict[tuple[str, int, int, str, int], HeldPlayer] = OrderedDict()

    def __len__(self) -> int:
        return len(self._held)

    def held(self, spec: ThinkSpec) -> HeldPlayer:
        """The player for ``spec``: kept, or made afresh (it may raise ValueError)."""
        key = spec.key
        held = self._held.get(key)
        if held is not None and held.made <= len(spec.earlier):
            self._held.move_to_end(key)
            return held
        for old in [k for k in self._held if k[0] == spec.table and k[1] != spec.deal]:
            del self._held[old]
        held = self._held[key] = HeldPlayer(_new_player(spec))
        while len(self._held) > self.size:
            self._held.popitem(last=False)
        return held


class _Given:
    """The controller's own player as a cache of one: it makes every ``earlier``."""

    def __init__(self, player: Player):
        self.player = player

    def held(self, spec: ThinkSpec) -> HeldPlayer:
        return HeldPlayer(self.player)


def _new_player(spec: ThinkSpec) -> Player:
    if spec.fixed:
        return make_player(spec.kind, spec.seed, fixed=True)
    return make_player(spec.kind, spec.seed)  # (the call that stand-ins of tests know)


def run_think(
    spec: ThinkSpec, cache: PlayerCache | _Given, cancel: threading.Event | None = None
) -> ThinkResult:
    """Ask the player of ``spec`` (from ``cache``) for its decision; never raises.

    The one way a computer thinks, in the controller's :meth:`~TableController.think`
    and in the host's pool. A player that raises or answers illegally is replaced for
    this decision by the beginner level (or the first legal action), with a
    :class:`PlayerFailed` that names neither the action nor the error's text."""
    turn = spec.turn
    try:
        held = cache.held(spec)
    except Exception as e:  # an unknown level, a player that cannot start
        return think_failed(spec, _card_free(_one_line(e)))
    player = held.player
    # a resumed deal, a fresh worker: the earlier decisions again, answers unused
    for view, interjection in spec.earlier[held.made :]:
        try:
            if interjection:
                player.wants_interjection(view)
            else:
                player.choose(view, cancel)
        except Exception:
            pass  # it failed then too, and a fallback was played
    held.made = len(spec.earlier) + 1
    try:
        if turn.interjection:
            action = player.wants_interjection(turn.view)
            if action is None or (type(action) is Double and action in turn.view.legal):
                return ThinkResult(turn, action)
        else:
            action = player.choose(turn.view, cancel)
            if _plausible(action, turn.view):
                return ThinkResult(turn, action)
        code, detail = "computer_illegal_action", None
    except Exception as e:
        code, detail = "computer_error", _card_free(_one_line(e))
    return think_failed(spec, detail, code)


def think_failed(spec: ThinkSpec, detail: str | None, code: str = "computer_error") -> ThinkResult:
    """The fallback's answer to ``spec`` with a :class:`PlayerFailed` of ``code``
    (``detail``: for this host only, never a card); also when the player could not be
    asked at all (the host's worker process died)."""
    turn = spec.turn
    params = {"seat": turn.seat, "level": _level(spec.kind)}
    failure = PlayerFailed(turn.seat, code, params, detail)
    return think_fallback(turn, failure, spec.fallback_seed)


def think_fallback(turn: ComputerTurn, failure: PlayerFailed, seed: int) -> ThinkResult:
    """What plays when a computer failed: the beginner's choice (seeded with ``seed``),
    else the first legal card or action; an interjection passes."""
    if turn.interjection:
        return ThinkResult(turn, None, failure)
    legal = turn.view.legal
    try:
        action = make_player("beginner", seed).choose(turn.view)
        if action in legal:
            return ThinkResult(turn, action, failure)
    except Exception:
        pass  # the first legal action below still keeps the deal going
    plays = [a for a in legal if type(a) is Play]
    return ThinkResult(turn, (plays or list(legal) or [None])[0], failure)


@dataclass(frozen=True)
class OpenCards:
    """Every hand by table seat (0 for a seat sitting out) and the skat: practice only."""

    hands: tuple[int, ...]
    skat: int


# ---------------------------------------------------------------------- events


@dataclass(frozen=True)
class ActionApplied:
    """``seat`` took ``action``, the ``index``-th of the deal's log. The action is whole
    (a discard names its cards): for this process; seats get it through
    :func:`~skat_desktop.engine.view.action_for`."""

    seat: int
    action: Action
    index: int


@dataclass(frozen=True)
class DealStarted:
    number: int  # deal number in the series (a replay keeps its deal's number)
    dealer: int
    seats: tuple[int, int, int]  # table seats of forehand, middlehand, rearhand
    replay: bool = False


@dataclass(frozen=True)
class DealFinished:
    result: DealResult
    entry: SheetEntry | None  # None for a practice replay


@dataclass(frozen=True)
class ActionsUndone:
    """Practice: ``seat`` took back a card; ``count`` actions left the log."""

    seat: int
    count: int


# How a computer player's failure is told: a code and parameters, never the action it
# tried (a card it does not hold is someone else's, or in the skat), since every seat
# hears it. ``seat`` in the parameters is the table seat (0-based, as in every event);
# the English default names it as people count, from 1. The GUI translates by code.
PLAYER_FAILURES: dict[str, str] = {
    "computer_missing": "seat {place} has no computer player",
    "computer_error": "the {level} player at seat {place} failed",
    "computer_illegal_action": "the {level} player at seat {place} chose an illegal action",
    "computer_refused_action": (
        "the rules refused the move of the {level} player at seat {place}; a fallback was played"
    ),
}


def failure_text(code: str, params: Mapping[str, Any]) -> str:
    """The English default text of a :class:`PlayerFailed` code with its parameters."""
    seat = params.get("seat")
    values = {
        "level": "computer",
        **params,
        "place": seat + 1 if type(seat) is int else "?",
    }
    return PLAYER_FAILURES.get(code, "a computer player failed").format_map(values)


@dataclass(frozen=True)
class PlayerFailed:
    """A computer player raised or chose an illegal action; a fallback was played.

    ``code`` (a key of :data:`PLAYER_FAILURES`) and ``params`` say what happened without
    naming any card: they are what the seats are told (:func:`failure_text`).
    ``detail``, the error's own sentence, is for this host (the local message bar) and
    only when it cannot name a card (:func:`_card_free`); it never leaves the host."""

    seat: int
    code: str
    params: Mapping[str, Any] = field(default_factory=dict)
    detail: str | None = None

    @property
    def message(self) -> str:
        """The English text here: the default, with the detail if there is one."""
        text = failure_text(self.code, self.params)
        return f"{text}: {self.detail}" if self.detail else text


@dataclass(frozen=True)
class StoreFailed:
    """A finished deal could not be stored; it waits for :meth:`retry_store`."""

    message: str
    pending: int


@dataclass(frozen=True)
class DealsStored:
    """These deals (numbers in the series) are in the database now."""

    numbers: tuple[int, ...]


@dataclass(frozen=True)
class SeriesFinished:
    totals: tuple[int, ...]


TableEvent = (
    ActionApplied
    | DealStarted
    | DealFinished
    | ActionsUndone
    | PlayerFailed
    | StoreFailed
    | DealsStored
    | SeriesFinished
)
Listener = Callable[[TableEvent], None]
SeatListener = Callable[[dict[str, Any]], None]  # an event's JSON form, for one seat


_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])")


def _card_free(text: str) -> str | None:
    """``text`` (clipped) if it cannot name a card -- no card code, no word "card" (as in
    a repr of an action) -- else None: a player's error may quote its own hand."""
    if _CARD_CODE.search(text) or "card" in text.lower():
        return None
    return text if len(text) <= 160 else text[:159] + "…"


def _one_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _player_seed(table_seed: int, seat: int, kind: str) -> int:
    """A stable 63-bit seed per seat, independent of Python's hash randomisation."""
    text = f"skat-table:{table_seed}:{seat}:{kind}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def _deal_player_seed(seat_seed: int, number: int) -> int:
    """The seed of a seat's computer player for deal ``number`` of the series."""
    text = f"skat-deal:{seat_seed}:{number}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


# ---------------------------------------------------------------------- storing


def _renamed_seats(
    store: Store, series_id: int | None, seats: Sequence[SeatSpec]
) -> list[SeatSpec]:
    """The saved table's seats under the names their players have now: the series seats
    players (by id), and a player renamed in the club desk since the table was saved is
    still the one at that seat (a tester renamed "Anna" to "Annabel" during a series,
    and the series could never be continued). Seats the series does not name stay."""
    if series_id is None:
        return list(seats)
    try:
        players = store.series(series_id).players
    except StoreError:  # no such series: the saved table is stale, said elsewhere
        return list(seats)
    if len(players) != len(seats):
        return list(seats)
    return [
        spec if spec.display_name(i) == name else replace(spec, name=name)
        for i, (spec, (_, name)) in enumerate(zip(seats, players, strict=True))
    ]


@dataclass(frozen=True)
class StoreOutcome:
    """How a :class:`StoreWrite` went: ``written`` deals from the front, then ``error``.

    ``live``: the table's snapshot (:attr:`StoreWrite.live`) went in with them.
    ``replaced``: the error is that the database no longer continues the series where the
    table is (fewer deals, more, or other ones: the file was replaced or restored from a
    backup meanwhile), so trying again cannot help. ``fault``: the error needs someone to
    act on the database file before a try again can work (it became read-only, or its
    name no longer leads to it: :func:`~skat_desktop.store.database.file_fault`). None
    of these takes part in comparisons: the deals are what an outcome is about."""

    written: int
    error: str | None = None
    live: bool = field(default=False, compare=False)
    replaced: bool = field(default=False, compare=False)
    fault: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LiveWrite:
    """The table in play for the database: its JSON snapshot, or (``state`` None) the
    order to forget it because the series ended or was given up.

    The snapshot knows every card (through the seeds and the moves): it goes to the local
    store only, never into an event."""

    series_id: int
    deal_number: int
    deals_done: int  # deals on the table's sheet: what the database must hold with it
    state: str | None = field(default=None, repr=False)

    def run(self, store: Store) -> None:
        """Save or forget the row; joins the caller's transaction. A snapshot is refused
        (``store_replaced``) unless the database holds exactly the deals it was taken
        with: else the file was replaced under the table, and the row could never be
        continued."""
        if self.state is None:
            store.drop_series_live(self.series_id)
        else:
            if self.series_id is not None:
                held = store.deals_stored(self.series_id)
                if held != self.deals_done:
                    raise TableError(
                        f"the database holds {held} deals of this series, the table"
                        f" {self.deals_done}: it was replaced or changed meanwhile"
                        " (restored from a backup?)",
                        "store_replaced",
                        held=held,
                        done=self.deals_done,
                    )
            store.save_live(
                self.series_id,
                self.state,
                deal_number=self.deal_number,
                deals_done=self.deals_done,
            )


@dataclass(frozen=True)
class StoreWrite:
    """Finished deals for the database, in order, to be written off the caller's thread,
    and the table's latest snapshot (``live``) to go in with the last of them.

    :meth:`run` touches no table state: only these (finished, no longer changing) deals,
    the snapshot taken when the write was handed out and the store it is given, so a
    worker thread can run it on its own connection.
    """

    series_id: int
    deals: tuple[tuple[Deal, int], ...]  # (deal, its number in the series)
    live: LiveWrite | None = None

    def run(self, store: Store) -> StoreOutcome:
        """Write the deals in order, the snapshot in the last deal's transaction; stop at
        the first failure. Never raises."""
        written, error, live, _, replaced, fault = _write_in_order(
            store, self.series_id, self.deals, self.live
        )
        return StoreOutcome(written, error, live, replaced, fault)

    def steps(self) -> tuple[StoreWrite, ...]:
        """This write cut into its transactions: one deal each, the snapshot with the last
        deal (alone when no deal waits). A writer that opens each transaction itself (to
        tell another program's lock apart from a refused deal) runs these in order, each
        inside its own ``store.transaction()``, and stops at the first error."""
        if not self.deals:
            return (self,) if self.live is not None else ()
        last = len(self.deals) - 1
        return tuple(
            StoreWrite(self.series_id, (item,), self.live if i == last else None)
            for i, item in enumerate(self.deals)
        )


REPLACED_CODES = frozenset({"store_gap", "store_replaced"})
"""Refusals of a write that say the database no longer continues the series where the
table is: it was replaced under the table (restored from a backup, say)."""


def _store_deal(store: Store, service: SeriesService, deal: Deal, number: int) -> None:
    """Record ``deal`` as deal ``number`` unless the database has it already (a commit
    that went through before its error was reported); a gap is an error, and so is
    another deal under that number (the file was replaced meanwhile)."""
    stored_next = service.next_number
    if stored_next < number:
        raise TableError(
            f"the database lacks deal {stored_next} of the series", "store_gap", deal=stored_next
        )
    if stored_next == number:
        service.record_played(deal)
        return
    text = store.deal_record_text(service.info.id, number)
    try:
        stored = json.loads(text) if text else {}
        same = stored["deal"]["seed"] == deal.setup.seed and stored["actions"] == [
            action_to_dict(a) for a in deal.actions
        ]
    except (ValueError, TypeError, KeyError):
        same = False
    if not same:
        raise TableError(
            f"the database holds another deal {number} of this series: it was replaced or"
            " changed meanwhile (restored from a backup?)",
            "store_replaced",
            deal=number,
        )


def _write_in_order(
    store: Store,
    series_id: int,
    deals: Sequence[tuple[Deal, int]],
    live: LiveWrite | None,
    service: SeriesService | None = None,
) -> tuple[int, str | None, bool, SeriesService | None, bool, str | None]:
    """The one write path: ``deals`` in order, each in a transaction of its own, and
    ``live`` in the last one's (alone when no deal waits), so the saved table never runs
    ahead of the deals and the series' last deal takes its row with it. Stops at the
    first failure; never raises.

    Returns (deals written, error, whether ``live`` was written, the service to reuse:
    None after a failure, whose rolled-back deal it may still count, whether the error
    says the database was replaced under the table: :data:`REPLACED_CODES`, and what
    must be done to its file first: :func:`~skat_desktop.store.database.file_fault`)."""
    written = 0
    try:
        if deals and service is None:
            service = SeriesService(store, series_id)
        for i, (deal, number) in enumerate(deals):
            with store.transaction():
                _store_deal(store, service, deal, number)
                if live is not None and i == len(deals) - 1:
                    live.run(store)
            written += 1
        if live is not None:
            if not deals:
                with store.transaction(durable=False):  # the table alone: scratch state
                    live.run(store)
            kill_point("live.saved")
    except Exception as e:
        if written < len(deals):
            message = f"deal {deals[written][1]} could not be stored: {_one_line(e)}"
        else:
            message = f"the table could not be saved for later: {_one_line(e)}"
        replaced = getattr(e, "code", "") in REPLACED_CODES
        return written, message, False, None, replaced, file_fault(e, store.path)
    return written, None, live is not None, service, False, None


# ---------------------------------------------------------------------- live tables

LIVE_FORMAT = "skat-desktop live table"
LIVE_VERSION = 1


@dataclass(frozen=True)
class _LiveDeal:
    number: int
    seed: int
    dealer: int
    bock: bool
    ramsch_round: bool
    replay: bool
    seating: tuple[int, ...]
    actions: tuple[Action, ...]
    declined: frozenset[tuple[int, int]]
    asked: frozenset[tuple[int, int, int]]
    seed_chosen: bool = False  # dealt from a seed given to start_deal (the LAN's fair seed)


@dataclass(frozen=True)
class _LiveState:
    series_id: int
    profile: RuleProfile
    seats: tuple[SeatSpec, ...]
    seed: int
    deals_planned: int | None
    practice: bool
    deals_done: int
    deal: _LiveDeal | None
    extra: dict[str, Any] | None = None


class _Unreadable(ValueError):
    pass


def _get(d: Any, key: str, kind: type | tuple[type, ...], none: bool = False) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise _Unreadable(f"it lacks {key!r}")
    v = d[key]
    if v is None and none:
        return None
    if not isinstance(v, kind) or (isinstance(v, bool) and kind in (int, (int,))):
        raise _Unreadable(f"{key!r} has the wrong type")
    return v


def _ints(v: Any, key: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(v, list) or any(type(x) is not int for x in v):
        raise _Unreadable(f"{key!r} must be a list of whole numbers")
    if length is not None and len(v) != length:
        raise _Unreadable(f"{key!r} must hold {length} numbers")
    return tuple(v)


def _read_live(text: str) -> _LiveState:
    """The snapshot a table saved, checked field by field; :class:`TableError` (one
    sentence) for anything else, e.g. a damaged row or a newer program's format."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != LIVE_FORMAT:
            raise _Unreadable("it is not a skat-desktop live table")
        version = data.get("version")
        if type(version) is not int or version != LIVE_VERSION:
            raise _Unreadable(f"its version {version!r} is not {LIVE_VERSION}")
        seats = tuple(
            SeatSpec(
                _get(s, "kind", str),
                _get(s, "name", str, none=True),
                _get(s, "seed", int, none=True),
            )
            for s in _get(data, "seats", list)
        )
        d = _get(data, "deal", dict, none=True)
        deal = None
        if d is not None:
            deal = _LiveDeal(
                number=_get(d, "number", int),
                seed=_get(d, "seed", int),
                dealer=_get(d, "dealer", int),
                bock=_get(d, "bock", bool),
                ramsch_round=_get(d, "ramsch_round", bool),
                replay=_get(d, "replay", bool),
                seating=_ints(_get(d, "seating", list), "seating", len(seats)),
                actions=tuple(action_from_dict(a) for a in _get(d, "actions", list)),
                declined=frozenset(_ints(x, "declined", 2) for x in _get(d, "declined", list)),
                asked=frozenset(_ints(x, "asked", 3) for x in _get(d, "asked", list)),
                seed_chosen=d.get("seed_chosen", False) is True,
            )
        planned = _get(data, "deals_planned", int, none=True)
        return _LiveState(
            series_id=_get(data, "series_id", int),
            profile=RuleProfile.from_dict(_get(data, "profile", dict)),
            seats=seats,
            seed=_get(data, "seed", int),
            deals_planned=planned,
            practice=_get(data, "practice", bool),
            deals_done=_get(data, "deals_done", int),
            deal=deal,
            extra=_get(data, "extra", dict, none=True) if "extra" in data else None,
        )
    except (ValueError, TypeError, LookupError, RecursionError, SkatError) as e:
        raise TableError(
            f"the table saved for later cannot be read: {_one_line(e)}", "saved_unreadable"
        ) from None


# ---------------------------------------------------------------------- the controller


class TableController:
    """A series of deals at one table of 3 or 4 seats (at 4 the dealer sits out)."""

    def __init__(
        self,
        profile: RuleProfile,
        seats: Sequence[SeatSpec],
        *,
        seed: int,
        store: Store | None = None,
        series_id: int | None = None,
        deals_planned: int | None = None,
        practice: bool = False,
        first_dealer: int = 0,
        title: str | None = None,
        write_later: bool = False,
        keep_live: bool = True,
        live_extra: Callable[[], dict[str, Any]] | None = None,
        fixed_search: bool = False,
    ):
        specs = tuple(seats)
        n = len(specs)
        if n not in (3, 4) or n not in profile.table_sizes:
            raise TableError(
                f"{profile.title} is not played at a table of {n}",
                "table_size",
                profile=profile,
                size=n,
            )
        names = [s.display_name(i) for i, s in enumerate(specs)]
        if any(s.is_human and not (s.name or "").strip() for s in specs):
            raise TableError("a human player needs a name", "name_missing")
        if len(set(names)) != n:
            raise TableError("every seat needs a different name", "names_differ")
        if deals_planned is not None and deals_planned <= 0:
            raise TableError("the planned number of deals must be positive", "planned_deals")
        if series_id is not None and store is None:
            raise TableError("a stored series needs its store", "no_store")
        self.profile = profile
        self.specs = specs
        self.names = tuple(names)
        self.practice = practice
        self.seed = seed
        # computers search a fixed amount (worlds, nodes), never against the clock: the
        # same view and seed give the same move however busy the machine (the LAN host)
        self.fixed_search = fixed_search
        self._seat_seeds = {
            i: s.seed if s.seed is not None else _player_seed(seed, i, s.kind)
            for i, s in enumerate(specs)
            if not s.is_human
        }
        self._players: dict[int, Player] = {}
        self._players = self._make_players(0)  # checks the levels now
        # decisions a player must make again, unseen, before its next one (a resumed deal)
        self._warmup: dict[int, list[tuple[SeatView, bool]]] = {}
        # every decision each player was asked in the deal, for think_spec's ``earlier``
        self._thought: dict[int, list[tuple[SeatView, bool]]] = {}
        self.token = secrets.token_hex(8)  # this table among others in a shared pool
        self._listeners: list[Listener] = []
        self._seat_listeners: list[tuple[int | None, SeatListener]] = []
        self._outbox: deque[tuple[Callable[[Any], None], Any]] = deque()  # to deliver, in order
        self._sending = False
        self._store = store
        self._service: SeriesService | None = None
        self._unstored: list[tuple[Deal, SheetEntry]] = []
        self.write_later = write_later and store is not None
        self._writing: StoreWrite | None = None  # handed out, its outcome not yet back
        previous: list[DealResult] = []
        if store is not None:
            if series_id is None:
                series_id = self._create_series(store, deals_planned, first_dealer, title)
            self._service = SeriesService(store, series_id)
            info = self._service.info
            self._check_stored_series(info, deals_planned)
            deals_planned, first_dealer = info.planned_deals, info.first_dealer
            previous = list(self._service.results)
        self.series_id = series_id
        self._first_dealer = first_dealer
        self._length = deals_planned
        self._results = previous
        self.series = self._series_from(previous)
        self._seeds: list[int] = []
        self._seed_iter = deal_seeds(seed)
        self._deal: Deal | None = None
        self._number = len(previous)
        self._replay = False
        self._recorded = False  # the current deal is on the sheet
        self._occupant = list(range(n))  # table seat -> index of the SeatSpec sitting there
        self._version = 0
        self._asked: set[tuple[int, int, int]] = set()  # computers: (seat, level, cards)
        self._declined: set[tuple[int, int]] = set()  # humans: (seat, level)
        # the live table: change counters of the table and of what the database holds
        self._live_on = keep_live and store is not None
        self._live_seq = 0  # changes so far
        self._live_saved = 0  # the change whose snapshot (or deletion) the database has
        self._live_out = 0  # the change whose snapshot is in the write that is out
        self._live_dropped = False  # the database holds no row for this table
        self._abandoned = False
        self.live_error: str | None = None  # why the last snapshot was not saved
        # the owner's own JSON data, saved in the snapshot with each change (the LAN host:
        # its seats and fair-deal secrets); after resume() the saved data is in saved_extra
        self.live_extra = live_extra
        self.saved_extra: dict[str, Any] | None = None
        self._seed_chosen = False  # the deal in play was dealt from a seed given to start_deal

    def _make_players(self, number: int) -> dict[int, Player]:
        """Fresh computer players for deal ``number``, seeded by seat and deal: a deal's
        choices depend on that deal alone, so a table resumed in its middle has only that
        deal's decisions to make again to be where it stopped. An external program has
        no seed and stays for the series."""
        players: dict[int, Player] = {}
        for i, seed in self._seat_seeds.items():
            kind = self.specs[i].kind
            if kind.startswith("external:") and i in self._players:
                players[i] = self._players[i]
            else:
                player_seed = _deal_player_seed(seed, number)
                if self.fixed_search:
                    players[i] = make_player(kind, player_seed, fixed=True)
                else:  # (the two-argument call that stand-ins of tests know too)
                    players[i] = make_player(kind, player_seed)
        return players

    def _create_series(
        self, store: Store, deals_planned: int | None, first_dealer: int, title: str | None
    ) -> int:
        ids = [
            store.ensure_player(name, kind=HUMAN if spec.is_human else "computer")
            for name, spec in zip(self.names, self.specs, strict=True)
        ]
        today = date.today().isoformat()
        return store.create_series(
            title or f"{self.profile.title}, {today}",
            today,
            ids,
            self.profile,
            planned_deals=deals_planned,
            first_dealer=first_dealer,
        )

    def _check_stored_series(self, info: SeriesInfo, deals_planned: int | None) -> None:
        """A stored series continues only with its own rules, seats and length."""
        if info.closed:
            raise TableError(f"series {info.id} is closed; reopen it first", "series_closed")
        if info.profile != self.profile or info.table_size != self.table_size:
            raise TableError(
                f"series {info.id} is played under other rules or seats", "series_other_rules"
            )
        if tuple(name for _, name in info.players) != self.names:
            raise TableError(
                f"series {info.id} has other players at its seats", "series_other_players"
            )
        if deals_planned not in (None, info.planned_deals):
            raise TableError(
                f"series {info.id} plans {info.planned_deals} deals",
                "series_planned",
                deals=info.planned_deals,
            )

    # ------------------------------------------------------------------ listeners

    def add_listener(self, listener: Listener) -> None:
        """``listener`` gets every event whole (a discard names its cards): for this
        process only, e.g. the local GUI, which shows what the seat views show. Anything
        that sends events on (the LAN host) uses :meth:`add_seat_listener`."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def add_seat_listener(self, seat: int | None, listener: SeatListener) -> None:
        """``listener`` hears the table as table ``seat`` (None: a kibitzer) may: every
        event as the JSON-ready dict of :func:`skat_desktop.app.redaction.event_for`,
        judged when it happens, hidden cards removed; events about this host's own
        database are not sent."""
        if seat is not None:
            self._check_seat(seat)
        self._seat_listeners.append((seat, listener))

    def remove_seat_listener(self, seat: int | None, listener: SeatListener) -> None:
        self._seat_listeners.remove((seat, listener))

    def _emit(self, events: list[TableEvent]) -> None:
        """Deliver ``events`` to every listener (each event to the seat listeners first,
        redacted now, while the deal is in the state it describes). A listener that
        calls back into the table only queues the events that causes: everyone hears
        every event in the order the table made them."""
        seat_listeners = list(self._seat_listeners)
        if seat_listeners:
            from skat_desktop.app.redaction import event_for  # it reads this module's events

            seats = {seat for seat, _ in seat_listeners}
        for event in events:
            if seat_listeners:
                known = {seat: event_for(event, seat, self._deal) for seat in seats}
                self._outbox.extend((fn, known[s]) for s, fn in seat_listeners if known[s])
            self._outbox.extend((fn, event) for fn in self._listeners)
        if self._sending:
            return
        self._sending = True
        try:
            while self._outbox:
                listener, payload = self._outbox.popleft()
                listener(payload)
        except BaseException:
            self._outbox.clear()  # as before: a listener's error ends this delivery
            raise
        finally:
            self._sending = False

    # ------------------------------------------------------------------ state

    @property
    def table_size(self) -> int:
        return len(self.specs)

    @property
    def deal(self) -> Deal | None:
        """The engine's deal (all cards): for the store and tests, never for a seat's display."""
        return self._deal

    @property
    def deal_number(self) -> int:
        """Number of the current (or last) deal in the series; 0 before the first."""
        return self._number

    @property
    def actions(self) -> tuple[Action, ...]:
        """The action log of the current deal."""
        return tuple(self._deal.actions) if self._deal else ()

    @property
    def human_seats(self) -> tuple[int, ...]:
        """Table seats where a human sits now (a practice replay may have moved one)."""
        return tuple(s for s in range(self.table_size) if self._spec_at(s).is_human)

    def spec_at(self, seat: int) -> SeatSpec:
        return self._spec_at(self._check_seat(seat))

    def _spec_at(self, seat: int) -> SeatSpec:
        return self.specs[self._occupant[seat]]

    def _check_seat(self, seat: int) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.table_size:
            raise TableError(
                f"there is no seat {seat!r} at a table of {self.table_size}", "no_seat"
            )
        return seat

    def _live_deal(self) -> Deal:
        if self._deal is None or self._deal.finished:
            raise TableError("no deal is in progress", "no_deal")
        return self._deal

    def _position(self, deal: Deal, seat: int) -> int | None:
        seats = deal.setup.seats
        return seats.index(seat) if seat in seats else None

    @property
    def pending_store(self) -> int:
        """Finished deals not yet in the database (waiting, being written, or failed)."""
        return len(self._unstored)

    # ------------------------------------------------------------------ score sheet

    @property
    def entries(self) -> tuple[SheetEntry, ...]:
        return tuple(self.series.entries)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.series.totals)

    def tallies(self) -> list[PlayerTally]:
        return self.series.tallies()

    def evaluation(self) -> list[int]:
        """The profile's series score per seat (Seeger-Fabian, Texas match points, ...)."""
        return self.series.evaluation()

    def _series_from(self, results: Sequence[DealResult]) -> Series:
        """The engine's series after ``results``: one source of truth for rotation and Bock."""
        series = Series(self.profile, self.table_size, self._first_dealer, self._length)
        for r in results:
            series.next_context()
            series.record(r)
        return series

    # ------------------------------------------------------------------ dealing

    def _deal_seed(self, number: int) -> int:
        while len(self._seeds) < number:
            self._seeds.append(next(self._seed_iter))
        return self._seeds[number - 1]

    def start_deal(self, seed: int | None = None) -> DealStarted:
        """Deal the series' next deal. Its cards come from the table seed and its number,
        or from ``seed``: one chosen outside the table (the LAN host's fair-deal seed,
        which no one can choose alone). The stored record and the live table keep it."""
        if self._deal is not None and not self._deal.finished:
            raise TableError("the deal in progress is not finished", "deal_not_over")
        if self.series.finished:
            raise TableError("the series is over", "series_over")
        if seed is not None:
            _check_deal_seed(seed)
        number = len(self.series.entries) + 1
        chosen = seed is not None
        if seed is None:
            seed = self._deal_seed(number)
        self._deal = Deal(self.series.next_setup(deal_from_seed(seed), seed))
        self._number = number
        self._seed_chosen = chosen
        self._replay = self._recorded = False
        self._occupant = list(range(self.table_size))
        event = self._new_deal_event()
        self._save_live()
        self._emit([event])
        return event

    def _new_deal_event(self) -> DealStarted:
        self._version += 1
        self._live_seq += 1
        self._players = self._make_players(self._number)
        self._warmup = {}
        self._thought = {}
        self._asked.clear()
        self._declined.clear()
        s = self._deal.setup
        return DealStarted(self._number, s.dealer, s.seats, self._replay)

    # ------------------------------------------------------------------ turns

    def request(self) -> Need:
        """What the table needs next. Cheap; call it again after every change."""
        deal = self._deal
        if deal is None or deal.finished:
            result = deal.result if deal else None
            entry = self.series.entries[-1] if self._recorded else None
            if self.series.finished:
                return SeriesOver(result, entry, self.totals)
            return DealOver(result, entry, self._replay)
        pos = deal.to_move
        seats = deal.setup.seats
        if deal.profile.kontra:
            # Kontra and Re are said between cards, before whoever is on turn plays.
            for q in range(3):
                if q == pos or not deal.can_double(q):
                    continue
                seat, level = seats[q], deal.kontra + 1
                if self._spec_at(seat).is_human:
                    if (seat, level) not in self._declined:
                        view = deal.view(seat)
                        doubles = tuple(a for a in view.legal if type(a) is Double)
                        return HumanTurn(seat, view, doubles, interjection=True)
                elif (seat, level, deal.cards_played) not in self._asked:
                    return ComputerTurn(seat, deal.view(seat), True, self._version)
        seat = seats[pos]
        view = deal.view(seat)
        if self._spec_at(seat).is_human:
            return HumanTurn(seat, view, view.legal)
        return ComputerTurn(seat, view, False, self._version)

    def think(self, turn: ComputerTurn, cancel: threading.Event | None = None) -> ThinkResult:
        """Ask the seat's computer player. Safe in a worker thread; never raises.

        It reads only ``turn`` and the seat's player, never the deal. A player that
        raises or answers illegally is replaced for this decision by the beginner
        level (or the first legal action), with a :class:`PlayerFailed` in ``failure``
        that names neither the action nor the error's text (either may name a card).
        """
        try:
            index = self._occupant[turn.seat]
            player = self._players[index]
        except (KeyError, IndexError):
            return self._fallback(
                turn, PlayerFailed(turn.seat, "computer_missing", {"seat": turn.seat})
            )
        # a resumed deal: the player makes its earlier decisions again first (in the worker)
        earlier = tuple(self._warmup.pop(index, ()))
        return run_think(self._spec(turn, index, earlier), _Given(player), cancel)

    def think_spec(self, turn: ComputerTurn) -> ThinkSpec | None:
        """``turn`` as a job for a fresh player anywhere (the LAN host's worker
        processes): :func:`run_think` with a :class:`PlayerCache` there gives what
        :meth:`think` gives here. Each call counts as the player's decision, so the next
        spec lists it in ``earlier``: a table's computers think either this way or
        through :meth:`think`. None: no player to describe (another program, which
        lives in this process: use :meth:`think`)."""
        try:
            index = self._occupant[turn.seat]
        except IndexError:
            return None
        if index not in self._players or self.specs[index].kind.startswith("external:"):
            return None
        asked = self._thought.setdefault(index, [])
        spec = self._spec(turn, index, tuple(asked))
        asked.append((turn.view, turn.interjection))
        return spec

    def _spec(
        self, turn: ComputerTurn, index: int, earlier: tuple[tuple[SeatView, bool], ...]
    ) -> ThinkSpec:
        kind = self.specs[index].kind
        return ThinkSpec(
            turn,
            self.token,
            self._number,
            index,
            kind,
            _deal_player_seed(self._seat_seeds[index], self._number),
            self.fixed_search,
            _player_seed(self.seed, turn.seat, "fallback"),
            earlier,
        )

    def _fallback(self, turn: ComputerTurn, failure: PlayerFailed) -> ThinkResult:
        return think_fallback(turn, failure, _player_seed(self.seed, turn.seat, "fallback"))

    def submit(self, result: ThinkResult) -> bool:
        """Apply a computer's decision; False if the table moved on since it was asked.

        If the engine refuses the action after all, the beginner's choice is played
        instead and a :class:`PlayerFailed` event says so.
        """
        turn = result.turn
        if turn.version != self._version or self._deal is None or self._deal.finished:
            return False
        if result.failure is not None:
            self._emit([result.failure])
        if result.action is None:
            if turn.interjection:
                self.decline(turn.seat)
                return True
            raise TableError(
                f"the computer at seat {turn.seat + 1} has no action", "computer_silent"
            )
        try:
            self.apply(result.action, seat=turn.seat)
        except TableError:  # its sentence may name the card tried: not for every seat
            level = _level(self._spec_at(turn.seat).kind)
            failed = PlayerFailed(
                turn.seat, "computer_refused_action", {"seat": turn.seat, "level": level}
            )
            fresh = ComputerTurn(turn.seat, self._deal.view(turn.seat), turn.interjection)
            fallback = self._fallback(fresh, failed)
            self._emit([failed])
            if fallback.action is None:
                self.decline(turn.seat)
            else:
                self.apply(fallback.action, seat=turn.seat)
        return True

    def decline(self, seat: int) -> None:
        """``seat`` lets its chance to say Kontra/Re (or the next doubling) pass."""
        deal = self._live_deal()
        pos = self._position(deal, self._check_seat(seat))
        if pos is None or not deal.can_double(pos):
            raise TableError(
                f"seat {seat + 1} has no doubling to decline now", "nothing_to_decline"
            )
        self._note_declined(seat)
        self._live_seq += 1
        self._save_live()

    def _note_declined(self, seat: int) -> None:
        deal = self._deal
        level = deal.kontra + 1
        if self._spec_at(seat).is_human:
            self._declined.add((seat, level))  # asked once a deal; the button stays
        else:
            self._asked.add((seat, level, deal.cards_played))

    def apply(self, action: Action, *, seat: int | None = None) -> None:
        """Apply an action (the engine checks it), or raise :class:`TableError` and change
        nothing. ``seat``: the table seat acting, checked against the action's player
        (the LAN host passes the client's seat)."""
        deal = self._live_deal()
        action = _recordable(action)
        actor = deal.setup.seats[action.player]
        if seat is not None and seat != actor:
            raise TableError(f"seat {seat + 1} cannot act for seat {actor + 1}", "not_your_turn")
        log = list(deal.actions)
        try:
            deal.apply(action)
        except SkatError as e:
            raise TableError(_one_line(e), "illegal") from None
        except Exception as e:
            # malformed values reach the engine's arithmetic; rebuild to be sure of the state
            self._deal = _replayed(deal, log)
            raise TableError(
                f"not a valid action: {action!r} ({_one_line(e)})", "invalid_action"
            ) from None
        self._version += 1
        self._live_seq += 1
        events: list[TableEvent] = [ActionApplied(actor, action, len(deal.actions) - 1)]
        if deal.finished:
            events += self._finish_deal()
        else:
            self._save_live()
        self._emit(events)

    def can_double(self, seat: int) -> bool:
        """Whether ``seat`` may say Kontra, Re (or Bock, Hirsch) now: the GUI's button."""
        deal = self._deal
        if deal is None or deal.finished:
            return False
        pos = self._position(deal, self._check_seat(seat))
        return pos is not None and deal.can_double(pos)

    def double(self, seat: int) -> Double:
        """Say the next doubling for ``seat`` (the button's action)."""
        if not self.can_double(seat):
            raise TableError(f"seat {seat + 1} cannot double now", "cannot_double")
        deal = self._live_deal()
        action = Double(deal.setup.seats.index(seat), deal.kontra + 1)
        self.apply(action, seat=seat)
        return action

    def claim_check(self, seat: int) -> Callable[[threading.Event | None], bool]:
        """The exhaustive check of a claim by ``seat`` now, as a job for a worker thread.

        Early in a deal the search takes up to a few hundred ms; the engine caches its
        answer, so :meth:`apply` of the claim afterwards is instant. The job knows every
        hand: its caller never shows the answer, it only applies the claim then (or drops
        it if the table moved on meanwhile).
        """
        deal = self._live_deal()
        pos = self._position(deal, self._check_seat(seat))
        if pos is None:
            raise TableError(f"seat {seat + 1} sits out this deal", "sits_out")
        try:
            question = deal.claim_question(pos)
        except SkatError as e:
            raise TableError(_one_line(e), "illegal") from None
        return lambda cancel=None: claim_holds(*question)

    # ------------------------------------------------------------------ finishing and storing

    def _finish_deal(self) -> list[TableEvent]:
        deal = self._deal
        result = deal.result
        if self._replay:
            self._save_live()
            return [DealFinished(result, None)]
        entry = self.series.record(result)
        self._results.append(result)
        self._recorded = True
        events: list[TableEvent] = [DealFinished(result, entry)]
        if self._store is not None:
            self._unstored.append((deal, entry))
            if not self.write_later:
                events += self._flush_store()
        if self.series.finished:
            events.append(SeriesFinished(self.totals))
        return events

    def _flush_store(self) -> list[TableEvent]:
        """Store waiting deals in order and the live table with the last, here and now;
        the first failure stops."""
        live = self._live_due()
        seq = self._live_seq
        deals = tuple((deal, entry.number) for deal, entry in self._unstored)
        if not deals and live is None:
            return []
        written, error, live_saved, self._service, _, _ = _write_in_order(
            self._store, self.series_id, deals, live, self._service
        )
        del self._unstored[:written]
        events: list[TableEvent] = []
        if written:
            events.append(DealsStored(tuple(n for _, n in deals[:written])))
        if live_saved:
            self._live_written(live, seq)
        if error is not None:
            if deals:
                events.append(StoreFailed(error, len(self._unstored)))
            else:
                self.live_error = error
        return events

    def _save_live(self) -> None:
        """A synchronous table saves each change at once. Behind deals that wait after a
        failure the snapshot waits too: they are tried again when the next deal ends
        (or by :meth:`retry_store`), not at every move."""
        if self._store is None or self.write_later or self._unstored:
            return
        self._flush_store()  # the live table alone: no events

    def take_store_write(self, *, live: bool = False) -> StoreWrite | None:
        """The waiting deals and the table's latest snapshot as one :class:`StoreWrite`
        for a worker (``write_later``); None when nothing waits or a write is still out.
        Give its outcome back with :meth:`store_written`.

        The snapshot rides along with every write of deals (the series' last deal takes
        the row with it). ``live``: hand out a write of the snapshot alone, too, when no
        deal waits -- a writer asks so after each move, once it runs
        :meth:`StoreWrite.steps` and reports :attr:`StoreOutcome.live`."""
        if not self.write_later or self._writing is not None:
            return None
        if not self._unstored and not live:
            return None
        snapshot = self._live_due()
        if not self._unstored and snapshot is None:
            return None
        deals = tuple((deal, entry.number) for deal, entry in self._unstored)
        self._writing = StoreWrite(self.series_id, deals, snapshot)
        self._live_out = self._live_seq
        return self._writing

    def store_written(self, write: StoreWrite, outcome: StoreOutcome) -> None:
        """Take back a write's outcome: the written deals leave the queue; a failure is
        reported as :class:`StoreFailed` and the rest waits for the next write. A write
        of the snapshot alone that failed only sets :attr:`live_error`."""
        if write is not self._writing:
            raise TableError("this write was not handed out by this table", "write_mixed")
        self._writing = None
        count = max(0, min(outcome.written, len(write.deals)))
        for deal, _ in write.deals[:count]:
            if not self._unstored or self._unstored[0][0] is not deal:
                raise TableError(
                    "the deals waiting to be stored changed during the write", "write_mixed"
                )
            self._unstored.pop(0)
        if outcome.live and write.live is not None and outcome.error is None:
            self._live_written(write.live, self._live_out)
        events: list[TableEvent] = []
        if count:
            events.append(DealsStored(tuple(n for _, n in write.deals[:count])))
        if outcome.error is not None:
            if write.deals:
                events.append(StoreFailed(outcome.error, len(self._unstored)))
            else:
                self.live_error = outcome.error
        self._emit(events)

    def retry_store(self) -> bool:
        """Store the deals a failure left waiting; True once nothing waits. With
        ``write_later`` this only says whether anything waits: the caller writes."""
        if self._store is None:
            return True
        if not self.write_later:
            self._emit(self._flush_store())
        return not self._unstored

    # ------------------------------------------------------------------ live table

    @property
    def live_pending(self) -> bool:
        """Whether the table has changed since the database got its last snapshot (a
        write now would carry one)."""
        return self._live_on and self._live_seq != self._live_saved

    def _live_due(self) -> LiveWrite | None:
        """The snapshot (or the deletion) the database should get now, if any."""
        if not self.live_pending:
            return None
        gone = self._abandoned or self.series.finished
        if gone and self._live_dropped:
            self._live_saved = self._live_seq  # nothing left to forget
            return None
        state = None if gone else json.dumps(self.snapshot(), separators=(",", ":"))
        return LiveWrite(self.series_id, self._number, len(self._results), state)

    def _live_written(self, live: LiveWrite, seq: int) -> None:
        self._live_saved = max(self._live_saved, seq)
        self._live_dropped = live.state is None
        self.live_error = None
        if self._live_dropped and self._abandoned:
            self._live_on = False

    def abandon(self) -> None:
        """The player gives the series up (or leaves it for another game and does not
        want it offered again): its live table is deleted with the next write (at once
        without ``write_later``). Its deals stay; the series can still be continued from
        the list of series. Nothing of the table is saved for later after this."""
        if not self._live_on or self._abandoned:
            return
        self._abandoned = True
        self._live_seq += 1
        self._save_live()

    def snapshot(self) -> dict[str, Any]:
        """The table in play as versioned JSON data: everything :meth:`resume` needs to
        rebuild it exactly (rules, seats, seeds, the deal in progress and its moves).

        It reveals every card (through the seeds and the moves): for the local store,
        never for a seat's display or an event."""
        deal = self._deal
        live_deal = None
        if deal is not None:
            s = deal.setup
            live_deal = {
                "number": self._number,
                "seed": s.seed,
                "dealer": s.dealer,
                "bock": s.bock,
                "ramsch_round": s.ramsch_round,
                "replay": self._replay,
                "seating": list(self._occupant),
                "actions": [action_to_dict(a) for a in deal.actions],
                "declined": sorted(list(x) for x in self._declined),
                "asked": sorted(list(x) for x in self._asked),
            }
            if self._seed_chosen:
                live_deal["seed_chosen"] = True
        state = {
            "format": LIVE_FORMAT,
            "version": LIVE_VERSION,
            "series_id": self.series_id,
            "profile": self.profile.to_dict(),
            "seats": [{"kind": s.kind, "name": s.name, "seed": s.seed} for s in self.specs],
            "seed": self.seed,
            "deals_planned": self._length,
            "practice": self.practice,
            "deals_done": len(self._results),
            "deal": live_deal,
        }
        if self.live_extra is not None:
            state["extra"] = self.live_extra()
        return state

    @classmethod
    def resume(
        cls,
        store: Store,
        live_id: int,
        *,
        write_later: bool = False,
        keep_live: bool = True,
        allow_external: bool = False,
        fixed_search: bool = False,
    ) -> TableController:
        """The table saved as ``live_id`` (:meth:`Store.live_tables`), rebuilt exactly
        where it stopped: the series so far from its stored deals, the deal in progress
        replayed move by move. With the same seeds it goes on as it would have.

        Raises :class:`TableError` (one sentence) for a stale or unreadable saved table,
        :class:`~skat_desktop.store.database.StoreError` for a store problem; the saved
        table is left as it is either way (the caller may drop it). A seat for another
        program (``external:COMMAND``) is started from a saved table only with
        ``allow_external``: the row is data, and data does not choose programs to run.
        The owner's data saved with the table (``live_extra``) is in :attr:`saved_extra`;
        set :attr:`live_extra` again to keep saving it."""
        row = store.load_live(live_id)
        if row.stale is not None:
            raise TableError(
                f"the table saved for later cannot be continued: {row.stale}",
                "saved_stale",
                reason=row.stale_code,
            )
        state = _read_live(row.state)
        try:
            if state.series_id != row.series_id:
                raise TableError("it names another series", "saved_mismatch")
            for spec in state.seats:
                if spec.kind.startswith("external:") and not allow_external:
                    raise TableError(f"it seats another program ({spec.kind})", "saved_program")
            seats = _renamed_seats(store, state.series_id, state.seats)
            ctl = cls(
                state.profile,
                seats,
                seed=state.seed,
                store=store,
                series_id=state.series_id,
                deals_planned=state.deals_planned,
                practice=state.practice,
                write_later=write_later,
                keep_live=keep_live,
                fixed_search=fixed_search,
            )
            ctl.saved_extra = state.extra
            ctl._resume(state)
        except ValueError as e:  # TableError, or an unknown player level
            why = f"the table saved for later cannot be continued: {_one_line(e)}"
            if getattr(e, "code", "") == "saved_program":
                raise TableError(why, "saved_program") from None
            raise TableError(why, "saved_mismatch") from None
        return ctl

    def _resume(self, state: _LiveState) -> None:
        done = len(self._results)
        if done != state.deals_done:
            raise TableError(
                f"the database holds {done} deals, the saved table {state.deals_done}",
                "saved_mismatch",
            )
        d = state.deal
        if d is None:
            return
        n = d.number
        on_sheet = n == done  # the deal is over (or being replayed): it is on the sheet
        in_progress = n == done + 1 and not d.replay
        if d.replay and not self.practice:
            raise TableError(
                "a practice replay at a table that is not for practice", "saved_mismatch"
            )
        if not (in_progress or (on_sheet and n >= 1)):
            raise TableError(
                f"deal {n} does not follow the {done} deals on the sheet", "saved_mismatch"
            )
        if on_sheet and not d.replay and self._length is not None and done >= self._length:
            raise TableError("the series is over", "series_over")
        if sorted(d.seating) != list(range(self.table_size)) or (
            not d.replay and list(d.seating) != list(range(self.table_size))
        ):
            raise TableError("its seating is not one of this table", "saved_mismatch")
        seed = d.seed
        if d.seed_chosen:
            _check_deal_seed(seed)
        elif seed != self._deal_seed(n):
            raise TableError(
                f"deal {n} has other cards than the table's seed deals", "saved_mismatch"
            )
        # deal n's setup exactly as the series gives it (its dealer, Bock, Ramsch round)
        context = self._series_from(self._results[: n - 1]) if on_sheet else self.series
        setup = context.next_setup(deal_from_seed(seed), seed)
        if (setup.dealer, setup.bock, setup.ramsch_round) != (d.dealer, d.bock, d.ramsch_round):
            raise TableError(
                f"deal {n} was set up otherwise than the series deals it", "saved_mismatch"
            )
        self._number = n
        self._seed_chosen = d.seed_chosen
        self._replay = d.replay
        self._occupant = list(d.seating)
        self._deal = Deal(setup)
        self._new_deal_event()  # fresh players for deal n, as when it was dealt
        self._warmup = self._replay_moves(d.actions)
        self._thought = {i: list(views) for i, views in self._warmup.items()}
        finished = self._deal.finished
        if not d.replay and finished != on_sheet:
            raise TableError(f"the moves of deal {n} do not match the sheet", "saved_mismatch")
        self._recorded = finished and not d.replay
        self._asked = set(d.asked)
        self._declined = set(d.declined)
        self._live_saved = self._live_seq  # the database has this very state

    def _replay_moves(self, actions: Sequence[Action]) -> dict[int, list[tuple[SeatView, bool]]]:
        """Apply a saved deal's moves to the fresh deal, asking the table at each step
        what it would have asked (:meth:`request`), and note each decision a computer
        made meanwhile (the view it saw), for the warm-up (:func:`run_think`)."""
        warm: dict[int, list[tuple[SeatView, bool]]] = {}
        deal = self._deal
        for i, action in enumerate(actions):
            actor = deal.setup.seats[action.player]
            while not deal.finished:
                need = self.request()
                if not isinstance(need, ComputerTurn | HumanTurn):
                    break
                if need.interjection:
                    said = type(action) is Double and actor == need.seat
                    if isinstance(need, ComputerTurn):
                        warm.setdefault(self._occupant[need.seat], []).append((need.view, True))
                    if said:
                        break
                    self._note_declined(need.seat)
                    continue
                if isinstance(need, ComputerTurn) and need.seat == actor:
                    warm.setdefault(self._occupant[need.seat], []).append((need.view, False))
                break
            try:
                deal.apply(action)
            except SkatError as e:
                message = f"move {i + 1} of deal {self._number} does not replay: {_one_line(e)}"
                raise TableError(message, "saved_mismatch") from None
            self._version += 1
        return warm

    # ------------------------------------------------------------------ views

    def view_for(self, seat: int | None) -> SeatView:
        """What ``seat`` may know now: its own hand and the public cards, nothing else.
        ``seat`` None: a kibitzer's view (the public cards only)."""
        if self._deal is None:
            raise TableError("no deal has been dealt yet", "no_deal")
        return seat_view(self._deal, None if seat is None else self._check_seat(seat))

    # ------------------------------------------------------------------ practice aids

    _AIDS: ClassVar[dict[str, str]] = {
        "undo": "taking back a card",
        "hint": "a hint",
        "open": "showing all cards",
        "replay": "replaying a deal",
    }
    """The practice aids by their code (a refusal's ``aid``) and their English words."""

    def _require_practice(self, aid: str) -> None:
        if not self.practice:
            what = self._AIDS[aid]
            raise TableError(
                f"{what} is only possible at a practice table", "practice_only", aid=aid
            )

    def _require_human(self, seat: int, aid: str) -> None:
        if not self._spec_at(self._check_seat(seat)).is_human:
            what = self._AIDS[aid]
            raise TableError(
                f"{what} is only for a human player's own seat", "own_seat_only", aid=aid
            )

    def undo_last_card(self, seat: int) -> int:
        """Take back ``seat``'s last card and everything after it; returns how many
        actions left the log. The deal is rebuilt from its cards and the shortened log.

        A finished deal can be taken back too unless it is already in the database: it
        leaves the score sheet and is entered again when it ends anew.
        """
        self._require_practice("undo")
        self._require_human(seat, "undo")
        deal = self._deal
        if deal is None:
            raise TableError("no deal has been dealt yet", "no_deal")
        pos = self._position(deal, seat)
        cut = None
        for i in range(len(deal.actions) - 1, -1, -1):
            a = deal.actions[i]
            if type(a) is Play and a.player == pos:
                cut = i
                break
        if pos is None or cut is None:
            raise TableError("you have not played a card in this deal", "nothing_to_undo")
        unrecord = deal.finished and self._recorded
        waiting = self._unstored and self._unstored[-1][0] is deal
        writing = self._writing is not None and any(d is deal for d, _ in self._writing.deals)
        stored = self._store is not None and (not waiting or writing)
        if unrecord and stored:
            raise TableError(
                "this deal is already stored on the score sheet; replay it", "undo_stored"
            )
        rebuilt = _replayed(deal, deal.actions[:cut])
        if unrecord:
            if self._unstored:
                self._unstored.pop()
            self._results.pop()
            self.series = self._series_from(self._results)
            self.series.next_context()  # the deal is open again: the sheet awaits it
            self._recorded = False
        count = len(deal.actions) - cut
        self._deal = rebuilt
        self._version += 1
        self._asked.clear()
        self._declined.clear()
        self._live_seq += 1
        self._save_live()
        self._emit([ActionsUndone(seat, count)])
        return count

    def hint(
        self,
        seat: int,
        *,
        level: str = "standard",
        cancel: threading.Event | None = None,
    ) -> Hint:
        """The move the ``level`` player would make for ``seat`` now, and why.

        The view is taken at the call; at ``standard`` the search takes a while, so the
        GUI calls this in a worker and ignores the answer if the table moved on.
        """
        from skat_desktop.ai.hints import hint

        self._require_practice("hint")
        self._require_human(seat, "hint")
        view = self.view_for(seat)
        if view.result is not None:
            raise TableError("the deal is over", "deal_over")
        if view.to_move != view.position or not view.legal:
            raise TableError(f"it is not seat {seat + 1}'s turn", "not_your_turn")
        return hint(view, level, self.seed, cancel)

    def open_cards(self) -> OpenCards:
        """Every hand and the skat (practice: to study a position)."""
        self._require_practice("open")
        deal = self._deal
        if deal is None:
            raise TableError("no deal has been dealt yet", "no_deal")
        hands = [0] * self.table_size
        for pos, seat in enumerate(deal.setup.seats):
            hands[seat] = deal.hands[pos]
        return OpenCards(tuple(hands), deal.skat)

    def replay_deal(self, from_seat: int, *, human: int | None = None) -> DealStarted:
        """Deal the finished deal's cards again, the human now at ``from_seat`` (its cards).

        The computer from there takes the human's seat for the replay. A replay is
        practice: it is not entered on the score sheet, and the next :meth:`start_deal`
        continues the series with everyone back in their seats.
        """
        self._require_practice("replay")
        deal = self._deal
        if deal is None or not deal.finished:
            raise TableError("a deal can be replayed once it is over", "replay_not_over")
        self._check_seat(from_seat)
        humans = [i for i, s in enumerate(self.specs) if s.is_human]
        if human is None:
            if len(humans) != 1:
                raise TableError("say which human moves to the other seat", "replay_which")
            human = humans[0]
        if human not in humans:
            raise TableError(f"no human sits at seat {human + 1}", "replay_which")
        if from_seat not in deal.setup.seats:
            raise TableError(f"seat {from_seat + 1} sits this deal out", "sits_out")
        occupant = list(range(self.table_size))
        occupant[human], occupant[from_seat] = occupant[from_seat], occupant[human]
        self._occupant = occupant
        self._deal = Deal(deal.setup)
        self._replay = True
        self._recorded = False
        event = self._new_deal_event()
        self._save_live()
        self._emit([event])
        return event


def _check_deal_seed(seed: object) -> None:
    """A deal seed given from outside must fit the database's whole numbers (63 bits)."""
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise TableError(
            f"a deal seed must be a whole number from 0 to 2**63 - 1, not {seed!r}", "bad_seed"
        )


def _level(kind: str) -> str:
    """A seat kind as a failure names it: ``external:COMMAND`` and ``standard(a=1)`` say
    only their level, not the host's command line or settings."""
    return kind.partition(":")[0].partition("(")[0]


def _plausible(action: object, view: SeatView) -> bool:
    """Whether a player's choice may go to the engine: one of the legal actions, or a
    variant the legal list does not spell out (a Null below the bid's lost game, a
    non-normalised contract, a concession with consent) for the engine to judge."""
    if action in view.legal:
        return True
    return type(action) in (Declare, Concede) and action.player == view.position


def _recordable(action: object) -> Action:
    """``action`` as the stored log will hold it, or :class:`TableError`.

    The engine trusts the types of an action's fields; a float bid or a card name would
    be played but could not be stored or replayed, so such input is refused here.
    """
    if not isinstance(action, _ACTION_TYPES):
        raise TableError(f"not an action: {action!r}", "invalid_action")
    try:
        canonical = action_from_dict(action_to_dict(action))
    except (SkatError, TypeError, ValueError, LookupError, AttributeError) as e:
        raise TableError(
            f"not a valid action: {action!r} ({_one_line(e)})", "invalid_action"
        ) from None
    if canonical != action:  # e.g. Double level 0 would come back as Hirsch
        raise TableError(f"not a valid action: {action!r}", "invalid_action")
    return canonical


def _replayed(deal: Deal, actions: Sequence[Action]) -> Deal:
    """A new deal from ``deal``'s setup with ``actions`` applied: the log is the truth."""
    fresh = Deal(deal.setup)
    for a in actions:
        fresh.apply(a)
    return fresh
