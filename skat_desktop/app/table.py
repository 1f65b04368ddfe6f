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

Hidden information stays in the engine's seat views: a turn carries only the view of
the seat asked, and the practice aids that show more (open cards, hints, undo, replay)
refuse to work outside practice.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, get_args

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
from skat_desktop.engine.view import SeatView

if TYPE_CHECKING:
    from skat_desktop.ai.hints import Hint
    from skat_desktop.store.repository import SeriesInfo, Store

HUMAN = "human"
_ACTION_TYPES = get_args(Action)


class TableError(ValueError):
    """A request the table cannot carry out now; one sentence a player can read."""


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
    error: str | None = None  # the player failed; ``action`` is the beginner's fallback


@dataclass(frozen=True)
class OpenCards:
    """Every hand by table seat (0 for a seat sitting out) and the skat: practice only."""

    hands: tuple[int, ...]
    skat: int


# ---------------------------------------------------------------------- events


@dataclass(frozen=True)
class ActionApplied:
    seat: int
    action: Action


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


@dataclass(frozen=True)
class PlayerFailed:
    """A computer player raised or chose an illegal action; a fallback was played."""

    seat: int
    message: str


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


def _one_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _player_seed(table_seed: int, seat: int, kind: str) -> int:
    """A stable 63-bit seed per seat, independent of Python's hash randomisation."""
    text = f"skat-table:{table_seed}:{seat}:{kind}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


# ---------------------------------------------------------------------- storing


@dataclass(frozen=True)
class StoreOutcome:
    """How a :class:`StoreWrite` went: ``written`` deals from the front, then ``error``."""

    written: int
    error: str | None = None


@dataclass(frozen=True)
class StoreWrite:
    """Finished deals for the database, in order, to be written off the caller's thread.

    :meth:`run` touches no table state: only these (finished, no longer changing) deals
    and the store it is given, so a worker thread can run it on its own connection.
    """

    series_id: int
    deals: tuple[tuple[Deal, int], ...]  # (deal, its number in the series)

    def run(self, store: Store) -> StoreOutcome:
        """Write the deals in order; stop at the first failure. Never raises."""
        written = 0
        try:
            service = SeriesService(store, self.series_id)
            for deal, number in self.deals:
                _store_deal(service, deal, number)
                written += 1
        except Exception as e:
            number = self.deals[written][1]
            return StoreOutcome(written, f"deal {number} could not be stored: {_one_line(e)}")
        return StoreOutcome(written)


