"""Beginner-level self-play: legality, exceptions and speed in every profile (issue 4, item 5).

Usage:
    python benchmarks/beginner_selfplay.py [--deals 10000] [--seed 1] [--profile all]
    python benchmarks/beginner_selfplay.py --calibrate 24000 [--seed 100000]

The default mode plays ``--deals`` deals of beginner self-play in every built-in
profile, in a Schieberamsch house variant (with the Grand Hand option) and at a
4-seat table, checks that every action is in the acting seat's legal list, counts
exceptions (both must be 0), and prints deals per second and the mix of games.

``--calibrate N`` refits the logistic win-chance models of
:mod:`skat_desktop.ai.hand_eval` (needs numpy): for every hand of N random deals and
every game type it plays the game out with beginner card play, once with the skat
picked up (discard by ``best_discard``) and once as a Hand game, and fits P(win) on
the hand features (weak hands are subsampled). It prints the weight tuples to paste
into ``hand_eval.py`` and a calibration table for each model.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import random
import sys
import time
from collections import Counter

from skat_desktop.ai import hand_eval as he
from skat_desktop.ai.beginner import BeginnerPlayer
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.engine.actions import Bid, Declare, Discard, Pass, PickUp
from skat_desktop.engine.cards import POINTS, GameType, points_of
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import BUILTIN, HOUSE, ISKO, RuleProfile
from skat_desktop.engine.series import Series

SCHIEBERAMSCH = dataclasses.replace(
    HOUSE, name="schieberamsch", all_pass="schieberamsch", ramsch_grand_hand=True
)


class Checked:
    """Wraps a player; counts actions that are not in the view's legal list."""

    def __init__(self, inner: BeginnerPlayer, times: list[float]):
        self.inner = inner
        self.name = inner.name
        self.illegal = 0
        self.times = times

    def choose(self, view, cancel=None):
        t = time.perf_counter()
        a = self.inner.choose(view, cancel)
        self.times.append(time.perf_counter() - t)
        if a not in view.legal:
            self.illegal += 1
        return a

    def wants_interjection(self, view):
        a = self.inner.wants_interjection(view)
        if a is not None and a not in view.legal:
            self.illegal += 1
        return a


def run(profile: RuleProfile, deals: int, seed: int, table_size: int = 3) -> dict:
    """Play ``deals`` deals of beginner self-play; return counts and timing."""
    rng = random.Random(seed)
    times: list[float] = []
    players = [
        Checked(BeginnerPlayer(rng.randrange(2**31), careful=True), times)
        for _ in range(table_size)
    ]
    series = Series(profile, table_size)
    seeds = deal_seeds(seed)
    errors = 0
    kinds: Counter[str] = Counter()
    won = declared = 0
    t0 = time.perf_counter()
    for _ in range(deals):
        s = next(seeds)
        deal = Deal(series.next_setup(deal_from_seed(s), s))
        try:
            play_deal(deal, players)
        except Exception as e:  # counted and reported; the run goes on
            errors += 1
            if errors <= 3:
                print(f"  deal seed {s}: {type(e).__name__}: {e}", file=sys.stderr)
            series = Series(profile, table_size)
            continue
        r = deal.result
        series.record(r)
        if r.kind == "game":
            kinds[r.contract.game.label + (" hand" if r.contract.hand else "")] += 1
            declared += 1
            won += bool(r.game.won)
        else:
            kinds[r.kind] += 1
    dt = time.perf_counter() - t0
    times.sort()
    return {
        "decisions": len(times),
        "ms_mean": 1000 * sum(times) / len(times),
        "ms_p99": 1000 * times[int(0.99 * (len(times) - 1))],
        "ms_max": 1000 * times[-1],
        "deals": deals,
        "seconds": dt,
        "illegal": sum(p.illegal for p in players),
        "fallbacks": sum(p.inner.fallbacks for p in players),
        "errors": errors,
        "kinds": kinds,
        "declarer_won": won / declared if declared else 0.0,
    }


def selfplay_main(args) -> int:
    configs: list[tuple[str, RuleProfile, int]] = []
    names = list(BUILTIN) if args.profile == "all" else [args.profile]
    for name in names:
        configs.append((name, BUILTIN[name], 3))
    if args.profile == "all":
        configs.append(("schieberamsch", SCHIEBERAMSCH, 3))
        configs.append(("isko@4", ISKO, 4))
    bad = 0
    for label, profile, size in configs:
        r = run(profile, args.deals, args.seed, size)
        bad += r["illegal"] + r["errors"]
        mix = ", ".join(f"{k} {v}" for k, v in r["kinds"].most_common(6))
        print(
            f"{label:14s} {r['deals']} deals in {r['seconds']:6.2f} s "
            f"({r['deals'] / r['seconds']:6.0f} deals/s)  illegal {r['illegal']}  "
            f"exceptions {r['errors']}  fallbacks {r['fallbacks']}"
        )
        print(
            f"{'':14s} {r['decisions']} decisions: mean {r['ms_mean']:.3f} ms, "
            f"p99 {r['ms_p99']:.3f} ms, max {r['ms_max']:.2f} ms; "
            f"declarer won {100 * r['declarer_won']:.0f}%  [{mix}]"
        )
    print("OK: no illegal action, no exception" if not bad else f"FAILED: {bad} problems")
    return 1 if bad else 0


