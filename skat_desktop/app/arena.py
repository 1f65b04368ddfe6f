"""Duplicate matches between two player kinds, scored in Seeger-Fabian tournament points.

How a match is played (``skat-desktop arena``, issue 4 item 4):

* **Deals.** Deal ``d`` uses the ``d``-th seed of :func:`~skat_desktop.app.selfplay.deal_seeds`
  of the match seed. The dealer is always table seat 2, so seat 0 is forehand, seat 1
  middlehand and seat 2 rearhand; no Bock or Ramsch rounds (every deal stands alone).
* **Seatings.** Each deal is played six times with the same cards, once in each seating
  of :data:`SEATINGS` ("AAB" = A at seats 0 and 1, B at seat 2). Over the six, A and B
  each sit 3 times at every seat and 9 times in all.
* **Players.** Every seat of every game gets a new player from
  :func:`~skat_desktop.ai.levels.make_player` with the seed :func:`player_seed` of
  (match seed, deal, seat, the kind's tag). Neither the seating nor the level enters it,
  so A and B at the same seat of a deal draw the same random numbers (common random
  numbers, less noise: two levels that decide alike on the same numbers, such as the
  standard and the expert bidding, then differ only where they really differ), and two
  things hold exactly: a kind against itself scores a difference of 0 in every deal,
  and swapping A and B negates every per-deal difference.
* **Tags.** A kind may carry a tag after ``#``: ``random#2`` is the random level with
  random numbers of its own (the tag is what :func:`player_seed` reads), so
  ``--a random --b random#2`` is a genuine self-match whose interval should contain 0.
* **Score.** Each game gives every seat its tournament points (TP) by the Seeger-Fabian
  rule of a 3-table (:func:`~skat_desktop.engine.tournament.seeger_fabian` of that one
  game): the declarer his score + 50 if won or − 50 if lost (Kontra and Re included in
  the score), each defender + 40 when the declarer lost. A passed-in deal gives 0 to all.
  **Ramsch** (house, texas, schieberamsch): each player gets his Ramsch score; the engine's
  Ramsch outcome decides won and lost - a player with outcome −1 (the loser(s), a failed
  Durchmarsch, a rule breaker) counts as a lost game (− 50, and + 40 to each other player),
  one with outcome +1 (a Durchmarsch, the Texas Ramsch winner) as a won game (+ 50).
* **Difference.** ``diff_d`` = mean TP per seat-game of A's 9 seat-games − mean of B's
  9 in deal ``d``. The match reports the mean over deals with a paired 95% confidence
  interval from Student's t with n − 1 degrees of freedom (:func:`t_quantile`, no SciPy).
* **Other figures per side**: TP per game (its mean TP per seat-game); declarer share
  (declared games per seat-game); declarer win rate by game type (suit, grand, null;
  hand = Hand games of any type; all); defender success (of its seat-games as an active
  defender of a declared game, the share the declarer lost); overbid rate (of its
  declared games, the share whose value fell below the bid, a Null below the bid
  included); Ramsch won and lost (by the outcome above).
* **Fixed contracts** (``contracts="fixed"``): a reference kind (``beginner`` when it is
  registered, else A) plays the auction, the skat and the declaration once per deal with
  seeds from (match seed, deal, seat, "reference:" + kind); every seating replays those
  actions and A and B take over at the first card. From there on they decide everything:
  cards, Kontra/Re, concessions, claims and the Texas re-declaration before the first
  card. Only card play differs between the seatings; declarer and overbid figures then
  describe the reference's contracts played by the side in the declarer's seat.
* **Parallel.** Deals run in worker processes (spawn-safe top-level functions); the
  results are gathered in deal order, so the figures do not depend on the worker count.
  Nor do the moves: every level searches a fixed amount (solver nodes, not seconds), so
  the same seeds give the same games with any number of workers and under any load.
* **Limits** (issue 22). At most :data:`MAX_DEALS` deals, :data:`MAX_WORKERS` workers and
  an engine time-out of :data:`MAX_TIMEOUT` seconds; deals are made one at a time (a
  match of a million deals holds a few of them, never a list of all), and only a few
  deals per worker are handed out ahead. Workers die with the arena: on Linux they get
  SIGTERM when it dies (``PR_SET_PDEATHSIG``), elsewhere a watchdog thread notices that
  their parent changed; either way they kill the process groups of their engines first.
* **Failures.** A player that raises, answers illegally or (external engines) times out
  stops the match: the result carries ``error`` naming the player, its side, the deal,
  the seating and the reason, and the figures cover the deals before that one.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from skat_desktop.ai.levels import levels, make_player, tuned_level
from skat_desktop.app.selfplay import deal_seeds, play_deal
from skat_desktop.engine.actions import action_to_dict
from skat_desktop.engine.cards import GameType
from skat_desktop.engine.deal import Deal, DealResult, DealSetup, Phase
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import RuleProfile, builtin
from skat_desktop.engine.tournament import PlayerTally, seeger_fabian
from skat_desktop.store.faults import kill_point

SEATINGS = ("AAB", "ABA", "BAA", "ABB", "BAB", "BBA")
DEALER = 2  # fixed dealer: seat 0 forehand, 1 middlehand, 2 rearhand
TYPE_KEYS = ("suit", "grand", "null", "hand", "all")  # hand: Hand games of any type
CONTRACT_MODES = ("free", "fixed")
SEAT_GAMES_PER_SIDE = 9  # per deal: 6 seatings x 3 seats / 2 sides
MAX_DEALS = 1_000_000  # a match of more would run for years at any level but random
MAX_WORKERS = 256
MAX_TIMEOUT = 86_400.0  # seconds per engine answer (one day)
_AHEAD = 2  # deals handed out per worker before their results are taken


class ArenaError(Exception):
    """A bad match configuration (unknown kind or profile, no deals...)."""


@dataclass(frozen=True)
class MatchConfig:
    """Everything that decides a match's figures (the worker count does not)."""

    a: str
    b: str
    deals: int
    seed: int = 0
    profile: str = "isko"
    contracts: str = "free"
    reference: str | None = None  # fixed contracts: None = "beginner" if registered, else a
    timeout: float = 10.0  # seconds per answer of an external engine

    def reference_kind(self) -> str | None:
        if self.contracts != "fixed":
            return None
        if self.reference:
            return self.reference
        return "beginner" if "beginner" in levels() else self.a


