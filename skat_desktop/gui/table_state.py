"""What the card table shows now, as plain data built from the table port and one seat's view.

:func:`build_state` is the only place that turns a table's state into something to draw.
It reads the table through its :class:`~skat_desktop.app.port.TablePort` only -- the seat
view of the player at the bottom, the names, the deal number (plus the open cards of a
local practice table when the player asked for them) -- so the table never shows a card
the player may not see, and a table held by a LAN host draws the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from skat_desktop.app.port import LocalTable, TablePort
from skat_desktop.app.table import TableController
from skat_desktop.engine.cards import POINTS, GameType, cards_of
from skat_desktop.engine.dealing import active_seats
from skat_desktop.engine.view import SeatView
from skat_desktop.gui import game_words, table_header
from skat_desktop.gui.table_header import auction_open


@dataclass(frozen=True)
class SeatState:
    seat: int
    name: str
    role: str  # position, dealer, declarer
    bubble: str  # the seat's last word
    active: bool  # plays this deal (at four the dealer sits out)
    hand: tuple[int, ...] | None  # the cards when they may be seen, else None
    hand_count: int
    tricks: int
    points: int | None  # card points, when they may be shown
    on_turn: bool
    history: tuple[str, ...] = ()  # the auction's words before ``bubble``, until declared


@dataclass(frozen=True)
class TableState:
    deal_key: tuple[int, int]  # changes with every deal dealt (a replay too)
    table_size: int
    bottom: int  # the table seat drawn at the bottom
    seats: tuple[SeatState, ...]  # by table seat
    game: GameType | None  # for sorting hands
    phase: str
    dealer: int = 0
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in playing order
    tricks_done: int = 0
    completed: tuple[tuple[int, int], ...] = ()  # the trick taken last (seat, card)
    completed_winner: int | None = None
    skat: tuple[int | None, ...] = ()  # cards lying in the middle (None: face down)
    info: str = ""
    last_trick: tuple[tuple[tuple[int, int], ...], int] | None = None  # may be looked at
    finished: bool = False
    words: dict[int, str] = field(default_factory=dict)
    header: tuple[str, ...] = ()  # ``info`` in forms, longest first (gui/table_header.py)


def empty_state(names: tuple[str, ...], bottom: int = 0) -> TableState:
    """The table before the first deal: names only."""
    seats = tuple(
        SeatState(i, n, "", "", False, None, 0, 0, None, False) for i, n in enumerate(names)
    )
    return TableState((0, 0), len(names), bottom, seats, None, "none")


def build_state(
    table: TablePort | TableController,
    bottom: int,
    dealer: int,
    deal_key: tuple[int, int],
    words: dict[int, str] | None = None,
    open_cards: bool = False,
) -> TableState:
    """The table as the player at ``bottom`` sees it.

    ``words`` are the interjections said this deal by seat (Kontra, pushes the skat...),
    which the seat view does not keep; ``open_cards`` shows every hand (practice, at a
    table in this process). A controller given here is read through its
    :class:`~skat_desktop.app.port.LocalTable`.
    """
    port = LocalTable(table) if isinstance(table, TableController) else table
    local = port.local
    practice = local is not None and local.practice
    n = port.table_size
    view = port.view_for(bottom)
    seats = active_seats(n, dealer)
    pos_of = {s: i for i, s in enumerate(seats)}
    finished = view.result is not None
    game = view.game
    phase = "finished" if finished else view.phase
    opened = local.open_cards() if open_cards and practice else None

    auction_words = table_header.auction_record(view) if auction_open(view, phase) else {}
    words = dict(words or {})
    tricks_by_pos = [0, 0, 0]
    points_by_pos = [0, 0, 0]
    for _, cards, winner in view.tricks:
        tricks_by_pos[winner] += 1
        points_by_pos[winner] += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
    show_points = finished or practice
    if finished and view.result is not None:
        points_by_pos = list(view.result.points)
        tricks_by_pos = list(view.result.tricks)

    declarer_seat = seats[view.declarer] if view.declarer is not None else None
    on_turn_seat = None
    if not finished and view.to_move is not None:
        on_turn_seat = seats[view.to_move]

    out: list[SeatState] = []
    for seat in range(n):
        pos = pos_of.get(seat)
        active = pos is not None
        role_parts: list[str] = []
        if active:
            role_parts.append(game_words.position_name(pos))
        if seat == dealer:
            role_parts.append(
                QCoreApplication.translate("Table", "Dealer")
                if active
                else QCoreApplication.translate("Table", "Dealer, sits out")
            )
        if declarer_seat == seat and phase not in ("bidding",):
            role_parts.append(QCoreApplication.translate("Table", "Declarer"))
        bubble = ""
        history: tuple[str, ...] = ()
        if seat in words:
            bubble = words[seat]
        elif active and pos in auction_words:
            *earlier, bubble = auction_words[pos]
            history = tuple(earlier)
        elif active and declarer_seat == seat and not finished:
            if view.contract is not None:
                bubble = game_words.contract_text(view.contract)
            elif view.bid:
                bubble = str(view.bid)
        hand: tuple[int, ...] | None = None
        count = 0
        if active:
            count = view.hand_sizes[pos]
            if seat == bottom:
                hand = tuple(cards_of(view.hand))
            elif view.open_hands[pos] is not None:
                hand = tuple(cards_of(view.open_hands[pos]))
            elif opened is not None:
                hand = tuple(cards_of(opened.hands[seat]))
            if hand is not None:
                count = len(hand)
        out.append(
            SeatState(
                seat=seat,
                name=game_words.seat_name(port.names[seat]),
                role=" · ".join(role_parts),
                bubble=bubble,
                active=active,
                hand=hand,
                hand_count=count,
                tricks=tricks_by_pos[pos] if active else 0,
                points=(points_by_pos[pos] if active and show_points else None),
                on_turn=seat == on_turn_seat,
                history=history,
            )
        )

    trick = tuple((seats[(view.leader + i) % 3], c) for i, c in enumerate(view.trick))
    completed: tuple[tuple[int, int], ...] = ()
    completed_winner = None
    if view.tricks:
        leader, cards, winner = view.tricks[-1]
        completed = tuple((seats[(leader + i) % 3], c) for i, c in enumerate(cards))
        completed_winner = seats[winner]
    last = None
    if view.last_trick is not None and not finished:
        leader, cards, winner = view.last_trick
        last = (tuple((seats[(leader + i) % 3], c) for i, c in enumerate(cards)), seats[winner])

    header = table_header.header_forms(port, view, seats, phase)
    skat: tuple[int | None, ...] = ()
    if phase in ("bidding", "skat", "ramsch_offer") or (
        phase == "schieben" and not _skat_in_hand(view)
    ):
        skat = tuple(cards_of(opened.skat)) if opened is not None else (None, None)

    return TableState(
        deal_key=deal_key,
        table_size=n,
        bottom=bottom,
        seats=tuple(out),
        game=game,
        phase=phase,
        dealer=dealer,
        trick=trick,
        tricks_done=len(view.tricks),
        completed=completed,
        completed_winner=completed_winner,
        skat=skat,
        info=header[0],
        last_trick=last,
        finished=finished,
        words=words,
        header=header,
    )


def _skat_in_hand(view: SeatView) -> bool:
    """Schieberamsch: the player on turn holds 12 cards (took the skat, must pass two on)."""
    return view.to_move is not None and view.hand_sizes[view.to_move] == 12
