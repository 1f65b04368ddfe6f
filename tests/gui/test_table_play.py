"""The playable table: whole series through the real widgets (mouse and keyboard), refused
cards, the layout from 1024 x 700 to 2560 x 1440, failing players and a failing store."""

from __future__ import annotations

import itertools
import threading

import pytest
from PySide6.QtCore import QRectF, Qt

import skat_desktop.app.table as table_mod
from skat_desktop.ai.levels import make_player
from skat_desktop.app.sheets import SeriesService
from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Claim, Double, Play
from skat_desktop.engine.profiles import BUILTIN, HOUSE
from skat_desktop.store.repository import Store

from .table_driver import WAIT_MS, TablePlayer, make_window, set_view_size, start

# ---------------------------------------------------------------------- whole series


@pytest.mark.parametrize("profile", sorted(BUILTIN))
def test_a_short_series_is_played_through_the_widgets(qtbot, tmp_path, profile):
    store = Store.open(tmp_path / "skat.sqlite3")
    window = make_window(qtbot, tmp_path, store=store)
    start(window, profile=profile, length=3, seed=21)
    player = TablePlayer(qtbot, window, seed=3)
    player.play_series()
    ctl = window.controller
    assert len(ctl.entries) == 3
    assert window.host.current is window.series_over
    assert player.cards_played > 0
    window.writer.finish()  # the last deal's write may still be on its way
    stored = SeriesService(store, ctl.series_id).sheet()
    assert stored.totals == ctl.totals  # every deal went into the database
    window.close()
    store.close()


def test_house_rules_play_ramsch_when_everyone_passes(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, profile="house", length=0, seed=12, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=5)
    player.always_pass = True
    player.kontra = 0.7
    doublings = []
    window.tableEvent.connect(
        lambda e: doublings.append(e) if type(getattr(e, "action", None)) is Double else None
    )
    for _ in range(3000):
        player.step()
        kinds = {e.kind for e in window.controller.entries}
        if "ramsch" in kinds and "game" in kinds and any(e.seat == 0 for e in doublings):
            break
    assert "ramsch" in {e.kind for e in window.controller.entries}
    assert any(e.seat == 0 for e in doublings)  # the player said Kontra through the panel
    player.settle()
    # the end of a Ramsch shows every player's points
    need = window.session.need
    if isinstance(need, DealOver) and need.result.kind == "ramsch":
        assert "Ramsch" in window.deal_over.title.text()


def test_schieberamsch_and_grand_hand_instead_of_ramsch(qtbot, tmp_path):
    rules = HOUSE.copy(
        "schieben", "Schieberamsch", all_pass="schieberamsch", ramsch_grand_hand=True
    )
    window = make_window(qtbot, tmp_path)
    start(window, profile=rules, length=0, seed=12, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=7)
    player.always_pass = True
    phases = set()
    wanted = {"ramsch_offer", "take or push", "pass two on"}
    for _ in range(3000):
        player.settle()
        need = player.need
        if isinstance(need, HumanTurn):
            phases.add(need.view.phase)
            if need.view.phase == "schieben":
                taking = window.host.current is window.schieben
                phases.add("take or push" if taking else "pass two on")
        player.step()
        if wanted <= phases and "ramsch" in {e.kind for e in window.controller.entries}:
            break
    assert wanted <= phases
    assert "ramsch" in {e.kind for e in window.controller.entries}


def test_a_four_player_table_lets_the_dealer_sit_out(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=4, seats=["human", "random", "beginner", "random"], seed=3)
    player = TablePlayer(qtbot, window, seed=1)
    player.play_series()
    ctl = window.controller
    assert len(ctl.entries) == 4
    assert [e.dealer for e in ctl.entries] == [0, 1, 2, 3]