# ---------------------------------------------------------------- seeds and points


def player_seed(match_seed: int, deal: int, seat: int, kind: str) -> int:
    """The seed of the player of ``kind`` at ``seat`` in deal ``deal`` (63 bits, stable).

    Only the kind's tag (``#2`` of ``random#2``) enters: every untagged level and tuned
    variant at a seat gets the same seed (common random numbers, see the module text)."""
    stream = kind.partition("#")[2] if not kind.startswith("reference:") else kind
    text = f"skat-arena:{match_seed}:{deal}:{seat}:{stream}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def match_deal_seeds(seed: int, deals: int) -> Iterator[int]:
    """The card seeds of a match's deals (the self-play seeds of the same match seed),
    made one at a time: a long match never holds them all."""
    return islice(deal_seeds(seed), deals)


def tournament_points(result: DealResult, seats: tuple[int, int, int]) -> tuple[int, int, int]:
    """Seeger-Fabian TP of one finished deal per table seat (see the module text)."""
    if result.kind == "game":
        d = result.declarer
        won = bool(result.game.won)
        tallies = [
            PlayerTally(result.scores[p], won=int(won), lost=int(not won))
            if p == d
            else PlayerTally(0)
            for p in range(3)
        ]
    elif result.kind == "ramsch":
        outcome = result.ramsch.outcome
        tallies = [
            PlayerTally(result.scores[p], won=int(outcome[p] > 0), lost=int(outcome[p] < 0))
            for p in range(3)
        ]
    else:  # passed in
        return (0, 0, 0)
    tp = seeger_fabian(tallies, 3)
    out = [0, 0, 0]
    for pos in range(3):
        out[seats[pos]] = tp[pos]
    return (out[0], out[1], out[2])


