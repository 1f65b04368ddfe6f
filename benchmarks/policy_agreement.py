"""How much the rules' card says about a hand: the factors of ``ai/policy_reading.py``.

Usage: python benchmarks/policy_agreement.py [--level standard] [--deals 120]
       [--first 2000] [--worlds 24]

Plays ``--deals`` deals (deal seeds ``--first`` on) with ``--level`` at all three places.
At every card choice (two legal cards or more; not in Ramsch) it asks the plain rules
(the PIMC levels' tie-break, ``beginner.rules_card``) which card they would play:

* with the true hand: how often the rules' card is the card the level played;
* with the hands the sampler deals that player in the next player's ``--worlds`` worlds
  at that moment (worlds in which he holds the card played and could choose): how often
  the rules' card is that card there.

Per kind of choice (game: suit, Grand, Null; declarer or defender; lead or follow) it
prints both rates and the factor a world gets where the rules would have played another
card, against one where they agree: ((1 - a) / (1 - b)) / (a / b) for the true-hand rate
a and the worlds' rate b — the likelihood ratio of the two, as the weights compare worlds.
A factor of 1 or more says the rules' disagreement tells nothing there.
"""

from __future__ import annotations

import argparse
import random
import time

from skat_desktop.ai.beginner import rules_card
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.sampling import sample_worlds
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import GameType, legal_cards
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO


def kind(game: GameType) -> str:
    return game.name.lower() if game in (GameType.GRAND, GameType.NULL) else "suit"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--deals", type=int, default=120)
    ap.add_argument("--first", type=int, default=2000, help="the first deal seed")
    ap.add_argument("--worlds", type=int, default=24)
    args = ap.parse_args()
    start = time.perf_counter()
    # (game, declarer, lead) -> [choices, agreed on the true hand, with worlds, their rate]
    stats: dict[tuple[str, bool, bool], list[float]] = {}
    for seed in range(args.first, args.first + args.deals):
        players = [make_player(args.level, seed * 3 + p) for p in range(3)]
        deal = Deal(DealSetup(ISKO, deal_from_seed(seed), seed))
        rng = random.Random(seed)
        while not deal.finished:
            p = deal.to_move
            view = deal.view(deal.setup.seats[p])
            action = players[p].choose(view)
            game = view.game
            led = view.trick[0] if view.trick else None
            if (
                view.phase == "play"
                and type(action) is Play
                and game not in (None, GameType.RAMSCH)
                and legal_cards(view.hand, led, game).bit_count() > 1
            ):
                c = action.card
                row = stats.setdefault(
                    (kind(game), p == view.declarer, led is None), [0, 0, 0, 0.0]
                )
                row[0] += 1
                row[1] += rules_card(view, legal_cards(view.hand, led, game)) == c
                watcher = deal.view(deal.setup.seats[(p + 1) % 3])
                agreed = asked = 0
                for w in sample_worlds(watcher, args.worlds, rng, inference=True, discards=True):
                    legal = legal_cards(w.hands[p], led, game)
                    if legal >> c & 1 and legal.bit_count() > 1:
                        known = w.skat if p == view.declarer and view.picked_up else None
                        asked += 1
                        agreed += rules_card(view, legal, False, w.hands[p], known) == c
                if asked:
                    row[2] += 1
                    row[3] += agreed / asked
            deal.apply(action)
    print(
        f"{args.level}, {args.deals} deals from seed {args.first}, "
        f"{time.perf_counter() - start:.0f} s\n"
    )
    print(
        f"{'game':6s} {'who':9s} {'choice':7s} {'n':>5s} {'true':>6s} {'worlds':>7s} {'factor':>7s}"
    )
    for (game, declarer, lead), (n, agreed, worlds, rate) in sorted(stats.items()):
        a, b = agreed / n, rate / max(worlds, 1)
        factor = ((1 - a) / (1 - b)) / (a / b) if 0 < a < 1 and 0 < b < 1 else float("nan")
        who = "declarer" if declarer else "defender"
        choice = "lead" if lead else "follow"
        print(f"{game:6s} {who:9s} {choice:7s} {n:5d} {a:6.3f} {b:7.3f} {factor:7.2f}")


if __name__ == "__main__":
    main()
