"""How often a level's declared games are won at the table, by their double-dummy value.

Usage: python benchmarks/declarer_calibration.py [--level standard] [--against beginner]
       [--deals 300] [--seed 77] [--rows FILE] [--null-chance MIN]

The bidding judges a game by simulated deals solved double-dummy: every card open,
perfect play on both sides. At the table the defenders cannot see the cards, so a game
lost double-dummy is often won anyway, the more often the closer it was. This plays
``--deals`` isko deals, ``--level`` at one position (in turn) and ``--against`` at the
other two, and for every game the level declares solves the deal as it stands at the first
lead. It prints, per game type (Hand or picked up), the games declared, won, the mean
TP of the declarer (his score +- 50) and how many were overbid; then, for trump games,
per band of that value (the declarer's card points with perfect play), how many of the
games were won: the table's answer to "what is a loss by so many points worth?"
(the ``close_margin`` and edges of ``pimc.Strength``).

A second table holds the level's own judgement against the table: for the games it
declared after picking up the skat, the chance to win it judged at the discard
(``PimcPlayer.judged``) and how many it won, by band of that chance, for trump games
and Nulls apart; and the Nulls won and lost double-dummy at the first lead (issue 27:
a Null the defenders must find the hole of is often won anyway).

``--null-chance MIN`` plays only the deals on which the level's ten cards and the skat
hold a Null the rules give at least MIN after their best discard: the deals a picked-up
Null can come from, about a third of all, so its Nulls are measured three times as
fast (the other game types of such a run are not those of all deals).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from dataclasses import asdict, dataclass

from skat_desktop.ai import hand_eval as he
from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import set_threads
from skat_desktop.ai.solver import Position, solve
from skat_desktop.app.arena import DEALER, match_deal_seeds, tournament_points
from skat_desktop.engine.cards import FULL_DECK, GameType, points_of
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO

BANDS = ((61, 120, "61+ (won double-dummy)"), (51, 60, "51-60"), (41, 50, "41-50"), (0, 40, "0-40"))
JUDGED = ((0.95, 1.01), (0.9, 0.95), (0.8, 0.9), (0.7, 0.8), (0.6, 0.7), (0.0, 0.6))
NULL_JUDGED = ((0.8, 1.01), (0.63, 0.8), (0.5, 0.63), (0.0, 0.5))


@dataclass(frozen=True)
class Declared:
    """One game the level declared, as the tables below count it."""

    game: str  # "Suit", "Grand", "Null", "Null Ouvert"
    hand: bool
    won: bool
    tp: int  # the declarer's Seeger-Fabian TP (his score +- 50; the defenders' 40 not)
    overbid: bool
    bid: int
    judged: float | None  # the chance the level judged at the discard (picked up)
    value: int | None  # trump games: card points double-dummy at the first lead
    dd_won: bool | None  # Nulls: won double-dummy at the first lead
    rules: float | None  # Nulls: the rules' chance of the declarer's hand (hand_eval)
    deal_seed: int
    position: int


def _game_name(k: Contract) -> str:
    if k.game == GameType.NULL:
        return "Null Ouvert" if k.ouvert else "Null"
    return "Grand" if k.game == GameType.GRAND else "Suit"


def null_chance(dealt, me: int) -> float:
    """The rules' chance of the best Null from position ``me``'s ten cards and the skat."""
    hand12 = dealt.hands[me] | dealt.skat
    d1, d2 = he.best_discard(hand12, GameType.NULL, ISKO)
    final = hand12 & ~((1 << d1) | (1 << d2))
    return he.win_chance(final, GameType.NULL, me, pre=False, skat_points=0)


def declared_games(
    level: str, against: str, deals: int, seed: int, min_null: float | None = None
) -> Iterator[Declared]:
    """Every game ``level`` declares, with how it went at the table and double-dummy
    (only on the deals with a Null of at least ``min_null`` for it, if given)."""
    for i, deal_seed in enumerate(match_deal_seeds(seed, deals)):
        me = i % 3
        dealt = deal_from_seed(deal_seed)
        if min_null is not None and null_chance(dealt, me) < min_null:
            continue
        setup = DealSetup(ISKO, dealt, deal_seed, dealer=DEALER)
        deal = Deal(setup)
        players = [make_player(level if p == me else against, deal_seed * 3 + p) for p in range(3)]
        value = dd_won = judged = rules = None
        while not deal.finished:
            p = deal.to_move
            view = deal.view(setup.seats[p])
            first_lead = view.phase == "play" and deal.cards_played == 0
            if first_lead and view.declarer == me:
                hands = tuple(deal.view(setup.seats[q]).hand for q in range(3))
                skat = FULL_DECK & ~(hands[0] | hands[1] | hands[2])
                if view.game == GameType.NULL:
                    pos = Position(view.game, me, hands, (), view.leader, 0, 0)
                    dd_won = bool(solve(pos, "win", target=61, answer_cards=False).declarer_wins)
                    rules = he.win_chance(hands[me], GameType.NULL, me, pre=False)
                else:
                    pos = Position(view.game, me, hands, (), view.leader, 0, points_of(skat))
                    value = solve(pos, "value", answer_cards=False).value
            action = players[p].choose(view)
            if view.phase == "discard" and p == me:
                judged = getattr(players[p], "judged", None)
            deal.apply(action)
        r = deal.result
        if r.kind == "game" and r.declarer == me:
            yield Declared(
                _game_name(r.contract),
                r.contract.hand,
                bool(r.won),
                tournament_points(r, (0, 1, 2))[me],
                bool(r.game.overbid),
                r.bid,
                judged,
                value,
                dd_won,
                rules,
                deal_seed,
                me,
            )


def _share(part: float, whole: float) -> str:
    return f"{part / whole:6.0%}" if whole else "     -"


def _mean(values: list[float], spec: str) -> str:
    """The mean in format ``spec`` (e.g. ``6.0%``), or a dash as wide when there is none."""
    if not values:
        return "-".rjust(len(f"{0:{spec}}"))
    return f"{sum(values) / len(values):{spec}}"


def _per_type(games: list[Declared]) -> None:
    print(
        f"{'game type':26s} {'declared':>8s} {'won':>5s} {'share':>6s} {'mean TP':>8s}"
        f" {'judged':>6s} {'overbid':>7s}"
    )
    rows = [
        (name, hand) for name in ("Suit", "Grand", "Null", "Null Ouvert") for hand in (False, True)
    ]
    for name, hand, these in [
        *((n, h, [g for g in games if g.game == n and g.hand == h]) for n, h in rows),
        ("all games", None, games),
    ]:
        if not these:
            continue
        label = name if hand is None else f"{name}, {'Hand' if hand else 'picked up'}"
        won = sum(g.won for g in these)
        judged = _mean([g.judged for g in these if g.judged is not None], "6.0%")
        print(
            f"{label:26s} {len(these):8d} {won:5d} {_share(won, len(these))}"
            f" {_mean([g.tp for g in these], '+8.1f')} {judged}"
            f" {sum(g.overbid for g in these):7d}"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--level", default="standard")
    ap.add_argument("--against", default="beginner")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--rows", metavar="FILE", help="also write one JSON line per declared game")
    ap.add_argument("--null-chance", type=float, metavar="MIN", help="only deals with such a Null")
    args = ap.parse_args()
    set_threads(1)
    games = []
    with open(args.rows or os.devnull, "w", encoding="utf-8") as out:
        for g in declared_games(args.level, args.against, args.deals, args.seed, args.null_chance):
            games.append(g)
            out.write(json.dumps(asdict(g)) + "\n")  # as they come: a long run shows its way
            out.flush()
    trump = [g for g in games if g.value is not None]
    print(f"{args.level} declaring against {args.against}, {args.deals} deals, seed {args.seed}")
    print(f"(declared {len(games)} games, {len(games) / args.deals:.0%} of the deals)")
    if args.null_chance is not None:
        print(f"(only the deals with a Null of at least {args.null_chance:.0%} for the level)")
    print()
    _per_type(games)
    overbid = sum(g.overbid for g in games)
    print(f"overbid: {overbid} of {len(games)} games ({_share(overbid, len(games)).strip()})")
    print(f"\n{'double-dummy value':24s} {'games':>6s} {'won':>6s} {'share':>6s}")
    for lo, hi, name in BANDS:
        band = [g for g in trump if lo <= g.value <= hi]
        won = sum(g.won for g in band)
        print(f"{name:24s} {len(band):6d} {won:6d} {_share(won, len(band))}")
    for title, these, bands in (
        ("trump games", [g for g in trump if g.judged is not None], JUDGED),
        (
            "Nulls (not Ouvert)",
            [g for g in games if g.game == "Null" and g.judged is not None],
            NULL_JUDGED,
        ),
    ):
        print(
            f"\n{'judged at the discard':24s} {'games':>6s} {'won':>6s} {'share':>6s}"
            f" {'judged':>6s}  {title}"
        )
        for lo, hi in bands:
            band = [g for g in these if lo <= g.judged < hi]
            won = sum(g.won for g in band)
            name = f"{lo:.0%}-{min(hi, 1.0):.0%}"
            judged = _mean([g.judged for g in band], "6.0%")
            print(f"{name:24s} {len(band):6d} {won:6d} {_share(won, len(band))} {judged}")
    nulls = [g for g in games if g.game == "Null"]
    print(f"\n{'Nulls (not Ouvert)':24s} {'games':>6s} {'won':>6s} {'share':>6s} {'mean TP':>8s}")
    for name, these in (
        ("won double-dummy", [g for g in nulls if g.dd_won]),
        ("lost double-dummy", [g for g in nulls if g.dd_won is False]),
    ):
        won = sum(g.won for g in these)
        tp = _mean([g.tp for g in these], "+8.1f")
        print(f"{name:24s} {len(these):6d} {won:6d} {_share(won, len(these))} {tp}")


if __name__ == "__main__":
    main()
