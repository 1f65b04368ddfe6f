"""Help for people: the move a level would make and why, and the analysis of a deal.

``hint(view)`` asks a computer player for its move and says in one line why it is
a good one. ``analyze_deal(deal)`` replays a finished deal with all cards open and
gives the double-dummy value before and after every card, marking the cards that
cost points — "could I have won?".
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from skat_desktop.ai.levels import make_player
from skat_desktop.ai.solver import Position, SearchLimit, solve
from skat_desktop.engine.actions import Action, Bid, Declare, Discard, Hold, Pass, PickUp, Play
from skat_desktop.engine.cards import (
    EFFECTIVE_MASKS,
    EFFECTIVE_SUIT,
    POINTS,
    TRUMP,
    GameType,
    beats,
    code,
    points_of,
    unicode_name,
)
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.view import SeatView


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def _trick_leader_card(view: SeatView) -> tuple[int | None, int | None]:
    """(card that wins the trick so far, position that played it)."""
    if not view.trick:
        return None, None
    g = view.game
    best = 0
    for i in range(1, len(view.trick)):
        if beats(view.trick[i], view.trick[best], g):
            best = i
    return view.trick[best], (view.leader + best) % 3


def explain(view: SeatView, action: Action, win_share: float | None = None) -> str:
    """One line on why ``action`` is played in ``view``."""
    me = view.position
    if isinstance(action, Bid):
        return f"the hand is worth at least {action.value}"
    if isinstance(action, Hold):
        return "holds: the hand is worth the bid"
    if isinstance(action, Pass):
        return "passes: the hand is not worth a higher bid"
    if isinstance(action, PickUp):
        return "picks up the skat: the hand needs it"
    if isinstance(action, Discard):
        pts = POINTS[action.cards[0]] + POINTS[action.cards[1]]
        names = " ".join(unicode_name(c) for c in action.cards)
        return f"buries {names}: {pts} points safe in the skat"
    if isinstance(action, Declare):
        return f"declares {action.contract.label()}"
    if not isinstance(action, Play):
        return "the rules allow nothing better here"
    c = action.card
    g = view.game
    es = EFFECTIVE_SUIT[g]
    share = ""
    if win_share is not None and view.contract is not None:
        who = "the declarer" if me == view.declarer else "the defenders"
        ours = win_share if me == view.declarer else 1 - win_share
        share = f" ({who} win {round(100 * ours)}% of sampled deals)"
    if not view.trick:
        if g not in (GameType.NULL, GameType.RAMSCH) and es[c] == TRUMP and me == view.declarer:
            out = EFFECTIVE_MASKS[g][TRUMP] & ~view.played & ~view.hand
            n = out.bit_count()
            if n:
                return f"draws trumps: {n} outstanding" + share
        if POINTS[c] >= 10:
            return f"cashes {unicode_name(c)} ({POINTS[c]} points)" + share
        return f"leads {unicode_name(c)} to keep control" + share
    best, holder = _trick_leader_card(view)
    partner_wins = holder is not None and (holder == view.declarer) == (me == view.declarer)
    if g == GameType.NULL:
        if me == view.declarer:
            return f"ducks under with {unicode_name(c)}" + share
        return f"plays {unicode_name(c)} to leave the declarer the trick" + share
    if beats(c, best, g):
        pts = sum(POINTS[x] for x in view.trick) + POINTS[c]
        return f"takes the trick with {unicode_name(c)} ({pts} points so far)" + share
    if partner_wins and view.declarer is not None:
        return f"gives partner {POINTS[c]} points with {unicode_name(c)}" + share
    return f"throws {unicode_name(c)}: the trick is lost anyway" + share


def hint(
    view: SeatView, level: str = "standard", seed: int = 0, cancel: threading.Event | None = None
) -> Hint:
    """The move the ``level`` player would make in ``view``, and why (one line)."""
    player = make_player(level, seed)
    action = player.choose(view, cancel)
    share = None
    if (
        isinstance(action, Play)
        and hasattr(player, "card_scores")
        and view.contract is not None
        and view.game != GameType.NULL
        and view.hand.bit_count() > 3
    ):
        scores, used = player.card_scores(view, cancel)
        if used and action.card in scores:
            share = scores[action.card]
    return Hint(action, explain(view, action, share))


@dataclass(frozen=True)
class CardAnalysis:
    """One card of the play with the open-card values around it."""

    number: int  # 1..30, the card's place in the play
    player: int  # position
    card: int
    value_before: int | None  # declarer's final points with perfect play (None: not solved)
    value_after: int | None
    best: tuple[int, ...]  # the optimal cards at that point
    cost: int  # points the card gave away for its side (0: optimal)
    changed_outcome: bool  # the card turned a won game into a lost one or back

    def describe(self) -> str:
        if self.cost == 0:
            return f"{self.number}. {code(self.card)}: optimal"
        better = " ".join(code(c) for c in self.best)
        flip = " — this decided the game" if self.changed_outcome else ""
        return f"{self.number}. {code(self.card)} cost {self.cost} points (better: {better}){flip}"


def analyze_deal(
    deal: Deal, node_limit: int = 20_000_000, cancel: threading.Event | None = None
) -> list[CardAnalysis]:
    """Every card of a finished suit, Grand or Null deal with its open-card value."""
    if deal.contract is None or deal.game in (None, GameType.RAMSCH):
        return []
    setup = deal.setup
    replay = Deal(
        DealSetup(
            setup.profile,
            setup.cards,
            setup.seed,
            setup.table_size,
            setup.dealer,
            setup.bock,
            setup.ramsch_round,
        )
    )
    out: list[CardAnalysis] = []
    decl = deal.declarer
    null = deal.game == GameType.NULL
    number = 0
    target = 61
    for action in deal.actions:
        if isinstance(action, Play) and replay.phase == "play":
            if cancel is not None and cancel.is_set():
                break
            number += 1
            pos = _position(replay)
            try:
                sol = solve(pos, "cards", target=target, node_limit=node_limit)
            except SearchLimit:
                sol = None
            if sol is not None:
                values = sol.card_values
                before = max(values.values()) if action.player == decl else min(values.values())
                after = values[action.card]
                if null:
                    cost = int(before != after)
                    flip = cost == 1
                else:
                    cost = abs(before - after)
                    flip = (before >= target) != (after >= target)
                out.append(
                    CardAnalysis(
                        number, action.player, action.card, before, after, sol.best, cost, flip
                    )
                )
            else:
                out.append(
                    CardAnalysis(number, action.player, action.card, None, None, (), 0, False)
                )
        replay.apply(action)
    return out


def _position(deal: Deal) -> Position:
    null = deal.game == GameType.NULL
    taken = 0 if null else deal.won_points[deal.declarer]
    return Position(
        deal.game,
        deal.declarer,
        (deal.hands[0], deal.hands[1], deal.hands[2]),
        tuple(deal.trick),
        deal.leader,
        taken,
        0 if null else points_of(deal.skat),
    )