# ---------------------------------------------------------------------- calibration

_BIDS = {
    0: (Pass(1), Pass(2), Bid(0, 18)),
    1: (Bid(1, 18), Pass(0), Pass(2)),
    2: (Pass(1), Bid(2, 18), Pass(0)),
}


def _playout(cards, pos: int, g: GameType, hand_game: bool, players) -> tuple[int, int, bool]:
    """Play ``g`` with position ``pos`` as declarer; (final 10 cards, skat points, won)."""
    d = Deal(DealSetup(ISKO, cards))
    for a in _BIDS[pos]:
        d.apply(a)
    if hand_game:
        d.apply(Declare(pos, Contract(g, hand=True)))
        final, sp = cards.hands[pos], points_of(cards.skat)
    else:
        d.apply(PickUp(pos))
        c1, c2 = sorted(he.best_discard(d.hands[pos], g, ISKO))
        d.apply(Discard(pos, (c1, c2)))
        d.apply(Declare(pos, Contract(g)))
        final, sp = d.hands[pos], POINTS[c1] + POINTS[c2]
    play_deal(d, players)
    r = d.result
    won = r.declarer_tricks == 0 if g == GameType.NULL else r.declarer_points >= 61
    return final, sp, won


def _samples(start: int, count: int) -> list[tuple]:
    rng = random.Random(start)
    players = [BeginnerPlayer(i) for i in range(3)]
    rows = []
    for seed in range(start, start + count):
        cards = deal_from_seed(seed)
        for pos in range(3):
            h = cards.hands[pos]
            for g in (*he.TRUMP_GAMES, GameType.NULL):
                p = max(he.win_chance(h, g, pos, True), he.win_chance(h, g, pos, False))
                if p < 0.03 and rng.random() > 0.25:
                    continue  # subsample hopeless hands (selection on features only)
                for hand_game in (False, True):
                    final, sp, won = _playout(cards, pos, g, hand_game, players)
                    rows.append((int(g), pos, hand_game, h, final, sp, won))
    return rows


def _fit(x, y, l2: float = 1.0):
    import numpy as np

    x = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(x.shape[1])
    reg = l2 * np.eye(len(w))
    reg[0, 0] = 0.0
    for _ in range(30):  # Newton's method (IRLS) with a small ridge
        p = 1 / (1 + np.exp(-x @ w))
        h = x.T @ (x * (p * (1 - p))[:, None]) + reg
        w += np.linalg.solve(h, x.T @ (y - p) - reg @ w)
    return w


def calibrate_main(args) -> int:
    from concurrent.futures import ProcessPoolExecutor

    import numpy as np

    n = args.calibrate
    chunks = 8
    size = -(-n // chunks)
    with ProcessPoolExecutor() as pool:
        parts = pool.map(_samples, [args.seed + i * size for i in range(chunks)], [size] * chunks)
        rows = [r for part in parts for r in part]
    print(f"{len(rows)} play-outs from {n} deals")
    out = []
    for kind in ("suit", "grand", "null"):
        for model in ("pre", "final"):
            xs, ys = [], []
            for g, pos, hand_game, h, final, sp, won in rows:
                k = "null" if g == GameType.NULL else "grand" if g == GameType.GRAND else "suit"
                if k != kind or (model == "pre" and hand_game):
                    continue
                cards = h if model == "pre" else final
                if kind == "null":
                    f = he.null_features(cards, pos)
                elif kind == "grand":
                    f = he.grand_features(cards, pos)
                else:
                    f = he.suit_features(cards, g, pos)
                if model == "final" and kind != "null":
                    f = (*f, sp)
                xs.append(f)
                ys.append(won)
            x = np.array(xs, float)
            y = np.array(ys, float)
            w = _fit(x, y)
            p = 1 / (1 + np.exp(-(np.hstack([np.ones((len(x), 1)), x]) @ w)))
            print(f"{kind}-{model}: n={len(y)} won {y.mean():.3f}")
            edges = (0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
            for lo, hi in itertools.pairwise(edges):
                m = (p >= lo) & (p < hi)
                if m.sum():
                    print(
                        f"   [{lo:.1f},{hi:.1f}) n={m.sum():6d} "
                        f"predicted {p[m].mean():.3f} observed {y[m].mean():.3f}"
                    )
            weights = ", ".join(f"{v:.2f}" for v in w[1:])
            out.append(f"{kind.upper()}_{model.upper()} = ({w[0]:.2f}, ({weights}))")
    print("\n".join(out))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default="all", help="all, or one of " + ", ".join(BUILTIN))
    ap.add_argument("--calibrate", type=int, metavar="DEALS", help="refit hand_eval's models")
    args = ap.parse_args()
    if args.calibrate:
        if args.seed == 1:
            args.seed = 100_000
        return calibrate_main(args)
    return selfplay_main(args)


if __name__ == "__main__":
    sys.exit(main())
