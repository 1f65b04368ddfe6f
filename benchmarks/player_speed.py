"""Thinking time of a computer level per decision (issue 4, item 3).

Usage: python benchmarks/player_speed.py [--level standard] [--deals 12] [--seed 1]

Plays ``--deals`` isko deals with three players of the level and times every call of
``choose``: cards (p50, p95, max) and, per seat and deal, the bidding and declaration
decisions added up (bids, holds, passes, skat, discard, declaration: p50, p95, max).
Also counts illegal actions and exceptions (both must be 0). Run it on an otherwise
idle machine: the levels stop at a time budget, so a loaded machine only plays weaker.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

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
    args = ap.parse_args()
    cards: list[float] = []
    declaring: list[float] = []
    illegal = errors = 0
    seeds = deal_seeds(args.seed)
    for n in range(args.deals):
        seed = next(seeds)
        setup = DealSetup(ISKO, deal_from_seed(seed), seed=seed, dealer=n % 3)
        deal = Deal(setup)
        players = [make_player(args.level, seed + i) for i in range(3)]
        before_play: dict[int, float] = defaultdict(float)
        while not deal.finished:
            seat = setup.seats[deal.to_move]
            view = deal.view(seat)
            t = time.perf_counter()
            try:
                action = players[seat].choose(view)
            except Exception as e:  # counted: must stay 0
                errors += 1
                print(f"deal {n}: {type(e).__name__}: {e}")
                break
            dt = time.perf_counter() - t
            if view.phase == "play":
                cards.append(dt)
            else:
                before_play[seat] += dt
            if action not in view.legal:
                illegal += 1
                print(f"deal {n}: illegal {action!r}")
                break
            deal.apply(action)
        declaring.extend(before_play.values())
    print(f"level {args.level}: {args.deals} deals, {len(cards)} card decisions")
    for name, xs in (("card", cards), ("bidding + declaration per seat", declaring)):
        if xs:
            print(
                f"  {name:32s} p50 {statistics.median(xs):6.3f} s  p95 {pct(xs, 0.95):6.3f} s"
                f"  max {max(xs):6.3f} s"
            )
    print(f"  illegal actions {illegal}, exceptions {errors}")


if __name__ == "__main__":
    main()