def test_a_whole_deal_is_played_with_the_keyboard_only(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    start(window, length=0, seed=4, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2, keyboard=True)
    ctl = window.controller
    while not (len(ctl.entries) >= 1 and player.cards_played >= 3):
        player.step()
        assert len(ctl.entries) < 8
    assert player.cards_played >= 3


def test_an_illegal_card_cannot_be_played_and_is_dimmed(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=9, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=4)
    scene = window.scene
    for _ in range(500):
        player.settle()
        need = player.need
        if isinstance(need, HumanTurn) and not need.interjection and need.view.phase == "play":
            legal = {a.card for a in need.legal if type(a) is Play}
            illegal = [c for c in scene.bottom_order() if c not in legal]
            if illegal:
                break
        player.step()
    else:
        pytest.fail("no position with a card that may not be played")
    for c in scene.bottom_order():
        assert scene.card_item(c).dimmed == (c not in legal)
    before = window.controller.actions
    player.click_card(illegal[0])
    player.settle()
    assert window.controller.actions == before
    assert illegal[0] in scene.bottom_order()
    assert "may not be played" in window.statusBar().currentMessage()
    player.click_card(sorted(legal)[0])
    qtbot.waitUntil(lambda: len(window.controller.actions) > len(before))


# ---------------------------------------------------------------------- layout


def _check_layout(window) -> None:
    scene = window.scene
    lay = scene.layout
    view_rect = QRectF(0, 0, window.view.viewport().width(), window.view.viewport().height())
    zones = lay.zones()
    for (a, ra), (b, rb) in itertools.combinations(zones.items(), 2):
        if ra.width() > 0 and rb.width() > 0 and ra.height() > 0 and rb.height() > 0:
            assert not ra.intersects(rb), f"zones {a} and {b} overlap"
    for name, rect in zones.items():
        if rect.width() > 0:
            assert view_rect.contains(rect), f"zone {name} is cut off"
    for zone, rect in scene.placed_items():
        if rect.isEmpty():
            continue
        assert zone in zones, zone
        assert zones[zone].adjusted(-0.5, -0.5, 0.5, 0.5).contains(rect), (zone, rect, zones[zone])
    if window.host.isVisible():
        host = QRectF(window.host.geometry())
        assert lay.panel.adjusted(-1, -1, 1, 1).contains(host), (host, lay.panel)
    # the cards of a hand lie side by side, never on top of each other's index
    for side, z in lay.seats.items():
        count = max(2, sum(1 for item in scene.cards.values() if item.side == f"{side}.hand"))
        step = lay.hand_step(side, count)
        assert step >= (z.card_w * 0.22 if z.horizontal else z.card_h * 0.18)


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("size", [(1024, 700), (2560, 1440)])
def test_nothing_overlaps_or_is_cut_off_from_small_to_large(qtbot, tmp_path, size, seats):
    window = make_window(qtbot, tmp_path, size=(size[0] + 40, size[1] + 80))
    set_view_size(qtbot, window, *size)
    assert (window.view.width(), window.view.height()) == size
    kinds = ["human", "random", "random", "random"][:seats]
    start(window, length=0, seed=11, seats=kinds)
    player = TablePlayer(qtbot, window, seed=8)
    player.bid_limit = 40
    phases = set()
    for _ in range(400):
        player.settle()
        need = player.need
        phase = need.view.phase if isinstance(need, HumanTurn) else type(need).__name__
        if phase not in phases or (phase == "play" and window.scene.state.trick):
            _check_layout(window)
            phases.add(phase)
        if {"bidding", "play", "DealOver", "discard"} <= phases:
            break
        player.step()
    assert {"bidding", "play", "DealOver"} <= phases
    # the last trick on demand stays inside the middle of the table
    state = window.scene.state
    if state is not None and state.last_trick is not None:
        window.show_last_trick()
        _check_layout(window)


def test_a_resize_lays_the_table_out_again(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=2)
    player = TablePlayer(qtbot, window, seed=1)
    player.settle()
    for size in ((1024, 700), (1600, 1000), (2560, 1440), (1024, 700)):
        set_view_size(qtbot, window, *size)
        assert window.scene.sceneRect().size().toSize().toTuple() == size
        _check_layout(window)


def _offers_the_turn(window) -> bool:
    """The window asks the human for the card the controller waits for: the session's
    question is the table's, and the legal cards may be played."""
    session, scene = window.session, window.scene
    need = session.port.request()
    return (
        isinstance(need, HumanTurn)
        and session.need == need
        and scene.mode == "play"
        and bool(scene.playable)
    )


@pytest.mark.parametrize("cut", ["resize", "side panel", "last trick"])
def test_cutting_an_animation_short_does_not_stop_the_table(qtbot, tmp_path, cut):
    """The cards still flew to the human's turn when something jumped the table to its end
    (a resize, the side panel, the last trick): the table came to rest without saying so,
    the session never asked again, and it said "Your turn" with no card to play (found by
    a tester pressing keys fast after declaring; the fuzzer cut it down to a resize)."""
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=4, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    player.turn("play", until=lambda need: need.view.tricks != ())  # a last trick to show
    session, scene = window.session, window.scene
    scene.set_speed(1)  # from here the cards fly, slowly
    before = session.need
    player.click_card(min(a.card for a in before.legal if type(a) is Play))
    # the computers have played and the turn is the human's again, the table still moving
    qtbot.waitUntil(
        lambda: (
            scene.busy
            and isinstance(session.port.request(), HumanTurn)
            and session.port.request() != before
        ),
        timeout=WAIT_MS,
    )
    assert not _offers_the_turn(window)
    if cut == "resize":
        width = window.view.width()
        window.resize(window.width() - 60, window.height())
        qtbot.waitUntil(lambda: window.view.width() != width)
    elif cut == "side panel":
        width = window.view.width()
        window.show_game_log()
        qtbot.waitUntil(lambda: window.view.width() != width)
    else:
        window.show_last_trick()
        assert scene.last_trick_shown()
    assert not scene.busy  # the animation was cut short
    scene.set_speed(0)
    qtbot.waitUntil(lambda: _offers_the_turn(window), timeout=WAIT_MS)
    assert window.turn_label.text() == "Your turn: play a card"


def test_a_card_taken_back_while_it_flies_is_asked_for_again(qtbot, tmp_path):
    """Practice: Ctrl+Z while the card just played still flew to the trick brought back the
    very turn the window had asked last; the window, already redrawn for the computers, took
    it for nothing new and showed "Your turn" with no card to play (found by the fuzzer)."""
    window = make_window(qtbot, tmp_path)
    start(window, length=0, practice=True, seed=4, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    need = player.turn("play", until=lambda need: not need.view.trick)  # the human leads
    session, scene = window.session, window.scene
    scene.set_speed(1)
    player.click_card(min(a.card for a in need.legal if type(a) is Play))
    assert scene.busy and not isinstance(session.port.request(), HumanTurn)
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.port.request() == need  # the same turn again
    scene.set_speed(0)
    qtbot.waitUntil(lambda: _offers_the_turn(window), timeout=WAIT_MS)
    assert scene.playable == {a.card for a in need.legal if type(a) is Play}


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720)])
def test_a_watchers_trick_is_never_under_the_panel(qtbot, tmp_path, size):
    """A watcher at a networked table sees no hand at the bottom: the bottom seat's card
    came flying up from the empty place below the play bar and passed under the bar
    ("Bob is thinking…" over it). Each card of the trick, coming in and lying there,
    stays clear of the panel, beside the side panel too."""
    import dataclasses

    from skat_desktop.gui.main_window import SHEET

    window = make_window(qtbot, tmp_path, size=size)
    window.show_side_panel(SHEET)
    start(window, length=0, seed=5)
    player = TablePlayer(qtbot, window, seed=2)
    for _ in range(200):
        player.settle()
        need = player.need
        if isinstance(need, HumanTurn) and need.view.phase == "play" and not need.view.trick:
            break
        player.step()
    else:
        raise AssertionError("the human never led a trick")
    scene = window.scene
    scene.set_speed(2)  # the cards fly (the driver plays without animations)
    state = scene.state
    bottom = state.bottom
    cards = sorted(state.seats[bottom].hand)[:3]
    seats = list(state.seats)
    seats[bottom] = dataclasses.replace(seats[bottom], hand=None)  # as a watcher sees it
    state = dataclasses.replace(state, seats=tuple(seats), trick=())
    scene.set_state(state, animate=False)
    assert window.host.isVisible() and window.host.current is window.play_panel
    assert window.view.width() < size[0] - 200  # the side panel is open
    order = [(bottom + i) % state.table_size for i in range(3)]
    for i, seat in enumerate(order):
        state = dataclasses.replace(state, trick=tuple(zip(order[: i + 1], cards, strict=False)))
        scene.set_state(state, animate=True)
        anim = scene._anim
        assert anim is not None
        anim.pause()
        panel = window.view.mapToScene(window.host.geometry()).boundingRect()
        item = scene.cards[("card", cards[i])]
        for t in range(0, anim.totalDuration() + 1, 10):
            anim.setCurrentTime(t)
            rect = item.sceneBoundingRect()
            assert not rect.intersects(panel), (scene.side_of(seat), t, rect, panel)
        scene.finish_animations()
        for card in cards[: i + 1]:
            rect = scene.cards[("card", card)].sceneBoundingRect()
            assert not rect.intersects(panel), (card, rect, panel)


