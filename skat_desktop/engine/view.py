"""Seat views: the one place where hidden information is removed (ARCHITECTURE §1).

A :class:`SeatView` holds exactly what one seat may know: its own hand, public
actions, played cards, the declarer's open hand in ouvert games, the skat only for
whoever put it down, the last trick only while the rules allow, and everything
once the deal is over. Computer players, the GUI and the LAN host use views only.

:func:`action_for` is the same decision for one action of the log, as it may be sent
to a seat; a kibitzer (``seat`` None) knows what a seat that sits out knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skat_desktop.engine.actions import Action, Discard, action_to_dict
from skat_desktop.engine.cards import GameType, code
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.profiles import RuleProfile


@dataclass(frozen=True)
class SeatView:
    """A snapshot of a deal as one seat sees it. Card sets are bit masks."""

    seat: int | None  # table seat; None = a kibitzer
    position: int | None  # 0 forehand, 1 middlehand, 2 rearhand; None = sitting out
    profile: RuleProfile
    phase: str
    to_move: int | None
    hand: int
    hand_sizes: tuple[int, int, int]
    auction: tuple[tuple[int, str, int], ...]
    bid: int
    declarer: int | None
    contract: Contract | None
    picked_up: bool
    skat: int | None  # the skat cards this seat knows (None = unknown)
    open_hands: tuple[int | None, int | None, int | None]  # ouvert or after the deal
    tricks: tuple[tuple[int, tuple[int, int, int], int], ...]  # (leader, cards, winner)
    trick: tuple[int, ...]  # cards of the trick in progress, from its leader
    leader: int
    last_trick: tuple[int, tuple[int, int, int], int] | None  # viewable now (§5.11)
    kontra: int
    pushes: int
    legal: tuple[Action, ...]
    bock: bool
    result: Any = None  # DealResult once finished
    dealt: tuple[int, int, int] | None = None  # everyone's dealt hands, once finished
    original_skat: int | None = None  # once finished (or to the declarer after pick-up)

    @property
    def played(self) -> int:
        """All cards seen played so far (mask)."""
        m = 0
        for _, cards, _ in self.tricks:
            m |= (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])
        for c in self.trick:
            m |= 1 << c
        return m

    @property
    def game(self) -> GameType | None:
        if self.contract is not None:
            return self.contract.game
        if self.phase in ("play", "schieben") and self.declarer is None:
            return GameType.RAMSCH
        return None

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the LAN protocol and the engine protocol send this)."""

        def cards(m: int | None) -> list[str] | None:
            if m is None:
                return None
            return [code(c) for c in range(32) if m >> c & 1]

        return {
            "seat": self.seat,
            "position": self.position,
            "profile": self.profile.name,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "auction": [list(a) for a in self.auction],
            "bid": self.bid,
            "declarer": self.declarer,
            "contract": self.contract.to_dict() if self.contract else None,
            "picked_up": self.picked_up,
            "skat": cards(self.skat),
            "open_hands": [cards(h) for h in self.open_hands],
            "tricks": [
                {"leader": ld, "cards": [code(c) for c in cs], "winner": w}
                for ld, cs, w in self.tricks
            ],
            "trick": [code(c) for c in self.trick],
            "leader": self.leader,
            "last_trick": (
                None
                if self.last_trick is None
                else {
                    "leader": self.last_trick[0],
                    "cards": [code(c) for c in self.last_trick[1]],
                    "winner": self.last_trick[2],
                }
            ),
            "kontra": self.kontra,
            "pushes": self.pushes,
            "legal": [action_to_dict(a) for a in self.legal],
            "bock": self.bock,
            "dealt": None if self.dealt is None else [cards(h) for h in self.dealt],
            "original_skat": cards(self.original_skat),
            "result": None
            if self.result is None
            else {
                "kind": self.result.kind,
                "scores": list(self.result.scores),
                "reason": self.result.reason,
            },
        }


def _position(deal, seat: int | None) -> int | None:
    """``seat``'s position in the deal; None for a seat that sits out or a kibitzer."""
    setup = deal.setup
    if seat is None:
        return None
    if not 0 <= seat < setup.table_size:
        raise ValueError(f"there is no seat {seat} at a table of {setup.table_size}")
    seats = setup.seats
    return seats.index(seat) if seat in seats else None


