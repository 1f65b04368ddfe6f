"""Thinking time of a computer level per decision (issue 4, item 3).

Usage: python benchmarks/player_speed.py [--level standard] [--deals 12] [--seed 1]
[--threads N]

Plays ``--deals`` isko deals with three players of the level and times every call of
``choose``: cards (p50, p95, max) and, per seat and deal, the bidding and declaration
decisions added up (bids, holds, passes, skat, discard, declaration: p50, p95, max).
Also counts illegal actions and exceptions (both must be 0) and the decisions the
safety cap stopped (should be 0). The levels search a fixed number of solver nodes
(issue 27): a loaded machine plays the same moves, only slower, so wall-clock figures
taken under load are pessimistic; the CPU time (all threads of the process) hardly
depends on the load: on an idle machine a decision takes about its CPU time divided by
the solver threads. ``--threads``: solve on that many threads (the GUI uses up to four,
an arena worker one).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time
from collections import defaultdict

from skat_desktop.ai import pimc
from skat_desktop.ai.levels import make_player
from skat_desktop.app.selfplay import deal_seeds
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=None, help="solver threads (1 to 4)")
    args = ap.parse_args()
    if args.threads is not None:
        pimc.set_threads(args.threads)
    capped: list[logging.LogRecord] = []
    cap_log = logging.getLogger("skat_desktop.ai")
    cap_log.addHandler(_Collect(capped))
    cap_log.propagate = False
    cards: list[tuple[float, float]] = []  # (wall, CPU) seconds per decision
    declaring: list[tuple[float, float]] = []
    illegal = errors = 0
    seeds = deal_seeds(args.seed)
    for n in range(args.deals):
        seed = next(seeds)
        setup = DealSetup(ISKO, deal_from_seed(seed), seed=seed, dealer=n % 3)
        deal = Deal(setup)
        players = [make_player(args.level, seed + i) for i in range(3)]
        before_play: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
        while not deal.finished:
            seat = setup.seats[deal.to_move]
            view = deal.view(seat)
            t, cpu = time.perf_counter(), time.process_time()
            try:
                action = players[seat].choose(view)
            except Exception as e:  # counted: must stay 0
                errors += 1
                print(f"deal {n}: {type(e).__name__}: {e}")
                break
            dt, dcpu = time.perf_counter() - t, time.process_time() - cpu
            if view.phase == "play":
                cards.append((dt, dcpu))
            else:
                before_play[seat][0] += dt
                before_play[seat][1] += dcpu
            if action not in view.legal:
                illegal += 1
                print(f"deal {n}: illegal {action!r}")
                break
            deal.apply(action)
        declaring.extend((wall, cpu) for wall, cpu in before_play.values())
    print(
        f"level {args.level}: {args.deals} deals, {len(cards)} card decisions, "
        f"{pimc.threads()} solver thread(s)"
    )
    for name, pairs in (("card", cards), ("bidding + declaration per seat", declaring)):
        for clock, xs in (("wall", [w for w, _ in pairs]), ("CPU", [c for _, c in pairs])):
            if xs:
                print(
                    f"  {name:32s} {clock:4s} p50 {statistics.median(xs):6.3f} s"
                    f"  p95 {pct(xs, 0.95):6.3f} s  max {max(xs):6.3f} s"
                )
    print(
        f"  illegal actions {illegal}, exceptions {errors}, stopped by the safety cap {len(capped)}"
    )
    for record in capped:
        print(f"  {record.getMessage()}")


class _Collect(logging.Handler):
    """Keeps the safety cap's log lines to count them."""

    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.WARNING)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


if __name__ == "__main__":
    main()
