"""The standard and expert players: perfect-information Monte Carlo (PIMC).

For a card: sample worlds consistent with the seat view (sampling.py), solve each
world double-dummy for every legal card (solver.py) and play the card that does
best across the worlds — for the declarer the most wins (Schneider/Schwarz targets
when announced), for a defender the fewest, with exact card points deciding once
few cards are left. For bidding and declaring: simulate the candidate games on
sampled deals, each deal weighted by how well the other hands fit their bids so far,
and bid or declare what wins often enough. Ramsch and the rare decisions fall back
to the beginner's rules.

The worlds of a decision are solved on up to four threads (see :func:`set_threads`).
Both levels search a fixed amount (issue 27): a decision takes worlds in the order
they were drawn until it has its minimum and the solver nodes of those taken reach
its node budget (``nodes``; ``deal_nodes`` when bidding and declaring), counted in
draw order, never by which thread finished first. So the same seed gives the same
move with one thread or four, on an idle machine or a busy one. The clock is only a
safety cap (``cap``, ``deal_cap``: ten times the think-time goal) that a normal
laptop never reaches; when it does, the decision stops there, now depending on the
machine's load, and says so in the log (logger ``skat_desktop.ai``). ``cancel`` ends
a decision early. In card play the expert searches more, reads passes too, and
counts points sooner. Both bid and declare alike.
"""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TypeVar

from skat_desktop.ai import hand_eval as he
from skat_desktop.ai.beginner import BeginnerPlayer, declare_action
from skat_desktop.ai.rehearsal import rehearse
from skat_desktop.ai.sampling import bidding_weigher, points_taken, rules_fit, sample_worlds
from skat_desktop.ai.solver import HAVE_FAST_PATH, Position, SearchLimit, solve
from skat_desktop.engine.actions import Action, Bid, Discard, Hold, PickUp, Play
from skat_desktop.engine.cards import FULL_DECK, JACKS, POINTS, GameType, cards_of, points_of
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import matadors
from skat_desktop.engine.view import SeatView

T = TypeVar("T")
R = TypeVar("R")

log = logging.getLogger("skat_desktop.ai")

# The pure-Python search (where no C compiler built the compiled one) visits about a
# hundredth of the nodes per second: it gets that share of the node budgets, so it
# thinks about as long, less deeply. Its moves are as reproducible, but its own.
_NODE_SHARE = 1.0 if HAVE_FAST_PATH else 0.01

# The worlds of a decision are solved on this many threads (the compiled search runs
# without the GIL, one transposition table each, at most 4). Where every core already
# runs a player of its own (the arena's worker processes), one is right.
_threads = min(4, os.cpu_count() or 1)
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def set_threads(n: int) -> None:
    """Solve each decision's worlds on ``n`` threads (1: in the calling thread)."""
    global _threads
    _threads = max(1, min(4, n))


def threads() -> int:
    """How many threads solve each decision's worlds."""
    return _threads


_END = object()


def _in_order(
    fn: Callable[[T], R], items: Iterable[T], more: Callable[[int], int]
) -> Generator[R, None, None]:
    """``fn`` of each item, results in the items' order, with one item per thread in
    work at a time. Before an item is taken, ``more(taken)`` says how many more may
    be (budget spent, safety cap, cancel: 0). The items are drawn in the calling
    thread. With threads, items are started ahead of the results taken: a caller that
    has enough stops and closes the generator (the items not started are cancelled)."""
    global _pool
    it = iter(items)
    n = _threads
    if n == 1:
        taken = 0
        while more(taken) > 0:
            x = next(it, _END)
            if x is _END:
                return
            yield fn(x)
            taken += 1
        return
    if _pool is None:
        with _pool_lock:
            if _pool is None:
                _pool = ThreadPoolExecutor(4, thread_name_prefix="pimc")
    pending: deque[Future[R]] = deque()
    taken = 0
    try:
        while True:
            while len(pending) < n and more(taken) > 0:
                x = next(it, _END)
                if x is _END:
                    break
                pending.append(_pool.submit(fn, x))
                taken += 1
            if not pending:
                return
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()


class _Allowance:
    """How much one decision may search, and how much it did.

    By nodes (the default): the answers (worlds, simulated deals) are taken in the
    order they were drawn while fewer than ``least`` are taken or the nodes of those
    taken stay below ``nodes``. :meth:`take` counts them as ``_in_order`` hands them
    over, in draw order: a thread that finished first or an answer started ahead on a
    spare thread changes nothing, so one thread or four and any load give the same
    answers. Only the safety cap (``seconds``) looks at the clock: past it no more are
    started, and :meth:`report` logs the decision, whose answers then depend on the
    machine's load.

    With ``clock`` (the levels before issue 27): answers are started until ``seconds``
    have passed after the first ``least``, and every one started counts."""

    def __init__(
        self,
        strength: Strength,
        what: str,
        nodes: float,
        seconds: float,
        least: int,
        most: int,
        cancel: threading.Event | None,
    ):
        self.strength = strength
        self.what = what
        self.nodes = nodes
        self.seconds = seconds
        self.least = least
        self.most = most
        self.cancel = cancel
        self.start = time.perf_counter()
        self.spent = 0
        self.taken = 0
        self.capped = False

    def more(self, started: int) -> int:
        """For :func:`_in_order`: how many more answers may be started (0: none)."""
        if self.cancel is not None and self.cancel.is_set():
            return 0  # cancelled: what is known so far (or the rules) decides
        late = time.perf_counter() - self.start >= self.seconds
        if self.strength.clock:
            return self.most if started < self.least or not late else 0
        if started >= self.least and self.spent >= self.nodes:
            return 0
        if late:
            self.capped = True
            return 0
        return self.most

    def take(self, nodes: int) -> bool:
        """Whether the next answer in draw order counts; it spent ``nodes``."""
        if not self.strength.clock and self.taken >= self.least and self.spent >= self.nodes:
            return False
        self.taken += 1
        self.spent += nodes
        return True

    def report(self, of: str) -> None:
        """Log a decision the safety cap stopped (``of``: how many there were to take)."""
        if not self.capped:
            return
        log.warning(
            "%s: the safety cap of %g s stopped %s after %d of %s, %.1f of %.1f million "
            "nodes; this decision depends on the machine's load",
            self.strength.name,
            self.seconds,
            self.what,
            self.taken,
            of,
            self.spent / 1e6,
            self.nodes / 1e6,
        )