def a_minus_b(game: dict[str, Any]) -> int:
    """Side A's tournament points minus side B's at one table of a deal record."""
    seating = game["seating"]
    return sum(tp if seating[seat] == "A" else -tp for seat, tp in enumerate(game["tp"]))


# ---------------------------------------------------------------- statistics


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_bt = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    bt = math.exp(log_bt)
    if x < (a + 1.0) / (a + b + 2.0):
        return bt * _betacf(a, b, x) / a
    return 1.0 - bt * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    tail = 0.5 * _betai(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (bisection on :func:`t_cdf`, 1e-12 accurate)."""
    if not 0.0 < p < 1.0:
        raise ValueError("a quantile needs 0 < p < 1")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    hi = 2.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    lo = 0.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


@dataclass(frozen=True)
class MeanCI:
    n: int
    mean: float
    sd: float  # sample standard deviation (n - 1)
    t: float | None  # the 97.5% t quantile used
    low: float | None
    high: float | None

    @property
    def half_width(self) -> float | None:
        return None if self.high is None else (self.high - self.low) / 2.0


def paired_ci(diffs: list[float], level: float = 0.95) -> MeanCI:
    """Mean of paired differences with its two-sided t confidence interval (n >= 2)."""
    n = len(diffs)
    if n == 0:
        return MeanCI(0, 0.0, 0.0, None, None, None)
    mean = math.fsum(diffs) / n
    if n == 1:
        return MeanCI(1, mean, 0.0, None, None, None)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in diffs) / (n - 1))
    t = t_quantile(0.5 + level / 2.0, n - 1)
    half = t * sd / math.sqrt(n)
    return MeanCI(n, mean, sd, t, mean - half, mean + half)


# ---------------------------------------------------------------- one deal (worker side)


class _Failure(Exception):
    def __init__(self, info: dict[str, Any]):
        super().__init__(info["reason"])
        self.info = info


class _Seat:
    """A player in the arena: reports who failed, refuses illegal answers."""

    def __init__(self, player, kind: str, side: str, seat: int):
        self.player = player
        self.kind = kind
        self.side = side
        self.seat = seat
        self.name = getattr(player, "name", kind)

    def _fail(self, reason: str) -> _Failure:
        return _Failure(
            {"player": self.kind, "side": self.side, "seat": self.seat, "reason": reason}
        )

    def _call(self, fn, view):
        try:
            return fn(view)
        except _Failure:
            raise
        except Exception as e:
            from skat_desktop.ai.external import EngineError

            if isinstance(e, EngineError):
                raise self._fail(str(e)) from None
            raise self._fail(f"{type(e).__name__}: {e}") from None

    def choose(self, view, cancel=None):
        a = self._call(self.player.choose, view)
        if a not in view.legal:
            raise self._fail(f"illegal action {_describe(a)} in phase {view.phase}")
        return a

    def wants_interjection(self, view):
        a = self._call(self.player.wants_interjection, view)
        if a is not None and a not in view.legal:
            raise self._fail(f"illegal interjection {_describe(a)}")
        return a

    def close(self) -> None:
        close = getattr(self.player, "close", None)
        if close is not None:
            close()


def _describe(a: Any) -> str:
    try:
        return str(action_to_dict(a))
    except TypeError:
        return repr(a)


def _new_seat(config: MatchConfig, deal: int, seat: int, kind: str, side: str) -> _Seat:
    seed_kind = kind if side != "reference" else f"reference:{kind}"
    try:
        player = make_player(level_of(kind), player_seed(config.seed, deal, seat, seed_kind))
    except Exception as e:
        raise _Failure(
            {"player": kind, "side": side, "seat": seat, "reason": f"cannot create it: {e}"}
        ) from None
    if hasattr(player, "timeout") and kind.startswith("external:"):
        player.timeout = config.timeout
    return _Seat(player, kind, side, seat)


def _game_record(seating: str, deal: Deal) -> dict[str, Any]:
    r = deal.result
    seats = deal.setup.seats
    rec: dict[str, Any] = {
        "seating": seating,
        "kind": r.kind,
        "tp": list(tournament_points(r, seats)),
        "scores": [0, 0, 0],
        # the game's moves (game-record form): the same seeds give the same, byte for byte
        "actions": [action_to_dict(a) for a in deal.actions],
    }
    for pos in range(3):
        rec["scores"][seats[pos]] = r.scores[pos]
    if r.kind == "game":
        k = r.contract
        g = k.game
        rec.update(
            declarer=seats[r.declarer],
            game="null" if g == GameType.NULL else "grand" if g == GameType.GRAND else "suit",
            contract=k.label(),
            hand=k.hand,
            won=bool(r.game.won),
            overbid=bool(r.game.overbid),
            bid=r.bid,
        )
    elif r.kind == "ramsch":
        out = [0, 0, 0]
        for pos in range(3):
            out[seats[pos]] = r.ramsch.outcome[pos]
        rec["outcome"] = out
    return rec


def play_arena_deal(task: tuple[MatchConfig, RuleProfile, int, int]) -> dict[str, Any]:
    """Play one deal in all six seatings (top level, so worker processes can run it).

    Returns ``{"deal", "seed", "games": [one record per seating, with its actions]}``
    or, when a player failed, ``{"deal", "seed", "error": {...}}``.
    """
    config, profile, index, seed = task
    kill_point("arena-deal")  # a worker lost mid-match (tests)
    setup = DealSetup(profile, deal_from_seed(seed), seed=seed, table_size=3, dealer=DEALER)
    seats = setup.seats
    seating = None
    opened: list[_Seat] = []
    try:
        prefix: list = []
        ref = config.reference_kind()
        if ref is not None:
            first = Deal(setup)
            refs = []
            for s in range(3):
                refs.append(_new_seat(config, index, s, ref, "reference"))
                opened.append(refs[-1])
            while not first.finished and first.phase != Phase.PLAY:
                seat = seats[first.to_move]
                first.apply(refs[seat].choose(first.view(seat)))
            prefix = list(first.actions)
            for p in refs:
                p.close()
            opened.clear()
        games = []
        for seating in SEATINGS:
            deal = Deal(setup)
            for a in prefix:
                deal.apply(a)
            players = []
            for s in range(3):
                side = seating[s]
                players.append(
                    _new_seat(config, index, s, config.a if side == "A" else config.b, side)
                )
                opened.append(players[-1])
            play_deal(deal, players)
            for p in players:
                p.close()
            opened.clear()
            games.append(_game_record(seating, deal))
        return {"deal": index, "seed": seed, "games": games}
    except _Failure as f:
        info = dict(f.info, deal=index, seating=seating)
        return {"deal": index, "seed": seed, "error": info}
    finally:
        for p in opened:
            with contextlib.suppress(Exception):
                p.close()


# ---------------------------------------------------------------- aggregation


@dataclass
class SideStats:
    """The figures of one side (A or B) over the seat-games it played."""

    kind: str
    seat_games: int = 0
    tp_total: int = 0
    declarer: dict[str, list[int]] = field(
        default_factory=lambda: {k: [0, 0] for k in TYPE_KEYS}  # [games, won]
    )
    overbid: int = 0
    defended: int = 0
    defence_won: int = 0  # the declarer lost
    ramsch_games: int = 0
    ramsch_won: int = 0
    ramsch_lost: int = 0

    @property
    def tp_per_game(self) -> float:
        return self.tp_total / self.seat_games if self.seat_games else 0.0

    @property
    def declared(self) -> int:
        return self.declarer["all"][0]

    def to_dict(self) -> dict[str, Any]:
        def rate(num: int, den: int) -> float | None:
            return round(num / den, 4) if den else None

        return {
            "kind": self.kind,
            "seat_games": self.seat_games,
            "tp_total": self.tp_total,
            "tp_per_game": round(self.tp_per_game, 4),
            "declared": self.declared,
            "declarer_share": rate(self.declared, self.seat_games),
            "declarer_win_rate": {
                k: {"games": g, "won": w, "rate": rate(w, g)} for k, (g, w) in self.declarer.items()
            },
            "defender_success": {
                "games": self.defended,
                "won": self.defence_won,
                "rate": rate(self.defence_won, self.defended),
            },
            "overbid": {
                "games": self.declared,
                "overbid": self.overbid,
                "rate": rate(self.overbid, self.declared),
            },
            "ramsch": {
                "games": self.ramsch_games,
                "won": self.ramsch_won,
                "lost": self.ramsch_lost,
            },
        }


@dataclass
class MatchResult:
    """A match's figures (:meth:`to_dict` is the ``--json`` output)."""

    config: MatchConfig
    diffs: list[float] = field(default_factory=list)
    sides: dict[str, SideStats] = field(default_factory=dict)
    tables: int = 0
    declared: int = 0
    passed_in: int = 0
    ramsch: int = 0
    error: dict[str, Any] | None = None

    @property
    def ci(self) -> MeanCI:
        return paired_ci(self.diffs)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def error_message(self) -> str | None:
        e = self.error
        if e is None:
            return None
        where = f"deal {e['deal']}" + (f", seating {e['seating']}" if e.get("seating") else "")
        side = "reference" if e["side"] == "reference" else f"side {e['side']}"
        return f"{e['player']} ({side}, seat {e['seat']}) failed in {where}: {e['reason']}"

    def add(self, outcome: dict[str, Any]) -> None:
        """Count one deal's six games (call in deal order)."""
        for g in outcome["games"]:
            self.tables += 1
            seating = g["seating"]
            for seat in range(3):
                st = self.sides[seating[seat]]
                st.seat_games += 1
                st.tp_total += g["tp"][seat]
            if g["kind"] == "game":
                self.declared += 1
                d = g["declarer"]
                st = self.sides[seating[d]]
                won = g["won"]
                for key in (g["game"], "hand" if g["hand"] else None, "all"):
                    if key is not None:
                        st.declarer[key][0] += 1
                        st.declarer[key][1] += int(won)
                st.overbid += int(g["overbid"])
                for seat in range(3):
                    if seat != d:
                        dst = self.sides[seating[seat]]
                        dst.defended += 1
                        dst.defence_won += int(not won)
            elif g["kind"] == "ramsch":
                self.ramsch += 1
                for seat in range(3):
                    st = self.sides[seating[seat]]
                    st.ramsch_games += 1
                    st.ramsch_won += int(g["outcome"][seat] > 0)
                    st.ramsch_lost += int(g["outcome"][seat] < 0)
            else:
                self.passed_in += 1
        self.diffs.append(sum(a_minus_b(g) for g in outcome["games"]) / SEAT_GAMES_PER_SIDE)

    def to_dict(self) -> dict[str, Any]:
        c = self.config
        ci = self.ci

        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        return {
            "a": c.a,
            "b": c.b,
            "profile": c.profile,
            "seed": c.seed,
            "contracts": c.contracts,
            "reference": c.reference_kind(),
            "deals": len(self.diffs),
            "deals_requested": c.deals,
            "games": {
                "tables": self.tables,
                "seat_games_per_side": self.sides["A"].seat_games,
                "declared": self.declared,
                "passed_in": self.passed_in,
                "ramsch": self.ramsch,
            },
            "diff": {
                "mean": r(ci.mean),
                "ci95": None if ci.low is None else [r(ci.low), r(ci.high)],
                "sd": r(ci.sd),
                "n": ci.n,
                "t": r(ci.t),
            },
            "sides": {k: v.to_dict() for k, v in self.sides.items()},
            "per_deal": [r(x) for x in self.diffs],
            "error": None if self.error is None else dict(self.error, message=self.error_message),
        }

    def text(self) -> str:
        """The readable summary the command prints."""
        c = self.config
        ci = self.ci
        a, b = self.sides["A"], self.sides["B"]
        lines = [
            f"arena: A = {c.a}  vs  B = {c.b}   profile {c.profile}, seed {c.seed}, "
            f"contracts {c.contracts}"
            + (
                f" (auction and declaration by {c.reference_kind()})"
                if c.contracts == "fixed"
                else ""
            ),
            f"{len(self.diffs)} deals x 6 seatings = {self.tables} games: "
            f"{self.declared} declared, {self.passed_in} passed in, {self.ramsch} Ramsch",
        ]
        if ci.low is None:
            lines.append(f"A - B: {ci.mean:+.2f} TP/G (too few deals for an interval)")
        else:
            verdict = (
                "A stronger"
                if ci.low > 0
                else "B stronger"
                if ci.high < 0
                else "no significant difference"
            )
            lines.append(
                f"A - B: {ci.mean:+.2f} TP/G   95% CI [{ci.low:+.2f}, {ci.high:+.2f}]   "
                f"(paired t, n = {ci.n}, sd {ci.sd:.1f}): {verdict}"
            )

        def pct(num: int, den: int) -> str:
            return f"{100 * num / den:5.1f}% ({den:>5})" if den else f"{'-':>6} ({0:>5})"

        w = 22
        lines.append(f"{'':24}{'A ' + _short(c.a, w - 2):>{w}}  {'B ' + _short(c.b, w - 2):>{w}}")
        lines.append(f"{'TP per game':24}{a.tp_per_game:>+{w}.2f}  {b.tp_per_game:>+{w}.2f}")
        lines.append(
            f"{'declarer share':24}{pct(a.declared, a.seat_games):>{w}}  "
            f"{pct(b.declared, b.seat_games):>{w}}"
        )
        for key in TYPE_KEYS:
            label = f"declarer wins {key}"
            lines.append(
                f"{label:24}{pct(a.declarer[key][1], a.declarer[key][0]):>{w}}  "
                f"{pct(b.declarer[key][1], b.declarer[key][0]):>{w}}"
            )
        lines.append(
            f"{'defender success':24}{pct(a.defence_won, a.defended):>{w}}  "
            f"{pct(b.defence_won, b.defended):>{w}}"
        )
        lines.append(
            f"{'overbid rate':24}{pct(a.overbid, a.declared):>{w}}  "
            f"{pct(b.overbid, b.declared):>{w}}"
        )
        if self.ramsch:
            lines.append(
                f"{'Ramsch won':24}{pct(a.ramsch_won, a.ramsch_games):>{w}}  "
                f"{pct(b.ramsch_won, b.ramsch_games):>{w}}"
            )
            lines.append(
                f"{'Ramsch lost':24}{pct(a.ramsch_lost, a.ramsch_games):>{w}}  "
                f"{pct(b.ramsch_lost, b.ramsch_games):>{w}}"
            )
        if self.error is not None:
            lines.append(f"stopped: {self.error_message}")
        return "\n".join(lines)


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else "..." + text[-(n - 3) :]


# ---------------------------------------------------------------- the match


def level_of(kind: str) -> str:
    """The level of an arena kind: ``random#2`` is ``random`` with its own random numbers."""
    if kind.startswith("external:"):
        return kind
    return kind.partition("#")[0]


def check_kind(kind: str) -> None:
    """Raise :class:`ArenaError` unless ``kind`` names a level or an ``external:`` command."""
    if kind.startswith("external:"):
        from skat_desktop.ai.external import split_command

        try:
            split_command(kind.removeprefix("external:"))
        except ValueError as e:
            raise ArenaError(str(e)) from None
        return
    try:
        level, _ = tuned_level(level_of(kind))
    except ValueError as e:
        raise ArenaError(str(e)) from None
    if level not in levels():
        raise ArenaError(f"unknown player {kind!r}: available are {', '.join(levels())}")


def _one_thread_per_player() -> None:
    """A worker process has a core to itself: its players solve on one thread."""
    from skat_desktop.ai.pimc import set_threads

    set_threads(1)


def _abandon(*_: object) -> None:
    """The arena is gone: kill this worker's engines (their whole groups) and exit."""
    from skat_desktop.ai.external import kill_all_engines

    kill_all_engines()
    os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.25)
    _abandon()


