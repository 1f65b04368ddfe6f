"""The strength ladder: duplicate arena matches between neighbouring player levels.

Usage: python benchmarks/arena_ladder.py [--deals 200] [--seed 1] [--profile isko]
       [--workers N] [--pair beginner random --pair standard beginner] [--contracts fixed]
       [--against C]

Without --pair it plays every step of the ladder registered in
``skat_desktop.ai.levels.levels()`` (weakest first): beginner vs random, standard vs
beginner, expert vs standard... and, as a calibration, random vs random#2 (the same level
with its own random numbers: its interval should contain 0). --deals takes one count or
one per pair (comma-separated). A pair may name a level with changed settings, e.g.
--pair 'standard(exact_cards=7)' beginner --contracts fixed (card play only, the
beginner's contracts: the quickest way to measure a card-play change). For each pair it
prints the mean difference in TP per game (A - B) with the paired 95% interval, both
sides' TP/G and the wall time.

--against C measures each pair A B through a common opponent instead: A vs C and B vs C
on the same deals (the same seeds for C), then the per-deal difference of the two
results with its paired 95% interval. For a change of the standard's bidding it was
much sharper than A vs B directly (per-deal sd 5-13 TP/G through the beginner, 29 head
to head, at about the same time), and it measures what the ladder step measures: the
result against C.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from itertools import pairwise

from skat_desktop.ai.levels import levels
from skat_desktop.app.arena import MatchConfig, paired_ci, run_match


def ladder_pairs() -> list[tuple[str, str]]:
    names = list(levels())
    pairs = [("random", "random#2")] if "random" in names else []
    pairs += [(stronger, weaker) for weaker, stronger in pairwise(names)]
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", default="200", help="deals per pair: N or N1,N2,...")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default="isko")
    ap.add_argument("--workers", type=int, default=None, help="default: all cores")
    ap.add_argument(
        "--pair",
        nargs=2,
        action="append",
        metavar=("A", "B"),
        help="a pair to play, repeatable (default: the ladder of registered levels)",
    )
    ap.add_argument("--contracts", choices=("free", "fixed"), default="free")
    ap.add_argument("--json", action="store_true", help="one JSON line per pair")
    ap.add_argument(
        "--against",
        metavar="C",
        help="measure each pair A B by A vs C and B vs C on the same deals (see above)",
    )
    args = ap.parse_args()
    if args.against and not args.pair:
        ap.error("--against needs at least one --pair")

    pairs = [(a, b) for a, b in args.pair] if args.pair else ladder_pairs()
    counts = [int(n) for n in args.deals.split(",")]
    if len(counts) == 1:
        counts *= len(pairs)
    if len(counts) != len(pairs):
        ap.error(f"--deals needs one count or {len(pairs)} counts")
    workers = args.workers or os.cpu_count() or 1
    print(
        f"profile {args.profile}, seed {args.seed}, contracts {args.contracts}, "
        f"{workers} worker(s), levels {', '.join(levels())}"
    )
    for (a, b), deals in zip(pairs, counts, strict=True):
        if args.against:
            through(a, b, args.against, deals, args, workers)
            continue
        t0 = time.perf_counter()
        result = run_match(match_config(a, b, deals, args), workers=workers)
        seconds = time.perf_counter() - t0
        ci = result.ci
        if args.json:
            print(json.dumps({**result.to_dict(), "seconds": round(seconds, 2)}))
            continue
        sa, sb = result.sides["A"], result.sides["B"]
        interval = "no interval" if ci.low is None else f"95% CI [{ci.low:+7.2f}, {ci.high:+7.2f}]"
        half = f"± {ci.half_width:5.2f}" if ci.half_width is not None else ""
        print(
            f"{a:>10} vs {b:<10} {len(result.diffs):5d} deals ({result.tables} games): "
            f"diff {ci.mean:+7.2f} {half} TP/G  {interval}  "
            f"TP/G {sa.tp_per_game:+7.2f} / {sb.tp_per_game:+7.2f}  "
            f"{seconds:7.1f} s ({1000 * seconds / max(1, result.tables):.1f} ms/game)"
        )
        if result.error is not None:
            print(f"  stopped: {result.error_message}")


def match_config(a: str, b: str, deals: int, args: argparse.Namespace) -> MatchConfig:
    """The match of A against B with the command line's seed, profile and contracts."""
    return MatchConfig(
        a, b, deals=deals, seed=args.seed, profile=args.profile, contracts=args.contracts
    )


def through(a: str, b: str, c: str, deals: int, args: argparse.Namespace, workers: int) -> None:
    """A vs C and B vs C on the same deals, and the paired difference of the two; a
    failed first match stops before the second is played."""
    t0 = time.perf_counter()
    results = []
    for kind in (a, b):
        results.append(run_match(match_config(kind, c, deals, args), workers=workers))
        if results[-1].error is not None:
            print(f"  stopped: {results[-1].error_message}")
            return
    seconds = time.perf_counter() - t0
    ra, rb = results
    ci = paired_ci([x - y for x, y in zip(ra.diffs, rb.diffs, strict=True)])
    if args.json:
        print(
            json.dumps(
                {
                    "a": a,
                    "b": b,
                    "against": c,
                    "deals": ci.n,
                    "a_vs_c": ra.ci.mean,
                    "b_vs_c": rb.ci.mean,
                    "diff": {"mean": ci.mean, "ci95": [ci.low, ci.high], "sd": ci.sd},
                    "seconds": round(seconds, 2),
                }
            )
        )
        return
    interval = "no interval" if ci.low is None else f"95% CI [{ci.low:+.2f}, {ci.high:+.2f}]"
    print(
        f"{a:>10} vs {b:<10} through {c}: {ci.n} deals, {a} - {c} {ra.ci.mean:+.2f}, "
        f"{b} - {c} {rb.ci.mean:+.2f} TP/G: diff {ci.mean:+.2f} TP/G  "
        f"{interval} (sd {ci.sd:.1f})  {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