@dataclass(frozen=True)
class Strength:
    name: str
    budget: float  # with ``clock``: seconds per card decision
    min_worlds: int
    max_worlds: int
    inference: bool  # as declarer, weight worlds by the defenders' bidding
    exact_cards: int  # with this many cards in hand or fewer, compare cards by points
    deal_worlds: int  # simulated deals per candidate game when bidding and declaring
    deal_budget: float  # with ``clock``: seconds for one such evaluation
    candidates: int  # how many of the rules' best games are simulated
    node_limit: int  # a world whose search needs more is skipped (counted as this many)
    # Solver nodes per card decision and per bidding or declaring evaluation (for
    # ``candidates`` games; more get their share): past them no further world or deal is
    # taken (after ``min_worlds``, or two deals). Nodes, not seconds: the search, and so
    # the move, is the same on any machine and under any load.
    nodes: int
    deal_nodes: int
    # The safety caps in seconds per card decision and per evaluation: a decision that
    # reaches one stops there (its move then depends on the load) and is logged.
    cap: float = 10.0
    deal_cap: float = 10.0
    # Race the clock as the levels did before issue 27 (``budget``, ``deal_budget``;
    # no node budget, no cap): kept to compare against, e.g. ``standard(clock=true)``.
    clock: bool = False
    # What a lost game costs beyond its score: the declarer's - 50, plus the defenders'
    # 2 x 40 as far as they go to rivals. At a tournament the two defenders are two of
    # many players; in a duplicate match (arena) both are the other side in a third of
    # the declarer's seatings: 50 + 80 / 3. The beginner counts the whole 80.
    loss_malus: int = 50 + 27
    # The share of the double-dummy losses this level's declarer play still wins: the
    # defenders cannot see the cards. Measured in the arena: its declared suit games
    # lost 15 % of the worlds double-dummy but 3 % at the table; a cautious part of it.
    play_edge: float = 0.35
    # As a defender, weight worlds by the declarer's bidding too. It sharpens the picture
    # of his hand, but also makes more worlds where every card wins for him, and the
    # win/loss signal gets thin (the Schneider line then breaks the ties; measured with
    # it: +2.8 TP/G [-4.5, +10.2] over 40 duplicate deals against the same level without).
    defender_inference: bool = True
    # In card play, read a pass without a bid as a weak hand too.
    pass_inference: bool = False
    # When bidding and declaring, weight the simulated deals by the others' bidding
    # (``bidding_passes``: their passes without a bid too).
    bidding_inference: bool = True
    bidding_passes: bool = False
    # Read the others' bids, holds and passes through the rules' hand evaluation too
    # (sampling.rules_fit): a world or simulated deal whose guessed hands the rules
    # would not have bid so is used only with this chance (1: not read).
    rules_reading: float = 1.0
    # When bidding and declaring, a simulated deal lost double-dummy by fewer than this
    # many card points counts as close (0: no such split): its play edge is close_edge,
    # that of the other losses play_edge.
    close_margin: int = 0
    close_edge: float = 0.35
    # A Grand whose declarer holds fewer jacks than this gets no play edge: there the
    # declarer, who must guess where the jacks sit, loses more at the table than the
    # defenders (0: every Grand gets it).
    grand_jacks: int = 0
    # As a defender after the declarer's pick-up, deal no trump into the skat: players
    # keep their trumps when they put two cards down (sampling.discard_reading).
    discard_reading: bool = False
    # At the discard, how many of the rules' best discards of the rules' best trump game
    # are simulated (beside the best discard of each other candidate game).
    discards: int = 1
    # A Null (not Ouvert) at the table: double-dummy the defenders see the declarer's one
    # weak card and lead to it; at the table they must find it. Of the simulated deals
    # won double-dummy this level wins ``null_win``; of those lost, the edge
    # e(r) = null_edge + null_edge_slope * r, kept within [null_edge_min, null_edge_max],
    # where r is the rules' chance of the hand (``hand_eval.win_chance``): the hole of a
    # hand the rules judge hopeless is found by any defence. Defaults: no edge.
    null_win: float = 1.0
    null_edge: float = 0.0
    null_edge_slope: float = 0.0
    null_edge_min: float = 0.0
    null_edge_max: float = 1.0
    # How many simulated deals the rules' chance of a Null counts as (trump games: 2), and
    # how many deals a simulation that weighs a Null solves at least (otherwise 2): a
    # Null chosen as the best of several options on a few deals is judged too well.
    null_prior: float = 2.0
    null_deals: int = 2
    # At the discard, how many of the rules' best Null discards are simulated when a
    # Null is among the games weighed.
    null_discards: int = 1
    # After a pick-up, a Null (not Ouvert) judged below this chance is not declared while
    # another game covers the bid (0: any Null may be). No level uses it: at 0.85 against
    # two standard defenders (declarer_calibration.py --null-chance 0.2, seed 81) it
    # traded 5 Nulls (4 won, +196 TP) for 5 suit games (2 won, -176 TP); at 0.6 (seeds 84
    # and 85) it turned 6 rescue Nulls judged about one half into suit games with the
    # same outcomes: the Null rate up, not one game more won. NULL_NOTES.md.
    null_floor: float = 0.0
    # In card play, weight the worlds by how likely each makes the others' card play so
    # far too (play_reading.py: a club player's habits — no points given away for
    # nothing, a ten smeared onto partner's sure trick, an ace before its ten). Off: at
    # the 348 positions of card_regret.py (seeds 1 and 2, standard's play) where it had
    # something to read, the expert with it threw a game double-dummy 23 times, without
    # it 27; the standard 28 and 27 (every interval around 0). It changes the card at
    # 2-7 % of those positions: too rarely to be the expert's step up alone.
    play_reading: bool = False
    # In card play, weight the worlds by whether the rules, with each world's hands,
    # would have chosen the cards the others chose (policy_reading.py), each factor
    # raised to this power (0: not read). Off: at the 400 critical decisions of
    # card_regret.py (seed 1, standard's play) the standard with it at power 1 threw 37
    # games double-dummy, without it 38 (power 2: 38); it changed the card at 10-12 of
    # the 400 (benchmarks/EXPERT_NOTES.md).
    policy_reading: float = 0.0
    # Bid and hold while the best game's expected TP (``hand_eval.utility``) is above
    # minus this: a pass is not worth 0 in a match, another player may then play.
    bid_slack: float = 0.0
    # Rehearse the close cards (rehearsal.py): as a defender (and with
    # ``rehearse_declarer`` as the declarer too), the cards whose scores lie within
    # ``rehearse_band`` of the best, at most ``rehearse_cards`` of them, are played out
    # in ``rehearse_worlds`` new worlds for ``rehearse_tricks`` tricks by seats that see
    # only their own hands (a PIMC search of ``rehearse_nodes`` solver nodes a card), the
    # rest solved open; the best rehearsed card is played (0 worlds: not rehearsed). No
    # level uses it yet: with 32 worlds played to the end, the defence it chose won 320
    # of 684 playouts of the true deals at the 171 critical decisions where it played
    # another card than the standard, the standard's card 283 (card_regret.py --table,
    # seeds 1-3; +0.22 games a decision [-0.01, +0.44]), but with 24 worlds of 250,000
    # nodes -0.52 [-0.94, -0.09] at seed 1; as the declarer nothing; card p95 4.4 s
    # (benchmarks/EXPERT_NOTES.md).
    rehearse_worlds: int = 0
    rehearse_cards: int = 3
    rehearse_band: float = 0.1
    rehearse_tricks: int = 2
    rehearse_nodes: int = 400_000
    rehearse_declarer: bool = False