def _worker_start(parent: int) -> None:
    """Initialise a worker process: one thread per player, and death with the arena.

    A SIGKILLed arena runs no clean-up, so each worker watches for itself: SIGTERM from
    the kernel when the arena dies (Linux) and, everywhere else or as a second line, a
    thread that notices the parent process change. Both kill the engines first."""
    from skat_desktop.ai.external import set_parent_death_signal

    _one_thread_per_player()
    if os.name != "posix":
        return
    signal.signal(signal.SIGTERM, _abandon)
    set_parent_death_signal(signal.SIGTERM)
    if os.getppid() != parent:  # the arena died before the line above
        _abandon()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def check_config(config: MatchConfig, workers: int | None = None) -> None:
    """Raise :class:`ArenaError` with one line unless the match can be played."""
    if config.deals < 1:
        raise ArenaError("a match needs at least one deal")
    if config.deals > MAX_DEALS:
        raise ArenaError(f"a match has at most {MAX_DEALS} deals")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ArenaError(f"--workers must be between 1 and {MAX_WORKERS}")
    if config.contracts not in CONTRACT_MODES:
        raise ArenaError(f"contracts must be one of {', '.join(CONTRACT_MODES)}")
    if not 0 < config.timeout <= MAX_TIMEOUT:
        raise ArenaError(f"the engine timeout must be more than 0 and at most {MAX_TIMEOUT:g} s")


