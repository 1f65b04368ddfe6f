"""How often a level's card throws a game away double-dummy: a fast, paired measure of card play.

Usage: python benchmarks/card_regret.py --a "expert(play_reading=true)" --b expert
       [--reference standard] [--seed 1] [--positions 200] [--minutes 15]
       [--deals 2000] [--cache FILE] [--only-read] [--table 4]

A duplicate match measures the whole game (bidding, declaring, card play) and needs
hundreds of deals to see +2 TP/G. This looks at card play alone, at the same positions
for both levels: it plays the match's deals (``match_deal_seeds(--seed)``) with the
``--reference`` line-up at all three places, and at every decision point (a seat to
play with two legal cards or more, in a suit game, Grand or Null) solves the *true*
deal double-dummy (every card open, perfect play on) from there. A decision is critical
when the card matters there: some cards keep the game (declarer wins, or loses, as the
side to move wants) and others throw it away. Levels A and B are asked for their card
at each critical decision (the first ``--positions`` of them), each by a new player
seeded from the deal seed and the decision's number, so both see the same position
with the same seed and a rerun gives the same cards. A card *regrets* when it throws
the game away: the double-dummy result after it is worse for the side to move than
after the best card (win/loss; Schneider or Schwarz when announced). A non-critical
decision cannot regret: the shares of all decisions are the critical ones scaled.

Printed per level: the decisions and critical decisions, the regrets, their share of
the critical and of all decisions, declarer and defenders apart; then A - B paired per
decision with a 95 % interval (decisions of one deal counted as a cluster), and the
wall time. Double-dummy play is not table play (a card can lose double-dummy and win
against defenders who cannot see the cards) but both levels are judged alike.

``--cache FILE`` keeps the reference play's decision points (pickle): the reference
line-up plays once for any number of comparisons; a larger ``--positions`` plays on.
``--table N`` also measures where double-dummy play cannot: at every asked decision
where A and B chose different cards, the true deal is played on N times after each
card by ``--reference`` players who each see only their own hand (the same seeds after
either card), and the games won by the side to move are counted, paired per decision.
A card that sets the declarer a problem double-dummy play never has shows there.

``--only-read`` asks only at the critical decisions where the card play so far gives
``play_reading`` something to read: elsewhere a level with it draws the same worlds
with the same weights and plays the same card as without, so A - B is 0 there (the
difference per decision still counts them).
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from skat_desktop.ai.levels import make_player
from skat_desktop.ai.pimc import _target, set_threads
from skat_desktop.ai.play_reading import play_weigher
from skat_desktop.ai.rehearsal import play_out
from skat_desktop.ai.sampling import World, points_taken
from skat_desktop.ai.solver import Position, SearchLimit, solve
from skat_desktop.app.arena import DEALER, match_deal_seeds
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import FULL_DECK, GameType, mask, points_of
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import ISKO
from skat_desktop.engine.view import SeatView

# A true deal whose double-dummy search needs more nodes is left out (none measured so).
NODE_LIMIT = 200_000_000


@dataclass(frozen=True)
class Point:
    """A critical decision: the seat's view and the cards that keep the game there."""

    deal: int  # index of the deal in the match
    deal_seed: int
    ply: int  # the decision's number in its deal (seeds the levels' players)
    view: SeatView
    hands: tuple[int, int, int]  # the true hands
    best: int  # mask: the cards that keep the game double-dummy
    declarer: bool  # the seat to move is the declarer


@dataclass
class DealPoints:
    """One reference deal: how many decision points it had, and its critical ones."""

    deal_seed: int
    declarer_moves: list[bool]  # per decision point, in order: the declarer's?
    points: list[Point]


