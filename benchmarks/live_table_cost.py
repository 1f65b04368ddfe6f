"""What keeping the live table costs per move (issue 23, item 3).

    python benchmarks/live_table_cost.py [--deals 6] [--seed 1] [--dir FOLDER]

A table with a store saves its snapshot (seeds, seats, the moves of the deal in
progress) after every change, in a transaction of its own with ``synchronous=FULL``,
or with the finished deal it follows. This plays ``--deals`` deals at a synchronous
table (beginner players, house rules, table of 3) into a new database in ``--dir``
and prints, per move: the time to build the snapshot (what the GUI thread pays with
``write_later``), the time of the write alone (what the writer thread pays), and the
snapshot's size; then the time of the same moves without a live table, and of
:meth:`TableController.resume` at the end of a deal. The folder matters: a tmpfs
flushes nothing, so use ``--dir`` on the disk the real database lives on. Prints
figures only; no goals are asserted.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import skat_desktop.app.table as table_mod
from skat_desktop.app.table import ComputerTurn, DealOver, SeatSpec, SeriesOver, TableController
from skat_desktop.engine.profiles import HOUSE
from skat_desktop.store.repository import Store

SEATS = [SeatSpec.computer("beginner") for _ in range(3)]


def p95(values: list[float]) -> float:
    return (
        statistics.quantiles(values, n=20, method="inclusive")[-1]
        if len(values) >= 2
        else values[0]
    )


def line(label: str, values: list[float], unit: str = "ms") -> str:
    return (
        f"{label:<34} median {statistics.median(values):8.3f} {unit}   p95 {p95(values):8.3f}"
        f" {unit}   max {max(values):8.3f} {unit}   (n={len(values)})"
    )


def play(ctl: TableController) -> list[float]:
    """Drive the table to its end; ms per move (thinking excluded)."""
    times = []
    while not isinstance(need := ctl.request(), SeriesOver):
        if isinstance(need, DealOver):
            ctl.start_deal()
            continue
        assert isinstance(need, ComputerTurn)
        result = ctl.think(need)
        t0 = time.perf_counter()
        ctl.submit(result)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="live-cost-", dir=args.dir))
    try:
        writes: list[float] = []  # the snapshot alone: one transaction
        with_deal: list[float] = []  # a finished deal and the deletion or snapshot with it
        builds: list[float] = []
        sizes: list[int] = []
        real_write = table_mod._write_in_order
        real_due = TableController._live_due

        def timed_write(store, series_id, deals, live, service=None):
            t0 = time.perf_counter()
            out = real_write(store, series_id, deals, live, service)
            (with_deal if deals else writes).append((time.perf_counter() - t0) * 1000)
            return out

        def timed_due(self):
            t0 = time.perf_counter()
            out = real_due(self)
            if out is not None and out.state is not None:
                builds.append((time.perf_counter() - t0) * 1000)
                sizes.append(len(out.state.encode()))
            return out

        table_mod._write_in_order = timed_write
        TableController._live_due = timed_due
        store = Store.open(folder / "live.sqlite3")
        ctl = TableController(HOUSE, SEATS, seed=args.seed, store=store, deals_planned=args.deals)
        with_live = play(ctl)
        table_mod._write_in_order = real_write
        TableController._live_due = real_due

        plain = Store.open(folder / "plain.sqlite3")
        ctl = TableController(
            HOUSE, SEATS, seed=args.seed, store=plain, deals_planned=args.deals, keep_live=False
        )
        without = play(ctl)

        # resume: a table saved in the middle of its last deal
        store2 = Store.open(folder / "resume.sqlite3")
        ctl = TableController(HOUSE, SEATS, seed=args.seed, store=store2, deals_planned=args.deals)
        while len(ctl.entries) < args.deals - 1 or len(ctl.actions) < 20:
            need = ctl.request()
            if isinstance(need, DealOver):
                ctl.start_deal()
            else:
                ctl.submit(ctl.think(need))
        (row,) = store2.live_tables()
        resumes = []
        for _ in range(5):
            t0 = time.perf_counter()
            TableController.resume(store2, row.id)
            resumes.append((time.perf_counter() - t0) * 1000)

        print(f"database folder: {folder} ({args.deals} deals, house rules, 3 beginners)")
        print(line("snapshot alone, one transaction", writes))
        print(line("finished deal + snapshot/deletion", with_deal))
        print(line("building the snapshot (JSON)", builds))
        print(line("snapshot size", [float(s) for s in sizes], "B "))
        print(line("a move with the live table", with_live))
        print(line("a move without it", without))
        print(line(f"resume ({args.deals - 1} deals + 20 moves)", resumes))
        for s in (store, plain, store2):
            s.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