def run_match(
    config: MatchConfig,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[dict[str, Any]], None] | None = None,
) -> MatchResult:
    """Play a duplicate match; ``workers`` processes (default: all cores, 1 = in-process).

    A failing player does not raise: the result's ``error`` says who and why, and the
    figures cover the deals before the failed one. ``on_deal`` receives each counted
    deal's record (:func:`play_arena_deal`), in deal order, for closer analysis.
    """
    check_config(config, workers)
    try:
        profile = builtin(config.profile)
    except ValueError as e:
        raise ArenaError(str(e)) from None
    if 3 not in profile.table_sizes:
        raise ArenaError(f"the {profile.name} profile is not played at a table of 3")
    kinds = [config.a, config.b]
    if config.reference_kind() is not None:
        kinds.append(config.reference_kind())
    for kind in kinds:
        check_kind(kind)

    result = MatchResult(config, sides={"A": SideStats(config.a), "B": SideStats(config.b)})
    tasks = (
        (config, profile, i, s) for i, s in enumerate(match_deal_seeds(config.seed, config.deals))
    )
    if workers is None:
        workers = min(os.cpu_count() or 1, MAX_WORKERS)
    workers = max(1, min(workers, config.deals))

    def take(outcome: dict[str, Any]) -> bool:
        if "error" in outcome:
            result.error = outcome["error"]
            return False
        result.add(outcome)
        if on_deal is not None:
            on_deal(outcome)
        if progress is not None:
            progress(len(result.diffs), config.deals)
        return True

    if workers == 1:
        for task in tasks:
            if not take(play_arena_deal(task)):
                break
        return result

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx,
        initializer=_worker_start,
        initargs=(os.getpid(),),
    ) as pool:
        # a few deals per worker in flight, taken in deal order: memory does not grow
        # with the match, and the figures do not depend on the worker count
        window: deque[Future] = deque()
        try:
            for task in islice(tasks, _AHEAD * workers):
                window.append(pool.submit(play_arena_deal, task))
            while window:
                if not take(window.popleft().result()):
                    break
                task = next(tasks, None)
                if task is not None:
                    window.append(pool.submit(play_arena_deal, task))
        except BrokenProcessPool:
            raise ArenaError(
                "a worker process died (out of memory or killed); "
                f"{len(result.diffs)} deals were played"
            ) from None
        finally:
            for fut in window:
                fut.cancel()
    return result


def run_arena_command(args: Any, out: Any) -> int:
    """``skat-desktop arena``: print the summary (or one JSON object); 1 if a player failed."""
    import json
    import sys

    config = MatchConfig(
        a=args.a,
        b=args.b,
        deals=args.deals,
        seed=args.seed,
        profile=args.profile,
        contracts=args.contracts,
        reference=args.reference,
        timeout=args.timeout,
    )
    t0 = time.perf_counter()
    result = run_match(config, workers=args.workers)
    seconds = time.perf_counter() - t0
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    else:
        workers = args.workers or os.cpu_count() or 1
        out.write(result.text() + "\n")
        out.write(f"time: {seconds:.1f} s with {min(workers, config.deals)} worker(s)\n")
    if result.error is not None:
        print(f"skat-desktop: error: {result.error_message}", file=sys.stderr)
        return 1
    return 0
