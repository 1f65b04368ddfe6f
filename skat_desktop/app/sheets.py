"""Score sheets of stored series: recording deals, club-evening entry, corrections, evaluation.

A series is rebuilt from the database by replaying each deal's source of truth —
its move log, or its score-sheet entry, or the latest correction — through the
engine, so the sheet always follows the engine's rules. A deal whose source cannot
be scored (an impossible entry or a broken move log written by another program) stays
on the sheet as a 0 line that says why, so the rest of the series is still readable;
its repair is a correction.

Score-sheet entries (games played with real cards) are JSON objects by table seat:

* ``{"kind": "game", "declarer": seat, "contract": {...}, "bid": 24, "won": true,
  "with_matadors": true, "matadors": 2, "schneider": false, "schwarz": false,
  "kontra": 0, "overbid": null, "lose_as": null, "declarer_points": null}``
* ``{"kind": "ramsch", "points": [..by seat..], "tricks": [..], "last_trick": seat,
  "skat_points": 10, "pushes": 0, "later_trick": [seats]}`` — points from the tricks,
  without the skat; a sitting-out dealer has 0 and 0
* ``{"kind": "passed_in"}``

A game entered or corrected now must also agree with the declarer's card points when they
are given (:func:`entered_result`); stored deals and imports are read without that check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skat_desktop.app.statistics import series_money
from skat_desktop.engine.cards import GAME_NAMES, RANK_POINTS, GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealResult
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.entry import (
    GameEntry,
    ImpossibleEntry,
    RamschEntry,
    cards_for_matadors,
    score_entry,
    score_ramsch_entry,
)
from skat_desktop.engine.errors import InvalidRecord, SkatError
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.record import deal_from_record, record_from_deal
from skat_desktop.engine.scoring import GameResult, game_result
from skat_desktop.engine.series import Series, SheetEntry
from skat_desktop.engine.tournament import evaluate, rank
from skat_desktop.store.database import StoreError
from skat_desktop.store.repository import LIVE_LOCAL, DealRow, SeriesClosed, SeriesInfo, Store
from skat_desktop.store.series_hold import series_held_elsewhere


class SeriesAtTable(StoreError):
    """The series is played at a table of the program (saved for later, or in play): its
    games are stored from there, so a game typed into it is refused."""


def _flag(d: dict[str, Any], key: str, default: bool = False) -> bool:
    v = d.get(key, default)
    if not isinstance(v, bool):
        raise ImpossibleEntry(f"{key} must be true or false", "not_true_or_false", {"field": key})
    return v


def _int(d: dict[str, Any], key: str, default: int | None = None) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ImpossibleEntry(f"{key} must be a whole number", "not_whole_number", {"field": key})
    return v


def _seat(d: dict[str, Any], key: str, seats: tuple[int, int, int]) -> int:
    """The position (0..2) of the active player at the table seat ``d[key]``."""
    seat = _int(d, key)
    if seat not in seats:
        raise ImpossibleEntry(
            f"seat {seat} does not play this deal (the dealer sits out)",
            "seat_sits_out",
            {"seat": seat},
        )
    return seats.index(seat)


def entry_to_result(
    profile: RuleProfile, entry: Any, table_size: int, dealer: int, bock: bool
) -> DealResult:
    """Score a score-sheet entry with the engine; :class:`ImpossibleEntry` if it cannot be."""
    if not isinstance(entry, dict):
        raise ImpossibleEntry("an entry must be an object", "entry_not_object")
    seats = active_seats(table_size, dealer)
    kind = entry.get("kind")
    if kind == "passed_in":
        if profile.plays_ramsch:
            raise ImpossibleEntry(
                f"under {profile.title} an all-pass deal is played as Ramsch",
                "all_pass_is_ramsch",
                {"profile": profile},
            )
        return DealResult("passed_in", (0, 0, 0), reason="all passed")
    if kind == "ramsch":
        pts, tricks = entry.get("points"), entry.get("tricks")
        if not (
            isinstance(pts, list)
            and isinstance(tricks, list)
            and len(pts) == len(tricks) == table_size
        ):
            raise ImpossibleEntry(
                f"a Ramsch entry needs points and tricks for {table_size} seats",
                "ramsch_needs_seats",
                {"seats": table_size},
            )
        for s in range(table_size):
            if s not in seats and (pts[s] or tricks[s]):
                raise ImpossibleEntry(
                    "the dealer sitting out takes no tricks", "dealer_out_takes_tricks"
                )
        later = entry.get("later_trick", [])
        if not isinstance(later, list):
            raise ImpossibleEntry("later_trick must be a list of seats", "later_trick_not_list")
        try:
            r = score_ramsch_entry(
                profile,
                RamschEntry(
                    points=tuple(int(pts[s]) for s in seats),
                    tricks=tuple(int(tricks[s]) for s in seats),
                    last_trick=_seat(entry, "last_trick", seats),
                    skat_points=_int(entry, "skat_points", 0),
                    pushes=_int(entry, "pushes", 0),
                    later_trick=tuple(seats.index(s) for s in later if s in seats),
                ),
            )
        except ImpossibleEntry:
            raise
        except (TypeError, ValueError) as e:
            raise ImpossibleEntry(str(e), "ramsch_not_numbers", {"detail": str(e)}) from None
        factor = 2 if bock else 1
        return DealResult(
            "ramsch",
            tuple(s * factor for s in r.scores),
            ramsch=r,
            points=r.points,
            tricks=r.tricks,
        )
    if kind != "game":
        raise ImpossibleEntry("an entry's kind is game, ramsch or passed_in", "unknown_kind")
    try:
        contract = Contract.from_dict(entry.get("contract"))
    except ValueError as e:
        raise ImpossibleEntry(str(e), "bad_contract", {"detail": str(e)}) from None
    lose_as = entry.get("lose_as")
    if lose_as is not None and lose_as not in GAME_NAMES:
        raise ImpossibleEntry(
            f"unknown game {lose_as!r} in lose_as", "unknown_lose_as", {"game": str(lose_as)}
        )
    overbid = entry.get("overbid")
    if overbid is not None and not isinstance(overbid, bool):
        raise ImpossibleEntry("overbid must be true, false or null", "overbid_not_flag")
    declarer = _seat(entry, "declarer", seats)
    e = GameEntry(
        contract=contract,
        bid=_int(entry, "bid"),
        won=_flag(entry, "won"),
        with_matadors=_flag(entry, "with_matadors", True),
        matadors=_int(entry, "matadors", 1),
        schneider=_flag(entry, "schneider"),
        schwarz=_flag(entry, "schwarz"),
        kontra=_int(entry, "kontra", 0),
        bock=bock,
        overbid=overbid,
        lose_as=GAME_NAMES[lose_as] if lose_as else None,
    )
    g = score_entry(profile, e)
    dp = entry.get("declarer_points")
    if dp is not None and (not isinstance(dp, int) or not 0 <= dp <= 120):
        raise ImpossibleEntry("declarer_points must be 0 to 120", "declarer_points_range")
    scores = [0, 0, 0]
    scores[declarer] = g.score
    return DealResult(
        "game",
        (scores[0], scores[1], scores[2]),
        reason="entered from the score sheet",
        declarer=declarer,
        bid=e.bid,
        contract=contract.normalised(),
        game=g,
        declarer_points=dp if dp is not None else -1,
        extra={"schneider": e.schneider or e.schwarz, "schwarz": e.schwarz},
    )


SKAT_MOST = 2 * max(RANK_POINTS)  # two aces: a declarer without a trick has the skat's points


def _same_game(a: GameResult, b: GameResult) -> bool:
    return (a.won, a.value, a.score, a.levels) == (b.won, b.value, b.score, b.levels)


def card_points_refusal(profile: RuleProfile, result: DealResult) -> ImpossibleEntry | None:
    """Why the declarer's card points of an entered game contradict its result, or ``None``.

    The entry's result (won or lost, the levels reached) is scored by the engine from
    nominal points; here the engine scores the game again from the points given, with
    every trick count they allow (none: only the skat's points; all ten: 120; some), and
    the entry stands if one of them gives the same game. So a game lost with 61 or more
    stands when it is overbid or misses an announced Schneider or Schwarz, and only those.
    Card points are those of the game played out: a conceded game is entered without them.
    """
    g, k, dp = result.game, result.contract, result.declarer_points
    if g is None or k is None or dp < 0:
        return None
    if k.is_null:
        return ImpossibleEntry("a Null game has no card points", "null_card_points")
    cards12 = cards_for_matadors(k.game, bool(g.with_matadors), g.matadors)
    tricks = [5]  # some tricks, not all: any card points from 0 to 120
    if dp <= SKAT_MOST:
        tricks.append(0)
    if dp == 120:
        tricks.append(10)
    played = {
        dt: game_result(profile, k, cards12, result.bid, dp, dt, kontra=g.kontra, bock=g.bock)
        for dt in tricks
    }
    if any(_same_game(r, g) for r in played.values()):
        return None
    schwarz = bool(result.extra.get("schwarz"))
    if g.won and dp < 61:
        return ImpossibleEntry(
            f"a game is won with at least 61 card points, not {dp}", "won_below_61", {"points": dp}
        )
    if schwarz and g.won and 10 not in played:
        return ImpossibleEntry(
            f"a Schwarz game won gives the declarer all 120 card points, not {dp}",
            "schwarz_won_points",
            {"points": dp},
        )
    if schwarz and not g.won and 0 not in played and 10 not in played:
        return ImpossibleEntry(
            "with Schwarz one side takes every trick: the declarer has 120 card points or "
            f"at most the skat's {SKAT_MOST}, not {dp}",
            "schwarz_lost_points",
            {"points": dp, "skat": SKAT_MOST},
        )
    if not g.won and any(r.won for r in played.values()):
        return ImpossibleEntry(
            f"with {dp} card points this game is won: with 61 or more it is lost only when "
            "overbid or when an announced Schneider or Schwarz is missed",
            "lost_with_points_won",
            {"points": dp},
        )
    some = played[5]
    if not schwarz and ("schneider" in g.levels) != ("schneider" in some.levels):
        if "schneider" in g.levels:
            return ImpossibleEntry(
                f"with {dp} card points neither side is Schneider",
                "no_schneider_at_points",
                {"points": dp},
            )
        return ImpossibleEntry(
            f"with {dp} card points one side is Schneider, but the entry does not say so",
            "schneider_at_points",
            {"points": dp},
        )
    return ImpossibleEntry(
        f"{dp} card points do not fit the result entered", "card_points_contradict", {"points": dp}
    )


def entered_result(
    profile: RuleProfile, entry: Any, table_size: int, dealer: int, bock: bool
) -> DealResult:
    """:func:`entry_to_result` for an entry being entered or corrected now: it also refuses
    card points that contradict the result (:func:`card_points_refusal`). Stored deals and
    imported series are read with :func:`entry_to_result` alone, so a sheet written before
    this check still reads as it did; its repair is a correction, which is checked."""
    result = entry_to_result(profile, entry, table_size, dealer, bock)
    refusal = card_points_refusal(profile, result)
    if refusal is not None:
        raise refusal
    return result


def deal_row(
    profile: RuleProfile,
    sheet: SheetEntry,
    result: DealResult,
    table_size: int,
    record: dict[str, Any] | None = None,
    entry: dict[str, Any] | None = None,
    seed: int | None = None,
) -> DealRow:
    """The database row of a deal the engine's :class:`Series` has just entered."""
    roles = ["sitting_out"] * table_size
    role = {"game": "defender", "ramsch": "ramsch", "passed_in": "passed"}[result.kind]
    for s in sheet.seats:
        roles[s] = role
    if sheet.declarer is not None:
        roles[sheet.declarer] = "declarer"
    g = result.game
    k = result.contract
    schneider = schwarz = False
    dp = dt = None
    if g is not None and not k.is_null:
        if "schneider" in result.extra:
            schneider, schwarz = result.extra["schneider"], result.extra["schwarz"]
        elif not g.conceded:
            dp, dt = result.declarer_points, result.declarer_tricks
            schneider = dp >= profile.schneider_min or dp <= profile.own_schneider_max
            schwarz = dt in (0, 10)
    if g is not None and "schneider" in result.extra and result.declarer_points >= 0:
        dp = result.declarer_points
    return DealRow(
        number=sheet.number,
        dealer=sheet.dealer,
        kind=result.kind,
        scores=sheet.scores,
        outcome=sheet.outcome,
        roles=tuple(roles),
        seed=seed,
        declarer=sheet.declarer,
        game=(g.game.label if g else None),
        hand=bool(k and k.hand),
        schneider_announced=bool(k and k.schneider_announced),
        schwarz_announced=bool(k and k.schwarz_announced),
        ouvert=bool(k and k.ouvert),
        bid=result.bid,
        won=g.won if g else None,
        value=g.value if g else 0,
        matadors=g.matadors if g else 0,
        with_matadors=g.with_matadors if g else None,
        declarer_points=dp,
        declarer_tricks=dt,
        schneider=schneider,
        schwarz=schwarz,
        overbid=g.overbid if g else False,
        kontra=g.kontra if g else 0,
        bock=sheet.bock,
        ramsch_round=sheet.ramsch_round,
        bock_triggered=sheet.bock_triggered,
        record=record,
        entry=entry,
    )


@dataclass(frozen=True)
class SheetLine:
    number: int
    dealer: str
    declarer: str | None
    label: str
    value: int
    won: bool | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    bock: bool
    ramsch_round: bool
    overbid: bool
    corrected: bool
    unreadable: str | None = None  # why the deal cannot be scored (it counts 0)
    kontra: int = 0  # the game's doubling: 1 Kontra, 2 Re (3 Bock, 4 Hirsch), 0 none


@dataclass(frozen=True)
class SheetSummary:
    """Everything the score sheet shows for a series."""

    info: SeriesInfo
    lines: tuple[SheetLine, ...]
    totals: tuple[int, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]
    passed_in: int
    evaluation: tuple[int, ...]  # the profile's method (Seeger-Fabian, Texas, ...)
    seeger_fabian: tuple[int, ...]
    ranking: tuple[tuple[int, int], ...]  # (place, seat)
    money_cents: tuple[int, ...]  # settlement at the series' stake (0 if none)
    # Deals that cannot be scored (number, reason): they count 0, so the totals, the
    # evaluation and the places are provisional until each is corrected.
    unreadable: tuple[tuple[int, str], ...] = ()
    # Other inconsistencies found while reading (number, what): e.g. a stored dealer
    # that differs from the rotation (the sheet follows the stored dealer).
    problems: tuple[tuple[int, str], ...] = ()


# What reading a damaged source can raise: the engine's own errors, and whatever JSON of
# an unexpected shape makes the readers trip over (a hand-edited file can hold anything).
_UNREADABLE = (SkatError, ValueError, TypeError, KeyError, IndexError, AttributeError)
UNREADABLE = (*_UNREADABLE, RecursionError)  # ... and a source nested too deeply


@dataclass(frozen=True)
class StoredDeal:
    """One stored deal as the engine reads it now (its latest correction in effect)."""

    deal_id: int
    number: int  # as stored
    sheet: SheetEntry  # the line the engine entered on the sheet
    result: DealResult
    source: str  # "moves", "entry" or "correction": what the result was computed from
    corrected: bool
    unreadable: str | None = None  # why its source cannot be scored (it counts 0 then)

    def row(self, profile: RuleProfile, table_size: int) -> DealRow:
        """The derived rows the source gives (not for an unreadable deal)."""
        return deal_row(profile, self.sheet, self.result, table_size)


def _one_line(text: object) -> str:
    return " ".join(str(text).split()) or "unreadable"


def source_result(
    profile: RuleProfile, table_size: int, row: dict[str, Any], correction: Any, bock: bool
) -> DealResult:
    """The result a deal's source gives: its correction, else its move log, else its entry
    (``row`` holds the stored ``dealer``, ``bock``, ``ramsch_round``, ``record`` and
    ``entry`` columns). Raises what :data:`UNREADABLE` lists if it cannot be scored; the
    series import replays sources with it so it judges them exactly like the sheet."""
    if correction is not None:
        entry = json.loads(correction) if isinstance(correction, str) else correction
        return entry_to_result(profile, entry, table_size, row["dealer"], bock)
    if row["record"] is not None:
        deal = deal_from_record(json.loads(row["record"]))
        if deal.result is None:
            raise InvalidRecord("the stored deal is unfinished")
        s = deal.setup
        if (s.dealer, s.table_size, s.bock, s.ramsch_round) != (
            row["dealer"],
            table_size,
            bool(row["bock"]),
            bool(row["ramsch_round"]),
        ) or s.profile != profile:
            raise InvalidRecord("the move log was not set up for this deal of the series")
        return deal.result
    return entry_to_result(profile, json.loads(row["entry"]), table_size, row["dealer"], bock)


def unreadable_reason(source: str, error: BaseException) -> str:
    """Why a deal's ``source`` ("moves", "entry" or "correction") cannot be scored, as the
    sheet shows it and a repair's ``old`` keeps it."""
    why = "nested too deeply" if isinstance(error, RecursionError) else _one_line(error)
    what = {"moves": "move log", "entry": "entry", "correction": "correction"}
    return f"the {what[source]} cannot be scored: {why}"


def correction_old(
    stored: dict[str, Any] | None,
    scores: list[int],
    unreadable: str | None = None,
    entry: str | None = None,
) -> dict[str, Any]:
    """What a correction replaces (its ``old``): the stored outcome (``deal_results`` row
    or ``None``) and seat scores; for a deal that could not be scored also why, and the
    entry text in effect as it was (the audit trail of a repair). One builder for
    :meth:`SeriesService.correct`, which writes it, and the series import, which
    recomputes it to refuse a forged history."""
    old: dict[str, Any] = {}
    if stored is not None:
        old = {k: stored[k] for k in ("kind", "declarer", "game", "bid", "won", "value")}
    old["scores"] = list(scores)
    if not unreadable:
        return old
    old["unreadable"] = unreadable
    if entry is not None:
        try:
            old["entry"] = json.loads(entry)
        except (ValueError, RecursionError):
            old["entry"] = entry  # kept as it was
    return old


class SeriesService:
    """A stored series with the engine's view of it (dealer, Bock rounds, totals)."""

    def __init__(self, store: Store, series_id: int):
        self.store = store
        self.info = store.series(series_id)
        self._rebuild()

    def _rebuild(self) -> None:
        corrections: dict[int, Any] = {}
        for c in self.store.corrections(series_id=self.info.id):
            corrections[c["number"]] = c["new"]  # the latest one counts
        self.series, self.deals, problems = self._replay(corrections)
        self.results: list[DealResult] = [d.result for d in self.deals]
        self.problems: tuple[tuple[int, str], ...] = tuple(problems)

    @property
    def unreadable(self) -> tuple[tuple[int, str], ...]:
        """(number, reason) of each deal that cannot be scored."""
        return tuple((d.number, d.unreadable) for d in self.deals if d.unreadable)

    def _replay(
        self, corrections: dict[int, Any]
    ) -> tuple[Series, list[StoredDeal], list[tuple[int, str]]]:
        """Replay the stored sources in order. A deal that cannot be scored (an impossible
        entry or a move log that does not replay) enters the sheet as 0 for everyone and
        keeps its reason, so one bad row never makes the whole series unreadable."""
        info = self.info
        n = info.table_size
        series = Series(info.profile, n, info.first_dealer, info.planned_deals)
        deals: list[StoredDeal] = []
        problems: list[tuple[int, str]] = []
        imported = info.source == "imported"
        for row in self.store.deal_sources(info.id):
            number, stored = row["number"], row["dealer"]
            at_table = 0 <= stored < n
            if imported and at_table:  # independent deals (ISS games): own dealers
                series.dealer = stored
            dealer, _, _ = series.next_context()
            if at_table and stored != dealer:
                problems.append(
                    (
                        number,
                        f"it was dealt by seat {stored}, but seat {dealer} deals it under the"
                        " rules",
                    )
                )
                series.dealer = stored  # its source was scored with the stored dealer
                dealer, _, _ = series.next_context()
            correction = corrections.get(number)
            source = (
                "correction"
                if correction is not None
                else ("moves" if row["record"] is not None else "entry")
            )
            unreadable = None
            try:
                if not at_table:
                    raise ImpossibleEntry(
                        f"its dealer seat {stored} is not at the table",
                        "dealer_not_at_table",
                        {"seat": stored},
                    )
                result = self._effective(row, correction, bool(row["bock"]))
            except UNREADABLE as e:
                unreadable = unreadable_reason(source, e)
                result = DealResult("passed_in", (0, 0, 0), reason=unreadable)
            sheet = series.record(result)
            deals.append(
                StoredDeal(
                    deal_id=row["id"],
                    number=number,
                    sheet=sheet,
                    result=result,
                    source=source,
                    corrected=correction is not None,
                    unreadable=unreadable,
                )
            )
        return series, deals, problems

    def _effective(self, row: dict[str, Any], correction: Any, bock: bool) -> DealResult:
        """The result the deal's source gives; raises what :data:`UNREADABLE` lists."""
        return source_result(self.info.profile, self.info.table_size, row, correction, bock)

    # ---------------------------------------------------------------- recording

    @property
    def next_number(self) -> int:
        return len(self.results) + 1

    def _check_open(self) -> None:
        if self.info.closed:
            raise SeriesClosed(f"series {self.info.id} is closed; reopen it with a reason first")
        if self.series.finished:
            raise StoreError(
                f"series {self.info.id} already has its {self.info.planned_deals} deals"
            )

    def next_context(self) -> tuple[int, bool, bool]:
        """(dealer seat, Bock round?, compulsory Ramsch?) of the next deal. Read-only."""
        probe = Series(self.info.profile, self.info.table_size, self.info.first_dealer)
        probe.dealer, probe.special = self.series.dealer, self.series.special.copy()
        probe.current, probe.current_left = self.series.current, self.series.current_left
        return probe.next_context()

    def record_played(self, deal: Deal, extra: dict[str, Any] | None = None) -> int:
        """Store a deal played through the engine (its full move log) the moment it ends.

        ``extra`` is kept in the record (e.g. ``{"iss": ...}`` of an imported ISS game).
        """
        self._check_open()
        if not deal.finished:
            raise StoreError("only a finished deal can be stored")
        s = deal.setup
        if self.info.source == "imported":
            self.series.dealer = s.dealer
        dealer, bock, ramsch_round = self.next_context()
        if (s.dealer, s.bock, s.ramsch_round, s.table_size) != (
            dealer,
            bock,
            ramsch_round,
            self.info.table_size,
        ) or s.profile != self.info.profile:
            raise StoreError("the deal was not set up for the next deal of this series")
        return self._store(
            deal.result,
            record=record_from_deal(
                deal, players=[name for _, name in self.info.players], extra=extra
            ),
            seed=s.seed,
        )

    def add_entry(self, entry: dict[str, Any]) -> int:
        """Store a game played with real cards, scored by the engine. Refused
        (:class:`SeriesAtTable`) while a table plays the series: checked under the write
        lock, so a table saved meanwhile is seen."""
        with self.store.transaction():
            self._check_open()
            refuse_at_table(self.store, self.info.id)
            dealer, bock, _ = self.next_context()
            result = entered_result(self.info.profile, entry, self.info.table_size, dealer, bock)
            return self._store(result, entry=entry)

    def _store(self, result: DealResult, record=None, entry=None, seed=None) -> int:
        self.series.next_context()
        sheet = self.series.record(result)
        row = deal_row(self.info.profile, sheet, result, self.info.table_size, record, entry, seed)
        try:
            deal_id = self.store.add_deal(self.info.id, row)
        except BaseException:
            self._rebuild()  # the engine state must not run ahead of the database
            raise
        self.results.append(result)
        source = "moves" if record is not None else "entry"
        self.deals.append(StoredDeal(deal_id, row.number, sheet, result, source, False))
        return deal_id

    def correct(self, number: int, author: str, reason: str, new_entry: dict[str, Any]) -> int:
        """Correct deal ``number``: the history stays, the sheet shows the new value.

        This is also the repair of a deal that cannot be scored (an impossible entry or
        a broken move log): the correction's ``old`` keeps what was there and why it
        could not be scored. The derived rows of later deals whose Bock marks change
        are rewritten in the same transaction, which reads the series too: another
        program may add, correct or sign meanwhile, up to the write lock."""
        with self.store.transaction():
            cid = self._correct(number, author, reason, new_entry)
        self.info = self.store.series(self.info.id)
        self._rebuild()
        return cid

    def _correct(self, number: int, author: str, reason: str, new_entry: dict[str, Any]) -> int:
        self._rebuild()  # another window or program may have added deals meanwhile
        sources = {r["id"]: r for r in self.store.deal_sources(self.info.id)}
        before = next((d for d in self.deals if d.number == number), None)
        if before is None or before.deal_id not in sources:
            raise StoreError(f"series {self.info.id} has no deal {number}")
        source = sources[before.deal_id]
        # the deal as it was played: its dealer (the sheet's) and its stored Bock flag
        entered_result(
            self.info.profile,
            new_entry,
            self.info.table_size,
            before.sheet.dealer,
            bool(source["bock"]),
        )  # an impossible correction is refused here, before anything is written
        corrections: dict[int, Any] = {}
        for c in self.store.corrections(series_id=self.info.id):
            corrections[c["number"]] = c["new"]
        corrections[number] = new_entry
        _, after, _ = self._replay(corrections)
        n, profile = self.info.table_size, self.info.profile
        was = {d.deal_id: d for d in self.deals}
        rewrite = []
        for new_deal in after:
            if new_deal.number == number and new_deal.unreadable:
                raise StoreError(f"deal {number} cannot be corrected: {new_deal.unreadable}")
            old_deal = was.get(new_deal.deal_id)
            if new_deal.unreadable:
                continue  # another bad deal: it keeps its rows until it is corrected
            new_row = new_deal.row(profile, n)
            if (
                new_deal.number == number
                or old_deal is None
                or old_deal.unreadable
                or old_deal.row(profile, n) != new_row
            ):
                rewrite.append((new_deal.deal_id, new_row, new_deal.corrected))
        return self.store.correct_deal(
            before.deal_id, author, reason, self._old(before, source), new_entry, rewrite
        )

    def _old(self, deal: StoredDeal, source: dict[str, Any]) -> dict[str, Any]:
        """What a correction replaces (see :func:`correction_old`), from the stored rows;
        the entry in effect of a deal that could not be scored is its latest correction
        or its stored entry (a move log stays in its deal)."""
        scores = [r["score"] for r in self.store.scores(self.info.id) if r["number"] == deal.number]
        text = None
        if deal.unreadable and deal.corrected:
            text = self.store.corrections(deal_id=deal.deal_id)[-1]["new"]
        elif deal.unreadable:
            text = source["entry"]
        return correction_old(self.store.deal_result(deal.deal_id), scores, deal.unreadable, text)

    def close(self, author: str, reason: str = "signed") -> None:
        """Sign the series; refused while a table plays it (:class:`SeriesAtTable`): its
        next deal could then never be stored (a tester closed a series from the shell
        while a window played it)."""
        with self.store.transaction():  # checked under the write lock
            if played_at_table(self.store, self.info.id):
                raise SeriesAtTable(
                    f"series {self.info.id} is being played at a table (saved for later); it"
                    " can be closed once that table has finished it or given it up",
                    "close_at_table",
                    series=self.info.id,
                )
            self.store.close_series(self.info.id, author, reason)
        self.info = self.store.series(self.info.id)

    def reopen(self, author: str, reason: str) -> None:
        self.store.reopen_series(self.info.id, author, reason)
        self.info = self.store.series(self.info.id)

    # ------------------------------------------------------------------- sheet

    def sheet(self) -> SheetSummary:
        info = self.info
        names = [name for _, name in info.players]
        lines = []
        for d in self.deals:
            e = d.sheet
            lines.append(
                SheetLine(
                    number=d.number,
                    dealer=names[e.dealer],
                    declarer=names[e.declarer] if e.declarer is not None else None,
                    # a deal that cannot be scored says so (and why) where the game goes
                    label=d.unreadable or e.label,
                    value=e.value,
                    won=e.won,
                    scores=e.scores,
                    totals=e.totals,
                    bock=e.bock,
                    ramsch_round=e.ramsch_round,
                    overbid=e.overbid,
                    corrected=d.corrected,
                    unreadable=d.unreadable,
                    kontra=e.kontra,
                )
            )
        tallies = self.series.tallies()
        evaluation = self.series.evaluation()
        sf = evaluate("seeger_fabian", tallies, info.table_size)
        # equal players share a place (1, 1, 3): a sheet draws no lots, so a fresh series
        # starts with every player first
        ranking = rank(list(range(info.table_size)), evaluation, tallies, lot_seed=None)
        totals = tuple(self.series.totals)
        money = tuple(series_money(info.id, totals, info.stake_cents))
        return SheetSummary(
            info=info,
            lines=tuple(lines),
            totals=totals,
            won=tuple(t.won for t in tallies),
            lost=tuple(t.lost for t in tallies),
            passed_in=sum(
                1 for d in self.deals if d.sheet.kind == "passed_in" and not d.unreadable
            ),
            evaluation=tuple(evaluation),
            seeger_fabian=tuple(sf),
            ranking=tuple(ranking),
            money_cents=money,
            unreadable=self.unreadable,
            problems=self.problems,
        )


def played_at_table(store: Store, series_id: int) -> bool:
    """Whether a table saved for later (a window's or a LAN host's) holds ``series_id``.
    Such a table stores the series' next deal itself: a typed game would take that deal's
    number, the table's deal could then never be stored and the table not be continued."""
    return any(t.series_id == series_id for t in store.live_tables(kind=None))


def give_up_saved_table(store: Store, series_id: int, database: Path | None) -> None:
    """Forget the table saved for later of ``series_id`` (the desk's "Give up the table"):
    a club's series left at a table whose window is gone takes typed games and can be
    closed again. Its finished deals stay; the deal in progress is lost. Refused for a
    LAN host's table (its host gives it up) and while a window plays the series
    (``database``: the file, for its :mod:`~skat_desktop.store.series_hold`)."""
    with store.transaction():
        rows = [t for t in store.live_tables(kind=None) if t.series_id == series_id]
        if any(t.kind != LIVE_LOCAL for t in rows):
            raise SeriesAtTable(
                f"series {series_id} is at a table of a LAN host; its host gives it up",
                "table_hosted",
                series=series_id,
            )
        if series_held_elsewhere(database, series_id):
            raise SeriesAtTable(
                f"series {series_id} is being played in a window right now; give it up there",
                "table_in_window",
                series=series_id,
            )
        store.drop_series_live(series_id)


def refuse_at_table(store: Store, series_id: int) -> None:
    """:class:`SeriesAtTable` if a table plays ``series_id`` (:func:`played_at_table`);
    call it in the transaction that adds the deal."""
    if played_at_table(store, series_id):
        raise SeriesAtTable(
            f"series {series_id} is being played at a table (saved for later); its games are "
            "stored from there",
            "series_at_table",
            series=series_id,
        )


def game_label(game: str | None) -> str:
    if game is None:
        return ""
    return GameType[game.upper()].label.capitalize()
