"""Double-dummy solver: the value of a Skat position with every hand open.

Alpha-beta over single cards with a transposition table (the cards in hand, the
leader and the trick on the table decide the rest of the game), equivalent-card
reduction (cards next to each other in power among the cards in play, in one hand,
with equal card points — in Null points do not matter), a dominance rule for such
runs with unequal points (when the side taking the trick is settled, only the run's
richest or poorest card is searched), heuristic move ordering,
and null-window searches that bisect the range for the exact card-point value (the
search's fail-soft bounds are too weak for MTD(f)); a win query is a single one.

Two implementations give identical results: this module's pure-Python search, which
always works, and the compiled ``_dds`` extension (built by ``pip install .`` where a
C compiler exists), which is about a hundred times faster. :func:`solve` uses the
compiled one when it is there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from skat_desktop.engine.cards import (
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    POINTS,
    POWER,
    TRUMP,
    GameType,
    cards_of,
    points_of,
)

try:  # the optional compiled fast path
    from skat_desktop.ai import _dds

    _dds.init_tables(EFFECTIVE_SUIT, POWER, POINTS)
except ImportError:  # no compiler where it was installed: the pure-Python search serves
    _dds = None

HAVE_FAST_PATH = _dds is not None
ROOT_ONLY = 8  # mode flag of analyze(): the position's answer, no answer per card
NULL = GameType.NULL

# ascending power per effective suit and game (the move generator walks these)
_ORDER = tuple(
    tuple(
        tuple(
            sorted((c for c in range(32) if EFFECTIVE_SUIT[g][c] == e), key=lambda c: POWER[g][c])
        )
        for e in range(5)
    )
    for g in range(7)
)


class PositionError(ValueError):
    """A position that cannot occur (one sentence)."""


class SearchLimit(Exception):
    """The search met its node limit before it was done (no answer)."""


@dataclass(frozen=True)
class Position:
    """Cards in play by position (0..2), a trick in progress and who led it.

    ``declarer_points`` are the points the declarer already took in completed tricks
    and ``skat_points`` those of the skat; both count for him in the final value.
    """

    game: GameType
    declarer: int
    hands: tuple[int, int, int]
    trick: tuple[int, ...] = ()
    leader: int = 0
    declarer_points: int = 0
    skat_points: int = 0

    def __post_init__(self) -> None:
        if self.game not in range(6):
            raise PositionError("the solver plays suit, Grand and Null games")
        if self.declarer not in (0, 1, 2) or self.leader not in (0, 1, 2):
            raise PositionError("declarer and leader are positions 0, 1 or 2")
        if len(self.trick) > 2:
            raise PositionError("a trick in progress holds at most two cards")
        seen = 0
        for m in (*self.hands, *(1 << c for c in self.trick)):
            if m < 0 or m >> 32 or seen & m:
                raise PositionError("a card is in play twice")
            seen |= m
        sizes = [h.bit_count() for h in self.hands]
        n = max(sizes)
        for i in range(3):
            played = (i - self.leader) % 3 < len(self.trick)
            if sizes[i] != n - (1 if played else 0) or (played and n == 0):
                raise PositionError("the hands do not fit the trick in progress")
        if n > 10:
            raise PositionError("a hand holds at most ten cards")

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def legal(self) -> int:
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        follow = hand & EFFECTIVE_MASKS[self.game][EFFECTIVE_SUIT[self.game][self.trick[0]]]
        return follow or hand

    @property
    def points_in_play(self) -> int:
        return points_of(self.hands[0] | self.hands[1] | self.hands[2]) + sum(
            POINTS[c] for c in self.trick
        )


@dataclass(frozen=True)
class Solution:
    """``value``: the declarer's final card points (skat and points taken included) with
    perfect play; ``declarer_wins`` for win queries and Null; ``best``: every optimal card;
    ``card_values``: each legal card's value (query ``cards``)."""

    value: int | None
    declarer_wins: bool | None
    best: tuple[int, ...]
    nodes: int
    ms: float
    card_values: dict[int, int] = field(default_factory=dict)