# Up to 64 worlds within 0.7 s per card (before: 32 within 0.35 s; card p95 0.43 s of the
# 1 s allowed, benchmarks/player_speed.py, 30 deals). Against the beginner (deal sets 6,
# 1, 2 and 3, together with reading a defender's bids by his own game, paired per deal
# against before): +0.89 TP/G [-0.51, +2.28] over 800 duplicate deals, every set up
# (+0.30 to +1.53). These figures come from the arena, whose workers search on one
# thread each: there the compiled solver visits about 7 million nodes per second, so
# the clock's 0.7 s per card and 0.6 s per evaluation are the node budgets of 5 and 4
# million below (issue 27). Against the clock version (``standard(clock=true)``, seed
# 27, two workers on a shared, loaded 2-core machine, where the clock version searches
# less): +0.94 TP/G [-1.37, +3.25] over 200 duplicate deals.
STANDARD = Strength(
    "standard",
    budget=0.7,
    min_worlds=12,
    max_worlds=64,
    inference=True,
    exact_cards=3,
    deal_worlds=16,
    deal_budget=0.6,
    candidates=3,
    node_limit=1_500_000,
    nodes=5_000_000,
    deal_nodes=4_000_000,
    # Its declared trump games against the beginner's defence, by their double-dummy
    # value at the first lead (benchmarks/declarer_calibration.py, 176 games): 51-60
    # points won 86 % at the table, 41-50 points 53 %, fewer 38 %.
    close_margin=10,
    close_edge=0.85,
    # Its Grands against the beginner: with one jack (after the skat) it judged them 85 %
    # sure at the discard and won 68 % (34 games); two jacks: 91 % and 93 % (189), three:
    # 96 % and 96 % (150). Deal sets 1 and 2; its suit games matched as well as these.
    grand_jacks=2,
    # It makes the worlds right, not the match measurably better: against the beginner
    # (deal sets 1, 2, 3 and 6, 800 duplicate deals) two such defenders beat 67 of its
    # 310 games after a pick-up (without: 65 of 307); the match +0.11 TP/G [-1.17, +1.39],
    # paired per deal.
    discard_reading=True,
    # The rules' discard is a fitted judgement; the simulation weighs its next two
    # choices for the best game as well. Against the beginner (deal sets 1 and 3, paired
    # per deal against one discard): +1.47 TP/G [-0.14, +3.07] over 400 duplicate deals;
    # its Grands after a pick-up won 296 of 317 (93 %) against 279 of 307 (91 %).
    discards=3,
    # Its Nulls against the beginner's defence (benchmarks/null_calibration.py, seeds 13
    # and 14, and benchmarks/NULL_NOTES.md): of those won double-dummy at the first lead
    # 98 % were won at the table; of those lost, 5-14 % with a rules' chance below 0.3,
    # 28 % at 0.3-0.5, 40 % at 0.5-0.6, 52 % at 0.6-0.7, 61 % at 0.7-0.8 and 80 % at
    # 0.8-0.9: the line r - 0.10 within [0.05, 0.80]. With it (and the rules' chance
    # counted as 4 deals, 8 deals at least, 3 discards) its picked-up Nulls against the
    # beginner won 68 % at +18.9 TP per game (50 games, benchmarks/declarer_calibration.py
    # seeds 77 and 78), judged 71 %; with one edge of 0.45 for every Null 56 % at -2.1,
    # judged 62 % (45 games, seed 77). Two defenders like itself find the hole more often:
    # of 23 such losses 39 % were won, fitted best by r - 0.22 (seeds 84 and 85). With
    # that line its picked-up Nulls are judged about as they are won against either
    # defence: against the standard's (seeds 84, 85) judged 67 %, won 10 of 16 at +9.6 TP
    # a game (with r - 0.10: judged 66 %, won 13 of 28 at -17.5), and against the
    # beginner's (seeds 86, 87) judged 61 %, won 19 of 29 at +14.7 (with r - 0.10: judged
    # 68 %, won 25 of 41 at +7.0); as a declarer, paired by deal, +608 and -49 TP over
    # these 1,800 deals each. Over ten such runs (seeds 84-93, both defences) it won 71 of
    # 101 picked-up Nulls (70 %) at +22.8 TP a game, judged 67 % (benchmarks/NULL_NOTES.md).
    null_win=0.98,
    null_edge=-0.22,
    null_edge_slope=1.0,
    null_edge_min=0.05,
    null_edge_max=0.80,
    null_prior=4.0,
    null_deals=8,
    null_discards=3,
)
# The expert thinks longer about every card: twice the worlds, points compared from five
# cards on, and passes read in the sampling. It bids and declares with the standard's
# simulation (larger ones measured no better against the standard: 32 deals for 4 games
# +1.16 TP/G [-1.00, +3.31] over 300 duplicate deals; 64 for 5: +0.27 [-2.44, +2.98] over
# 200 — both within the standard's 0.6 s, in which one arena thread solves a median of 9
# deals of 16: they mostly did not reach their deals), but counts on less play edge in a
# close loss: 0.85 is what its declarer play wins against the beginner's defence; against
# a defence like its own (declarer_calibration --against standard, 420 deals, 125 games)
# the close losses (51-60 points double-dummy) were won 68 %. As it is now it beats the
# standard by +2.44 TP/G [+0.59, +4.29] over 600 duplicate deals (seeds 2-4, +2.36 to
# +2.60 per set); with half the worlds on both sides it was +2.18 [+0.39, +3.96]; earlier
# experts that bid exactly as the standard measured +1.73 [-2.07, +5.52] over 200 and
# +0.8 [-1.0, +2.5] over 300, not shown.
EXPERT = Strength(
    "expert",
    budget=2.0,
    min_worlds=24,
    max_worlds=128,
    inference=True,
    exact_cards=5,
    deal_worlds=STANDARD.deal_worlds,
    deal_budget=STANDARD.deal_budget,
    candidates=STANDARD.candidates,
    node_limit=5_000_000,
    nodes=14_000_000,  # its 2 s on one arena thread
    deal_nodes=STANDARD.deal_nodes,
    cap=30.0,  # ten times its 3 s goal per card
    pass_inference=True,
    close_margin=STANDARD.close_margin,
    close_edge=0.7,
    grand_jacks=STANDARD.grand_jacks,
    discard_reading=STANDARD.discard_reading,
    discards=STANDARD.discards,
    null_win=STANDARD.null_win,
    null_edge=STANDARD.null_edge,
    null_edge_slope=STANDARD.null_edge_slope,
    null_edge_min=STANDARD.null_edge_min,
    null_edge_max=STANDARD.null_edge_max,
    null_prior=STANDARD.null_prior,
    null_deals=STANDARD.null_deals,
    null_discards=STANDARD.null_discards,
)


