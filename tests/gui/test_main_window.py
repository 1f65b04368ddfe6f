"""The main window around the table: practice aids, hand sorting and dragging, menus,
colour schemes, decks, and the place for side panels."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel

from skat_desktop.app.table import DealOver, HumanTurn
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import GameType, sort_for_display
from skat_desktop.gui.main_window import MainWindow

from .table_driver import TablePlayer, make_window, start


def _play_turn(player: TablePlayer, want_legal_choice: bool = False) -> HumanTurn:
    """Play on until the human is to play a card (with a choice if asked)."""

    def choice(need: HumanTurn) -> bool:
        return not want_legal_choice or sum(type(a) is Play for a in need.legal) > 1

    return player.turn("play", until=choice)


def test_a_hint_is_computed_off_the_gui_thread_and_marks_a_legal_card(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, practice=True, length=0, seed=3, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=1)
    need = _play_turn(player)
    assert window.play_panel.hint_button.isVisible()
    with qtbot.waitSignal(window.session.hintReady, timeout=30000):
        player.click(window.play_panel.hint_button)  # (once laid out: 0 px wide it missed)
    legal = {a.card for a in need.legal if type(a) is Play}
    assert window.scene.hint_card in legal
    assert window.scene.card_item(window.scene.hint_card).hinted
    hint = window.play_panel.hint_line  # on the play bar, until the card is played
    assert hint.isVisible() and hint.text().startswith("Hint:")


def test_undo_takes_back_the_last_card_in_practice(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, practice=True, length=0, seed=3, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=1)
    need = _play_turn(player)
    card = next(a.card for a in need.legal if type(a) is Play)
    before = len(window.controller.actions)
    player.click_card(card)
    player.settle()
    assert card not in window.scene.bottom_order()
    assert window.act_undo.isEnabled()
    window.act_undo.trigger()
    player.settle()
    assert len(window.controller.actions) == before
    assert card in window.scene.bottom_order()


def test_open_cards_shows_every_hand_only_in_practice(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, practice=True, length=0, seed=5, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window)
    player.settle()
    scene = window.scene
    hidden = [k for k in scene.cards if k[0] == "back"]
    assert hidden  # the others' cards are backs
    window.act_open.trigger()
    assert window.act_open.isChecked()
    faces_left = [i for i in scene.cards.values() if i.side == "left.hand" and i.card is not None]
    assert len(faces_left) == 10
    assert not [k for k in scene.cards if k[0] == "back"]
    window.act_open.trigger()
    assert [k for k in scene.cards if k[0] == "back"]

    start(window, practice=False, length=0, seed=5)
    player.settle()
    assert not window.act_open.isEnabled()
    window._toggle_open_cards(True)
    assert [k for k in scene.cards if k[0] == "back"]


def test_a_finished_deal_is_replayed_from_another_seat(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, practice=True, length=0, seed=6, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    ctl = window.controller
    while not isinstance(player.need, DealOver) or not ctl.entries:
        player.step()
        player.settle()
    dealt = ctl.deal.setup.cards
    assert window.deal_over.replay_button.isVisible()
    assert window.replay_from(1)
    player.settle()
    assert window.session.bottom == 1  # the human now holds seat 1's cards, drawn at the bottom
    assert ctl.deal.setup.cards == dealt
    assert window.scene.state.bottom == 1
    assert len(ctl.entries) == 1


def test_the_hand_is_sorted_by_the_game_and_can_be_reordered_by_dragging(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=4, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window)
    player.settle()
    scene = window.scene
    hand = list(scene.state.seats[scene.state.bottom].hand)
    assert scene.bottom_order() == sort_for_display(hand, scene.state.game or GameType.GRAND)
    order = scene.bottom_order()
    first, last = order[0], order[-1]
    view = window.view
    start_pos = view.mapFromScene(scene.click_point(first))
    end_item = scene.card_item(last)
    end_pos = view.mapFromScene(end_item.mapToScene(end_item.boundingRect().center()))
    end_pos = QPoint(end_pos.x() + end_item.w, end_pos.y())
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start_pos)
    for i in range(1, 11):
        p = start_pos + (end_pos - start_pos) * i / 10
        qtbot.mouseMove(vp, QPoint(round(p.x()), round(p.y())))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end_pos)
    qtbot.waitUntil(lambda: not scene.busy)
    assert scene.bottom_order()[-1] == first
    assert scene.sort_mode == "manual"
    assert window.settings.sort_mode == "manual"
    window.set_sort_mode("game")
    assert scene.bottom_order() == order


def test_a_card_dragged_onto_the_table_is_played(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=3, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=1)
    need = _play_turn(player)
    scene, view = window.scene, window.view
    card = next(a.card for a in need.legal if type(a) is Play)
    vp = view.viewport()
    start_pos = view.mapFromScene(scene.click_point(card))
    target = view.mapFromScene(scene.layout.stage.center())
    before = len(window.controller.actions)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start_pos)
    for i in range(1, 11):
        p = start_pos + (target - start_pos) * i / 10
        qtbot.mouseMove(vp, QPoint(round(p.x()), round(p.y())))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=target)
    qtbot.waitUntil(lambda: len(window.controller.actions) > before)
    assert window.controller.actions[before] == Play(need.view.position, card)


def test_the_colour_scheme_and_the_deck_switch_at_once(qtbot, tmp_path, qapp):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=2)
    TablePlayer(qtbot, window).settle()
    window.set_color_scheme("dark")
    assert window.settings.color_scheme == "dark"
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 128
    assert window.scene.colors.dark
    window.set_color_scheme("light")
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 128
    window._set_deck("german")
    assert window.pictures.deck.id == "german"
    assert window.settings.deck_id == "german"
    some = next(iter(window.scene.cards.values()))
    assert some.pictures.deck.id == "german"
    window._set_deck("french")
    window.act_letters.trigger()
    assert window.settings.index_style == "de"
    assert window.pictures.deck.index_style == "de"


def test_side_panels_are_added_as_tabs(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    assert not window.side_dock.isVisible()
    window.add_side_panel("Score sheet", QLabel("sheet"))
    window.add_side_panel("Statistics", QLabel("stats"))
    assert window.side_dock.isVisible()
    assert [window.side_tabs.tabText(i) for i in range(2)] == ["Score sheet", "Statistics"]
    assert window.act_side.isVisible()


def test_controller_and_events_are_announced_for_other_views(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    controllers, events = [], []
    window.controllerChanged.connect(controllers.append)
    window.tableEvent.connect(events.append)
    start(window, length=1, seed=9, seats=["human", "random", "random"])
    TablePlayer(qtbot, window, seed=1).play_series()
    assert controllers == [window.controller]
    names = {type(e).__name__ for e in events}
    assert {"DealStarted", "ActionApplied", "DealFinished", "SeriesFinished"} <= names


def test_the_window_remembers_its_geometry(qtbot, tmp_path):
    first = make_window(qtbot, tmp_path, size=(760, 560))  # inside the offscreen screen
    size = first.size()
    first.close()
    assert first.settings.window_geometry
    second = MainWindow(first.settings, None, synchronous_pictures=True)
    qtbot.addWidget(second)
    assert second.size() == size


def test_a_playable_card_rises_under_the_mouse_and_a_dimmed_one_does_not(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, length=0, seed=9, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=4)
    scene, view = window.scene, window.view
    for _ in range(500):
        need = _play_turn(player)
        legal = {a.card for a in need.legal if type(a) is Play}
        if len(legal) < len(scene.bottom_order()):
            break
        player.step()
    playable = next(c for c in scene.bottom_order() if c in legal)
    dimmed = next(c for c in scene.bottom_order() if c not in legal)
    item = scene.card_item(playable)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene.click_point(playable)))
    qtbot.waitUntil(lambda: item.hovered)
    assert item.pos().y() < item.home.y()
    other = scene.card_item(dimmed)
    qtbot.mouseMove(view.viewport(), view.mapFromScene(scene.click_point(dimmed)))
    qtbot.waitUntil(lambda: other.hovered)
    assert other.pos().y() == other.home.y()
    assert other.dimmed and not item.dimmed