# ------------------------------------------------------------------ pure Python


class _Search:
    """The search of ``_dds.c``, line for line (kept in step with it)."""

    def __init__(self, game: int, declarer: int, hands, trick, leader: int, limit: int = 0):
        self.g = game
        self.decl = declarer
        self.null = game == NULL
        self.hand = list(hands)
        self.trick = list(trick)
        self.leader = leader
        self.nodes = 0
        self.limit = limit
        self.tt: dict[tuple[int, ...], list[int]] = {}  # key -> [lo, hi, best]

    def winning_index(self) -> int:
        es, pw = EFFECTIVE_SUIT[self.g], POWER[self.g]
        t = self.trick
        best = 0
        for i in range(1, len(t)):
            c, b = t[i], t[best]
            if (es[c] == es[b] and pw[c] > pw[b]) or (es[c] == TRUMP and es[b] != TRUMP):
                best = i
        return best

    def beats(self, c: int, b: int) -> bool:
        es, pw = EFFECTIVE_SUIT[self.g], POWER[self.g]
        return (es[c] == es[b] and pw[c] > pw[b]) or (es[c] == TRUMP and es[b] != TRUMP)

    def sure_trick(self, mover: int, c: int) -> bool:
        """For move ordering only: does the mover's side take the trick with c, as far
        as the opponents still to play cannot beat it? (A partner in between is not
        looked at.)"""
        g, t = self.g, self.trick
        es, pw = EFFECTIVE_SUIT[g], POWER[g]
        lead_mask = EFFECTIVE_MASKS[g][es[t[0] if t else c]]
        mine = mover == self.decl
        for k in range(len(t) + 1, 3):
            p = (self.leader + k) % 3
            if (p == self.decl) == mine:
                continue
            h = self.hand[p]
            if h & lead_mask:
                beaters = [x for x in cards_of(h & lead_mask) if pw[x] > pw[c] and es[x] == es[c]]
            else:
                beaters = [x for x in cards_of(h) if self.beats(x, c)]
            if beaters:
                return False
        return True

    def fixed_side(self, mover: int, c: int) -> int:
        """1 if the declarer takes the current trick when the mover plays c whatever the
        players after him play, 0 if the defenders do, -1 if it depends on them."""
        g, decl, t = self.g, self.decl, self.trick
        best_c, best_p = c, mover
        if t:
            wi = self.winning_index()
            if not self.beats(c, t[wi]):
                best_c, best_p = t[wi], (self.leader + wi) % 3
        lead_mask = EFFECTIVE_MASKS[g][EFFECTIVE_SUIT[g][t[0] if t else c]]
        p1, p2 = (mover + 1) % 3, (mover + 2) % 3
        l1 = self.hand[p1] & lead_mask or self.hand[p1]
        l2 = self.hand[p2] & lead_mask or self.hand[p2]
        if len(t) == 2:
            return int(best_p == decl)
        if len(t) == 1:
            side = best_p == decl
            for x in cards_of(l1):
                w = p1 if self.beats(x, best_c) else best_p
                if (w == decl) != side:
                    return -1
            return int(side)
        side = mover == decl
        for x in cards_of(l1):
            bc, bp = (x, p1) if self.beats(x, best_c) else (best_c, best_p)
            for y in cards_of(l2):
                w = p2 if self.beats(y, bc) else bp
                if (w == decl) != side:
                    return -1
        return int(side)

    def add_run(self, mover: int, run: list[int], moves: list[int]) -> None:
        """The moves worth searching of a run of the mover's legal cards next to each
        other in power among the cards in play (see add_run in _dds.c for why)."""
        if not run:
            return
        if self.null:
            moves.append(run[-1])
            return
        lo = hi = run[-1]
        for c in reversed(run[:-1]):  # highest card of the poorest / richest points
            if POINTS[c] < POINTS[lo]:
                lo = c
            if POINTS[c] > POINTS[hi]:
                hi = c
        if any(POINTS[c] != POINTS[run[-1]] for c in run):
            side = self.fixed_side(mover, run[-1])
            if side >= 0:
                moves.append(hi if side == (mover == self.decl) else lo)
                return
        for i, c in enumerate(run):
            if i + 1 < len(run) and POINTS[run[i + 1]] == POINTS[c]:
                continue  # the next card stands for it
            moves.append(c)

    def gen_moves(self, mover: int, first: int) -> list[int]:
        g = self.g
        es, pw = EFFECTIVE_SUIT[g], POWER[g]
        hand = self.hand[mover]
        legal = hand
        t = self.trick
        if t:
            follow = hand & EFFECTIVE_MASKS[g][es[t[0]]]
            if follow:
                legal = follow
        in_play = self.hand[0] | self.hand[1] | self.hand[2]
        for c in t:
            in_play |= 1 << c
        moves: list[int] = []
        for e in range(5):
            if not legal & EFFECTIVE_MASKS[g][e]:
                continue
            run: list[int] = []
            for c in _ORDER[g][e]:
                if not in_play >> c & 1:
                    continue
                if legal >> c & 1:
                    run.append(c)
                else:
                    self.add_run(mover, run, moves)
                    run = []
            self.add_run(mover, run, moves)
        decl_side = mover == self.decl
        nt = len(t)
        if nt:
            wi = self.winning_index()
            cur_best = t[wi]
            winner_pos = (self.leader + wi) % 3
            partner_wins = (winner_pos == self.decl) == decl_side
        scores = []
        for c in moves:
            if self.null:
                if decl_side:
                    sc = 100 + pw[c] if nt and not self.beats(c, cur_best) else 50 - pw[c]
                elif nt and partner_wins and winner_pos != self.decl:
                    sc = 80 - pw[c]
                else:
                    sc = 60 + pw[c]
            elif nt == 0:
                sc = pw[c] + ((40 if decl_side else -20) if es[c] == TRUMP else 0) + POINTS[c]
                if self.sure_trick(mover, c):
                    sc += 300  # a sure trick first
            elif self.beats(c, cur_best):
                if nt == 2:
                    sc = 200 + 3 * POINTS[c] - pw[c] // 2
                elif self.sure_trick(mover, c):
                    sc = 250 + 3 * POINTS[c]
                else:
                    sc = 150 + pw[c]
            elif partner_wins:
                sc = 100 + 3 * POINTS[c]
            else:
                sc = 50 - 3 * POINTS[c] - pw[c] // 4
            if c == first:
                sc += 1000
            scores.append(sc)
        order = sorted(range(len(moves)), key=lambda i: -scores[i])  # stable, like the C sort
        return [moves[i] for i in order]

    def representative(self, c: int, mover: int, legal: int) -> int:
        """The highest card of c's run of equivalent legal cards (gen_moves keeps it)."""
        g = self.g
        es = EFFECTIVE_SUIT[g]
        in_play = self.hand[0] | self.hand[1] | self.hand[2]
        for x in self.trick:
            in_play |= 1 << x
        order = [x for x in _ORDER[g][es[c]] if in_play >> x & 1]
        i = order.index(c)
        while i + 1 < len(order):
            nxt = order[i + 1]
            if not legal >> nxt & 1 or not (self.null or POINTS[nxt] == POINTS[order[i]]):
                break
            i += 1
        return order[i]

    def search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            raise SearchLimit(f"more than {self.limit} nodes")
        t = self.trick
        mover = (self.leader + len(t)) % 3
        first = -1
        rem = self.hand[0] | self.hand[1] | self.hand[2]
        if not t:
            if not rem:
                return 1 if self.null else 0
            top = 1 if self.null else points_of(rem)
            if alpha >= top:
                return top
            if beta <= 0:
                return 0
            lead_hand = self.hand[self.leader]
            if not lead_hand & (lead_hand - 1):  # the last trick plays itself
                lead = self.leader
                cards = [self.hand[(lead + i) % 3].bit_length() - 1 for i in range(3)]
                w, best = lead, cards[0]
                for i in (1, 2):
                    if self.beats(cards[i], best):
                        w, best = (lead + i) % 3, cards[i]
                if self.null:
                    return int(w != self.decl)
                return top if w == self.decl else 0
        key = (rem, self.leader)
        entry = None if t else self.tt.get(key)  # the table at a trick's start only
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
            if alpha >= beta:
                return alpha
        moves = self.gen_moves(mover, first)
        is_max = mover == self.decl
        best = -1 if is_max else 1000
        best_move = -1
        a, b = alpha, beta
        for c in moves:
            self.hand[mover] &= ~(1 << c)
            t.append(c)
            if len(t) == 3:
                w = (self.leader + self.winning_index()) % 3
                old_leader = self.leader
                trick = t[:]
                self.leader = w
                t.clear()
                if self.null:
                    v = 0 if w == self.decl else self.search(a, b)
                else:
                    gain = (
                        POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
                        if (w == self.decl)
                        else 0
                    )
                    v = gain + self.search(a - gain, b - gain)
                t[:] = trick
                self.leader = old_leader
            else:
                v = self.search(a, b)
            t.pop()
            self.hand[mover] |= 1 << c
            if is_max:
                if v > best:
                    best, best_move = v, c
                a = max(a, best)
            else:
                if v < best:
                    best, best_move = v, c
                b = min(b, best)
            if a >= b:
                break
        if t:
            return best
        lo, hi = (entry[0], entry[1]) if entry is not None else (0, 120)
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = [lo, hi, best_move]
        return best

    def total_points(self) -> int:
        return points_of(self.hand[0] | self.hand[1] | self.hand[2]) + sum(
            POINTS[c] for c in self.trick
        )

    def exact(self) -> int:
        if self.null:
            return self.search(0, 1)
        lower, upper = 0, self.total_points()
        while lower < upper:  # bisection, as in _dds.c
            beta = (lower + upper + 1) // 2
            g = self.search(beta - 1, beta)
            if g >= beta:
                lower = min(g, upper)
            else:
                upper = max(g, lower)
        return lower

    def after_move(self, c: int, mode: int, threshold: int) -> int:
        t = self.trick
        mover = (self.leader + len(t)) % 3
        self.hand[mover] &= ~(1 << c)
        t.append(c)
        saved_leader = self.leader
        trick = t[:]
        gain = 0
        done = False
        v = 0
        if len(t) == 3:
            w = (self.leader + self.winning_index()) % 3
            if self.null and w == self.decl:
                v, done = 0, True
            else:
                if not self.null and w == self.decl:
                    gain = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
                self.leader = w
                t.clear()
        if not done:
            if mode == 1:
                r = self.search(threshold - gain - 1, threshold - gain)
                v = 1 if r + gain >= threshold else 0
            else:
                v = gain + self.exact()
        t[:] = trick
        self.leader = saved_leader
        t.pop()
        self.hand[mover] |= 1 << c
        return v


