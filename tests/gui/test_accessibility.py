"""Accessibility of the card table (issue 26): every action by keyboard with a visible
focus, the game log in Qt's accessibility tree for a screen reader, the own hand -- and
only the own hand -- described on the table view, and played cards spoken on request."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QMenu,
    QPushButton,
    QTreeWidget,
)

from skat_desktop.app.table import DealOver, HumanTurn, SeriesOver
from skat_desktop.engine.actions import Play
from skat_desktop.engine.cards import FULL_DECK
from skat_desktop.gui import game_words
from skat_desktop.gui.game_log import Speech
from skat_desktop.gui.main_window import GAME_LOG, MainWindow
from skat_desktop.gui.panels import DealOverPanel, Panel
from skat_desktop.gui.theme import DARK_TABLE, LIGHT_TABLE, contrast_ratio, over

from .table_driver import TablePlayer, make_settings, make_window, start

MNEMONIC = re.compile(r"&([^&\s])")


# ---------------------------------------------------------------------- the keyboard


def menu_items(menu: QMenu):
    for a in menu.actions():
        if a.isSeparator():
            continue
        yield menu, a
        if a.menu() is not None:
            yield from menu_items(a.menu())


def test_every_menu_item_has_an_alt_letter_or_a_shortcut_in_every_language(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    for language, game in (("en", "&Game"), ("de", "&Spiel")):
        window.set_language(language)
        qtbot.waitUntil(lambda game=game: window.menu_game.title() == game)
        for top in window.menuBar().actions():
            assert MNEMONIC.search(top.text()), top.text()
            letters: dict[QMenu, list[str]] = {}
            for menu, a in menu_items(top.menu()):
                text = a.text().replace("&&", "")
                found = MNEMONIC.findall(text)
                assert found or not a.shortcut().isEmpty(), f"{language}: {a.text()!r}"
                if found and a.isVisible():
                    letters.setdefault(menu, []).append(found[0].lower())
            for menu, used in letters.items():  # one letter, one item, in German too
                assert len(used) == len(set(used)), f"{language}: {menu.title()!r} {used}"


def visible_buttons(panel: Panel) -> set[QPushButton]:
    return {b for b in panel.findChildren(QPushButton) if b.isVisible() and b.isEnabled()}


def frame_drawn(window: MainWindow) -> bool:
    """The keyboard's frame along the table's edge (drawn in the table's highlight)."""
    image = window.view.viewport().grab().toImage()
    return image.pixelColor(image.width() // 2, 3) == QColor(window.colors.highlight)


def test_tab_reaches_every_button_of_each_panel_and_the_table_shows_it_has_the_keys(
    qtbot, tmp_path
):
    window = make_window(qtbot, tmp_path)
    start(window, length=2, seed=3)
    player = TablePlayer(qtbot, window, seed=1)
    player.bid_limit = 60
    panels: set[str] = set()
    for _ in range(200):  # two deals' turns, with room to spare
        player.settle()
        panel = window.host.current
        buttons = visible_buttons(panel)
        window.view.clearFocus()
        window.view.setFocus(Qt.FocusReason.MouseFocusReason)  # as a click gives it
        qtbot.waitUntil(window.view.hasFocus)
        assert not frame_drawn(window)  # a click on the table draws no frame
        visited = set()
        for _ in range(30):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            widget = QApplication.focusWidget()
            if widget is window.view:
                break
            visited.add(widget)
        assert window.view.hasFocus(), "Tab comes back to the table"
        assert window.view.keyboard_focus and frame_drawn(window)
        assert buttons <= visited, [b.text() for b in buttons - visited]
        panels.add(type(panel).__name__)
        if isinstance(panel, DealOverPanel) and window.session.ctl.deal_number == 2:
            break
        player.step()
    else:
        raise AssertionError("the second deal did not end")
    assert {"BiddingPanel", "SkatPanel", "DeclarePanel", "PlayPanel", "DealOverPanel"} <= panels


def test_a_panel_button_reached_with_tab_looks_different(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)
    buttons = visible_buttons(window.welcome)
    looks = {b: b.grab().toImage() for b in buttons}
    qtbot.keyClick(window.view, Qt.Key.Key_Tab)
    focused = QApplication.focusWidget()
    assert focused in buttons
    assert focused.grab().toImage() != looks[focused]  # the style's focus frame shows


def test_ctrl_4_opens_the_game_log_and_f6_moves_between_table_and_side_panel(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    assert not window.side_dock.isVisible()
    window.view.setFocus()  # the window is the active one: its shortcuts work
    qtbot.waitUntil(window.view.hasFocus)
    qtbot.keyClick(window.view, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.game_log.hasFocus)
    assert window.side_dock.isVisible()
    assert window.side_tabs.currentWidget().property("sidePanel") == GAME_LOG
    qtbot.keyClick(window.game_log, Qt.Key.Key_F6)
    qtbot.waitUntil(window.view.hasFocus)
    assert window.view.keyboard_focus
    qtbot.keyClick(window.view, Qt.Key.Key_F6)
    qtbot.waitUntil(window.side_tabs.tabBar().hasFocus)


# ---------------------------------------------------------------------- the accessibility tree

TEXTS = (QAccessible.Text.Name, QAccessible.Text.Description, QAccessible.Text.Value)


def tree(window: MainWindow, most: int = 5000):
    """Every accessible object under the window, depth first (at most ``most``: a table
    view's cells are objects too)."""
    todo = [QAccessible.queryAccessibleInterface(window)]
    seen = 0
    while todo:
        iface = todo.pop()
        if iface is None or not iface.isValid():
            continue
        seen += 1
        assert seen <= most, "the accessibility tree does not end"
        yield iface
        todo.extend(iface.child(i) for i in range(iface.childCount() - 1, -1, -1))


def node_of(window: MainWindow, widget) -> object:
    return next(i for i in tree(window) if i.object() is widget)


def cards_in(text: str) -> int:
    """The cards ``text`` names, short (♣J) or in full (Jack of Clubs), as a mask."""
    found = 0
    for c in range(32):
        if game_words.card_text(c) in text or game_words.card_full_name(c) in text:
            found |= 1 << c
    return found


def test_the_game_log_in_the_tree_reads_the_card_just_played(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.act_log.trigger()  # View → Game log: a side panel tab from now on
    start(window, length=3, seed=3, seats=["human", "random", "random"])
    player = TablePlayer(qtbot, window, seed=2)
    played = None
    for _ in range(300):  # a passed-in deal has no card of Anna's: the next one has
        player.settle()
        need = player.need
        assert not isinstance(need, SeriesOver), "Anna never played a card"
        if isinstance(need, HumanTurn) and need.view.phase == "play" and not need.interjection:
            before = len(window.session.ctl.actions)
            player.step()
            played = next(a for a in window.session.ctl.actions[before:] if type(a) is Play)
            break
        player.step()
    assert played is not None
    log = node_of(window, window.game_log)
    assert log.role() == QAccessible.Role.List
    assert log.text(QAccessible.Text.Name) == "Game log"
    assert log.text(QAccessible.Text.Description)
    lines = [log.child(i).text(QAccessible.Text.Name) for i in range(log.childCount())]
    # the card said in full, as a reader should say it ("♣J" is read "black club suit J")
    assert f"Anna plays {game_words.card_full_name(played.card)}" in "\n".join(lines)


def test_every_button_is_named_and_the_table_describes_only_the_own_hand(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    window.show_game_log()
    start(window, length=1, seed=5, seats=["random", "human", "random"])
    player = TablePlayer(qtbot, window, seed=3)
    for _ in range(6):
        player.settle()
        player.step()
    player.settle()
    nodes = list(tree(window))
    buttons = [i for i in nodes if i.role() == QAccessible.Role.PushButton]
    # the panel over the table is in the tree: a screen reader finds its buttons
    in_tree = {i.object() for i in buttons}
    panel_buttons = visible_buttons(window.host.current)
    assert panel_buttons and panel_buttons <= in_tree, [b.text() for b in panel_buttons]
    assert all(i.text(QAccessible.Text.Name).strip() for i in buttons), [
        i.object() for i in buttons if not i.text(QAccessible.Text.Name).strip()
    ]
    view = node_of(window, window.view)
    assert view.text(QAccessible.Text.Name) == "Card table"
    described = view.text(QAccessible.Text.Description)
    own = window.session.ctl.view_for(1)
    assert described.startswith("Your hand: ")
    hand_part = described.split(".")[0]
    assert cards_in(hand_part) == own.hand


@pytest.mark.parametrize("human", [0, 1, 2])
def test_no_accessible_text_names_a_card_the_player_may_not_see(qtbot, tmp_path, human):
    seats = ["random", "random", "random"]
    seats[human] = "human"
    window = make_window(qtbot, tmp_path)
    window.show_game_log()
    start(window, length=2, seed=20 + human, seats=seats)
    player = TablePlayer(qtbot, window, seed=human)
    player.bid_limit = 40
    ctl = window.session.ctl
    held, deal = 0, None
    for _ in range(200):
        player.settle()
        if ctl.deal is not deal:
            deal, held = ctl.deal, 0
        pos = deal.setup.seats.index(human)
        held |= deal.hands[pos]
        known = held
        for a in deal.actions:
            if type(a) is Play:
                known |= 1 << a.card
        if deal.contract is not None and deal.contract.ouvert and deal.phase.value == "play":
            known |= deal.hands[deal.declarer]
        if deal.finished:
            known = FULL_DECK
        for node in tree(window):
            if node.state().invisible:  # e.g. the last deal's panel, hidden: not read out
                continue
            for kind in TEXTS:
                leak = cards_in(node.text(kind)) & ~known
                assert not leak, f"{node.object()}: {node.text(kind)!r}"
        if not player.step():
            break
        if isinstance(player.need, DealOver) and ctl.series.finished:
            break


# ---------------------------------------------------------------------- speaking aloud


class FakeSpeaker:
    def __init__(self):
        self.said: list[str] = []

    def say(self, text: str) -> None:
        self.said.append(text)


def play_a_trick(qtbot, window: MainWindow, seed: int = 3) -> TablePlayer:
    player = TablePlayer(qtbot, window, seed=seed)
    for _ in range(200):
        player.settle()
        if len(window.session.ctl.deal.tricks) >= 1:
            return player
        player.step()
    raise AssertionError("no trick was played")


def test_played_cards_are_spoken_only_when_asked_and_the_choice_is_kept(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    fake = FakeSpeaker()
    window.speech = Speech(lambda parent: fake, window)
    assert not window.act_speak.isChecked() and not window.settings.speak_cards
    start(window, length=2, seed=4, seats=["human", "random", "random"])
    play_a_trick(qtbot, window)
    assert fake.said == []  # off by default
    window.act_speak.trigger()
    assert window.settings.speak_cards
    before = len(window.session.ctl.deal.tricks)
    player = TablePlayer(qtbot, window, seed=5)
    for _ in range(100):
        player.settle()
        if len(window.session.ctl.deal.tricks) > before or isinstance(player.need, DealOver):
            break
        player.step()
    assert fake.said and all(line in window.game_log.spoken_lines for line in fake.said)
    assert any(" plays " in line for line in fake.said)
    assert all(" plays " in line or " takes the trick" in line for line in fake.said)
    again = MainWindow(window.settings, None, synchronous_pictures=True)
    qtbot.addWidget(again)
    assert again.act_speak.isChecked()


def test_without_text_to_speech_the_action_is_disabled_and_says_why(qtbot, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PySide6.QtTextToSpeech", None)  # as without libpulse
    settings = make_settings(tmp_path)
    settings.speak_cards = True  # chosen on a computer that could speak
    window = MainWindow(settings, None, synchronous_pictures=True)
    qtbot.addWidget(window)
    window.show()
    start(window, length=1, seed=4, seats=["human", "random", "random"])
    play_a_trick(qtbot, window)  # the first card to say finds no speech: no crash
    assert not window.act_speak.isEnabled() and not window.act_speak.isChecked()
    assert window.act_speak.toolTip() == "Text to speech is not available on this computer."
    assert settings.speak_cards  # another computer may speak


def test_the_view_menu_offers_speech_only_where_it_works(qtbot, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PySide6.QtTextToSpeech", None)
    window = make_window(qtbot, tmp_path)
    assert window.act_speak.isEnabled()  # nothing was loaded to know
    window.menu_view.aboutToShow.emit()
    assert not window.act_speak.isEnabled()
    assert "not available" in window.act_speak.toolTip()


def test_start_up_does_not_load_text_to_speech(tmp_path):
    code = (
        "import os, sys\n"
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'\n"
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from skat_desktop.gui.main_window import MainWindow\n"
        "from skat_desktop.gui.settings import Settings\n"
        f"s = Settings(QSettings({str(tmp_path / 's.ini')!r}, QSettings.Format.IniFormat))\n"
        "s.speak_cards = True\n"
        "w = MainWindow(s, None, synchronous_pictures=True)\n"
        "w.show(); app.processEvents()\n"
        "sys.exit('PySide6.QtTextToSpeech' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], timeout=120, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()[-2000:]


# ---------------------------------------------------------------------- lists and tables


def unnamed_views(root) -> list[str]:
    """The lists, trees and tables shown under ``root`` that a screen reader cannot name
    (Qt takes no name for them from a label beside them)."""
    return [
        f"{type(v).__name__} in {type(v.parent()).__name__}"
        for v in root.findChildren(QAbstractItemView)
        if v.isVisible()
        and not isinstance(v, QHeaderView)  # its sections are the table's header cells
        and not isinstance(v.parent(), QComboBox)  # a combo box's popup
        and not QAccessible.queryAccessibleInterface(v).text(QAccessible.Text.Name).strip()
    ]


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_list_and_table_has_a_name_and_the_figures_take_the_keyboard(
    qtbot, qapp, tmp_path, language
):
    """A tester found the score sheet, the history's deals and moves, the statistics'
    figures (which Tab did not reach either), the deck picker's, the rule profiles' and
    the Join dialog's lists read out as a bare "table" or "list"."""
    from skat_desktop.gui.deck_picker import DeckPicker
    from skat_desktop.gui.lan_dialogs import JoinDialog
    from skat_desktop.gui.main_window import HISTORY, SHEET, STATS
    from skat_desktop.gui.profile_editor import ProfileEditor
    from skat_desktop.store.repository import Store

    from .fit_walk import set_language
    from .test_lan_dialogs import StandInBrowser, StandInLink

    set_language(qapp, language)
    store = Store.open(tmp_path / "club.sqlite3")
    window = make_window(qtbot, tmp_path, store=store, size=(1600, 900))
    faults = []
    for key in (SHEET, STATS, HISTORY):
        window.show_side_panel(key)
        qtbot.waitUntil(lambda: window.side_tabs.currentWidget().isVisible())
        faults += [f"{key}: {f}" for f in unnamed_views(window.side_tabs.currentWidget())]
        if key == STATS:
            figures = window.side_tabs.currentWidget().findChild(QTreeWidget)
            assert figures.focusPolicy() & Qt.FocusPolicy.TabFocus
    for dialog in (
        DeckPicker(parent=window),
        ProfileEditor(store, None, window),
        JoinDialog(window.settings, StandInLink(), window, browser_factory=StandInBrowser),
    ):
        dialog.show()
        faults += [f"{type(dialog).__name__}: {f}" for f in unnamed_views(dialog)]
        dialog.close()
    window.close()
    store.close()
    assert not faults, faults


# ---------------------------------------------------------------------- colours


@pytest.mark.parametrize("colors", [LIGHT_TABLE, DARK_TABLE], ids=["light", "dark"])
def test_the_name_plates_words_keep_a_contrast_of_4_5_anywhere_on_the_cloth(colors):
    """The plate's colour was written #RRGGBBAA, which Qt reads as #AARRGGBB: a plate of 8 %
    (light) or 0 % (dark) that left the role ("Forehand · Declarer") at 4.3 on the light
    cloth's middle, where a small window puts the player's own plate."""
    for cloth in (colors.felt, colors.felt_edge):
        for plate in (
            over(QColor(colors.plate), QColor(cloth)),
            QColor(colors.plate_turn).darker(260),  # the seat on turn
        ):
            for ink in (colors.text, colors.muted):
                assert contrast_ratio(ink, plate) >= 4.5, (cloth, plate.name(), ink)
    assert contrast_ratio(colors.bubble_text, colors.bubble) >= 4.5