# ---------------------------------------------------------------------- failures


class Raising:
    name = "raising"

    def choose(self, view, cancel=None):
        raise RuntimeError("out of cheese")

    def wants_interjection(self, view):
        raise RuntimeError("out of cheese")


def test_a_player_that_raises_shows_a_message_and_the_series_goes_on(
    qtbot, tmp_path, monkeypatch, caplog
):
    def fake(kind, seed=0):
        return Raising() if kind == "raising" else make_player(kind, seed)

    monkeypatch.setattr(table_mod, "make_player", fake)
    window = make_window(qtbot, tmp_path)
    start(window, length=2, seats=["human", "raising", "random"], seed=5)
    player = TablePlayer(qtbot, window, seed=6)
    player.play_series()
    assert len(window.controller.entries) == 2
    assert window.messages.isVisible()
    # the player's own error text may name a hidden card: it goes to the log, not on screen
    assert "out of cheese" not in window.messages.label.text()
    assert "it failed" in window.messages.label.text()
    assert "out of cheese" in caplog.text
    assert window.messages.kind == "player"


def test_a_store_failure_shows_a_message_and_keeps_the_series(qtbot, tmp_path, monkeypatch):
    store = Store.open(tmp_path / "skat.sqlite3")
    real = SeriesService.record_played
    broken = {"on": True}

    def flaky(self, deal, extra=None):
        if broken["on"]:
            raise OSError("disk full")
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", flaky)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=2, seed=8, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    player.play_series()
    ctl = window.controller
    assert len(ctl.entries) == 2  # nothing lost
    window.writer.finish()  # the writer's answers are in
    assert ctl.pending_store == 2
    assert window.messages.isVisible() and window.messages.kind == "store"
    assert window.messages.retry_button.isVisible()
    broken["on"] = False
    qtbot.mouseClick(window.messages.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ctl.pending_store == 0)
    assert not window.messages.isVisible()
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals
    window.close()
    store.close()