def _analyze_python(game, decl, hands, trick, leader, mode, threshold, limit=0):
    root_only = mode & ROOT_ONLY
    mode &= ~ROOT_ONLY
    s = _Search(game, decl, hands, trick, leader, limit)
    if mode == 1:
        r = s.search(0, 1) if s.null else s.search(threshold - 1, threshold)
        value = r if s.null else (1 if r >= threshold else 0)
    else:
        value = s.exact()
    if root_only:
        return value, [], s.nodes
    mover = (leader + len(trick)) % 3
    legal = hands[mover]
    if trick:
        follow = legal & EFFECTIVE_MASKS[game][EFFECTIVE_SUIT[game][trick[0]]]
        legal = follow or legal
    out = []
    known: dict[int, int] = {}  # representative -> value: equivalent cards share it
    for c in cards_of(legal):
        rep = s.representative(c, mover, legal)
        if rep in known:
            out.append((c, known[rep]))
            continue
        if mode == 2 or s.null:
            v = s.after_move(c, 0, 0)
        elif mode == 1:
            v = s.after_move(c, 1, threshold)
        else:
            is_max = mover == decl
            hit = s.after_move(c, 1, value if is_max else value + 1)
            v = (value if hit else -1) if is_max else (-1 if hit else value)
        known[rep] = v
        out.append((c, v))
    return value, out, s.nodes


