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
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import Deal, DealSetup
from skat_desktop.engine.view import SeatView


@dataclass(frozen=True)
class Why:
    """Why a move is good, as data: a window says it in the player's language and with the
    deck's card names; :meth:`english` is the line the engine's users (CLI, logs) read.

    ``kind`` is one of bid, hold, pass, pick_up, discard, declare, other, draw_trumps, cash,
    lead, duck, leave_trick, take, give_partner, throw. ``side`` ("declarer" or "defenders")
    and ``share`` (0..100) say how often that side won the sampled deals, when known.
    """

    kind: str
    card: int | None = None
    cards: tuple[int, ...] = ()
    points: int = 0
    count: int = 0
    contract: Contract | None = None
    side: str | None = None
    share: int | None = None

    def english(self) -> str:
        card = unicode_name(self.card) if self.card is not None else ""
        match self.kind:
            case "bid":
                line = f"the hand is worth at least {self.count}"
            case "hold":
                line = "holds: the hand is worth the bid"
            case "pass":
                line = "passes: the hand is not worth a higher bid"
            case "pick_up":
                line = "picks up the skat: the hand needs it"
            case "discard":
                names = " ".join(unicode_name(c) for c in self.cards)
                line = f"buries {names}: {self.points} points safe in the skat"
            case "declare":
                line = f"declares {self.contract.label() if self.contract else ''}"
            case "draw_trumps":
                line = f"draws trumps: {self.count} outstanding"
            case "cash":
                line = f"cashes {card} ({self.points} points)"
            case "lead":
                line = f"leads {card} to keep control"
            case "duck":
                line = f"ducks under with {card}"
            case "leave_trick":
                line = f"plays {card} to leave the declarer the trick"
            case "take":
                line = f"takes the trick with {card} ({self.points} points so far)"
            case "give_partner":
                line = f"gives partner {self.points} points with {card}"
            case "throw":
                line = f"throws {card}: the trick is lost anyway"
            case _:
                line = "the rules allow nothing better here"
        if self.share is not None:
            verb = "wins" if self.side == "declarer" else "win"
            line += f" (the {self.side} {verb} {self.share}% of sampled deals)"
        return line


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str
    why: Why | None = None


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
    return why(view, action, win_share).english()


def why(view: SeatView, action: Action, win_share: float | None = None) -> Why:
    """Why ``action`` is played in ``view``, as data (:class:`Why`)."""
    me = view.position
    if isinstance(action, Bid):
        return Why("bid", count=action.value)
    if isinstance(action, Hold):
        return Why("hold")
    if isinstance(action, Pass):
        return Why("pass")
    if isinstance(action, PickUp):
        return Why("pick_up")
    if isinstance(action, Discard):
        pts = POINTS[action.cards[0]] + POINTS[action.cards[1]]
        return Why("discard", cards=tuple(action.cards), points=pts)
    if isinstance(action, Declare):
        return Why("declare", contract=action.contract)
    if not isinstance(action, Play):
        return Why("other")
    c = action.card
    g = view.game
    es = EFFECTIVE_SUIT[g]
    side = share = None
    if win_share is not None and view.contract is not None:
        side = "declarer" if me == view.declarer else "defenders"
        share = round(100 * (win_share if me == view.declarer else 1 - win_share))

    def said(kind: str, points: int = 0, count: int = 0) -> Why:
        return Why(kind, card=c, points=points, count=count, side=side, share=share)

    if not view.trick:
        if g not in (GameType.NULL, GameType.RAMSCH) and es[c] == TRUMP and me == view.declarer:
            out = EFFECTIVE_MASKS[g][TRUMP] & ~view.played & ~view.hand
            n = out.bit_count()
            if n:
                return said("draw_trumps", count=n)
        if POINTS[c] >= 10:
            return said("cash", points=POINTS[c])
        return said("lead")
    best, holder = _trick_leader_card(view)
    partner_wins = holder is not None and (holder == view.declarer) == (me == view.declarer)
    if g == GameType.NULL:
        return said("duck" if me == view.declarer else "leave_trick")
    if beats(c, best, g):
        return said("take", points=sum(POINTS[x] for x in view.trick) + POINTS[c])
    if partner_wins and view.declarer is not None:
        return said("give_partner", points=POINTS[c])
    return said("throw")


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
    reason = why(view, action, share)
    return Hint(action, reason.english(), reason)


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
