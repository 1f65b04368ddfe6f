"""Where a duplicate match's difference comes from (issue 4: finding what to improve).

Usage: python benchmarks/arena_breakdown.py --a standard --b beginner [--deals 200]
       [--seed 1] [--profile isko] [--workers N] [--save FILE] [--json]

Plays the match as ``skat-desktop arena`` does and splits A - B (TP per game) into
what happened at the tables:

* by declarer: which side declared, which game type, won or lost;
* by hand: for every deal and table position, what A did in the three seatings where
  A held those cards against what B did in its three ("WWW" declared and won thrice,
  "pass" never declared there). "A WWW / B pass" is a hand A plays and B does not;
  "A LLL / B pass" one A should have passed;
* hands that both sides declared and won every time, but for a different score (the
  game chosen, Hand or not): the first few, with the contracts.

Both splits add up to the match's mean difference. Reading its lists found two declaring
mistakes of the standard level (a Null Ouvert bid on but never declared, a sure Grand
left out of the games weighed); ``--save`` keeps every game record (JSON lines) for
further questions.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from skat_desktop.app.arena import (
    SEAT_GAMES_PER_SIDE,
    ArenaError,
    MatchConfig,
    a_minus_b,
    run_match,
)


def by_declarer(deals: list[dict[str, Any]]) -> dict[str, tuple[int, float]]:
    """``"A suit won"`` etc. -> (tables, contribution in TP/G); "passed in" adds 0."""
    out: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    scale = SEAT_GAMES_PER_SIDE * len(deals)
    for deal in deals:
        for g in deal["games"]:
            if g["kind"] == "game":
                side = g["seating"][g["declarer"]]
                key = f"{side} {g['game']} {'won' if g['won'] else 'lost'}"
            else:
                key = g["kind"]  # passed in, Ramsch
            out[key][0] += 1
            out[key][1] += a_minus_b(g) / scale
    return {k: (int(n), c) for k, (n, c) in out.items()}


def _pattern(games: list[dict[str, Any]], pos: int) -> str:
    marks = "".join(sorted("W" if g["won"] else "L" for g in games if _declared_at(g, pos)))
    return marks or "pass"


def _declared_at(game: dict[str, Any], pos: int) -> bool:
    return game["kind"] == "game" and game["declarer"] == pos


def _seated(deal: dict[str, Any], pos: int) -> dict[str, list[dict[str, Any]]]:
    """A deal's games by the side that held the cards of position ``pos``."""
    return {s: [g for g in deal["games"] if g["seating"][pos] == s] for s in "AB"}


def by_hand(deals: list[dict[str, Any]]) -> dict[tuple[str, str], tuple[int, float]]:
    """(A's pattern, B's pattern) at one deal's position -> (positions, contribution in
    TP/G of the games declared from there). Tables passed in or in Ramsch add 0."""
    out: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    scale = SEAT_GAMES_PER_SIDE * len(deals)
    for deal in deals:
        for pos in range(3):
            sides = _seated(deal, pos)
            key = (_pattern(sides["A"], pos), _pattern(sides["B"], pos))
            out[key][0] += 1
            out[key][1] += sum(a_minus_b(g) for g in deal["games"] if _declared_at(g, pos)) / scale
    return {k: (int(n), c) for k, (n, c) in out.items()}


def other_games(deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Positions both sides declared and won in all three seatings, for other scores."""
    out = []
    for deal in deals:
        for pos in range(3):
            mine = _seated(deal, pos)
            if not all(
                len(v) == 3 and all(_declared_at(g, pos) and g["won"] for g in v)
                for v in mine.values()
            ):
                continue
            scores = {s: sum(g["scores"][pos] for g in v) for s, v in mine.items()}
            if scores["A"] != scores["B"]:
                out.append(
                    {
                        "deal": deal["deal"],
                        "position": pos,
                        "A": [g["contract"] for g in mine["A"]],
                        "B": [g["contract"] for g in mine["B"]],
                        "score_a_minus_b": scores["A"] - scores["B"],
                    }
                )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", default="isko")
    ap.add_argument("--workers", type=int, default=None, help="default: all cores")
    ap.add_argument("--save", help="write every deal's game records here (JSON lines)")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of text")
    args = ap.parse_args()
    deals: list[dict[str, Any]] = []
    config = MatchConfig(args.a, args.b, args.deals, args.seed, args.profile)
    try:
        result = run_match(config, workers=args.workers, on_deal=deals.append)
    except ArenaError as e:
        raise SystemExit(f"arena_breakdown: {e}") from None
    if result.error is not None:
        raise SystemExit(f"arena_breakdown: {result.error_message}")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(d) + "\n" for d in deals)
    declarer, hands, others = by_declarer(deals), by_hand(deals), other_games(deals)
    if args.json:
        print(
            json.dumps(
                {
                    "mean": result.ci.mean,
                    "by_declarer": declarer,
                    "by_hand": [[a, b, n, c] for (a, b), (n, c) in hands.items()],
                    "other_games": others,
                }
            )
        )
        return
    ci = result.ci
    interval = "no interval" if ci.low is None else f"[{ci.low:+.2f}, {ci.high:+.2f}]"
    print(
        f"{args.a} - {args.b}: {ci.mean:+.2f} TP/G {interval}, {len(deals)} deals, seed {args.seed}"
    )
    print("\nby declarer                 tables   TP/G")
    for key, (n, c) in sorted(declarer.items(), key=lambda kv: kv[1][1]):
        print(f"  {key:24s} {n:6d} {c:+7.2f}")
    print("\nby hand (A's three seatings / B's)  positions   TP/G")
    for (a, b), (n, c) in sorted(hands.items(), key=lambda kv: kv[1][1]):
        if a != "pass" or b != "pass":
            print(f"  A {a:5s} / B {b:5s} {n:20d} {c:+7.2f}")
    print(f"\nboth won every time, other score ({len(others)} positions), first 10:")
    for o in others[:10]:
        print(
            f"  deal {o['deal']} position {o['position']}: A {', '.join(o['A'])}; "
            f"B {', '.join(o['B'])} (A - B {o['score_a_minus_b']:+d})"
        )


if __name__ == "__main__":
    main()
