"""The keyboard in German (and English): access keys and the last trick's Esc.

A tester found, in German only, the panels' access keys (the underlined Alt letters) on the
menu bar's letters: on the welcome panel Alt+S ("&Spielen") only moved the focus to the
button, a second Alt+S opened the Spiel menu; "Skat &aufnehmen" and "&Aufgeben" took the
Ansicht menu's A. No button, check box or radio button a panel over the table shows may
use a letter of the menu bar (Spiel, Ansicht, Verein, Hilfe; Game, View, Club, Help), nor
a letter another one shown beside it uses.

And the last trick, opened (Ctrl+L) while the keyboard was in the side panel (F6), said
"click or Esc to close" while Esc did nothing there, and Right switched the side panel's
tabs: the keyboard now goes to the table as the last trick opens.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from skat_desktop.gui import game_words
from skat_desktop.gui.lan_dialogs import HostDialog
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.panels import DeclarePanel

from .fit_walk import Walk, set_language, set_side
from .fit_walk import settle_layout as settle
from .table_driver import TablePlayer, make_settings, make_window, start

_MNEMONIC = re.compile(r"&([^&\s])")


def access_key(text: str) -> str | None:
    """The Alt letter of ``text`` ("&&" is a plain "&"), lower case; None if it has none."""
    found = _MNEMONIC.findall(text.replace("&&", ""))
    return found[0].lower() if found else None


def menu_bar_keys(window) -> dict[str, str]:
    """The menu bar's Alt letters: letter -> the menu's title."""
    keys = {}
    for action in window.menuBar().actions():
        key = access_key(action.text())
        if action.isVisible() and key:
            keys[key] = action.text()
    return keys


def shown_buttons(root: QWidget) -> list[QAbstractButton]:
    """The push buttons, check boxes and radio buttons of ``root`` that are on screen."""
    return [b for b in root.findChildren(QAbstractButton) if b.isVisible() and b.text()]


def key_clashes(buttons: list[QAbstractButton], menu: dict[str, str], where: str) -> list[str]:
    """Each button whose Alt letter is a menu's, or another button's of ``buttons``."""
    faults = []
    seen: dict[str, str] = {}
    for b in buttons:
        key = access_key(b.text())
        if key is None:
            continue
        if key in menu:
            faults.append(f"{where}: {b.text()!r} takes the menu {menu[key]!r}'s letter {key!r}")
        if key in seen:
            faults.append(f"{where}: {b.text()!r} and {seen[key]!r} both use {key!r}")
        seen[key] = b.text()
    return faults


def _walk_faults(qtbot, qapp, tmp_path, language: str) -> tuple[list[str], list[str]]:
    set_language(qapp, language)
    window = make_window(qtbot, tmp_path, size=(1280, 800))
    menu = menu_bar_keys(window)
    faults: list[str] = []
    seen: list[str] = []
    for situation in Walk(window).situations():
        if situation.setup is not None:
            situation.setup()
        settle(2)
        panel = window.host.current
        seen.append(situation.name)
        if panel is None or not window.host.isVisible():
            continue
        where = f"{language} {situation.name} ({type(panel).__name__})"
        faults += key_clashes(shown_buttons(panel), menu, where)
        if window.messages.isVisible():  # the notice above the table has a button too
            faults += key_clashes(shown_buttons(window.messages), menu, f"{where} + message")
    window.close()
    return faults, seen


@pytest.mark.parametrize("language", ["de", "en"])
def test_no_panel_button_takes_a_menu_bar_letter_or_another_buttons(
    qtbot, qapp, tmp_path, language
):
    faults, seen = _walk_faults(qtbot, qapp, tmp_path, language)
    for name in ("welcome", "bidding", "skat", "hand-game", "discard", "declare", "play"):
        assert name in seen
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("deck", [game_words.FRENCH, game_words.GERMAN])
def test_every_game_on_the_declare_panel_has_a_letter_of_its_own(
    qtbot, qapp, tmp_path, language, deck
):
    """All the declare panel's buttons at once (a walk shows only the games one hand may
    declare), on French and on German cards: free of the menu bar's letters and of each
    other's."""
    set_language(qapp, language)
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    menu = menu_bar_keys(window)
    game_words.use_deck(deck, notify=False)
    panel = DeclarePanel()
    qtbot.addWidget(panel)
    buttons = panel.findChildren(QAbstractButton)
    assert len(buttons) == 12  # four suits, Grand, Null, three announcements, three buttons
    faults = key_clashes(buttons, menu, f"{language} {deck} declare panel")
    assert not faults, "\n".join(faults)
    window.close()