def seat_view(deal, seat: int | None) -> SeatView:
    """Build the view of table ``seat``. A seat that sits out sees only public things,
    and so does a kibitzer (``seat`` None): RULES.md §5.1 lets the sitting-out dealer
    look at one hand at most and never at the skat, so the table shows him none."""
    setup = deal.setup
    pos = _position(deal, seat)
    finished = deal.finished
    declarer = deal.declarer
    contract = deal.contract

    skat = None
    original = None
    if finished:
        skat = deal.skat
        original = setup.cards.skat
    elif pos is not None and deal.skat_owner == pos and deal.skat:
        skat = deal.skat
        if pos == declarer and deal.picked_up:
            original = setup.cards.skat

    open_hands: list[int | None] = [None, None, None]
    if finished:
        open_hands = list(deal.hands)
    elif contract is not None and contract.ouvert and deal.phase == "play":
        open_hands[declarer] = deal.hands[declarer]

    last = None
    if deal.tricks and pos is not None and not deal.finished:
        # viewable until this player has played to the trick in progress (§5.11)
        leader = deal.leader
        played_to_current = pos in [(leader + i) % 3 for i in range(len(deal.trick))]
        if not played_to_current:
            last = deal.tricks[-1]
    elif deal.tricks and finished:
        last = deal.tricks[-1]

    # Built without the frozen dataclass __init__ (26 guarded setattrs): views are made
    # for every decision of every deal, and this is the self-play hot path.
    view = object.__new__(SeatView)
    view.__dict__.update(
        seat=seat,
        position=pos,
        profile=deal.profile,
        phase=deal.phase.value,
        to_move=deal.to_move,
        hand=deal.hands[pos] if pos is not None else 0,
        hand_sizes=(
            deal.hands[0].bit_count(),
            deal.hands[1].bit_count(),
            deal.hands[2].bit_count(),
        ),
        auction=tuple(deal.auction.history),
        bid=deal.bid,
        declarer=declarer,
        contract=contract,
        picked_up=deal.picked_up,
        skat=skat,
        open_hands=(open_hands[0], open_hands[1], open_hands[2]),
        tricks=tuple(deal.tricks),
        trick=tuple(deal.trick),
        leader=deal.leader,
        last_trick=last,
        kontra=deal.kontra,
        pushes=deal.pushes,
        legal=tuple(deal.legal_actions(pos)) if pos is not None and not finished else (),
        bock=setup.bock,
        result=deal.result,
        dealt=setup.cards.hands if finished else None,
        original_skat=original,
    )
    return view


def action_for(deal, action: Action, index: int, seat: int | None) -> dict[str, Any]:
    """``action``, the ``index``-th of ``deal``'s log, as table ``seat`` (None: a
    kibitzer) may know it now: the JSON form that may leave the host (ARCHITECTURE §1).

    Only a discard hides something: its two cards are known to whoever put them down
    (the declarer's buried cards, a Schieberamsch pass) until the deal is over, when
    everything is shown; the others learn that two cards went down (``cards`` None).
    The rest is said or seen at the table (RULES.md §5.3-5.9): bids, passes, taking
    the skat or pushing it on (every push doubles the score, so all must know), the
    declaration, Kontra and Re, played cards, concessions and claims. What an action
    lets a seat see beyond itself -- the skat in the picker's hand, the ouvert
    declarer's open cards -- comes with that seat's :func:`seat_view`, never here.

    Raises ValueError when ``action`` is not the deal's ``index``-th action (a stale
    event must not be judged against another deal) or ``seat`` is not at the table.
    """
    log = deal.actions
    if not 0 <= index < len(log) or log[index] != action:
        raise ValueError(f"action {index} of the deal is not this {type(action).__name__}")
    pos = _position(deal, seat)
    out = action_to_dict(action)
    if type(action) is Discard and pos != action.player and not deal.finished:
        out["cards"] = None
    return out


def actions_for(deal, seat: int | None) -> list[dict[str, Any]]:
    """The whole log as ``seat`` may know it now (a seat joining or coming back)."""
    return [action_for(deal, a, i, seat) for i, a in enumerate(deal.actions)]
