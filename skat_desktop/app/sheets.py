"""Score sheets of stored series: recording deals, club-evening entry, corrections, evaluation.

A series is rebuilt from the database by replaying each deal's source of truth —
its move log, or its score-sheet entry, or the latest correction — through the
engine, so the sheet always follows the engine's rules.

Score-sheet entries (games played with real cards) are JSON objects by table seat:

* ``{"kind": "game", "declarer": seat, "contract": {...}, "bid": 24, "won": true,
  "with_matadors": true, "matadors": 2, "schneider": false, "schwarz": false,
  "kontra": 0, "overbid": null, "lose_as": null, "declarer_points": null}``
* ``{"kind": "ramsch", "points": [..by seat..], "tricks": [..], "last_trick": seat,
  "skat_points": 10, "pushes": 0, "later_trick": [seats]}`` — points from the tricks,
  without the skat; a sitting-out dealer has 0 and 0
* ``{"kind": "passed_in"}``
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skat_desktop.engine.cards import GAME_NAMES, GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealResult
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.entry import (
    GameEntry,
    ImpossibleEntry,
    RamschEntry,
    score_entry,
    score_ramsch_entry,
)
from skat_desktop.engine.errors import InvalidRecord
from skat_desktop.engine.money import settle
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.record import deal_from_record, record_from_deal
from skat_desktop.engine.series import Series, SheetEntry
from skat_desktop.engine.tournament import evaluate, rank
from skat_desktop.store.database import CorruptDatabase, StoreError
from skat_desktop.store.repository import DealRow, SeriesClosed, SeriesInfo, Store


def _flag(d: dict[str, Any], key: str, default: bool = False) -> bool:
    v = d.get(key, default)
    if not isinstance(v, bool):
        raise ImpossibleEntry(f"{key} must be true or false")
    return v


def _int(d: dict[str, Any], key: str, default: int | None = None) -> int:
    v = d.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise ImpossibleEntry(f"{key} must be a whole number")
    return v


def _seat(d: dict[str, Any], key: str, seats: tuple[int, int, int]) -> int:
    """The position (0..2) of the active player at the table seat ``d[key]``."""
    seat = _int(d, key)
    if seat not in seats:
        raise ImpossibleEntry(f"seat {seat} does not play this deal (the dealer sits out)")
    return seats.index(seat)


def entry_to_result(
    profile: RuleProfile, entry: Any, table_size: int, dealer: int, bock: bool
) -> DealResult:
    """Score a score-sheet entry with the engine; :class:`ImpossibleEntry` if it cannot be."""
    if not isinstance(entry, dict):
        raise ImpossibleEntry("an entry must be an object")
    seats = active_seats(table_size, dealer)
    kind = entry.get("kind")
    if kind == "passed_in":
        if profile.plays_ramsch:
            raise ImpossibleEntry(f"under {profile.title} an all-pass deal is played as Ramsch")
        return DealResult("passed_in", (0, 0, 0), reason="all passed")
    if kind == "ramsch":
        pts, tricks = entry.get("points"), entry.get("tricks")
        if not (
            isinstance(pts, list)
            and isinstance(tricks, list)
            and len(pts) == len(tricks) == table_size
        ):
            raise ImpossibleEntry(f"a Ramsch entry needs points and tricks for {table_size} seats")
        for s in range(table_size):
            if s not in seats and (pts[s] or tricks[s]):
                raise ImpossibleEntry("the dealer sitting out takes no tricks")
        later = entry.get("later_trick", [])
        if not isinstance(later, list):
            raise ImpossibleEntry("later_trick must be a list of seats")
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
        except (TypeError, ValueError) as e:
            raise ImpossibleEntry(str(e)) from None
        factor = 2 if bock else 1
        return DealResult(
            "ramsch",
            tuple(s * factor for s in r.scores),
            ramsch=r,
            points=r.points,
            tricks=r.tricks,
        )
    if kind != "game":
        raise ImpossibleEntry("an entry's kind is game, ramsch or passed_in")
    try:
        contract = Contract.from_dict(entry.get("contract"))
    except ValueError as e:
        raise ImpossibleEntry(str(e)) from None
    lose_as = entry.get("lose_as")
    if lose_as is not None and lose_as not in GAME_NAMES:
        raise ImpossibleEntry(f"unknown game {lose_as!r} in lose_as")
    overbid = entry.get("overbid")
    if overbid is not None and not isinstance(overbid, bool):
        raise ImpossibleEntry("overbid must be true, false or null")
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
        raise ImpossibleEntry("declarer_points must be 0 to 120")
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


class SeriesService:
    """A stored series with the engine's view of it (dealer, Bock rounds, totals)."""

    def __init__(self, store: Store, series_id: int):
        self.store = store
        self.info = store.series(series_id)
        self._rebuild()

    def _rebuild(self) -> None:
        info = self.info
        self.series = Series(info.profile, info.table_size, info.first_dealer, info.planned_deals)
        self.results: list[DealResult] = []
        corrections: dict[int, dict[str, Any]] = {}
        for c in self.store.corrections(series_id=info.id):
            corrections[c["number"]] = c["new"]
        imported = info.source == "imported"
        for row in self.store.deal_rows(info.id):
            if imported:  # independent deals (e.g. ISS games): each keeps its own dealer
                self.series.dealer = row["dealer"]
            dealer, _, _ = self.series.next_context()
            if dealer != row["dealer"]:
                raise CorruptDatabase(
                    f"deal {row['number']} of series {info.id} was dealt by seat {row['dealer']},"
                    f" but seat {dealer} deals it under the rules"
                )
            result = self._effective(row, corrections.get(row["number"]), bool(row["bock"]))
            self.series.record(result)
            self.results.append(result)

    def _effective(self, row: dict[str, Any], correction: str | None, bock: bool) -> DealResult:
        import json

        info = self.info
        try:
            if correction is not None:
                return entry_to_result(
                    info.profile, json.loads(correction), info.table_size, row["dealer"], bock
                )
            if row["record"] is not None:
                deal = deal_from_record(json.loads(row["record"]))
                if deal.result is None:
                    raise InvalidRecord("the stored deal is unfinished")
                return deal.result
            return entry_to_result(
                info.profile, json.loads(row["entry"]), info.table_size, row["dealer"], bock
            )
        except (InvalidRecord, ImpossibleEntry, ValueError) as e:
            raise CorruptDatabase(f"deal {row['number']} of series {info.id}: {e}") from None

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
        """Store a game played with real cards, scored by the engine."""
        self._check_open()
        dealer, bock, _ = self.next_context()
        result = entry_to_result(self.info.profile, entry, self.info.table_size, dealer, bock)
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
        return deal_id

    def correct(self, number: int, author: str, reason: str, new_entry: dict[str, Any]) -> int:
        """Correct deal ``number``: the history stays, the sheet shows the new value."""
        rows = self.store.deal_rows(self.info.id)
        if not 1 <= number <= len(rows):
            raise StoreError(f"series {self.info.id} has no deal {number}")
        row = rows[number - 1]
        result = entry_to_result(
            self.info.profile, new_entry, self.info.table_size, row["dealer"], bool(row["bock"])
        )
        # the corrected line, computed on a copy of the series up to that deal
        replay = Series(self.info.profile, self.info.table_size, self.info.first_dealer)
        for r in self.results[: number - 1]:
            replay.next_context()
            replay.record(r)
        replay.next_context()
        sheet = replay.record(result)
        new_row = deal_row(self.info.profile, sheet, result, self.info.table_size, entry=new_entry)
        old = {k: row[k] for k in ("kind", "declarer", "game", "bid", "won", "value")}
        old["scores"] = [
            r["score"] for r in self.store.scores(self.info.id) if r["number"] == number
        ]
        cid = self.store.add_correction(row["id"], author, reason, old, new_entry, new_row)
        self.info = self.store.series(self.info.id)
        self._rebuild()
        return cid

    def close(self, author: str, reason: str = "signed") -> None:
        self.store.close_series(self.info.id, author, reason)
        self.info = self.store.series(self.info.id)

    def reopen(self, author: str, reason: str) -> None:
        self.store.reopen_series(self.info.id, author, reason)
        self.info = self.store.series(self.info.id)

    # ------------------------------------------------------------------- sheet

    def sheet(self) -> SheetSummary:
        info = self.info
        names = [name for _, name in info.players]
        corrected = {c["number"] for c in self.store.corrections(series_id=info.id)}
        lines = []
        for e in self.series.entries:
            lines.append(
                SheetLine(
                    number=e.number,
                    dealer=names[e.dealer],
                    declarer=names[e.declarer] if e.declarer is not None else None,
                    label=e.label,
                    value=e.value,
                    won=e.won,
                    scores=e.scores,
                    totals=e.totals,
                    bock=e.bock,
                    ramsch_round=e.ramsch_round,
                    overbid=e.overbid,
                    corrected=e.number in corrected,
                )
            )
        tallies = self.series.tallies()
        evaluation = self.series.evaluation()
        sf = evaluate("seeger_fabian", tallies, info.table_size)
        ranking = rank(list(range(info.table_size)), evaluation, tallies)
        totals = tuple(self.series.totals)
        money = tuple(settle(totals, info.stake_cents)) if info.stake_cents else (0,) * len(totals)
        return SheetSummary(
            info=info,
            lines=tuple(lines),
            totals=totals,
            won=tuple(t.won for t in tallies),
            lost=tuple(t.lost for t in tallies),
            passed_in=sum(1 for e in self.series.entries if e.kind == "passed_in"),
            evaluation=tuple(evaluation),
            seeger_fabian=tuple(sf),
            ranking=tuple(ranking),
            money_cents=money,
        )


def game_label(game: str | None) -> str:
    if game is None:
        return ""
    return GameType[game.upper()].label.capitalize()