def test_esc_closes_the_last_trick_opened_from_the_side_panel(qtbot, tmp_path):
    """F6 into the side panel, Ctrl+L: Esc closes the last trick (and Right then chooses a
    card on the table instead of switching the side panel's tabs)."""
    window = make_window(qtbot, tmp_path, size=(1280, 800))
    start(window, practice=True, length=0, seed=3, seats=["human", "beginner", "beginner"])
    set_side(window, "default")
    player = TablePlayer(qtbot, window, seed=1)
    scene = window.scene
    player.turn("play", 800, until=lambda _: scene.state.last_trick is not None)
    window.activateWindow()
    window.act_focus.trigger()  # F6: the keyboard in the side panel's tabs
    QCoreApplication.processEvents()
    assert window.side_dock.isAncestorOf(QApplication.focusWidget())
    tab = window.side_tabs.currentIndex()
    window.act_last.trigger()  # Ctrl+L
    assert scene.last_trick_shown()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert not scene.last_trick_shown()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)
    assert window.side_tabs.currentIndex() == tab
    assert scene.focus_card is not None


def test_the_last_trick_leaves_the_focus_on_a_panel_button(qtbot, tmp_path):
    """Opened with the play bar's button, the keyboard stays there (on the table's view)."""
    window = make_window(qtbot, tmp_path, size=(1280, 800))
    start(window, practice=True, length=0, seed=3, seats=["human", "beginner", "beginner"])
    player = TablePlayer(qtbot, window, seed=1)
    for _ in range(800):
        player.settle()
        if window.play_panel.last_button.isVisible():
            break
        player.step()
    else:
        raise AssertionError("the last trick's button never showed")
    button = window.play_panel.last_button
    window.activateWindow()
    button.setFocus()
    button.click()
    assert window.scene.last_trick_shown()
    assert QApplication.focusWidget() is button


# the texts a panel's buttons change to (the walk may not meet each of them)
_OTHER_TEXTS = (
    ("BiddingPanel", "P&lay %1"),
    ("BiddingPanel", "&Yes, %1"),
    ("DiscardPanel", "&Pass on"),
    ("SchiebenPanel", "&Take the skat"),
    ("SchiebenPanel", "P&ush it on"),
    ("DealOverPanel", "&Final scores"),
    ("PlayPanel", "Give &up…"),
    ("PlayPanel", "Really give &up?"),
    ("PlayPanel", "Really cl&aim?"),
    ("Panels", "&Kontra"),
    ("Panels", "&Re"),
    ("Panels", "B&ock"),
    ("Panels", "Hi&rsch"),
    ("ConsentPanel", "&Agree"),
    ("ConsentPanel", "&Play on"),
    ("MessageBar", "Save &again"),
)


@pytest.mark.parametrize("language", ["de", "en"])
def test_no_panel_button_text_takes_a_menu_bar_letter(qtbot, qapp, tmp_path, language):
    """Every button of every panel as built, and the texts the buttons change to."""
    set_language(qapp, language)
    window = make_window(qtbot, tmp_path, size=(1024, 700))
    menu = menu_bar_keys(window)
    assert len(menu) == 4, menu  # Game, View, Club, Help
    texts = [b.text() for p in window._panels() for b in p.findChildren(QAbstractButton)]
    texts += [QCoreApplication.translate(c, s) for c, s in _OTHER_TEXTS]
    taken = [t for t in texts if access_key(t) in menu]
    assert not taken, taken
    window.close()


def dialog_keys(dialog: QWidget) -> list[str]:
    """Each Alt letter a dialog shows twice: on buttons, check and radio boxes, and labels
    that give the keyboard to a field (a letter that two of them use only moves the focus
    between them, Alt+S does not start a game)."""
    seen: dict[str, str] = {}
    faults = []
    labels = [w for w in dialog.findChildren(QLabel) if w.buddy() is not None]
    for w in shown_buttons(dialog) + [w for w in labels if w.isVisible()]:
        key = access_key(w.text())
        if key is not None and key in seen:
            faults.append(f"{dialog.objectName()}: {w.text()!r} and {seen[key]!r} use {key!r}")
        elif key is not None:
            seen[key] = w.text()
    return faults


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_new_game_and_host_dialogs_give_each_alt_letter_once(qtbot, qapp, tmp_path, language):
    """A tester found "&3 players" beside "Seat &3:" and "&Series:" beside "&Start" (English
    New game), "&beliebiger freier Port" beside "Platz &bleibt nach Abbruch" (German Host a
    table), for three players and for four."""
    set_language(qapp, language)
    settings = make_settings(tmp_path)
    faults: list[str] = []
    for dialog in (NewGameDialog(settings), HostDialog(settings)):
        qtbot.addWidget(dialog)
        dialog.show()
        for size in (dialog.three, dialog.four):
            size.setChecked(True)
            QCoreApplication.processEvents()
            faults += dialog_keys(dialog)
        dialog.close()
    assert not faults, "\n".join(faults)
