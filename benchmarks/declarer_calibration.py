"""How often a level's declared games are won at the table, by their double-dummy value.

Usage: python benchmarks/declarer_calibration.py [--level standard] [--against beginner]
       [--deals 300] [--seed 77]

The bidding judges a game by simulated deals solved double-dummy: every card open,
perfect play on both sides. At the table the defenders cannot see the cards, so a game
lost double-dummy is often won anyway, the more often the closer it was. This plays
``--deals`` isko deals, ``--level`` at one position (in turn) and ``--against`` at the
other two, and for every trump game the level declares solves the deal as it stands at
the first lead. It prints, per band of that value (the declarer's card points with
perfect play), how many of the games were won: the table's answer to "what is a loss
by so many points worth?" (the ``close_margin`` and edges of ``pimc.Strength``).

A second table holds the level's own judgement against the table: for the games it
declared after picking up the skat, the chance to win it judged at the discard
(``PimcPlayer.judged``) and how many it won, by band of that chance.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import set_threads
from skat_desktop.ai.solver import Position, solve
from skat_desktop.app.arena import DEALER, match_deal_seeds
from skat_desktop.engine.cards import FULL_DECK, GameType, points_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO

BANDS = ((61, 120, "61+ (won double-dummy)"), (51, 60, "51-60"), (41, 50, "41-50"), (0, 40, "0-40"))
JUDGED = ((0.95, 1.01), (0.9, 0.95), (0.8, 0.9), (0.7, 0.8), (0.6, 0.7), (0.0, 0.6))


def declared_games(level: str, against: str, deals: int, seed: int):
    """(double-dummy value at the first lead, won at the table, the chance the level
    judged at the discard or None) of each trump game ``level`` declares."""
    for i, deal_seed in enumerate(match_deal_seeds(seed, deals)):
        me = i % 3
        setup = DealSetup(ISKO, deal_from_seed(deal_seed), deal_seed, dealer=DEALER)
        deal = Deal(setup)
        players = [make_player(level if p == me else against, deal_seed * 3 + p) for p in range(3)]
        value = judged = None
        while not deal.finished:
            p = deal.to_move
            view = deal.view(setup.seats[p])
            first_lead = view.phase == "play" and deal.cards_played == 0
            if first_lead and view.declarer == me and view.game != GameType.NULL:
                hands = tuple(deal.view(setup.seats[q]).hand for q in range(3))
                skat = FULL_DECK & ~(hands[0] | hands[1] | hands[2])
                pos = Position(view.game, me, hands, (), view.leader, 0, points_of(skat))
                value = solve(pos, "value", answer_cards=False).value
            action = players[p].choose(view)
            if view.phase == "discard" and p == me:
                judged = getattr(players[p], "judged", None)
            deal.apply(action)
        if value is not None and deal.result.kind == "game":
            yield value, bool(deal.result.won), judged


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--against", default="beginner")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=77)
    args = ap.parse_args()
    set_threads(1)
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    judged_tally: dict[float, list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for value, won, judged in declared_games(args.level, args.against, args.deals, args.seed):
        band = next(name for lo, hi, name in BANDS if lo <= value <= hi)
        tally[band][0] += 1
        tally[band][1] += won
        if judged is not None:
            lo = next(lo for lo, hi in JUDGED if lo <= judged < hi)
            judged_tally[lo][0] += 1
            judged_tally[lo][1] += won
            judged_tally[lo][2] += judged
    print(f"{args.level} declaring against {args.against}, {args.deals} deals, seed {args.seed}")
    print(f"{'double-dummy value':24s} {'games':>6s} {'won':>6s} {'share':>6s}")
    for _, _, name in BANDS:
        games, won = tally[name]
        share = f"{won / games:6.0%}" if games else "     -"
        print(f"{name:24s} {games:6d} {won:6d} {share}")
    print(f"\n{'judged at the discard':24s} {'games':>6s} {'won':>6s} {'share':>6s} {'judged':>6s}")
    for lo, hi in JUDGED:
        games, won, judged = judged_tally[lo]
        name = f"{lo:.0%}-{min(hi, 1.0):.0%}"
        if games:
            print(f"{name:24s} {games:6d} {won:6d} {won / games:6.0%} {judged / games:6.0%}")
        else:
            print(f"{name:24s} {games:6d} {won:6d}      -      -")


if __name__ == "__main__":
    main()