def _target(k: Contract, profile: RuleProfile) -> int:
    """Points the declarer needs: 61, or the announced Schneider/Schwarz."""
    if k.schwarz_announced:
        return 120
    if k.schneider_announced:
        return profile.schneider_min
    return 61


class PimcPlayer:
    """A PIMC card player; ``strength`` sets worlds, time and inference."""

    def __init__(self, strength: Strength = STANDARD, seed: int = 0):
        self.strength = strength
        self.name = strength.name
        self.rng = random.Random(seed)
        self.rules = BeginnerPlayer(random.Random(seed ^ 0x5EED))
        self._bidding_key: tuple | None = None
        self._bidding: tuple[list[he.GameOption], _Simulation] = ([], _Simulation(0))
        self._declaration: Contract | None = None
        # the chance to win the game it last chose at the discard, as it judged it
        # (benchmarks/declarer_calibration.py holds it against the table's result)
        self.judged: float | None = None

    def choose(self, view: SeatView, cancel: threading.Event | None = None) -> Action:
        plays = [a for a in view.legal if type(a) is Play]
        choice: Action | None = None
        if (
            view.phase == "play"
            and len(plays) > 1
            and view.contract is not None
            and view.to_move == view.position
        ):
            choice = self._card(view, plays, cancel)
        elif view.phase == "bidding":
            choice = self._bid(view, cancel)
        elif view.phase == "skat":
            choice = self._skat(view, cancel)
        elif view.phase == "discard":
            choice = self._discard(view, cancel)
        elif view.phase == "declare" and self._declaration is not None:
            choice = declare_action(view, self._declaration)
            self._declaration = None
        if choice is not None and choice in view.legal:
            return choice
        return self.rules.choose(view, cancel)

    def wants_interjection(self, view: SeatView) -> Action | None:
        return self.rules.wants_interjection(view)

    # ------------------------------------------------------------------- cards

    def card_scores(
        self, view: SeatView, cancel: threading.Event | None = None
    ) -> tuple[dict[int, float], int]:
        """Average outcome of each legal card over sampled worlds, from the declarer's
        side (win share, or points when counting points), and how many worlds.

        When no card makes a difference to winning in any world (the game is decided
        there), the Schneider line decides between the cards instead: a small tie-break
        added to the shares, so the shares still read as win chances."""
        s = self.strength
        null = view.game == GameType.NULL
        exact = not null and view.hand.bit_count() <= s.exact_cards
        target = 0 if null else _target(view.contract, view.profile)
        worlds = self._worlds(view, s.max_worlds)
        scores, used = self._score_worlds(view, worlds, target, exact, 1.0, cancel)
        if null or exact or len(scores) < 2 or len(set(scores.values())) > 1:
            return scores, used
        level = next(iter(scores.values()))
        finer = _schneider_line(view, target, level)
        if finer is None:
            return scores, used
        again, n = self._score_worlds(view, worlds[:used], finer, False, 0.5, cancel)
        if n:
            scores = {c: v + 0.001 * again.get(c, 0.0) for c, v in scores.items()}
        return scores, used

    def _worlds(self, view: SeatView, n: int) -> list:
        """``n`` worlds for a card decision, read as this level reads the others."""
        s = self.strength
        return sample_worlds(
            view,
            n,
            self.rng,
            inference=s.inference if view.position == view.declarer else s.defender_inference,
            passes=s.pass_inference,
            rules_reading=s.rules_reading,
            discards=s.discard_reading,
            play_reading=s.play_reading,
            policy_reading=s.policy_reading,
        )

    def _score_worlds(
        self,
        view: SeatView,
        worlds: list,
        target: int,
        exact: bool,
        share: float,
        cancel: threading.Event | None,
    ) -> tuple[dict[int, float], int]:
        """The scores of each legal card over the worlds taken (``share``: the part of
        this level's node budget, or clock budget, to spend) and how many were taken."""
        s = self.strength
        game = view.game
        decl = view.declarer
        null = game == GameType.NULL
        taken = 0 if null else points_taken(view, decl)
        totals: dict[int, float] = {}
        weight_sum = 0.0
        limit = s.node_limit
        allowance = _Allowance(
            s,
            f"a card decision with {view.hand.bit_count()} cards in hand",
            s.nodes * share * _NODE_SHARE,
            (s.budget if s.clock else s.cap) * share,
            s.min_worlds,
            len(worlds),
            cancel,
        )

        def one(w):
            pos = Position(
                game,
                decl,
                w.hands,
                view.trick,
                view.leader,
                taken,
                0 if null else points_of(w.skat),
            )
            try:
                if null:
                    sol = solve(pos, "cards", node_limit=limit)
                elif exact:
                    sol = solve(pos, "cards", target=target, node_limit=limit)
                else:
                    sol = solve(pos, "win", target=target, node_limit=limit)
            except SearchLimit:
                return w, pos, None, limit  # counts against the minimum: hard worlds end
            return w, pos, sol, sol.nodes

        used = 0
        answers = _in_order(one, worlds, allowance.more)
        try:
            for w, pos, sol, nodes in answers:
                if not allowance.take(nodes):
                    break
                used += 1
                if sol is None:
                    continue
                if null:
                    outcome = {c: float(v) for c, v in sol.card_values.items()}
                elif exact:
                    # winning first, then points
                    outcome = {c: 1000.0 * (v >= target) + v for c, v in sol.card_values.items()}
                else:
                    good = float(sol.declarer_wins)
                    outcome = {c: good for c in sol.best}
                    for c in cards_of(pos.legal()):
                        outcome.setdefault(c, 1.0 - good)
                for c, v in outcome.items():
                    totals[c] = totals.get(c, 0.0) + w.weight * v
                weight_sum += w.weight
        finally:
            answers.close()
        allowance.report(f"{len(worlds)} worlds")
        if not weight_sum:
            return {}, 0
        return {c: v / weight_sum for c, v in totals.items()}, used

    def _card(self, view: SeatView, plays: list[Play], cancel) -> Action | None:
        scores, used = self.card_scores(view, cancel)
        if not used:
            return None
        sign = 1.0 if view.position == view.declarer else -1.0
        s = self.strength
        if s.rehearse_worlds and (sign < 0 or s.rehearse_declarer):
            scores = self._rehearsed(view, plays, scores, sign, cancel)
        best = max(sign * scores[a.card] for a in plays)
        ties = [a for a in plays if sign * scores[a.card] >= best - 1e-9]
        if len(ties) == 1:
            return ties[0]
        preferred = self.rules.choose(view)  # the rules break ties between equal cards
        return preferred if preferred in ties else ties[0]

    def _rehearsed(
        self, view: SeatView, plays: list[Play], scores: dict[int, float], sign: float, cancel
    ) -> dict[int, float]:
        """``scores`` with the close cards' replaced by their rehearsed win shares, and
        the others' moved below them: the rehearsal decides among the close cards."""
        s = self.strength
        ranked = sorted((a.card for a in plays), key=lambda c: -sign * scores[c])
        top = sign * scores[ranked[0]]
        close = [c for c in ranked if sign * scores[c] >= top - s.rehearse_band]
        close = close[: s.rehearse_cards]
        if len(close) < 2:
            return scores
        inner = replace(
            STANDARD,
            name=f"{s.name} rehearsal",
            min_worlds=4,
            max_worlds=8,
            nodes=s.rehearse_nodes,
            rehearse_worlds=0,
        )

        def chooser(seed: int) -> Callable[[SeatView, threading.Event | None], Action]:
            return PimcPlayer(inner, seed).choose

        worlds = self._worlds(view, s.rehearse_worlds)
        null = view.game == GameType.NULL
        target = 0 if null else _target(view.contract, view.profile)
        shares = rehearse(
            view, worlds, close, target, s.rehearse_tricks, chooser, self.rng, s.node_limit, cancel
        )
        if len(shares) < len(close):
            return scores
        # ties among the rehearsed keep the search's order: a small tie-break
        out = {c: sign * -2.0 for c in scores}
        for i, c in enumerate(close):
            out[c] = shares[c] - sign * 1e-6 * i
        return out

    # ------------------------------------------------- bidding and declaring

    def _simulate(
        self,
        view: SeatView,
        hand: int,
        options: list[tuple[Contract, int | None]],
        cancel: threading.Event | None,
        sim: _Simulation | None = None,
        fits: Callable[[tuple[int, int, int]], bool] | None = None,
        what: str = "a simulation",
    ) -> _Simulation:
        """Double-dummy results of each (contract, discard) on deals of the cards this
        seat cannot see; :meth:`_Simulation.shares` weights them by the bidding.

        ``hand``: the declarer's 10 cards, or 12 with the skat when a discard is given;
        a discard of ``None`` with 10 cards and no skat known means the skat is dealt
        too (Hand games; pick-up games judged before the skat discard with the rules'
        best discard).

        Given ``sim`` (of the same hand and options), its deals are used again and
        more are drawn as needed. With ``fits``, a deal whose other hands do not fit the
        bidding so far is used only with the chance ``rules_reading``; the deals used
        now are ``sim.used``; ``what`` names the decision for the log."""
        s = self.strength
        me = view.position
        unseen = cards_of(FULL_DECK & ~hand)
        others = [p for p in range(3) if p != me]
        profile = view.profile

        def deals(rng: random.Random) -> Iterator[tuple[list[int], int, float]]:
            while True:  # drawn here, in order: the same seed gives the same deals
                rng.shuffle(unseen)
                if hand.bit_count() == 12:
                    skat = 0
                    opp = (unseen[:10], unseen[10:20])
                else:
                    skat = (1 << unseen[0]) | (1 << unseen[1])
                    opp = (unseen[2:12], unseen[12:22])
                hands = [0, 0, 0]
                for p, cards in zip(others, opp, strict=True):
                    for c in cards:
                        hands[p] |= 1 << c
                keep = rng.random() if s.rules_reading < 1.0 else 0.0
                yield hands, skat, keep

        if sim is None:
            sim = _Simulation(len(options))
        if sim.draw is None:
            # the deals' own random numbers: how many are drawn (ahead, for a spare
            # thread) then changes none of this player's later draws
            sim.draw = deals(random.Random(self.rng.getrandbits(64)))
        counts: dict[int, bool] = {}

        def counted(i: int) -> bool:
            """Whether deal ``i`` answers now: every deal, or one that fits the bidding."""
            if i not in counts:
                counts[i] = fits is None or sim.keep[i] < s.rules_reading or fits(sim.deals[i])
            return counts[i]

        def to_solve() -> Iterator[int]:
            """The deals to use, in the order drawn; those not solved yet are yielded."""
            i = used = 0
            while used < s.deal_worlds:
                if i == len(sim.deals):
                    if fits is not None and i >= s.deal_worlds * _POOL:
                        return  # the bidding fits few deals: fewer are used
                    hands, skat, keep = next(sim.draw)
                    sim.add((hands[0], hands[1], hands[2]), skat, keep)
                if counted(i):
                    used += 1
                    if sim.results[i] is None:
                        yield i
                i += 1

        def one(i: int) -> tuple[int, list[float | None], int]:
            hands, skat = sim.deals[i], sim.skats[i]
            row: list[float | None] = []
            nodes = 0
            # Null and Null Ouvert are one double-dummy problem: solved once
            solved: dict[tuple[int, int, int, int], float | None] = {}
            for k, discard in options:
                mine = hand
                buried = skat
                if discard is not None:
                    mine, buried = hand & ~discard, discard
                elif not k.hand and hand.bit_count() == 10:
                    d1, d2 = he.best_discard(hand | skat, k.game, profile)
                    buried = (1 << d1) | (1 << d2)
                    mine = (hand | skat) & ~buried
                played = list(hands)
                played[me] = mine
                null = k.game == GameType.NULL
                pos = Position(
                    k.game,
                    me,
                    (played[0], played[1], played[2]),
                    (),
                    0,
                    0,
                    0 if null else points_of(buried),
                )
                target = _target(k, profile)
                key = (int(k.game), target, mine, buried)
                if key not in solved:
                    won, n = _wins(pos, target, s.node_limit)
                    nodes += n
                    if won is False and s.close_margin and not null:
                        near, n = _wins(pos, target - s.close_margin, s.node_limit)
                        nodes += n
                        won = None if near is None else _CLOSE if near else False
                    solved[key] = won
                row.append(solved[key])
            return i, row, nodes

        # the budget is for ``candidates`` options; further discards get their share
        share = max(1.0, len(options) / s.candidates)
        null = any(k.game == GameType.NULL and not k.ouvert for k, _ in options)
        allowance = _Allowance(
            s,
            what,
            s.deal_nodes * share * _NODE_SHARE,
            (s.deal_budget if s.clock else s.deal_cap) * share,
            min(s.null_deals, s.deal_worlds) if null else 2,
            s.deal_worlds,
            cancel,
        )
        answers = _in_order(one, to_solve(), allowance.more)
        try:
            for i, row, nodes in answers:
                if not allowance.take(nodes):
                    break
                sim.results[i] = row
        finally:
            answers.close()
        # The deals used: those that answer now, in the order drawn, up to the first not
        # solved (the node budget ended there; a spare thread may have drawn further).
        sim.used = []
        for i in range(len(sim.deals)):
            if len(sim.used) == s.deal_worlds:
                break
            if counted(i):
                if sim.results[i] is None:
                    break
                sim.used.append(i)
        allowance.report(f"{s.deal_worlds} deals")
        return sim

    def _bidding_fit(self, view: SeatView) -> Callable[[tuple[int, int, int], int], float] | None:
        """How a simulated deal counts by the others' bidding (None: alike)."""
        s = self.strength
        if not s.bidding_inference:
            return None
        return bidding_weigher(view, s.bidding_passes)

    def _play_chance(
        self,
        share: float,
        n: float,
        prior: float,
        k: Contract,
        close: float | None = None,
        jacks: int = 4,
    ) -> float:
        """Chance to win at the table: the simulated double-dummy share over ``n``
        (effective) deals — a few deals say little alone: the rules' estimate is a
        prior — plus this level's play edge in contract ``k``: in trump games, and in a
        Null whose hand the defenders cannot see (``null_win``, ``null_edge``: there the
        prior is the rules' chance r the edge depends on; an Ouvert's hand is open: none).
        ``close``: the share of the simulated losses that were close (see
        ``close_margin``); ``jacks``: how many the declarer holds (see ``grand_jacks``)."""
        s = self.strength
        if k.game == GameType.NULL:
            if k.ouvert:
                return (share * n + 2 * prior) / (n + 2)
            p = (share * n + s.null_prior * prior) / (n + s.null_prior)
            edge = s.null_edge + s.null_edge_slope * prior
            edge = min(max(edge, s.null_edge_min), s.null_edge_max)
            return s.null_win * p + edge * (1 - p)
        p = (share * n + 2 * prior) / (n + 2)
        if k.game == GameType.GRAND and jacks < s.grand_jacks:
            return p
        edge = s.play_edge
        if close is not None:
            edge = close * s.close_edge + (1 - close) * s.play_edge
        return p + edge * (1 - p)

    def _bidding_options(
        self, view: SeatView, cancel, bid: int
    ) -> list[tuple[Contract, int, float]]:
        """The candidate games of this hand with value and simulated expected score when
        playing at ``bid``.

        The deals are simulated once per hand; their weights follow the bidding as it
        goes on (a player who holds 30 is unlikely to hold nothing). Read by the rules,
        the deals that fit the bidding so far are used, drawn and solved as needed.

        A game whose value depends on the skat (its matadors count the skat's cards:
        "without 4" becomes "without 1" when the skat holds the top jack) is lost as
        overbid on the skats that leave it below ``bid``; its double-dummy share counts
        the other deals."""
        s = self.strength
        profile = view.profile
        key = (view.hand, view.position, profile)
        fits = rules_fit(view) if s.rules_reading < 1.0 else None
        first = key != self._bidding_key
        if first:
            opts = he.evaluate_hand(view.hand, profile, view.position)
            top = [o for o in opts if o.value_estimate >= 18][: s.candidates]
            every = [
                (1 << a) | (1 << b) for a, b in combinations(cards_of(FULL_DECK & ~view.hand), 2)
            ]
            values = [_values_by_skat(view.hand, o.contract, profile, every) for o in top]
            self._bidding_key, self._bidding = key, (top, _Simulation(len(top)), values)
        top, sim, values = self._bidding
        if first or fits is not None:
            # (read again as the bidding goes on: other deals may fit it now)
            options = [(o.contract, None) for o in top]
            self._simulate(view, view.hand, options, cancel, sim, fits, f"the bidding at {bid}")
        skats = [sim.skats[j] for j in sim.used]
        covered = [
            [v >= bid for v in _values_by_skat(view.hand, o.contract, profile, skats)] for o in top
        ]
        shares = sim.shares(self._bidding_fit(view), covered)
        out = []
        for o, (share, n, close), every in zip(top, shares, values, strict=True):
            q = sum(v >= bid for v in every) / len(every)
            k = o.contract
            p = q * self._play_chance(share, n, o.win_chance_estimate, k, close, _jacks(view.hand))
            lf = profile.loss_factor(k.hand)
            u = he.utility(p, o.value_estimate, lf, s.loss_malus)
            out.append((k, o.value_estimate, u))
        return out

    def _bid(self, view: SeatView, cancel) -> Action | None:
        first = view.legal[0]
        if type(first) is Bid:
            level = first.value
        elif type(first) is Hold:
            level = _offered(view)
        else:
            return None
        options = self._bidding_options(view, cancel, level)
        worth = any(v >= level and u > -self.strength.bid_slack for _, v, u in options)
        return first if worth else view.legal[-1]

    def _skat(self, view: SeatView, cancel) -> Action | None:
        options = [o for o in self._bidding_options(view, cancel, view.bid) if o[1] >= view.bid]
        if not options:
            return PickUp(view.position)
        k, _, _ = max(options, key=lambda o: o[2])
        if k.hand:
            return declare_action(view, k)
        return PickUp(view.position)

    def _discard(self, view: SeatView, cancel) -> Action | None:
        """Choose game and discard together by simulating the best candidates."""
        self.judged = None
        hand12 = view.hand
        profile = view.profile
        candidates = []
        games = (*he.TRUMP_GAMES, GameType.NULL)

        def chance(g: GameType, d1: int, d2: int) -> float:
            """The rules' chance to win game ``g`` after putting d1 and d2 down."""
            final = hand12 & ~((1 << d1) | (1 << d2))
            sp = 0 if g == GameType.NULL else POINTS[d1] + POINTS[d2]
            return he.win_chance(final, g, view.position, pre=False, skat_points=sp)

        for g in games:
            # (contract, value, power of the rules' chance that judges it)
            if g == GameType.NULL:
                # Null Ouvert too: the bidding may have counted on its higher value
                # (the rules judge it as a nearly sure Null, as hand_eval does)
                games_here = [(Contract(g), profile.null_value(False, False), 1)]
                ouvert = Contract(g, ouvert=True)
                if not contract_problem(profile, ouvert, picked_up=True):
                    games_here.append((ouvert, profile.null_value(False, True), 4))
            else:
                m = matadors(hand12, g)[1]
                k = Contract(g)
                games_here = [(k, he.suit_grand_value(profile, k, m), 1)]
            games_here = [x for x in games_here if x[1] >= view.bid]
            if not games_here:
                continue
            d1, d2 = he.best_discard(hand12, g, profile)
            p0 = chance(g, d1, d2)
            for k, value, power in games_here:
                candidates.append((p0**power, k, (1 << d1) | (1 << d2), value))
        if not candidates:
            return None  # nothing covers the bid: the rules pick the cheapest loss
        # the games of the best expected score by the rules (not the surest: with four
        # jacks every suit game is a hair surer than the Grand worth twice as much)
        lf, malus = profile.loss_factor(False), self.strength.loss_malus
        candidates.sort(key=lambda c: -he.utility(c[0], c[3], lf, malus))
        top = candidates[: self.strength.candidates]
        _, k, _, value = top[0]
        if k.game != GameType.NULL:  # the best trump game with the rules' next discards too
            for d1, d2 in he.ranked_discards(hand12, k.game, profile, self.strength.discards)[1:]:
                top.append((chance(k.game, d1, d2), k, (1 << d1) | (1 << d2), value))
        nulls = [(k, v) for _, k, _, v in top if k.game == GameType.NULL]
        if any(not k.ouvert for k, _ in nulls):  # a Null's discard is simulated too
            ranked = he.ranked_discards(hand12, GameType.NULL, profile, self.strength.null_discards)
            for d1, d2 in ranked[1:]:
                p0 = chance(GameType.NULL, d1, d2)
                for k, value in nulls:  # (Null and Null Ouvert are solved once)
                    top.append((p0 ** (4 if k.ouvert else 1), k, (1 << d1) | (1 << d2), value))
        fits = rules_fit(view) if self.strength.rules_reading < 1.0 else None
        options = [(k, d) for _, k, d, _ in top]
        sim = self._simulate(view, hand12, options, cancel, fits=fits, what="the discard")
        shares = sim.shares(self._bidding_fit(view))
        judged = []
        for (p0, k, d, value), (share, n, close) in zip(top, shares, strict=True):
            p = self._play_chance(share, n, p0, k, close, _jacks(hand12))
            judged.append((he.utility(p, value, lf, malus), k, d, p))
        floor = self.strength.null_floor
        sure = [j for j in judged if j[1].game != GameType.NULL or j[1].ouvert or j[3] >= floor]
        _, k, d, self.judged = max(sure or judged, key=lambda j: j[0])
        self._declaration = k
        c1, c2 = cards_of(d)
        return Discard(view.position, (c1, c2))


