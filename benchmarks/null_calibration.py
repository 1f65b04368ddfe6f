"""How often a level's Nulls are won at the table, by whether they win double-dummy.

Usage: python benchmarks/null_calibration.py [--level standard] [--against beginner]
       [--deals 3000] [--seed 11] [--min-chance 0.3] [--by rules|suits]
       [--discard rules|suits|level]
       [--rows FILE]

Double-dummy the defenders of a Null see the declarer's hand and lead to his one weak
card; at the table they must find it. So the simulation's double-dummy share of a Null
says less about the table than it does in a trump game (``pimc.Strength.null_edge``).
For each of ``--deals`` isko deals this takes forehand's ten cards and the skat, puts
down the rules' best Null discard and, when the rules give that Null at least
``--min-chance``, solves it double-dummy from the first lead and plays it with
``--level`` declaring against ``--against`` at the other two positions. It prints, per
band of the rules' chance, how many Nulls were won at the table, of those lost and of
those won double-dummy.

``--discard suits`` plays the same deals with the discard of
:func:`null_suits.best_discard` (the rules' chance still chooses the deals); ``--discard
level`` lets the level pick up, discard and declare itself and plays the deals on which
it declares a plain Null (its own choice at the bid of 18); ``--by
suits`` bands by :func:`null_suits.safe_chance` (every suit played out exactly) instead
of the rules' chance; ``--rows`` writes one JSON line per Null (deal seed, both
chances, double-dummy and table result) for fitting.
"""

from __future__ import annotations

import argparse
import json

from skat_desktop.ai import hand_eval as he
from skat_desktop.ai import null_suits
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import set_threads
from skat_desktop.ai.solver import Position, solve
from skat_desktop.app.arena import DEALER, match_deal_seeds
from skat_desktop.app.selfplay import play_deal
from skat_desktop.engine.actions import Bid, Declare, Discard, Hold, Pass, PickUp
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup, Phase
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO

BANDS = ((0.0, 0.3), (0.3, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01))


def nulls(level: str, against: str, deals: int, seed: int, min_chance: float, discard: str):
    """(the rules' chance, the suits' safe chance, won double-dummy, won at the table, the
    deal's seed, the discard) of each Null played."""
    for deal_seed in match_deal_seeds(seed, deals):
        dealt = deal_from_seed(deal_seed)
        hand12 = dealt.hands[0] | dealt.skat
        d1, d2 = he.best_discard(hand12, GameType.NULL, ISKO)
        final = hand12 & ~((1 << d1) | (1 << d2))
        chance = he.win_chance(final, GameType.NULL, 0, pre=False, skat_points=0)
        if chance < min_chance:
            continue
        if discard == "suits":  # the same deals, the safest discard by every suit's play
            d1, d2 = null_suits.best_discard(hand12)
        setup = DealSetup(ISKO, dealt, deal_seed, dealer=DEALER)
        deal = Deal(setup)
        while deal.phase == Phase.BIDDING:  # forehand gets the game at the lowest bid
            p = deal.to_move
            legal = deal.view(setup.seats[p]).legal
            wanted = (Bid, Hold) if p == 0 else (Pass,)
            deal.apply(next(a for a in legal if type(a) in wanted))
        deal.apply(PickUp(0))
        players = [make_player(level if p == 0 else against, deal_seed * 3 + p) for p in range(3)]
        if discard == "level":  # the level's own discard, on the deals it declares Null
            put = players[0].choose(deal.view(setup.seats[0]))
            deal.apply(put)
            said = players[0].choose(deal.view(setup.seats[0]))
            if type(said) is not Declare or said.contract != Contract(GameType.NULL):
                continue
            d1, d2 = put.cards
        else:
            deal.apply(Discard(0, (d1, d2)))
            said = Declare(0, Contract(GameType.NULL))
        final = hand12 & ~((1 << d1) | (1 << d2))
        if discard != "rules":
            chance = he.win_chance(final, GameType.NULL, 0, pre=False, skat_points=0)
        hands = (final, dealt.hands[1], dealt.hands[2])
        dd = solve(Position(GameType.NULL, 0, hands, (), 0, 0, 0), "win", answer_cards=False)
        deal.apply(said)
        play_deal(deal, players)
        safe = null_suits.safe_chance(final, (1 << d1) | (1 << d2))
        yield chance, safe, bool(dd.declarer_wins), bool(deal.result.won), deal_seed, (d1, d2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--against", default="beginner")
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--min-chance", type=float, default=0.3)
    ap.add_argument("--by", choices=("rules", "suits"), default="rules")
    ap.add_argument("--discard", choices=("rules", "suits", "level"), default="rules")
    ap.add_argument("--rows", metavar="FILE", help="also write one JSON line per Null")
    args = ap.parse_args()
    set_threads(1)
    # per band: [Nulls, won], [lost double-dummy, of them won], [won double-dummy, won]
    tally = {lo: [[0, 0], [0, 0], [0, 0]] for lo, _ in BANDS}
    out = open(args.rows, "w") if args.rows else None  # noqa: SIM115 (closed below)
    played = nulls(args.level, args.against, args.deals, args.seed, args.min_chance, args.discard)
    for chance, safe, dd, won, deal_seed, put in played:
        if out:
            record = {"deal_seed": deal_seed, "rules": chance, "suits": safe, "dd": dd, "won": won}
            record["discard"] = put
            out.write(json.dumps(record) + "\n")
            out.flush()
        key = chance if args.by == "rules" else safe
        lo = next((lo for lo, hi in BANDS if lo <= key < hi), None)
        if lo is None:
            continue
        for row in (tally[lo][0], tally[lo][2 if dd else 1]):
            row[0] += 1
            row[1] += won
    if out:
        out.close()
    print(
        f"{args.level} declaring Null against {args.against}, {args.deals} deals, seed {args.seed}"
    )
    head = (f"{args.by} chance", "Nulls", "won", "dd lost", "won", "dd won", "won")
    print(f"{head[0]:13s} {head[1]:>6s} {head[2]:>5s} {head[3]:>8s} {head[4]:>5s}", end="")
    print(f" {head[5]:>7s} {head[6]:>5s}")

    def line(name: str, rows: list[list[int]]) -> None:
        """One band: Nulls, lost double-dummy, won double-dummy; each with its share won."""
        cells = [
            f"{r[0]:{w}d} " + (f"{r[1] / r[0]:5.0%}" if r[0] else "    -")
            for r, w in zip(rows, (6, 8, 7), strict=True)
        ]
        print(f"{name:13s} " + " ".join(cells))

    total = [[0, 0], [0, 0], [0, 0]]
    for lo, hi in BANDS:
        rows = tally[lo]
        for t, r in zip(total, rows, strict=True):
            t[0] += r[0]
            t[1] += r[1]
        if not rows[0][0]:
            continue  # (the rules' chance: none below --min-chance)
        line(f"{lo:.0%}-{min(hi, 1.0):.0%}", rows)
    line("all", total)


if __name__ == "__main__":
    main()
