"""Double-dummy solver speed on a fixed set of typical seeded deals (opening lead, 10 tricks).

Usage: python benchmarks/solver_speed.py [--deals 200] [--engine c|python] [--compare N]
Prints median, p90, p99, max time and nodes/s per game kind and query; --compare N also
solves the first N positions of each set with both engines and checks the results agree.
"""

from __future__ import annotations

import argparse
import statistics
import time

from skat_desktop.ai.positions import benchmark_set
from skat_desktop.ai.solver import HAVE_FAST_PATH, solve


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(kind: str, query: str, positions, engine: str) -> None:
    times, nodes = [], 0
    t0 = time.perf_counter()
    for p in positions:
        s = solve(p, query, engine)
        times.append(s.ms)
        nodes += s.nodes
    wall = time.perf_counter() - t0
    print(
        f"{kind:5s} {query:5s} n={len(times):4d}  median {statistics.median(times):8.2f} ms"
        f"  p90 {pct(times, 0.9):8.2f}  p99 {pct(times, 0.99):8.2f}  max {max(times):8.2f} ms"
        f"  {nodes / wall / 1e6:6.2f} M nodes/s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--engine", default="c" if HAVE_FAST_PATH else "python")
    ap.add_argument("--compare", type=int, default=0)
    args = ap.parse_args()
    print(f"engine: {args.engine} (compiled fast path installed: {HAVE_FAST_PATH})")
    for kind, queries in (
        ("suit", ("value", "win")),
        ("grand", ("value", "win")),
        ("null", ("value",)),
    ):
        positions = benchmark_set(args.deals, kind)
        for q in queries:
            run(kind, q, positions, args.engine)
        if args.compare:
            same = 0
            for p in positions[: args.compare]:
                for q in queries:
                    a, b = solve(p, q, "c"), solve(p, q, "python")
                    same += (a.value, a.declarer_wins, a.best) == (b.value, b.declarer_wins, b.best)
            print(f"  c == python on {same} of {args.compare * len(queries)} answers")


if __name__ == "__main__":
    main()
