"""Speed of the store with a club's years of history: 100,000 deals played by self-play.

    python benchmarks/store_speed.py [--deals 100000] [--rebuild] [--db PATH]

Builds the database once (random players; series of 48 deals at tables of 3 and 4, 30 players
rotating through them, dates spread over a year, profiles isko and house; every deal stored
through ``SeriesService.record_played``, one transaction each) and caches it under the temp
directory; later runs reuse it unless ``--rebuild`` is given. Then it measures:

* storing a finished deal (``record_played``), median and p95, on a scratch copy of the
  database so the cached one keeps exactly its deals;
* the full statistics page of one player and the season ranking of all players (median of
  ``--runs`` runs, first run shown too);
* the database size.

Goals (issue 3, item 9): < 5 ms per stored deal, < 200 ms each for statistics and ranking.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from skat_desktop.app.selfplay import selfplay
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.statistics import (
    StatsFilter,
    player_statistics,
    season_ranking,
)
from skat_desktop.engine.profiles import HOUSE, ISKO
from skat_desktop.store.repository import Store

PLAYERS = 30
SERIES_LENGTH = 48
YEAR_START = date(2025, 1, 1)
GOAL_STORE_MS = 5.0
GOAL_QUERY_MS = 200.0


def default_db(deals: int) -> Path:
    return Path(tempfile.gettempdir()) / "skat-desktop-bench" / f"store-{deals}.sqlite3"


def new_series(
    store: Store, rng: random.Random, ids: list[int], i: int, n_series: int, length: int
):
    size = rng.choice((3, 4))
    profile = ISKO if rng.random() < 0.5 else HOUSE
    day = YEAR_START + timedelta(days=i * 365 // max(n_series, 1))
    table = rng.sample(ids, size)
    sid = store.create_series(
        f"Series {i + 1}", day.isoformat(), table, profile, planned_deals=length, place="Club"
    )
    return SeriesService(store, sid)


def build(path: Path, deals: int, seed: int) -> None:
    """Fill a new database with ``deals`` self-played deals, one ``record_played`` each."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".building")
    for suffix in ("", "-wal", "-shm"):
        Path(str(tmp) + suffix).unlink(missing_ok=True)
    store = Store.open(tmp)
    rng = random.Random(seed)
    ids = [store.add_player(f"Player {k + 1:02d}") for k in range(PLAYERS)]
    n_series = -(-deals // SERIES_LENGTH)
    stored = 0
    t0 = time.perf_counter()
    for i in range(n_series):
        length = min(SERIES_LENGTH, deals - stored)
        svc = new_series(store, rng, ids, i, n_series, length)
        # play and store deal by deal, as a table does
        info = svc.info
        for deal in selfplay(info.profile, length, rng.getrandbits(62), info.table_size):
            svc.record_played(deal)
        stored += length
        if (i + 1) % 100 == 0 or stored == deals:
            rate = stored / (time.perf_counter() - t0)
            print(f"  built {stored:,} of {deals:,} deals ({rate:,.0f} deals/s)", file=sys.stderr)
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    tmp.rename(path)


def ms(seconds: float) -> float:
    return seconds * 1000.0


def timed(fn, runs: int) -> tuple[float, float, object]:
    """(first run ms, median ms, result)."""
    times = []
    result = None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return ms(times[0]), ms(statistics.median(times)), result


def measure_store(path: Path, n: int, seed: int) -> list[float]:
    """Store ``n`` more deals into a scratch copy of the database; ms per ``record_played``."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "scratch.sqlite3"
        shutil.copyfile(path, copy)
        store = Store.open(copy)
        rng = random.Random(seed)
        ids = [r["id"] for r in store.players()][:PLAYERS]
        times: list[float] = []
        i = 0
        while len(times) < n:
            svc = new_series(store, rng, ids, i, 1, SERIES_LENGTH)
            count = min(SERIES_LENGTH, n - len(times))
            # play the deals first: only storing is timed
            info = svc.info
            played = list(selfplay(info.profile, count, rng.getrandbits(62), info.table_size))
            for deal in played:
                t0 = time.perf_counter()
                svc.record_played(deal)
                times.append(ms(time.perf_counter() - t0))
            i += 1
        store.close()
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--db", type=Path, default=None, help="database file (cached)")
    ap.add_argument("--rebuild", action="store_true", help="build the database anew")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--store-sample", type=int, default=2000, help="deals timed when storing")
    args = ap.parse_args(argv)

    path = args.db or default_db(args.deals)
    if args.rebuild or not path.exists():
        print(f"building {path} with {args.deals:,} self-played deals ...", file=sys.stderr)
        t0 = time.perf_counter()
        build(path, args.deals, args.seed)
        print(f"built in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    else:
        print(f"reusing {path} (--rebuild to build it anew)", file=sys.stderr)

    t0 = time.perf_counter()
    store = Store.open(path)
    open_ms = ms(time.perf_counter() - t0)
    n_deals = store.conn.execute("SELECT COUNT(*) FROM deals").fetchone()[0]
    n_series = store.conn.execute("SELECT COUNT(*) FROM series").fetchone()[0]
    n_players = store.conn.execute("SELECT COUNT(*) FROM players").fetchone()[0]
    size_mb = path.stat().st_size / 1e6

    # the player with the most deals: the heaviest statistics page
    pid = store.conn.execute(
        "SELECT player_id FROM deal_scores GROUP BY player_id ORDER BY COUNT(*) DESC LIMIT 1"
    ).fetchone()[0]
    stats_first, stats_med, stats = timed(
        lambda: player_statistics(store, pid, StatsFilter()), args.runs
    )
    # ... and a filtered one: isko only, eight months, with his most frequent opponent
    opponent = store.conn.execute(
        "SELECT o.player_id FROM series_seats me JOIN series_seats o"
        " ON o.series_id = me.series_id AND o.player_id != me.player_id"
        " WHERE me.player_id = ? GROUP BY o.player_id ORDER BY COUNT(*) DESC LIMIT 1",
        (pid,),
    ).fetchone()[0]
    flt = StatsFilter(
        profile="isko", date_from="2025-03-01", date_to="2025-10-31", opponents=(opponent,)
    )
    fstats_first, fstats_med, fstats = timed(lambda: player_statistics(store, pid, flt), args.runs)
    rank_first, rank_med, ranking = timed(lambda: season_ranking(store, StatsFilter()), args.runs)
    # the other rating methods read deal_results as well (no goal set for them)
    others = {
        method: timed(lambda m=method: season_ranking(store, StatsFilter(), method=m), args.runs)
        for method in ("texas_match_points", "pre1999_rating")
    }
    store.close()

    store_times = measure_store(path, args.store_sample, args.seed + 1)
    store_med = statistics.median(store_times)
    store_p95 = statistics.quantiles(store_times, n=20)[-1]

    def verdict(value: float, goal: float) -> str:
        return "ok" if value < goal else "MISSED"

    print(f"database: {path}")
    print(f"  {n_deals:,} deals in {n_series:,} series, {n_players} players, {size_mb:,.1f} MB")
    print(f"  open (checks + migrations): {open_ms:8.1f} ms")
    print(
        f"store a finished deal ({len(store_times):,} deals): median {store_med:.2f} ms,"
        f" p95 {store_p95:.2f} ms  [{verdict(store_p95, GOAL_STORE_MS)} < {GOAL_STORE_MS} ms]"
    )
    print(
        f"statistics page, player {pid} ({stats.deals:,} deals, {stats.series} series):"
        f" median {stats_med:.1f} ms (first {stats_first:.1f} ms)"
        f"  [{verdict(stats_med, GOAL_QUERY_MS)} < {GOAL_QUERY_MS:.0f} ms]"
    )
    print(
        f"statistics page, filtered (profile, dates, opponent; {fstats.deals:,} deals):"
        f" median {fstats_med:.1f} ms (first {fstats_first:.1f} ms)"
        f"  [{verdict(fstats_med, GOAL_QUERY_MS)} < {GOAL_QUERY_MS:.0f} ms]"
    )
    print(
        f"season ranking, {len(ranking)} players, Seeger-Fabian:"
        f" median {rank_med:.1f} ms (first {rank_first:.1f} ms)"
        f"  [{verdict(rank_med, GOAL_QUERY_MS)} < {GOAL_QUERY_MS:.0f} ms]"
    )
    for method, (first, med, _) in others.items():
        print(
            f"season ranking, {method} (informational): median {med:.1f} ms (first {first:.1f} ms)"
        )
    ok = store_p95 < GOAL_STORE_MS and max(stats_med, rank_med) < GOAL_QUERY_MS
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
