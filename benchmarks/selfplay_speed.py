"""Random-legal self-play speed: complete deals per second on one core (issue: engine speed).

Usage: python benchmarks/selfplay_speed.py [--deals 10000] [--profile isko] [--seed 1]
Prints the wall time for the deals and the rate; add --records to include writing
the JSON game record of every deal.
"""

from __future__ import annotations

import argparse
import time

from skat_desktop.app.selfplay import selfplay
from skat_desktop.engine.profiles import builtin
from skat_desktop.engine.record import dumps, record_from_deal


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--profile", default="all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--records", action="store_true", help="also serialise every record")
    args = ap.parse_args()
    names = ["isko", "texas", "pre1999", "house"] if args.profile == "all" else [args.profile]
    for name in names:
        t0 = time.perf_counter()
        n = 0
        for deal in selfplay(builtin(name), args.deals, args.seed):
            if args.records:
                dumps(record_from_deal(deal))
            n += 1
        dt = time.perf_counter() - t0
        print(
            f"{name:8s} {n} deals in {dt:6.2f} s  ({n / dt:8.0f} deals/s, "
            f"{1000 * dt / n:.3f} ms/deal){'  with records' if args.records else ''}"
        )


if __name__ == "__main__":
    main()
