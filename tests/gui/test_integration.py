"""The main window wired together: the language menu, the side panels following the table,
the rule profile editor from the menu, user profiles in the new-game dialog, and the table
in German."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from skat_desktop.app.table import HumanTurn
from skat_desktop.engine.profiles import BUILTIN
from skat_desktop.gui import i18n
from skat_desktop.gui.main_window import HISTORY, SHEET, STATS, MainWindow, NothingSaved
from skat_desktop.gui.new_game import NewGameDialog
from skat_desktop.gui.profile_editor import ProfileEditor

from .table_driver import TablePlayer, make_window, start


def _plain(text: str) -> str:
    return text.replace("&", "")


def _until_bidding(player: TablePlayer) -> HumanTurn:
    return player.turn("bidding", limit=200)


# --- the language ---------------------------------------------------------------------------


def test_the_language_menu_switches_the_menus_and_panels_at_once(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    codes = [a.data() for a in window.language_group.actions()]
    assert codes[:2] == ["", "en"] and "de" in codes
    names = {a.data(): _plain(a.text()) for a in window.language_group.actions()}
    assert names["en"] == "English" and names["de"] == "Deutsch"
    assert window.menu_game.title() == "&Game"

    german = next(a for a in window.language_group.actions() if a.data() == "de")
    german.trigger()
    qtbot.waitUntil(lambda: window.menu_game.title() == "&Spiel")
    assert german.isChecked()
    assert window.settings.language == "de"
    assert _plain(window.menu_view.title()) == "Ansicht"
    assert _plain(window.act_profiles.text()) == "Regelprofile…"
    assert _plain(window.welcome.quick.text()) == "Spielen"  # the panels are built anew
    assert window.host.current is window.welcome

    window.set_language("en")
    qtbot.waitUntil(lambda: window.menu_game.title() == "&Game")
    assert _plain(window.welcome.quick.text()) == "Play"


def test_a_language_switch_mid_deal_keeps_the_table_asking(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    start(window, seed=7)
    player = TablePlayer(qtbot, window)
    need = _until_bidding(player)
    window.set_language("de")
    qtbot.waitUntil(lambda: _plain(window.bidding.pass_button.text()) == "Passe")
    assert window.host.current is window.bidding
    assert window.session.need is need
    player.step()  # the rebuilt panel still plays
    player.settle()


def test_the_german_table_shows_a_german_bidding_panel(qtbot, qapp, tmp_path):
    assert i18n.install_translations(qapp, "de") == "de"
    window = make_window(qtbot, tmp_path)
    assert window.menu_game.title() == "&Spiel"
    start(window, seed=7)
    player = TablePlayer(qtbot, window)
    _until_bidding(player)
    panel = window.bidding
    assert window.host.current is panel
    assert panel.pass_button.isVisible()
    assert _plain(panel.pass_button.text()) == "Passe"
    shown = [b for b in (panel.bid_button, panel.hold_button) if b.isVisible()]
    assert shown and {_plain(b.text()).split(",")[0] for b in shown} <= {"Reizen", "Ja"}
    assert window.turn_label.text() == "Sie sind dran: reizen, halten oder passen"


# --- the side panels ------------------------------------------------------------------------


def test_the_side_panels_follow_a_played_deal(qtbot, tmp_path, store):
    window = make_window(qtbot, tmp_path, store=store)
    tabs = window.side_tabs
    assert [tabs.widget(i).property("sidePanel") for i in range(tabs.count())] == [
        SHEET,
        STATS,
        HISTORY,
    ]
    assert window.act_sheet.isVisible() and window.act_history.isVisible()
    window.act_sheet.trigger()
    assert window.side_dock.isVisible()
    assert tabs.currentWidget() is window.sheet_view

    start(window, seed=7, seats=["human", "random", "random"])
    sheet = window.sheet_view
    assert sheet.series_id == window.controller.series_id
    qtbot.waitUntil(lambda: sheet.summary is not None and not sheet.busy, timeout=20000)
    rows_before = sheet.model.rowCount()
    assert len(sheet.summary.lines) == 0

    player = TablePlayer(qtbot, window, seed=2)
    player.play_deal()
    qtbot.waitUntil(lambda: sheet.summary is not None and len(sheet.summary.lines) == 1)
    assert sheet.model.rowCount() == rows_before + 1

    # the other views read the deal when they are shown
    window.show_side_panel(HISTORY)
    assert tabs.currentWidget().property("sidePanel") == HISTORY
    qtbot.waitUntil(lambda: window.history_view.deal_count() == 1, timeout=20000)
    window.show_side_panel(STATS)
    qtbot.waitUntil(
        lambda: window.stats_view.stats is not None and not window.stats_view.busy,
        timeout=20000,
    )
    assert window.stats_view.player_box.currentText() == "Anna"
    assert window.stats_view.stats.deals == 1


def test_without_a_store_the_side_panels_say_nothing_is_saved(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    assert window.sheet_view is None
    assert not window.side_dock.isVisible()  # not in the way of the table
    assert not window.act_profiles.isEnabled()
    window.act_stats.trigger()
    assert window.side_dock.isVisible()
    notes = [window.side_tabs.widget(i) for i in range(window.side_tabs.count())]
    assert len(notes) == 3 and all(isinstance(n, NothingSaved) for n in notes)
    assert "Nothing is saved" in notes[0].label.text()


# --- rule profiles --------------------------------------------------------------------------


def test_a_profile_made_from_the_menu_is_offered_and_played(qtbot, tmp_path, store, monkeypatch):
    def exec_and_save(editor: ProfileEditor) -> int:
        # the player copies the rules, names the copy and presses Save
        editor.profile_box.setCurrentIndex(editor.profile_box.findData("isko"))
        editor.copy_profile()
        editor.name_edit.setText("friday")
        editor.title_edit.setText("Friday rules")
        editor.buttons.button(QDialogButtonBox.StandardButton.Save).click()
        return editor.result()

    monkeypatch.setattr(ProfileEditor, "exec", exec_and_save)
    window = make_window(qtbot, tmp_path, store=store)
    game_menu = window.menu_game.actions()
    assert window.act_profiles in game_menu and window.act_profiles.isEnabled()
    window.act_profiles.trigger()
    friday = store.find_profile("friday")
    assert friday is not None and friday.title == "Friday rules"
    assert window.settings.new_game.profile == "friday"
    assert "Friday rules" in window.welcome.summary.text()

    dialog = NewGameDialog(window.settings, store, parent=window)
    qtbot.addWidget(dialog)
    offered = [dialog.profile_box.itemData(i) for i in range(dialog.profile_box.count())]
    assert offered == [*BUILTIN, "friday"]  # the built-in rules, then the user's own
    assert dialog.profile_box.currentData() == "friday"  # chosen last in the editor
    assert dialog.profile_box.currentText() == "Friday rules"
    dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("random"))
    dialog.seat_boxes[2].setCurrentIndex(dialog.seat_boxes[2].findData("random"))
    qtbot.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert window.start_new_game(dialog.result_game(), seed=3)
    ctl = window.controller
    assert ctl.profile == friday
    assert store.series(ctl.series_id).profile.name == "friday"  # the series records it
    # the program's name last, so the desktop does not add it a second time
    assert window.windowTitle() == "Friday rules — Skat"


def test_a_cancelled_editor_changes_nothing(qtbot, tmp_path, store, monkeypatch):
    monkeypatch.setattr(ProfileEditor, "exec", lambda self: QDialog.DialogCode.Rejected)
    window = make_window(qtbot, tmp_path, store=store)
    before = window.settings.new_game.profile
    window.act_profiles.trigger()
    assert window.settings.new_game.profile == before
    assert [r["name"] for r in store.profiles() if not r["builtin"]] == []


def test_the_window_retranslates_on_a_language_change_event(qtbot, tmp_path):
    window: MainWindow = make_window(qtbot, tmp_path)
    window.menu_game.setTitle("x")
    window.changeEvent(QEvent(QEvent.Type.LanguageChange))
    assert window.menu_game.title() == "&Game"