# ------------------------------------------------------------------- public API


def solve(
    position: Position,
    query: str = "value",
    engine: str = "auto",
    target: int = 61,
    node_limit: int = 0,
    answer_cards: bool = True,
) -> Solution:
    """Solve ``position``. ``query``: ``value`` (exact points and every optimal card),
    ``win`` (does the declarer reach ``target`` points, 61 unless e.g. Schneider was
    announced?) or ``cards`` (the exact value of every legal card). Null games always
    answer whether the declarer takes no further trick. ``engine``: ``auto``, ``c`` or
    ``python``. A positive ``node_limit`` bounds the work: past it :class:`SearchLimit`
    is raised (players under a time budget skip that world). ``answer_cards=False``
    answers for the position alone (``best`` stays empty), for a ``value`` or ``win`` query
    whose caller needs no card: a simulated deal judged for bidding. It saves the
    search of every other card, about half the time."""
    if engine == "auto":
        engine = "c" if HAVE_FAST_PATH else "python"
    if engine == "c" and not HAVE_FAST_PATH:
        raise RuntimeError("the compiled solver is not installed (no C compiler at install time)")
    if engine not in ("c", "python"):
        raise ValueError(f"unknown solver engine {engine!r}")
    p = position
    if not any(p.hands) and not p.trick:
        raise PositionError("there are no cards left to play")
    mode = {"value": 0, "win": 1, "cards": 2}.get(query)
    if mode is None:
        raise ValueError(f"unknown query {query!r}: value, win or cards")
    if not answer_cards and mode == 2:
        raise ValueError("the query 'cards' answers per card: it needs answer_cards=True")
    base = p.declarer_points + p.skat_points
    threshold = target - base
    analyze = _dds.analyze if engine == "c" else _analyze_python
    t0 = time.perf_counter()
    if p.game != NULL and mode == 1 and not 0 < threshold <= p.points_in_play:
        # decided already: the target reached, or out of reach
        value, per_card, nodes = (1 if threshold <= 0 else 0), [], 0
        if answer_cards:
            per_card = [(c, value) for c in cards_of(p.legal())]
    else:
        value, per_card, nodes = analyze(
            int(p.game),
            p.declarer,
            p.hands,
            tuple(p.trick),
            p.leader,
            mode if answer_cards else mode | ROOT_ONLY,
            threshold,
            node_limit,
        )
        if value is None:
            raise SearchLimit(f"more than {node_limit} nodes")
        per_card = sorted(per_card)
    ms = (time.perf_counter() - t0) * 1000
    if p.game == NULL:
        wins = bool(value)
        best = tuple(c for c, v in per_card if v == value)
        return Solution(None, wins, best, nodes, ms, dict(per_card) if mode == 2 else {})
    if mode == 1:
        best = tuple(c for c, v in per_card if v == value)
        return Solution(None, bool(value), best, nodes, ms)
    if mode == 2:
        is_max = p.to_move == p.declarer
        optimum = max(v for _, v in per_card) if is_max else min(v for _, v in per_card)
        best = tuple(c for c, v in per_card if v == optimum)
        return Solution(
            base + value,
            base + value >= target,
            best,
            nodes,
            ms,
            {c: base + v for c, v in per_card},
        )
    best = tuple(c for c, v in per_card if v == value)
    return Solution(base + value, base + value >= target, best, nodes, ms)