def _store_deal(service: SeriesService, deal: Deal, number: int) -> None:
    """Record ``deal`` as deal ``number`` unless the database has it already (a commit
    that went through before its error was reported); a gap is an error."""
    stored_next = service.next_number
    if stored_next < number:
        raise TableError(f"the database lacks deal {stored_next} of the series")
    if stored_next == number:
        service.record_played(deal)


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
    ):
        specs = tuple(seats)
        n = len(specs)
        if n not in (3, 4) or n not in profile.table_sizes:
            raise TableError(f"{profile.title} is not played at a table of {n}")
        names = [s.display_name(i) for i, s in enumerate(specs)]
        if any(s.is_human and not (s.name or "").strip() for s in specs):
            raise TableError("a human player needs a name")
        if len(set(names)) != n:
            raise TableError("every seat needs a different name")
        if deals_planned is not None and deals_planned <= 0:
            raise TableError("the planned number of deals must be positive")
        if series_id is not None and store is None:
            raise TableError("a stored series needs its store")
        self.profile = profile
        self.specs = specs
        self.names = tuple(names)
        self.practice = practice
        self.seed = seed
        self._players: dict[int, Player] = {
            i: make_player(s.kind, s.seed if s.seed is not None else _player_seed(seed, i, s.kind))
            for i, s in enumerate(specs)
            if not s.is_human
        }
        self._listeners: list[Listener] = []
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
            raise TableError(f"series {info.id} is closed; reopen it first")
        if info.profile != self.profile or info.table_size != self.table_size:
            raise TableError(f"series {info.id} is played under other rules or seats")
        if tuple(name for _, name in info.players) != self.names:
            raise TableError(f"series {info.id} has other players at its seats")
        if deals_planned not in (None, info.planned_deals):
            raise TableError(f"series {info.id} plans {info.planned_deals} deals")

    # ------------------------------------------------------------------ listeners

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def _emit(self, events: list[TableEvent]) -> None:
        for event in events:
            for listener in list(self._listeners):
                listener(event)

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
            raise TableError(f"there is no seat {seat!r} at a table of {self.table_size}")
        return seat

    def _live_deal(self) -> Deal:
        if self._deal is None or self._deal.finished:
            raise TableError("no deal is in progress")
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

    def start_deal(self) -> DealStarted:
        """Deal the series' next deal (its cards come from the table seed and its number)."""
        if self._deal is not None and not self._deal.finished:
            raise TableError("the deal in progress is not finished")
        if self.series.finished:
            raise TableError("the series is over")
        number = len(self.series.entries) + 1
        seed = self._deal_seed(number)
        self._deal = Deal(self.series.next_setup(deal_from_seed(seed), seed))
        self._number = number
        self._replay = self._recorded = False
        self._occupant = list(range(self.table_size))
        event = self._new_deal_event()
        self._emit([event])
        return event

    def _new_deal_event(self) -> DealStarted:
        self._version += 1
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
        level (or the first legal action), with a note in ``error``.
        """
        try:
            player = self._players[self._occupant[turn.seat]]
        except (KeyError, IndexError):
            return self._fallback(turn, f"seat {turn.seat + 1} has no computer player")
        try:
            if turn.interjection:
                action = player.wants_interjection(turn.view)
                if action is None or (type(action) is Double and action in turn.view.legal):
                    return ThinkResult(turn, action)
            else:
                action = player.choose(turn.view, cancel)
                if _plausible(action, turn.view):
                    return ThinkResult(turn, action)
            problem = f"chose an illegal action {action!r}"
        except Exception as e:
            problem = f"failed: {_one_line(e)}"
        name = getattr(player, "name", type(player).__name__)
        return self._fallback(turn, f"the {name} player at seat {turn.seat + 1} {problem}")

    def _fallback(self, turn: ComputerTurn, error: str) -> ThinkResult:
        if turn.interjection:
            return ThinkResult(turn, None, error)
        legal = turn.view.legal
        try:
            beginner = make_player("beginner", _player_seed(self.seed, turn.seat, "fallback"))
            action = beginner.choose(turn.view)
            if action in legal:
                return ThinkResult(turn, action, error)
        except Exception:
            pass  # the first legal action below still keeps the deal going
        plays = [a for a in legal if type(a) is Play]
        return ThinkResult(turn, (plays or list(legal) or [None])[0], error)

    def submit(self, result: ThinkResult) -> bool:
        """Apply a computer's decision; False if the table moved on since it was asked.

        If the engine refuses the action after all, the beginner's choice is played
        instead and a :class:`PlayerFailed` event says so.
        """
        turn = result.turn
        if turn.version != self._version or self._deal is None or self._deal.finished:
            return False
        if result.error:
            self._emit([PlayerFailed(turn.seat, result.error)])
        if result.action is None:
            if turn.interjection:
                self.decline(turn.seat)
                return True
            raise TableError(f"the computer at seat {turn.seat + 1} has no action")
        try:
            self.apply(result.action, seat=turn.seat)
        except TableError as e:
            message = f"seat {turn.seat + 1}: {e}; a fallback was played"
            fresh = ComputerTurn(turn.seat, self._deal.view(turn.seat), turn.interjection)
            fallback = self._fallback(fresh, message)
            self._emit([PlayerFailed(turn.seat, message)])
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
            raise TableError(f"seat {seat + 1} has no doubling to decline now")
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
            raise TableError(f"seat {seat + 1} cannot act for seat {actor + 1}")
        log = list(deal.actions)
        try:
            deal.apply(action)
        except SkatError as e:
            raise TableError(_one_line(e)) from None
        except Exception as e:
            # malformed values reach the engine's arithmetic; rebuild to be sure of the state
            self._deal = _replayed(deal, log)
            raise TableError(f"not a valid action: {action!r} ({_one_line(e)})") from None
        self._version += 1
        events: list[TableEvent] = [ActionApplied(actor, action)]
        if deal.finished:
            events += self._finish_deal()
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
            raise TableError(f"seat {seat + 1} cannot double now")
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
            raise TableError(f"seat {seat + 1} sits out this deal")
        try:
            question = deal.claim_question(pos)
        except SkatError as e:
            raise TableError(_one_line(e)) from None
        return lambda cancel=None: claim_holds(*question)

    # ------------------------------------------------------------------ finishing and storing

    def _finish_deal(self) -> list[TableEvent]:
        deal = self._deal
        result = deal.result
        if self._replay:
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
        """Store waiting deals in order, here and now; the first failure stops."""
        if self._service is None:  # rebuilt from the database after a failure
            try:
                self._service = SeriesService(self._store, self.series_id)
            except Exception as e:
                number = self._unstored[0][1].number
                message = f"deal {number} could not be stored: {_one_line(e)}"
                return [StoreFailed(message, len(self._unstored))]
        done: list[int] = []
        while self._unstored:
            deal, entry = self._unstored[0]
            try:
                _store_deal(self._service, deal, entry.number)
            except Exception as e:
                self._service = None
                message = f"deal {entry.number} could not be stored: {_one_line(e)}"
                stored = [DealsStored(tuple(done))] if done else []
                return [*stored, StoreFailed(message, len(self._unstored))]
            self._unstored.pop(0)
            done.append(entry.number)
        return [DealsStored(tuple(done))] if done else []

    def take_store_write(self) -> StoreWrite | None:
        """The waiting deals as one :class:`StoreWrite` for a worker (``write_later``);
        None when nothing waits or a write is still out. Give its outcome back with
        :meth:`store_written`."""
        if not self.write_later or self._writing is not None or not self._unstored:
            return None
        deals = tuple((deal, entry.number) for deal, entry in self._unstored)
        self._writing = StoreWrite(self.series_id, deals)
        return self._writing

    def store_written(self, write: StoreWrite, outcome: StoreOutcome) -> None:
        """Take back a write's outcome: the written deals leave the queue; a failure is
        reported as :class:`StoreFailed` and the rest waits for the next write."""
        if write is not self._writing:
            raise TableError("this write was not handed out by this table")
        self._writing = None
        count = max(0, min(outcome.written, len(write.deals)))
        for deal, _ in write.deals[:count]:
            if not self._unstored or self._unstored[0][0] is not deal:
                raise TableError("the deals waiting to be stored changed during the write")
            self._unstored.pop(0)
        events: list[TableEvent] = []
        if count:
            events.append(DealsStored(tuple(n for _, n in write.deals[:count])))
        if outcome.error is not None:
            events.append(StoreFailed(outcome.error, len(self._unstored)))
        self._emit(events)

    def retry_store(self) -> bool:
        """Store the deals a failure left waiting; True once nothing waits. With
        ``write_later`` this only says whether anything waits: the caller writes."""
        if self._store is None:
            return True
        if not self.write_later:
            self._emit(self._flush_store())
        return not self._unstored

    # ------------------------------------------------------------------ views

    def view_for(self, seat: int) -> SeatView:
        """What ``seat`` may know now: its own hand and the public cards, nothing else."""
        if self._deal is None:
            raise TableError("no deal has been dealt yet")
        return self._deal.view(self._check_seat(seat))

    # ------------------------------------------------------------------ practice aids

    def _require_practice(self, what: str) -> None:
        if not self.practice:
            raise TableError(f"{what} is only possible at a practice table")

    def _require_human(self, seat: int, what: str) -> None:
        if not self._spec_at(self._check_seat(seat)).is_human:
            raise TableError(f"{what} is only for a human player's own seat")

    def undo_last_card(self, seat: int) -> int:
        """Take back ``seat``'s last card and everything after it; returns how many
        actions left the log. The deal is rebuilt from its cards and the shortened log.

        A finished deal can be taken back too unless it is already in the database: it
        leaves the score sheet and is entered again when it ends anew.
        """
        self._require_practice("taking back a card")
        self._require_human(seat, "taking back a card")
        deal = self._deal
        if deal is None:
            raise TableError("no deal has been dealt yet")
        pos = self._position(deal, seat)
        cut = None
        for i in range(len(deal.actions) - 1, -1, -1):
            a = deal.actions[i]
            if type(a) is Play and a.player == pos:
                cut = i
                break
        if pos is None or cut is None:
            raise TableError("you have not played a card in this deal")
        unrecord = deal.finished and self._recorded
        waiting = self._unstored and self._unstored[-1][0] is deal
        writing = self._writing is not None and any(d is deal for d, _ in self._writing.deals)
        stored = self._store is not None and (not waiting or writing)
        if unrecord and stored:
            raise TableError("this deal is already stored on the score sheet; replay it")
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

        self._require_practice("a hint")
        self._require_human(seat, "a hint")
        view = self.view_for(seat)
        if view.result is not None:
            raise TableError("the deal is over")
        if view.to_move != view.position or not view.legal:
            raise TableError(f"it is not seat {seat + 1}'s turn")
        return hint(view, level, self.seed, cancel)

    def open_cards(self) -> OpenCards:
        """Every hand and the skat (practice: to study a position)."""
        self._require_practice("showing all cards")
        deal = self._deal
        if deal is None:
            raise TableError("no deal has been dealt yet")
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
        self._require_practice("replaying a deal")
        deal = self._deal
        if deal is None or not deal.finished:
            raise TableError("a deal can be replayed once it is over")
        self._check_seat(from_seat)
        humans = [i for i, s in enumerate(self.specs) if s.is_human]
        if human is None:
            if len(humans) != 1:
                raise TableError("say which human moves to the other seat")
            human = humans[0]
        if human not in humans:
            raise TableError(f"no human sits at seat {human + 1}")
        if from_seat not in deal.setup.seats:
            raise TableError(f"seat {from_seat + 1} sits this deal out")
        occupant = list(range(self.table_size))
        occupant[human], occupant[from_seat] = occupant[from_seat], occupant[human]
        self._occupant = occupant
        self._deal = Deal(deal.setup)
        self._replay = True
        self._recorded = False
        event = self._new_deal_event()
        self._emit([event])
        return event


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
        raise TableError(f"not an action: {action!r}")
    try:
        canonical = action_from_dict(action_to_dict(action))
    except (SkatError, TypeError, ValueError, LookupError, AttributeError) as e:
        raise TableError(f"not a valid action: {action!r} ({_one_line(e)})") from None
    if canonical != action:  # e.g. Double level 0 would come back as Hirsch
        raise TableError(f"not a valid action: {action!r}")
    return canonical


def _replayed(deal: Deal, actions: Sequence[Action]) -> Deal:
    """A new deal from ``deal``'s setup with ``actions`` applied: the log is the truth."""
    fresh = Deal(deal.setup)
    for a in actions:
        fresh.apply(a)
    return fresh