def reference_deal(reference: str, index: int, deal_seed: int) -> DealPoints:
    """Play one deal with the ``reference`` line-up; solve each decision point."""
    setup = DealSetup(ISKO, deal_from_seed(deal_seed), deal_seed, dealer=DEALER)
    deal = Deal(setup)
    players = [make_player(reference, deal_seed * 3 + p) for p in range(3)]
    out = DealPoints(deal_seed, [], [])
    ply = 0
    while not deal.finished:
        p = deal.to_move
        view = deal.view(setup.seats[p])
        plays = [a.card for a in view.legal if type(a) is Play]
        game = view.game
        if (
            view.phase == "play"
            and view.contract is not None
            and game != GameType.RAMSCH
            and len(plays) > 1
        ):
            ply += 1
            declarer = view.declarer
            null = game == GameType.NULL
            pos = Position(
                game,
                declarer,
                (deal.hands[0], deal.hands[1], deal.hands[2]),
                tuple(deal.trick),
                deal.leader,
                0 if null else points_taken(view, declarer),
                0 if null else points_of(deal.skat),
            )
            target = 0 if null else _target(view.contract, view.profile)
            out.declarer_moves.append(p == declarer)
            try:
                sol = solve(pos, "win", target=target, node_limit=NODE_LIMIT)
            except SearchLimit:
                sol = None
            if sol is not None and len(sol.best) < len(plays):
                best = mask(sol.best)
                out.points.append(
                    Point(index, deal_seed, ply, view, pos.hands, best, p == declarer)
                )
        deal.apply(players[p].choose(view))
    return out


def reference_points(
    reference: str,
    seed: int,
    positions: int,
    deals: int,
    cache: str | None,
    wanted: Callable[[Point], bool] = lambda pt: True,
) -> list[DealPoints]:
    """The reference deals played until ``positions`` critical decisions that are
    ``wanted`` (or ``deals``)."""
    done: list[DealPoints] = []
    if cache and os.path.exists(cache):
        with open(cache, "rb") as f:
            saved = pickle.load(f)
        if saved["reference"] != reference or saved["seed"] != seed:
            raise SystemExit(f"{cache} holds another reference or seed")
        done = [_from_plain(d) for d in saved["deals"]]
    have = sum(wanted(pt) for d in done for pt in d.points)
    seeds = list(match_deal_seeds(seed, deals))
    t0 = time.perf_counter()
    while have < positions and len(done) < len(seeds):
        i = len(done)
        done.append(reference_deal(reference, i, seeds[i]))
        have += sum(wanted(pt) for pt in done[-1].points)
        print(
            f"  reference deal {i + 1}: {have} critical decisions to ask, "
            f"{time.perf_counter() - t0:.0f} s",
            file=sys.stderr,
        )
        if cache:
            with open(cache + ".tmp", "wb") as f:
                plain = [_plain(d) for d in done]
                pickle.dump({"reference": reference, "seed": seed, "deals": plain}, f)
            os.replace(cache + ".tmp", cache)
    return done


def _plain(d: DealPoints) -> tuple:
    """A deal's points as tuples of library types (a cache any script can read)."""
    points = [(p.deal, p.deal_seed, p.ply, p.view, p.hands, p.best, p.declarer) for p in d.points]
    return d.deal_seed, d.declarer_moves, points


def _from_plain(t: tuple) -> DealPoints:
    deal_seed, moves, points = t
    return DealPoints(deal_seed, moves, [Point(*p) for p in points])


def _read(point: Point) -> bool:
    """Whether the card play so far gives play_reading something to read."""
    return play_weigher(point.view) is not None


def chosen_card(level: str, point: Point) -> int:
    """The card ``level`` plays at ``point`` (a new player, seeded by deal and decision)."""
    player = make_player(level, point.deal_seed * 1000 + point.ply)
    action = player.choose(point.view)
    assert type(action) is Play
    return action.card


def paired(diffs: list[tuple[int, int]], n: int) -> tuple[float, float]:
    """Mean of the per-decision differences (deal, d) over ``n`` decisions and its 95 %
    half-width, the decisions of one deal a cluster (they are not independent)."""
    if not n:
        return 0.0, float("nan")
    mean = sum(d for _, d in diffs) / n
    sums: dict[int, list[int]] = {}
    for deal, d in diffs:
        s = sums.setdefault(deal, [0, 0])
        s[0] += d
        s[1] += 1
    g = len(sums)
    if g < 2:
        return mean, float("nan")
    var = sum((s - mean * k) ** 2 for s, k in sums.values()) * g / (g - 1) / n**2
    return mean, 1.96 * math.sqrt(var)


