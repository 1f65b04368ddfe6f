"""Legal bid values (RULES.md §3) and the auction state machine (§5.3).

Positions: 0 forehand, 1 middlehand, 2 rearhand. Middlehand bids to forehand;
rearhand then bids to whoever is left; the player who makes or holds the last bid
declares. If middlehand and rearhand pass without a bid, forehand may still play
at 18 or pass, and all three have passed.
"""

from __future__ import annotations

import bisect
from functools import lru_cache

from skat_desktop.engine.cards import GameType, trump_order
from skat_desktop.engine.contract import Contract, contract_problem
from skat_desktop.engine.errors import IllegalAction
from skat_desktop.engine.profiles import RuleProfile
from skat_desktop.engine.scoring import suit_grand_result

FOREHAND, MIDDLEHAND, REARHAND = 0, 1, 2
POSITION_NAMES = ("forehand", "middlehand", "rearhand")


def _with_mask(game: GameType, m: int) -> int:
    """A card set holding exactly the top ``m`` trumps of ``game`` ("with m")."""
    out = 0
    for c in trump_order(game)[:m]:
        out |= 1 << c
    return out


@lru_cache(maxsize=64)
def bid_values(profile: RuleProfile) -> tuple[int, ...]:
    """Every value some contract of the profile can reach: the only numbers one may bid.

    Generated from the scoring rules themselves, so a profile copy with other
    options gets the matching list (checked against §3 for the built-ins).
    """
    values: set[int] = set()
    for game in (*range(4), GameType.GRAND):
        g = GameType(game)
        top = 11 if g.is_suit else 4
        for hand in (False, True):
            for sch in (False, True):
                for schw in (False, True):
                    for ouvert in (False, True):
                        k = Contract(g, hand, sch, schw, ouvert)
                        if contract_problem(profile, k, picked_up=not hand):
                            continue
                        for m in range(1, top + 1):
                            cards = _with_mask(g, m)
                            for dp, dt in ((61, 6), (profile.schneider_min, 9), (120, 10)):
                                r = suit_grand_result(profile, k, cards, 0, dp, dt)
                                if r.won:
                                    values.add(r.value)
    for hand in (False, True):
        for ouvert in (False, True):
            if not contract_problem(
                profile, Contract(GameType.NULL, hand, ouvert=ouvert), not hand
            ):
                values.add(profile.null_value(hand, ouvert))
    return tuple(sorted(v for v in values if v >= 18))


class Auction:
    """The bidding of one deal. Every method either changes the state or raises."""

    __slots__ = (
        "bid_or_held",
        "caller",
        "declarer",
        "finished",
        "high",
        "history",
        "passed",
        "phase",
        "responder",
        "values",
        "waiting",
    )

    def __init__(self, values: tuple[int, ...]):
        self.values = values
        self.high = 0
        self.phase = "A"  # A: middlehand to forehand; B: rearhand to the survivor; O: option
        self.caller = MIDDLEHAND
        self.responder = FOREHAND
        self.waiting = MIDDLEHAND  # whose turn it is
        self.passed = [False, False, False]
        self.bid_or_held = [0, 0, 0]  # highest value each player bid or held
        self.declarer: int | None = None
        self.finished = False
        self.history: list[tuple[int, str, int]] = []  # (position, "bid"/"hold"/"pass", value)

    @property
    def all_passed(self) -> bool:
        return self.finished and self.declarer is None

    @property
    def to_move(self) -> int | None:
        return None if self.finished else self.waiting

    @property
    def expects_bid(self) -> bool:
        """True when the player on turn names a value (caller or forehand's option)."""
        return self.waiting == self.caller or self.phase == "O"

    def next_values(self) -> tuple[int, ...]:
        """The values the player on turn may bid now (empty when he can only hold or pass)."""
        if self.finished or not self.expects_bid:
            return ()
        if self.phase == "O":  # forehand's option after two passes: 18 only
            return self.values[:1]
        return self.values[bisect.bisect_right(self.values, self.high) :]

    def next_bid(self) -> int | None:
        i = bisect.bisect_right(self.values, self.high)
        return self.values[i] if i < len(self.values) else None

    def _turn(self, player: int, what: str) -> None:
        if self.finished:
            raise IllegalAction("the bidding is over")
        if player != self.waiting:
            raise IllegalAction(
                f"{POSITION_NAMES[player]} cannot {what} now: it is "
                f"{POSITION_NAMES[self.waiting]}'s turn in the bidding"
            )

    def bid(self, player: int, value: int) -> None:
        self._turn(player, "bid")
        if not self.expects_bid:
            raise IllegalAction(f"{POSITION_NAMES[player]} must hold ('yes') or pass, not bid")
        if value <= self.high:
            raise IllegalAction(f"a bid must be higher than {self.high}")
        if self.phase == "O" and value != self.values[0]:
            raise IllegalAction(f"after two passes forehand plays at {self.values[0]} or passes")
        i = bisect.bisect_left(self.values, value)
        if i == len(self.values) or self.values[i] != value:
            raise IllegalAction(f"{value} is not a game value one may bid under these rules")
        self.high = value
        self.bid_or_held[player] = value
        self.history.append((player, "bid", value))
        if self.phase == "O":
            self._finish(player)
        else:
            self.waiting = self.responder

    def hold(self, player: int) -> None:
        self._turn(player, "hold")
        if self.expects_bid:
            raise IllegalAction(
                f"{POSITION_NAMES[player]} must bid or pass: there is no bid to hold"
            )
        self.bid_or_held[player] = self.high
        self.history.append((player, "hold", self.high))
        self.waiting = self.caller

    def pass_(self, player: int) -> None:
        self._turn(player, "pass")
        self.passed[player] = True
        self.history.append((player, "pass", self.high))
        if self.phase == "O":
            self._finish(None)
            return
        survivor = self.responder if player == self.caller else self.caller
        if self.phase == "A":
            self.phase = "B"
            self.caller = REARHAND
            self.responder = survivor
            self.waiting = REARHAND
            return
        if self.high > 0:
            self._finish(survivor)
        elif survivor == FOREHAND and not self.passed[FOREHAND]:
            self.phase = "O"  # forehand's option after two passes without a bid
            self.caller = self.responder = self.waiting = FOREHAND
        else:
            self._finish(None)

    def _finish(self, declarer: int | None) -> None:
        self.finished = True
        self.declarer = declarer