def _wins(pos: Position, target: int, node_limit: int) -> tuple[bool | None, int]:
    """Whether the declarer reaches ``target`` double-dummy (a null-window query;
    ``None``: more than ``node_limit`` nodes) and the nodes it took."""
    try:
        found = solve(pos, "win", target=target, node_limit=node_limit, answer_cards=False)
    except SearchLimit:
        return None, node_limit
    return bool(found.declarer_wins), found.nodes


def _jacks(hand: int) -> int:
    return (hand & JACKS).bit_count()


# A simulated deal lost double-dummy, but by less than ``close_margin`` points.
_CLOSE = 0.5

# Deals drawn at most per simulated deal wanted, when the bidding fits few of them.
_POOL = 8


class _Simulation:
    """Simulated deals for bidding and declaring: the other positions' hands of each
    deal drawn, its skat, and per deal and candidate game whether the declarer wins
    double-dummy (``None``: the search was too big; a row of ``None``: not solved).
    ``used``: the deals that answer now (all of them unless the bidding is read)."""

    def __init__(self, options: int):
        self.options = options
        self.deals: list[tuple[int, int, int]] = []
        self.skats: list[int] = []
        self.keep: list[float] = []  # a deal that does not fit is used when below the reading
        self.results: list[list[float | None] | None] = []
        self.used: list[int] | None = None
        self.draw: Iterator[tuple[list[int], int, float]] | None = None

    def add(self, hands: tuple[int, int, int], skat: int, keep: float) -> None:
        self.deals.append(hands)
        self.skats.append(skat)
        self.keep.append(keep)
        self.results.append(None)

    def shares(
        self,
        fit: Callable[[tuple[int, int, int], int], float] | None,
        covered: list[list[bool]] | None = None,
    ) -> list[tuple[float, float, float | None]]:
        """Per candidate: the win share, the effective number of deals behind it and
        the share of the losses that were close (None: none, or not told apart).
        A deal counts as much as ``fit`` says the other hands fit the bidding so far
        (``None``: all alike); 0.5 from no deal. ``covered`` (per candidate and deal):
        only the deals marked count, in the order of ``used``."""
        # the skat only counts for a declarer who picked it up: none while bidding, and
        # the seat itself when discarding
        used = range(len(self.deals)) if self.used is None else self.used
        out = []
        for i in range(self.options):
            won = total = square = near = 0.0
            for d, j in enumerate(used):
                row = self.results[j]
                if row is None or row[i] is None or (covered is not None and not covered[i][d]):
                    continue
                w = fit(self.deals[j], 0) if fit else 1.0
                won += w * (row[i] == 1)
                near += w * (row[i] == _CLOSE)
                total += w
                square += w * w
            if not total:
                out.append((0.5, 0.0, None))
                continue
            lost = total - won
            out.append((won / total, total * total / square, near / lost if lost > 0 else None))
        return out


def _values_by_skat(hand: int, k: Contract, profile: RuleProfile, skats: list[int]) -> list[int]:
    """The game's value at the simple level with each skat (matadors count the skat;
    a Null's value is fixed)."""
    if k.game == GameType.NULL:
        return [profile.null_value(k.hand, k.ouvert)] * len(skats)
    return [he.suit_grand_value(profile, k, matadors(hand | skat, k.game)[1]) for skat in skats]


def _schneider_line(view: SeatView, target: int, level: float) -> int | None:
    """The next target that still matters when the game is decided in every world:
    Schneider for a declarer who wins everywhere, escaping it for one who loses."""
    schneider = view.profile.schneider_min
    if level >= 1.0 - 1e-9 and target < schneider:
        return schneider
    if level <= 1e-9 and target > 120 - schneider + 1:
        return 120 - schneider + 1
    return None


def _offered(view: SeatView) -> int:
    """The bid this seat is asked to hold."""
    return max((v for _, kind, v in view.auction if kind == "bid"), default=0)
