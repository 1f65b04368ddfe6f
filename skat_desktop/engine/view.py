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

from skat_desktop.engine.actions import Action, Discard, action_from_dict, action_to_dict
from skat_desktop.engine.cards import GameType, code
from skat_desktop.engine.contract import Contract
from skat_desktop.engine.deal import DealResult, Phase
from skat_desktop.engine.errors import InvalidRecord
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

    @classmethod
    def from_dict(cls, data: Any, profile: RuleProfile) -> SeatView:
        """The inverse of :meth:`to_dict`: a LAN client rebuilds the views it is sent.

        The JSON names the rule profile only, so the caller passes it (a LAN client has
        it from ``joined``); its name must match. A result comes back as a
        :class:`DealResult` with the fields the JSON carries (kind, scores, reason).
        The data comes from another machine: anything malformed raises ValueError with
        one sentence, never another exception, so a hostile host cannot crash a client.
        """
        return _view_from_dict(data, profile)


# --------------------------------------------------------------------------- from JSON

_MAX_INT = 2**53  # the largest whole number every JSON reader holds exactly
_CARD_NUMBERS = {code(c): c for c in range(32)}
_PHASES = frozenset(p.value for p in Phase)
_RESULT_KINDS = ("game", "ramsch", "passed_in")
_AUCTION_KINDS = ("bid", "hold", "pass")


def _get(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise ValueError(f"{where} lacks the field {key!r}")
    return data[key]


def _int(value: Any, name: str, low: int, high: int, *, null: bool = False) -> int | None:
    if value is None and null:
        return None
    if type(value) is not int or not low <= value <= high:
        also = " or null" if null else ""
        raise ValueError(f"view field {name} must be a whole number {low}..{high}{also}")
    return value


def _bool(value: Any, name: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"view field {name} must be true or false")
    return value


def _list(value: Any, name: str, low: int, high: int) -> list[Any]:
    if type(value) is not list or not low <= len(value) <= high:
        size = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"view field {name} must be a list of {size} items")
    return value


def _card_list(value: Any, name: str, low: int = 0, high: int = 32) -> list[int]:
    out: list[int] = []
    for c in _list(value, name, low, high):
        number = _CARD_NUMBERS.get(c) if type(c) is str else None
        if number is None:
            raise ValueError(f"view field {name} holds something that is not a card code")
        if number in out:
            raise ValueError(f"view field {name} names a card twice")
        out.append(number)
    return out


def _mask(value: Any, name: str, *, null: bool = False) -> int | None:
    if value is None and null:
        return None
    m = 0
    for c in _card_list(value, name):
        m |= 1 << c
    return m


def _trick(value: Any, name: str) -> tuple[int, tuple[int, int, int], int]:
    if type(value) is not dict:
        raise ValueError(f"view field {name} must hold objects with leader, cards and winner")
    leader = _int(_get(value, "leader", name), f"{name} leader", 0, 2)
    cards = _card_list(_get(value, "cards", name), f"{name} cards", 3, 3)
    winner = _int(_get(value, "winner", name), f"{name} winner", 0, 2)
    return leader, (cards[0], cards[1], cards[2]), winner


def _auction_entry(value: Any) -> tuple[int, str, int]:
    entry = _list(value, "auction entry", 3, 3)
    player = _int(entry[0], "auction player", 0, 2)
    if entry[1] not in _AUCTION_KINDS:
        raise ValueError("view field auction holds an entry that is not bid, hold or pass")
    bid = _int(entry[2], "auction value", 0, _MAX_INT)
    return player, entry[1], bid


def _result(value: Any) -> DealResult | None:
    if value is None:
        return None
    if type(value) is not dict:
        raise ValueError("view field result must be an object or null")
    kind = _get(value, "kind", "the result")
    if kind not in _RESULT_KINDS:
        raise ValueError("view field result has an unknown kind")
    scores = _list(_get(value, "scores", "the result"), "result scores", 3, 3)
    for s in scores:
        _int(s, "result scores", -_MAX_INT, _MAX_INT)
    reason = _get(value, "reason", "the result")
    if type(reason) is not str:
        raise ValueError("view field result reason must be text")
    return DealResult(kind, (scores[0], scores[1], scores[2]), reason)


def _action(value: Any) -> Action:
    try:
        return action_from_dict(value)
    except InvalidRecord as e:
        raise ValueError(f"view field legal: {e}") from None


def _view_from_dict(data: Any, profile: RuleProfile) -> SeatView:
    if type(data) is not dict:
        raise ValueError("a seat view must be a JSON object")
    if not isinstance(profile, RuleProfile):
        raise ValueError("a seat view is read against a rule profile")

    def get(key: str) -> Any:
        return _get(data, key, "the seat view")

    if get("profile") != profile.name:
        raise ValueError("the seat view is for another rule profile")
    phase = get("phase")
    if type(phase) is not str or phase not in _PHASES:
        raise ValueError("view field phase is not a phase of a deal")
    sizes = _list(get("hand_sizes"), "hand_sizes", 3, 3)
    for n in sizes:
        _int(n, "hand_sizes", 0, 12)
    contract = get("contract")
    if contract is not None:
        contract = Contract.from_dict(contract)  # ValueError with its own sentence
    last = get("last_trick")
    dealt = get("dealt")
    if dealt is not None:
        dealt = tuple(_mask(h, "dealt") for h in _list(dealt, "dealt", 3, 3))
    open_hands = _list(get("open_hands"), "open_hands", 3, 3)
    return SeatView(
        seat=_int(get("seat"), "seat", 0, 5, null=True),
        position=_int(get("position"), "position", 0, 2, null=True),
        profile=profile,
        phase=phase,
        to_move=_int(get("to_move"), "to_move", 0, 2, null=True),
        hand=_mask(get("hand"), "hand"),
        hand_sizes=(sizes[0], sizes[1], sizes[2]),
        auction=tuple(_auction_entry(a) for a in _list(get("auction"), "auction", 0, 1000)),
        bid=_int(get("bid"), "bid", 0, _MAX_INT),
        declarer=_int(get("declarer"), "declarer", 0, 2, null=True),
        contract=contract,
        picked_up=_bool(get("picked_up"), "picked_up"),
        skat=_mask(get("skat"), "skat", null=True),
        open_hands=tuple(_mask(h, "open_hands", null=True) for h in open_hands),
        tricks=tuple(_trick(t, "tricks") for t in _list(get("tricks"), "tricks", 0, 10)),
        trick=tuple(_card_list(get("trick"), "trick", 0, 3)),
        leader=_int(get("leader"), "leader", 0, 2),
        last_trick=None if last is None else _trick(last, "last_trick"),
        kontra=_int(get("kontra"), "kontra", 0, 4),
        pushes=_int(get("pushes"), "pushes", 0, 3),
        legal=tuple(_action(a) for a in _list(get("legal"), "legal", 0, 1000)),
        bock=_bool(get("bock"), "bock"),
        result=_result(get("result")),
        dealt=dealt,
        original_skat=_mask(get("original_skat"), "original_skat", null=True),
    )


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