def test_finished_deals_are_written_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    store = Store.open(tmp_path / "skat.sqlite3")
    real = SeriesService.record_played
    threads = []

    def recording(self, deal, extra=None):
        threads.append(threading.current_thread())
        return real(self, deal, extra)

    monkeypatch.setattr(SeriesService, "record_played", recording)
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=2, seed=8, seats=["human", "random", "random"])
    TablePlayer(qtbot, window, seed=2).play_series()
    window.writer.finish()
    ctl = window.controller
    assert len(threads) == 2 and threading.main_thread() not in threads
    assert ctl.pending_store == 0
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals
    window.close()
    store.close()


def test_closing_the_window_writes_the_deal_that_just_ended(qtbot, tmp_path):
    store = Store.open(tmp_path / "skat.sqlite3")
    window = make_window(qtbot, tmp_path, store=store)
    start(window, length=1, seed=8, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    while not window.controller.deal or not window.controller.deal.finished:
        player.step()
    ctl = window.controller
    window.close()  # at once: the write may not have come back yet
    assert ctl.pending_store == 0
    assert SeriesService(store, ctl.series_id).sheet().totals == ctl.totals
    store.close()


def test_a_claim_is_checked_off_the_gui_thread_then_applied(qtbot, tmp_path, monkeypatch):
    threads = []
    real = table_mod.claim_holds

    def recording(*question):
        threads.append(threading.current_thread())
        return real(*question)

    monkeypatch.setattr(table_mod, "claim_holds", recording)
    window = make_window(qtbot, tmp_path)
    start(window, length=1, seed=3, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=5)
    for _ in range(300):
        player.settle()
        need = player.need
        if isinstance(need, HumanTurn) and any(type(a) is Claim for a in need.legal):
            break
        player.step()
    else:
        raise AssertionError("no claim was offered")
    button = window.play_panel.claim_button
    player.click(button)  # first click asks "Really claim?"
    player.click(button)
    qtbot.waitUntil(lambda: window.controller.deal.finished)
    assert threads and threading.main_thread() not in threads
    assert isinstance(window.controller.deal.actions[-1], Claim)
    window.close()


def test_a_new_game_cancels_the_old_one(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seats=["human", "random", "random"], seed=1)
    first = window.controller
    start(window, length=0, seats=["human", "beginner", "random"], seed=2)
    assert window.controller is not first
    player = TablePlayer(qtbot, window)
    player.settle()
    assert isinstance(player.need, (HumanTurn, DealOver, SeriesOver))
    assert first.deal_number <= 1


def test_escape_takes_the_chosen_skat_cards_back_and_closes_the_last_trick(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=21, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=3)
    player.bid_limit = 60
    scene = window.scene
    player.turn("discard", limit=800)
    hand = scene.bottom_order()
    player.key(Qt.Key.Key_Right)
    player.key(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not scene.busy)
    assert scene.discard == [hand[0]]
    assert window.discard_panel.chosen == (hand[0],)
    assert not window.discard_panel.put_down.isEnabled()
    player.key(Qt.Key.Key_Escape)
    assert scene.discard == []
    assert scene.bottom_order() == hand
    assert window.discard_panel.chosen == ()
    # on to a trick after which the last trick may be looked at
    for _ in range(800):
        player.settle()
        state = scene.state
        if (
            state is not None
            and state.last_trick is not None
            and isinstance(player.need, HumanTurn)
        ):
            break
        player.step()
    window.act_last.trigger()
    assert scene.last_trick_shown()
    player.key(Qt.Key.Key_Escape)
    assert not scene.last_trick_shown()
