"""The table window plays at a table it does not hold: a scripted port with no
TableController behind it -- as a LAN client's table will be -- fed only seat 0's views of
a deal this test holds, its moves answered later, as a host's are."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from skat_desktop.app.port import HiddenDiscard, TablePort, Waiting
from skat_desktop.app.table import (
    ActionApplied,
    DealOver,
    HumanTurn,
    SeriesOver,
    TableError,
)
from skat_desktop.engine.actions import Bid, Declare, Discard, Pass, Play
from skat_desktop.engine.cards import cards_of
from skat_desktop.engine.deal import Deal
from skat_desktop.engine.dealing import deal_from_seed
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.engine.series import Series
from skat_desktop.engine.view import seat_view

from .table_driver import WAIT_MS, TablePlayer, make_window

NAMES = ("Anna", "Ben", "Cleo")
ME = 0


def dealt_to_play(seed: int = 5) -> Deal:
    """A deal in its card play, seat 0 forehand to lead: Ben bid 18 and plays a hand game."""
    series = Series(BUILTIN["isko"], 3, first_dealer=2)
    deal = Deal(series.next_setup(deal_from_seed(seed), seed))
    while deal.phase.value != "play":
        legal = deal.legal_actions(deal.to_move)
        bids = [a for a in legal if type(a) is Bid]
        if deal.to_move == 1 and bids and not deal.auction.history:
            deal.apply(bids[0])
        elif deal.phase.value == "bidding":
            deal.apply(next(a for a in legal if type(a) is Pass))
        else:
            deal.apply(next(a for a in legal if type(a) is Declare and not a.contract.ouvert))
    return deal


class ScriptedPort:
    """A :class:`TablePort` over a deal held "at the host" (this test): the window gets
    seat 0's views; its moves are sent (recorded) and applied, with their events, only
    when the host answers a moment later; the other seats' cards are the host's moves."""

    def __init__(self, deal: Deal):
        self._deal = deal
        self._listeners: list = []
        self.sent: list = []

    profile = property(lambda self: self._deal.profile)
    names = property(lambda self: NAMES)
    table_size = property(lambda self: 3)
    mine = property(lambda self: (ME,))
    deal_number = property(lambda self: 1)
    planned_deals = property(lambda self: None)
    series_finished = property(lambda self: False)
    dealt = property(lambda self: True)
    dealer = property(lambda self: self._deal.setup.dealer)
    deal_seats = property(lambda self: self._deal.setup.seats)
    entries = property(lambda self: ())
    totals = property(lambda self: (0, 0, 0))
    local = property(lambda self: None)

    @property
    def actions(self):
        return tuple(
            HiddenDiscard(a.player) if type(a) is Discard and a.player != ME else a
            for a in self._deal.actions
        )

    def evaluation(self) -> list[int]:
        return [0, 0, 0]

    def view_for(self, seat: int):
        assert seat == ME, "the window asked for another seat's view"
        return seat_view(self._deal, seat)

    def request(self):
        deal = self._deal
        if deal.finished:
            return DealOver(deal.result, None)
        seat = deal.setup.seats[deal.to_move]
        if seat == ME:
            view = seat_view(deal, ME)
            return HumanTurn(ME, view, view.legal)
        return Waiting(seat, deal.phase.value, False, len(deal.actions))

    def apply(self, action) -> None:
        if self.sent:
            raise TableError("a move is on its way")
        self.sent.append(action)
        QTimer.singleShot(0, lambda: self.host_applies(action))

    def host_applies(self, action) -> None:
        """The host's answer: the move is on the table, every seat hears of it."""
        deal = self._deal
        deal.apply(action)
        event = ActionApplied(deal.setup.seats[action.player], action, len(deal.actions) - 1)
        for listener in list(self._listeners):
            listener(event)

    def decline(self, seat: int) -> None:
        raise TableError("nothing to decline")

    def can_double(self, seat: int) -> bool:
        return False

    def double(self, seat: int) -> None:
        raise TableError("no doubling here")

    def next_deal(self) -> None:
        raise TableError("the host deals")

    def add_listener(self, listener) -> None:
        self._listeners.append(listener)

    def remove_listener(self, listener) -> None:
        self._listeners.remove(listener)


def test_a_table_without_a_controller_is_shown_and_played_through_its_port(qtbot, tmp_path):
    deal = dealt_to_play()
    port = ScriptedPort(deal)
    assert isinstance(port, TablePort)
    window = make_window(qtbot, tmp_path)
    window.set_table(port)
    assert window.controller is None and window.table is port
    player = TablePlayer(qtbot, window)
    player.settle()

    # the window shows seat 0's hand and no one else's, and asks for a card
    need = window.session.need
    assert isinstance(need, HumanTurn) and need.view.phase == "play"
    state = window.scene.state
    assert sorted(state.seats[ME].hand) == sorted(cards_of(deal.hands[0]))
    assert state.seats[1].hand is None and state.seats[2].hand is None
    assert window.host.current is window.play_panel
    # the practice aids are a local table's: not offered here
    assert not any(
        a.isVisible()
        for a in (window.act_undo, window.act_hint, window.act_open, window.act_replay)
    )

    # a click plays the card through port.apply; the table shows it once the host answers
    card = next(a.card for a in need.legal if type(a) is Play)
    player.click_card(card)
    qtbot.waitUntil(lambda: port.sent == [Play(0, card)], timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.scene.state.trick == ((ME, card),), timeout=WAIT_MS)
    assert len(window.scene.state.seats[ME].hand) == 9

    # the other seats move at the host; the window waits for them and follows
    qtbot.waitUntil(lambda: isinstance(window.session.need, Waiting), timeout=WAIT_MS)
    assert window.session.need.seat == 1
    assert window.turn_label.text() == "Ben is thinking…"
    for _ in range(2):
        seat = deal.setup.seats[deal.to_move]
        view = seat_view(deal, seat)
        move = next(a for a in view.legal if type(a) is Play)
        port.host_applies(move)
    qtbot.waitUntil(lambda: window.scene.state.tricks_done == 1, timeout=WAIT_MS)
    assert not isinstance(window.session.need, (DealOver, SeriesOver))
    window.close()
