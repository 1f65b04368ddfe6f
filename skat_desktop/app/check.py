"""``db check``: is the database what its sources say? And ``--repair`` of derived rows.

The sheet replays each series from its sources of truth (move logs, entries, the
latest corrections), but statistics and rankings read the derived rows
(``deal_results``, ``deal_scores``) written next to them. A hand edit or a bug that
changes one side only makes the sheet and the ranking disagree without a word; this
check finds it. It replays every series with the engine exactly like the sheet does
and compares, besides SQLite's own checks, our marks and the structural invariants
(:mod:`skat_desktop.store.check`).

Checking opens the file read-only and writes nothing, so a locked or read-only file
can be checked. Repairing rewrites only derived rows that disagree with the sources, in
one transaction; history (deals, corrections, events) is never touched. A deal whose
source cannot be scored has no derived rows to rewrite: its repair is an ordinary
correction (``db correct``), which keeps the bad entry in the audit trail.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skat_desktop.app.sheets import SeriesService
from skat_desktop.engine.errors import SkatError
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.store import check as sql
from skat_desktop.store.check import Problem
from skat_desktop.store.database import StoreError, explain, is_busy
from skat_desktop.store.repository import DealRow, SeriesInfo, Store, derived_values

_WHAT = {  # how a column of deal_results is named in a sentence
    "kind": "kind of deal",
    "declarer": "declarer",
    "game": "game",
    "hand": "Hand flag",
    "schneider_announced": "Schneider announcement",
    "schwarz_announced": "Schwarz announcement",
    "ouvert": "ouvert flag",
    "bid": "bid",
    "won": "result",
    "value": "game value",
    "matadors": "number of matadors",
    "with_matadors": "with/without",
    "declarer_points": "declarer's card points",
    "declarer_tricks": "declarer's tricks",
    "schneider": "Schneider flag",
    "schwarz": "Schwarz flag",
    "overbid": "overbid flag",
    "kontra": "Kontra level",
    "bock_triggered": "Bock trigger flag",
    "corrected": "corrected flag",
}
_GIVE = {
    "moves": "the moves give",
    "entry": "the entry gives",
    "correction": "the correction gives",
}


@dataclass
class CheckReport:
    """What ``db check`` found (and, with ``--repair``, what it rewrote first)."""

    problems: list[Problem]
    series: int = 0
    deals: int = 0
    rewritten: list[str] = field(default_factory=list)
    refused: str | None = None  # why --repair rewrote nothing

    @property
    def clean(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        checked = f"checked {self.series} series, {self.deals} deals"
        if self.clean:
            return f"{checked}: no problems"
        fixable = sum(1 for p in self.problems if p.repairable)
        text = f"{checked}: {len(self.problems)} problem{'s' * (len(self.problems) != 1)}"
        if fixable and not self.rewritten and self.refused is None:
            text += f" ({fixable} in derived rows that 'db check --repair' rewrites)"
        return text


# (series info, deal id, deal number, the rows the sources give, corrected?) of a deal
_Fix = tuple[SeriesInfo, int, int, DealRow, bool]


_FLAGS = {
    "hand",
    "schneider_announced",
    "schwarz_announced",
    "ouvert",
    "schneider",
    "schwarz",
    "overbid",
    "bock_triggered",
    "corrected",
}


def _show(column: str, value: Any, names: list[str]) -> str:
    """A stored or expected value as the sentence says it."""
    if value is None:
        return "empty"
    if column == "declarer" and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    words = {
        "won": {1: "won", 0: "lost"},
        "with_matadors": {1: "with", 0: "without"},
    }.get(column) or ({1: "set", 0: "not set"} if column in _FLAGS else {})
    return words.get(value, str(value))


def _outcome(v: Any) -> str:
    return {1: "won", -1: "lost", 0: "neither"}.get(v, str(v))


def compare(
    info: SeriesInfo,
    row: DealRow,
    corrected: bool,
    source: str,
    stored: dict[str, Any] | None,
    scores: list[dict[str, Any]],
    players: dict[int, str],
) -> list[tuple[str, str]]:
    """(what, sentence) for each way the stored derived rows differ from ``row``."""
    want, want_scores = derived_values(info, row, corrected)
    names = [name for _, name in info.players]
    give = _GIVE[source]
    out: list[tuple[str, str]] = []
    if stored is None:
        out.append(("result", f"the stored result is missing ({give} {row.kind})"))
    else:
        for column, value in want.items():
            if stored.get(column) != value:
                what = _WHAT.get(column, column)
                had = _show(column, stored.get(column), names)
                out.append(
                    (what, f"the stored {what} is {had}, {give} {_show(column, value, names)}")
                )
    by_seat = {r["seat"]: r for r in scores}
    for w in want_scores:
        seat, name = w["seat"], names[w["seat"]]
        got = by_seat.pop(seat, None)
        if got is None:
            out.append((f"score of {name}", f"the stored score of {name} is missing"))
            continue
        if got["player_id"] != w["player_id"]:
            who = players.get(got["player_id"], f"player {got['player_id']}")
            out.append(
                (f"player of {name}'s seat", f"the stored score of {name}'s seat names {who}")
            )
        if got["score"] != w["score"]:
            out.append(
                (
                    f"score of {name}",
                    f"the stored score of {name} is {got['score']}, {give} {w['score']}",
                )
            )
        if got["outcome"] != w["outcome"]:
            out.append(
                (
                    f"outcome of {name}",
                    f"the stored outcome of {name} is {_outcome(got['outcome'])},"
                    f" {give} {_outcome(w['outcome'])}",
                )
            )
        if got["role"] != w["role"]:
            out.append(
                (
                    f"role of {name}",
                    f"the stored role of {name} is {got['role']}, {give} {w['role']}",
                )
            )
    for seat in sorted(by_seat):
        out.append(
            (
                f"score of seat {seat}",
                f"a stored score has seat {seat}, which a table of {info.table_size} lacks",
            )
        )
    return out


def _check_series(
    store: Store, series_id: int, players: dict[int, str]
) -> tuple[list[Problem], list[_Fix], int]:
    """Replay one series like the sheet does and compare its derived rows."""
    try:
        svc = SeriesService(store, series_id)
    except (StoreError, SkatError, ValueError, TypeError, KeyError) as e:
        return [Problem(f"cannot be replayed: {e}", series=series_id)], [], 0
    info = svc.info
    if len(info.players) != info.table_size:
        return [], [], len(svc.deals)  # reported with the seats; nothing to compare with
    problems = [Problem(text, series_id, number) for number, text in svc.problems]
    fixes: list[_Fix] = []
    results = sql.stored_results(store.conn, series_id)
    scores = sql.stored_scores(store.conn, series_id)
    for d in svc.deals:
        if d.unreadable:
            problems.append(
                Problem(
                    f"{d.unreadable}; it counts 0 until it is corrected"
                    f" ('db correct {series_id} {d.number} ...')",
                    series_id,
                    d.number,
                )
            )
            continue
        row = d.row(info.profile, info.table_size)
        found = compare(
            info,
            row,
            d.corrected,
            d.source,
            results.get(d.deal_id),
            scores.get(d.deal_id, []),
            players,
        )
        if found:
            problems += [Problem(text, series_id, d.number, repairable=True) for _, text in found]
            fixes.append((info, d.deal_id, d.number, row, d.corrected))
    return problems, fixes, len(svc.deals)


def _damaged_profiles(store: Store) -> list[tuple[int, str, str]]:
    """(id, name, what is wrong) of each stored rule profile whose row does not read."""
    damaged = []
    for pid, name, options in sql.profile_rows(store.conn):
        try:
            Store.profile_from_options(name, options)
        except ValueError as e:
            damaged.append((pid, name, str(e)))
    return damaged


def _check_profiles(store: Store) -> tuple[list[Problem], set[int]]:
    """A damaged profile row, and the series that cannot be replayed without it."""
    problems: list[Problem] = []
    skip: set[int] = set()
    for pid, name, why in _damaged_profiles(store):
        series = sql.series_of_profile(store.conn, pid)
        skip.update(series)
        use = "uses" if len(series) == 1 else "use"
        used = f"{len(series)} series {use} it and cannot be checked until it is repaired"
        if name in BUILTIN:
            fix = "'db check --repair' rewrites it from the program's own definition"
        else:
            fix = "it is a user copy the program cannot rebuild; restore a backup ('db restore')"
        problems.append(Problem(f"rule profile {name!r} is damaged ({why}); {used}; {fix}"))
    return problems, skip


def _repair_profiles(store: Store) -> list[str]:
    """Rewrite the options of each damaged built-in profile from the program's own
    definition (what the series were created with); a user copy cannot be rebuilt."""
    done = []
    for pid, name, why in _damaged_profiles(store):
        builtin = BUILTIN.get(name)
        if builtin is None:
            continue
        sql.rewrite_profile_options(store.conn, pid, json.dumps(builtin.to_dict(), sort_keys=True))
        done.append(
            f"rule profile {name!r}: rewrote its damaged options ({why}) from the"
            f" program's own definition of {builtin.title}"
        )
    return done


def check_store(store: Store) -> tuple[CheckReport, list[_Fix]]:
    """Every check; returns the report and the derived rows a repair would rewrite."""
    conn = store.conn
    problems: list[Problem] = []
    fixes: list[_Fix] = []
    report = CheckReport(problems)
    try:
        problems += sql.integrity(conn)
        problems += sql.foreign_keys(conn)
        problems += sql.marks(conn)
        problems += sql.structure(conn)
        players = sql.player_names(conn)
        found_profiles, skip = _check_profiles(store)
        problems += found_profiles
        for sid in sql.series_ids(conn):
            if sid in skip:
                continue
            found, fix, deals = _check_series(store, sid, players)
            problems += found
            fixes += fix
            report.series += 1
            report.deals += deals
    except sqlite3.DatabaseError as e:
        if is_busy(e):
            raise explain(e, store.path or "the database", "check") from None
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        problems.append(Problem(f"the file cannot be read to the end: {first}", damage=True))
    return report, fixes


@contextmanager
def _opened(path: str | Path | None, read_only: bool) -> Iterator[Store]:
    store = Store.open(path, read_only=read_only, create=False)
    try:
        yield store
    finally:
        store.close()


def check_database(path: str | Path | None = None) -> CheckReport:
    """Check the file read-only (nothing is written, no write lock is taken)."""
    with _opened(path, read_only=True) as store:
        return check_store(store)[0]


def repair_store(store: Store) -> CheckReport:
    """Rewrite the derived rows that disagree with the sources, in one transaction,
    then check again; the report lists what was rewritten and what is left."""
    rewritten: list[str] = []
    refused = None
    with store.transaction():
        report, fixes = check_store(store)
        if any(p.damage for p in report.problems):
            refused = (
                "nothing was rewritten: the file itself is damaged; restore a backup"
                " ('db restore') or copy what can be read ('db export')"
            )
        else:
            rebuilt = _repair_profiles(store)
            if rebuilt:  # its series can be replayed and compared now
                rewritten += rebuilt
                report, fixes = check_store(store)
            differences: dict[tuple[int, int], int] = {}
            for p in report.problems:
                if p.repairable and p.series is not None and p.deal is not None:
                    key = (p.series, p.deal)
                    differences[key] = differences.get(key, 0) + 1
            by_series: dict[int, tuple[SeriesInfo, list[tuple[int, DealRow, bool]]]] = {}
            for info, deal_id, number, row, corrected in fixes:
                by_series.setdefault(info.id, (info, []))[1].append((deal_id, row, corrected))
                n = differences.get((info.id, number), 0)
                rewritten.append(
                    f"series {info.id} deal {number}: rewrote its derived rows from the"
                    f" sources ({n} difference{'s' * (n != 1)})"
                )
            for info, items in by_series.values():
                store.rewrite_derived(info, items)
            orphans = store.drop_orphan_derived()
            if orphans:
                rewritten.append(f"deleted {orphans} derived rows of deals that do not exist")
    after, _ = check_store(store)
    after.rewritten = rewritten
    after.refused = refused
    return after


def repair_database(path: str | Path | None = None) -> CheckReport:
    """Open the file for writing (its pages are checked first) and repair it."""
    with _opened(path, read_only=False) as store:
        return repair_store(store)