def table_outcome(pt: Point, card: int, reference: str, seed: int) -> float:
    """1.0 if the side to move at ``pt`` wins the true deal after ``card``, played on
    by ``reference`` players who each see their own hand (the others' seeded by ``seed``)."""
    view = pt.view
    hands = pt.hands
    skat = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | view.played)
    world = World(hands, skat)
    null = view.game == GameType.NULL
    target = 0 if null else _target(view.contract, view.profile)
    players = [make_player(reference, seed * 3 + p) for p in range(3)]
    won = play_out(view, world, card, target, 10, [p.choose for p in players], NODE_LIMIT)
    assert won is not None
    return won if pt.declarer else 1.0 - won


def table_rows(
    rows: list[tuple[Point, int, int, bool]],
    cards_chosen: dict[tuple[int, int], tuple[int, int]],
    reference: str,
    times: int,
    sides: tuple,
) -> None:
    """Where A's and B's cards differ: each played on ``times`` times at the table (the
    same seeds after either card), the games won by the side to move."""
    differing = [r for r in rows if r[3]]
    results = []  # (point, A's wins, B's wins)
    t0 = time.perf_counter()
    for k, (pt, _, _, _) in enumerate(differing):
        cards = cards_chosen[pt.deal, pt.ply]
        wins = [0.0, 0.0]
        for j in range(times):
            seed = pt.deal_seed * 1000 + pt.ply * 10 + j
            for i, card in enumerate(cards):
                wins[i] += table_outcome(pt, card, reference, seed)
        results.append((pt, wins[0], wins[1]))
        print(
            f"  table {k + 1} of {len(differing)}: A {sum(r[1] for r in results):.0f}, "
            f"B {sum(r[2] for r in results):.0f}, {time.perf_counter() - t0:.0f} s",
            file=sys.stderr,
        )
    print(f"\nAt the table, where the cards differ ({times} play-outs after each card):")
    for name, keep, _ in sides:
        these = [r for r in results if keep(r[0])]
        diffs = [(r[0].deal, r[1] - r[2]) for r in these]
        mean, half = paired(diffs, len(these))
        a = sum(r[1] for r in these)
        b = sum(r[2] for r in these)
        interval = f"[{mean - half:+.2f}, {mean + half:+.2f}]" if half == half else "[-]"
        print(
            f"  {name:9s} {len(these):4d} decisions: won A {a:.0f}, B {b:.0f}"
            f" of {len(these) * times}; A - B {mean:+.2f} {interval} games a decision"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--a", required=True, help="level string, e.g. expert(play_reading=true)")
    ap.add_argument("--b", required=True)
    ap.add_argument("--reference", default="standard", help="the line-up that plays the deals")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=200, help="critical decisions at most")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop asking past this (0: no)")
    ap.add_argument("--deals", type=int, default=2000, help="reference deals at most")
    ap.add_argument("--cache", help="keep the reference play's decision points here")
    ap.add_argument(
        "--table",
        type=int,
        default=0,
        help="where A and B chose other cards, play the true deal on this many times\n"
        "after each card, every seat a --reference player from its own view",
    )
    ap.add_argument(
        "--only-read",
        action="store_true",
        help="ask only where the card play so far gives play_reading something to read\n"
        "(elsewhere a level with it plays as without: same worlds, same seed)",
    )
    args = ap.parse_args()
    set_threads(1)
    start = time.perf_counter()
    wanted = _read if args.only_read else lambda pt: True
    deals = reference_points(
        args.reference, args.seed, args.positions, args.deals, args.cache, wanted
    )
    points = [pt for d in deals for pt in d.points if wanted(pt)][: args.positions]
    reference_time = time.perf_counter() - start
    rows: list[tuple[Point, int, int, bool]] = []  # point, regret A, regret B, cards differ
    spent = {"A": 0.0, "B": 0.0}
    chosen: dict[tuple[int, int], tuple[int, int]] = {}  # (deal, ply): A's card, B's
    for k, pt in enumerate(points):
        if args.minutes and time.perf_counter() - start > 60 * args.minutes:
            break
        regrets = []
        cards = []
        for side, level in (("A", args.a), ("B", args.b)):
            t0 = time.perf_counter()
            card = chosen_card(level, pt)
            spent[side] += time.perf_counter() - t0
            regrets.append(0 if pt.best >> card & 1 else 1)
            cards.append(card)
        rows.append((pt, regrets[0], regrets[1], cards[0] != cards[1]))
        chosen[pt.deal, pt.ply] = (cards[0], cards[1])
        if (k + 1) % 10 == 0:
            ra = sum(r[1] for r in rows)
            rb = sum(r[2] for r in rows)
            print(f"  {k + 1} asked: regrets A {ra}, B {rb}", file=sys.stderr)
    # every decision point up to the last critical one asked
    last = rows[-1][0] if rows else None
    played = (last.deal + 1) if last is not None else 0
    moves = [m for d in deals[: played - 1] for m in d.declarer_moves]
    if last is not None:
        moves += deals[last.deal].declarer_moves[: last.ply]
    decisions, declarer_decisions = len(moves), sum(moves)
    critical = [
        pt
        for d in deals[:played]
        for pt in d.points
        if last is not None and (pt.deal, pt.ply) <= (last.deal, last.ply)
    ]
    print(f"A = {args.a}   B = {args.b}")
    print(
        f"reference line-up {args.reference}, seed {args.seed}: {played} deals, "
        f"{decisions} decisions ({declarer_decisions} declarer's), "
        f"{len(critical)} critical ({sum(pt.declarer for pt in critical)} declarer's), "
        f"{len(rows)} asked" + (" (those with card play to read)" if args.only_read else "")
    )
    print(
        f"\n{'level':5s} {'side':9s} {'asked':>8s} {'regrets':>8s} {'of asked':>12s}"
        f" {'of decisions':>13s}"
    )
    sides = (
        ("all", lambda pt: True, decisions),
        ("declarer", lambda pt: pt.declarer, declarer_decisions),
        ("defender", lambda pt: not pt.declarer, decisions - declarer_decisions),
    )
    for label, col in (("A", 1), ("B", 2)):
        for name, keep, n_dec in sides:
            these = [r for r in rows if keep(r[0])]
            bad = sum(r[col] for r in these)
            of_crit = f"{bad / len(these):12.1%}" if these else f"{'-':>12s}"
            of_all = f"{bad / n_dec:13.2%}" if n_dec and not args.only_read else f"{'-':>13s}"
            print(f"{label:5s} {name:9s} {len(these):8d} {bad:8d} {of_crit} {of_all}")
    print("\nA - B, paired per decision asked (95 % interval, deals as clusters):")
    for name, keep, n_dec in sides:
        these = [r for r in rows if keep(r[0])]
        diffs = [(r[0].deal, r[1] - r[2]) for r in these]
        mean, half = paired(diffs, len(these))
        differ = sum(r[3] for r in these)
        scale = len(these) / n_dec if n_dec else float("nan")
        interval = f"[{mean - half:+.1%}, {mean + half:+.1%}]" if half == half else "[-]"
        print(
            f"  {name:9s} {mean:+7.1%} {interval} of asked"
            f" = {mean * scale:+.2%} of decisions; other card at {differ} of {len(these)}"
        )
    if args.table:
        table_rows(rows, chosen, args.reference, args.table, sides)
    total = time.perf_counter() - start
    print(
        f"\nwall time {total:.0f} s (reference play {reference_time:.0f} s, "
        f"A {spent['A']:.0f} s, B {spent['B']:.0f} s)"
    )


if __name__ == "__main__":
    main()
